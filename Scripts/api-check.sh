#!/usr/bin/env bash
# Keeps the public API from changing by accident.
#
#   bash Scripts/api-check.sh            fails when the API differs from API/, or a change is not in the CHANGELOG
#   bash Scripts/api-check.sh --update   rewrites API/ from the code (commit it with the CHANGELOG entry)
#   bash Scripts/api-check.sh --release  on a release commit (Scripts/release.sh runs it): check 2 compares with the
#                                        release before the newest heading and reads the newest release's entries
#
# The API is every public symbol of the modules partners link (the products JanuaryPartnerSDK,
# JanuaryPartnerSDKTesting with the JanuaryAuthTesting it re-exports, JanuaryTestServer, JanuaryPartnerSDKUI and
# JanuaryPartnerSDKHealth,
# and the lower layers JanuaryCore, JanuaryAuth and JanuaryTransport), one line per symbol: its kind, its qualified
# name and its declaration, and every protocol conformance, from the symbol graphs of a Linux build (`swift package dump-symbol-graph`). Code under
# `#if os(iOS)`, `canImport(UIKit)` or `canImport(HealthKit)` is not in a Linux build; Scripts/apple-typecheck.sh
# compiles it.
#
# Two checks:
#   1. API/<Module>.txt equals what the code declares now. A difference prints the symbols added and removed.
#   2. Every symbol that differs between API/ now and API/ at the newest release (the commit that added the
#      newest release heading of CHANGELOG.md; before any release recorded an API, the commit that added
#      API/FORMAT, which describes the lines)
#      is named in CHANGELOG.md's `## [Unreleased]` section: by its qualified name (`JanuaryPartnerClient.Foods`),
#      its own name (`search(_:)`) or the qualified name of a type that contains it. With --release, the newest
#      heading is the release being made, whose entries moved out of `## [Unreleased]`: the reference is the release
#      before it, and the names are read from the newest release's section.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(JanuaryCore JanuaryAuth JanuaryTransport JanuaryPartnerSDK JanuaryAuthTesting JanuaryPartnerSDKTesting
    JanuaryTestServer JanuaryPartnerSDKUI JanuaryPartnerSDKHealth)
update=false
release=false
case "${1:-}" in
--update) update=true ;;
--release) release=true ;;
"") ;;
*)
    echo "usage: bash Scripts/api-check.sh [--update | --release]" >&2
    exit 2
    ;;
esac

work=.build/api-check
rm -rf "$work"
mkdir -p "$work/current" API

swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$work/dump.log" 2>&1 || {
    cat "$work/dump.log"
    exit 1
}
graphs=$(sed -n 's/^Files written to //p' "$work/dump.log" | tail -n 1)
[ -n "$graphs" ] && [ -d "$graphs" ] || graphs=$(find .build -type d -name symbolgraph -path '*debug*' | head -n 1)
[ -d "$graphs" ] || graphs=$(find .build -type d -name symbolgraph | head -n 1)

# One sorted line per public symbol of each module, extensions of other modules' types included.
python3 - "$graphs" "$work/current" "${modules[@]}" <<'PYTHON'
import glob, json, os, sys

