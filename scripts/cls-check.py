#!/usr/bin/env python3
"""Checks that photo pages and the open viewer reserve the image's box.

Serves the site from a loopback HTTP server that holds back every image
(default 1.5 s, so each arrives long after first paint) and, at each width:
  - opens photo pages (the album page's first and middle photos)
    and checks the layout-shift score stays 0 while the image arrives, and
    that the image is shown at its own shape;
  - opens the album page at `#view/<tile>` (the viewer open from the start,
    no input that would excuse a shift) and checks the same for the viewer,
    and that the viewer fetched a rendition near the width it shows rather
    than always the largest.

Usage: scripts/cls-check.py SITE_DIR [--page index.html] [--widths 390,1024,1440,2560] [--delay 1.5]
Needs: chromium (Debian package). Standard library only. Exit 1 on any failure.
"""
import argparse, importlib.util, os, sys, time, urllib.parse

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

# Shifts a visitor's input did not cause (web-vitals CLS ignores those).
OBSERVER = r"""
window.__cls = 0; window.__shifts = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
  window.__cls += e.value;
  window.__shifts.push(e.sources.map(s => (s.node && s.node.nodeName || '?') + ' ' + s.previousRect.y + '→' + s.currentRect.y).join(', '));
} }).observe({type: 'layout-shift', buffered: true});
"""

# The image a page shows, once loaded: its box, natural size and the
# rendition it chose out of its srcset.
IMAGE = r"""
((selector) => { const i = document.querySelector(selector);
  if (!i || !i.complete || !i.naturalWidth) return null;
  const r = i.getBoundingClientRect();
  const parse = (srcset) => (srcset || '').split(',').map(c => c.trim().split(/\s+/))
      .filter(c => c.length == 2).map(c => ({url: new URL(c[0], document.baseURI).href, w: parseInt(c[1])}));
  const widths = parse(i.getAttribute('srcset'));
  // In a <picture> (--formats) the browser may take an AVIF or WebP <source> of the same widths.
  const sources = i.parentElement && i.parentElement.tagName == 'PICTURE'
      ? [...i.parentElement.querySelectorAll('source')].flatMap(s => parse(s.getAttribute('srcset'))) : [];
  const chosen = widths.concat(sources).find(c => c.url === i.currentSrc);
  return {w: r.width, h: r.height, nw: i.naturalWidth, nh: i.naturalHeight, dpr: devicePixelRatio,
          chosen: chosen ? chosen.w : null, largest: Math.max(0, ...widths.map(c => c.w)), count: new Set(widths.map(c => c.w)).size,
          cls: window.__cls, shifts: window.__shifts};
})
"""


def open_page(browser, url, width, selector, timeout=30, trigger=None, handler=None, delay=0):
    """Loads `url` cold at `width`; returns the IMAGE figures once `selector`'s image loaded and settled.

    With `trigger`, the page loads with images undelayed; then images are
    held back `delay` s and `trigger` (a script) runs — the viewer opened
    from a fragment change, with no input to excuse a shift."""
    session = browser.open_tab(("Page", "Runtime"), cold=True)
    browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER}, session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 900 if width >= 600 else 844, "deviceScaleFactor": 1,
                  "mobile": width < 600}, session)
    browser.send("Page.navigate", {"url": url}, session)
    if trigger:
        browser.wait_event("Page.loadEventFired", session, timeout=60)
        time.sleep(1.0)
        handler.delay = delay
        browser.send("Runtime.evaluate", {"expression": trigger}, session)
    expression = f"({IMAGE})({selector!r})"
    # Where the caption is while the image is still on its way, to compare
    # with where it ends up (a direct check beside the layout-shift score).
    # Only once painted: before the stylesheet applies nothing is on screen.
    caption = (f"(() => {{ if (!performance.getEntriesByType('paint').length) return null;"
               f" const i = document.querySelector({selector!r}); const c = i && i.closest('figure')"
               " && i.closest('figure').querySelector('figcaption'); if (!c) return null;"
               " const r = c.getBoundingClientRect(); return {x: r.left, y: r.top, loaded: i.complete && i.naturalWidth > 0}; })()")
    deadline, result, early = time.time() + timeout, None, None
    while time.time() < deadline and result is None:
        time.sleep(0.05)
        if early is None:
            early = browser.send("Runtime.evaluate", {"expression": caption, "returnByValue": True},
                                 session)["result"].get("value")
            if early and early["loaded"]:
                early = {"late": True}
        result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                              session)["result"].get("value")
    if result is not None:
        time.sleep(0.5)  # a shift lands in the frame after the image
        result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                              session)["result"].get("value")
        late = browser.send("Runtime.evaluate", {"expression": caption, "returnByValue": True},
                            session)["result"].get("value")
        if early is None or "late" in early:
            result["already"] = True  # nothing to wait for: it could not shift
        elif abs(early["x"] - late["x"]) > 0.5 or abs(early["y"] - late["y"]) > 0.5:
            result["moved"] = f"the caption moved from {early['x']:.0f},{early['y']:.0f} to {late['x']:.0f},{late['y']:.0f}"
    browser.close_tab(session)
    return result


