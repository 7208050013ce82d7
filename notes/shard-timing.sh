#!/bin/bash
# usage: run.sh ALBUM OUTBASE
B=${CASCADE:-.build/release/cascade}
A=$1; O=$2; rm -rf $O-one $O-sh
s=$(date +%s.%N); $B build $A -o $O-one -q >/dev/null; e=$(date +%s.%N); echo "one build: $(echo "$e - $s" | bc) s"
s=$(date +%s.%N); for i in 1 2 3 4; do $B build $A -o $O-sh -q --shard $i/4 >/dev/null & done; wait; m=$(date +%s.%N)
$B build $A -o $O-sh --json -q > $O-final.json; e=$(date +%s.%N)
echo "4 concurrent shards: $(echo "$m - $s" | bc) s, final build: $(echo "$e - $m" | bc) s, total $(echo "$e - $s" | bc) s"
grep -o '"renditions":{[^}]*}' $O-final.json
diff -r $O-one $O-sh >/dev/null && echo "diff -r: identical" || echo "diff -r: DIFFERENT"
