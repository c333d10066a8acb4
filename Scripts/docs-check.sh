#!/usr/bin/env bash
# Compiles every ```swift block of README.md and Docs/*.md, so that no guide shows code that does not build, and
# every ```swift example in a doc comment of a module partners read (Scripts/swift_blocks.py lists them), which
# Xcode's Quick Help and DocC show.
#
# The blocks become files of a scratch package (.build/docs-check, never in git) that depends on this package by
# its identity, `january-partner-sdk`, as a partner's does: standalone blocks in one test target, fragments with
# the prelude in another, so that a standalone block cannot lean on the stubs; one build for all of them.
# A failure names the block's own file:line (through #sourceLocation), and the script exits non-zero.
#
# A block stands alone: its imports are its own, nothing is added. A comment on the line just before the fence
# may say otherwise:
#   <!-- docs-check: fragment -->    an excerpt that uses names a guide introduced earlier (january, user,
#                                    simulator, …): compiled with the stubs of Scripts/docs-check-prelude.swift
#                                    in scope. Its imports are still its own.
#   <!-- docs-check: manifest -->    a whole Package.swift: checked with `swift package dump-package`.
#   <!-- docs-check: apple-only -->  uses Apple-only API (UIKit, PhotosUI, …): not compiled on Linux, compiled
#                                    everywhere else, and on Linux by Scripts/apple-typecheck.sh against the iOS SDK.
# A doc comment's example is a fragment unless it says otherwise (its marker is the `///` line before the fence),
# and Apple-only when it imports an Apple-only framework (SwiftUI, UIKit, HealthKit, …) or sits in an `Apple/`
# folder (Scripts/swift_blocks.py, is_apple_only_example).
# A block is wrapped in a function of its own, unless it has what may only stand at a file's top level
# (`@Test func`, `extension`, `protocol`, …): then it is compiled as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch="$root/.build/docs-check"
rm -rf "$scratch/Tests" "$scratch/manifests"
mkdir -p "$scratch/Tests/DocsBlocks" "$scratch/Tests/DocsFragments" "$scratch/manifests"
ln -sfn "$root" "$scratch/january-partner-sdk"

cat >"$scratch/Package.swift" <<'EOF'
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "DocsCheck",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    dependencies: [.package(path: "january-partner-sdk")],
    targets: ["DocsBlocks", "DocsFragments"].map { name in
        .testTarget(
            name: name,
            dependencies: [
                .product(name: "JanuaryCore", package: "january-partner-sdk"),
                .product(name: "JanuaryAuth", package: "january-partner-sdk"),
                .product(name: "JanuaryTransport", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDK", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDKUI", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDKHealth", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDKTesting", package: "january-partner-sdk"),
                .product(name: "JanuaryTestServer", package: "january-partner-sdk"),
            ]
        )
    },
    swiftLanguageModes: [.v6]
)
EOF
cp Scripts/docs-check-prelude.swift "$scratch/Tests/DocsFragments/Prelude.swift"

python3 - "$root" "$scratch" "$(uname)" <<'PYTHON'
import glob, os, re, sys

root, scratch, system = sys.argv[1], sys.argv[2], sys.argv[3]
sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.join(root, "Scripts"))
from swift_blocks import (APPLE_ONLY, DOCUMENTED_MODULES, block_name, doc_comment_blocks, doc_comment_sources,
                          doc_example_source, is_apple_only_example, swift_blocks)

counts = {"compiled": 0, "doc comments": 0, "pending": 0, "manifests": 0, "skipped": 0}


for path in ["README.md"] + sorted(glob.glob("Docs/*.md", root_dir=root)):
    for fence, marker, body in swift_blocks(root, path):
        name = block_name(path, fence)
        if marker == APPLE_ONLY and system != "Darwin":
            counts["skipped"] += 1
            continue
        if marker == "<!-- docs-check: manifest -->":
            folder = os.path.join(scratch, "manifests", name)
            os.makedirs(folder)
            with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as manifest:
                manifest.write("\n".join(line for _, line in body) + "\n")
            with open(os.path.join(folder, "origin"), "w", encoding="utf-8") as origin:
                origin.write(f"{path}:{fence}\n")
            counts["manifests"] += 1
            continue
        text = doc_example_source(path, name, body)
        target = "DocsFragments" if marker == "<!-- docs-check: fragment -->" else "DocsBlocks"
        with open(os.path.join(scratch, "Tests", target, name + ".swift"), "w", encoding="utf-8") as out:
            out.write("\n".join(text) + "\n")
        counts["compiled"] += 1

# Sources whose doc-comment examples do not compile yet (names the example never introduces, such as `request`
# or `mirror`, or API that has moved on). Their examples are skipped until fixed; each entry must still hold an
# example, so that the list only shrinks. Empty now: every example compiles (or is Apple-only, see above), so a
# new example that does not compile is fixed, not listed.
pending_doc_examples = set()
for path in sorted(pending_doc_examples):
    if not any(True for _ in doc_comment_blocks(root, path)):
        print(f"{path}: error: listed in pending_doc_examples of Scripts/docs-check.sh but has no example; delete "
              "the line", file=sys.stderr)
        sys.exit(1)

for path in doc_comment_sources(root):
    if path in pending_doc_examples:
        counts["pending"] += sum(1 for _ in doc_comment_blocks(root, path))
        continue
    for fence, marker, body in doc_comment_blocks(root, path):
        name = block_name(path, fence)
        if is_apple_only_example(path, marker, body) and system != "Darwin":
            counts["skipped"] += 1
            continue
        # A doc comment's example leaves out the imports its page implies: every documented module, and Testing
        # for a test's `#expect`.
        implied = ["import Foundation", "import Testing"] + [f"import {module}" for module in DOCUMENTED_MODULES
                                                                if module != "JanuaryPartnerSDKUI"]
        text = doc_example_source(path, name, body, implied)
        target = "DocsBlocks" if marker == "<!-- docs-check: standalone -->" else "DocsFragments"
        with open(os.path.join(scratch, "Tests", target, name + ".swift"), "w", encoding="utf-8") as out:
            out.write("\n".join(text) + "\n")
        counts["compiled"] += 1
        counts["doc comments"] += 1

print(f"docs-check: {counts['compiled']} blocks to compile ({counts['doc comments']} from doc comments, "
      f"{counts['pending']} doc-comment examples pending), {counts['manifests']} manifests, "
      f"{counts['skipped']} Apple-only blocks skipped on {system}")
PYTHON

status=0
for folder in "$scratch"/manifests/*/; do
    [ -d "$folder" ] || continue
    if ! output=$(cd "$folder" && swift package dump-package 2>&1 >/dev/null); then
        echo "$(cat "$folder/origin"): error: the manifest does not load:" >&2
        echo "$output" >&2
        status=1
    fi
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build --build-tests --package-path "$scratch" >"$log" 2>&1; then
    # Errors in a guide are reported at the guide's file:line; any other (the prelude, the manifest) as it is.
    if grep -E ": error:" "$log" | grep -vE "^error: (emit-module|fatalError)" | sort -u >&2; then
        :
    else
        cat "$log" >&2
    fi
    echo "docs-check: some Swift blocks do not compile (file:line above)" >&2
    status=1
fi
if [ "$status" -eq 0 ]; then
    echo "docs-check: every Swift block compiles"
fi
exit "$status"
