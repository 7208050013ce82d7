#!/usr/bin/env bash
# The hash stage of the 200-photo benchmark (issue 28), two cascade binaries side by side in one run: each
# round builds the album cold with one binary, then the other (the order alternating from round to round), and
# takes the `hash` stage from `--json` (`seconds.hash`: reading and hashing every photo, loading the
# bookkeeping, planning the renditions). Prints every run, then the medians and the ratio new / old.
#
#   Benchmarks/hash/side-by-side.sh OLD_CASCADE NEW_CASCADE [ALBUM] [RUNS]
#     ALBUM  the 200-photo album (default /tmp/cascade-bench-album; made by Benchmarks/renditions/make-album.py
#            when missing)
#     RUNS   cold builds per binary (default 5)
#   Env: RESULT_JSON=FILE also writes the runs and medians there.
#
# Build the old binary from an older commit first, e.g.
#   git clone -q . /tmp/old && (cd /tmp/old && git checkout -q COMMIT && swift build -c release --product cascade)
# and the new one with `swift build -c release --product cascade`. A first build of each, untimed, reads the
# album into the page cache, so the timed builds hash from memory, not from the disk.
set -euo pipefail
cd "$(dirname "$0")/../.."
old="$1" new="$2" album="${3:-/tmp/cascade-bench-album}" runs="${4:-5}"
[ -d "$album" ] || python3 Benchmarks/renditions/make-album.py "$album"
work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-hash-bench-XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "album: $album ($(find "$album" -maxdepth 1 -type f | wc -l) files, $(du -sh "$album" | cut -f1)); cores: $(nproc)"
echo "old: $old"
echo "new: $new"
for binary in "$old" "$new"; do
    rm -rf "$work/site"
    "$binary" build "$album" --output "$work/site" --quiet >/dev/null
done
: > "$work/runs.tsv"
for round in $(seq "$runs"); do
    if [ $((round % 2)) = 1 ]; then order=(old new); else order=(new old); fi
    for which in "${order[@]}"; do
        if [ "$which" = old ]; then binary="$old"; else binary="$new"; fi
        rm -rf "$work/site"
        "$binary" build "$album" --output "$work/site" --json > "$work/report.json" 2> "$work/stderr" \
            || { cat "$work/stderr" >&2; exit 1; }
        python3 - "$round" "$which" "$work/report.json" >> "$work/runs.tsv" <<'PY'
import json, sys
seconds = json.load(open(sys.argv[3]))["seconds"]
print(f"{sys.argv[1]}\t{sys.argv[2]}\t{seconds['hash']:.3f}\t{seconds['total']:.3f}")
PY
        tail -n 1 "$work/runs.tsv" | awk -F'\t' '{ printf "round %s %-3s hash %.3f s  build %.3f s\n", $1, $2, $3, $4 }'
    done
done
python3 - "$work/runs.tsv" "${RESULT_JSON:-}" <<'PY'
import json, statistics, sys
runs = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
hash_of = {w: [float(r[2]) for r in runs if r[1] == w] for w in ("old", "new")}
total_of = {w: [float(r[3]) for r in runs if r[1] == w] for w in ("old", "new")}
median = {w: statistics.median(hash_of[w]) for w in hash_of}
ratio = median["new"] / median["old"]
print(f"hash stage, median of {len(hash_of['old'])}: old {median['old']:.3f} s, new {median['new']:.3f} s, "
      f"new/old {ratio:.2f}x")
print(f"whole build, median: old {statistics.median(total_of['old']):.3f} s, new {statistics.median(total_of['new']):.3f} s")
if sys.argv[2]:
    json.dump({"runs": [{"round": int(r[0]), "binary": r[1], "hash": float(r[2]), "total": float(r[3])} for r in runs],
               "median": median, "ratio": ratio}, open(sys.argv[2], "w"), indent=1)
PY
