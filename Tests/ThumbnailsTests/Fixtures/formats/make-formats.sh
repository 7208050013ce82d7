#!/usr/bin/env bash
# Makes the WebP, GIF and TIFF decode fixtures in this folder; the outputs are
# committed, so this only needs running to change them. Needs cwebp, img2webp, webpmux
# (Debian "webp"), gifsicle, tiffcp (libtiff-tools), ImageMagick ("magick", or IM6's "convert")
# and a C compiler with liblcms2-dev (for the test CMYK profile, make-cmyk-profile.c).
#
# Most images are 16x12 in four flat quadrants, so a test can check size, colour and
# orientation at once: top-left red, top-right lime, bottom-left blue, bottom-right white.
set -euo pipefail
cd "$(dirname "$0")"
magick=$(command -v magick || command -v convert)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Little-endian integers as raw bytes.
le16() { printf "\\$(printf %03o $(($1 & 255)))\\$(printf %03o $((($1 >> 8) & 255)))"; }
le24() { le16 $(($1 & 65535)); printf "\\$(printf %03o $((($1 >> 16) & 255)))"; }
le32() { le16 $(($1 & 65535)); le16 $((($1 >> 16) & 65535)); }
# The first 60 % of a file: cut inside its image data.
truncated() { head -c $(($(stat -c %s "$1") * 6 / 10)) "$1" > "$2"; }

"$magick" -size 8x6 xc:red xc:lime +append \( -size 8x6 xc:blue xc:white +append \) -append "$tmp/quad.png"
"$magick" -size 16x12 xc:black "$tmp/black.png"
# Left half opaque red, right half blue at 50 % alpha (alpha 128).
"$magick" -size 8x12 xc:red -size 8x12 'xc:rgba(0,0,255,0.50196)' +append "$tmp/alpha.png"
# Left half opaque red, right half fully transparent (GIF has one transparent index, no partial alpha).
"$magick" -size 8x12 xc:red -size 8x12 xc:none +append "$tmp/alpha-binary.png"
# 16 rows, row y grey 17*y: an interlacing mistake shows as rows out of order.
"$magick" -size 16x16 gradient:black-white -depth 8 "$tmp/rows.png"

# WebP.
cwebp -quiet -q 90 "$tmp/quad.png" -o webp-lossy.webp
cwebp -quiet -lossless "$tmp/quad.png" -o webp-lossless.webp
cwebp -quiet -lossless -exact "$tmp/alpha.png" -o webp-alpha.webp
img2webp -lossless "$tmp/quad.png" -d 100 "$tmp/black.png" -o webp-animated.webp >/dev/null 2>&1
# A raw Exif (TIFF) block with Orientation 6: the pixels stay stored 16x12, the display is 12x16.
{ printf 'II*\0'; le32 8; le16 1; le16 274; le16 3; le32 1; le16 6; le16 0; le32 0; } > "$tmp/exif6.bin"
webpmux -set exif "$tmp/exif6.bin" webp-lossless.webp -o webp-orient6.webp 2>/dev/null

# GIF.
"$magick" "$tmp/quad.png" gif-still.gif
"$magick" -delay 10 "$tmp/quad.png" "$tmp/black.png" -loop 0 "$tmp/anim.gif"
gifsicle -O2 "$tmp/anim.gif" -o gif-animated.gif
"$magick" "$tmp/alpha-binary.png" gif-transparent.gif
"$magick" "$tmp/rows.png" -interlace GIF gif-interlaced.gif
# gif-still.gif without its global colour table (bit 7 of byte 10 clear, the table's bytes gone):
# gif-no-palette.gif has no colour table at all, gif-local-palette.gif has the same table on its
# frame (a local colour table: bit 7 of the image descriptor's flags, the table after it).
python3 - <<'PY'
data = open("gif-still.gif", "rb").read()
flags = data[10]
size = 3 << ((flags & 7) + 1)
table, rest = data[13:13 + size], data[13 + size:]
bare = data[:10] + bytes([flags & 0x70]) + data[11:13]
index = 0
while rest[index] == 0x21:  # extensions before the frame: label, then sub-blocks to a 0 length
    index += 2
    while rest[index] != 0:
        index += rest[index] + 1
    index += 1
assert rest[index] == 0x2C and rest[index + 9] & 0x80 == 0
descriptor = rest[index:index + 9]
open("gif-no-palette.gif", "wb").write(bare + rest)
open("gif-local-palette.gif", "wb").write(
    bare + rest[:index] + descriptor + bytes([rest[index + 9] | 0x80 | (flags & 7)]) + table + rest[index + 10:])
PY

