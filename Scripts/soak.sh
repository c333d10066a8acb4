#!/usr/bin/env bash
# The soak test, kept out of the quick suite: JANUARY_SOAK requests (5,000 by default, a CI-sized run) through
# the client and the simulator, with token rejections, rate limits, 503s, dropped connections, cancellations and
# sign-outs, twice: in process (the client alone, no URLSession or socket) and over URLSession and loopback. It
# checks that every request ends, that the provider is called once per rejected generation, and (on Linux, from
# /proc/self and glibc) that the SDK's share of memory grows less than 0.1 MiB per 1,000 requests, and that
# descriptors and threads return to their starting counts. Over loopback that share is the heap's growth less a
# bare URLSession's making the same HTTP requests in the same run: FoundationNetworking leaks about 300 bytes per
# request by itself (Docs/Benchmarks.md has the evidence). Docs/Benchmarks.md has the figures of larger runs:
#     JANUARY_SOAK=20000 bash Scripts/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# glibc's per-thread caches hold freed chunks that its statistics count as in use, and how many threads the
# run has varies: with them the loopback share of heap growth swung from -0.008 to 0.073 MiB per 1,000 between
# runs of the same code, without them from 0.019 to 0.035. The cached chunks are a speed-up only.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.tcache_count=0"

# In process runs three times as fast, so it sends twice as many requests: a finer memory figure for the same time.
JANUARY_SOAK_PATH=in-process JANUARY_SOAK="${JANUARY_SOAK:-10000}" swift test --filter 'SoakTests'
JANUARY_SOAK_PATH=loopback JANUARY_SOAK="${JANUARY_SOAK:-5000}" swift test --filter 'SoakTests'
