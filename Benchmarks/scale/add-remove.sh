#!/usr/bin/env bash
# One photo added to, then removed from, one flat album of 100,000 photos (the run.sh library single-N), with two
# cascade binaries side by side: each round each binary in turn builds its own site as the album is, then adds
# IMG_<N+1>.png at the end (timed), removes it again (timed). With COLD=1 each binary's cold build is timed first (an
# empty output folder). Wall time, CPU time and peak memory (GNU time) per build, one line each, then the medians.
#
#   Benchmarks/scale/add-remove.sh OLD_CASCADE NEW_CASCADE [WORK_DIR]        (default WORK_DIR /tmp/cascade-scale)
#   COUNT=100000 ROUNDS=2 COLD=1 (the album is made by make-library.py when missing)
#   ARGS="--zip large": more arguments for every build (each binary's site is then built with them)
#
# Each binary keeps its own site (WORK_DIR/site-add-remove-<1|2>), so neither reads what the other wrote. Two cores
# shared with other work make single figures wander: compare the two binaries' medians of the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."
old="$1" new="$2" work="${3:-/tmp/cascade-scale}"
count="${COUNT:-100000}" rounds="${ROUNDS:-2}" cold="${COLD:-0}"
read -r -a extra_args <<< "${ARGS:-}"
[ -x /usr/bin/time ] || { echo "add-remove.sh: GNU time is needed (apt-get install time)" >&2; exit 1; }
album="$work/single-$count"
extra=$((count + 1))
[ -d "$album" ] || python3 Benchmarks/scale/make-library.py "$album" --count "$count"
photo="$album/IMG_$(printf %06d "$extra").png"
log="$work/add-remove.txt"
: > "$log"
binaries=("$old" "$new")

# One timed build: "<round> <binary number> <what> <wall s> <user s> <sys s> <peak KB>" to the log.
timed() {
    local round="$1" number="$2" what="$3" site="$4"
    /usr/bin/time -f "$round $number $what %e %U %S %M" -a -o "$log" \
        "${binaries[$((number - 1))]}" build "$album" --output "$site" --quiet ${extra_args[@]+"${extra_args[@]}"} > /dev/null
}

rm -f "$photo"
if [ "$cold" = 1 ]; then
    for number in 1 2; do
        rm -rf "$work/site-add-remove-$number"
        timed 0 "$number" cold "$work/site-add-remove-$number"
    done
fi
for round in $(seq "$rounds"); do
    for number in 1 2; do
        site="$work/site-add-remove-$number"
        rm -f "$photo"
        "${binaries[$((number - 1))]}" build "$album" --output "$site" --quiet ${extra_args[@]+"${extra_args[@]}"} > /dev/null
        python3 Benchmarks/scale/make-library.py "$album" --count 1 --start "$extra" --append
        timed "$round" "$number" add "$site"
        rm -f "$photo"
        timed "$round" "$number" remove "$site"
    done
done
echo "round binary build wall_s user_s sys_s peak_KB   (binary 1: $old, 2: $new)"
cat "$log"
python3 - "$log" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
for what in ("cold", "add", "remove"):
    walls = {n: [float(r[3]) for r in rows if r[2] == what and r[1] == n] for n in ("1", "2")}
    peaks = {n: [int(r[6]) for r in rows if r[2] == what and r[1] == n] for n in ("1", "2")}
    if not walls["1"] or not walls["2"]:
        continue
    a, b = statistics.median(walls["1"]), statistics.median(walls["2"])
    print(f"{what}: binary 1 {a:.2f} s (peak {max(peaks['1']) // 1024} MB), binary 2 {b:.2f} s "
          f"(peak {max(peaks['2']) // 1024} MB), {a / b:.1f}x faster (medians of {len(walls['1'])})")
PY
