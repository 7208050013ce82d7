#!/usr/bin/env bash
# Before/after: this checkout against another one (an earlier commit), side
# by side in one run, for a change that must not slow anything down.
#   - the layout engine: both layout-benchmark binaries, alternately, ROUNDS times;
#   - `cascade scan` of 20,000 files (Benchmarks/scan/run.sh with BASELINE);
#   - the no-change rebuild of the 200-photo album (Benchmarks/build/run.sh
#     with BASELINE and SKIP_COLD=1); both sites must be byte-identical.
#
# Usage: bash Benchmarks/baseline.sh OTHER_CHECKOUT [ALBUM]
#   e.g. git worktree add /tmp/before HEAD~5 && bash Benchmarks/baseline.sh /tmp/before
# Env:   ROUNDS (3), RUNS (hyperfine runs for the scan, 10).
set -euo pipefail
cd "$(dirname "$0")/.."
other=$(cd "$1" && pwd)
album="${2:-/tmp/cascade-bench-album}"
rounds="${ROUNDS:-3}"

echo "== building both (release)"
for tree in "$PWD" "$other"; do
    (cd "$tree" && swift build -c release --static-swift-stdlib --product cascade >/dev/null \
        && swift build -c release --product layout-benchmark >/dev/null)
done
this_bin="$(swift build -c release --show-bin-path)"
other_bin="$(cd "$other" && swift build -c release --show-bin-path)"

echo "== layout-benchmark, alternately ($rounds rounds); this checkout first in each round"
for ((round = 1; round <= rounds; round++)); do
    echo "-- round $round: this ($(git rev-parse --short HEAD))"
    "$this_bin/layout-benchmark"
    echo "-- round $round: other ($(git -C "$other" rev-parse --short HEAD))"
    "$other_bin/layout-benchmark"
done

echo "== scan"
BASELINE="$other_bin/cascade" bash Benchmarks/scan/run.sh
echo "== no-change rebuild"
BASELINE="$other_bin/cascade" SKIP_COLD=1 bash Benchmarks/build/run.sh "$album"
