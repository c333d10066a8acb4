#!/usr/bin/env bash
# Runs the example's whole token session (provider calls, refreshes, a revoked token, retries) with HOME,
# TMPDIR, the XDG folders and the working directory pointed at empty folders, and fails if the SDK wrote
# anything into any of them: tokens live in memory only, and nothing is cached, stored or logged to disk.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product january-example
example="$(swift build --show-bin-path)/january-example"
sandbox=$(mktemp -d)
trap 'rm -rf "$sandbox"' EXIT
mkdir -p "$sandbox/home" "$sandbox/tmp" "$sandbox/cwd"

(
    cd "$sandbox/cwd"
    env HOME="$sandbox/home" TMPDIR="$sandbox/tmp" XDG_CACHE_HOME="$sandbox/home/.cache" \
        XDG_CONFIG_HOME="$sandbox/home/.config" XDG_DATA_HOME="$sandbox/home/.local/share" \
        CFFIXED_USER_HOME="$sandbox/home" "$example" >"$sandbox/output.txt"
)
written=$(cd "$sandbox" && find home tmp cwd -mindepth 1)
if [ -n "$written" ]; then
    echo "check-no-files: the session wrote files:" >&2
    echo "$written" >&2
    exit 1
fi
if grep -Eq 'sim_[0-9a-f]{8,}' "$sandbox/output.txt"; then
    echo "check-no-files: the example printed a token" >&2
    exit 1
fi
echo "check-no-files: the session wrote nothing to HOME, TMPDIR or the working directory, and printed no token"
