#!/usr/bin/env python3
"""Opens a built gallery in headless Chromium at several widths and checks it.

For each viewport width it serves the site from a loopback HTTP server that
delays every image (so images arrive after first paint), then checks that:
  - every tile is inside the grid and no two tiles overlap;
  - no tile moved between first paint and after all images loaded, and the
    layout-shift score (PerformanceObserver 'layout-shift') is 0;
  - every image loaded and is upright: its natural aspect ratio (EXIF
    orientation applied by the browser) equals its tile's aspect ratio.
Optionally saves a full-page screenshot per width.

Usage: scripts/browser-check.py SITE_DIR [--page index.html] [--widths 360,1024,1920] [--screenshots DIR]
Album pages with sub-albums have two grids (covers, then photos): each tile is
checked against its own grid; cover tiles crop their photo, so only photo
tiles are checked for shape.
Needs: chromium (Debian package). Standard library only. Exit 1 on any failure.
"""
import argparse, base64, functools, http.server, json, os, subprocess, sys, tempfile, threading, time

COLLECT = r"""
(() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; };
  const grids = [...document.querySelectorAll('.grid')];
  const tiles = [...document.querySelectorAll('.tile')].map(a => {
    const img = a.querySelector('img');
    return Object.assign(box(a), {grid: grids.indexOf(a.closest('.grid')), album: a.classList.contains('album-tile'),
            src: img ? img.getAttribute('src') : a.getAttribute('href'), complete: img ? img.complete : true,
            nw: img ? img.naturalWidth : 1, nh: img ? img.naturalHeight : 1});
  });
  return {grids: grids.map(box), grid: box(grids[grids.length - 1]),
          tiles, cls: window.__cls || 0, shifts: window.__shifts || 0,
          scrollWidth: document.documentElement.scrollWidth, innerWidth};
})()
"""

OBSERVER = r"""
window.__cls = 0; window.__shifts = 0;
new PerformanceObserver(list => { for (const e of list.getEntries()) { window.__cls += e.value; window.__shifts++; } })
  .observe({type: 'layout-shift', buffered: true});
"""


class DelayedHandler(http.server.SimpleHTTPRequestHandler):
    delay = 0.8

    def do_GET(self):
        if self.path.lower().endswith(('.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif')):
            time.sleep(self.delay)
        super().do_GET()

    def log_message(self, *args):
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser cancelled a request it no longer needed


