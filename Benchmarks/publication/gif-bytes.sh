#!/usr/bin/env bash
# Bytes of an animated GIF against the clips Cascade publishes for it.
#
#   bash Benchmarks/publication/gif-bytes.sh [CASCADE]
#
# Makes two 3-second animations with ffmpeg (a slow zoom over a sample photo,
# 480x320 at 12 fps, and ffmpeg's testsrc2 pattern, 480x270 at 12 fps), each a
# GIF with its own palette as GIF makers do, builds them with Cascade and
# prints each GIF's bytes beside its MP4 and WebM.
set -euo pipefail
cd "$(dirname "$0")/../.."
cascade="${1:-$(swift build --show-bin-path)/cascade}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/album"
ffmpeg -loglevel error -loop 1 -t 3 -framerate 12 -i ../shared/sample-photos/dogs.jpg \
    -vf "scale=960:-2,zoompan=z='1+0.004*on':d=1:s=480x320:fps=12,split[a][b];[a]palettegen[p];[b][p]paletteuse" \
    "$work/album/photo-zoom.gif"
ffmpeg -loglevel error -f lavfi -i "testsrc2=size=480x270:rate=12:duration=3" \
    -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$work/album/test-pattern.gif"
SOURCE_DATE_EPOCH=1700000000 "$cascade" build "$work/album" --output "$work/site" --quiet
for gif in "$work"/album/*.gif; do
    hash="$(sha256sum "$gif" | cut -c1-64)"
    size() { stat -c %s "$1" 2>/dev/null || echo 0; }
    g=$(size "$gif"); m=$(size "$work/site/renditions/$hash-motion.mp4"); w=$(size "$work/site/renditions/$hash-motion.webm")
    python3 -c "import sys; g,m,w=map(int,sys.argv[2:]); print(f'{sys.argv[1]}: GIF {g:,} B, MP4 {m:,} B ({m/g:.1%}), WebM {w:,} B ({w/g:.1%})')" \
        "$(basename "$gif")" "$g" "$m" "$w"
done
