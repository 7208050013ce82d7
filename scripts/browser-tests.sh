#!/usr/bin/env bash
# Opens the sample gallery in headless Chromium (Debian's package, installed
# when missing) and checks it as a visitor would: every grid without overlaps
# and with layout shift 0 while delayed images arrive, at 390, 1024, 1440 and
# 2560 px (scripts/browser-check.py), and the viewer's history: its own
# #view/ state, Back, and a photo page's way back to the album landing on the
# tile with the viewer closed (scripts/viewer-check.py).
# Usage: scripts/browser-tests.sh [CASCADE]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null; then
    echo "browser-tests: installing chromium" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null
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
echo "browser-tests: all pass"
