#!/usr/bin/env python3
"""Quality per byte of Cascade's WebP and AVIF renditions against its JPEG and against libvips.

    python3 Benchmarks/formats/formats.py ALBUM [--widths 640,1280] [--jpeg 80] [--webp 60,70,80,90]
                                          [--avif 30,40,50,60] [--limit N] [--binary PATH]

For every image of ALBUM and every width (the same method as Benchmarks/renditions/quality.py):
  reference = the original fully decoded, turned upright (`vips autorot`), resized with
              `vips resize --kernel lanczos3` (sRGB values) to the rendition's exact size, kept lossless;
  Cascade   = `rendition-benchmark --space srgb --quality J --webp W --avif A`: JPEG, WebP and AVIF
              of each width from the same decode and the same resampled pixels;
  vips      = `vipsthumbnail -s Wx -o %s.webp[strip]` and `%s.avif[strip]` (webpsave Q75 and
              heifsave AV1 Q50, their defaults).
PSNR (all samples, 8-bit) against the reference, and bytes, averaged over the album per width.
Each of Cascade's WebP and AVIF is swept over the qualities given; its bytes at the PSNR of
Cascade's JPEG (and at the PSNR of vips's file in that format) are read off the sweep by linear
interpolation between the two qualities around it, so formats are compared at equal fidelity.
Prints Markdown tables.
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "renditions"))
from quality import IMAGE_EXTENSIONS, References, dimensions, run  # noqa: E402

import numpy  # noqa: E402  (Debian: python3-numpy)


def raw_pixels(path, work, size):
    """The file's 8-bit samples as an array (height, width, bands), decoded by libvips."""
    target = os.path.join(work, "pixels.raw")
    run(["vips", "rawsave", path, target])
    data = numpy.fromfile(target, dtype=numpy.uint8)
    bands = data.size // (size[0] * size[1])
    return data.reshape(size[1], size[0], bands)


def psnr(reference, candidate, work, cache={}):
    """PSNR over the colour bands both have (alpha ignored), as quality.py computes it, in numpy."""
    size = dimensions(candidate)
    info = os.stat(reference)  # reference names are reused from image to image: key on the file itself
    key = (reference, info.st_ino, info.st_mtime_ns, info.st_size, size)
    if key not in cache:
        cache.clear()
        cache[key] = raw_pixels(reference, work, size).astype(numpy.float64)
    ref, cand = cache[key], raw_pixels(candidate, work, size).astype(numpy.float64)
    common = min(ref.shape[2] if ref.shape[2] in (1, 3) else 3, cand.shape[2] if cand.shape[2] in (1, 3) else 3)
    mse = float(numpy.mean((ref[:, :, :common] - cand[:, :, :common]) ** 2))
    return 99.0 if mse <= 1e-10 else 10 * math.log10(255 * 255 / mse)


def mean(values):
    return sum(values) / len(values)