def judge(what, shown, problems, check_pick):
    if shown is None:
        problems.append(f"{what}: the image never loaded")
        return "no image"
    if shown["cls"] != 0:
        problems.append(f"{what}: layout shift {shown['cls']:.4f} ({'; '.join(shown['shifts'])})")
    if shown.get("moved"):
        problems.append(f"{what}: {shown['moved']}")
    if abs(shown["w"] / shown["h"] - shown["nw"] / shown["nh"]) > 0.02 * shown["nw"] / shown["nh"]:
        problems.append(f"{what}: shown {shown['w']:.0f}x{shown['h']:.0f}, the image is {shown['nw']}x{shown['nh']}")
    needed = shown["w"] * shown["dpr"]
    if check_pick:
        if shown["count"] < 2 or shown["chosen"] is None:
            problems.append(f"{what}: no srcset used ({shown})")
        elif needed * 1.5 < shown["largest"] and not (shown["chosen"] < shown["largest"] and shown["chosen"] >= 0.7 * needed):
            problems.append(f"{what}: fetched the {shown['chosen']} px rendition to show {needed:.0f} px")
    return (f"CLS {shown['cls']:.4g}, {shown['w']:.0f}x{shown['h']:.0f} from {shown['chosen'] or shown['nw']} px"
            + (" (already loaded by the album page)" if shown.get("already") else ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--page", default="index.html", help="the album page, relative to SITE_DIR (not URL-encoded)")
    parser.add_argument("--widths", default="390,1024,1440,2560")
    parser.add_argument("--delay", type=float, default=1.5, help="seconds each image response is held back")
    args = parser.parse_args()
    handler_class = type("Delayed", (browser_check.DelayedHandler,), {"delay": args.delay})
    # No lazy lookahead, so tiles below the first screen keep their images
    # unloaded and the viewer really waits for the ones it opens on.
    lookahead = "--blink-settings=" + ",".join(f"lazyLoadingImageMarginPx{kind}=0"
                                               for kind in ("Unknown", "Offline", "Slow2G", "2G", "3G", "4G"))
    base = browser_check.serve(args.site, handler_class)
    album = base + urllib.parse.quote(args.page)
    browser = browser_check.Chromium([lookahead])
    problems = []
    try:
        # The album's photos, read once from the page itself (no delay needed for that).
        session = browser.open_tab(("Page",))
        browser.load(album, session)
        tiles = browser.send("Runtime.evaluate", {"expression":
            "[...document.querySelectorAll('.photo-grid a.tile')].map(t => [t.id, t.getAttribute('href')])",
            "returnByValue": True}, session)["result"]["value"]
        browser.close_tab(session)
        picks = sorted({0, len(tiles) // 2}) if tiles else []
        folder = album.rsplit("/", 1)[0] + "/"
        for width in map(int, args.widths.split(",")):
            for i in picks:
                tile_id, href = tiles[i]
                handler_class.delay = args.delay
                page = open_page(browser, urllib.parse.urljoin(folder, href), width, "figure.photo img")
                print(f"cls-check: {args.page} at {width}: photo page {href}: "
                      + judge(f"photo page {href} at {width}", page, problems, True))
            # The viewer on the first and the last photo (most likely below
            # the first screen, its image not loaded by the album page).
            waited = 0
            for tile_id, _ in (tiles[0], tiles[-1]):
                viewer = open_page(browser, album, width, "dialog[open] img", handler=handler_class, delay=args.delay,
                                   trigger=f"location.hash = {'#view/' + tile_id!r}")
                waited += 0 if viewer is None or viewer.get("already") else 1
                print(f"cls-check: {args.page} at {width}: viewer on {tile_id}: "
                      + judge(f"viewer on {tile_id} at {width}", viewer, problems, True))
            if not waited:
                print(f"cls-check: {args.page} at {width}: note: every viewer image was already loaded by the album page")
    finally:
        browser.close()
    for p in problems:
        print(f"cls-check: FAIL {p}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
