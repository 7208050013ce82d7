#!/usr/bin/env python3
"""Checks a password album (`"private": "password"`) in headless Chromium as a
visitor would, typing with the keyboard:
  - the unlock page shows a password field and nothing of the album;
  - a wrong password shows the theme's error and makes no network request
    after the page load (the server sees none, Chromium sends none);
  - the right password shows the album page in place of the unlock page,
    every tile's image decoded from a blob: URL, with layout shift 0 and no
    tile moved while the images arrive (the encrypted chunks are held back);
  - a tile opens the viewer on a decrypted image, and its "Photo page"
    link shows the photo's page, decrypted, in place;
  - with --paged (an album split over pages), the viewer steps from the first
    page's last photo on to the next page, decrypted and shown in place;
  - every request the album made was answered (no 404 for a plaintext file).
Prints how long the key derivation (PBKDF2) and the whole unlock took.

Usage: scripts/password-check.py SITE_DIR --password PW [--page FOLDER/index.html] [--width 1024] [--delay 0.5] [--paged]
Without --page, the folder holding sealed-00000.bin is the album.
Needs: chromium (Debian package). Standard library only. Exit 1 on any failure.
"""
import argparse, base64, importlib.util, os, sys, threading, time, urllib.parse

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

OBSERVER = r"""
window.__cls = 0; window.__shifts = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
  window.__cls += e.value;
  window.__shifts.push(e.sources.map(s => (s.node && s.node.nodeName || '?') + ' ' + s.previousRect.y + '→' + s.currentRect.y).join(', '));
} }).observe({type: 'layout-shift', buffered: true});
"""


class Counting(browser_check.DelayedHandler):
    """Serves the site, counting requests and holding the chunks back `delay` s."""
    delay = 0
    lock = threading.Lock()
    requests = []

    def do_GET(self):
        with self.lock:
            self.requests.append(self.path)
        if self.path.endswith(".bin"):
            time.sleep(self.delay)
        super().do_GET()

    def send_response(self, code, message=None):
        if code >= 400:
            with self.lock:
                self.requests.append(f"{code} {self.path}")
        super().send_response(code, message)


def find_album(site):
    for folder, _, files in os.walk(site):
        if "sealed-00000.bin" in files:
            return os.path.relpath(os.path.join(folder, "index.html"), site)
    return None


