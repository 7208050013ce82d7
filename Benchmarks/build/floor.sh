#!/usr/bin/env bash
# The codec floor of a cold build: how long the codecs' own tools take for
# the steps no implementation can skip — decoding each camera JPEG at the DCT
# scale the build decodes it at (libjpeg-turbo's djpeg), decoding each PNG
# whole (libpng: a PNG has no smaller scale; png-decode.c beside this script),
# and encoding the renditions Cascade makes (cjpeg: progressive, optimised
# Huffman tables, quality 80) — run `nproc` at a time, as the build runs its
# jobs. Resampling, hashing and pages are left out, so a real build can only
# be slower than this.
#
# Printed: each step's wall and CPU (user + sys) seconds, the total with the
# PNG decodes (the floor) and without them (the libjpeg-turbo floor alone, the
# figure this script printed before it timed PNGs). Each file is a process of
# its own (sh, then the tool), which a build does not pay: about 1 ms of CPU
# each (1186 cjpeg runs on an 8x8 image took 1.08 s of CPU), so the floor is
# that much above the codecs' own work, in the build's favour. Since
# 2026-12-07 the build also does less codec work than these tools on 4:2:0
# JPEGs: it decodes and encodes their Y'CbCr planes (README, "4:2:0 JPEGs
# stay Y'CbCr"), where djpeg upsamples chroma and converts to RGB and cjpeg
# converts back and averages chroma down. The floor is kept as it was, RGB in
# and out, so its figures compare across time.
#
# Usage: Benchmarks/build/floor.sh ALBUM SITE
#   ALBUM  the benchmark album (Benchmarks/renditions/make-album.py)
#   SITE   a cold `cascade build` of it (its renditions/ are re-encoded)
# Needs djpeg and cjpeg (apt: libjpeg-turbo-progs), a C compiler and libpng's
# headers (apt: libpng-dev) for png-decode.c.
set -euo pipefail
album="$1"
site="$2"
command -v cjpeg >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjpeg-turbo-progs >/dev/null; }
jobs="$(nproc)"
work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-floor-XXXXXX")"
trap 'rm -rf "$work"' EXIT
here="$(cd "$(dirname "$0")" && pwd)"
cc -O2 -o "$work/png-decode" "$here/png-decode.c" $(pkg-config --cflags --libs libpng)

# timed NAME COMMAND...: runs COMMAND and sets NAME to its wall seconds and
# NAME_cpu to its CPU seconds (user + sys, with every process it waited for:
# xargs waits for each decoder or encoder it starts).
timed() {
    local name="$1"; shift
    /usr/bin/time -f '%e %U %S' -o "$work/time" "$@"
    read -r wall user sys < <(tail -1 "$work/time")
    printf -v "$name" '%s' "$wall"
    printf -v "${name}_cpu" '%s' "$(python3 -c "print(round($user + $sys, 2))")"
}

# Decode: the scale n/8 (n = 1, 2, 4, 5, 8) Cascade picks, by the same rule
# (RenditionMaker.decodeHint, Sources/Thumbnails/DecodeSize.swift, and
# cth_jpeg_scale): the widths are made largest first, each from the smallest
# one already made that is at least 1.5x as wide and tall, else from the
# decode; the decode must be at least twice each tile size it serves and 1.25x
# the large image (a 2048 px box) when it serves it, in stored orientation,
# and is the smallest of those eighths that covers that (8/8 when none does).
# Tile widths 320-1280 px (the default grid's), each clamped to the photo.
# Display sizes and EXIF orientation come from `cascade scan --json` (header
# reads only, untimed). Decoding at any other scale than the build's would
# not be its floor: smaller is work the build cannot skip, larger is work it
# does not do.
swift build -c release --product cascade >/dev/null 2>&1 || true
cascade_bin="$(swift build -c release --show-bin-path)/cascade"
"$cascade_bin" scan --json "$album" > "$work/scan.jsonl" 2>/dev/null || true
python3 - "$work/scan.jsonl" "$work/png.txt" > "$work/decode.txt" <<'PY'
import json, sys
TILES, BOX = (320, 480, 640, 960, 1280), 2048
TILE_MARGIN, FULL_VIEW_MARGIN = (2, 1), (5, 4)


