#!/usr/bin/env bash
# The connection cap as a denial of service (issue 28): HOLD idle sockets to
# `cascade serve` that connect and send nothing, renewed as soon as the server
# closes one, while a well-behaved client fetches the home page on a fresh
# connection every INTERVAL seconds, retrying at once when refused or reset.
# Prints how long it took to get each page (median, 95th percentile, worst)
# and how many attempts failed; exits 1 unless every page came at the first
# attempt within 1 s.
#
# Usage: Benchmarks/serve/idle-connections.sh
#        CASCADE=path/to/cascade Benchmarks/serve/idle-connections.sh   (skips the build)
# Env:   HOLD (idle sockets, default 200), DURATION (seconds fetching, default 10),
#        INTERVAL (seconds between fetches, default 0.2), RENEW (1: reopen every
#        idle socket the server closes, default 1), SOURCES (loopback addresses
#        the idle sockets come from, 127.0.0.2 on, default 1: more than one
#        gets past the per-address limit to the overall cap).
# Loopback only; everything it starts it stops.
set -euo pipefail
cd "$(dirname "$0")/../.."
hold="${HOLD:-200}"
duration="${DURATION:-10}"
interval="${INTERVAL:-0.2}"
renew="${RENEW:-1}"
sources="${SOURCES:-1}"

if [ -z "${CASCADE:-}" ]; then
    swift build -c release --product cascade >&2
    CASCADE="$(swift build -c release --show-bin-path)/cascade"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/cascade-idle-bench-XXXXXX")"
pid=""
cleanup() {
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then echo "idle-connections.sh: cascade ignored SIGTERM" >&2; kill -9 "$pid" 2>/dev/null || true; fi
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# A small album: two PNGs of the test fixtures.
mkdir -p "$work/album"
cp Tests/ImageHeadersTests/Fixtures/pngsuite/pngsuite/basn2c08.png "$work/album/a.png"
cp Tests/ImageHeadersTests/Fixtures/pngsuite/pngsuite/basn6a08.png "$work/album/b.png"
"$CASCADE" serve "$work/album" --output "$work/out" --port 0 > "$work/url" 2> "$work/log" &
pid=$!
for _ in $(seq 1 600); do grep -q '^http' "$work/url" 2>/dev/null && break; sleep 0.1; done
url="$(head -1 "$work/url")"
[ -n "$url" ] || { cat "$work/log" >&2; exit 1; }
port="${url##*:}"; port="${port%/}"

echo "idle-connections: $hold idle sockets held from $sources address(es) (renewed: $renew), a GET / every ${interval}s for ${duration}s; $(nproc) cores; $CASCADE"
python3 - "$port" "$hold" "$duration" "$interval" "$renew" "$sources" <<'PY'
import itertools, select, socket, statistics, sys, threading, time

port, hold, duration, interval, renew = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5] == "1"
sources = itertools.cycle([f"127.0.0.{2 + i}" for i in range(int(sys.argv[6]))])
stop = threading.Event()
renewed = [0]

def idle_socket():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(5)
    s.bind((next(sources), 0))
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    return s

def attacker():
    held = []
    for _ in range(hold):
        try: held.append(idle_socket())
        except OSError: pass
    ready.set()
    while not stop.is_set():
        readable, _, _ = select.select(held, [], [], 0.05) if held else ([], [], [])
        for s in readable:
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if data:
                continue  # a 503 or 408 before the close: wait for the close
            held.remove(s)
            s.close()
            if renew and not stop.is_set():
                try:
                    held.append(idle_socket())
                    renewed[0] += 1
                except OSError:
                    pass
        while renew and len(held) < hold and not stop.is_set():
            try:
                held.append(idle_socket())
                renewed[0] += 1
            except OSError:
                break
    for s in held: s.close()

def fetch():
    """Seconds until the whole reply arrived, and its status (0: reset or refused)."""
    start = time.monotonic()
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=15)
        s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        reply = b""
        while True:
            chunk = s.recv(65536)
            if not chunk: break
            reply += chunk
        s.close()
        status = int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/1.1 ") else 0
    except OSError:
        status = 0
    return time.monotonic() - start, status

def page():
    """Seconds until the page arrived, retrying at once after a reset or a
    non-200 (a user pressing reload), at most 15 s; and the failed attempts."""
    start, failed = time.monotonic(), 0
    while time.monotonic() - start < 15:
        _, status = fetch()
        if status == 200:
            return time.monotonic() - start, failed
        failed += 1
        time.sleep(0.01)
    return float("inf"), failed

ready = threading.Event()
thread = threading.Thread(target=attacker)
thread.start()
ready.wait()
time.sleep(0.5)
times, failures = [], 0
end = time.monotonic() + duration
while time.monotonic() < end:
    seconds, failed = page()
    times.append(seconds); failures += failed
    time.sleep(interval)
stop.set(); thread.join()
times.sort()
p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
print(f"pages: {len(times)}; failed attempts before them (reset, refused or not 200): {failures}; idle sockets renewed: {renewed[0]}")
print(f"time to page: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms")
sys.exit(0 if failures == 0 and times[-1] < 1 else 1)
PY