def shoot(browser, session, path):
    data = browser.send("Page.captureScreenshot", {"format": "png"}, session)["data"]
    with open(path, "wb") as file:
        file.write(base64.b64decode(data))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--password", required=True)
    parser.add_argument("--page", help="the unlock page, relative to SITE_DIR (not URL-encoded)")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--delay", type=float, default=0.5, help="seconds each chunk response is held back")
    parser.add_argument("--paged", action="store_true",
                        help="the album is split over pages: the viewer must step from the first page's last photo to the next page")
    parser.add_argument("--screenshot", help="save the unlocked album and the open viewer as PNGs with this prefix")
    args = parser.parse_args()
    page = args.page or find_album(args.site)
    if not page:
        sys.exit("password-check: no password album (no sealed-00000.bin) in " + args.site)
    Counting.delay = args.delay
    url = browser_check.serve(args.site, Counting) + urllib.parse.quote(page)
    browser = browser_check.Chromium()
    problems = []

    def evaluate(expression, session, wait=False):
        reply = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                  "awaitPromise": wait}, session)
        return reply["result"].get("value")

    def poll(expression, session, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = evaluate(expression, session)
            if value:
                return value
            time.sleep(0.05)
        return None

    def type_password(text, session):
        evaluate("(() => { const i = document.getElementById('cascade-password'); i.focus(); i.select(); })()", session)
        browser.send("Input.insertText", {"text": text}, session)
        for kind in ("keyDown", "keyUp"):
            browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter",
                                                    "windowsVirtualKeyCode": 13, "text": "\r" if kind == "keyDown" else ""},
                         session)

    try:
        session = browser.open_tab(("Page", "Runtime", "Network"), cold=True)
        browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER}, session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": args.width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
        browser.load(url, session)
        time.sleep(0.5)
        shown = evaluate("[document.title, document.body.innerText, !!document.getElementById('cascade-password')]", session)
        if not shown[2]:
            problems.append("the unlock page has no password field")
        if evaluate("document.querySelectorAll('img, .tile').length", session):
            problems.append("the unlock page shows images or tiles")
        print(f"password-check: unlock page {page!r}: title {shown[0]!r}")

        # A wrong password: told at once, with nothing fetched.
        with Counting.lock:
            before = len(Counting.requests)
        browser.events = [e for e in browser.events if e.get("method") != "Network.requestWillBeSent"]
        started = time.time()
        type_password(args.password + "-wrong", session)
        status = poll("(() => { const s = document.getElementById('cascade-unlock-status');"
                      " return s && s.classList.contains('wrong') ? s.textContent : null; })()", session)
        wrong_seconds = time.time() - started
        expected = evaluate("document.getElementById('cascade-unlock').dataset.wrong", session)
        if status != expected:
            problems.append(f"a wrong password showed {status!r}, not {expected!r}")
        time.sleep(0.5)
        with Counting.lock:
            after = Counting.requests[before:]
        sent = [e["params"]["request"]["url"] for e in browser.events if e.get("method") == "Network.requestWillBeSent"]
        if after or sent:
            problems.append(f"a wrong password made requests: server {after}, browser {sent}")
        if evaluate("document.activeElement && document.activeElement.id", session) != "cascade-password":
            problems.append("after a wrong password the focus is not back in the password field")
        print(f"password-check: wrong password: {status!r} after {wrong_seconds:.2f} s, {len(after) + len(sent)} requests")

        # The key derivation alone, as the page does it.
        derive = evaluate("""(async () => { const e = new TextEncoder(), t = performance.now();
            const base = await crypto.subtle.importKey('raw', e.encode('x'), 'PBKDF2', false, ['deriveBits']);
            const d = document.getElementById('cascade-unlock').dataset;
            await crypto.subtle.deriveBits({name: 'PBKDF2', hash: 'SHA-256', salt: e.encode('salt'),
                                            iterations: +d.iterations}, base, 256);
            return [performance.now() - t, +d.iterations]; })()""", session, wait=True)
        print(f"password-check: PBKDF2-SHA256 at {derive[1]} iterations: {derive[0]:.0f} ms")

        # The right password: the album, its images from blobs, nothing moving.
        started = time.time()
        type_password(args.password, session)
        grid = poll("document.querySelector('.photo-grid .tile img') ? 1 : 0", session)
        grid_seconds = time.time() - started
        if not grid:
            problems.append("the right password did not show the album's tiles")
        else:
            rects = "JSON.stringify([...document.querySelectorAll('.tile')].map(t => { const r = t.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }))"
            early = evaluate(rects, session)
            done = poll("(() => { const i = [...document.querySelectorAll('.photo-grid .tile img')];"
                        " return i.length && i.every(x => x.complete && x.naturalWidth > 0) ? i.length : 0; })()", session)
            load_seconds = time.time() - started
            if not done:
                problems.append("not every tile's image was decoded")
            blobs = evaluate("[...document.querySelectorAll('.photo-grid .tile img')].every(i => i.src.startsWith('blob:'))", session)
            if not blobs:
                problems.append("a tile's image is not from a blob: URL")
            time.sleep(0.5)
            late = evaluate(rects, session)
            if early != late:
                problems.append("a tile moved while the images arrived")
            cls = evaluate("[window.__cls, window.__shifts]", session)
            if cls[0] != 0:
                problems.append(f"layout shift {cls[0]:.4f} ({'; '.join(cls[1])})")
            title = evaluate("[document.title, (document.querySelector('h1') || {}).textContent]", session)
            print(f"password-check: right password: album {title[1]!r} shown after {grid_seconds:.2f} s, "
                  f"{done} tile images decoded after {load_seconds:.2f} s, CLS {cls[0]}")

            if args.screenshot:
                shoot(browser, session, args.screenshot + "-album.png")
            # The viewer runs once the tiles are shown: it makes its dialog at start.
            poll("document.querySelector('dialog') ? 1 : 0", session, timeout=30)
            if args.paged:
                first = evaluate("[...document.querySelectorAll('.photo-grid .tile')].map(t => t.id)", session)
                evaluate("[...document.querySelectorAll('.photo-grid .tile')].pop().click()", session)
                poll("document.querySelector('dialog[open]') ? 1 : 0", session, timeout=30)
                for kind in ("keyDown", "keyUp"):
                    browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "ArrowRight", "code": "ArrowRight",
                                                            "windowsVirtualKeyCode": 39}, session)
                stepped = poll("(() => { const i = document.querySelector('dialog[open] img'), t = document.querySelector('.photo-grid .tile');"
                               f" return i && i.src.startsWith('blob:') && t && !{first!r}.includes(t.id) ? location.hash : null; }})()",
                               session, timeout=30)
                if not stepped:
                    problems.append("the viewer did not step on to the album's next page")
                print(f"password-check: viewer stepped past {first[-1] if first else '?'} to the next page: {stepped}")
                evaluate("document.querySelector('dialog[open]') && document.querySelector('dialog[open]').close()", session)
                time.sleep(0.5)
            # The viewer, on the first tile.
            evaluate("document.querySelector('.photo-grid .tile').click()", session)
            viewer = poll("(() => { const i = document.querySelector('dialog[open] img');"
                          " return i && i.complete && i.naturalWidth > 0 ? i.src.slice(0, 5) + ' ' + i.naturalWidth : null; })()",
                          session, timeout=30)
            if not viewer or not viewer.startswith("blob:"):
                problems.append(f"the viewer shows no decrypted image ({viewer})")
            print(f"password-check: viewer: {viewer}")
            if args.screenshot:
                time.sleep(1.0)
                shoot(browser, session, args.screenshot + "-viewer.png")
            # Its "Photo page" link: the photo's page, decrypted and shown in place.
            evaluate("(() => { const a = document.querySelector(\"dialog[open] a[href^='#cascade-page=']\");"
                     " if (a) a.click(); return !!a; })()", session)
            photo = poll("(() => { const i = document.querySelector('figure.photo img');"
                         " return i && i.complete && i.naturalWidth > 0 ? i.src.slice(0, 5) : null; })()", session, timeout=30)
            if photo != "blob:":
                problems.append(f"the viewer's photo page link shows no decrypted photo page ({photo})")
            print(f"password-check: photo page from the viewer: {'shown' if photo == 'blob:' else 'missing'}")
            # Its place in the album, read by the page's script from the sealed photos.json (never the server).
            place = poll("(() => { const p = document.querySelector('.position');"
                         " return p && /\\d+\\D+\\d+/.test(p.textContent) ? p.textContent.trim() : null; })()",
                         session, timeout=30)
            if not place:
                problems.append("the photo page shown in place has no place in its album (its photos.json was not read)")
            print(f"password-check: the photo page's place: {place}")
        with Counting.lock:
            # The browser's own probe for a page without an icon link is not the album's.
            failed = [r for r in Counting.requests if r[:1].isdigit() and not r.endswith("/favicon.ico")]
            fetched = [r for r in Counting.requests if r.endswith(".bin")]
        if failed:
            problems.append(f"requests failed: {failed}")
        print(f"password-check: {len(fetched)} chunk requests, {len(failed)} failed")
        browser.close_tab(session)
    finally:
        browser.close()
    for p in problems:
        print(f"password-check: FAIL {p}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
