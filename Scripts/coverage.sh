#!/usr/bin/env bash
# Runs the tests with coverage and prints line coverage per library module (tests, test support, the
# loopback server, the example and benchmarks excluded). Fails if a library module is under the minimum.
set -euo pipefail
cd "$(dirname "$0")/.."

minimum=${JANUARY_MIN_COVERAGE:-90}
# The toolchain's own llvm-cov: another LLVM's may not read this compiler's profile format.
llvm_cov="$(dirname "$(command -v swift)")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov=$(xcrun --find llvm-cov 2>/dev/null || command -v llvm-cov)
swift test --enable-code-coverage
bin=$(swift build --show-bin-path)
profdata="$bin/codecov/default.profdata"
tests=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
if [ -d "$tests" ]; then
    # On Apple platforms the test bundle is a directory; its executable sits inside.
    tests=$(find "$tests" -type f -path '*MacOS*' | head -n 1)
fi

report=$("$llvm_cov" report "$tests" -instr-profile "$profdata" \
    -ignore-filename-regex '(/Tests/|/\.build/|TestSupport/|JanuaryTestServer|JanuaryExample|JanuaryBenchmarks)')
status=0
printf '%-24s %8s %8s %8s\n' module lines missed cover
for module in JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryPartnerSDKUI JanuaryPartnerSDKHealth; do
    # Columns of llvm-cov report: Filename Regions Missed Cover Functions Missed Executed Lines Missed Cover ...
    # llvm-cov drops the files' common prefix, so a file shows as JanuaryAuth/… or …/Sources/JanuaryAuth/….
    read -r lines missed < <(echo "$report" | awk -v m="(^|/)$module/" \
        '$1 ~ m { lines += $8; missed += $9 } END { print lines + 0, missed + 0 }')
    if [ "$lines" -eq 0 ]; then
        echo "coverage: no lines found for $module" >&2
        status=1
        continue
    fi
    cover=$(awk -v l="$lines" -v m="$missed" 'BEGIN { printf "%.2f", 100 * (l - m) / l }')
    printf '%-24s %8d %8d %7s%%\n' "$module" "$lines" "$missed" "$cover"
    if awk -v c="$cover" -v min="$minimum" 'BEGIN { exit !(c < min) }'; then
        echo "coverage: $module is under ${minimum}%" >&2
        status=1
    fi
done
exit $status
