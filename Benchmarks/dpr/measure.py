#!/usr/bin/env python3
"""Would capping tile density at 2x on a DPR 3 phone lose visible quality?

For every tile of the given album pages, opened in headless Chromium at
390x844 with device pixel ratio 3, it takes:
  - the tile's CSS width w and the rendition Chromium chose (the 3x choice);
  - the rendition a 2x cap would choose: the narrowest `srcset` candidate at
    least 2w wide (Chromium's rule for w descriptors, at density 2);
and compares each, scaled to the 3w device pixels the tile covers (bicubic, as
a browser scales), with the photo itself (the album's original, upright,
scaled to 3w with Lanczos; found by the SHA-256 that names its renditions) by
SSIMULACRA 2 (higher is better: 90 is visually lossless at normal
viewing distance, 70 high quality; the scale of JPEG XL's encoder effort).
Tiles whose original is narrower than 3w are left out.

    python3 Benchmarks/dpr/measure.py SITE_DIR ALBUM_DIR [--page index.html ...]

Needs chromium, and Python with numpy, Pillow and ssimulacra2 (PyPI).
Prints one line per tile and the totals: bytes of each choice, mean and lowest scores.
"""
import argparse, hashlib, importlib.util, os, sys, tempfile, urllib.parse

import numpy as np
from PIL import Image, ImageOps
from ssimulacra2 import compute_ssimulacra2

here = os.path.dirname(os.path.abspath(__file__))
scripts = os.path.join(here, "..", "..", "scripts")
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(scripts, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

TILES = r"""
[...document.querySelectorAll('.grid img')].map(i => ({
  width: i.getBoundingClientRect().width, src: i.currentSrc,
  srcset: (i.closest('picture')?.querySelector('source')?.srcset || i.srcset || '')}))
"""


def candidates(srcset, base):
    out = []
    for part in srcset.split(","):
        url, _, descriptor = part.strip().rpartition(" ")
        if descriptor.endswith("w"):
            out.append((int(descriptor[:-1]), urllib.parse.urljoin(base, url)))
    return sorted(out)


def local(site, base, url):
    return os.path.join(site, urllib.parse.unquote(url[len(base):]))


def originals(album):
    """The album's files by the SHA-256 that names their renditions."""
    found = {}
    for folder, _, files in os.walk(album):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                found[hashlib.sha256(f.read()).hexdigest()] = path
    return found


def scaled(path, width):
    image = Image.open(path).convert("RGB")
    return image.resize((width, round(image.height * width / image.width)), Image.BICUBIC)


def score(reference, image):
    with tempfile.TemporaryDirectory() as folder:
        a, b = os.path.join(folder, "a.png"), os.path.join(folder, "b.png")
        reference.save(a)
        image.resize(reference.size, Image.BICUBIC).save(b)
        return compute_ssimulacra2(a, b)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("album")
    parser.add_argument("--page", action="append")
    args = parser.parse_args()
    by_hash = originals(args.album)
    base = browser_check.serve(args.site)
    browser = browser_check.Chromium()
    rows = []
    try:
        for page in args.page or ["index.html"]:
            session = browser.open_tab()
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}, session)
            browser.load(base + page, session)
            # Every tile decoded at its size (lazy ones too): scroll through the page.
            browser.send("Runtime.evaluate", {"expression": "document.querySelectorAll('img').forEach(i => i.loading = 'eager')"}, session)
            browser.send("Runtime.evaluate", {"expression": "Promise.all([...document.images].map(i => i.decode().catch(() => 0)))",
                                              "awaitPromise": True}, session)
            tiles = browser.send("Runtime.evaluate", {"expression": TILES, "returnByValue": True}, session)["result"]["value"]
            browser.close_tab(session)
            for tile in tiles:
                options = candidates(tile["srcset"], base + page)
                if not options:
                    continue
                device = round(tile["width"] * 3)
                widest = options[-1]
                original = by_hash.get(os.path.basename(urllib.parse.unquote(widest[1]))[:64])
                if original is None:
                    continue
                photo = ImageOps.exif_transpose(Image.open(original)).convert("RGB")
                if photo.width < device:
                    continue
                three = next((o for o in options if o[0] >= device), widest)
                two = next((o for o in options if o[0] >= tile["width"] * 2), widest)
                reference = photo.resize((device, round(photo.height * device / photo.width)), Image.LANCZOS)
                s3 = score(reference, scaled(local(args.site, base, three[1]), three[0]))
                s2 = score(reference, scaled(local(args.site, base, two[1]), two[0]))
                b3 = os.path.getsize(local(args.site, base, three[1]))
                b2 = os.path.getsize(local(args.site, base, two[1]))
                rows.append((s3, s2, b3, b2))
                print(f"{page} {tile['width']:.0f} css px: 3x {three[0]}w {b3 / 1000:.0f} KB score {s3:.1f}; "
                      f"2x {two[0]}w {b2 / 1000:.0f} KB score {s2:.1f}")
    finally:
        browser.close()
    if not rows:
        sys.exit("no tile had a reference rendition")
    s3, s2, b3, b2 = (np.array(c) for c in zip(*rows))
    print(f"{len(rows)} tiles: 3x {b3.sum() / 1000:.0f} KB, mean score {s3.mean():.1f} (lowest {s3.min():.1f}); "
          f"2x cap {b2.sum() / 1000:.0f} KB ({b2.sum() / b3.sum():.2f}x the bytes), mean score {s2.mean():.1f} "
          f"(lowest {s2.min():.1f}); mean loss {np.mean(s3 - s2):.1f} points (largest {np.max(s3 - s2):.1f})")


if __name__ == "__main__":
    main()
