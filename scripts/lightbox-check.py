#!/usr/bin/env python3
"""Checks the viewer as a lightbox in headless Chromium, with real input events.

On a phone (390x844, touch) it checks that the open viewer fills the screen on
an opaque backdrop; arrow keys step; a swipe left/right (Input.dispatchTouchEvent)
steps; a double tap and a pinch zoom in (the box's scale grows) and a zoomed
photo fetches the largest rendition; a swipe down closes, and focus returns
to the tile of the photo shown. On a desktop (1280x800) it checks + / 0 keys,
wheel and ctrl+wheel zoom, the slideshow (advances, stops on a key), full
screen (or its button hidden where unsupported), Escape, and no animation
with prefers-reduced-motion. With images held
back (1.5 s) it checks the tile's image shows at once with a loading
indicator, and the caption moves 0 px when the sharp image arrives. On a copy
of the page it checks the page's strings (`#cascade-strings`), a tile's
<picture> sources reused by the viewer, and, with ffmpeg, a video tile playing.

Usage: scripts/lightbox-check.py SITE_DIR [--page index.html]
Needs: chromium (Debian package); ffmpeg optional. Standard library only.
Exit 1 on any failure.
"""
import argparse, html, importlib.util, json, os, re, shutil, subprocess, sys
import time, urllib.parse

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

TEST_PAGE = "lightbox-check-test.html"
TEST_VIDEO = "lightbox-check-test.webm"
STRINGS = {"viewerClose": "Schließen", "viewerPosition": "{n} von {total}", "viewerPhotoPage": "Fotoseite"}
KEYS = {"ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39), "Escape": ("Escape", 27),
        "+": ("Equal", 187), "0": ("Digit0", 48)}
SCALE = ("(b => { if (!b) return null; const m = /scale\\(([\\d.e-]+)\\)/.exec(b.style.transform);"
         " return m ? +m[1] : 1; })(document.querySelector('dialog[open] .viewer-box'))")


class Page:
    """One tab: evaluation, waiting and input events."""

    def __init__(self, browser, width, height, mobile, handler=None):
        self.browser, self.handler = browser, handler
        self.session = browser.open_tab(("Page", "Runtime"), cold=True)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, self.session)
        if mobile:
            browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, self.session)

    def send(self, method, params):
        return self.browser.send(method, params, self.session)

    def js(self, expression):
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        return reply["result"].get("value")

    def go(self, url):
        self.send("Page.navigate", {"url": url})
        self.browser.wait_event("Page.loadEventFired", self.session, timeout=60)
        time.sleep(0.3)

    def until(self, expression, timeout=5.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.05)
        return self.js(expression)

    def key(self, name):
        code, vk = KEYS[name]
        text = name if len(name) == 1 else ""
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": code, "text": text if kind == "keyDown" else "",
                                                 "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk})
        time.sleep(0.15)

    def touch(self, tracks, steps=8):
        """Moves one touch point per track [(x0, y0), (x1, y1)] together, then lifts them."""
        def at(k):
            return [{"x": x0 + (x1 - x0) * k / steps, "y": y0 + (y1 - y0) * k / steps, "id": i}
                    for i, ((x0, y0), (x1, y1)) in enumerate(tracks)]
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": at(0)})
        for k in range(1, steps + 1):
            time.sleep(0.016)
            self.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": at(k)})
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        time.sleep(0.3)

    def tap(self, x, y):
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 0}]})
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def wheel(self, x, y, delta, ctrl=False):
        self.send("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta,
                                               "modifiers": 2 if ctrl else 0})
        time.sleep(0.2)

    def click(self, selector):
        """A real mouse click (user activation) at the centre of `selector`."""
        box = self.js(f"(e => e && (r => [r.left + r.width / 2, r.top + r.height / 2])(e.getBoundingClientRect()))"
                      f"(document.querySelector({selector!r}))")
        if not box:
            return False
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})
        time.sleep(0.3)
        return True

    def close(self):
        self.browser.close_tab(self.session)


