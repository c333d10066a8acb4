#!/usr/bin/env bash
# The outbox's crash test (OutboxDeliveryCrashTests), kept out of the quick suite: a child process logs 200 meals
# through the outbox to a loopback simulator that loses answers and commits late, and is killed with SIGKILL at
# random moments JANUARY_CRASH_KILLS times (50 by default, about 20 s) and restarted until its outbox is empty; the
# user's day must hold each meal exactly once, and the outbox's folder no byte of a token. The soak run:
#     JANUARY_CRASH_KILLS=1000 bash Scripts/crash.sh
# Reuses the debug build of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
JANUARY_CRASH_KILLS="${JANUARY_CRASH_KILLS:-50}" swift test --filter 'OutboxDeliveryCrashTests'
