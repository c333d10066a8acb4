#!/usr/bin/env bash
# Heap allocations, frees and mutex acquisitions per request on both sides of figure 5a (the client's send against a
# plain URLSession), counted by a preloaded hook (Scripts/allocation-counter.c). Linux and glibc only; valgrind cannot
# run these binaries. Not part of .ci/run: a measurement for Docs/Benchmarks.md, not a check.
#
#   bash Scripts/allocations.sh [--requests N]
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/allocation-counter
hook=.build/allocation-counter/libjanuary-allocation-counter.so
cc -shared -fPIC -O2 -Wall -o "$hook" Scripts/allocation-counter.c -ldl
swift build -c release --product january-bench
LD_PRELOAD="$PWD/$hook" .build/release/january-bench --allocations "$@"
