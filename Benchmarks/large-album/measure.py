#!/usr/bin/env python3
"""Loads album pages in headless Chromium and reports what a large album costs the browser.

    python3 Benchmarks/large-album/measure.py [--runs 5] [--profiles phone,desktop] [--image-delay-ms 800]
        [--scroll-runs 1] [--network none|4g] [--json OUT.json] NAME=SITE_DIR [NAME=SITE_DIR ...]

Each SITE_DIR is a built site (its index.html is the album page); all are served side by side from one
loopback HTTP server (127.0.0.1, random port). Every image request is held for --image-delay-ms with CDP's
Fetch interception (Fetch.requestPaused, continued after the delay), so images land after the first paint,
as on a real network, and a box without its final size would shift. The delay is added before the request
reaches the network stack, so a held image does not occupy one of HTTP/1.1's six connections (a server-side
sleep would queue the page's deferred script behind the images and inflate DOMContentLoaded).
Runs are interleaved (run 1 of every variant and profile, then run 2, …), each in a fresh browser context
(empty cache), and the report gives the median of the runs.

Profiles: phone = 390×844 CSS px, DPR 3, mobile viewport, touch, 4× CPU throttling
(Emulation.setCPUThrottlingRate); desktop = 1440×900, DPR 1, no throttling. --network 4g also emulates
a slow 4G link (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile preset) and serves the
HTML gzip-compressed, as any static host does.

Per page and profile:
- html bytes raw and gzip (level 6), of index.html;
- DOM elements and nodes (all node types) after load;
- first paint, first contentful paint, largest contentful paint, DOMContentLoaded end, load end (ms from
  navigation start, Navigation Timing / Paint Timing);
- Performance.getMetrics at load + settle: RecalcStyleDuration, LayoutDuration, ScriptDuration,
  TaskDuration (ms of main-thread time, throttling included), LayoutCount;
- CLS while loading (the largest session window of layout shifts: 1 s gap, 5 s cap, as web-vitals) up to
  load + --settle-ms, and CLS while scrolling to the bottom in steps of at least one viewport
  (at most --scroll-steps steps, two animation frames each, then --settle-ms), on the first --scroll-runs
  runs, with the style/layout time that scrolling cost;
- with --smooth-frames F: the animation-frame intervals while scrolling --smooth-step-px per frame for F
  frames from the top (a finger-speed scroll: 100 px a frame is 6,000 px/s), median, p95, max and frames
  over 50 ms.
Layout shifts are recorded by a PerformanceObserver installed with Page.addScriptToEvaluateOnNewDocument
before any page script runs.

Chromium is driven over --remote-debugging-pipe (CDP JSON on fds 3/4, NUL-terminated); Python standard
library only. Needs Debian's chromium (`DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`;
tested with 156.0.8078.114). Runs as root (--no-sandbox).
"""
import argparse
import gzip
import http.server
import select
import json
import os
import shutil
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

CHROMIUM = next((p for p in ["/usr/lib/chromium/chromium", shutil.which("chromium") or ""] if p and os.path.exists(p)),
                "chromium")

PROFILES = {
    "phone": dict(width=390, height=844, deviceScaleFactor=3, mobile=True, cpu=4),
    "desktop": dict(width=1440, height=900, deviceScaleFactor=1, mobile=False, cpu=1),
}

OBSERVER = r"""
window.__shifts = []; window.__lcp = 0;
try {
  new PerformanceObserver(function (list) {
    for (const e of list.getEntries()) {
      window.__shifts.push({t: e.startTime, v: e.value, input: e.hadRecentInput,
        sources: (e.sources || []).slice(0, 3).map(function (s) {
          const n = s.node; return n ? (n.id || n.className || n.nodeName) : '?'; })});
    }
  }).observe({type: 'layout-shift', buffered: true});
  new PerformanceObserver(function (list) {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({type: 'largest-contentful-paint', buffered: true});
} catch (e) { window.__observerError = String(e); }
"""

