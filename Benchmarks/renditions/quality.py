#!/usr/bin/env python3
"""Quality benchmark: Cascade's JPEG renditions vs vipsthumbnail's, against a lossless reference.

    python3 Benchmarks/renditions/quality.py ALBUM [--widths 400,1280] [--quality 80] [--vips-quality 82]
                                             [--cascade-qualities 70,75,80,85,90] [--spaces linear,srgb]
                                             [--reference srgb|linear] [--limit N] [--binary PATH] [--large W]
                                             [--per-image TSV]

For every image of ALBUM and every width:
  reference = the original fully decoded (no shrink-on-load), turned upright (`vips autorot`), resized
              with `vips resize --kernel lanczos3` to exactly the rendition's size, kept lossless (.v);
  cascade   = `rendition-benchmark --widths W --quality Q` (DCT-scaled decode, linear-light Lanczos-3,
              orientation applied, progressive JPEG with optimised Huffman tables, no metadata);
  vips      = `vipsthumbnail -s Wx -o %s.jpg[Q=Q,strip]` (vipsthumbnail's defaults: shrink-on-load,
              auto-rotate; `strip` so its bytes hold no EXIF either).
PSNR (over all samples, 8-bit) of each against the reference of its own size, and bytes, averaged
over the album. Pass: mean PSNR(cascade) >= mean PSNR(vips) - 0.3 dB and mean bytes(cascade) <= vips.
`--spaces` runs Cascade with linear-light and/or sRGB-value resampling; `--reference linear` makes the
reference in linear light instead (vips colourspace scrgb → resize → srgb), to show which way each wins.
`--cascade-qualities` adds a PSNR/bytes curve for Cascade at several qualities (how the default was
chosen). Prints a Markdown table. `--per-image TSV` also writes every image's PSNR and bytes per tool
and width (file, size, tool, width, psnr, bytes), to compare two builds image by image: a change of
decode scale shows on the photos of the sizes it touches.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png")


def run(argv, capture=False):
    result = subprocess.run(argv, check=True, capture_output=True, text=True)
    return result.stdout if capture else None


def dimensions(path):
    return (int(run(["vipsheader", "-f", "width", path], True)), int(run(["vipsheader", "-f", "height", path], True)))


def bands(path):
    return int(run(["vipsheader", "-f", "bands", path], True))


def psnr(reference, candidate, work):
    """PSNR of candidate against reference over their common colour bands (alpha ignored)."""
    ref_bands, cand_bands = bands(reference), bands(candidate)
    common = min(ref_bands if ref_bands in (1, 3) else 3, cand_bands if cand_bands in (1, 3) else 3)
    ref, cand = reference, candidate
    if ref_bands != common:
        run(["vips", "extract_band", reference, f"{work}/rb.v", "0", "--n", str(common)])
        ref = f"{work}/rb.v"
    if cand_bands != common:
        run(["vips", "extract_band", candidate, f"{work}/cb.v", "0", "--n", str(common)])
        cand = f"{work}/cb.v"
    run(["vips", "subtract", ref, cand, f"{work}/d.v"])
    run(["vips", "multiply", f"{work}/d.v", f"{work}/d.v", f"{work}/s.v"])
    mse = float(run(["vips", "avg", f"{work}/s.v"], True))
    return 99.0 if mse <= 1e-10 else 10 * math.log10(255 * 255 / mse)


class References:
    """Upright full-resolution originals and their Lanczos-3 resizes, made once per size."""

    def __init__(self, work, kind):
        self.work = work
        self.kind = kind
        self.upright = {}
        self.made = {}

    def get(self, original, size):
        key = (original, size)
        if key in self.made:
            return self.made[key]
        if original not in self.upright:
            upright = os.path.join(self.work, "up-%d.v" % len(self.upright))
            run(["vips", "autorot", original, upright])
            self.upright = {original: upright}  # keep one upright original at a time (memory)
        upright = self.upright[original]
        width, height = dimensions(upright)
        target = os.path.join(self.work, "ref-%d.v" % len(self.made))
        scales = ["%.12f" % (size[0] / width), "--vscale", "%.12f" % (size[1] / height), "--kernel", "lanczos3"]
        if self.kind == "linear":
            run(["vips", "colourspace", upright, f"{self.work}/lin.v", "scrgb"])
            run(["vips", "resize", f"{self.work}/lin.v", f"{self.work}/linr.v"] + scales)
            run(["vips", "colourspace", f"{self.work}/linr.v", target, "srgb"])
        else:
            run(["vips", "resize", upright, target] + scales)
        if dimensions(target) != size:
            raise RuntimeError(f"reference for {original} is {dimensions(target)}, not {size}")
        self.made[key] = target
        return target


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("album")
    parser.add_argument("--widths", default="400,1280")
    parser.add_argument("--large", type=int, help="the width among --widths that is the full-view image, as `cascade build` marks it")
    parser.add_argument("--quality", type=int, default=80, help="Cascade's quality for the pass/fail comparison")
    parser.add_argument("--vips-quality", type=int, default=None, help="vipsthumbnail's quality (default: same)")
    parser.add_argument("--cascade-qualities", default="", help="extra Cascade qualities for the PSNR/bytes curve")
    parser.add_argument("--spaces", default="linear,srgb", help="Cascade resampling spaces to compare (linear, srgb)")
    parser.add_argument("--reference", choices=["srgb", "linear"], default="srgb",
                        help="srgb: vips resize on the 8-bit sRGB values, as the issue specifies; "
                             "linear: resize in scRGB (linear light), then back to sRGB")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--per-image", help="write each image's PSNR and bytes per tool and width to this TSV")
    parser.add_argument("--binary", default=os.environ.get("CASCADE_RENDITION_BENCHMARK", ".build/release/rendition-benchmark"))
    options = parser.parse_args()
    widths = [int(w) for w in options.widths.split(",")]
    vips_quality = options.vips_quality or options.quality
    qualities = sorted({options.quality} | {int(q) for q in options.cascade_qualities.split(",") if q})
    spaces = [space for space in options.spaces.split(",") if space]
    variants = [(space, quality) for space in spaces for quality in qualities]
    files = sorted(os.path.join(options.album, name) for name in os.listdir(options.album)
                   if name.lower().endswith(IMAGE_EXTENSIONS))
    if options.limit:
        files = files[:options.limit]
    work = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        # Cascade renditions: one run per quality, all widths from one decode per image.
        for space, quality in variants:
            out = os.path.join(work, f"cascade-{space}-q{quality}")
            os.makedirs(out)
            subprocess.run([options.binary, "--jobs", str(os.cpu_count() or 2), "--quality", str(quality),
                            "--space", space, "--widths", ",".join(map(str, widths)), "--out", out]
                           + (["--large", str(options.large)] if options.large else []) + files, check=True)
        references = References(work, options.reference)
        rows = {}  # (tool, width) -> list of (psnr, bytes)
        per_image = []  # (file, original size, tool, width, psnr, bytes)
        skipped = []
        for index, original in enumerate(files):
            base = os.path.splitext(os.path.basename(original))[0]
            for width in widths:
                if not all(os.path.exists(os.path.join(work, f"cascade-{sp}-q{q}", f"{base}-{width}.jpg")) for sp, q in variants):
                    # Narrower than this width (Cascade never upscales) or transparent (PNG): not compared.
                    skipped.append(f"{os.path.basename(original)}@{width}")
                    continue
                vips_out = os.path.join(work, "vips.jpg")
                run(["vipsthumbnail", original, "-s", f"{width}x", "-o", f"{vips_out}[Q={vips_quality},strip]"])
                size = dimensions(vips_out)
                original_size = "%dx%d" % dimensions(original)
                measured = (psnr(references.get(original, size), vips_out, work), os.path.getsize(vips_out))
                rows.setdefault(("vips", width), []).append(measured)
                per_image.append((os.path.basename(original), original_size, "vips", width) + measured)
                for space, quality in variants:
                    rendition = os.path.join(work, f"cascade-{space}-q{quality}", f"{base}-{width}.jpg")
                    rsize = dimensions(rendition)
                    measured = (psnr(references.get(original, rsize), rendition, work), os.path.getsize(rendition))
                    rows.setdefault((f"cascade {space} q{quality}", width), []).append(measured)
                    per_image.append((os.path.basename(original), original_size, f"cascade {space} q{quality}", width) + measured)
            references.made.clear()
            for name in os.listdir(work):
                if name.startswith("ref-"):
                    os.remove(os.path.join(work, name))
            if (index + 1) % 20 == 0:
                print(f"{index + 1}/{len(files)}", file=sys.stderr)
        if options.per_image:
            with open(options.per_image, "w") as handle:
                for name, original_size, tool, width, value, size in per_image:
                    print(f"{name}\t{original_size}\t{tool}\t{width}\t{value:.4f}\t{size}", file=handle)
        print(f"{len(files)} images; vipsthumbnail Q={vips_quality} (strip); Cascade Q as listed; "
              f"{len(skipped)} image/width pairs skipped (image narrower than the width)\n")
        print("| width | tool | images | mean PSNR dB | mean bytes |")
        print("|---|---|---|---|---|")
        verdicts = {}
        for width in widths:
            vips_rows = rows[("vips", width)]
            vips_psnr = sum(r[0] for r in vips_rows) / len(vips_rows)
            vips_bytes = sum(r[1] for r in vips_rows) / len(vips_rows)
            print(f"| {width} | vipsthumbnail Q{vips_quality} | {len(vips_rows)} | {vips_psnr:.2f} | {vips_bytes:,.0f} |")
            for space, quality in variants:
                cascade_rows = rows[(f"cascade {space} q{quality}", width)]
                c_psnr = sum(r[0] for r in cascade_rows) / len(cascade_rows)
                c_bytes = sum(r[1] for r in cascade_rows) / len(cascade_rows)
                label = f"Cascade {space} Q{quality}"
                print(f"| {width} | {label} | {len(cascade_rows)} | {c_psnr:.2f} | {c_bytes:,.0f} |")
                if quality == options.quality:
                    ok = c_psnr >= vips_psnr - 0.3 and c_bytes <= vips_bytes
                    verdicts.setdefault(space, True)
                    verdicts[space] = verdicts[space] and ok
                    print(f"| {width} | {label} − vips | | {c_psnr - vips_psnr:+.2f} | {100 * (c_bytes / vips_bytes - 1):+.1f} % |")
        print(f"\nreference: vips resize --kernel lanczos3 in {'sRGB values' if options.reference == 'srgb' else 'linear light (scRGB)'}")
        for space, ok in verdicts.items():
            print(f"Cascade {space} Q{options.quality}: {'PASS' if ok else 'FAIL'} (PSNR >= vips - 0.3 dB and bytes <= vips)")
        if os.environ.get("RESULT_JSON"):
            # Benchmarks/all/run.sh collects the figures for the README's table (the first space listed).
            space = variants[0][0]
            figures = {"images": len(files), "quality": options.quality, "vips_quality": vips_quality,
                       "pass": all(verdicts.values()), "widths": {}}
            for width in widths:
                v, c = rows[("vips", width)], rows[(f"cascade {space} q{options.quality}", width)]
                vp, vb = sum(r[0] for r in v) / len(v), sum(r[1] for r in v) / len(v)
                cp, cb = sum(r[0] for r in c) / len(c), sum(r[1] for r in c) / len(c)
                figures["widths"][str(width)] = {"psnr": cp - vp, "bytes": 100 * (cb / vb - 1)}
            with open(os.environ["RESULT_JSON"], "w") as handle:
                json.dump(figures, handle)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