def serve(site, handler_class=None):
    """Serves the folder `site` on a free loopback port from a daemon thread and
    returns its base URL (`http://127.0.0.1:PORT/`). `handler_class` defaults
    to a DelayedHandler that delays nothing; a class passed in can change its
    `delay` later (images held back mid-check)."""
    handler_class = handler_class or type("Undelayed", (DelayedHandler,), {"delay": 0})
    handler = functools.partial(handler_class, directory=os.path.abspath(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


class Chromium:
    def __init__(self, flags=()):
        self.to_r, self.to_w = os.pipe()
        self.from_r, self.from_w = os.pipe()
        profile = tempfile.mkdtemp(prefix="cascade-chromium-")

        def wire():
            os.dup2(self.to_r, 3)
            os.dup2(self.from_w, 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--disable-sync",
             "--disable-component-update", "--mute-audio", *flags, "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(self.to_r)
        os.close(self.from_w)
        self.next_id = 0
        self.buffer = b""
        self.events = []
        self.targets = {}

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open_tab(self, domains=("Page", "Runtime"), cold=False):
        """A new blank tab with `domains` enabled; returns its session id. `cold`
        disables the cache (Network is enabled for it)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.targets[session] = target
        for domain in (*domains, "Network") if cold and "Network" not in domains else domains:
            self.send(domain + ".enable", session=session)
        if cold:
            self.send("Network.setCacheDisabled", {"cacheDisabled": True}, session)
        return session

    def close_tab(self, session):
        """Closes the tab `open_tab` gave `session`."""
        self.send("Target.closeTarget", {"targetId": self.targets.pop(session)})

    def load(self, url, session, timeout=60):
        """Navigates the tab to `url` and waits for its load event."""
        self.send("Page.navigate", {"url": url}, session)
        self.wait_event("Page.loadEventFired", session, timeout=timeout)

    def wait_event(self, method, session, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self.read())
        raise TimeoutError(method)

    def close(self):
        self.process.kill()
        self.process.wait()


def overlaps(a, b):
    eps = 0.5
    return a["x"] < b["x"] + b["w"] - eps and b["x"] < a["x"] + a["w"] - eps and \
        a["y"] < b["y"] + b["h"] - eps and b["y"] < a["y"] + a["h"] - eps


def check_width(browser, url, width, screenshots):
    # Each width starts cold, so images really arrive after first paint.
    session = browser.open_tab(("Page", "Runtime"), cold=True)
    browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER}, session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600}, session)
    browser.send("Page.navigate", {"url": url}, session)
    evaluate = lambda expression=COLLECT: browser.send(
        "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)["result"].get("value")
    # The first snapshot: as soon as the whole grid is parsed and styled, which
    # is long before the (delayed) images arrive. DOMContentLoaded would be too
    # late: a deferred script can queue behind the images.
    ready = ("(() => { const t = document.querySelectorAll('.tile'); const g = document.querySelector('.grid');"
             " return !!g && t.length > 0 && !!document.querySelector('main ~ *, footer, body > script')"
             " && getComputedStyle(t[t.length - 1]).position === 'absolute'; })()")
    deadline = time.time() + 30
    while not evaluate(ready) and time.time() < deadline:
        time.sleep(0.02)
    early = evaluate()
    browser.wait_event("Page.loadEventFired", session, timeout=120)
    time.sleep(1.0)
    # Lazy images load only near the viewport: show the whole page, then wait for them.
    full_height = int(early["grid"]["y"] + early["grid"]["h"] + 40)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": full_height, "deviceScaleFactor": 1, "mobile": width < 600}, session)
    deadline = time.time() + 60
    late = evaluate()
    while time.time() < deadline and not all(t["complete"] for t in late["tiles"]):
        time.sleep(0.25)
        late = evaluate()
    time.sleep(0.5)
    late = evaluate()
    problems = []
    tiles, grid = late["tiles"], late["grid"]
    for i, t in enumerate(tiles):
        own = late["grids"][t["grid"]]
        if t["x"] < own["x"] - 0.5 or t["x"] + t["w"] > own["x"] + own["w"] + 0.5 or \
           t["y"] < own["y"] - 0.5 or t["y"] + t["h"] > own["y"] + own["h"] + 0.5:
            problems.append(f"tile {t['src']} lies outside the grid")
        for u in tiles[i + 1:]:
            if overlaps(t, u):
                problems.append(f"tiles {t['src']} and {u['src']} overlap")
        if not t["complete"] or t["nw"] == 0:
            problems.append(f"image {t['src']} did not load")
        # Natural sizes are whole CSS px (density-corrected for srcset), so allow
        # a pixel of rounding; a sideways image is off by far more. A cover
        # tile crops its photo to a bounded shape, so only photo tiles must match.
        elif not t["album"] and abs(t["nh"] - t["nw"] * t["h"] / t["w"]) > 1.0 + 0.01 * t["nh"]:
            problems.append(f"image {t['src']} is {t['nw']}x{t['nh']} but its tile is "
                            f"{t['w']:.1f}x{t['h']:.1f}: not upright or wrong shape")
    for before, after in zip(early["tiles"], tiles):
        if any(abs(before[k] - after[k]) > 0.01 for k in ("x", "y", "w", "h")):
            problems.append(f"tile {after['src']} moved while images loaded")
    if [g["h"] for g in early["grids"]] != [g["h"] for g in late["grids"]]:
        problems.append("a grid changed height while images loaded")
    if late["cls"] != 0:
        problems.append(f"layout shift score {late['cls']} ({late['shifts']} shifts)")
    if late["scrollWidth"] > late["innerWidth"]:
        problems.append(f"page scrolls sideways ({late['scrollWidth']} > {late['innerWidth']})")
    if screenshots:
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)
        path = os.path.join(screenshots, f"gallery-{width}.png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    early_loaded = sum(1 for t in early["tiles"] if t["complete"] and t["nw"])
    print(f"width {width}: {len(tiles)} tiles, grid {grid['w']:.0f}x{grid['h']:.1f}, "
          f"{early_loaded} images loaded at first check, CLS {late['cls']}, "
          f"{'OK' if not problems else str(len(problems)) + ' problems'}")
    for p in problems:
        print("  " + p)
    browser.close_tab(session)
    return not problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--widths", default="360,1024,1920")
    parser.add_argument("--screenshots")
    parser.add_argument("--delay", type=float, default=0.8, help="seconds each image response is held back")
    parser.add_argument("--page", default="index.html", help="the page to check, relative to SITE_DIR (URL-encoded)")
    args = parser.parse_args()
    DelayedHandler.delay = args.delay
    url = serve(args.site, DelayedHandler) + args.page
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    browser = Chromium()
    try:
        ok = all([check_width(browser, url, int(w), args.screenshots) for w in args.widths.split(",")])
    finally:
        browser.close()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
