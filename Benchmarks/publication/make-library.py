#!/usr/bin/env python3
"""Makes a library shaped like what photographers hand Cascade: sigal-style
sidecars at every level (the root included), Markdown captions with lists and
links, an animated GIF, WebP and APNG, RAW+JPEG pairs and a lone DNG, an
iPhone Live Photo with its .AAE edit file, camera EXIF and a plain video.

    python3 Benchmarks/publication/make-library.py OUT

Needs: Python with numpy, Pillow and pidng (pip install numpy pillow pidng),
ffmpeg, exiftool, and ../shared beside the repository (sample photos and the
image corpus, whose animated files are used as they are).
Deterministic: the same files every run (no random data, fixed dates).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("SHARED", REPO.parent / "shared"))
PHOTOS = SHARED / "sample-photos"
CORPUS = SHARED / "corpus"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def jpeg(source: str, path: Path, width: int, exif: list[str] | None = None) -> Image.Image:
    image = Image.open(PHOTOS / source).convert("RGB")
    image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, quality=90)
    if exif:
        subprocess.run(["exiftool", "-q", "-overwrite_original", *exif, str(path)], check=True)
    return image


def dng(image: Image.Image, path: Path, orientation: int, make: str, model: str) -> None:
    """A Bayer (RGGB) DNG of `image`, 16-bit, with `orientation` (EXIF values)."""
    from pidng.core import RAW2DNG, DNGTags, Tag
    from pidng.defs import (CalibrationIlluminant, CFAPattern, DNGVersion, PhotometricInterpretation,
                            PreviewColorSpace)
    rgb = np.asarray(image, dtype=np.float64) / 255.0
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    height, width = linear.shape[0] // 2 * 2, linear.shape[1] // 2 * 2
    linear = linear[:height, :width]
    bayer = np.empty((height, width), dtype=np.float64)
    bayer[0::2, 0::2] = linear[0::2, 0::2, 0]
    bayer[0::2, 1::2] = linear[0::2, 1::2, 1]
    bayer[1::2, 0::2] = linear[1::2, 0::2, 1]
    bayer[1::2, 1::2] = linear[1::2, 1::2, 2]
    raw = np.clip(bayer * 4095, 0, 4095).astype(np.uint16)
    tags = DNGTags()
    tags.set(Tag.ImageWidth, width)
    tags.set(Tag.ImageLength, height)
    tags.set(Tag.TileWidth, width)
    tags.set(Tag.TileLength, height)
    tags.set(Tag.Orientation, orientation)
    tags.set(Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array)
    tags.set(Tag.SamplesPerPixel, 1)
    tags.set(Tag.BitsPerSample, 16)
    tags.set(Tag.CFARepeatPatternDim, [2, 2])
    tags.set(Tag.CFAPattern, CFAPattern.RGGB)
    tags.set(Tag.BlackLevel, 0)
    tags.set(Tag.WhiteLevel, 4095)
    # sRGB primaries (XYZ to camera = XYZ to linear sRGB), in rationals of 10,000.
    matrix = [[32406, 10000], [-15372, 10000], [-4986, 10000],
              [-9689, 10000], [18758, 10000], [415, 10000],
              [557, 10000], [-2040, 10000], [10570, 10000]]
    tags.set(Tag.ColorMatrix1, matrix)
    tags.set(Tag.CalibrationIlluminant1, CalibrationIlluminant.D65)
    tags.set(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]])
    tags.set(Tag.BaselineExposure, [[0, 1]])
    tags.set(Tag.Make, make)
    tags.set(Tag.Model, model)
    tags.set(Tag.DNGVersion, DNGVersion.V1_4)
    tags.set(Tag.DNGBackwardVersion, DNGVersion.V1_2)
    tags.set(Tag.PreviewColorSpace, PreviewColorSpace.sRGB)
    converter = RAW2DNG()
    converter.options(tags, path=str(path.parent), compress=False)
    converter.convert(raw, filename=path.stem)
    produced = path.parent / (path.stem + ".dng")
    if produced != path:
        produced.rename(path)


def movie(path: Path, seconds: int, identifier: str | None) -> None:
    command = ["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
               f"testsrc2=size=480x360:rate=15:duration={seconds}",
               "-f", "lavfi", "-i", f"sine=frequency=440:duration={seconds}",
               "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
               "-metadata", "creation_time=2024-05-04T10:00:00Z", "-fflags", "+bitexact",
               "-flags:v", "+bitexact", "-flags:a", "+bitexact"]
    if identifier:
        command += ["-movflags", "use_metadata_tags", "-metadata",
                    f"com.apple.quicktime.content.identifier={identifier}"]
    subprocess.run(command + [str(path)], check=True)


def main() -> None:
    out = Path(sys.argv[1])
    if out.exists():
        shutil.rmtree(out)
    camera = ["-Make=FUJIFILM", "-Model=X-T5", "-LensModel=XF16-55mmF2.8 R LM WR",
              "-FocalLength=23", "-FocalLengthIn35mmFormat=35", "-FNumber=2.8", "-ExposureTime=1/250",
              "-ISO=400", "-DateTimeOriginal=2024:05:04 10:00:00", "-SerialNumber=1234567",
              "-BodySerialNumber=1234567"]

    write(out / "index.md", "Title: Things that move, and things straight from the camera\n\n"
          "A library shaped like a **phone and camera dump** with sigal's sidecars:\n\n"
          "- animations (GIF, WebP, APNG)\n- RAW+JPEG pairs and a lone DNG\n- a Live Photo\n\n"
          "Photos from the [shared sample set](https://commons.wikimedia.org/) under their own licences.\n")

    moving = out / "Moving pictures"
    write(moving / "index.md", "Title: Moving pictures\n\nEach of these *moves*: a GIF, a WebP and an APNG.\n")
    shutil.copy(CORPUS / "image-rs/gif/anim/large-gif-anim-combine.gif", moving / "squares.gif")
    shutil.copy(CORPUS / "image-rs/webp/extended_images/anim.webp", moving / "spinner.webp")
    shutil.copy(CORPUS / "image-rs/png/apng/ball.png", moving / "ball.png")
    write(moving / "squares.md", "Title: Squares\n\nA 1000 px GIF:\n\n1. first frame\n2. *then* the rest\n")

    raw = out / "Camera"
    write(raw / "index.md", "Title: Straight from the camera\n\nRAW+JPEG pairs publish once, from the JPEG.\n")
    for name, source, orientation in [("DSCF0001", "bridge.jpg", 1), ("DSCF0002", "dragonfly.jpg", 6)]:
        image = jpeg(source, raw / f"{name}.JPG", 1600, camera + [f"-Orientation#={orientation}"])
        dng(image, raw / f"{name}.DNG", orientation, "FUJIFILM", "X-T5")
    lone = Image.open(PHOTOS / "clock.jpg").convert("RGB")
    lone = lone.resize((800, round(lone.height * 800 / lone.width)), Image.LANCZOS)
    dng(lone, raw / "DSCF0003.DNG", 8, "FUJIFILM", "X-T5")
    write(raw / "DSCF0001.md", "Title: The bridge\n\nShot in RAW+JPEG. See [RAW+JPEG](https://en.wikipedia.org/wiki/Raw_image_format).\n")

    phone = out / "Phone"
    write(phone / "index.md", "Title: From the phone\n\nA Live Photo, its edit file, and a video.\n")
    identifier = "6C5E4A1B-2F3D-4E5F-8A9B-0C1D2E3F4A5B"
    jpeg("dogs.jpg", phone / "IMG_5000.JPG", 1200,
         ["-Make=Apple", "-Model=iPhone 15 Pro", "-FNumber=1.78", "-ExposureTime=1/120", "-ISO=64",
          "-FocalLength=6.86", "-FocalLengthIn35mmFormat=24", "-DateTimeOriginal=2024:05:04 11:00:00"])
    movie(phone / "IMG_5000.MOV", 2, identifier)
    write(phone / "IMG_5000.AAE", '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC '
          '"-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
          '<plist version="1.0"><dict><key>adjustmentFormatVersion</key><string>1.4</string></dict></plist>\n')
    jpeg("coffee.jpg", phone / "IMG_5001.JPG", 1200)
    movie(phone / "IMG_5002.MOV", 3, None)
    for path in sorted(out.rglob("*")):
        os.utime(path, (1714816800, 1714816800))
    print(out)


if __name__ == "__main__":
    main()
