#!/usr/bin/env bash
# Scale benchmark: cold build, no-change rebuild, add-one-photo and remove-it-again rebuilds of generated libraries of
# tiny PNGs, with wall time and peak memory (RSS, /usr/bin/time), printed as one Markdown table. (add-remove.sh
# beside it times the add and the remove on one album of 100,000 for two binaries side by side.)
#
#   Benchmarks/scale/run.sh [WORK_DIR]        (from the repo root; default /tmp/cascade-scale)
#   SIZES="12500 25000 50000 100000" LIBRARY=100000 ALBUMS=100 Benchmarks/scale/run.sh
#
# Rows: one album folder holding N photos (the hostile case) for each N in SIZES, then LIBRARY photos as ALBUMS
# albums (LIBRARY=0 skips it). The libraries are made by make-library.py (Python 3 standard library only) under
# WORK_DIR, never in the repository, and reused when present; each cold build starts from an empty output
# folder; the one added photo is removed again and the site rebuilt (measured too), so a rerun measures the
# same library.
# Needs: Swift, Python 3, GNU time (/usr/bin/time; Debian package `time`). 100,000 photos take ~3-4 min per
# cold build on a busy 2-core machine and ~1 GB of disk for library and site together.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=Benchmarks/scale
work="${1:-/tmp/cascade-scale}"
sizes="${SIZES:-12500 25000 50000 100000}"
library="${LIBRARY:-100000}"
albums="${ALBUMS:-100}"
mkdir -p "$work"
[ -x /usr/bin/time ] || { echo "run.sh: GNU time is needed (apt-get install time)" >&2; exit 1; }
swift build -c release --product cascade >&2
cascade="$(swift build -c release --show-bin-path)/cascade"

# Runs one build; prints "seconds peak-MB".
measure() {
    local album="$1" site="$2" stats="$work/time.txt"
    /usr/bin/time -f "%e %M" -o "$stats" "$cascade" build "$album" --output "$site" --quiet >&2 \
        || { echo "run.sh: build of $album failed" >&2; cat "$stats" >&2; exit 1; }
    awk '{ printf "%.2f %.0f\n", $1, $2 / 1024 }' "$stats"
}

# One row: cold, no change, one photo added (into the folder INTO of the library, "" for its root), removed again.
row() {
    local label="$1" album="$2" count="$3" into="$4"
    local site="$work/site-$(basename "$album")"
    rm -rf "$site"
    read -r cold cold_mb < <(measure "$album" "$site")
    read -r again again_mb < <(measure "$album" "$site")
    local extra=$((count + 1))
    python3 $here/make-library.py "$album/$into" --count 1 --start "$extra" --append
    read -r added added_mb < <(measure "$album" "$site")
    find "$album" -name "IMG_$(printf %06d "$extra").png" -delete
    read -r removed removed_mb < <(measure "$album" "$site")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$count" "$cold" "$cold_mb" "$again" "$added" "$added_mb" \
        "$removed" "$removed_mb"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$count" "$cold" "$cold_mb" "$again" "$added" "$added_mb" \
        "$removed" "$removed_mb" >> "$work/figures.tsv"
}
rm -f "$work/figures.tsv"

echo "| library | photos | cold build s | cold peak MB | no-change rebuild s | add one photo s | add-one peak MB | remove it s | remove peak MB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $sizes; do
    album="$work/single-$n"
    [ -d "$album" ] || python3 $here/make-library.py "$album" --count "$n"
    row "one album" "$album" "$n" ""
done
if [ "$library" -gt 0 ]; then
    album="$work/library-$library-$albums"
    [ -d "$album" ] || python3 $here/make-library.py "$album" --count "$library" --albums "$albums"
    row "$albums albums" "$album" "$library" "album-$(printf %03d "$albums")"
fi

# Benchmarks/all/run.sh collects the figures for the README's table: the
# largest one-album row and the many-album row, against the issue's targets.
if [ -n "${RESULT_JSON:-}" ]; then
    python3 - "$work/figures.tsv" > "$RESULT_JSON" <<'PY'
import json, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
singles = [r for r in rows if r[0] == "one album"]
def verdict(ok): return "met" if ok else "**not met**"
out = []
if singles:
    linear = ", ".join(f"{int(r[1]):,}: {float(r[2]):.1f} s" for r in singles)
    out.append({"id": "scale-cold", "what": "cold build, tiny photos in one album (linearity)", "cascade": linear,
                "peer": "target: linear, peak < 1 GB", "ratio": f"peak {max(int(r[3]) for r in singles):,} MB: " + verdict(max(int(r[3]) for r in singles) < 1024),
                "how": "`bash Benchmarks/scale/run.sh`"})
for r in ([singles[-1]] if singles else []) + [r for r in rows if r[0] != "one album"]:
    out.append({"id": "scale-" + r[0].replace(" ", "-"),
                "what": f"{int(r[1]):,} photos, {r[0]}: cold build (peak); no-change rebuild; one photo added; removed again",
                "cascade": f"{float(r[2]):.1f} s (peak {int(r[3]):,} MB); {float(r[4]):.2f} s; {float(r[5]):.2f} s (peak {int(r[6]):,} MB)"
                           + (f"; {float(r[7]):.2f} s (peak {int(r[8]):,} MB)" if len(r) > 8 else ""),
                "peer": "targets peak < 1 GB; < 2 s; < 3 s" + ("; none" if len(r) > 8 else ""),
                "ratio": verdict(int(r[3]) < 1024) + "; " + verdict(float(r[4]) < 2) + "; " + verdict(float(r[5]) < 3),
                "how": "`bash Benchmarks/scale/run.sh`"})
print(json.dumps({"rows": out}))
PY
fi
