#!/usr/bin/env bash
# Opens the sample gallery in headless Chromium (Debian's package, installed
# when missing) and checks it as a visitor would: every grid without overlaps
# and with layout shift 0 while delayed images arrive, at 390, 1024, 1440 and
# 2560 px (scripts/browser-check.py), and the viewer's history: its own
# #view/ state, Back, and a photo page's way back to the album landing on the
# tile with the viewer closed, and on an album split over pages counting,
# stepping and playing across them (scripts/viewer-check.py); the viewer as a
# lightbox with real key, touch and wheel input: full screen on a phone,
# swipes, pinch, double-tap and wheel zoom, slideshow, loading, focus
# (scripts/lightbox-check.py); the image bytes an
# album page fetches before any scrolling against those it shows at 390 px @3x
# and 1440 px @1x/@2x (scripts/bytes-check.py); photo pages and the open viewer
# reserving the image's box, layout shift 0 while it arrives
# (scripts/cls-check.py); photo pages showing photo, caption and Previous/Next
# on the first screen at 1440x900 and 1024x768, the caption aligned with the
# photo (scripts/photo-page-check.py); axe-core on album page, photo page
# and viewer in both colour schemes (scripts/axe-check.py, axe from PyPI into
# a cache); and a password album: a wrong password refused with no request,
# the right one showing the album, viewer and photo page from the decrypted
# chunks, layout shift 0 (scripts/password-check.py).
# Usage: scripts/browser-tests.sh [CASCADE]
set -euo pipefail
cd "$(dirname "$0")/.."
# axe-check.py needs pip: this Python's, or one python3-venv can make.
if ! command -v chromium >/dev/null || ! { python3 -m pip --version || python3 -c "import ensurepip"; } >/dev/null 2>&1; then
    echo "browser-tests: installing chromium python3-venv" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends chromium python3-venv >/dev/null
fi
cascade="${1:-}"
if [ -z "$cascade" ]; then
    swift build --product cascade >/dev/null
    cascade="$(swift build --show-bin-path)/cascade"
fi
site="$(mktemp -d "${TMPDIR:-/tmp}/cascade-browser-XXXXXX")"
trap 'rm -rf "$site"' EXIT
"$cascade" build SampleAlbum --output "$site/site" --quiet >/dev/null
for page in index.html "Small%20things/index.html"; do
    python3 scripts/browser-check.py "$site/site" --page "$page" --widths 390,1024,1440,2560
done
python3 scripts/viewer-check.py "$site/site"
python3 scripts/viewer-check.py "$site/site" --page "Small things/index.html"
# The same album split two photos a page: the viewer steps and plays across its pages.
"$cascade" build SampleAlbum --output "$site/paged" --photos-per-page 2 --quiet >/dev/null
python3 scripts/viewer-check.py "$site/paged" --page "Mountains and water/index.html" --paged
python3 scripts/lightbox-check.py "$site/site"
albums=(index.html "Small%20things/index.html" "Small%20things/Kitchen/index.html"
        "Mountains%20and%20water/index.html" "Space/index.html")
python3 scripts/bytes-check.py "$site/site" "${albums[@]/#/--page=}"
python3 scripts/cls-check.py "$site/site" --page "Small things/index.html"
python3 scripts/photo-page-check.py "$site/site" --page index.html --page "Small things/index.html" \
    --page "Small things/Kitchen/index.html" --page "Mountains and water/index.html" --page "Space/index.html"
python3 scripts/axe-check.py "$site/site"
# A password album (the sample's Space, "private": "password"), whole and split two photos a page.
cp -r SampleAlbum "$site/locked"; python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["private"]="password"; json.dump(d,open(p,"w"))' "$site/locked/Space/album.json"
for n in 0 2; do CASCADE_PRIVATE_KEY=00112233445566778899aabbccddeeff CASCADE_ALBUM_PASSWORD=browser-test-pw "$cascade" build "$site/locked" --output "$site/locked-$n" --photos-per-page $n --quiet >/dev/null; python3 scripts/password-check.py "$site/locked-$n" --password browser-test-pw $([ $n = 0 ] || echo --paged); done
echo "browser-tests: all pass"
