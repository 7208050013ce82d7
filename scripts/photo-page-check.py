#!/usr/bin/env python3
"""Checks that a photo page shows its photo, caption and Previous/Next on the first screen.

Opens every photo page of an album (the album page's photo tiles, in order)
in headless Chromium at each viewport size, without scrolling, and checks:
  - the photo is whole on the first screen;
  - the caption (the figure's figcaption: heading, caption, date, …) is whole
    on the first screen;
  - the caption is aligned with the photo: under it with the same left edge,
    or beside it with the same top edge;
  - every Previous/Next link is whole on the first screen;
  - the page does not scroll sideways;
  - its place in the album ("3 of 28"), which the theme's script reads from
    the album's photos.json, is shown, and the header did not change height
    when it was filled in.
Shares scripts/browser-check.py's Chromium helper (CDP over a pipe) and
serves the site from a loopback HTTP server, as the other browser checks do.

Usage: scripts/photo-page-check.py SITE_DIR [--page index.html] [--sizes 1440x900,1024x768] [--screenshots DIR]
Needs: chromium (Debian package). Standard library only. Exit 1 on any failure.
"""
import argparse, base64, importlib.util, os, sys, time, urllib.parse

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

# Boxes in viewport coordinates (the page is not scrolled), once the photo
# has loaded: what a visitor sees before touching anything.
MEASURE = r"""
(() => {
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
  const media = document.querySelector('figure.photo img, figure.photo video');
  if (!media || (media.tagName === 'IMG' && !(media.complete && media.naturalWidth))) return null;
  return {photo: box(media), caption: box(document.querySelector('figure.photo figcaption')),
          pager: [...document.querySelectorAll('.pager a')].map(a => Object.assign(box(a), {text: a.textContent.trim()})),
          position: (document.querySelector('.photo-header .position') || {}).textContent || '',
          header: box(document.querySelector('.photo-header')),
          scrollX, scrollY, innerWidth, innerHeight, scrollWidth: document.documentElement.scrollWidth};
})()
"""

EPS = 1.0  # CSS px of rounding allowed


def on_screen(b, m):
    return b["left"] >= -EPS and b["top"] >= -EPS and b["right"] <= m["innerWidth"] + EPS \
        and b["bottom"] <= m["innerHeight"] + EPS


def judge(m, place=None):
    """The problems with one measured page (empty when it passes). `place`: the photo's (number, count) in its
    album page (the first), which the page's script shows from the album's photos.json ("3 of 28"), its header not moving."""
    problems = []
    if place:
        number, count = place
        words = m["position"].replace(",", "").replace("\u200b", "").split()
        numbers = [int(word) for word in words if word.isdigit()]
        # (An album over pages counts past this page's tiles.)
        if not numbers or numbers[0] != number or max(numbers) < count:
            problems.append(f"the place reads \"{m['position']}\", not {number} of {count} (photos.json)")
        if m.get("headerBefore") and abs(m["headerBefore"]["height"] - m["header"]["height"]) > EPS:
            problems.append(f"the header moved when the place was filled in ({m['headerBefore']['height']:.1f} → "
                            f"{m['header']['height']:.1f} px high)")
    photo, caption = m["photo"], m["caption"]
    if m["scrollX"] or m["scrollY"]:
        problems.append(f"the page opened scrolled ({m['scrollX']}, {m['scrollY']})")
    if not on_screen(photo, m):
        problems.append(f"the photo ({photo['left']:.0f},{photo['top']:.0f} to {photo['right']:.0f},"
                        f"{photo['bottom']:.0f}) is not whole on the first screen")
    if caption is None:
        problems.append("no caption (figure.photo figcaption)")
    else:
        if not on_screen(caption, m):
            problems.append(f"the caption (top {caption['top']:.0f}, bottom {caption['bottom']:.0f}) is not whole "
                            f"on the {m['innerWidth']}x{m['innerHeight']} first screen")
        under = caption["top"] >= photo["bottom"] - EPS and abs(caption["left"] - photo["left"]) <= EPS
        beside = caption["left"] >= photo["right"] - EPS and abs(caption["top"] - photo["top"]) <= EPS
        if not (under or beside):
            problems.append(f"the caption is not aligned with the photo: its left edge is at {caption['left']:.0f} px, "
                            f"the photo's at {photo['left']:.0f} px (top {caption['top']:.0f} vs {photo['top']:.0f})")
    if not m["pager"]:
        problems.append("no Previous/Next links (.pager a)")
    for link in m["pager"]:
        if not on_screen(link, m):
            problems.append(f"\"{link['text']}\" is not on the first screen (top {link['top']:.0f}, "
                            f"bottom {link['bottom']:.0f}, viewport {m['innerHeight']} high)")
    if m["scrollWidth"] > m["innerWidth"]:
        problems.append(f"the page scrolls sideways ({m['scrollWidth']} > {m['innerWidth']})")
    return problems


