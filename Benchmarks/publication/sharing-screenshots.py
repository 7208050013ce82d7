#!/usr/bin/env python3
"""Screenshots of the sharing features on the sample album.

    python3 Benchmarks/publication/sharing-screenshots.py CASCADE OUT_DIR

Copies SampleAlbum, marks and credits its root album (`watermark`,
`copyright`), makes `Space` a password album, builds it with `--zip large`
(a throwaway private key and password in the environment), serves it on
localhost, and shoots at 1440x900, light scheme: the password album's unlock
page, the same album after the password is typed, a marked photo page
(its credit in the details), and an album page with its ZIP link.
Uses scripts/screenshots.py's `shoot` (headless Chromium over CDP).
"""
import importlib.util, json, os, shutil, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.join(here, "..", "..")
spec = importlib.util.spec_from_file_location("screenshots", os.path.join(repo, "scripts", "screenshots.py"))
screenshots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(screenshots)

PASSWORD = "a long sample password"


def main():
    cascade, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="cascade-sharing-")
    album = os.path.join(work, "album")
    shutil.copytree(os.path.join(repo, "SampleAlbum"), album)
    root = json.load(open(os.path.join(album, "album.json")))
    root["copyright"] = "© 2026 the photographers, under the licences in LICENSES.md"
    root["watermark"] = {"text": "© Near and far", "position": "bottom-right", "opacity": 0.7, "minWidth": 1024}
    json.dump(root, open(os.path.join(album, "album.json"), "w"), ensure_ascii=False, indent=1)
    space = json.load(open(os.path.join(album, "Space", "album.json")))
    space["private"] = "password"
    json.dump(space, open(os.path.join(album, "Space", "album.json"), "w"), ensure_ascii=False, indent=1)
    site = os.path.join(work, "site")
    env = dict(os.environ, CASCADE_PRIVATE_KEY="0" * 63 + "1", CASCADE_ALBUM_PASSWORD=PASSWORD)
    report = subprocess.run([cascade, "build", album, "--output", site, "--zip", "large", "--json"],
                            env=env, check=True, capture_output=True, text=True)
    unlock = json.loads(report.stdout)["unlisted"][0]["path"]
    base = screenshots.browser_check.serve(site)
    browser = screenshots.browser_check.Chromium()
    try:
        shots = [("password-unlock-1440", unlock, None),
                 ("watermark-photo-1440", "Mountains%20and%20water/aitzgorri.html", None),
                 ("zip-link-1440", "Small%20things/index.html", None)]
        for name, page, _ in shots:
            data = screenshots.shoot(browser, base + page, 1440, 900, "light", None, 70)
            save(out, name, data)
        # The unlocked album: the password typed and sent as a visitor would.
        session = browser.open_tab(("Page", "Runtime"))
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
        browser.load(base + unlock, session)
        typed = ("(() => { const f = document.querySelector('input[type=password]'); f.value = %s;"
                 " f.form.requestSubmit(); return true; })()" % json.dumps(PASSWORD))
        browser.send("Runtime.evaluate", {"expression": typed, "returnByValue": True}, session)
        deadline = time.time() + 60
        ready = ("[...document.images].length > 0 && [...document.images].every(i => i.complete && i.naturalWidth > 0)"
                 " && !document.querySelector('input[type=password]')")
        while time.time() < deadline:
            if browser.send("Runtime.evaluate", {"expression": ready, "returnByValue": True}, session)["result"].get("value"):
                break
            time.sleep(0.2)
        else:
            sys.exit("sharing-screenshots: the album did not open")
        shot = browser.send("Page.captureScreenshot", {"format": "webp", "quality": 70}, session)
        import base64
        save(out, "password-unlocked-1440", base64.b64decode(shot["data"]))
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)


def save(out, name, data):
    path = os.path.join(out, f"{name}.webp")
    with open(path, "wb") as f:
        f.write(data)
    print(f"{path} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
