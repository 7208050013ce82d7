#!/usr/bin/env bash
# Ragged bottoms of the album grids, `shortest` against `balanced`, on real
# photo sets, at the page widths 390, 1024, 1440, 2560 and 3840 px with the
# default theme's geometry (gallery = page − 2 × 12 px padding; the column
# count its @container rules pick; 8 px gaps; panoramas spanning as built).
#
# Usage: Benchmarks/layout-balance/run.sh
# Sets (one grid each):
#   - every album of SampleAlbum (its photos, by folder),
#   - /work/shared/sample-photos (SAMPLE_PHOTOS),
#   - the valid images of /work/shared/corpus/manifest.tsv (MANIFEST), by
#     display size, in runs of 40 in manifest order.
# Prints a Markdown table: median and max raggedness (tallest − shortest
# column, px) per order and width, and how many tiles left the `shortest`
# column. Then the layout speed benchmark's `plan` and `balanced` lines.
set -euo pipefail
cd "$(dirname "$0")/../.."
sample_photos="${SAMPLE_PHOTOS:-/work/shared/sample-photos}"
manifest="${MANIFEST:-/work/shared/corpus/manifest.tsv}"

swift build -c release --product cascade >/dev/null
swift build -c release --product layout-balance >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-layout-balance-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# One file per folder: WIDTHxHEIGHT lines, in the build's (name) order.
scan_sets() {
    "$bin/cascade" scan --json "$1" 2>/dev/null | python3 -c '
import json, os, sys
sets = {}
for line in sys.stdin:
    item = json.loads(line)
    sets.setdefault(os.path.dirname(item["path"]), []).append("%dx%d" % (item["displayWidth"], item["displayHeight"]))
for index, folder in enumerate(sorted(sets)):
    with open(os.path.join(sys.argv[1], "%s-%02d.txt" % (sys.argv[2], index)), "w") as out:
        out.write("\n".join(sets[folder]) + "\n")
' "$work" "$2"
}
scan_sets SampleAlbum sample-album
[ -d "$sample_photos" ] && scan_sets "$sample_photos" sample-photos
if [ -f "$manifest" ]; then
    awk -F'\t' -v dir="$work" 'NR > 1 && $10 == "valid" && $8 > 0 && $9 > 0 {
        file = sprintf("%s/manifest-%03d.txt", dir, int(n++ / 40)); print $8 "x" $9 > file
    }' "$manifest"
fi

"$bin/layout-balance" "$work"/*.txt 2>/dev/null
