#!/usr/bin/env python3
"""Measures what an album page downloads before the visitor scrolls.

For each device (CSS width x height @ device pixel ratio) it opens the page
cold in headless Chromium, waits until the network is idle, and compares:
  - total: the bytes of every image transferred (encoded, as on the wire);
  - visible: the bytes of the images that intersect the first viewport.
It fails when total exceeds --limit (default 1.3) times visible: images below
the first screen should wait (loading="lazy") until the visitor scrolls
towards them. It also fails when a visible image did not load.

Chromium itself starts a lazy image 1,250 to 2,500 px before it scrolls into
view (by connection type; blink setting lazyLoadingImageMarginPx*): that is
the browser's choice, not the page's, so the check runs with that lookahead
set to 0 (--lookahead) and measures what the page asks for; with
--also-browser-lookahead it also prints the figures with Chromium's own.

Usage: scripts/bytes-check.py SITE_DIR [--page index.html] [--devices 390x844@3,1440x900@1,1440x900@2]
Needs: chromium (Debian package). Standard library only. Exit 1 on any failure.
"""
import argparse, http.server, importlib.util, os, select, sys, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

# Every <img> the page shows, with whether it meets the first viewport.
IMAGES = r"""
[...document.images].filter(i => i.getAttribute('src') && !i.closest('dialog')).map(i => { const r = i.getBoundingClientRect();
  return {src: i.currentSrc, top: Math.round(r.top), bottom: Math.round(r.bottom), loading: i.loading, complete: i.complete && i.naturalWidth > 0,
          visible: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth}; })
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass


def pump(browser, timeout):
    """Reads the messages Chromium sends within `timeout` seconds into browser.events."""
    deadline = time.time() + timeout
    while True:
        left = deadline - time.time()
        if b"\0" not in browser.buffer:
            if left <= 0 or not select.select([browser.from_r], [], [], left)[0]:
                return
        browser.events.append(browser.read())


def measure(browser, url, width, height, ratio):
    """Loads `url` cold on one device; returns (total bytes, visible bytes, images, requests)."""
    session = browser.open_tab(("Page", "Runtime"), cold=True)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": width < 600}, session)
    browser.events.clear()
    browser.send("Page.navigate", {"url": url}, session)
    requests, pending = {}, set()
    loaded, quiet_since, deadline = False, time.time(), time.time() + 60
    # Network idle: the load event has fired and no request started or
    # finished for a second (lazy images start after layout, past load).
    while time.time() < deadline and not (loaded and not pending and time.time() - quiet_since > 1.0):
        pump(browser, 0.1)
        events, browser.events[:] = list(browser.events), []
        for event in events:
            if event.get("sessionId") != session:
                continue
            method, params = event.get("method"), event.get("params", {})
            rid = params.get("requestId")
            if method == "Page.loadEventFired":
                loaded = True
            elif method == "Network.requestWillBeSent":
                requests[rid] = {"url": params["request"]["url"], "type": params.get("type"), "bytes": 0}
                pending.add(rid)
            elif method == "Network.responseReceived" and rid in requests:
                requests[rid]["type"] = params.get("type")
            elif method in ("Network.loadingFinished", "Network.loadingFailed") and rid in requests:
                requests[rid]["bytes"] = params.get("encodedDataLength", 0)
                pending.discard(rid)
            else:
                continue
            quiet_since = time.time()
    images = browser.send("Runtime.evaluate", {"expression": IMAGES, "returnByValue": True},
                          session)["result"]["value"]
    browser.close_tab(session)
    fetched = [r for r in requests.values() if r["type"] == "Image"]
    by_url = {}
    for r in fetched:
        by_url[r["url"]] = by_url.get(r["url"], 0) + r["bytes"]
    visible_urls = {i["src"] for i in images if i["visible"]}
    visible = sum(by_url.get(u, 0) for u in visible_urls)
    return sum(r["bytes"] for r in fetched), visible, images, fetched


def run(args, base, lookahead):
    """Measures every page on every device in one browser; returns the failures."""
    flags = []
    if lookahead is not None:
        flags.append("--blink-settings=" + ",".join(f"lazyLoadingImageMarginPx{kind}={lookahead}"
                                                    for kind in ("Unknown", "Offline", "Slow2G", "2G", "3G", "4G")))
    label = "browser's lookahead" if lookahead is None else f"lookahead {lookahead} px"
    browser = browser_check.Chromium(flags)
    failures = []
    try:
        for page in args.page or ["index.html"]:
            for device in args.devices.split(","):
                size, ratio = device.split("@")
                width, height = map(int, size.split("x"))
                total, visible, images, fetched = measure(browser, base + page, width, height, float(ratio))
                shown = [i for i in images if i["visible"]]
                eager = sum(1 for i in images if i["loading"] != "lazy")
                factor = total / visible if visible else float("inf")
                print(f"bytes-check: {page} at {device}, {label}: {len(fetched)} images, {total / 1000:.0f} KB "
                      f"before scrolling; {len(shown)} visible, {visible / 1000:.0f} KB; {factor:.2f}x "
                      f"({eager} of {len(images)} eager)")
                if args.verbose:
                    for i in images:
                        print(f"  {i['top']:>6}..{i['bottom']:<6} {i['loading']:<5} {'loaded' if i['complete'] else '-':<6} "
                              f"{'visible' if i['visible'] else '':<7} {i['src'].rsplit('/', 1)[-1]}")
                for i in shown:
                    if not i["complete"]:
                        failures.append(f"{page} at {device}: visible image {i['src']} did not load")
                if factor > args.limit:
                    failures.append(f"{page} at {device}, {label}: {total} image bytes before scrolling is "
                                    f"{factor:.2f}x the {visible} visible (limit {args.limit}x)")
    finally:
        browser.close()
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--page", action="append", help="a page relative to SITE_DIR (URL-encoded); repeatable")
    parser.add_argument("--devices", default="390x844@3,1440x900@1,1440x900@2")
    parser.add_argument("--limit", type=float, default=1.3, help="largest allowed total ÷ visible image bytes")
    parser.add_argument("--lookahead", type=int, default=0,
                        help="px below the viewport Chromium starts a lazy image at (its own is 1250 to 2500 "
                             "by connection type; 0 measures what the page itself asks for)")
    parser.add_argument("--also-browser-lookahead", action="store_true",
                        help="also measure with Chromium's own lookahead (printed, never fails)")
    parser.add_argument("--verbose", action="store_true", help="list every image: its box, loading, whether it loaded")
    args = parser.parse_args()
    base = browser_check.serve(args.site, Quiet)
    failures = run(args, base, args.lookahead)
    if args.also_browser_lookahead:
        run(args, base, None)
    for failure in failures:
        print(f"bytes-check: FAIL {failure}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
