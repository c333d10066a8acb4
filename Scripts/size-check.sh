#!/usr/bin/env bash
# What the SDK adds to an iOS app, per module, against a committed budget.
#
#   bash Scripts/size-check.sh            measures JanuaryCore, JanuaryAuth, JanuaryTransport and JanuaryPartnerSDK,
#                                         prints each, and checks their total against Scripts/size-budget.txt
#   bash Scripts/size-check.sh --all      also measures JanuaryPartnerSDKUI and JanuaryPartnerSDKHealth (for the
#                                         record: they are not in the total or the budget)
#
# The measurement is the one issue 45 used for Alamofire, so the figures compare: each module compiled on its own
# for arm64-apple-ios15.0 with -Osize and whole-module optimisation against Apple's iOS SDK, in Swift 6 mode, and
# the object's code and data sections summed as `llvm-objdump -h` lists them (zero-fill sections included; debug
# info, unwind tables and the module hash left out). There is no Apple linker here, so nothing is dead-stripped:
# an app that uses little of the SDK pays less. Docs/Benchmarks.md ("Size in an app") records the figures.
#
# The budget: Scripts/size-budget.txt holds the accepted total in bytes. The check fails when the total is more
# than 5 % over it, unless CHANGELOG.md's `## [Unreleased]` section says why, in a line of the form
#     - App size: <N> KB, because …
# where N (1 KB = 1,000 bytes) is at least the new total. A release moves that line out of [Unreleased], so the
# reason lasts until then: set the new budget with the release (RELEASING.md).
#
# The SDK is found as Scripts/apple-typecheck.sh finds it (APPLE_SDK and APPLE_SDK_RESOURCE_DIR, else
# ~/.cache/apple-sdk); with none, the script says so and exits 0, so a machine without one still passes .ci/run.
# Objects and modules go to .build/size-check; the clang module cache is the compiler's default one, which
# Scripts/apple-typecheck.sh has just filled in CI, so the Apple frameworks are not parsed again.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

all=0
[ "${1:-}" = "--all" ] && all=1

cache=${XDG_CACHE_HOME:-$HOME/.cache}/apple-sdk
sdk=${APPLE_SDK:-}
resources=${APPLE_SDK_RESOURCE_DIR:-}
if [ -z "$sdk" ] && [ -f "$cache/iPhoneOS.sdk/SDKSettings.json" ] && [ -d "$cache/resource-dir/shims" ]; then
    sdk=$cache/iPhoneOS.sdk
    resources=$cache/resource-dir
fi
if [ -z "$sdk" ] || [ -z "$resources" ]; then
    echo "size-check: skipped, no iOS SDK here (Scripts/apple-typecheck.sh says how to get one)."
    exit 0
fi
command -v llvm-objdump >/dev/null || { echo "size-check: llvm-objdump is needed" >&2; exit 1; }

out="$root/.build/size-check"
rm -rf "$out"
mkdir -p "$out"
started=$(date +%s)

# compile NAME : one module, whole-module, as an object; its diagnostics in NAME.log.
compile() {
    local name=$1
    local sources
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    # A target with resources uses SwiftPM's generated `Bundle.module`; its declaration is enough here.
    if grep -q 'Bundle\.module' "${sources[@]}"; then
        printf 'import Foundation\nextension Foundation.Bundle { static let module = Bundle.main }\n' \
            >"$out/$name+Bundle.swift"
        sources+=("$out/$name+Bundle.swift")
    fi
    swiftc -c -wmo -Osize -parse-as-library -swift-version 6 -target arm64-apple-ios15.0 -sdk "$sdk" \
        -resource-dir "$resources" -D SWIFT_PACKAGE -package-name sizecheck -module-name "$name" -I "$out" \
        -emit-module -emit-module-path "$out/$name.swiftmodule" -o "$out/$name.o" "${sources[@]}" \
        >"$out/$name.log" 2>&1 || {
        echo "size-check: $name does not compile for iOS:" >&2
        grep -m5 'error:' "$out/$name.log" >&2 || tail -5 "$out/$name.log" >&2
        return 1
    }
}

# Each step's modules depend only on earlier steps, so they compile side by side (CI has two cores).
steps=("JanuaryCore" "JanuaryAuth JanuaryTransport" "JanuaryPartnerSDK")
[ "$all" = 1 ] && steps+=("JanuaryPartnerSDKUI JanuaryPartnerSDKHealth")
for step in "${steps[@]}"; do
    pids=()
    for name in $step; do
        compile "$name" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || exit 1
    done
done

python3 - "$out" "$root/Scripts/size-budget.txt" "$root/CHANGELOG.md" "$all" "$(($(date +%s) - started))" <<'PYTHON'
import re, subprocess, sys

out, budget_file, changelog, all_modules, seconds = sys.argv[1:]
sdk = ["JanuaryCore", "JanuaryAuth", "JanuaryTransport", "JanuaryPartnerSDK"]
extra = ["JanuaryPartnerSDKUI", "JanuaryPartnerSDKHealth"] if all_modules == "1" else []
left_out = ("__compact_unwind", "__eh_frame", "__swift_modhash", "__LLVM")


def size(name):
    """The object's code and data sections, as llvm-objdump -h lists them."""
    listing = subprocess.run(["llvm-objdump", "-h", f"{out}/{name}.o"], capture_output=True, text=True, check=True)
    total = 0
    for line in listing.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[0].isdigit():
            if fields[1].startswith("__debug") or fields[1] in left_out:
                continue
            total += int(fields[2], 16)
    return total


def kb(n):
    return f"{n / 1000:,.1f} KB"


sizes = {name: size(name) for name in sdk + extra}
for name in sdk + extra:
    print(f"  {name:<26}{sizes[name]:>10,} B  {kb(sizes[name]):>10}")
total = sum(sizes[name] for name in sdk)
print(f"  {'total (Core+Auth+Transport+SDK)':<33}{total:>10,} B  {kb(total)} ({total / 1048576:.3f} MiB) [{seconds} s]")

budget = None
for line in open(budget_file, encoding="utf-8"):
    match = re.match(r"^total\s+(\d+)\s*$", line)
    if match:
        budget = int(match.group(1))
if not budget:
    sys.exit(f"size-check: no `total <bytes>` line above 0 in {budget_file}")
limit = budget * 105 // 100
print(f"size-check: budget {budget:,} B, limit +5 % {limit:,} B")
if total <= limit:
    print(f"size-check: ok, {(total - budget) / budget:+.1%} against the budget")
    sys.exit(0)

text = open(changelog, encoding="utf-8").read()
section = re.search(r"^## \[Unreleased\]\n(.*?)(?=^## \[)", text, re.M | re.S)
reasons = re.findall(r"^\s*- App size: ([\d,.]+) KB\b", section.group(1) if section else "", re.M)
if any(float(n.replace(",", "")) * 1000 >= total for n in reasons):
    print(f"size-check: {(total - budget) / budget:+.1%} against the budget; CHANGELOG's [Unreleased] says why")
    sys.exit(0)
sys.exit(
    f"size-check: FAILED, the SDK grew {(total - budget) / budget:+.1%} past its budget ({kb(total)} against "
    f"{kb(budget)}). Make it smaller, or say why under ## [Unreleased] in CHANGELOG.md as a line "
    f"`- App size: {-(-total // 1000):,} KB, because …` (Scripts/size-check.sh)."
)
PYTHON
