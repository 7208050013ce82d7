#!/usr/bin/env python3
"""Writes the small DNG fixtures the RAW tests read (run with Pillow and numpy installed).

- dng-developed-orient6.dng: a 256x192 8-bit RGGB Bayer DNG, reddish on the left and bluish on
  the right, Orientation 6, no preview: LibRaw develops it (display 192x256).
- dng-preview-orient8.dng: a 64x48 Bayer DNG (in a SubIFD) whose IFD0 is a 2048x1536 JPEG
  preview (NewSubfileType 1), Orientation 8: published from the preview (display 1536x2048).
A minimal DNG writer (not pidng) so the preview IFD and the SubIFD can be laid out as cameras do.
"""
import io
import struct
import sys

import numpy as np
from PIL import Image

SHORT, LONG, RATIONAL, SRATIONAL, ASCII, BYTE = 3, 4, 5, 10, 2, 1


def bayer(width, height):
    """RGGB mosaic of a scene: red-dominant left half, blue-dominant right half, a vertical ramp."""
    rows = np.arange(height)[:, None]
    cols = np.arange(width)[None, :]
    left = cols < width // 2
    ramp = 60 + (rows * 120 // max(1, height - 1))
    r = np.where(left, ramp + 60, 30)
    g = np.full((height, width), 70)
    b = np.where(left, 30, ramp + 60)
    mosaic = np.where((rows % 2 == 0) & (cols % 2 == 0), r,
                      np.where((rows % 2 == 1) & (cols % 2 == 1), b, g))
    return np.clip(mosaic, 0, 255).astype(np.uint8)


class Writer:
    """Lays out IFDs (list of (tag, type, values)) and data blocks in one little-endian TIFF."""

    def __init__(self):
        self.out = bytearray(b"II*\x00\x00\x00\x00\x00")

    def blob(self, data):
        if len(self.out) % 2:
            self.out += b"\x00"
        offset = len(self.out)
        self.out += data
        return offset

    @staticmethod
    def encode(kind, values):
        if kind == ASCII:
            return values.encode() + b"\x00", len(values) + 1
        if kind == BYTE:
            return bytes(values), len(values)
        if kind == SHORT:
            return struct.pack("<%dH" % len(values), *values), len(values)
        if kind == LONG:
            return struct.pack("<%dI" % len(values), *values), len(values)
        if kind in (RATIONAL, SRATIONAL):
            fmt = "<%d%s" % (2 * len(values), "I" if kind == RATIONAL else "i")
            flat = [x for pair in values for x in pair]
            return struct.pack(fmt, *flat), len(values)
        raise ValueError(kind)

    def ifd(self, entries):
        entries = sorted(entries, key=lambda e: e[0])
        encoded = []
        for tag, kind, values in entries:
            data, count = self.encode(kind, values)
            if len(data) <= 4:
                encoded.append((tag, kind, count, data.ljust(4, b"\x00")))
            else:
                encoded.append((tag, kind, count, struct.pack("<I", self.blob(data))))
        if len(self.out) % 2:
            self.out += b"\x00"
        offset = len(self.out)
        self.out += struct.pack("<H", len(encoded))
        for tag, kind, count, field in encoded:
            self.out += struct.pack("<HHI", tag, kind, count) + field
        self.out += struct.pack("<I", 0)
        return offset


def raw_tags(width, height, strip, orientation=None):
    tags = [
        (254, LONG, [0]), (256, LONG, [width]), (257, LONG, [height]), (258, SHORT, [8]),
        (259, SHORT, [1]), (262, SHORT, [32803]), (273, LONG, [strip]), (277, SHORT, [1]),
        (278, LONG, [height]), (279, LONG, [width * height]), (284, SHORT, [1]),
        (33421, SHORT, [2, 2]), (33422, BYTE, [0, 1, 1, 2]), (50714, LONG, [0]), (50717, LONG, [255]),
    ]
    if orientation:
        tags.append((274, SHORT, [orientation]))
    return tags


def camera_tags():
    identity = [(1, 1), (0, 1), (0, 1), (0, 1), (1, 1), (0, 1), (0, 1), (0, 1), (1, 1)]
    return [
        (271, ASCII, "Cascade"), (272, ASCII, "Fixture"), (50706, BYTE, [1, 4, 0, 0]),
        (50707, BYTE, [1, 1, 0, 0]), (50708, ASCII, "Cascade Fixture"), (50721, SRATIONAL, identity),
        (50728, RATIONAL, [(1, 1), (1, 1), (1, 1)]), (50778, SHORT, [21]),
    ]


def developed(path):
    width, height = 256, 192
    w = Writer()
    strip = w.blob(bayer(width, height).tobytes())
    first = w.ifd(raw_tags(width, height, strip, orientation=6) + camera_tags())
    w.out[4:8] = struct.pack("<I", first)
    open(path, "wb").write(w.out)


def with_preview(path):
    width, height = 64, 48
    w = Writer()
    strip = w.blob(bayer(width, height).tobytes())
    sub = w.ifd(raw_tags(width, height, strip))
    picture = Image.new("RGB", (2048, 1536), (200, 120, 40))
    buffer = io.BytesIO()
    picture.save(buffer, "JPEG", quality=30)
    jpeg = buffer.getvalue()
    preview = w.blob(jpeg)
    first = w.ifd([
        (254, LONG, [1]), (256, LONG, [2048]), (257, LONG, [1536]), (258, SHORT, [8, 8, 8]), (259, SHORT, [7]),
        (262, SHORT, [6]), (273, LONG, [preview]), (274, SHORT, [8]), (277, SHORT, [3]), (278, LONG, [1536]),
        (279, LONG, [len(jpeg)]), (284, SHORT, [1]), (330, LONG, [sub]),
    ] + camera_tags())
    w.out[4:8] = struct.pack("<I", first)
    open(path, "wb").write(w.out)


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    developed(folder + "/dng-developed-orient6.dng")
    with_preview(folder + "/dng-preview-orient8.dng")
