#!/usr/bin/env bash
# Every benchmark behind a figure in the README's performance table, one after
# another on this machine, then the table rewritten from what was measured
# (Benchmarks/all/results.py; rows not run this time keep their earlier figures
# and the date they were measured).
#
# Usage: bash Benchmarks/all/run.sh [NAME ...]
#   NAME  any of: layout template scan renditions build floor quality scale serve
#         (default: all of them; a full run takes about an hour on two cores)
# Env:    ALBUM (the 200-photo album, default /tmp/cascade-bench-album, made by
#         Benchmarks/renditions/make-album.py when missing), RUNS (hyperfine runs
#         of the slow comparisons, default 2), PRINT_ONLY=1 (print the table, leave
#         README.md and results.json alone: for trying the scripts out).
# Each script installs the peer it compares with (apt-get, pip) when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
album=${ALBUM:-/tmp/cascade-bench-album}
runs=${RUNS:-2}
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(layout template scan renditions build floor quality scale serve)
figures=$(mktemp -d "${TMPDIR:-/tmp}/cascade-figures-XXXXXX")
site=$(mktemp -d "${TMPDIR:-/tmp}/cascade-bench-site-XXXXXX")
# The figures stay when anything fails, to be looked at or fed to results.py again.
trap 'status=$?; rm -rf "$site"; if [ $status -eq 0 ]; then rm -rf "$figures"; else echo "all: figures kept in $figures" >&2; fi' EXIT
wants() { local n; for n in "${names[@]}"; do [ "$n" = "$1" ] && return 0; done; return 1; }
# name=value lines (the Swift benchmarks' output) as one JSON object.
as_json() { python3 -c 'import json,sys; print(json.dumps(dict(l.strip().split("=",1) for l in sys.stdin if "=" in l)))'; }
step() { echo "== $* ($(date -u +%H:%M:%S))" >&2; }

needs_album=0
for n in renditions build floor quality; do wants $n && needs_album=1; done
if [ $needs_album = 1 ] && [ ! -d "$album" ]; then
    step "making the 200-photo album in $album"
    python3 Benchmarks/renditions/make-album.py "$album"
fi

if wants layout; then
    step layout
    swift run -c release layout-benchmark 2>/dev/null | as_json > "$figures/layout.json"
fi
if wants template; then
    step template
    swift run -c release template-benchmark 2>/dev/null | as_json > "$figures/template.json"
fi
if wants scan; then
    step scan
    RESULT_JSON="$figures/scan.json" bash Benchmarks/scan/run.sh >&2
fi
if wants renditions; then
    step "renditions 400"
    RUNS=$runs RESULT_JSON="$figures/renditions-400.json" bash Benchmarks/renditions/speed.sh "$album" 400 80 >&2
    step "renditions 320,640,1280"
    RUNS=1 RESULT_JSON="$figures/renditions-ladder.json" bash Benchmarks/renditions/speed.sh "$album" 320,640,1280 80 >&2
fi
if wants build || wants floor; then
    step "build (cold against sigal, no-change rebuild)"
    KEEP_SITE="$site/cold" RESULT_JSON="$figures/build.json" bash Benchmarks/build/run.sh "$album" "$runs" >&2
fi
if wants floor; then
    step "libjpeg-turbo floor"
    RESULT_JSON="$figures/floor.json" bash Benchmarks/build/floor.sh "$album" "$site/cold" >&2
fi
if wants quality; then
    step quality
    RESULT_JSON="$figures/quality.json" python3 Benchmarks/renditions/quality.py "$album" \
        --widths 320,480,640,960,1280,2048 --large 2048 --quality 80 --spaces srgb >&2
fi
if wants scale && [ -f Benchmarks/scale/run.sh ]; then
    step "100,000 photos"
    RESULT_JSON="$figures/scale.json" bash Benchmarks/scale/run.sh >&2
fi
if wants serve && [ -f Benchmarks/serve/run.sh ]; then
    step "serve throughput"
    RESULT_JSON="$figures/serve.json" bash Benchmarks/serve/run.sh >&2
fi

step "table"
if [ "${PRINT_ONLY:-}" = 1 ]; then
    python3 "$here/results.py" update "$figures" --print-only
else
    python3 "$here/results.py" update "$figures"
fi
