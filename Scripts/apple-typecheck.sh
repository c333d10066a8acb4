#!/usr/bin/env bash
# Compiles the package for iOS 15 with Apple's own declarations, on Linux, and fails on any error or warning.
#
#   APPLE_SDK=<iPhoneOS.sdk folder> APPLE_SDK_RESOURCE_DIR=<resource folder> bash Scripts/apple-typecheck.sh
#
# Both folders are the two lines ../shared/apple-sdk/setup.sh prints (Docs/Platforms.md says how to get an SDK).
# Without the variables, the folders setup.sh makes by default (~/.cache/apple-sdk) are used when they exist;
# with neither, the script says how to get an SDK and exits 0, so a machine without one still passes .ci/run.
#
# What it compiles, each with `swiftc -emit-module` (which, unlike -typecheck, runs Swift 6's data-race checks)
# for arm64-apple-ios15.0 in Swift 6 mode, modules in dependency order:
#   1. every non-test target of the package (libraries, test support, the example, the benchmarks), read from
#      `swift package describe`, so a new target is checked without editing this file;
#   2. the non-test targets of Examples/PartnerApp, against the modules of step 1;
#   3. every ```swift block of README.md, Docs/*.md and the DocC catalogues that imports SwiftUI or UIKit, or is
#      marked `<!-- docs-check: apple-only -->`. `#Preview` needs Xcode's macro plugin, which no SDK carries, so
#      a preview's body is checked as the body of a `@MainActor @ViewBuilder` function instead;
#   4. the doc-comment examples that docs-check skips on Linux (marked apple-only, in an Apple/ folder, or importing
#      an Apple framework), wrapped as docs-check wraps the others.
# Test targets, and test code beside them that imports Testing, are not compiled: swift-testing's interface needs a
# newer standard library than the SDK's.
# No SDK file is ever copied into the repository; the modules go to .build/apple-typecheck.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

cache=${XDG_CACHE_HOME:-$HOME/.cache}/apple-sdk
sdk=${APPLE_SDK:-}
resources=${APPLE_SDK_RESOURCE_DIR:-}
if [ -z "$sdk" ] && [ -f "$cache/iPhoneOS.sdk/SDKSettings.json" ] && [ -d "$cache/resource-dir/shims" ]; then
    sdk=$cache/iPhoneOS.sdk
    resources=$cache/resource-dir
fi
if [ -z "$sdk" ] || [ -z "$resources" ]; then
    cat <<'EOF'
apple-typecheck: skipped, no iOS SDK here. To check the package against Apple's declarations:
  1. bring a public iOS SDK snapshot (headers and .swiftinterface files, no binaries), e.g. github:danpashin/sdks;
  2. run ../shared/apple-sdk/setup.sh <that folder>: it prints an SDK folder and a resource folder;
  3. APPLE_SDK=<first line> APPLE_SDK_RESOURCE_DIR=<second line> bash Scripts/apple-typecheck.sh
EOF
    exit 0
fi
[ -f "$sdk/SDKSettings.json" ] || { echo "apple-typecheck: $sdk is not an SDK (no SDKSettings.json)" >&2; exit 1; }
[ -d "$resources/shims" ] || { echo "apple-typecheck: $resources is not a resource folder (no shims/)" >&2; exit 1; }

triple=arm64-apple-ios15.0
jobs=$(nproc 2>/dev/null || echo 2)
out="$root/.build/apple-typecheck"
rm -rf "$out"
mkdir -p "$out/modules" "$out/generated" "$out/logs"

sdk_version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("Version", "?"))' "$sdk/SDKSettings.json")
echo "apple-typecheck: $triple, iOS SDK $sdk_version, Swift 6 mode"

failures=0
warnings=0
checked=0

# Where compile puts modules and what it adds to each command: the watchOS pass below changes both.
modules="$out/modules"
extra_flags=()