def test_page(site, page):
    """A copy of the album page with strings, a <picture> tile and (with ffmpeg) a video tile."""
    with open(os.path.join(site, page), encoding="utf-8") as f:
        text = f.read()
    tiles = list(re.finditer(r'<a class="tile" id="([^"]+)"[^>]*>(<img [^>]*/>)', text))
    first = tiles[0]
    img = first.group(2)
    srcset = html.unescape(re.search(r'srcset="([^"]*)"', img).group(1))
    webp = ", ".join(c.strip().split(" ")[0] + "?format=webp " + c.strip().split(" ")[1] for c in srcset.split(","))
    picture = f'<picture><source type="image/webp" srcset="{html.escape(webp)}" />{img}</picture>'
    text = text[:first.start(2)] + picture + text[first.end(2):]
    video = None
    if shutil.which("ffmpeg") and len(tiles) > 1:
        folder = os.path.dirname(os.path.join(site, page))
        made = subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=d=2:s=160x120:r=10",
                               "-c:v", "libvpx", "-b:v", "200k", os.path.join(folder, TEST_VIDEO)], capture_output=True)
        if made.returncode == 0:
            video = tiles[1].group(1)
            text = text.replace(f'<a class="tile" id="{video}"',
                                f'<a class="tile tile-video" id="{video}" data-video="{TEST_VIDEO}" data-video-type="video/webm"', 1)
    strings = f'<script type="application/json" id="cascade-strings">{json.dumps(STRINGS)}</script>'
    # The page carries its language's block already: the test's strings take its place.
    text, replaced = re.subn(r'<script type="application/json" id="cascade-strings">.*?</script>',
                             lambda _: strings, text, count=1, flags=re.S)
    if not replaced:
        text = text.replace('<script src="', strings + '\n<script src="', 1)
    path = os.path.join(os.path.dirname(page), TEST_PAGE)
    with open(os.path.join(site, path), "w", encoding="utf-8") as f:
        f.write(text)
    return path, first.group(1), video


