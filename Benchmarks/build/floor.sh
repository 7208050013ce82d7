#!/usr/bin/env bash
# The libjpeg-turbo floor of a cold build: how long libjpeg-turbo's own tools
# take for the two steps no implementation can skip — decoding each camera JPEG
# at the DCT scale the largest rendition needs, and encoding the renditions
# Cascade makes (progressive, optimised Huffman tables, quality 80) — run
# `nproc` at a time, as the build runs its jobs. Resampling, PNG and pages are
# left out, so a real build can only be slower than this.
#
# Usage: Benchmarks/build/floor.sh ALBUM SITE
#   ALBUM  the benchmark album (Benchmarks/renditions/make-album.py)
#   SITE   a cold `cascade build` of it (its renditions/ are re-encoded)
# Needs djpeg and cjpeg (apt: libjpeg-turbo-progs).
set -euo pipefail
album="$1"
site="$2"
command -v cjpeg >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjpeg-turbo-progs >/dev/null; }
jobs="$(nproc)"
work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-floor-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Decode: the scale n/8 (n = 1, 2, 4, 8) Cascade picks (RenditionMaker.decodeHint
# and cth_jpeg_scale): the smallest whose decoded size is at least twice every
# ladder width (320-1280 px, clamped to the photo) and at least the large image
# (a 2048 px box, margin 1), in stored orientation. Display sizes and EXIF
# orientation come from `cascade scan --json` (header reads only, untimed).
swift build -c release --product cascade >/dev/null 2>&1 || true
cascade_bin="$(swift build -c release --show-bin-path)/cascade"
"$cascade_bin" scan --json "$album" > "$work/scan.jsonl" 2>/dev/null || true
python3 - "$work/scan.jsonl" > "$work/decode.txt" <<'PY'
import json, math, sys
LADDER, BOX = (320, 480, 640, 960, 1280), 2048
for line in open(sys.argv[1]):
    photo = json.loads(line)
    if photo.get("format") != "jpeg":
        continue
    sw, sh = photo["width"], photo["height"]
    dw, dh = photo["displayWidth"], photo["displayHeight"]
    swaps = (photo.get("orientation") or 1) in (5, 6, 7, 8)
    need_w = need_h = 0
    sizes = [(min(w, dw), 2) for w in LADDER]
    sizes.append((round(dw * min(1, BOX / max(dw, dh))), 1))
    for width, margin in sizes:
        height = max(1, round(width * dh / dw))
        stored = (height, width) if swaps else (width, height)
        need_w, need_h = max(need_w, stored[0] * margin), max(need_h, stored[1] * margin)
    n = 8
    for m in (1, 2, 4):
        if math.ceil(sw * m / 8) >= need_w and math.ceil(sh * m / 8) >= need_h:
            n = m
            break
    print(f"{n}/8\t{photo['path']}")
PY
echo "decoding $(wc -l < "$work/decode.txt") JPEGs, $jobs at a time"
start=$(date +%s.%N)
tr '\t' '\n' < "$work/decode.txt" | xargs -d '\n' -n2 -P "$jobs" sh -c 'djpeg -scale "$0" -outfile /dev/null "$1"'
decode=$(python3 -c "print($(date +%s.%N) - $start)")

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
start=$(date +%s.%N)
find "$work/ppm" -name '*.ppm' -print0 | xargs -0 -n1 -P "$jobs" sh -c 'cjpeg -quality 80 -progressive -optimize -outfile /dev/null "$0"'
encode=$(python3 -c "print($(date +%s.%N) - $start)")
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
start=$(date +%s.%N)
tr '\n' '\0' < "$work/large.txt" | xargs -0 -n1 -P "$jobs" sh -c 'cjpeg -quality 80 -progressive -optimize -outfile /dev/null "$0"'
large=$(python3 -c "print($(date +%s.%N) - $start)")
printf 'decode %.2f s, encode %.2f s, total %.2f s (wall, %s jobs)\n' "$decode" "$encode" "$(python3 -c "print($decode + $encode)")" "$jobs"
printf 'encode of the %s large images alone %.2f s; decode + large alone %.2f s\n' "$(wc -l < "$work/large.txt")" "$large" "$(python3 -c "print($decode + $large)")"
# Benchmarks/all/run.sh collects the figures for the README's table.
if [ -n "${RESULT_JSON:-}" ]; then
    python3 -c "import json,sys; d,e,l=map(float,sys.argv[1:]); print(json.dumps({'decode':d,'encode':e,'total':d+e,'large':l}))" \
        "$decode" "$encode" "$large" > "$RESULT_JSON"
fi