COLLECT = r"""
(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = {};
  for (const e of performance.getEntriesByType('paint')) paint[e.name] = e.startTime;
  let nodes = 0;
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  while (walker.nextNode()) nodes++;
  return {fp: paint['first-paint'], fcp: paint['first-contentful-paint'], lcp: window.__lcp,
          dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, interactive: nav.domInteractive,
          responseEnd: nav.responseEnd, elements: document.getElementsByTagName('*').length, nodes: nodes + 1,
          height: document.documentElement.scrollHeight, shifts: window.__shifts.slice(),
          observerError: window.__observerError || null, viewport: [innerWidth, innerHeight, devicePixelRatio]};
})()
"""

SCROLL = r"""
(async (maxSteps, settle) => {
  const start = window.__shifts.length;
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const vh = innerHeight;
  const total = document.documentElement.scrollHeight;
  const step = Math.max(vh, Math.ceil((total - vh) / maxSteps));
  const t0 = performance.now();
  let steps = 0;
  for (let y = step; y < total; y += step) { scrollTo(0, y); await frame(); await frame(); steps++; }
  scrollTo(0, total); await frame(); await frame();
  const ms = performance.now() - t0;
  await new Promise(r => setTimeout(r, settle));
  return {steps, step, ms, total, scrollY: scrollY, shifts: window.__shifts.slice(start)};
})
"""


SMOOTH = r"""
(async (frames, stepPx) => {
  const frame = () => new Promise(r => requestAnimationFrame(t => r(t)));
  let last = await frame();
  const intervals = [];
  for (let i = 0; i < frames; i++) {
    scrollBy(0, stepPx);
    const t = await frame();
    intervals.push(t - last);
    last = t;
  }
  intervals.sort((a, b) => a - b);
  const q = p => intervals[Math.min(intervals.length - 1, Math.floor(p * intervals.length))];
  return {frames, median: q(0.5), p95: q(0.95), max: intervals[intervals.length - 1],
          over50: intervals.filter(x => x > 50).length, scrollY};
})
"""


