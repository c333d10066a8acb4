"""The ```swift blocks of the guides, read one way for Scripts/docs-check.sh (Linux) and Scripts/apple-typecheck.sh
(Apple's compiler), so that both check the same blocks and report errors at the same guide lines."""
import os
import re


def swift_blocks(root, guide):
    """Yields each ```swift block of `guide` (a path below `root`) as (fence, marker, body): the fence's line number,
    the line before the fence stripped (a `<!-- docs-check: … -->` marker or anything else), and the block's lines
    as (line number, text), numbered from 1."""
    lines = open(os.path.join(root, guide), encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        if lines[index].strip() != "```swift":
            index += 1
            continue
        marker = lines[index - 1].strip() if index > 0 else ""
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        yield index + 1, marker, [(number + 1, lines[number]) for number in range(index + 1, end)]
        index = end + 1


def block_name(guide, fence):
    """A Swift identifier naming the block at `fence` of `guide`, such as `Docs_Testing_md_L109`."""
    return re.sub(r"[^A-Za-z0-9]", "_", guide) + f"_L{fence}"


def located(guide, lines):
    """`lines` as text, each run of consecutive guide lines preceded by a #sourceLocation pointing at the guide."""
    out, expected = [], None
    for number, line in lines:
        if number != expected:
            out.append(f'#sourceLocation(file: "{guide}", line: {number})')
        out.append(line)
        expected = number + 1
    return out


# The modules whose doc comments partners read (DocC, Xcode's Quick Help): their ```swift examples are compiled too.
DOCUMENTED_MODULES = [
    "JanuaryCore", "JanuaryAuth", "JanuaryTransport", "JanuaryPartnerSDK", "JanuaryPartnerSDKUI",
    "JanuaryPartnerSDKHealth", "JanuaryPartnerSDKTesting", "JanuaryTestServer",
]

_doc_line = re.compile(r"^\s*/// ?(.*)$")


def doc_comment_sources(root):
    """The Swift files of the documented modules, as paths below `root`, in a stable order."""
    paths = []
    for module in DOCUMENTED_MODULES:
        for folder, _, files in os.walk(os.path.join(root, "Sources", module)):
            paths += [os.path.relpath(os.path.join(folder, name), root) for name in files if name.endswith(".swift")]
    return sorted(paths)


def doc_comment_blocks(root, source):
    """Yields each ```swift block of the `///` comments of `source` as swift_blocks does: (fence, marker, body),
    the body without the comment's `/// `. The marker is the comment line before the fence, so that
    `/// <!-- docs-check: apple-only -->` works as in a guide (DocC does not show an HTML comment)."""
    lines = open(os.path.join(root, source), encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        match = _doc_line.match(lines[index])
        if not match or match.group(1).strip() != "```swift":
            index += 1
            continue
        before = _doc_line.match(lines[index - 1]) if index > 0 else None
        marker = before.group(1).strip() if before else ""
        end, body = index + 1, []
        while end < len(lines):
            inner = _doc_line.match(lines[end])
            if not inner or inner.group(1).strip() == "```":
                break
            body.append((end + 1, inner.group(1)))
            end += 1
        yield index + 1, marker, body
        index = end + 1


# The marker of a block that uses Apple-only API: docs-check skips it on Linux, apple-typecheck compiles it.
APPLE_ONLY = "<!-- docs-check: apple-only -->"
_apple_import = re.compile(r"^import (SwiftUI|UIKit|HealthKit|PhotosUI|AVFoundation|Speech)\b")


def is_apple_only_example(source, marker, body):
    """Whether a doc-comment example needs Apple's SDK: marked so, in an `Apple/` folder, or importing a framework
    only Apple platforms have."""
    return marker == APPLE_ONLY or "/Apple/" in source or any(_apple_import.match(line) for _, line in body)


# What may only stand at the top level of a file; a block with none of it is wrapped in a function (local types
# and functions are fine there).
_file_scope_only = re.compile(r"^(@Test|@Suite|@main|extension |protocol |private |fileprivate |public |import )")


def split_imports(body):
    """The block's imports (with #if canImport groups around them) and the rest, with their line numbers."""
    imports, rest, index, depth = [], [], 0, 0
    while index < len(body):
        number, line = body[index]
        if line.startswith("#if"):
            depth += 1
        elif line.startswith("#endif"):
            depth -= 1
        if depth == 0 and (line.startswith("import ") or line.startswith("@testable import ")):
            imports.append((number, line))
        elif line.startswith("#if canImport(") and index + 2 < len(body) and body[index + 1][1].startswith("import ") \
                and body[index + 2][1].startswith("#endif"):
            imports.extend(body[index:index + 3])
            index += 2
            depth -= 1
        else:
            rest.append((number, line))
        index += 1
    return imports, rest


def doc_example_source(source, name, body, implied=()):
    """The Swift file that compiles the block `body` of `source`: the `implied` import lines first, then the block
    as it is when it holds something only a file's top level may, else its imports and the rest wrapped in
    `func <name>() async throws`."""
    imports, rest = split_imports(body)
    if any(_file_scope_only.match(line) for _, line in rest):
        return list(implied) + located(source, body)
    return list(implied) + located(source, imports) + [f"func {name}() async throws {{"] + located(source, rest) + ["}"]
