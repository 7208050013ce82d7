#!/usr/bin/env bash
# Speed benchmark for `cascade scan --json`: 20,000 photos, hard links of
#   MIX=camera (default): the shared sample photos' JPEGs, camera files with
#                         full Exif (make, model, exposure, dates);
#   MIX=corpus:           those plus every valid photo-format file of the
#                         shared corpus (many small test files, little Exif);
# warm cache, side by side with
#   - read4k: a minimal C program that opens each file, reads 4 KiB, closes it;
#   - Python's `imagesize` package (imagesize.get on every file).
# Targets: cascade <= 1.25x read4k, and >= 5x faster than imagesize.
#
# Usage: bash Benchmarks/scan/run.sh [WORKDIR]   (default /tmp/cascade-scan-bench)
# Env:   COUNT (20000), RUNS (10), MIX (camera), SCRATCH (SwiftPM scratch path, default .build),
#        SHARED (the shared folder, default ../shared beside the repository),
#        BASELINE (another cascade binary, e.g. an earlier commit's, timed in
#        the same run; see Benchmarks/baseline.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-/tmp/cascade-scan-bench}
count=${COUNT:-20000}
runs=${RUNS:-10}
scratch=${SCRATCH:-$repo/.build}
shared=${SHARED:-$repo/../shared}

command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
python3 -c 'import imagesize' 2>/dev/null || python3 -m pip install --quiet imagesize

echo "== building cascade (release)"
(cd "$repo" && swift build -c release --static-swift-stdlib --product cascade --scratch-path "$scratch" >/dev/null)
cascade="$scratch/release/cascade"
cc -O2 -o "$work.read4k" "$here/read4k.c"

echo "== making $count files in $work/album"
rm -rf "$work" && mkdir -p "$work/source" "$work/album"
mix=${MIX:-camera}
n=0
if [ "$mix" = camera ]; then
    for f in "$shared"/sample-photos/*.jpg; do
        [ -f "$f" ] && cp "$f" "$work/source/$(printf 'p%03d' $n).jpg" && n=$((n + 1))
    done
else
    for f in "$shared"/sample-photos/*.jpg "$shared"/sample-photos/*.png; do
        [ -f "$f" ] && cp "$f" "$work/source/$(printf 'p%03d' $n).${f##*.}" && n=$((n + 1))
    done
    # Every valid file of a photo format in the corpus (JPEG, PNG, HEIC/HEIF, AVIF, WebP, GIF, TIFF).
    awk -F'\t' 'NR > 1 && $10 == "valid" && $4 ~ /^(JPEG|PNG|APNG|HEIC|HEIF|AVIF|WEBP|GIF|TIFF)$/ { print $1 }' \
        "$shared/corpus/manifest.tsv" | while read -r path; do
        cp "$shared/corpus/$path" "$work/source/$(printf 'c%03d' $n).${path##*.}"; n=$((n + 1))
    done
fi
mapfile -t sources < <(ls "$work/source" | sort)
for ((i = 0; i < count; i++)); do
    folder="$work/album/$(printf '%02d' $((i / 1000)))"
    [ -d "$folder" ] || mkdir "$folder"
    src=${sources[$((i % ${#sources[@]}))]}
    ln "$work/source/$src" "$folder/IMG_$(printf '%05d' "$i").${src##*.}"
done
echo "   ${#sources[@]} distinct files, $(find "$work/album" -type f | wc -l) links"

echo "== checking the three agree on the file count"
"$work.read4k" "$work/album"
"$cascade" scan --json "$work/album" | wc -l
python3 "$here/imagesize_scan.py" "$work/album" | wc -l

echo "== hyperfine (warm cache: 3 warm-up runs each)"
baseline=()
if [ -n "${BASELINE:-}" ]; then
    cmp <("$BASELINE" scan --json "$work/album") <("$cascade" scan --json "$work/album") >/dev/null \
        || { echo "scan: the baseline's output differs from this cascade's" >&2; exit 1; }
    baseline=(-n baseline "$BASELINE scan --json $work/album")
fi
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/results.json" \
    -n read4k "$work.read4k $work/album" \
    -n cascade "$cascade scan --json $work/album" \
    "${baseline[@]}" \
    -n imagesize "python3 $here/imagesize_scan.py $work/album"

python3 - "$work/results.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
c, b, p = (r[k]["mean"] for k in ("cascade", "read4k", "imagesize"))
print(f"cascade {c*1000:.1f} ms, read4k {b*1000:.1f} ms, imagesize {p*1000:.1f} ms (means)")
print(f"cascade / read4k = {c/b:.2f}x (target <= 1.25x)")
print(f"imagesize / cascade = {p/c:.1f}x (target >= 5x)")
if "baseline" in r:
    print(f"cascade / baseline = {c/r['baseline']['mean']:.3f}x (baseline {r['baseline']['mean']*1000:.1f} ms)")
PY
# CPU time is less sensitive than wall time to other work on the machine:
# the user and system time of each, per file (perf stat, 10 runs), when perf is there.
if command -v perf >/dev/null; then
    for name in read4k cascade; do
        if [ "$name" = read4k ]; then command=("$work.read4k" "$work/album"); else command=("$cascade" scan --json "$work/album"); fi
        perf stat -r 10 -x, -e task-clock,user_time,system_time "${command[@]}" 2>&1 >/dev/null \
            | awk -F, -v name="$name" -v count="$count" '
                $3 == "task-clock" { task = $1 } $3 == "user_time" { user = $1 } $3 == "system_time" { sys = $1 }
                END { if (task != "") printf "%-8s task-clock %.1f ms, per file: user %.2f us, sys %.2f us\n", name, task, user / count / 1000, sys / count / 1000 }'
    done
fi
# Benchmarks/all/run.sh collects the figures for the README's table.
if [ -n "${RESULT_JSON:-}" ]; then
    python3 - "$work/results.json" "$count" > "$RESULT_JSON" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
pick = lambda k: {"mean": r[k]["mean"], "stddev": r[k]["stddev"]}
print(json.dumps({"files": int(sys.argv[2]), "cascade": pick("cascade"), "read4k": pick("read4k"), "imagesize": pick("imagesize")}))
PY
fi
