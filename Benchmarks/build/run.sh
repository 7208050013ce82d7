#!/usr/bin/env bash
# Whole-build benchmark, side by side in one run: a cold `cascade build` of the
# 200-photo benchmark album against a cold `sigal build` with sigal's default
# settings, and a no-change `cascade build` rebuild.
#
# Usage: Benchmarks/build/run.sh [ALBUM] [RUNS]
#   ALBUM  the benchmark album (default /tmp/cascade-bench-album; made with
#          Benchmarks/renditions/make-album.py when missing)
#   RUNS   hyperfine runs per command (default 3; each cold run is seconds)
# Needs hyperfine (apt) and sigal (pip); installs them when missing.
# Env: BASELINE (another cascade binary, e.g. an earlier commit's: its no-change
#      rebuild is timed in the same run, and its site must be byte-identical);
#      SKIP_COLD=1 leaves out the cold builds (minutes each).
set -euo pipefail
cd "$(dirname "$0")/../.."
album="${1:-/tmp/cascade-bench-album}"
runs="${2:-3}"

command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null; }
command -v sigal >/dev/null || python3 -m pip install -q sigal
[ -d "$album" ] || python3 Benchmarks/renditions/make-album.py "$album"

swift build -c release --static-swift-stdlib --product cascade >/dev/null
cascade="$(swift build -c release --show-bin-path)/cascade"
work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-build-bench-XXXXXX")"
trap 'rm -rf "$work"' EXIT
# sigal needs a sigal.conf.py in the current folder: `sigal init` writes one
# with its default settings.
mkdir -p "$work/sigal-cwd"
(cd "$work/sigal-cwd" && sigal init >/dev/null)

echo "album: $album ($(find "$album" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | wc -l) images, $(du -sh "$album" | cut -f1)); cores: $(nproc)"
"$cascade" build "$album" --output "$work/warm" >/dev/null 2>&1   # for the no-change rebuild

if [ "${SKIP_COLD:-}" != 1 ]; then
hyperfine --runs "$runs" --export-markdown "$work/cold.md" --export-json "$work/cold.json" \
    --prepare "rm -rf '$work/cascade-out'" \
    -n "cascade build (cold)" "'$cascade' build '$album' --output '$work/cascade-out'" \
    --prepare "rm -rf '$work/sigal-out'" \
    -n "sigal build (cold, defaults)" "cd '$work/sigal-cwd' && sigal build '$album' '$work/sigal-out'"
fi
baseline=()
if [ -n "${BASELINE:-}" ]; then
    "$BASELINE" build "$album" --output "$work/baseline-warm" >/dev/null 2>&1
    diff -r -x '.cascade-*' "$work/warm" "$work/baseline-warm" >/dev/null \
        || { echo "build: the baseline's site differs from this cascade's" >&2; exit 1; }
    baseline=(-n "baseline build (no change)" "'$BASELINE' build '$album' --output '$work/baseline-warm'")
fi
hyperfine --warmup 2 --runs 20 --export-markdown "$work/rebuild.md" --export-json "$work/rebuild.json" \
    -n "cascade build (no change)" "'$cascade' build '$album' --output '$work/warm'" "${baseline[@]}"
cat $([ -f "$work/cold.md" ] && echo "$work/cold.md") "$work/rebuild.md"
# Benchmarks/all/run.sh collects the figures for the README's table; it
# also keeps the cold site for the floor script (KEEP_SITE).
if [ -n "${KEEP_SITE:-}" ] && [ -d "$work/cascade-out" ]; then rm -rf "$KEEP_SITE" && cp -a "$work/cascade-out" "$KEEP_SITE"; fi
if [ -n "${RESULT_JSON:-}" ]; then
    python3 - "$work" "$(find "$album" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | wc -l)" > "$RESULT_JSON" <<'PY'
import json, os, sys
work, images = sys.argv[1], int(sys.argv[2])
pick = lambda x: {"mean": x["mean"], "stddev": x["stddev"]}
figures = {"images": images, "rebuild": pick(json.load(open(os.path.join(work, "rebuild.json")))["results"][0])}
if os.path.exists(os.path.join(work, "cold.json")):
    cold = json.load(open(os.path.join(work, "cold.json")))["results"]
    figures["cold"], figures["sigal"] = pick(cold[0]), pick(cold[1])
print(json.dumps(figures))
PY
fi
