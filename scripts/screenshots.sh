#!/usr/bin/env bash
# Builds SampleAlbum with the default theme (Templates/) and writes the README
# screenshots into docs/screenshots/ (scripts/screenshots.py: home page at 1440
# px, an album page at 1440 and 390 px, a photo page at 1440 px, the open
# viewer at 390 px, light and dark, WebP). Run it again after any change to
# the theme.
# Usage: scripts/screenshots.sh [CASCADE]
set -euo pipefail
cd "$(dirname "$0")/.."
cascade="${1:-}"
if [ -z "$cascade" ]; then
    swift build --product cascade >/dev/null
    cascade="$(swift build --show-bin-path)/cascade"
fi
site="$(mktemp -d "${TMPDIR:-/tmp}/cascade-screenshots-XXXXXX")"
trap 'rm -rf "$site"' EXIT
"$cascade" build SampleAlbum --output "$site/site" --templates Templates --quiet >/dev/null
python3 scripts/screenshots.py "$site/site" docs/screenshots
