#!/usr/bin/env bash
# HEIC rendition speed, side by side in one run (issue 12): Cascade's rendition-benchmark (libheif
# through Thumbnails' C shim, one image per job, --jobs = cores) against vipsthumbnail (libvips'
# own libheif loader, one process per core via xargs -P), making the same widths of the same HEIC
# files. The HEICs are the large-album benchmark's photos (Benchmarks/large-album/make-album.py)
# encoded with heif-enc.
#
#   bash Benchmarks/heic/run.sh [COUNT] [WIDTHS] [PHOTO_WIDTH]   # defaults: 40 photos, 400,1280, 2048 px wide
#
# Environment: RUNS (default 3), JOBS (default nproc), WORK (a folder to keep the album in; default
# a temporary one), CASCADE_RENDITION_BENCHMARK (a built rendition-benchmark; default: built here).
# Needs heif-enc (libheif-examples), hyperfine and vipsthumbnail (libvips-tools), installed with
# apt-get if missing. Prints hyperfine's table and the vips / Cascade time ratio.
set -euo pipefail
count=${1:-40}
widths=${2:-400,1280}
photo_width=${3:-2048}
runs=${RUNS:-3}
jobs=${JOBS:-$(nproc)}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v vipsthumbnail >/dev/null || need+=(libvips-tools)
command -v heif-enc >/dev/null || need+=(libheif-examples)
if [ ${#need[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" >&2
fi

binary=${CASCADE_RENDITION_BENCHMARK:-}
if [ -z "$binary" ]; then
    (cd "$root" && swift build -c release --product rendition-benchmark >&2)
    binary="$root/.build/release/rendition-benchmark"
fi

work=${WORK:-$(mktemp -d)}
out=$(mktemp -d)
tools=$(mktemp -d)
trap 'rm -rf "$out" "$tools"; [ -n "${WORK:-}" ] || rm -rf "$work"' EXIT
if [ ! -d "$work/heic" ]; then
    rm -rf "$work/png"
    python3 "$root/Benchmarks/large-album/make-album.py" "$work/png" --count "$count" --width "$photo_width" >&2
    mkdir -p "$work/heic.tmp"
    find "$work/png" -name '*.png' -print0 | sort -z \
        | xargs -0 -P "$jobs" -I{} sh -c 'heif-enc -q 80 -o "$0/heic.tmp/$(basename "$1" .png).heic" "$1" >/dev/null' "$work" {}
    mv "$work/heic.tmp" "$work/heic"
fi
list="$tools/list"
find "$work/heic" -name '*.heic' -print0 | sort -z > "$list"
images=$(tr -cd '\0' < "$list" | wc -c)
echo "HEIC album: $images photos ${photo_width} px wide, widths $widths, jobs $jobs, runs $runs" >&2
export list out binary jobs widths

cat > "$tools/cascade.sh" <<'SH'
xargs -0 -a "$list" "$binary" --jobs "$jobs" --quality 80 --space srgb --widths "$widths" --out "$out" > /dev/null
SH
cat > "$tools/vips.sh" <<'SH'
for w in ${widths//,/ }; do
    xargs -0 -a "$list" -P "$jobs" -n 5 vipsthumbnail -s "${w}x" -o "$out/%s-$w.jpg[Q=80,strip]"
done
SH

VIPS_CONCURRENCY=1 hyperfine --runs "$runs" --warmup 1 --prepare 'rm -rf "$out"; mkdir -p "$out"; sync' \
    --export-json "$tools/results.json" \
    -n "Cascade rendition-benchmark --jobs $jobs" "bash $tools/cascade.sh" \
    -n "vipsthumbnail, xargs -P $jobs" "bash $tools/vips.sh"
python3 - "$tools/results.json" <<'PY'
import json, sys
cascade, vips = json.load(open(sys.argv[1]))["results"]
print("Cascade %.2f s, vipsthumbnail %.2f s: vips / Cascade = %.2f" % (cascade["mean"], vips["mean"], vips["mean"] / cascade["mean"]))
PY
