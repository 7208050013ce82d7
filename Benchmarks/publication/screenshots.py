#!/usr/bin/env python3
"""Screenshots of the publication library's moving, RAW and Live pages.

    python3 Benchmarks/publication/screenshots.py SITE_DIR OUT_DIR

SITE_DIR is Benchmarks/publication/make-library.py's library built by Cascade.
Shoots, at 1440x900 in the light scheme, the first screen of: the Live Photo's
page, the animated GIF's page (motion not reduced, the clip playing), and the
RAW+JPEG pair's page with its camera details; and the Live Photo's album at 390x844.
Uses scripts/screenshots.py's `shoot` (headless Chromium over CDP).
"""
import importlib.util, os, sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("screenshots", os.path.join(here, "..", "..", "scripts", "screenshots.py"))
screenshots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(screenshots)

SHOTS = [
    ("live-photo-1440", "Phone/IMG_5000.html", (1440, 900)),
    ("animation-1440", "Moving%20pictures/squares.html", (1440, 900)),
    ("camera-details-1440", "Camera/DSCF0001.html", (1440, 900)),
    ("phone-album-390", "Phone/index.html", (390, 844)),
]


def main():
    site, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    base = screenshots.browser_check.serve(site)
    browser = screenshots.browser_check.Chromium()
    try:
        for name, page, (width, height) in SHOTS:
            data = screenshots.shoot(browser, base + page, width, height, "light", None, 70)
            path = os.path.join(out, f"{name}.webp")
            with open(path, "wb") as f:
                f.write(data)
            print(f"{path} ({len(data):,} bytes)")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