class Browser:
    """One Chromium process spoken to over --remote-debugging-pipe."""

    def __init__(self):
        self.profile_dir = tempfile.mkdtemp(prefix="cascade-large-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
                 f"--user-data-dir={self.profile_dir}", "--no-first-run", "--disable-extensions",
                 "--disable-background-networking", "--disable-sync", "--disable-component-update", "--mute-audio",
                 "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows", "about:blank"]
        self.process = subprocess.Popen([CHROMIUM] + flags, preexec_fn=child_fds,  
                                        close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.next_id = 0
        self.buffer = b""
        self.events = []
        self.image_delay = 0.0
        self.held = []  # (due time, sessionId, requestId) of paused image requests
        self.version = self.call("Browser.getVersion")["product"]

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        return self.next_id

    def release_due(self):
        now = time.monotonic()
        while self.held and self.held[0][0] <= now:
            _, session, request = self.held.pop(0)
            self.send("Fetch.continueRequest", {"requestId": request}, session)

    def read_message(self, deadline):
        """The next message that is not a paused image request; paused ones are continued after the delay."""
        while True:
            while b"\0" not in self.buffer:
                self.release_due()
                now = time.monotonic()
                if now > deadline:
                    raise TimeoutError("no message from Chromium")
                wait = deadline - now
                if self.held:
                    wait = max(0.0, min(wait, self.held[0][0] - now))
                ready, _, _ = select.select([self.from_chrome], [], [], wait)
                if not ready:
                    continue
                chunk = os.read(self.from_chrome, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            message = json.loads(raw)
            if message.get("method") == "Fetch.requestPaused":
                self.held.append((time.monotonic() + self.image_delay, message.get("sessionId"),
                                  message["params"]["requestId"]))
                continue
            return message

    def pump(self, seconds):
        """Waits, answering paused requests meanwhile."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                message = self.read_message(deadline)
                if "method" in message:
                    self.events.append(message)
        except TimeoutError:
            pass

    def call(self, method, params=None, session=None, timeout=180):
        wanted = self.send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            message = self.read_message(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, method, session, timeout=180):
        deadline = time.monotonic() + timeout
        for i, message in enumerate(self.events):
            if message.get("method") == method and message.get("sessionId") == session:
                del self.events[i]
                return message
        while True:
            message = self.read_message(deadline)
            if message.get("method") == method and message.get("sessionId") == session:
                return message
            if "method" in message:
                self.events.append(message)

    def evaluate(self, session, expression, timeout=300):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, session, timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:2000])
        return result["result"]["value"]

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile_dir, ignore_errors=True)


def make_server(sites, compress):
    class Handler(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def translate_path(self, path):
            path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
            parts = [p for p in path.split("/") if p and p not in (".", "..")]
            if not parts or parts[0] not in sites:
                return "/nonexistent"
            return os.path.join(sites[parts[0]], *parts[1:])

        def do_GET(self):
            local = self.translate_path(self.path)
            if compress and local.endswith(".html") and os.path.isfile(local):
                with open(local, "rb") as f:
                    body = gzip.compress(f.read(), 6)
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True
        request_queue_size = 256

        def handle_error(self, request, client_address):
            pass  # a closed browser context drops its connections mid-response

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def cls(shifts):
    """Largest session window (1 s gap, 5 s cap) of shifts without recent input."""
    best = current = 0.0
    first = last = None
    for s in sorted((s for s in shifts if not s["input"]), key=lambda s: s["t"]):
        if first is None or s["t"] - last > 1000 or s["t"] - first > 5000:
            first, current = s["t"], 0.0
        current += s["v"]
        last = s["t"]
        best = max(best, current)
    return best


def metrics(browser, session):
    values = {m["name"]: m["value"] for m in browser.call("Performance.getMetrics", {}, session)["metrics"]}
    return {"style_ms": values.get("RecalcStyleDuration", 0) * 1000, "layout_ms": values.get("LayoutDuration", 0) * 1000,
            "script_ms": values.get("ScriptDuration", 0) * 1000, "task_ms": values.get("TaskDuration", 0) * 1000,
            "layouts": values.get("LayoutCount", 0), "nodes_metric": values.get("Nodes", 0)}


def measure_once(browser, url, profile, args, scroll):
    context = browser.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
    target = browser.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        for method in ["Page.enable", "Runtime.enable", "Network.enable"]:
            browser.call(method, {}, session)
        browser.call("Performance.enable", {"timeDomain": "threadTicks"}, session)
        browser.call("Network.setCacheDisabled", {"cacheDisabled": True}, session)
        p = PROFILES[profile]
        browser.call("Emulation.setDeviceMetricsOverride", {"width": p["width"], "height": p["height"],
                     "deviceScaleFactor": p["deviceScaleFactor"], "mobile": p["mobile"]}, session)
        browser.call("Emulation.setTouchEmulationEnabled", {"enabled": p["mobile"]}, session)
        browser.call("Emulation.setCPUThrottlingRate", {"rate": p["cpu"]}, session)
        browser.call("Emulation.setFocusEmulationEnabled", {"enabled": True}, session)
        if args.network == "4g":
            browser.call("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                         "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}, session)
        browser.call("Fetch.enable", {"patterns": [{"urlPattern": pattern, "requestStage": "Request"}
                     for pattern in ["*.jpg", "*.jpeg", "*.png", "*.webp", "*.avif"]]}, session)
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER}, session)
        browser.events.clear()
        browser.call("Page.navigate", {"url": url}, session)
        browser.wait_event("Page.loadEventFired", session, timeout=300)
        browser.pump(args.settle_ms / 1000)
        result = browser.evaluate(session, COLLECT)
        result.update(metrics(browser, session))
        result["cls_load"] = cls(result["shifts"])
        if args.smooth_frames:
            result["smooth"] = browser.evaluate(session, f"({SMOOTH})({args.smooth_frames}, {args.smooth_step_px})")
        if scroll:
            before = metrics(browser, session)
            sc = browser.evaluate(session, f"({SCROLL})({args.scroll_steps}, {args.settle_ms})", timeout=900)
            after = metrics(browser, session)
            result["scroll"] = {"steps": sc["steps"], "step_px": sc["step"], "ms": sc["ms"], "total": sc["total"],
                                "reached": sc["scrollY"], "cls": cls(sc["shifts"]), "shifts": sc["shifts"][:20],
                                "style_ms": after["style_ms"] - before["style_ms"],
                                "layout_ms": after["layout_ms"] - before["layout_ms"]}
        return result
    finally:
        browser.held = [h for h in browser.held if h[1] != session]
        browser.call("Target.closeTarget", {"targetId": target})
        try:
            browser.call("Target.disposeBrowserContext", {"browserContextId": context})
        except RuntimeError:
            pass


RECTS = r"""
(() => Array.from(document.querySelectorAll('a.tile'), a => {
  const r = a.getBoundingClientRect();
  return [a.id, Math.round((r.left + scrollX) * 64) / 64, Math.round((r.top + scrollY) * 64) / 64,
          Math.round(r.width * 64) / 64, Math.round(r.height * 64) / 64];
}))()
"""


def tile_rects(browser, url, width, height):
    """Every tile's document rect (1/64 px) at a viewport width × height, DPR 1."""
    context = browser.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
    target = browser.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        browser.call("Page.enable", {}, session)
        browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                     "deviceScaleFactor": 1, "mobile": False}, session)
        browser.events.clear()
        browser.call("Page.navigate", {"url": url}, session)
        browser.wait_event("Page.loadEventFired", session, timeout=300)
        return browser.evaluate(session, RECTS)
    finally:
        browser.call("Target.closeTarget", {"targetId": target})
        try:
            browser.call("Target.disposeBrowserContext", {"browserContextId": context})
        except RuntimeError:
            pass


