#!/usr/bin/env bash
# Checks that HEAD is a release commit as RELEASING.md describes it, then prints the command that tags it. It runs
# no `git tag` and pushes nothing unless told to: tagging is the maintainer's act.
#
#   bash Scripts/release.sh --prepare X.Y.Z   steps 1 and 2 of RELEASING.md in the working tree: moves the entries of
#                                             `## [Unreleased]` under `## [X.Y.Z] - <today, UTC>` and sets
#                                             `JanuaryPartnerClient.sdkVersion` to X.Y.Z; and step 4's dependency
#                                             lines, `.upToNextMinor(from: "X.Y.0")` for a new minor under 0.x, in
#                                             README.md, Docs/ and the CHANGELOG's preamble; commits nothing
#   bash Scripts/release.sh                   every check below, then prints `git tag -a X.Y.Z -m "X.Y.Z"`
#   bash Scripts/release.sh --quick           only the checks that need no build (files, versions, git)
#   bash Scripts/release.sh --tag             after the checks, creates that annotated tag in this clone (never
#                                             pushes); for trying a release out (Scripts/release-check.sh)
#
# The checks, each refusing with a sentence that says what to do:
#   - the working tree is clean and HEAD is on `main` (a release is a commit on main);
#   - CHANGELOG.md: `## [Unreleased]` is first and lists nothing; the newest heading is `## [X.Y.Z] - YYYY-MM-DD`
#     with a real date no later than today, lists entries, and X.Y.Z is the next patch, minor or major version after
#     the heading before it (under 0.x, a release with a `### Removed` section is not a patch);
#   - `JanuaryPartnerClient.sdkVersion` is exactly X.Y.Z;
#   - no tag X.Y.Z or vX.Y.Z exists yet;
#   - LICENSE, NOTICE, SECURITY.md, RELEASING.md, .spi.yml and the privacy manifest are there;
#   - every dependency line in README.md, Docs/ and the CHANGELOG's preamble names the release's minor version
#     (`.upToNextMinor(from: "X.Y.…")`), and README's line is the one Docs/GettingStarted.md's manifest holds;
#   - without --quick: `swift build` without warnings, the release suites (`swift test --filter`), `api-check.sh
#     --release` (every API change since the previous release named in X.Y.Z's entries), `docs.sh` and
#     `docs-check.sh`.
# `bash .ci/run` from a fresh clone (RELEASING.md, step 5) takes too long to repeat here; the script reminds you.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=false
tag=false
prepare=""
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) quick=true ;;
    --tag) tag=true ;;
    --prepare)
        prepare="${2:-}"
        [ -n "$prepare" ] || {
            echo "release: --prepare needs the version, such as --prepare 0.3.0" >&2
            exit 2
        }
        shift
        ;;
    *)
        echo "usage: bash Scripts/release.sh [--prepare X.Y.Z | [--quick] [--tag]]" >&2
        exit 2
        ;;
    esac
    shift
done

version_file=Sources/JanuaryPartnerSDK/Client/JanuaryPartnerClient.swift
sdk_version() {
    sed -n 's/^    public static let sdkVersion = "\(.*\)"$/\1/p' "$version_file"
}

# The CHANGELOG and file checks, in one place for --prepare and the checks. Prints the release's version on its
# last line, or one line per problem on stderr and exits 1.
python_checks() {
    python3 - "$@" <<'PYTHON'
import datetime, re, sys

mode, changelog_path, sdk_version = sys.argv[1], sys.argv[2], sys.argv[3]
today = datetime.datetime.now(datetime.timezone.utc).date()
semver = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)"
                    r"(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?$")
heading = re.compile(r"^## \[([^\]]+)\](?: - (.*))?$")


def parse(version):
    match = semver.match(version)
    if not match:
        return None
    return tuple(int(part) for part in match.group(1, 2, 3)), match.group(4)


def successors(core):
    major, minor, patch = core
    return [(major, minor, patch + 1), (major, minor + 1, 0), (major + 1, 0, 0)]


def name(core):
    return ".".join(map(str, core))


def fail(problems):
    for problem in problems:
        print(f"release: {problem}", file=sys.stderr)
    sys.exit(1)


text = open(changelog_path, encoding="utf-8").read()
lines = text.split("\n")
headings = [(index, heading.match(line)) for index, line in enumerate(lines) if line.startswith("## [")]
if not headings or headings[0][1] is None or headings[0][1].group(1) != "Unreleased":
    fail(["CHANGELOG.md's first version heading must be '## [Unreleased]'"])
unreleased_end = headings[1][0] if len(headings) > 1 else len(lines)
unreleased_entries = [line for line in lines[headings[0][0] + 1:unreleased_end] if line.startswith("- ")]

