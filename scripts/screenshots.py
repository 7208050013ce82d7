#!/usr/bin/env python3
"""Shoots the README screenshots of a built sample site with headless Chromium.

Takes the first screen (no scrolling) of: the home page (albums, then
photos) at 1440x900, an album page at 1440x900 and 390x844, a photo page at 1440x900, and
the in-page viewer open on a photo at 390x844, each in the light and the dark
scheme (prefers-color-scheme emulated), and saves them as WebP at a reduced
quality so the set stays a few hundred KB. Shares scripts/browser-check.py's
Chromium helper (CDP over a pipe) and serves the site from a loopback HTTP
server, as the other browser scripts do.

Usage: scripts/screenshots.py SITE_DIR OUT_DIR [--quality 70]
(scripts/screenshots.sh builds the sample and runs this into docs/screenshots.)
Needs: chromium (Debian package). Standard library only.
"""
import argparse, base64, importlib.util, os, sys, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

# name, page (URL-encoded, relative to the site), viewport, what must be ready
SHOTS = [
    ("home-1440", "index.html", (1440, 900), None),
    ("album-1440", "Small%20things/index.html", (1440, 900), None),
    ("album-390", "Small%20things/index.html", (390, 844), None),
    ("photo-1440", "Mountains%20and%20water/aitzgorri.html", (1440, 900), None),
    ("viewer-390", "index.html#view/p-dogs", (390, 844), "dialog[open] img"),
]

# True once every image on the first screen (and the one `wanted` names) has
# arrived and fonts are ready: the screenshot shows the page as it settles.
READY = r"""
((wanted) => {
  if (document.readyState !== 'complete') return false;
  if (wanted) { const w = document.querySelector(wanted); if (!w || !w.complete || !w.naturalWidth) return false; }
  return [...document.images].every(i => { const r = i.getBoundingClientRect();
    const shown = r.bottom > 0 && r.top < innerHeight && r.width > 0 && getComputedStyle(i).visibility !== 'hidden';
    return !shown || (i.complete && i.naturalWidth > 0); }) && document.fonts.status === 'loaded';
})
"""


def shoot(browser, url, width, height, scheme, wanted, quality):
    session = browser.open_tab(("Page", "Runtime"))
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}, session)
    browser.send("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": scheme},
                               {"name": "prefers-reduced-motion", "value": "reduce"}]}, session)
    browser.load(url, session)
    expression = f"({READY})({wanted!r})" if wanted else f"({READY})(null)"
    deadline = time.time() + 30
    while time.time() < deadline:
        if browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                        session)["result"].get("value"):
            break
        time.sleep(0.1)
    else:
        print(f"screenshots: {url} at {width}: images still loading after 30 s, shooting anyway", file=sys.stderr)
    browser.send("Runtime.evaluate", {"expression": "new Promise(r => requestAnimationFrame(() => "
                                      "requestAnimationFrame(r)))", "awaitPromise": True}, session)
    data = browser.send("Page.captureScreenshot", {"format": "webp", "quality": quality}, session)["data"]
    browser.close_tab(session)
    return base64.b64decode(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("out")
    parser.add_argument("--quality", type=int, default=70, help="WebP quality, 0-100")
    args = parser.parse_args()
    base = browser_check.serve(args.site)
    os.makedirs(args.out, exist_ok=True)
    browser = browser_check.Chromium()
    total = 0
    try:
        for name, page, (width, height), wanted in SHOTS:
            for scheme in ("light", "dark"):
                data = shoot(browser, base + page, width, height, scheme, wanted, args.quality)
                path = os.path.join(args.out, f"{name}-{scheme}.webp")
                with open(path, "wb") as f:
                    f.write(data)
                total += len(data)
                print(f"screenshots: {path} ({len(data):,} bytes)")
    finally:
        browser.close()
    print(f"screenshots: {len(SHOTS) * 2} files, {total:,} bytes")


if __name__ == "__main__":
    main()
