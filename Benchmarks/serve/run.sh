#!/usr/bin/env bash
# Serve throughput: `cascade serve` side by side with `python3 -m http.server`
# (what most galleries' "serve" is: sigal serve runs it) on the same folder,
# the sample gallery, measured with wrk: the home page, a ~300 KB JPEG
# rendition, each with keep-alive and with a new connection per request.
#
# Usage: Benchmarks/serve/run.sh            (builds the sample gallery first)
#        CASCADE=path/to/cascade Benchmarks/serve/run.sh   (skips the build)
# Env:   DURATION (seconds per run, default 5), CONNECTIONS (default 16),
#        THREADS (wrk threads, default 2).
# Needs wrk (apt: wrk; installed here if missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${DURATION:-5}"
connections="${CONNECTIONS:-16}"
threads="${THREADS:-2}"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }

if [ -z "${CASCADE:-}" ]; then
    bash scripts/sample.sh >/dev/null
    CASCADE="$(swift build -c release --show-bin-path)/cascade"
fi
site="$PWD/_site"
[ -f "$site/index.html" ] || "$CASCADE" build SampleAlbum --output "$site" >/dev/null

work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-serve-bench-XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    # Both stop on SIGTERM; one that does not is reported and killed, never waited for.
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then echo "run.sh: process $pid ignored SIGTERM" >&2; kill -9 "$pid" 2>/dev/null || true; fi
    done
    if grep -q "stopped serving" "$work/cascade.log" 2>/dev/null; then echo "cascade serve stopped cleanly on SIGTERM"; fi
    rm -rf "$work"
}
trap cleanup EXIT

# cascade serve: its own build (nothing to do: the site is up to date), then the URL on stdout.
"$CASCADE" serve SampleAlbum --output "$site" --port 0 > "$work/cascade.url" 2> "$work/cascade.log" &
pids+=($!)
for _ in $(seq 1 300); do grep -q '^http' "$work/cascade.url" 2>/dev/null && break; sleep 0.1; done
cascade_url="$(head -1 "$work/cascade.url")"
[ -n "$cascade_url" ] || { cat "$work/cascade.log" >&2; exit 1; }

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" > "$work/python.log" 2>&1 &
pids+=($!)
python_url="http://127.0.0.1:$port/"
for _ in $(seq 1 100); do curl -sf -o /dev/null "$python_url" && break; sleep 0.1; done

# The rendition closest to 300 KB.
jpeg="$(cd "$site" && find renditions -name '*.jpg' -printf '%s %p\n' \
    | awk '{ d = $1 - 300000; if (d < 0) d = -d; print d, $1, $2 }' | sort -n | head -1)"
jpeg_size="$(echo "$jpeg" | awk '{ print $2 }')"
jpeg_path="$(echo "$jpeg" | awk '{ print $3 }')"

# One wrk run: prints "requests/s latency-avg" or "failed".
measure() {
    local url="$1"; shift
    local out
    out="$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "$@" "$url" 2>&1)" || { echo "failed"; return; }
    local rps latency errors
    rps="$(echo "$out" | awk '/^Requests\/sec:/ { print $2 }')"
    latency="$(echo "$out" | awk '$1 == "Latency" { print $2; exit }')"
    errors="$(echo "$out" | awk '/Non-2xx|Socket errors/ { printf "%s ", $0 }')"
    echo "$rps $latency ${errors:+($errors)}"
}

echo "serve benchmark: wrk -t$threads -c$connections -d${duration}s, $(nproc) cores, folder $site"
echo "JPEG: $jpeg_path ($jpeg_size bytes); cascade adds its live-reload script to each page"
printf '%-28s %16s %12s %16s %12s %8s\n' "case" "cascade req/s" "latency" "python req/s" "latency" "ratio"
for case in "page keep-alive" "page new connection" "jpeg keep-alive" "jpeg new connection"; do
    path=""; [[ "$case" == jpeg* ]] && path="$jpeg_path"
    extra=(); [[ "$case" == *"new connection" ]] && extra=(-H "Connection: close")
    read -r c_rps c_lat c_err <<< "$(measure "$cascade_url$path" "${extra[@]}")"
    read -r p_rps p_lat p_err <<< "$(measure "$python_url$path" "${extra[@]}")"
    ratio="$(python3 -c "import sys; a, b = sys.argv[1:]; print(f'{float(a) / float(b):.1f}x')" "$c_rps" "$p_rps" 2>/dev/null || echo "-")"
    printf '%-28s %16s %12s %16s %12s %8s\n' "$case" "$c_rps" "$c_lat" "$p_rps" "$p_lat" "$ratio"
    printf '%s\t%s\t%s\t%s\t%s\n' "$case" "$c_rps" "$c_lat" "$p_rps" "$p_lat" >> "$work/figures.tsv"
    [ -z "$c_err$p_err" ] || echo "  errors: cascade ${c_err:-none}; python ${p_err:-none}"
done

# Benchmarks/all/run.sh collects the figures for the README's table.
if [ -n "${RESULT_JSON:-}" ]; then
    python3 - "$work/figures.tsv" "$jpeg_size" "$threads" "$connections" "$duration" > "$RESULT_JSON" <<'PY'
import json, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
cells = "; ".join(f"{r[0]}: {float(r[1]):,.0f} req/s" for r in rows)
peer = "; ".join(f"{r[0]}: {float(r[3]):,.0f}" for r in rows)
ratios = "; ".join(f"{float(r[1]) / float(r[3]):.1f}×" for r in rows)
print(json.dumps({"rows": [{"id": "serve", "what": f"`cascade serve` throughput, sample gallery (page; {int(sys.argv[2]) // 1000} KB JPEG; keep-alive and new connection each)",
    "cascade": cells, "peer": "`python3 -m http.server`: " + peer, "ratio": "**" + ratios + "** faster",
    "how": f"`bash Benchmarks/serve/run.sh` (wrk -t{sys.argv[3]} -c{sys.argv[4]} -d{sys.argv[5]}s)"}]}))
PY
fi