if mode == "prepare":
    version = sys.argv[4]
    parsed = parse(version)
    problems = []
    if parsed is None or (parsed[1] or "").split(".")[0] == "dev":
        problems.append(f"'{version}' is not a release version (X.Y.Z, without -dev)")
    if not unreleased_entries:
        problems.append("## [Unreleased] lists nothing: there is nothing to release")
    previous = heading.match(lines[headings[1][0]]) if len(headings) > 1 else None
    if parsed and previous and parse(previous.group(1)):
        before = parse(previous.group(1))
        allowed = ([before[0]] if before[1] else []) + successors(before[0])
        if parsed[0] not in allowed:
            problems.append(f"{version} does not follow {previous.group(1)}: take one of "
                            + ", ".join(name(core) for core in allowed))
        elif parsed[0][0] == 0 and parsed[0] == successors(before[0])[0] \
                and "### Removed" in lines[headings[0][0] + 1:unreleased_end]:
            problems.append(f"{version} would be a patch release that removes API; under 0.x take "
                            f"{name(successors(before[0])[1])}")
    if problems:
        fail(problems)
    start = headings[0][0]
    lines[start + 1:start + 1] = ["", f"## [{version}] - {today.isoformat()}"]
    text = "\n".join(lines)
    # Step 4's mechanical part: under 0.x, the dependency lines name the release's minor version. The CHANGELOG's
    # own entries are history and keep theirs; only its preamble, above the first version heading, changes.
    major, minor = parsed[0][0], parsed[0][1]
    rule = re.compile(r'\.upToNextMinor\(from: "(\d+)\.(\d+)\.\d+"\)')
    def renamed(content):
        return rule.sub(lambda m: m.group(0) if (int(m.group(1)), int(m.group(2))) == (major, minor)
                        else f'.upToNextMinor(from: "{major}.{minor}.0")', content)
    if major == 0:
        preamble_end = text.index("\n## [")
        text = renamed(text[:preamble_end]) + text[preamble_end:]
        for path in sys.argv[5:]:
            content = open(path, encoding="utf-8").read()
            if renamed(content) != content:
                with open(path, "w", encoding="utf-8") as file:
                    file.write(renamed(content))
    with open(changelog_path, "w", encoding="utf-8") as file:
        file.write(text)
    print(version)
    sys.exit(0)

problems = []
if unreleased_entries:
    problems.append("## [Unreleased] still lists changes: move them under the release's heading (RELEASING.md, "
                    "step 1, or --prepare X.Y.Z)")
if len(headings) < 2:
    fail(problems + ["CHANGELOG.md has no release heading '## [X.Y.Z] - YYYY-MM-DD'"])
index, match = headings[1]
version = match.group(1) if match else ""
parsed = parse(version)
if match is None or parsed is None or not match.group(2):
    fail(problems + [f"the newest heading '{lines[index]}' is not '## [X.Y.Z] - YYYY-MM-DD'"])
if (parsed[1] or "").split(".")[0] == "dev":
    problems.append(f"{version} is a development version, not a release")
try:
    date = datetime.date.fromisoformat(match.group(2))
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", match.group(2)):
        raise ValueError
    if date > today:
        problems.append(f"{version} is dated {date}, after today ({today}, UTC)")
except ValueError:
    problems.append(f"{version}'s date '{match.group(2)}' is not a date YYYY-MM-DD")
end = headings[2][0] if len(headings) > 2 else len(lines)
section = lines[index + 1:end]
if not any(line.startswith("- ") for line in section):
    problems.append(f"## [{version}] lists no change")
if len(headings) > 2 and headings[2][1] and parse(headings[2][1].group(1)):
    before_version = headings[2][1].group(1)
    before = parse(before_version)
    allowed = ([before[0]] if before[1] else []) + successors(before[0])
    if parsed[0] not in allowed:
        problems.append(f"{version} does not follow {before_version}: take one of "
                        + ", ".join(name(core) for core in allowed))
    elif parsed[0][0] == 0 and parsed[0] == successors(before[0])[0] and "### Removed" in section:
        problems.append(f"{version} is a patch release but removes API; under 0.x that takes the next minor "
                        f"version, {name(successors(before[0])[1])}")
if sdk_version != version:
    problems.append(f"JanuaryPartnerClient.sdkVersion is '{sdk_version}', not the release's '{version}' "
                    "(RELEASING.md, step 2)")
if problems:
    fail(problems)
print(version)
PYTHON
}

