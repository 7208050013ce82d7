#!/usr/bin/env bash
# A split build against one build, side by side: one `cascade build`, then
# four `cascade build --shard i/4` started together into one folder, then the
# final `cascade build` over it (which must encode nothing), then `diff -r`
# of the two folders (they must be identical).
#
# Usage: bash Benchmarks/shard/run.sh ALBUM [WORKDIR]
# Env:   CASCADE (default .build/release/cascade; built when missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
album=${1:?usage: run.sh ALBUM [WORKDIR]}
work=${2:-/tmp/cascade-shard-bench}
cascade=${CASCADE:-.build/release/cascade}
[ -x "$cascade" ] || swift build -c release --static-swift-stdlib --product cascade >/dev/null
rm -rf "$work" && mkdir -p "$work"
now() { date +%s.%N; }
start=$(now); "$cascade" build "$album" -o "$work/one" -q >/dev/null; one=$(now)
for i in 1 2 3 4; do "$cascade" build "$album" -o "$work/split" -q --shard "$i/4" >/dev/null & done; wait; shards=$(now)
"$cascade" build "$album" -o "$work/split" --json -q > "$work/final.json"; final=$(now)
python3 - "$start" "$one" "$shards" "$final" "$work/final.json" <<'PY'
import json, sys
start, one, shards, final = map(float, sys.argv[1:5])
made = json.load(open(sys.argv[5]))["renditions"]["made"]
print(f"one build {one - start:.2f} s; 4 concurrent shards {shards - one:.2f} s; final build {final - shards:.2f} s (renditions made: {made})")
PY
diff -r "$work/one" "$work/split" >/dev/null && echo "diff -r: identical" || { echo "diff -r: DIFFERENT"; exit 1; }
