#!/usr/bin/env python3
"""Captures the README screenshots of the default theme.

Builds SampleAlbum (a home page with three albums, one nested; captions, dates
and camera names come from the photos' EXIF and the albums' album.json) into a
temporary folder and shoots the home page, an album page and a photo page,
light and dark, at 390 and 1440 px wide, plus the in-page viewer, with headless
Chromium through scripts/browser-check.py.

Usage: docs/screenshots/capture.py PATH/TO/cascade
"""
import base64, importlib.util, os, shutil, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(os.path.dirname(here))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(repo, "scripts", "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)


def main():
    cascade = sys.argv[1]
    work = tempfile.mkdtemp(prefix="cascade-shots-")
    album = os.path.join(work, "album")
    shutil.copytree(os.path.join(repo, "SampleAlbum"), album)
    site = os.path.join(work, "site")
    subprocess.run([cascade, "build", album, "--output", site, "--templates", os.path.join(repo, "Templates")],
                   check=True, stdout=subprocess.DEVNULL)
    browser = browser_check.Chromium()
    try:
        pages = (("index.html", "home"), ("Small%20things/index.html", "album"),
                 ("Small%20things/dragonfly.html", "photo"))
        for page, name in pages:
            for width, height in ((390, 844), (1440, 900)):
                for scheme in ("light", "dark"):
                    shoot(browser, f"file://{site}/{page}", width, height, scheme, f"{name}-{width}-{scheme}.png")
        shoot(browser, f"file://{site}/Small%20things/Kitchen/index.html#p-fig", 1440, 900, "dark",
              "viewer-1440-dark.png")
    finally:
        browser.close()
        shutil.rmtree(work)


def shoot(browser, url, width, height, scheme, name):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.send("Page.enable", session=session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}, session)
    browser.send("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session)
    browser.send("Page.navigate", {"url": url}, session)
    browser.wait_event("Page.loadEventFired", session, timeout=60)
    time.sleep(1.0)
    data = browser.send("Page.captureScreenshot", {"format": "png"}, session)["data"]
    with open(os.path.join(here, name), "wb") as f:
        f.write(base64.b64decode(data))
    print(name)
    browser.send("Target.closeTarget", {"targetId": target})


if __name__ == "__main__":
    main()
