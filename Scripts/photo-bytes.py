#!/usr/bin/env python3
"""The bytes a prepared meal photo costs under two size rules, for Docs/Benchmarks.md.

    python3 Scripts/photo-bytes.py PHOTO...

For each photo (any format Pillow reads) it applies what PhotoPreparation does on a device: the EXIF orientation,
transparency flattened onto white, a smaller copy that is never enlarged, and a JPEG at one quality without any
metadata. It does so twice:

  long-1000   the long edge at most 1,000 px (January's iOS helper, and this SDK's default before the choice);
  short-1024  the shorter side at most 1,024 px, as January's API reference recommends, with the long edge at
              most 2,048 px so that a panorama cannot grow without bound.

It prints a Markdown table (pixels and JPEG bytes of each rule, and their ratio) and a summary line. ImageIO is
not on Linux, so Pillow (libjpeg) encodes at quality 70, the number ImageIO's 0.7 is meant to correspond to; both
rules use the same encoder and quality, so their ratio is what the table is for, not the absolute bytes.

Needs Pillow (`pip install pillow`). It writes nothing.
"""
import io
import statistics
import sys

from PIL import Image, ImageOps

QUALITY = 70


def long_1000(width, height):
    return min(1.0, 1000 / max(width, height))


def short_1024(width, height):
    return min(1.0, 1024 / min(width, height), 2048 / max(width, height))


def prepared(image, scale):
    width, height = image.size
    # Half up, each side at least one pixel, as PhotoPreparationRules.preparedSize rounds.
    size = (max(1, int(width * scale + 0.5)), max(1, int(height * scale + 0.5)))
    if size != image.size:
        image = image.resize(size, Image.LANCZOS)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=QUALITY)
    return size, out.tell()


def flattened(path):
    image = ImageOps.exif_transpose(Image.open(path))
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        white = Image.new("RGB", image.size, (255, 255, 255))
        white.paste(image, mask=image.getchannel("A"))
        return white
    return image.convert("RGB")


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    print("| Photo | Original | long-1000 | bytes | short-1024 | bytes | ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    ratios, first, second = [], [], []
    for path in paths:
        image = flattened(path)
        width, height = image.size
        size_a, bytes_a = prepared(image, long_1000(width, height))
        size_b, bytes_b = prepared(image, short_1024(width, height))
        ratio = bytes_b / bytes_a
        ratios.append(ratio)
        first.append(bytes_a)
        second.append(bytes_b)
        name = path.rsplit("/", 1)[-1]
        print(
            f"| {name} | {width} × {height} | {size_a[0]} × {size_a[1]} | {bytes_a:,} | "
            f"{size_b[0]} × {size_b[1]} | {bytes_b:,} | {ratio:.2f} |"
        )
    print()
    print(
        f"{len(paths)} photos, JPEG quality {QUALITY}: long-1000 median {statistics.median(first):,.0f} bytes "
        f"(max {max(first):,}), short-1024 median {statistics.median(second):,.0f} bytes (max {max(second):,}); "
        f"ratio median {statistics.median(ratios):.2f} (min-max {min(ratios):.2f}-{max(ratios):.2f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