FRAGMENT = r"""
(async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  await frame(); await frame();
  const id = decodeURIComponent(location.hash.slice(1));
  const tile = document.getElementById(id);
  const r = tile.getBoundingClientRect();
  return {id, scrollY, tileTop: r.top + scrollY, viewportTop: r.top};
})()
"""


def check_fragments(browser, port, names, fraction):
    """Loads index.html#<tile id> (scripts off: the browser's own fragment scroll) and checks the tile is at the top."""
    ok = True
    for name in names:
        for width, height in [(390, 844), (1440, 900)]:
            context = browser.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
            target = browser.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
            session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            try:
                browser.call("Page.enable", {}, session)
                browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                             "deviceScaleFactor": 1, "mobile": False}, session)
                browser.events.clear()
                browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/{name}/index.html"}, session)
                browser.wait_event("Page.loadEventFired", session, timeout=300)
                ids = browser.evaluate(session, "Array.from(document.querySelectorAll('a.tile'), a => a.id)")
                target_id = ids[int(len(ids) * fraction)]
                browser.call("Emulation.setScriptExecutionDisabled", {"value": True}, session)
                browser.events.clear()
                browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/{name}/other.html"}, session)
                browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/{name}/index.html#{target_id}"},
                             session)
                browser.wait_event("Page.loadEventFired", session, timeout=300)
                browser.pump(0.5)
                browser.call("Emulation.setScriptExecutionDisabled", {"value": False}, session)
                r = browser.evaluate(session, FRAGMENT)
                good = abs(r["viewportTop"]) < 1
                ok &= good
                print(f"  fragment #{r['id']} at {width} px: {name}: scrollY {r['scrollY']:.2f}, tile top "
                      f"{r['tileTop']:.2f}{'' if good else '  <-- FAIL'}", file=sys.stderr)
            finally:
                browser.call("Target.closeTarget", {"targetId": target})
                try:
                    browser.call("Target.disposeBrowserContext", {"browserContextId": context})
                except RuntimeError:
                    pass
    return ok


def float32_step(value):
    """The gap between adjacent single-precision floats near value."""
    import math
    return 2.0 ** (math.frexp(value)[1] - 24) if value else 0.0


