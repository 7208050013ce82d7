#!/usr/bin/env bash
# Makes the video fixtures of the build tests with Debian's ffmpeg (5.1):
# an H.264/AAC QuickTime clip, as a camera app writes it, with a recording
# location (QuickTime `©xyz`) and a creation date — the metadata a published
# video must not carry. A few KB.
#
# Usage: bash Tests/GalleryTests/Fixtures/video/make-fixtures.sh   (needs ffmpeg)
set -euo pipefail
cd "$(dirname "$0")"
ffmpeg -v error -y -f lavfi -i "testsrc=size=64x36:rate=10" -f lavfi -i sine=frequency=440:sample_rate=8000 -t 0.5 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 16k -f mov \
    -metadata location=+48.8584+002.2945/ -metadata creation_time=2024-05-12T12:03:07Z located-h264.mov
# 10-bit H.264 (High 10), as some cameras record: browsers refuse it, so it is transcoded.
ffmpeg -v error -y -f lavfi -i "testsrc=size=64x36:rate=10" -t 0.5 -c:v libx264 -pix_fmt yuv420p10le -an high10.mp4