# compile NAME LOG FILE... : one module, its diagnostics kept in LOG; counts errors and warnings.
compile() {
    local name=$1 log=$2
    shift 2
    local status=0
    # Without -j the driver runs one frontend at a time; every core halves a module's time on CI's two.
    swiftc -emit-module -j "$jobs" -target "$triple" -sdk "$sdk" -resource-dir "$resources" -swift-version 6 \
        -parse-as-library -D SWIFT_PACKAGE -package-name january_partner_sdk -module-name "$name" \
        ${extra_flags[@]+"${extra_flags[@]}"} -I "$modules" -I "$out/modules" \
        -emit-module-path "$modules/$name.swiftmodule" "$@" >"$log" 2>&1 || status=$?
    local module_warnings module_errors
    module_warnings=$(grep -c ': warning: ' "$log" || true)
    module_errors=$(grep -c ': error: ' "$log" || true)
    checked=$((checked + 1))
    if [ "$status" -ne 0 ] || [ "$module_warnings" -gt 0 ] || [ "$module_errors" -gt 0 ]; then
        echo "  FAIL $name: $module_errors error(s), $module_warnings warning(s)"
        grep -E ': (error|warning): ' "$log" | sed 's/^/    /' | head -40
        [ "$status" -ne 0 ] && [ "$module_errors" -eq 0 ] && sed 's/^/    /' "$log" | tail -20
        failures=$((failures + 1))
        warnings=$((warnings + module_warnings))
    else
        echo "  ok   $name"
    fi
}

# Prints "name<TAB>folder<TAB>has-resources<TAB>source..." per non-test target of the package at $1, in
# dependency order, so each module finds the ones it imports already built.
targets_in_order() {
    swift package --package-path "$1" describe --type json 2>/dev/null | python3 -c '
import json, os, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"] if t["type"] != "test" and t["type"] != "macro"}
ordered, seen = [], set()
def visit(name):
    if name in seen or name not in targets:
        return
    seen.add(name)
    for dependency in targets[name].get("target_dependencies", []):
        visit(dependency)
    ordered.append(targets[name])
for name in sorted(targets):
    visit(name)
for target in ordered:
    folder = os.path.join(package["path"], target["path"])
    sources = [os.path.join(folder, source) for source in target["sources"] if source.endswith(".swift")]
    print("\t".join([target["c99name"], folder, "1" if target.get("resources") else "0"] + sources))
'
}

# The `Bundle.module` accessor SwiftPM generates for a target with resources; the check needs its declaration,
# not its bundle.
bundle_accessor() {
    local file="$out/generated/$1+Bundle.swift"
    cat >"$file" <<'EOF'
import Foundation

extension Foundation.Bundle {
    static let module: Bundle = Bundle.main
}
EOF
    echo "$file"
}

check_package() {
    local package=$1 label=$2
    echo "$label:"
    while IFS=$'\t' read -r -a fields; do
        local name=${fields[0]} has_resources=${fields[2]}
        local sources=("${fields[@]:3}")
        # Test code outside the test targets (the shared suite traits) imports Testing, whose interface needs a
        # newer standard library than the SDK's, like the test targets themselves.
        if grep -lqE '^(@_exported )?import Testing$' "${sources[@]}"; then
            echo "  skip $name: imports Testing (test code)"
            continue
        fi
        [ "$has_resources" = 1 ] && sources+=("$(bundle_accessor "$name")")
        compile "$name" "$out/logs/$name.log" "${sources[@]}"
    done < <(targets_in_order "$package")
}

# The upcoming features Package.swift enables for every target of the package (not for partners' code).
extra_flags=()
for feature in $(grep -oE 'enableUpcomingFeature\("[A-Za-z]+"\)' Package.swift | sed -E 's/.*"([A-Za-z]+)".*/\1/'); do
    extra_flags+=(-enable-upcoming-feature "$feature")
done
package_flags=("${extra_flags[@]}")
check_package "$root" "package targets"

# watchOS allows apps no BSD sockets, so JanuaryTestServer compiles its loopback server out there. No watchOS SDK
# is at hand; the same shape, forced by JANUARY_NO_LOOPBACK_SERVER, is checked for iOS, with the product a
# partner's watchOS tests link on top of it.
echo "the test products as watchOS builds them (no loopback server):"
modules="$out/watchos-shape"
mkdir -p "$modules"
extra_flags=("${package_flags[@]}" -D JANUARY_NO_LOOPBACK_SERVER)
while IFS=$'\t' read -r -a fields; do
    case ${fields[0]} in
    JanuaryTestServer | JanuaryPartnerSDKTesting)
        compile "${fields[0]}" "$out/logs/${fields[0]}-watchos-shape.log" "${fields[@]:3}"
        ;;
    esac
