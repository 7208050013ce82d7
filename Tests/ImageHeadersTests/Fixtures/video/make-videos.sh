#!/usr/bin/env bash
# Makes the small video fixtures of the header tests with Debian's ffmpeg, and
# EXPECTED.tsv from what ffprobe (not Cascade) says of each: the display size
# after the display matrix, the matrix's rotation, duration and codecs.
# Phones record a rotation matrix; ffmpeg 5.1 cannot write one, so the
# `tkhd` matrix of the rotated clips is set afterwards (set-matrix.py), and
# ffprobe's reading of it is what EXPECTED.tsv records.
#
# Usage: bash Tests/ImageHeadersTests/Fixtures/video/make-videos.sh   (needs ffmpeg, ffprobe)
set -euo pipefail
cd "$(dirname "$0")"
command -v ffmpeg >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null; }
f() { ffmpeg -v error -y -f lavfi -i "testsrc=size=$1:rate=10" -f lavfi -i sine=frequency=440:sample_rate=8000 -t 0.5 "${@:2}"; }
when=(-metadata creation_time=2024-05-12T12:03:07Z)
# H.264/AAC MP4, moov at the end (ffmpeg's default), as most cameras write.
f 64x36 -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 16k "${when[@]}" h264-aac.mp4
# The same with moov first (+faststart) and an iPhone's portrait matrix (90° clockwise).
f 64x36 -c:v libx264 -pix_fmt yuv420p -c:a aac -b:a 16k -movflags +faststart "${when[@]}" portrait.mp4
python3 set-matrix.py portrait.mp4 90
# HEVC QuickTime, as an iPhone records it (hvc1 tag), turned 270°, with a location.
f 64x36 -c:v libx265 -x265-params log-level=error -tag:v hvc1 -pix_fmt yuv420p -c:a aac -b:a 16k -f mov \
    -metadata location=+48.8577+002.2950/ "${when[@]}" iphone-hevc.mov
python3 set-matrix.py iphone-hevc.mov 270
# Upside down (180°).
f 48x32 -c:v libx264 -pix_fmt yuv420p -an upside-down.mp4
python3 set-matrix.py upside-down.mp4 180
# VP9/Opus WebM, and an anamorphic Matroska (48x36 stored, shown 16:9).
f 64x36 -c:v libvpx-vp9 -b:v 50k -c:a libopus -b:a 16k -ar 48000 vp9-opus.webm
f 48x36 -c:v libx264 -pix_fmt yuv420p -aspect 16:9 -an anamorphic.mkv
# An old camera's AVI (MPEG-4 Part 2 and MP3, shown 16:9 through its OpenDML
# 'vprp' chunk), and an Ogg Theora/Vorbis clip: both transcoded when published.
f 48x36 -c:v mpeg4 -aspect 16:9 -c:a libmp3lame -b:a 16k widescreen.avi
f 64x36 -c:v libtheora -c:a libvorbis theora.ogv

{
    printf 'file\tformat\tdisplay_width\tdisplay_height\trotation\tduration\tvideo_codec\n'
    for file in h264-aac.mp4 portrait.mp4 iphone-hevc.mov upside-down.mp4 vp9-opus.webm anamorphic.mkv widescreen.avi theora.ogv; do
        python3 - "$file" <<'PY'
import json, subprocess, sys
name = sys.argv[1]
probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-print_format", "json", "-show_streams", "-show_format", name],
                                  check=True, capture_output=True, text=True).stdout)
video = next(s for s in probe["streams"] if s["codec_type"] == "video")
rotation = 0
for side in video.get("side_data_list", []):
    if "rotation" in side:
        rotation = int(side["rotation"])
width, height = video["width"], video["height"]
# The sample aspect ratio widens the picture (Matroska DisplayWidth, MP4 pasp).
sar = video.get("sample_aspect_ratio", "1:1")
num, den = (int(x) for x in sar.split(":")) if sar not in ("0:1", "N/A") else (1, 1)
if num != den:
    width = round(width * num / den)
if rotation % 180:
    width, height = height, width
fmt = {"mov,mp4,m4a,3gp,3g2,mj2": "mp4", "matroska,webm": "webm", "avi": "avi", "ogg": "ogv"}[probe["format"]["format_name"]]
if name.endswith(".mov"): fmt = "mov"
if name.endswith(".mkv"): fmt = "mkv"
print(f"{name}\t{fmt}\t{width}\t{height}\t{rotation}\t{float(probe['format']['duration']):.2f}\t{video['codec_tag_string'] if fmt in ('mp4', 'mov') else video['codec_name']}")
PY
    done
} > EXPECTED.tsv
cat EXPECTED.tsv
