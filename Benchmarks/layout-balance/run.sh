#!/usr/bin/env bash
# Ragged bottoms of the album grids, `shortest` against `balanced`, on real
# photo sets, at the page widths 390, 1024, 1440, 2560 and 3840 px with the
# default theme's geometry (gallery = page − 2 × 12 px padding; the column
# count its @container rules pick; 8 px gaps; panoramas spanning as built).
#
# Usage: Benchmarks/layout-balance/run.sh
# Sets (one grid each), in groups:
#   sample-album   every album of SampleAlbum (its photos, by folder)
#   sample-photos  /work/shared/sample-photos (SAMPLE_PHOTOS)
#   corpus         the valid images of /work/shared/corpus/manifest.tsv
#                  (MANIFEST) by display size, in runs of 40 in manifest order
#   drawnN         10 albums of N = 24, 60, 150 photos drawn (seeded) from all
#                  of the above with an aspect between 1:5 and 5:1
# Prints a Markdown table: median and max raggedness (tallest − shortest
# column, px) per group, order and width, and how many tiles left the
# `shortest` column.
set -euo pipefail
cd "$(dirname "$0")/../.."
sample_photos="${SAMPLE_PHOTOS:-/work/shared/sample-photos}"
manifest="${MANIFEST:-/work/shared/corpus/manifest.tsv}"

swift build -c release --product cascade >/dev/null
swift build -c release --product layout-balance >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-layout-balance-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Sizes as WIDTHxHEIGHT lines; each set file is NAME-NN.txt (group NAME).
"$bin/cascade" scan --json SampleAlbum > "$work/sample-album.jsonl" 2>/dev/null
if [ -d "$sample_photos" ]; then "$bin/cascade" scan --json "$sample_photos" > "$work/sample-photos.jsonl" 2>/dev/null; fi
python3 - "$work" "$manifest" <<'PY'
import json, os, random, sys
work, manifest = sys.argv[1], sys.argv[2]

def write(name, index, sizes):
    with open(os.path.join(work, "%s-%03d.txt" % (name, index)), "w") as out:
        out.write("".join("%dx%d\n" % size for size in sizes))

def scanned(path):
    """Display sizes by folder, in the build's (name) order."""
    folders = {}
    if os.path.exists(path):
        for line in open(path):
            item = json.loads(line)
            folders.setdefault(os.path.dirname(item["path"]), []).append((item["displayWidth"], item["displayHeight"]))
    return [folders[name] for name in sorted(folders)]

# The sample album's albums and the sample photos, as they are.
albums = scanned(os.path.join(work, "sample-album.jsonl"))
photos = scanned(os.path.join(work, "sample-photos.jsonl"))
for index, sizes in enumerate(albums): write("sample-album", index, sizes)
for index, sizes in enumerate(photos): write("sample-photos", index, sizes)

# The corpus: every valid image by display size, in runs of 40 in manifest order.
corpus = []
if os.path.exists(manifest):
    for row in list(open(manifest))[1:]:
        fields = row.rstrip("\n").split("\t")
        if len(fields) > 9 and fields[9] == "valid" and fields[7].isdigit() and fields[8].isdigit() \
                and int(fields[7]) > 0 and int(fields[8]) > 0:
            corpus.append((int(fields[7]), int(fields[8])))
for index in range(0, len(corpus), 40): write("corpus", index // 40, corpus[index:index + 40])

# Albums of 24, 60 and 150 photos drawn (seeded) from every photo-like shape
# above: aspect between 1:5 and 5:1 (the corpus holds 1×1000 test strips).
pool = [size for sizes in albums + photos for size in sizes] + corpus
pool = [(w, h) for (w, h) in pool if 0.2 <= h / w <= 5]
rng = random.Random(13)
for count in (24, 60, 150):
    for index in range(10): write("drawn%d" % count, index, [rng.choice(pool) for _ in range(count)])
PY

"$bin/layout-balance" "$work"/*.txt 2>/dev/null
