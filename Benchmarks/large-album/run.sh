#!/usr/bin/env bash
# Large-album page benchmark: builds albums of 1,000 and 5,000 photos with the release cascade, writes the
# page variants (today's page, content-visibility on tiles, content-visibility bands, one page of a
# pagination, 3-decimal ratios), checks that every variant places every tile where today's page does, then
# loads them side by side in headless Chromium (phone 390×844 DPR 3 at 4× CPU throttling, desktop
# 1440×900 DPR 1), median of RUNS runs, interleaved. Tables go to stdout and WORK/results-N.md, raw runs to
# WORK/results-N.json. Last, for the largest album, the phone loads today's page, 16-tile bands and a
# 200-tile page over an emulated slow 4G link (FOURG_RUNS runs, 0 to skip): WORK/results-N-4g.md.
#
#   Benchmarks/large-album/run.sh [WORK_DIR]          (from the repo root; default /tmp/cascade-large-album)
#   RUNS=5 COUNTS="1000 5000" BANDS=16,48,128 PAGES=200 SCROLL_STEPS=60 NETWORK=none FOURG_RUNS=3 \
#       Benchmarks/large-album/run.sh
#
# Needs: Swift (swift build), Python 3 (standard library only) and Debian's chromium
# (`DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, installed here when missing and root).
# Albums are deterministic (make-album.py, fixed seed); an existing album or site in WORK_DIR is reused.
# Takes ~30 min on a busy 2-core machine; the 5,000-photo build alone ~5 min.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=Benchmarks/large-album
work="${1:-/tmp/cascade-large-album}"
runs="${RUNS:-5}"
counts="${COUNTS:-1000 5000}"
bands="${BANDS:-16,48,128}"
pages="${PAGES:-200}"
steps="${SCROLL_STEPS:-60}"
network="${NETWORK:-none}"
fourg_runs="${FOURG_RUNS:-3}"
mkdir -p "$work"

if ! command -v chromium >/dev/null && [ ! -x /usr/lib/chromium/chromium ]; then
    [ "$(id -u)" -eq 0 ] || { echo "run.sh: install chromium first (apt-get install chromium)" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
swift build -c release --product cascade >&2
cascade="$(swift build -c release --show-bin-path)/cascade"

for n in $counts; do
    [ -d "$work/album-$n" ] || python3 $here/make-album.py "$work/album-$n" --count "$n"
    [ -f "$work/site-$n/index.html" ] || "$cascade" build "$work/album-$n" --output "$work/site-$n" >&2
    rm -rf "$work/variants-$n"
    python3 $here/variants.py "$work/site-$n" "$work/variants-$n" --bands "$bands" --pages "$pages" \
        2> >(tee "$work/bytes-$n.txt" >&2)
    names=(base tile-cv tile-strict)
    for b in ${bands//,/ }; do names+=("bands-$b"); done
    for p in ${pages//,/ }; do [ -d "$work/variants-$n/page-$p" ] && names+=("page-$p"); done
    names+=(short3)
    args=()
    for name in "${names[@]}"; do args+=("$name=$work/variants-$n/$name"); done
    echo "== $n tiles: do the variants place every tile where today's page does? (short3 is expected to differ)" >&2
    python3 $here/measure.py --compare-rects 390,700,1000,1440,2000,2600 "${args[@]}" || true
    echo "== $n tiles: measuring ${names[*]}" >&2
    python3 $here/measure.py --runs "$runs" --scroll-steps "$steps" --network "$network" \
        --json "$work/results-$n.json" "${args[@]}" | tee "$work/results-$n.md"
done

last="${counts##* }"
if [ "$fourg_runs" -gt 0 ] && [ -d "$work/variants-$last/bands-16" ] && [ -d "$work/variants-$last/page-200" ]; then
    echo "== $last tiles, phone over slow 4G: base bands-16 page-200" >&2
    v="$work/variants-$last"
    python3 $here/measure.py --runs "$fourg_runs" --profiles phone --scroll-runs 0 --network 4g \
        --json "$work/results-$last-4g.json" base="$v/base" bands-16="$v/bands-16" page-200="$v/page-200" \
        | tee "$work/results-$last-4g.md"
fi
