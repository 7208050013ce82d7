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
# Env:   ROUNDS (7), RUNS (hyperfine runs for the scan, 10).
set -euo pipefail
cd "$(dirname "$0")/.."
other=$(cd "$1" && pwd)
album="${2:-/tmp/cascade-bench-album}"
rounds="${ROUNDS:-7}"

echo "== building both (release)"
for tree in "$PWD" "$other"; do
    (cd "$tree" && swift build -c release --static-swift-stdlib --product cascade >/dev/null \
        && swift build -c release --product layout-benchmark >/dev/null)
done
this_bin="$(swift build -c release --show-bin-path)"
other_bin="$(cd "$other" && swift build -c release --show-bin-path)"

echo "== layout-benchmark, alternately ($rounds rounds; medians, as a shared machine swings by tens of per cent)"
rounds_file="$(mktemp)"
for ((round = 1; round <= rounds; round++)); do
    "$this_bin/layout-benchmark" | sed 's/^/this /' >> "$rounds_file"
    "$other_bin/layout-benchmark" | sed 's/^/other /' >> "$rounds_file"
done
python3 - "$rounds_file" <<'PY'
import collections, statistics, sys
values = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, pair = line.split(maxsplit=1)
    key, _, value = pair.strip().partition("=")
    try:
        values[key, who].append(float(value.split(",")[0]))
    except ValueError:
        pass
for key in sorted({key for key, _ in values}):
    if key.startswith("drift") or key == "checksum":
        continue
    this, other = statistics.median(values[key, "this"]), statistics.median(values[key, "other"])
    print(f"{key}: this {this:.3f}, other {other:.3f}, this/other {this / other:.3f}")
PY
rm -f "$rounds_file"
if cmp -s <(objdump -d --no-show-raw-insn "$this_bin/layout-benchmark" | sed -E '1,3d; s/^ *[0-9a-f]+:\s*//; s/[0-9a-f]{6,}//g') \
          <(objdump -d --no-show-raw-insn "$other_bin/layout-benchmark" | sed -E '1,3d; s/^ *[0-9a-f]+:\s*//; s/[0-9a-f]{6,}//g'); then
    echo "layout-benchmark: the two binaries are the same machine code (addresses aside)"
fi

echo "== scan"
BASELINE="$other_bin/cascade" bash Benchmarks/scan/run.sh
echo "== no-change rebuild"
BASELINE="$other_bin/cascade" SKIP_COLD=1 bash Benchmarks/build/run.sh "$album"
