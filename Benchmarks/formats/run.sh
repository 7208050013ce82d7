#!/usr/bin/env bash
# The formats benchmark (issue 12, `--formats`), side by side in one run:
#   1. quality per byte: Benchmarks/formats/formats.py — Cascade's WebP and AVIF against its JPEG Q80
#      and against libvips's webpsave/heifsave defaults, at equal PSNR against the
#      `vips resize --kernel lanczos3` reference of Benchmarks/renditions/quality.py;
#   2. build time: cold `cascade build` of the same album with --formats jpeg, webp, avif and avif,webp,
#      alternately (hyperfine), with the CPU time each format adds and the bytes it publishes.
#
#   bash Benchmarks/formats/run.sh [ALBUM] [WIDTHS]     (default: ../shared/sample-photos, 640,1280)
#   RUNS=3 bash Benchmarks/formats/run.sh …              (hyperfine runs per command; default 1)
#
# Needs libvips-tools, hyperfine and python3-numpy (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/../.."
album="$(realpath "${1:-../shared/sample-photos}")"
widths="${2:-640,1280}"
runs="${RUNS:-1}"
swift build -c release --product cascade >/dev/null
swift build -c release --product rendition-benchmark >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d "${TMPDIR:-/dev/shm}/cascade-formats-XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "## Quality per byte ($album, widths $widths)"
echo
CASCADE_RENDITION_BENCHMARK="$bin/rendition-benchmark" python3 Benchmarks/formats/formats.py "$album" --widths "$widths" \
    --webp "${WEBP_SWEEP:-65,70,75,80,85}" --avif "${AVIF_SWEEP:-45,50,55,60,65}"

echo
echo "## Cold build time by --formats ($runs run(s) each, alternating)"
echo
commands=()
for formats in jpeg webp avif avif,webp; do
    commands+=(-n "$formats" --prepare "rm -rf '$work/site-$formats'"
               "'$bin/cascade' build '$album' --output '$work/site-$formats' --formats $formats --quiet")
done
hyperfine --style basic --runs "$runs" --export-json "$work/times.json" "${commands[@]}" >&2
python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
results = {r["command"]: r for r in json.load(open(os.path.join(work, "times.json")))["results"]}
def published(formats):
    folder = os.path.join(work, f"site-{formats}", "renditions")
    sizes = {}
    for name in os.listdir(folder):
        sizes.setdefault(name.rsplit(".", 1)[1], []).append(os.path.getsize(os.path.join(folder, name)))
    return sizes
base = results["jpeg"]
base_cpu = base["user"] + base["system"]
print("| --formats | wall s (median) | CPU s (user + sys, mean) | CPU added to the JPEG-only build | bytes published per format |")
print("|---|---|---|---|---|")
for formats in ["jpeg", "webp", "avif", "avif,webp"]:
    r = results[formats]
    cpu = r["user"] + r["system"]
    sizes = published(formats)
    text = ", ".join(f"{kind} {sum(v) / 1e6:.2f} MB ({len(v)} files)" for kind, v in sorted(sizes.items()))
    print(f"| {formats} | {r['median']:.2f} | {cpu:.2f} | {'—' if formats == 'jpeg' else f'+{cpu - base_cpu:.2f} s (×{cpu / base_cpu:.2f})'} | {text} |")
PY
