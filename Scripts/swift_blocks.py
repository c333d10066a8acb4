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
