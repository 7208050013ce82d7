#!/usr/bin/env bash
# Two cascade binaries side by side on the 100-album library of Benchmarks/scale/run.sh: each in turn rebuilds the
# site as it is, then adds one photo, rebuilds (timed), removes it and rebuilds (timed), ROUNDS times. Wall time,
# CPU time and peak memory (GNU time) per build, one line each.
#
#   Benchmarks/scale/side-by-side.sh OLD_CASCADE NEW_CASCADE [WORK_DIR]     (default WORK_DIR /tmp/cascade-scale)
#   ROUNDS=2 LIBRARY=100000 ALBUMS=100 (the library is made by make-library.py when missing)
#
# Build the old binary from an older commit first, e.g.
#   git worktree add /tmp/old COMMIT && (cd /tmp/old && swift build -c release --product cascade)
set -euo pipefail
cd "$(dirname "$0")/../.."
old="$1" new="$2" work="${3:-/tmp/cascade-scale}"
rounds="${ROUNDS:-2}" library="${LIBRARY:-100000}" albums="${ALBUMS:-100}"
[ -x /usr/bin/time ] || { echo "side-by-side.sh: GNU time is needed (apt-get install time)" >&2; exit 1; }
album="$work/library-$library-$albums"
site="$work/site-library-$library-$albums"
into="$album/album-$(printf %03d "$albums")"
extra=$((library + 1))
[ -d "$album" ] || python3 Benchmarks/scale/make-library.py "$album" --count "$library" --albums "$albums"
photo="$into/IMG_$(printf %06d "$extra").png"
for round in $(seq "$rounds"); do
    for binary in "$old" "$new"; do
        rm -f "$photo"
        "$binary" build "$album" --output "$site" --quiet > /dev/null
        python3 Benchmarks/scale/make-library.py "$into" --count 1 --start "$extra" --append
        /usr/bin/time -f "$round $binary add    wall %e s user %U s sys %S s peak %M KB" \
            "$binary" build "$album" --output "$site" --quiet > /dev/null
        rm -f "$photo"
        /usr/bin/time -f "$round $binary remove wall %e s user %U s sys %S s peak %M KB" \
            "$binary" build "$album" --output "$site" --quiet > /dev/null
    done
done