def height_for(width, dw, dh):
    """RenditionMaker.height(forWidth:): the aspect ratio's height, rounded half up, at least 1."""
    return max(1, (2 * width * dh + dw) // (2 * dw))


def scale(photo):
    sw, sh = photo["width"], photo["height"]
    dw, dh = photo["displayWidth"], photo["displayHeight"]
    swaps = (photo.get("orientation") or 1) in (5, 6, 7, 8)
    # WidthLadder.largeWidth / largeHeight: the 2048 px box, never wider than the photo.
    large_w = min(max(1, int(BOX * dw / dh)) if dh > dw else BOX, max(dw, 1))
    large_h = BOX if dh > dw and dh > BOX else None
    plan = []  # RenditionMaker.plan: (display width, stored width, stored height), largest first
    for width in sorted({min(max(w, 1), dw) for w in TILES + (large_w,)}, reverse=True):
        height = height_for(width, dw, dh)
        if large_h is not None and width == large_w and abs(large_h - width * dh / dw) < 1:
            height = large_h
        plan.append((width,) + ((height, width) if swaps else (width, height)))
    need_w = need_h = 0
    for index, (width, stored_w, stored_h) in enumerate(plan):
        if any(2 * bw >= 3 * stored_w and 2 * bh >= 3 * stored_h for _, bw, bh in plan[:index]):
            continue  # made from a larger rendition, not from the decode
        num, den = FULL_VIEW_MARGIN if width == large_w else TILE_MARGIN
        need_w = max(need_w, (stored_w * num + den - 1) // den)
        need_h = max(need_h, (stored_h * num + den - 1) // den)
    for n in (1, 2, 4, 5):  # cth_jpeg_scale's eighths below 8/8
        if (sw * n + 7) // 8 >= need_w and (sh * n + 7) // 8 >= need_h:
            return n
    return 8


pngs = open(sys.argv[2], "w")
for line in open(sys.argv[1]):
    photo = json.loads(line)
    if photo.get("format") == "png":
        print(photo["path"], file=pngs)
    if photo.get("format") != "jpeg":
        continue
    print(f"{scale(photo)}/8\t{photo['path']}")
PY
echo "decoding $(wc -l < "$work/decode.txt") JPEGs and $(wc -l < "$work/png.txt") PNGs, $jobs at a time"
tr '\t' '\n' < "$work/decode.txt" > "$work/decode.args"
timed decode xargs -a "$work/decode.args" -d '\n' -n2 -P "$jobs" sh -c 'djpeg -scale "$0" -outfile /dev/null "$1"'
timed png xargs -a "$work/png.txt" -d '\n' -n1 -P "$jobs" "$work/png-decode"

# Encode: every JPEG rendition of the site, from its pixels (decoded first, untimed).
mkdir -p "$work/ppm"
find "$site/renditions" -name '*.jpg' | sort | while read -r file; do
    djpeg -outfile "$work/ppm/$(basename "$file" .jpg).ppm" "$file"
done
count=$(ls "$work/ppm" | wc -l)
pixels=$(python3 -c "
import os,sys
t=0
for f in os.listdir(sys.argv[1]):
    with open(os.path.join(sys.argv[1],f),'rb') as h:
        parts=h.read(64).split()
        t+=int(parts[1])*int(parts[2])
print(round(t/1e6))" "$work/ppm")
echo "encoding $count renditions ($pixels megapixels), $jobs at a time"
find "$work/ppm" -name '*.ppm' -print0 > "$work/encode.args"
timed encode xargs -a "$work/encode.args" -0 -n1 -P "$jobs" sh -c 'cjpeg -quality 80 -progressive -optimize -outfile /dev/null "$0"'
# The large images alone (each photo's widest rendition): the floor of a site
# with nothing but the full-view image.
python3 - "$work/ppm" > "$work/large.txt" <<'PY'
import os, sys
widest = {}
for name in os.listdir(sys.argv[1]):
    stem, width = name.split('-')[0], int(name.split('-')[1].split('q')[0].rstrip('l'))
    if width > widest.get(stem, (0, ''))[0]:
        widest[stem] = (width, name)
for width, name in sorted(widest.values(), key=lambda x: x[1]):
    print(os.path.join(sys.argv[1], name))
PY
timed large xargs -a "$work/large.txt" -d '\n' -n1 -P "$jobs" sh -c 'cjpeg -quality 80 -progressive -optimize -outfile /dev/null "$0"'
sum() { python3 -c "import sys; print(round(sum(map(float, sys.argv[1:])), 2))" "$@"; }
printf 'JPEG decode %.2f s (CPU %.2f s), PNG decode %.2f s (CPU %.2f s), encode %.2f s (CPU %.2f s): wall, %s jobs at a time\n' \
    "$decode" "$decode_cpu" "$png" "$png_cpu" "$encode" "$encode_cpu" "$jobs"
printf 'floor: total %.2f s (CPU %.2f s); without the PNG decodes (libjpeg-turbo alone) %.2f s (CPU %.2f s)\n' \
    "$(sum "$decode" "$png" "$encode")" "$(sum "$decode_cpu" "$png_cpu" "$encode_cpu")" \
    "$(sum "$decode" "$encode")" "$(sum "$decode_cpu" "$encode_cpu")"
printf 'encode of the %s large images alone %.2f s; JPEG decode + large alone %.2f s\n' \
    "$(wc -l < "$work/large.txt")" "$large" "$(sum "$decode" "$large")"
# Benchmarks/all/run.sh collects the figures for the README's table: `total`
# stays the libjpeg-turbo floor it always was; `withPNG` adds the PNG decodes.
if [ -n "${RESULT_JSON:-}" ]; then
    python3 -c "import json,sys; d,p,e,l=map(float,sys.argv[1:]); print(json.dumps({'decode':d,'png':p,'encode':e,'total':d+e,'withPNG':d+p+e,'large':l}))" \
        "$decode" "$png" "$encode" "$large" > "$RESULT_JSON"
fi
