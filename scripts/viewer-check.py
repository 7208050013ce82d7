#!/usr/bin/env python3
"""Checks the viewer's history in headless Chromium on a built gallery:
  - clicking a tile opens the viewer with its own URL state, `#view/p-…`;
  - Back closes it and leaves the album's URL as it was;
  - a photo page's "← Album" link (`index.html#p-…`) lands on the album scrolled
    to that photo's tile with the viewer closed (it used to reopen the viewer:
    viewer → photo page → back → viewer was a loop);
  - an `index.html#view/p-…` link opens the viewer on that photo;
  - every control's focus ring (each focused in turn) has 3:1 against the
    viewer's background (WCAG 2.2 non-text contrast); the "Photo page" link's
    was 2.95:1 with the light scheme's ring colour.

With --paged (a site built with a small --photos-per-page, PAGE the first
page of an album of three pages or more), instead: the viewer counts through
the whole album, its Next on a page's last photo opens the next page's first
in the viewer and Previous comes back to the last, Next is disabled only on
the album's last photo, and a slideshow carries on to the next page.

Usage: scripts/viewer-check.py SITE_DIR [--page index.html] [--paged]
Needs: chromium (Debian package). Standard library only. Exit 1 on any failure.
"""
import argparse, http.server, importlib.util, os, sys, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--page", default="index.html")
    parser.add_argument("--paged", action="store_true")
    args = parser.parse_args()
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass
    base = browser_check.serve(args.site, Quiet)
    browser = browser_check.Chromium()
    failures = []
    try:
        # Uncached, so the photo page's choice of rendition is its own and not
        # a larger one the viewer happened to load already.
        session = browser.open_tab(("Page", "Runtime"), cold=True)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": 1024, "height": 768, "deviceScaleFactor": 1, "mobile": False}, session)

        def evaluate(expression):
            return browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                     "awaitPromise": True}, session)["result"].get("value")

        def go(url):
            browser.send("Page.navigate", {"url": url}, session)
            browser.wait_event("Page.loadEventFired", session, timeout=60)
            time.sleep(0.3)

        def wait_for(expression, what, timeout=5):
            deadline = time.time() + timeout
            while time.time() < deadline:
                if evaluate(expression):
                    return True
                time.sleep(0.05)
            failures.append(what)
            return False

        def expect(condition, what):
            if not condition:
                failures.append(what)

        state = "({open: document.querySelector('dialog').open, hash: location.hash})"
        if args.paged:
            # Load events of the viewer's own page turns are not waited on
            # (none comes when it fails to turn, and the wait would block):
            # they are dropped before each navigation of the check's own.
            check_pages(base + args.page, evaluate, lambda url: (browser.events.clear(), go(url)), expect)
            return finish(failures, f"{args.page}: the viewer counts through the album and steps and plays across its pages")
        go(base + args.page)
        tiles = evaluate("[...document.querySelectorAll('.photo-grid .tile')].map(t => t.id)")
        expect(len(tiles) >= 4, f"the album page has photo tiles ({tiles})")
        third = tiles[2]
        evaluate(f"document.getElementById('{third}').click()")
        wait_for("document.querySelector('dialog').open", "a click on a tile opens the viewer")
        now = evaluate(state)
        expect(now["hash"] == f"#view/{third}", f"the viewer's URL is #view/{third}, not {now['hash']}")
        # The focus ring of every control in the viewer against the viewer's
        # own background (WCAG 2.2 non-text contrast: 3:1), in this scheme.
        ring = evaluate(r"""(() => {
          const lum = c => { const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map(v => v / 255)
              .map(v => v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
            return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
          const dialog = document.querySelector('dialog');
          const background = getComputedStyle(dialog).backgroundColor;
          return [...dialog.querySelectorAll('a, button')].filter(e => e.offsetParent !== null || e.getClientRects().length)
            .map(e => { e.focus({focusVisible: true}); const style = getComputedStyle(e);
              const rgb = style.outlineStyle === 'none' ? 'rgb(0, 0, 0)' : style.outlineColor;
              const [a, b] = [lum(rgb), lum(background)].sort((x, y) => y - x);
              return {name: e.className || e.textContent.trim(), ratio: (a + 0.05) / (b + 0.05)}; });
        })()""")
        for control in ring:
            expect(control["ratio"] >= 3, f"focus ring of '{control['name']}' on the viewer is {control['ratio']:.2f}:1 (needs 3:1)")
        expect(len(ring) >= 3, f"the viewer's controls were found ({ring})")
        evaluate("history.back()")
        wait_for("!document.querySelector('dialog').open", "Back closes the viewer")
        expect(evaluate("location.hash") == "", "Back leaves the album's own URL")

        # The photo page of the last tile, then its way back to the album.
        last = tiles[-1]
        href = evaluate(f"document.getElementById('{last}').getAttribute('href')")
        go(base + os.path.join(os.path.dirname(args.page), href))
        # The photo page fetches a rendition near the width it shows, not the large one.
        wait_for("(() => { const i = document.querySelector('figure.photo img'); return i && i.complete && i.currentSrc; })()",
                 "the photo page's image loads")
        pick = evaluate(r"""(() => { const i = document.querySelector('figure.photo img');
          const widths = (i.getAttribute('srcset') || '').split(',').map(c => c.trim().split(/\s+/))
              .filter(c => c.length == 2).map(c => ({url: c[0], w: parseInt(c[1])}));
          const chosen = widths.find(c => new URL(c.url, document.baseURI).href === i.currentSrc);
          return {needed: i.getBoundingClientRect().width * devicePixelRatio, chosen: chosen ? chosen.w : null,
                  largest: Math.max(...widths.map(c => c.w), 0), count: widths.length}; })()""")
        expect(pick["count"] > 1 and pick["chosen"] is not None, f"the photo page's image has a srcset and uses it ({pick})")
        if pick["chosen"] is not None and pick["needed"] * 1.5 < pick["largest"]:
            expect(pick["chosen"] < pick["largest"] and pick["chosen"] >= 0.7 * pick["needed"],
                   f"the photo page fetched a {pick['chosen']} px rendition to show {pick['needed']:.0f} px ({pick})")
        back = evaluate("document.querySelector('a.back').getAttribute('href')")
        expect(back.endswith(f"#{last}"), f"the photo page's back link names its tile ({back})")
        evaluate("document.querySelector('a.back').click()")
        browser.wait_event("Page.loadEventFired", session, timeout=20)
        time.sleep(0.5)
        now = evaluate(state)
        expect(not now["open"], "the back link lands on the album with the viewer closed")
        expect(now["hash"] == f"#{last}", f"… at #{last} ({now['hash']})")
        box = evaluate(f"(() => {{ const r = document.getElementById('{last}').getBoundingClientRect();"
                       " return {top: r.top, bottom: r.bottom, height: innerHeight}; })()")
        expect(box["top"] < box["height"] and box["bottom"] > 0, f"… scrolled to the photo's tile ({box})")

        # A shared viewer link opens the viewer on its photo (from another
        # document: a fragment change alone would fire no load event).
        go("about:blank")
        go(base + args.page + f"#view/{tiles[1]}")
        wait_for("document.querySelector('dialog').open", "a #view/ link opens the viewer")
        shown = evaluate("document.querySelector('dialog img').getAttribute('src') || ''")
        expected = evaluate(f"document.getElementById('{tiles[1]}').querySelector('img').getAttribute('src')")
        expect(bool(shown), f"the viewer shows an image ({shown!r}, tile {expected!r})")
    finally:
        browser.close()
    finish(failures, f"{args.page}: tile → #view/ state, Back, photo page → album at its tile, #view/ link")