# TIFF.
"$magick" "$tmp/quad.png" -type TrueColor -depth 8 -compress lzw tiff-rgb8.tif
"$magick" -size 8x6 xc:red xc:lime +append \( -size 8x6 xc:blue 'xc:rgb(50%,25%,75%)' +append \) -append \
    -depth 16 -compress zip tiff-rgb16.tif
"$magick" -size 8x12 xc:gray20 xc:gray80 +append -type Grayscale -depth 8 tiff-grey.tif
"$magick" "$tmp/quad.png" -type Palette tiff-palette.tif
"$magick" "$tmp/alpha.png" -depth 8 -compress lzw tiff-rgba.tif
"$magick" "$tmp/quad.png" -type TrueColor -orient RightTop -compress lzw tiff-orient6.tif
"$magick" "$tmp/quad.png" "$tmp/black.png" -compress lzw "$tmp/pages.tif"
tiffcp "$tmp/pages.tif" tiff-multipage.tif
# CMYK: ImageMagick's conversion gives red 0/255/255/0, lime 255/0/255/0, blue 255/255/0/0,
# white 0/0/0/0. The test profile turns them into blue, lime, red, white (see make-cmyk-profile.c).
cc make-cmyk-profile.c -llcms2 -o "$tmp/make-cmyk-profile"
(cd "$tmp" && ./make-cmyk-profile)
"$magick" "$tmp/quad.png" -colorspace CMYK -depth 8 "$tmp/cmyk.tif"
"$magick" "$tmp/cmyk.tif" -profile "$tmp/cmyk-test.icc" -compress lzw tiff-cmyk-icc.tif
"$magick" "$tmp/cmyk.tif" -depth 16 -compress lzw tiff-cmyk16.tif
"$magick" "$tmp/cmyk.tif" -profile "$tmp/cmyk-test.icc" -quality 95 -sampling-factor 1x1 jpeg-cmyk-icc.jpg
cp "$tmp/cmyk-test.icc" cmyk-test.icc
# An RGB profile (lcms2's sRGB, 588 bytes) that the decoders hand on to the renditions.
"$magick" "$tmp/quad.png" -type TrueColor -profile "$tmp/srgb.icc" -compress lzw tiff-icc.tif
webpmux -set icc "$tmp/srgb.icc" webp-lossless.webp -o webp-icc.webp 2>/dev/null
# The reference: ImageMagick (lcms2) converting the CMYK TIFF to sRGB, perceptual, as the decoder does.
echo "reference sRGB of tiff-cmyk-icc.tif (x=2,y=2 | x=12,y=2 | x=2,y=9 | x=12,y=9):"
for point in 2,2 12,2 2,9 12,9; do
    "$magick" tiff-cmyk-icc.tif -intent Perceptual -profile "$tmp/srgb.icc" -format "  %[pixel:p{$point}]" info:
done
echo

# Corrupt: each format cut inside its image data.
truncated webp-lossy.webp corrupt-truncated.webp
truncated gif-still.gif corrupt-truncated.gif
truncated tiff-rgb8.tif corrupt-truncated.tif
# Bombs: a few hundred bytes that claim 60000 x 60000 (3.6 gigapixels).
# WebP: the animation's VP8X canvas (bytes 24-29) set to 60000 x 60000 around its 16x12 frames
# (a still's canvas must match its frame, so that bomb is an animation), and a lossless still
# whose VP8L header (bytes 21-24) claims 16384 x 16384, the most its 14-bit fields hold.
{ head -c 24 webp-animated.webp; le24 59999; le24 59999; tail -c +31 webp-animated.webp; } > bomb-60000.webp
last=$(od -An -tu1 -j24 -N1 webp-lossless.webp)
{ head -c 21 webp-lossless.webp; printf '\377\377\377'; printf "\\$(printf %03o $(((last & 240) | 15)))"
  tail -c +26 webp-lossless.webp; } > bomb-16384.webp
{ printf 'GIF89a'; le16 60000; le16 60000; tail -c +11 gif-still.gif; } > bomb-60000.gif
# A minimal grey TIFF: 9 IFD entries, one strip of 3.6 GB that is not there.
entry() { le16 "$1"; le16 "$2"; le32 1; if [ "$2" = 3 ]; then le16 "$3"; le16 0; else le32 "$3"; fi; }
{ printf 'II*\0'; le32 8; le16 9
  entry 256 4 60000; entry 257 4 60000; entry 258 3 8; entry 259 3 1; entry 262 3 1
  entry 273 4 122; entry 277 3 1; entry 278 4 60000; entry 279 4 3600000000; le32 0
  head -c 16 /dev/zero; } > bomb-60000.tif
ls -l ./*.webp ./*.gif ./*.tif ./*.jpg ./*.icc