def compare_rects(browser, port, names, widths, tolerance):
    """Checks that every variant puts every tile it has where the first variant does."""
    ok = True
    reference = names[0]
    for width in widths:
        rects = {n: {r[0]: r[1:] for r in tile_rects(browser, f"http://127.0.0.1:{port}/{n}/index.html", width, 900)}
                 for n in names}
        for n in names[1:]:
            missing = [i for i in rects[n] if i not in rects[reference]]
            worst = max((max(abs(a - b) for a, b in zip(r, rects[reference][i])) for i, r in rects[n].items()
                         if i in rects[reference]), default=0)
            # Blink evaluates calc() lengths in single precision: at y ≈ 1.6 million px one float step is 1/8 px,
            # so the check allows two float steps of the coordinate (and at least the tolerance).
            beyond = [i for i, r in rects[n].items() if i in rects[reference] and any(
                abs(a - b) > max(tolerance, 2 * float32_step(max(abs(a), abs(b)))) for a, b in zip(r, rects[reference][i]))]
            differ = sum(1 for i, r in rects[n].items() if rects[reference].get(i) != r)
            good = not missing and not beyond
            ok &= good
            print(f"  rects at {width} px: {n} vs {reference}: {len(rects[n])} tiles, {differ} not identical, "
                  f"largest difference {worst * 64:g}/64 px, {len(beyond)} beyond float precision"
                  f"{'' if good else '  <-- FAIL'}", file=sys.stderr)
    return ok


FIELDS = ["fp", "fcp", "lcp", "dcl", "load", "style_ms", "layout_ms", "script_ms", "task_ms"]


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarise(name, site, profile, runs):
    with open(os.path.join(site, "index.html"), "rb") as f:
        html = f.read()
    row = {"variant": name, "profile": profile, "runs": len(runs), "html_bytes": len(html),
           "html_gzip": len(gzip.compress(html, 6)), "elements": runs[0]["elements"], "nodes": runs[0]["nodes"],
           "height": runs[0]["height"]}
    for field in FIELDS:
        row[field] = median([r[field] for r in runs])
        row[field + "_min"] = min((r[field] for r in runs if r[field] is not None), default=None)
        row[field + "_max"] = max((r[field] for r in runs if r[field] is not None), default=None)
    row["cls_load_max"] = max(r["cls_load"] for r in runs)
    row["shifts_load"] = sum(len(r["shifts"]) for r in runs)
    smooth = [r["smooth"] for r in runs if "smooth" in r]
    if smooth:
        for key in ["median", "p95", "max", "over50"]:
            row["smooth_" + key] = median([x[key] for x in smooth])
    scrolls = [r["scroll"] for r in runs if "scroll" in r]
    if scrolls:
        row["cls_scroll_max"] = max(s["cls"] for s in scrolls)
        row["scroll_ms"] = median([s["ms"] for s in scrolls])
        row["scroll_steps"] = scrolls[0]["steps"]
        row["scroll_style_ms"] = median([s["style_ms"] for s in scrolls])
        row["scroll_layout_ms"] = median([s["layout_ms"] for s in scrolls])
        row["scroll_reached_bottom"] = all(s["reached"] + PROFILES[profile]["height"] >= s["total"] - 2 for s in scrolls)
    return row


def fmt(v, digits=0):
    return "—" if v is None else f"{v:,.{digits}f}"


