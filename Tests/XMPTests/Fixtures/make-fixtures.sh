#!/usr/bin/env bash
# Regenerates the small metadata fixtures with ImageMagick and exiftool 12.57
# (apt: libimage-exiftool-perl). Run from this folder; commit the results.
set -euo pipefail
cd "$(dirname "$0")"
rm -f ./*.jpg ./*.png ./*.webp ./*.tif ./*.xmp ./*_original
convert -size 8x6 xc:steelblue -quality 50 base.jpg
convert -size 8x6 xc:steelblue base.png
convert -size 8x6 xc:steelblue base.tif
convert -size 8x6 xc:steelblue -define webp:lossless=true base.webp

# Every layer set, each with different text so tests can tell which won.
cp base.jpg layered.jpg
exiftool -q -overwrite_original -codedcharacterset=utf8 \
  -IPTC:ObjectName='IPTC title' -IPTC:Caption-Abstract='IPTC caption' -IPTC:Headline='IPTC headline' \
  -IPTC:Keywords='iptc-one' -IPTC:Keywords='iptc-two' -IPTC:City='Kiel' -IPTC:By-line='Ada' \
  -XMP-dc:Title='XMP title' '-XMP-dc:Title-de=XMP Titel' -XMP-dc:Description=$'Clouds.\nWe\'re home' \
  -XMP-dc:Subject='xmp-one' -XMP-dc:Subject='xmp-two' -XMP-iptcCore:AltTextAccessibility='Blue sky' \
  -XMP-exif:DateTimeOriginal='2024:05:01 14:03:59+02:00' -XMP-aux:SerialNumber='AUX123' \
  -EXIF:ImageDescription='Exif description' -EXIF:XPTitle='XP title' -EXIF:XPComment='XP comment' \
  -EXIF:XPKeywords='xp-one;xp-two' -EXIF:SerialNumber='BODY42' -EXIF:LensSerialNumber='LENS7' -EXIF:OwnerName='Owner Name' \
  -EXIF:DateTimeOriginal='2024:05:01 14:03:59' -GPSLatitude=54.3 -GPSLatitudeRef=N -GPSLongitude=10.1 -GPSLongitudeRef=E \
  layered.jpg

# IPTC only, Latin-1 without a charset dataset.
cp base.jpg iptc-latin1.jpg
exiftool -q -overwrite_original -charset iptc=latin -IPTC:Caption-Abstract='Café au lait' -IPTC:Keywords='crème' iptc-latin1.jpg

# Exif only, a two-line description.
cp base.jpg exif-multiline.jpg
exiftool -q -overwrite_original -EXIF:ImageDescription=$'clouds.\nWe\'re home' exif-multiline.jpg

# XMP in PNG (iTXt before IDAT), WebP (XMP chunk) and TIFF (tag 700).
cp base.png xmp.png
exiftool -q -overwrite_original -api PNGEarlyXMP=1 -XMP-dc:Title='PNG title' -XMP-photoshop:City='Paris' xmp.png
cp base.webp xmp.webp
exiftool -q -overwrite_original -XMP-dc:Title='WebP title' xmp.webp
cp base.tif xmp.tif
exiftool -q -overwrite_original -XMP-dc:Title='TIFF title' -IPTC:ObjectName='TIFF IPTC' xmp.tif

# A sidecar for layered.jpg that overrides the title only.
exiftool -q -XMP-dc:Title='Sidecar title' -o layered.xmp base.jpg 2>/dev/null || exiftool -q -XMP-dc:Title='Sidecar title' -o layered.xmp
rm -f base.jpg base.png base.tif base.webp
ls -l
