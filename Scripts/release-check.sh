#!/usr/bin/env bash
# Proves the release path a partner depends on, end to end, on a throwaway copy: a fresh clone of this commit
# becomes a release commit as RELEASING.md says (Scripts/release.sh --prepare), the release script refuses it until
# it is committed and then tags it locally, and a scratch package that depends on the SDK with exactly the
# dependency line of Docs/GettingStarted.md (its URL pointed at the clone) resolves that tag and builds an import
# of JanuaryPartnerSDK.
#
#   bash Scripts/release-check.sh              clone, release, tag, resolve, build (about 2 minutes when busy)
#   bash Scripts/release-check.sh --no-build   the same without building the scratch package
#
# It reads only the committed HEAD (a clone sees no uncommitted change), creates no tag here, and everything it
# makes (the clone, the scratch package, SwiftPM's caches, a HOME and TMPDIR of its own) is in one temporary folder,
# removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

build=true
case "${1:-}" in
--no-build) build=false ;;
"") ;;
*)
    echo "usage: bash Scripts/release-check.sh [--no-build]" >&2
    exit 2
    ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tags_before=$(git tag --list | sort)
start=$SECONDS
fail() {
    echo "release-check: $*" >&2
    exit 1
}
say() {
    echo "release-check: $* ($((SECONDS - start)) s)"
}

# A fresh clone, in a folder named as the package's identity, on a branch named main as a release needs.
clone="$work/january-partner-sdk"
head=$(git rev-parse HEAD)
git clone --quiet --no-checkout "$root" "$clone"
git -C "$clone" checkout --quiet -B main "$head"
say "cloned $(git rev-parse --short HEAD) into a folder named january-partner-sdk"

# SwiftPM, git and the compiler keep their caches and configuration in the throwaway folder.
mkdir -p "$work/home" "$work/tmp"
export HOME="$work/home" TMPDIR="$work/tmp" XDG_CACHE_HOME="$work/home/.cache" XDG_CONFIG_HOME="$work/home/.config"
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME="release-check" GIT_AUTHOR_EMAIL="release-check@invalid"
export GIT_COMMITTER_NAME="release-check" GIT_COMMITTER_EMAIL="release-check@invalid"
swiftpm=(--cache-path "$work/cache" --config-path "$work/config" --security-path "$work/security"
    --manifest-cache local)

dev=$(sed -n 's/^    public static let sdkVersion = "\(.*\)"$/\1/p' \
    "$clone/Sources/JanuaryPartnerSDK/Client/JanuaryPartnerClient.swift")
if [ "${dev%-dev}" != "$dev" ]; then
    # Between releases: the commit as it is, with [Unreleased] entries and a -dev version, is not a release.
    if out=$(bash "$clone/Scripts/release.sh" --quick 2>&1); then
        fail "the release script accepted a commit that is not a release: $out"
    fi
    grep -q "Unreleased\] still lists changes" <<<"$out" || fail "the release script refused for another reason: $out"
    # RELEASING.md, steps 1 and 2: the version main is developing, released; refused until it is committed.
    version=${dev%-dev}
    bash "$clone/Scripts/release.sh" --prepare "$version" >/dev/null
    if out=$(bash "$clone/Scripts/release.sh" --quick 2>&1); then
        fail "the release script accepted an uncommitted release: $out"
    fi
    git -C "$clone" commit --quiet --all --message "Release $version"
    refused="main as it is and an uncommitted release"
else
    # HEAD reports a release (a release commit, or main after one with nothing unreleased): tag it as it is, in
    # place of the clone's copy of a tag that may exist already.
    version=$dev
    git -C "$clone" tag --delete "$version" >/dev/null 2>&1 || true
    refused="nothing (HEAD is a release commit)"
fi
out=$(bash "$clone/Scripts/release.sh" --quick --tag 2>&1) || fail "the release script refused the release: $out"
grep -qF "git tag -a $version -m \"$version\"" <<<"$out" || fail "the release script printed no tag command: $out"
tagged=$(git -C "$clone" rev-parse "refs/tags/$version^{commit}")
[ "$tagged" = "$(git -C "$clone" rev-parse HEAD)" ] || fail "the tag $version is not on the release commit"
if bash "$clone/Scripts/release.sh" --quick >/dev/null 2>&1; then
    fail "the release script accepted a version that is tagged already"
fi
say "the release script refused $refused, tagged $version, and then refused to tag it again"

# The partner's side: the guide's manifest, with only its URL pointed at the clone.
scratch="$work/scratch"
mkdir -p "$scratch/Sources/YourApp" "$scratch/Tests/YourAppTests"
python3 - "$clone/Docs/GettingStarted.md" "$clone/README.md" "file://$clone" "$scratch/Package.swift" <<'PYTHON'
import sys

guide, readme, url, out = sys.argv[1:]
lines = open(guide, encoding="utf-8").read().split("\n")
start = lines.index("<!-- docs-check: manifest -->")
assert lines[start + 1] == "```swift", "the manifest marker is not followed by a swift block"
end = lines.index("```", start + 2)
manifest = lines[start + 2:end]
dependency = [line.strip() for line in manifest if line.strip().startswith(".package(url:")]
if len(dependency) != 1 or "january-partner-sdk" not in dependency[0]:
    sys.exit(f"release-check: the guide's manifest must have one .package(url: …) line, not {dependency}")
line = dependency[0].rstrip(",")
if line not in open(readme, encoding="utf-8").read():
    sys.exit(f"release-check: README.md does not show the guide's dependency line: {line}")
documented = line.split('"')[1]
if documented.rstrip("/").removesuffix(".git").rsplit("/", 1)[-1] != "january-partner-sdk":
    sys.exit(f"release-check: the documented URL's identity is not january-partner-sdk: {documented}")
text = "\n".join(manifest).replace(f'"{documented}"', f'"{url}"') + "\n"
open(out, "w", encoding="utf-8").write(text)
print(f"release-check: the documented line: {line}")
PYTHON
cat >"$scratch/Sources/YourApp/YourApp.swift" <<'EOF'
import JanuaryPartnerSDK

public let reportedVersion = JanuaryPartnerClient.sdkVersion
EOF
echo "import YourApp" >"$scratch/Tests/YourAppTests/YourAppTests.swift"

swift package --package-path "$scratch" "${swiftpm[@]}" resolve >"$work/resolve.log" 2>&1 || {
    cat "$work/resolve.log" >&2
    fail "the documented dependency line does not resolve against the tag $version"
}
python3 - "$scratch/Package.resolved" "$version" "$tagged" <<'PYTHON'
import json, sys

resolved, version, revision = sys.argv[1:]
pins = json.load(open(resolved, encoding="utf-8"))["pins"]
pin = [pin for pin in pins if pin["identity"] == "january-partner-sdk"]
if len(pins) != 1 or not pin or pin[0]["state"].get("version") != version or pin[0]["state"]["revision"] != revision:
    sys.exit(f"release-check: Package.resolved pins {pins}, not january-partner-sdk {version} at {revision}")
PYTHON
say "the documented line resolved january-partner-sdk $version at the tagged commit"

if $build; then
    swift build --package-path "$scratch" "${swiftpm[@]}" --target YourApp >"$work/build.log" 2>&1 || {
        cat "$work/build.log" >&2
        fail "a file importing JanuaryPartnerSDK $version does not build"
    }
    say "a target importing JanuaryPartnerSDK $version built"
fi

[ "$(git tag --list | sort)" = "$tags_before" ] || fail "the tags of $root changed"
say "passed; $root's tags are as they were, and the temporary folder is removed on exit"