def measure(browser, url, width, height, screenshot=None):
    session = browser.open_tab(("Page", "Runtime"))
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}, session)
    browser.load(url, session)
    deadline, result = time.time() + 30, None
    while result is None and time.time() < deadline:
        result = browser.send("Runtime.evaluate", {"expression": MEASURE, "returnByValue": True},
                              session)["result"].get("value")
        if result is None:
            time.sleep(0.05)
    if result is not None:
        # The place comes from photos.json, fetched by the script: wait for it (at most 5 s).
        before, deadline = result.get("header"), time.time() + 5
        while result is not None and not result["position"].replace("\u200b", "").strip() and time.time() < deadline:
            time.sleep(0.05)
            result = browser.send("Runtime.evaluate", {"expression": MEASURE, "returnByValue": True},
                                  session)["result"].get("value")
        if result is not None:
            result["headerBefore"] = before
    if result is not None:
        # Two frames after the image, so any late layout has landed.
        browser.send("Runtime.evaluate", {"expression": "new Promise(r => requestAnimationFrame(() => "
                                          "requestAnimationFrame(r)))", "awaitPromise": True}, session)
        result = browser.send("Runtime.evaluate", {"expression": MEASURE, "returnByValue": True},
                              session)["result"].get("value")
    if screenshot and result is not None:
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png"}, session)["data"]))
    browser.close_tab(session)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--page", action="append", help="an album page, relative to SITE_DIR (not URL-encoded); "
                        "repeatable; default index.html")
    parser.add_argument("--sizes", default="1440x900,1024x768")
    parser.add_argument("--screenshots", help="save each page's first screen here")
    args = parser.parse_args()
    base = browser_check.serve(args.site)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    browser = browser_check.Chromium()
    failures, checked = [], 0
    try:
        for page in args.page or ["index.html"]:
            album = base + urllib.parse.quote(page)
            session = browser.open_tab(("Page", "Runtime"))
            browser.load(album, session)
            hrefs = browser.send("Runtime.evaluate", {"expression":
                "[...document.querySelectorAll('.photo-grid a.tile')].map(t => t.getAttribute('href'))",
                "returnByValue": True}, session)["result"]["value"]
            browser.close_tab(session)
            if not hrefs:
                failures.append(f"{page}: no photo tiles")
            for size in args.sizes.split(","):
                width, height = map(int, size.split("x"))
                bad = 0
                for number, href in enumerate(hrefs, 1):
                    url = urllib.parse.urljoin(album, href)
                    name = urllib.parse.unquote(href).replace("/", "_")
                    shot = os.path.join(args.screenshots, f"{width}x{height}-{name}.png") if args.screenshots else None
                    m = measure(browser, url, width, height, shot)
                    checked += 1
                    problems = ["the photo never loaded"] if m is None else judge(m, (number, len(hrefs)) if page == "index.html" else None)
                    bad += bool(problems)
                    failures += [f"{page} → {urllib.parse.unquote(href)} at {size}: {p}" for p in problems]
                print(f"photo-page-check: {page} at {size}: {len(hrefs) - bad} of {len(hrefs)} photo pages "
                      "show photo, caption and Previous/Next on the first screen, caption aligned with the photo")
    finally:
        browser.close()
    for f in failures:
        print(f"photo-page-check: FAIL {f}", file=sys.stderr)
    if not failures:
        print(f"photo-page-check: all {checked} pages pass")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