if [ -n "$prepare" ]; then
    if [ -n "$(git status --porcelain)" ]; then
        echo "release: the working tree has changes; --prepare starts from a clean one" >&2
        exit 1
    fi
    python_checks prepare CHANGELOG.md "$(sdk_version)" "$prepare" README.md Docs/*.md >/dev/null
    sed -i.orig "s/^    public static let sdkVersion = \".*\"$/    public static let sdkVersion = \"$prepare\"/" \
        "$version_file"
    rm -f "$version_file.orig"
    echo "release: CHANGELOG.md has '## [$prepare] - $(date -u +%F)', sdkVersion is '$prepare', and the dependency lines"
    echo "  name $(printf '%s' "$prepare" | cut -d. -f1-2) (git diff shows each change). Review the entries and the docs (RELEASING.md,"
    echo "  steps 3 and 4), commit as 'Release $prepare', then run bash Scripts/release.sh"
    exit 0
fi

problems=0
refuse() {
    echo "release: $*" >&2
    problems=$((problems + 1))
}

# Git: a clean tree, on main.
if [ -n "$(git status --porcelain)" ]; then
    refuse "the working tree has changes or untracked files: a release is a commit, commit or remove them"
fi
branch=$(git symbolic-ref --quiet --short HEAD || echo "a detached HEAD")
[ "$branch" = main ] || refuse "HEAD is on $branch, not main: a release is a commit on main"

# The CHANGELOG and the version the code reports.
version=$(python_checks check CHANGELOG.md "$(sdk_version)") || problems=$((problems + 1))
version=$(printf '%s\n' "$version" | tail -n 1)

if [ -n "$version" ]; then
    for name in "$version" "v$version"; do
        if git rev-parse --quiet --verify "refs/tags/$name" >/dev/null; then
            refuse "the tag $name exists already: $version is released; prepare the next version instead"
        fi
    done
fi

# The files a partner's legal and security review reads.
for file in LICENSE NOTICE SECURITY.md RELEASING.md .spi.yml Sources/JanuaryPartnerSDK/PrivacyInfo.xcprivacy; do
    [ -s "$file" ] || refuse "$file is missing or empty"
done
grep -q "Apache License" LICENSE 2>/dev/null || refuse "LICENSE is not the Apache License"
grep -q "^Copyright " NOTICE 2>/dev/null || refuse "NOTICE names no copyright holder"

# The documented dependency line names this release's minor version, and README shows the guide's line.
if [ -n "$version" ]; then
    minor=$(printf '%s\n' "$version" | cut -d. -f1-2)
    guide_line=$(sed -n 's/^ *\(\.package(url: .*january-partner-sdk.*\)$/\1/p' Docs/GettingStarted.md | head -n 1)
    if [ -z "$guide_line" ]; then
        refuse "Docs/GettingStarted.md's manifest has no '.package(url: …january-partner-sdk…)' line"
    elif ! grep -qF -- "$guide_line" README.md; then
        refuse "README.md does not show Docs/GettingStarted.md's dependency line: $guide_line"
    fi
    preamble=$(sed -n '1,/^## \[/p' CHANGELOG.md)
    while IFS= read -r found; do
        [ -n "$found" ] || continue
        named=$(printf '%s\n' "$found" | sed 's/.*"\([0-9][^"]*\)".*/\1/' | cut -d. -f1-2)
        if [ "$named" != "$minor" ]; then
            refuse "a dependency line names $named, not the release's $minor: $found (RELEASING.md, step 4)"
        fi
    done < <(
        {
            grep -o -H '\.upToNextMinor(from: "[^"]*")' README.md Docs/*.md || true
            printf '%s\n' "$preamble" | grep -o '\.upToNextMinor(from: "[^"]*")' | sed 's/^/CHANGELOG.md:/' || true
        }
    )
fi

if [ "$problems" -gt 0 ]; then
    echo "release: HEAD is not ready to be tagged; see RELEASING.md" >&2
    exit 1
fi

if ! $quick; then
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    echo "release: building (no warnings allowed)"
    swift build 2>&1 | tee "$log" >/dev/null
    if grep -q "warning:" "$log"; then
        grep "warning:" "$log" >&2
        echo "release: the build has warnings" >&2
        exit 1
    fi
    echo "release: the release suites"
    swift test --filter 'ReleaseFilesTests|SDKVersionTests' >"$log" 2>&1 || {
        cat "$log" >&2
        echo "release: the release suites fail" >&2
        exit 1
    }
    bash Scripts/api-check.sh --release
    bash Scripts/docs.sh
    bash Scripts/docs-check.sh
fi

checked=$($quick && echo "the files, versions and git (--quick: no build, API or docs check)" ||
    echo "every check, builds included")
echo "release: $version at $(git rev-parse --short HEAD) passes $checked."
echo "release: make sure 'bash .ci/run' passed on this commit from a fresh clone (RELEASING.md, step 5), then tag it:"
echo
echo "    git tag -a $version -m \"$version\" $(git rev-parse HEAD)"
echo "    git push origin $version"
echo
if $tag; then
    git tag -a "$version" -m "$version" HEAD
    echo "release: created the local tag $version (not pushed; 'git tag -d $version' removes it)"
fi