done < <(targets_in_order "$root")
modules="$out/modules"
extra_flags=()
check_package "$root/Examples/PartnerApp" "Examples/PartnerApp"

# The doc blocks: one file each, named after the guide and line, in one module that sees every module above.
echo "SwiftUI and UIKit blocks of README.md, Docs/ and the DocC catalogues, and Apple-only doc-comment examples:"
blocks="$out/docs"
mkdir -p "$blocks"
python3 - "$root" "$blocks" <<'PYTHON'
import glob, os, re, sys

root, blocks = sys.argv[1], sys.argv[2]
sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.join(root, "Scripts"))
from swift_blocks import (APPLE_ONLY, DOCUMENTED_MODULES, block_name, doc_comment_blocks, doc_comment_sources,
                          doc_example_source, is_apple_only_example, located, swift_blocks)

guides = ["README.md"] + sorted(glob.glob("Docs/*.md", root_dir=root)) \
    + sorted(glob.glob("Sources/*/*.docc/**/*.md", root_dir=root, recursive=True))
apple_import = re.compile(r"^\s*import\s+(SwiftUI|UIKit)\b", re.M)
preview = re.compile(r"^(\s*)#Preview\b(?:\((.*)\))?\s*\{\s*$")


def rewrite_previews(lines, name):
    """`#Preview("…") {` becomes a @MainActor @ViewBuilder function; its closing brace stays as it is."""
    out = []
    for number, line in lines:
        match = preview.match(line)
        if match:
            out.append((number, f"{match.group(1)}@MainActor @ViewBuilder func {name}_preview_{number}() -> some View {{"))
        else:
            out.append((number, line))
    return out


for guide in guides:
    for fence, marker, body in swift_blocks(root, guide):
        source = "\n".join(line for _, line in body)
        if not apple_import.search(source) and marker != APPLE_ONLY:
            continue
        name = block_name(guide, fence)
        output = located(guide, rewrite_previews(body, name)) + ["#sourceLocation()"]
        with open(os.path.join(blocks, f"{name}.swift"), "w", encoding="utf-8") as file:
            file.write("\n".join(output) + "\n")

# The doc-comment examples that docs-check skips on Linux, with the imports their page implies (Testing aside:
# the SDK's standard library cannot load it), in one module with docs-check's prelude, as docs-check compiles the
# others: each is wrapped in a function of its own name.
examples = os.path.join(os.path.dirname(blocks), "doc-examples")
os.makedirs(examples, exist_ok=True)
implied = ["import Foundation"] + [f"import {module}" for module in DOCUMENTED_MODULES]
for source in doc_comment_sources(root):
    for fence, marker, body in doc_comment_blocks(root, source):
        if is_apple_only_example(source, marker, body):
            name = block_name(source, fence)
            output = doc_example_source(source, name, body, implied) + ["#sourceLocation()"]
            with open(os.path.join(examples, f"{name}.swift"), "w", encoding="utf-8") as file:
                file.write("\n".join(output) + "\n")

PYTHON
mapfile -t block_files < <(find "$blocks" -name '*.swift' | sort)
if [ "${#block_files[@]}" -gt 0 ]; then
    # Each block is its own module: blocks of different guides may declare the same names.
    for file in "${block_files[@]}"; do
        compile "DocsBlock_$(basename "$file" .swift)" "$out/logs/$(basename "$file" .swift).log" "$file"
    done
else
    echo "  (none)"
fi
mapfile -t example_files < <(find "$out/doc-examples" -name '*.swift' | sort)
if [ "${#example_files[@]}" -gt 0 ]; then
    compile DocCommentExamples "$out/logs/DocCommentExamples.log" "$root/Scripts/docs-check-prelude.swift" \
        "${example_files[@]}"
fi

if [ "$failures" -gt 0 ]; then
    echo "apple-typecheck: FAILED, $failures of $checked modules have errors or warnings ($warnings warning(s))" >&2
    exit 1
fi
echo "apple-typecheck: $checked modules, 0 errors, 0 warnings ($triple, iOS SDK $sdk_version)"