def finish(failures, passed):
    for failure in failures:
        print(f"viewer-check: FAIL {failure}", file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"viewer-check: {passed} — all pass")


def check_pages(first_page, evaluate, go, expect):
    """The viewer on an album split over pages (see --paged)."""
    def wait_for(condition, what, timeout=10):
        # Polled through page turns, when an evaluation can meet a document going away.
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if evaluate(f"document.readyState === 'complete' && ({condition})"):
                    return True
            except Exception:
                pass
            time.sleep(0.1)
        expect(False, what)
        return False
    seen = ("(() => { const d = document.querySelector('dialog'); const p = d.querySelector('.viewer-meta span');"
            " return {open: d.open, hash: location.hash, page: location.pathname.split('/').pop(),"
            " position: p ? p.textContent : '', next: d.querySelector('.viewer-next').disabled,"
            " previous: d.querySelector('.viewer-previous').disabled,"
            " playing: d.querySelector('.viewer-play').getAttribute('aria-label')}; })()")
    go(first_page)
    tiles = evaluate("[...document.querySelectorAll('.photo-grid .tile')].map(t => t.id)")
    total = evaluate("document.querySelector('.photo-grid').dataset.total")
    expect(len(tiles) >= 2 and total and int(total) > 2 * len(tiles),
           f"the first page holds a few of the album's photos ({len(tiles)} of {total}), on three pages or more")
    evaluate(f"document.getElementById('{tiles[-1]}').click()")
    wait_for("document.querySelector('dialog').open", "a click on the page's last tile opens the viewer")
    now = evaluate(seen)
    expect(now["position"] == f"{len(tiles)} of {total}", f"the viewer counts through the album ({now['position']!r})")
    expect(now["next"] is False and now["previous"] is False, f"Next and Previous are enabled on page 1's last photo ({now})")
    evaluate("document.querySelector('.viewer-next').click()")
    if not wait_for("location.pathname.endsWith('/page2.html') && document.querySelector('dialog').open",
                    "Next on a page's last photo opens the viewer on the next page"):
        return
    # Past the first page the total comes from the album's photos.json, read once the page loads.
    wait_for(f"document.querySelector('dialog .viewer-meta span').textContent === '{len(tiles) + 1} of {total}'",
             "a later page's viewer counts in the album (its total read from photos.json)")
    now = evaluate(seen)
    second = evaluate("[...document.querySelectorAll('.photo-grid .tile')].map(t => t.id)")
    expect(evaluate("document.querySelector('.photo-grid').dataset.total") is None,
           "a later page carries no total (a photo added leaves it as it was)")
    expect(now["page"] == "page2.html", f"… which is page2.html ({now['page']})")
    expect(second and now["hash"] == f"#view/{second[0]}", f"… on its first photo, named in the URL ({now['hash']}, {second[:1]})")
    expect(now["position"] == f"{len(tiles) + 1} of {total}", f"… counted in the album ({now['position']!r})")
    evaluate("document.querySelector('.viewer-previous').click()")
    if not wait_for("!location.pathname.endsWith('/page2.html') && document.querySelector('dialog').open",
                    "Previous on a page's first photo opens the viewer on the page before"):
        return
    now = evaluate(seen)
    expect(now["page"] in ("index.html", "") and now["hash"] == f"#view/{tiles[-1]}",
           f"… on its last photo ({now['page']}{now['hash']})")
    # The album's last photo: nothing after it.
    last_page = evaluate("(() => { const links = [...document.querySelectorAll('.album-pager a[href]')];"
                         " return links.length ? links[links.length - 2].getAttribute('href') : ''; })()")
    go(first_page.rsplit("/", 1)[0] + "/" + last_page + "#view/last")
    wait_for("document.querySelector('dialog').open", "#view/last opens the viewer on a page's last photo")
    wait_for(f"document.querySelector('dialog .viewer-meta span').textContent === '{total} of {total}'",
             "the last page's viewer counts in the album")
    now = evaluate(seen)
    expect(now["next"] is True and now["previous"] is False and now["position"] == f"{total} of {total}",
           f"on the album's last photo Next is disabled and Previous is not ({now})")
    # A slideshow reaching a page's end goes on with the next page's first photo.
    go("about:blank")
    go(first_page + f"#view/{tiles[-1]}")
    wait_for("document.querySelector('dialog').open", "a #view/ link opens the viewer")
    evaluate("document.querySelector('.viewer-play').click()")
    wait_for("document.querySelector('dialog').open && location.pathname.endsWith('/page2.html')",
             "the slideshow turns to the next page", timeout=20)
    now = evaluate(seen)
    expect(now["hash"] == f"#view/{second[0]}" and now["playing"] == "Pause slideshow",
           f"… and keeps playing there ({now})")


if __name__ == "__main__":
    main()