def print_table(rows):
    head = ["variant", "profile", "HTML KB", "gzip KB", "elements", "FP ms", "FCP ms", "LCP ms", "DCL ms", "load ms",
            "style ms", "layout ms", "script ms", "CLS load", "CLS scroll", "scroll style+layout ms"]
    if any("smooth_p95" in r for r in rows):
        head += ["frame median ms", "frame p95 ms", "frame max ms", "frames > 50 ms"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        cells = [r["variant"], r["profile"], fmt(r["html_bytes"] / 1024), fmt(r["html_gzip"] / 1024), fmt(r["elements"]),
                 fmt(r["fp"]), fmt(r["fcp"]), fmt(r["lcp"]), fmt(r["dcl"]), fmt(r["load"]), fmt(r["style_ms"]),
                 fmt(r["layout_ms"]), fmt(r["script_ms"]), fmt(r["cls_load_max"], 4),
                 fmt(r.get("cls_scroll_max"), 4),
                 "—" if "scroll_style_ms" not in r else fmt(r["scroll_style_ms"] + r["scroll_layout_ms"])]
        if "smooth_p95" in r:
            cells += [fmt(r["smooth_median"], 1), fmt(r["smooth_p95"], 1), fmt(r["smooth_max"], 1), fmt(r["smooth_over50"])]
        elif any("smooth_p95" in x for x in rows):
            cells += ["—"] * 4
        print("| " + " | ".join(cells) + " |")


def main():
    parser = argparse.ArgumentParser(description="Measure album pages in headless Chromium.")
    parser.add_argument("sites", nargs="+", metavar="NAME=SITE_DIR")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profiles", default="phone,desktop")
    parser.add_argument("--image-delay-ms", type=float, default=800)
    parser.add_argument("--settle-ms", type=float, default=1500)
    parser.add_argument("--scroll-runs", type=int, default=1)
    parser.add_argument("--scroll-steps", type=int, default=150)
    parser.add_argument("--network", choices=["none", "4g"], default="none")
    parser.add_argument("--smooth-frames", type=int, default=0,
                        help="after load, scroll --smooth-step-px per animation frame for this many frames and "
                             "report the frame intervals (median, p95, max, count over 50 ms)")
    parser.add_argument("--smooth-step-px", type=int, default=100)
    parser.add_argument("--json")
    parser.add_argument("--compare-rects", metavar="WIDTHS",
                        help="only check that every variant places each of its tiles exactly (1/64 px) where the "
                             "first one does, at these viewport widths (comma-separated), and exit 0 or 1")
    parser.add_argument("--check-fragment", type=float, metavar="FRACTION",
                        help="only check that index.html#ID (scripts off) scrolls the tile FRACTION of the way "
                             "through the album to the top of the viewport, in every variant, and exit 0 or 1")
    parser.add_argument("--tolerance-px", type=float, default=2 / 64,
                        help="largest rect difference --compare-rects accepts (default 2/64 px: two layout units, "
                             "as a band's top and a tile's offset in it are each snapped to 1/64 px)")
    args = parser.parse_args()
    sites = {}
    for item in args.sites:
        name, _, path = item.partition("=")
        if not path or not os.path.isfile(os.path.join(path, "index.html")):
            sys.exit(f"measure: {item!r} is not NAME=SITE_DIR with an index.html")
        sites[name] = os.path.abspath(path)
    profiles = args.profiles.split(",")
    server = make_server(sites, args.network != "none")
    port = server.server_address[1]
    browser = Browser()
    browser.image_delay = args.image_delay_ms / 1000
    print(f"measure: {browser.version}, {args.runs} runs, image delay {args.image_delay_ms:.0f} ms, "
          f"network {args.network}", file=sys.stderr)
    if args.check_fragment is not None:
        try:
            ok = check_fragments(browser, port, list(sites), args.check_fragment)
        finally:
            browser.close()
            server.shutdown()
        sys.exit(0 if ok else 1)
    if args.compare_rects:
        try:
            ok = compare_rects(browser, port, list(sites), [int(w) for w in args.compare_rects.split(",")],
                               args.tolerance_px)
        finally:
            browser.close()
            server.shutdown()
        sys.exit(0 if ok else 1)
    results = {(n, p): [] for n in sites for p in profiles}
    try:
        for run in range(args.runs):
            for profile in profiles:
                for name in sites:
                    url = f"http://127.0.0.1:{port}/{name}/index.html"
                    t0 = time.monotonic()
                    r = measure_once(browser, url, profile, args, scroll=run < args.scroll_runs)
                    results[(name, profile)].append(r)
                    extra = f" scroll CLS {r['scroll']['cls']:.4f} in {r['scroll']['ms']:.0f} ms" if "scroll" in r else ""
                    print(f"  run {run + 1} {profile:7} {name:14} FCP {fmt(r['fcp'])} DCL {fmt(r['dcl'])} "
                          f"load {fmt(r['load'])} CLS {r['cls_load']:.4f}{extra} ({time.monotonic() - t0:.1f} s)",
                          file=sys.stderr)
    finally:
        browser.close()
        server.shutdown()
    rows = [summarise(n, sites[n], p, results[(n, p)]) for p in profiles for n in sites]
    print_table(rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"chromium": browser.version, "args": vars(args), "rows": rows,
                       "runs": {f"{n}/{p}": v for (n, p), v in results.items()}}, f, indent=1)


if __name__ == "__main__":
    main()
