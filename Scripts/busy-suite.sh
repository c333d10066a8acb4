#!/usr/bin/env bash
# The test suite as a partner first runs it on a busy machine: in parallel (swift-testing's default), beside a CPU
# hog on every core. Before the fix of issue 40 such a run failed with hundreds of "Time limit was exceeded" and
# "Waited 45.0 s" issues at one moment, while `--no-parallel` passed: swift-testing started every test case at
# once and their hang guards all counted from that start (Sources/JanuaryTestTraits/SuiteTimeLimit.swift has the
# evidence). This run must pass.
#
# It reuses the debug build of `swift test` (run that first; .ci/run does) and runs the suite once, which costs
# about as long as the suite itself beside the hog. Extra arguments go to `swift test`, for example
#     bash Scripts/busy-suite.sh --filter JanuaryTransportTests
# and BUSY_SUITE_RUNS=2 runs it twice in a row, as the issue's acceptance asks.
set -euo pipefail
cd "$(dirname "$0")/.."

hogs=()
stop_hogs() {
    if ((${#hogs[@]})); then
        kill "${hogs[@]}" 2>/dev/null || true
        wait "${hogs[@]}" 2>/dev/null || true
    fi
}
trap stop_hogs EXIT INT TERM

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
for _ in $(seq "$cores"); do
    # A shell loop that never sleeps: one runnable process per core, as a build or another test run would be.
    (while :; do :; done) &
    hogs+=("$!")
done
echo "busy-suite: ${#hogs[@]} CPU hogs running (one per core); load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"

runs=${BUSY_SUITE_RUNS:-1}
for run in $(seq "$runs"); do
    start=$(date +%s)
    swift test --skip-build "$@"
    echo "busy-suite: run $run of $runs passed in $(($(date +%s) - start)) s beside the hogs"
done