def reopen(page, tile):
    """Opens the viewer on `tile` if an earlier step closed it (so one failure does not hide the rest)."""
    if not page.js("document.querySelector('dialog') && document.querySelector('dialog').open"):
        page.js(f"document.getElementById({tile!r}).click()")
        page.until("document.querySelector('dialog') && document.querySelector('dialog').open")
        time.sleep(0.3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--page", default="index.html", help="the album page, relative to SITE_DIR (not URL-encoded)")
    args = parser.parse_args()
    site = os.path.abspath(args.site)
    handler_class = type("Delayed", (browser_check.DelayedHandler,), {"delay": 0})
    base = browser_check.serve(site, handler_class)
    album = base + urllib.parse.quote(args.page)
    copy, picture_tile, video_tile = test_page(site, args.page)
    browser = browser_check.Chromium()
    failures, passed = [], []

    def expect(condition, what):
        (passed if condition else failures).append(what)
        if os.environ.get("LIGHTBOX_VERBOSE"):
            print(("ok   " if condition else "FAIL ") + what, file=sys.stderr)

    try:
        # --- Phone: full screen, keys, swipes, taps, pinch, swipe down, focus.
        phone = Page(browser, 390, 844, True)
        phone.go(album)
        tiles = phone.js("[...document.querySelectorAll('.photo-grid a.tile:not([data-video])')].map(t => t.id)")
        expect(len(tiles) >= 4, f"the album page has 4 or more photo tiles ({len(tiles)})")
        hash_is = lambda i: f"location.hash === {'#view/' + tiles[i]!r}"
        phone.js(f"document.getElementById({tiles[1]!r}).click()")
        expect(phone.until("document.querySelector('dialog') && document.querySelector('dialog').open"),
               "a tap on a tile opens the viewer")
        time.sleep(0.4)
        fill = phone.js("""(() => { const d = document.querySelector('dialog[open]');
          const b = d.querySelector('.viewer-box') || d.querySelector('img'); const r = d.getBoundingClientRect(), i = b.getBoundingClientRect();
          return {dialog: [r.left, r.top, r.width, r.height], box: [i.width, i.height], view: [innerWidth, innerHeight],
                  background: getComputedStyle(d).backgroundColor}; })()""")
        expect(fill["dialog"] == [0, 0, 390, 844], f"at 390 px the viewer covers the screen ({fill['dialog']})")
        expect(max(fill["box"][0] / 390, fill["box"][1] / 844) > 0.995,
               f"at 390 px the photo uses the whole screen's width or height ({fill['box'][0]:.0f}x{fill['box'][1]:.0f})")
        alpha = re.match(r"rgba?\(([^)]*)\)", fill["background"]).group(1).split(",")
        expect(len(alpha) == 3 or float(alpha[3]) == 1, f"at 390 px the backdrop is opaque ({fill['background']})")
        phone.key("ArrowRight")
        expect(phone.until(hash_is(2), 2), "→ steps to the next photo")
        phone.key("ArrowLeft")
        expect(phone.until(hash_is(1), 2), "← steps back")
        phone.touch([((280, 420), (40, 430))])
        expect(phone.until(hash_is(2), 2), f"a swipe left steps to the next photo ({phone.js('location.hash')})")
        phone.touch([((110, 420), (350, 410))])
        expect(phone.until(hash_is(1), 2), f"a swipe right steps back ({phone.js('location.hash')})")
        reopen(phone, tiles[1])
        centre = phone.js("(r => [r.left + r.width / 2, r.top + r.height / 2])"
                          "(document.querySelector('dialog[open] img').getBoundingClientRect())")
        phone.tap(*centre)
        time.sleep(0.12)
        phone.tap(*centre)
        scale = phone.until(f"({SCALE}) > 1.2 && {SCALE}", 2)
        expect(scale and scale > 1.2, f"a double tap zooms in (scale {phone.js(SCALE)})")
        largest = phone.until("""(() => { const i = document.querySelector('dialog[open] img'); if (!i) return false;
          const c = (i.getAttribute('srcset') || '').split(',').map(s => s.trim().split(/\\s+/));
          const top = c.reduce((a, b) => parseInt(b[1]) > parseInt(a[1]) ? b : a, c[0]);
          return i.complete && i.currentSrc === new URL(top[0], document.baseURI).href && top[1]; })()""", 6)
        expect(bool(largest), f"zoomed in, the viewer fetches the largest rendition ({largest})")
        phone.tap(*centre)
        time.sleep(0.12)
        phone.tap(*centre)
        expect(phone.until(f"({SCALE}) === 1", 2), f"a second double tap zooms out (scale {phone.js(SCALE)})")
        x, y = centre
        phone.touch([((x - 40, y), (x - 140, y)), ((x + 40, y), (x + 140, y))], steps=10)
        scale = phone.js(SCALE)
        expect((scale or 0) > 2, f"a pinch zooms in (scale {scale})")
        before = phone.js("location.hash")
        phone.touch([((x, y), (x - 100, y + 30))])
        after = phone.js(f"[location.hash, {SCALE}, document.querySelector('dialog[open] .viewer-box')?.style.transform || '']")
        expect(after[0] == before and (after[1] or 0) > 2 and "translate(" in after[2],
               f"a drag on the zoomed photo pans it rather than stepping ({after})")
        phone.key("0")
        expect(phone.until(f"({SCALE}) === 1", 2), "0 resets the zoom")
        reopen(phone, tiles[1])
        phone.key("ArrowRight")
        phone.until(hash_is(2), 2)
        phone.touch([((195, 300), (200, 620))])
        expect(phone.until("!document.querySelector('dialog').open", 2), "a swipe down closes the viewer")
        focus = phone.js("document.activeElement && document.activeElement.id")
        expect(focus == tiles[2], f"on close focus returns to the tile of the photo shown ({focus}, {tiles[2]})")
        expect(phone.js("location.hash") == "", f"closing restores the album's URL ({phone.js('location.hash')})")
        phone.close()

        # --- Desktop: keyboard and wheel zoom, slideshow, full screen, Escape.
        desk = Page(browser, 1280, 800, False)
        desk.go(album)
        desk.js(f"document.getElementById({tiles[0]!r}).click()")
        desk.until("document.querySelector('dialog').open")
        time.sleep(0.3)
        desk.key("+")
        expect((desk.js(SCALE) or 1) > 1.2, f"+ zooms in (scale {desk.js(SCALE)})")
        desk.key("0")
        cx, cy = desk.js("(r => [r.left + r.width / 2, r.top + r.height / 2])"
                         "(document.querySelector('dialog[open] img').getBoundingClientRect())")
        desk.wheel(cx, cy, -300)
        wheel = desk.js(SCALE) or 1
        expect(wheel > 1.2, f"the wheel zooms in (scale {wheel})")
        desk.wheel(cx, cy, -40, ctrl=True)
        pinch = desk.js(SCALE) or 1
        expect(pinch > wheel * 1.1, f"ctrl + wheel (a trackpad pinch) zooms further ({wheel} → {pinch})")
        desk.wheel(cx, cy, 2000)
        expect(desk.js(SCALE) == 1, f"the wheel zooms back out to fit (scale {desk.js(SCALE)})")
        played = desk.click("dialog[open] .viewer-play")
        expect(played, "the viewer has a play button")
        advanced = desk.until(f"location.hash === {'#view/' + tiles[1]!r}", 8) if played else False
        expect(advanced, f"the slideshow steps to the next photo on its own ({desk.js('location.hash')})")
        label = desk.js("(b => b && b.getAttribute('aria-label'))(document.querySelector('dialog[open] .viewer-play'))")
        expect(label == "Pause slideshow", f"while playing the button says so ({label})")
        desk.key("ArrowLeft")
        time.sleep(5.5)
        expect(desk.js("location.hash") == f"#view/{tiles[0]}",
               f"a key stops the slideshow ({desk.js('location.hash')})")
        full = desk.js("(b => b ? [!b.hidden, document.fullscreenEnabled] : null)(document.querySelector('dialog[open] .viewer-fullscreen'))")
        expect(full is not None and full[0] == full[1], f"the full-screen button shows exactly where the API works ({full})")
        if full and full[0]:
            desk.click("dialog[open] .viewer-fullscreen")
            where = desk.until("document.fullscreenElement && document.fullscreenElement.className", 3)
            expect(where == "viewer-frame", f"the full-screen button puts the viewer full screen ({where})")
            desk.click("dialog[open] .viewer-fullscreen")
            expect(desk.until("!document.fullscreenElement", 3), "… and the button leaves full screen")
        shown = desk.js("location.hash.slice(6)")
        desk.key("Escape")
        expect(desk.until("!document.querySelector('dialog').open", 2), "Escape closes the viewer")
        focus = desk.js("document.activeElement && document.activeElement.id")
        expect(focus == shown, f"… and focus returns to the tile shown ({focus}, {shown})")
        desk.close()

        # --- Images held back: the tile's image at once, a loading indicator,
        # the caption never moves when the sharp one arrives.
        late = Page(browser, 1024, 768, False)
        late.go(album)
        handler_class.delay = 1.5
        # The widest photo whose tile image is loaded: the viewer wants a larger rendition of it.
        wide = late.js("""[...document.querySelectorAll('.photo-grid a.tile:not([data-video])')]
          .filter(t => t.querySelector('img').complete).sort((a, b) => b.dataset.largeWidth - a.dataset.largeWidth)[0].id""")
        late.js(f"location.hash = {'#view/' + wide!r}")
        early = late.until("""(d => d && d.open && (b => ({background: b.style.backgroundImage,
          loading: !!b.querySelector('.viewer-loading:not([hidden])'), sharp: b.querySelector('img').complete,
          caption: (r => [r.left, r.top])(d.querySelector('figcaption').getBoundingClientRect())}))
          (d.querySelector('.viewer-box')))(document.querySelector('dialog'))""", 2)
        expect(early and "url(" in early["background"] and not early["sharp"],
               f"before the sharp image, the box shows the tile's image ({early})")
        expect(early and early["loading"], "… with a loading indicator")
        done = late.until("(i => i && i.complete && i.naturalWidth > 0)(document.querySelector('dialog[open] img'))", 10)
        time.sleep(0.4)
        now = late.js("""(d => ({loading: !!d.querySelector('.viewer-loading:not([hidden])'),
          caption: (r => [r.left, r.top])(d.querySelector('figcaption').getBoundingClientRect())}))(document.querySelector('dialog'))""")
        expect(done and not now["loading"], f"the loading indicator goes when the sharp image arrives ({now})")
        if early:
            moved = max(abs(a - b) for a, b in zip(early["caption"], now["caption"]))
            expect(moved < 0.5, f"the caption moves 0 px when the image arrives late ({moved:.1f} px)")
        handler_class.delay = 0
        late.close()

        # --- Less motion: no fades or zoom animation, the slideshow still plays.
        calm = Page(browser, 1280, 800, False)
        calm.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        calm.go(album)
        calm.js(f"document.getElementById({tiles[0]!r}).click()")
        calm.until("document.querySelector('dialog').open")
        calm.key("+")
        motion = calm.js("""(d => d && (b => b && [getComputedStyle(d).animationName, getComputedStyle(b).animationName,
          getComputedStyle(b).transitionDuration])(d.querySelector('.viewer-box')))(document.querySelector('dialog[open]'))""")
        expect(motion == ["none", "none", "0s"], f"with prefers-reduced-motion the viewer does not animate ({motion})")
        calm.close()

        # --- The page's strings, a tile's <picture> sources, a video tile.
        extra = Page(browser, 1280, 800, False)
        extra.go(base + urllib.parse.quote(copy))
        extra.js(f"document.getElementById({picture_tile!r}).click()")
        extra.until("document.querySelector('dialog').open")
        words = extra.js("""(d => [d.querySelector('.viewer-close') && d.querySelector('.viewer-close').getAttribute('aria-label'),
          (d.querySelector('.viewer-meta') || d).textContent])(document.querySelector('dialog'))""")
        total = extra.js("document.querySelectorAll('.photo-grid a.tile').length")
        expect(words[0] == STRINGS["viewerClose"], f"the page's strings name the controls ({words[0]})")
        expect(f"1 von {total}" in words[1] and "Fotoseite" in words[1], f"… and fill the placeholders ({words[1]})")
        source = extra.until("""(i => i && i.complete && i.naturalWidth && i.parentElement.tagName === 'PICTURE'
          && !!i.parentElement.querySelector('source[type="image/webp"]') && i.currentSrc)(document.querySelector('dialog[open] img'))""", 5)
        expect(bool(source) and "format=webp" in source, f"a tile's <picture> sources are the viewer's ({source})")
        if video_tile:
            extra.key("ArrowRight")
            playing = extra.until("""(v => v && v.querySelector('source') && v.querySelector('source').getAttribute('src')
              && (v.muted = true, v.play().then(() => new Promise(r => setTimeout(r, 600))).then(() => v.currentTime > 0, () => false)))
              (document.querySelector('dialog[open] video'))""", 5)
            expect(playing, "a video tile plays in the viewer")
            extra.key("ArrowRight")
            stopped = extra.js("document.querySelectorAll('dialog video').length")
            expect(stopped == 0, f"stepping away removes the video ({stopped} left)")
        extra.close()
    finally:
        browser.close()
        for name in (copy, os.path.join(os.path.dirname(copy), TEST_VIDEO)):
            if os.path.exists(os.path.join(site, name)):
                os.remove(os.path.join(site, name))
    for failure in failures:
        print(f"lightbox-check: FAIL {failure}", file=sys.stderr)
    print(f"lightbox-check: {args.page}: {len(passed)} checks pass, {len(failures)} fail")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
