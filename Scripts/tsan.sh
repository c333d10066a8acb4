#!/usr/bin/env bash
# Runs the concurrency tests (coordinator, transport, client end to end, the Health mirror's ordering) under the
# thread sanitizer.
# A separate scratch path keeps the instrumented build from replacing the normal one. Reports about the objects
# Scripts/tsan-suppressions.txt names are suppressed, for the reason it gives.
#
# The suites run one after another (--no-parallel): each test still runs its own hundreds of concurrent tasks,
# which is where races would be, but a few hundred instrumented tests at once on two cores starve one another
# for longer than the tests' hang guards allow.
set -euo pipefail
cd "$(dirname "$0")/.."

# The suppressions rest on one blind spot of the sanitizer (Scripts/tsan-suppressions.txt says which and why): show
# whether this toolchain still has it, so that a suppression does not outlive its reason unnoticed.
blind=.build/tsan-blind-spot
mkdir -p "$blind"
swiftc -parse-as-library -sanitize=thread -Onone -swift-version 6 Scripts/tsan-blind-spot.swift -o "$blind/blind-spot"
TSAN_OPTIONS=halt_on_error=1 "$blind/blind-spot" >"$blind/report.txt" 2>&1 || true
if grep -q "ThreadSanitizer: data race" "$blind/report.txt" && grep -q "3BoxC" "$blind/report.txt"; then
    echo "tsan: the sanitizer still misses a continuation's hand-over (Scripts/tsan-blind-spot.swift), so" \
        "Scripts/tsan-suppressions.txt applies"
else
    echo "tsan: warning: Scripts/tsan-blind-spot.swift ran without its report; review Scripts/tsan-suppressions.txt" >&2
fi

export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1} suppressions=$(pwd)/Scripts/tsan-suppressions.txt"
swift test --sanitize=thread --scratch-path .build/tsan --no-parallel \
    --filter 'JanuaryAuthTests|JanuaryTransportTests|JanuaryPartnerSDKTests|JanuaryPartnerSDKHealthTests'
echo "tsan: no data races reported"
