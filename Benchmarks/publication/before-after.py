#!/usr/bin/env python3
"""Before-and-after screenshots of the pages whose fit changed: a panorama's
photo page, the home page's album covers, and an album with one sub-album.

    python3 Benchmarks/publication/before-after.py SITE_BEFORE SITE_AFTER OUT_DIR

Both sites are SampleAlbum built by two versions of Cascade (each with its own
theme). Shoots the first screen at 1440x900, light scheme, of the same pages
in each, as OUT_DIR/NAME-before.webp and NAME-after.webp, and prints the
panorama's image box in each (what the README's figure is read from).
Uses scripts/screenshots.py's `shoot` (headless Chromium over CDP).
"""
import importlib.util, json, os, sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("screenshots", os.path.join(here, "..", "..", "scripts", "screenshots.py"))
screenshots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(screenshots)

SHOTS = [
    ("panorama-1440", "Mountains%20and%20water/aitzgorri-panorama.html"),
    ("home-covers-1440", "index.html"),
    ("one-sub-album-1440", "Small%20things/index.html"),
]

BOX = """(() => { const i = [...document.images].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const r = i.getBoundingClientRect(); return JSON.stringify([Math.round(r.width), Math.round(r.height)]); })()"""


def main():
    before, after, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    browser = screenshots.browser_check.Chromium()
    try:
        for label, site in (("before", before), ("after", after)):
            base = screenshots.browser_check.serve(site)
            for name, page in SHOTS:
                data = screenshots.shoot(browser, base + page, 1440, 900, "light", None, 70)
                path = os.path.join(out, f"{name}-{label}.webp")
                with open(path, "wb") as f:
                    f.write(data)
                print(f"{path} ({len(data):,} bytes)")
            session = browser.open_tab(("Page", "Runtime"))
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
            browser.load(base + SHOTS[0][1], session)
            box = browser.send("Runtime.evaluate", {"expression": BOX, "returnByValue": True}, session)["result"]["value"]
            print(f"{label}: panorama shown at {'x'.join(map(str, json.loads(box)))} px at 1440x900")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
