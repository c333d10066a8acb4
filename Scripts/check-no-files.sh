#!/usr/bin/env bash
# Runs the example's whole partner session (provider calls, a revoked token, a rate limit, sign-out) with HOME,
# TMPDIR, the XDG folders and the working directory pointed at empty folders, and fails if the SDK wrote
# a file into any of them: tokens live in memory only, and nothing is cached, stored or logged to disk.
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
# swift-corelibs-foundation creates two EMPTY directories the first time any URLSessionConfiguration is made,
# for URLCache.shared and HTTPCookieStorage.shared, whether or not they are used. They are Foundation's, not
# the SDK's, and are allowed only while empty and exactly where Foundation puts them. Anything else fails:
# any file at all, or any other directory.
written=$(cd "$sandbox" && find home tmp cwd -mindepth 1 ! -type d)
unexpected=$(cd "$sandbox" && find home tmp cwd -mindepth 1 -type d |
    grep -Ev '^home/\.cache(/org\.swift\.foundation\.URLCache(/[^/]+)?)?$|^home/\.local(/share(/[^/]+)?)?$' || true)
if [ -n "$written$unexpected" ]; then
    echo "check-no-files: the session wrote to disk:" >&2
    echo "$written" "$unexpected" >&2
    exit 1
fi
# January's client tokens are ct-<43 URL-safe characters> and its API keys sk-<…>; the simulator issues the same.
if grep -Eq 'ct-[A-Za-z0-9_-]{10,}|sk-[A-Za-z0-9_-]{6,}' "$sandbox/output.txt"; then
    echo "check-no-files: the example printed a token" >&2
    exit 1
fi
echo "check-no-files: the session wrote no file to HOME, TMPDIR or the working directory, and printed no token"