def bytes_at(curve, target):
    """Bytes at PSNR `target` on a sweep [(psnr, bytes)], linear between the neighbours; None outside it."""
    points = sorted(curve)
    for (p0, b0), (p1, b1) in zip(points, points[1:]):
        if p0 <= target <= p1:
            return b0 if p1 == p0 else b0 + (b1 - b0) * (target - p0) / (p1 - p0)
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("album")
    parser.add_argument("--widths", default="640,1280")
    parser.add_argument("--jpeg", type=int, default=80)
    parser.add_argument("--webp", default="60,70,80,90")
    parser.add_argument("--avif", default="30,40,50,60")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--binary", default=os.environ.get("CASCADE_RENDITION_BENCHMARK", ".build/release/rendition-benchmark"))
    options = parser.parse_args()
    widths = [int(w) for w in options.widths.split(",")]
    webp_qualities = [int(q) for q in options.webp.split(",")]
    avif_qualities = [int(q) for q in options.avif.split(",")]
    files = sorted(os.path.join(options.album, name) for name in os.listdir(options.album)
                   if name.lower().endswith(IMAGE_EXTENSIONS))
    if options.limit:
        files = files[:options.limit]
    work = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        # One Cascade run per sweep step: the JPEG at --jpeg, one WebP and one AVIF quality.
        steps = max(len(webp_qualities), len(avif_qualities))
        for step in range(steps):
            out = os.path.join(work, f"step{step}")
            os.makedirs(out)
            argv = [options.binary, "--jobs", str(os.cpu_count() or 2), "--quality", str(options.jpeg), "--space", "srgb",
                    "--widths", ",".join(map(str, widths)), "--out", out]
            if step < len(webp_qualities):
                argv += ["--webp", str(webp_qualities[step])]
            if step < len(avif_qualities):
                argv += ["--avif", str(avif_qualities[step])]
            subprocess.run(argv + files, check=True, stdout=subprocess.DEVNULL)
        references = References(work, "srgb")
        rows = {}  # (label, width) -> [(psnr, bytes)]

        def measure(label, width, original, path):
            size = dimensions(path)
            rows.setdefault((label, width), []).append((psnr(references.get(original, size), path, work), os.path.getsize(path)))

        compared = 0
        for index, original in enumerate(files):
            base = os.path.splitext(os.path.basename(original))[0]
            for width in widths:
                jpeg = os.path.join(work, "step0", f"{base}-{width}.jpg")
                if not os.path.exists(jpeg):
                    continue  # narrower than the width, or transparent (a PNG fallback)
                compared += 1
                measure("Cascade JPEG", width, original, jpeg)
                for step, quality in enumerate(webp_qualities):
                    measure(f"Cascade WebP q{quality}", width, original, os.path.join(work, f"step{step}", f"{base}-{width}.webp"))
                for step, quality in enumerate(avif_qualities):
                    measure(f"Cascade AVIF q{quality}", width, original, os.path.join(work, f"step{step}", f"{base}-{width}.avif"))
                for kind in ("webp", "avif"):
                    target = os.path.join(work, f"vips.{kind}")
                    run(["vipsthumbnail", original, "-s", f"{width}x", "-o", f"{target}[strip]"])
                    measure(f"vips {kind}", width, original, target)
            references.made.clear()
            for name in os.listdir(work):
                if name.startswith("ref-"):
                    os.remove(os.path.join(work, name))
            print(f"{index + 1}/{len(files)}", file=sys.stderr)

        print(f"{len(files)} images, {compared} image/width pairs; Cascade JPEG Q{options.jpeg}; "
              f"reference: vips resize --kernel lanczos3 (sRGB values)\n")
        print("| width | encoding | mean PSNR dB | mean bytes |")
        print("|---|---|---|---|")
        summary = {}
        for width in widths:
            for label in sorted({key[0] for key in rows if key[1] == width}):
                values = rows[(label, width)]
                summary[(label, width)] = (mean([v[0] for v in values]), mean([v[1] for v in values]))
                print(f"| {width} | {label} | {summary[(label, width)][0]:.2f} | {summary[(label, width)][1]:,.0f} |")
        print("\nAt equal PSNR (bytes of Cascade's WebP/AVIF read off its quality sweep):\n")
        print("| width | format | vs Cascade JPEG Q%d | vs vips at its default |" % options.jpeg)
        print("|---|---|---|---|")
        for width in widths:
            jpeg_psnr, jpeg_bytes = summary[("Cascade JPEG", width)]
            for kind, name, qualities in (("webp", "WebP", webp_qualities), ("avif", "AVIF", avif_qualities)):
                curve = [summary[(f"Cascade {name} q{q}", width)] for q in qualities]
                cells = []
                for target_psnr, target_bytes in ((jpeg_psnr, jpeg_bytes), summary[(f"vips {kind}", width)]):
                    at = bytes_at(curve, target_psnr)
                    cells.append("outside the sweep" if at is None else
                                 f"{100 * (at / target_bytes - 1):+.1f} % bytes at {target_psnr:.2f} dB")
                print(f"| {width} | {name} | {cells[0]} | {cells[1]} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