graphs, out, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
for module in modules:
    lines = set()
    for path in [os.path.join(graphs, f"{module}.symbols.json")] + glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")):
        if not os.path.exists(path):
            continue
        graph = json.load(open(path, encoding="utf-8"))
        names = {}
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") in ("public", "open"):
                names[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
        # A conformance is API too: dropping `Identifiable` breaks a partner's `ForEach`.
        for relation in graph.get("relationships", []):
            if relation.get("kind") == "conformsTo" and relation.get("source") in names:
                protocol = relation.get("targetFallback") or names.get(relation.get("target"), relation.get("target"))
                lines.add(f'conformance {names[relation["source"]]}: {protocol}')
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            name = ".".join(symbol["pathComponents"])
            if any(part.startswith("_") for part in symbol["pathComponents"]):
                continue
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            lines.add(f'{symbol["kind"]["identifier"].removeprefix("swift.")} {name}: {declaration}')
    with open(os.path.join(out, f"{module}.txt"), "w", encoding="utf-8") as file:
        file.write("".join(line + "\n" for line in sorted(lines)))
PYTHON

if $update; then
    rm -f API/*.txt
    cp "$work/current/"*.txt API/
    echo "api-check: API/ rewritten for ${#modules[@]} modules; name each change under ## [Unreleased] in CHANGELOG.md"
    exit 0
fi

status=0
for module in "${modules[@]}"; do
    if ! diff -q "API/$module.txt" "$work/current/$module.txt" >/dev/null 2>&1; then
        echo "api-check: the public API of $module differs from API/$module.txt:" >&2
        diff "API/$module.txt" "$work/current/$module.txt" 2>/dev/null | sed -n 's/^< /  removed: /p; s/^> /  added:   /p' >&2 || true
        [ -f "API/$module.txt" ] || echo "  (API/$module.txt is missing)" >&2
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "api-check: if the change is intended, run 'bash Scripts/api-check.sh --update' and name it under" \
        "## [Unreleased] in CHANGELOG.md (RELEASING.md)" >&2
    exit 1
fi

# The reference: API/ at the newest release (with --release, the one before it), or where API/ began; and the
# section whose entries must name each change.
versions=$(sed -n 's/^## \[\([0-9][^]]*\)\].*/\1/p' CHANGELOG.md)
if $release; then
    section=$(printf '%s\n' "$versions" | sed -n 1p)
    previous=$(printf '%s\n' "$versions" | sed -n 2p)
    if [ -z "$section" ]; then
        echo "api-check: --release needs a release heading (## [X.Y.Z] - YYYY-MM-DD) in CHANGELOG.md" >&2
        exit 1
    fi
else
    section=Unreleased
    previous=$(printf '%s\n' "$versions" | sed -n 1p)
fi
reference=""
if [ -n "$previous" ]; then
    released_at=$(git log --format=%H -S"## [$previous]" -- CHANGELOG.md | tail -n 1)
    if [ -n "$released_at" ] && git cat-file -e "$released_at:API" 2>/dev/null; then
        reference=$released_at
    fi
fi
if [ -z "$reference" ]; then
    # No release recorded an API yet: the reference is where the current format of API/ began.
    reference=$(git log --format=%H --diff-filter=A -- API/FORMAT | tail -n 1)
fi
mkdir -p "$work/reference"
if [ -n "$reference" ]; then
    for module in "${modules[@]}"; do
        git show "$reference:API/$module.txt" >"$work/reference/$module.txt" 2>/dev/null || : >"$work/reference/$module.txt"
    done
else
    cp API/*.txt "$work/reference/"
fi

python3 - "$work/reference" API CHANGELOG.md "$section" "${modules[@]}" <<'PYTHON'
import os, re, sys

reference, current, changelog, section, modules = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
text = open(changelog, encoding="utf-8").read()
# The section's heading is a line of its own; the preamble may quote it.
heading = re.search(rf"^## \[{re.escape(section)}\]", text, re.M)
start = heading.start() if heading else -1
end = text.find("\n## [", start + 1)
unreleased = text[start:end if end != -1 else len(text)] if start != -1 else ""

def symbols(path):
    result = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            kind, rest = line.rstrip("\n").split(" ", 1)
            name = rest.split(": ", 1)[0]
            result[line] = (kind, name)
    return result

missing = []
for module in modules:
    before, after = symbols(os.path.join(reference, f"{module}.txt")), symbols(os.path.join(current, f"{module}.txt"))
    for line in sorted(set(before) ^ set(after)):
        kind, name = (before.get(line) or after.get(line))
        parts = name.split(".")
        candidates = [name, parts[-1]] + [".".join(parts[:i]) for i in range(1, len(parts))]
        if not any(candidate and candidate in unreleased for candidate in candidates):
            change = "removed or changed" if line in before else "added or changed"
            missing.append(f"  {module}: {kind} {name} ({change})")
if missing:
    print(f"api-check: these API changes since the last release are not named under ## [{section}] in CHANGELOG.md:",
          file=sys.stderr)
    print("\n".join(missing), file=sys.stderr)
    sys.exit(1)
PYTHON
echo "api-check: the public API of ${#modules[@]} modules matches API/, and every change since the last release is in the CHANGELOG"
