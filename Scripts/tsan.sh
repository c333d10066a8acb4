#!/usr/bin/env bash
# Runs the concurrency tests (coordinator, transport, client end to end, the Health mirror's ordering) under the
# thread sanitizer.
# A separate scratch path keeps the instrumented build from replacing the normal one.
#
# The suites run one after another (--no-parallel): each test still runs its own hundreds of concurrent tasks,
# which is where races would be, but a few hundred instrumented tests at once on two cores starve one another
# for longer than the tests' hang guards allow.
set -euo pipefail
cd "$(dirname "$0")/.."

export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
swift test --sanitize=thread --scratch-path .build/tsan --no-parallel \
    --filter 'JanuaryAuthTests|JanuaryTransportTests|JanuaryPartnerSDKTests|JanuaryPartnerSDKHealthTests'
echo "tsan: no data races reported"
