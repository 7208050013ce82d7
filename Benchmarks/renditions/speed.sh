#!/usr/bin/env bash
# Speed benchmark, side by side in one run: making the same renditions of every image of an album
# with Cascade (rendition-benchmark, one image per job, --jobs = cores), vipsthumbnail (one process
# per core via xargs -P) and ImageMagick `convert -thumbnail` (one process per core, with and
# without the `-define jpeg:size=` shrink-on-load hint).
#
#   bash Benchmarks/renditions/speed.sh ALBUM [WIDTHS] [QUALITY]      # WIDTHS default 400, e.g. 320,640,1280
#
# Environment: CASCADE_RENDITION_BENCHMARK=path to a built rendition-benchmark (default: build it with
# `swift build -c release --product rendition-benchmark`), RUNS (default 3), JOBS (default nproc).
# Needs hyperfine, libvips-tools, imagemagick (installed with apt-get if missing).
set -euo pipefail
album=${1:?usage: speed.sh ALBUM [WIDTHS] [QUALITY]}
widths=${2:-400}
quality=${3:-80}
runs=${RUNS:-3}
jobs=${JOBS:-$(nproc)}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v vipsthumbnail >/dev/null || need+=(libvips-tools)
[ -x /usr/bin/convert ] || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
fi

binary=${CASCADE_RENDITION_BENCHMARK:-}
if [ -z "$binary" ]; then
    (cd "$root" && swift build -c release --product rendition-benchmark >&2)
    binary="$root/.build/release/rendition-benchmark"
fi

out=$(mktemp -d)
list=$(mktemp)
tools=$(mktemp -d)
trap 'rm -rf "$out" "$list" "$tools"' EXIT
# Images only, sorted, NUL-separated (names with spaces, quotes, non-ASCII).
find "$album" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) -print0 | sort -z > "$list"
count=$(tr -cd '\0' < "$list" | wc -c)
echo "album: $album ($count images), widths: $widths, quality: $quality, jobs: $jobs, runs: $runs" >&2
export list out quality binary jobs widths

# One script per tool; each makes every width of every image into $out.
cat > "$tools/cascade.sh" <<'SH'
xargs -0 -a "$list" "$binary" --jobs "$jobs" --quality "$quality" --widths "$widths" --out "$out" > /dev/null
SH
cat > "$tools/vips.sh" <<'SH'
for w in ${widths//,/ }; do
    xargs -0 -a "$list" -P "$jobs" -n 25 vipsthumbnail -s "${w}x" -o "$out/%s-$w.jpg[Q=$quality,strip]"
done
SH
cat > "$tools/magick.sh" <<'SH'
for w in ${widths//,/ }; do
    W=$w xargs -0 -a "$list" -P "$jobs" -n 1 sh -c '/usr/bin/convert "$1" -auto-orient -thumbnail "${W}x" -quality "$quality" -strip "$out/$(basename "$1")-$W.jpg"' _
done
SH
cat > "$tools/magick-hint.sh" <<'SH'
for w in ${widths//,/ }; do
    W=$w xargs -0 -a "$list" -P "$jobs" -n 1 sh -c '/usr/bin/convert -define jpeg:size=$((W*2))x$((W*2)) "$1" -auto-orient -thumbnail "${W}x" -quality "$quality" -strip "$out/$(basename "$1")-$W.jpg"' _
done
SH

MAGICK_THREAD_LIMIT=1 VIPS_CONCURRENCY=1 hyperfine --runs "$runs" --warmup 1 \
    --prepare 'rm -rf "$out"; mkdir -p "$out"; sync' \
    --export-markdown "${RESULTS:-/dev/stdout}" --export-json "$tools/results.json" \
    -n "Cascade rendition-benchmark --jobs $jobs" "bash $tools/cascade.sh" \
    -n "vipsthumbnail, xargs -P $jobs" "bash $tools/vips.sh" \
    -n "convert -thumbnail, xargs -P $jobs" "bash $tools/magick.sh" \
    -n "convert -define jpeg:size=2Wx2W -thumbnail, xargs -P $jobs" "bash $tools/magick-hint.sh"

# Benchmarks/all/run.sh collects the figures for the README's table.
if [ -n "${RESULT_JSON:-}" ]; then
    python3 - "$tools/results.json" "$count" "$widths" > "$RESULT_JSON" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
pick = lambda i: {"mean": r[i]["mean"], "stddev": r[i]["stddev"]}
print(json.dumps({"images": int(sys.argv[2]), "widths": sys.argv[3], "cascade": pick(0), "vips": pick(1),
                  "convert": pick(2), "convert_hint": pick(3)}))
PY
fi
