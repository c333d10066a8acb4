#!/usr/bin/env bash
# The soak test, kept out of the quick suite: JANUARY_SOAK requests (5,000 by default, a CI-sized run) through
# the client over URLSession and the simulator, with token rejections, rate limits, 503s, dropped connections,
# cancellations and sign-outs. It checks that every request ends, that the provider is called once per rejected
# generation, and (on Linux, from /proc/self) that memory grows less than 0.5 MiB per 1,000 requests and that
# descriptors and threads return to their starting counts. Docs/Benchmarks.md has the figures of a 20,000 run:
#     JANUARY_SOAK=20000 bash Scripts/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."

JANUARY_SOAK="${JANUARY_SOAK:-5000}" swift test --filter 'SoakTests'
