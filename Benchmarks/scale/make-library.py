#!/usr/bin/env python3
"""Writes a deterministic photo library for the scale benchmark: COUNT tiny PNGs (16-64 px, varied aspect
ratios, every one distinct so every one is hashed and rendered), in one album folder or as ALBUMS albums.

    python3 Benchmarks/scale/make-library.py DIR --count 100000                 (one album: the hostile case)
    python3 Benchmarks/scale/make-library.py DIR --count 100000 --albums 100    (100 albums x 1,000)
    python3 Benchmarks/scale/make-library.py DIR --count 1 --start 100001 --append   (one more photo)

Only the Python standard library is used (zlib + struct write the PNGs); the same arguments give a
byte-identical library. Photo number N goes to album (N-1) // per-album, named `IMG_000N.png`, so a
natural sort is the numbering. Without --append the folder must be empty or absent.
Libraries belong under /tmp, never in the repository.
"""
import argparse
import importlib.util
import os
import random
import struct
import sys
import zlib

# The large-album benchmark's shapes (camera shapes, some panoramas and tall
# strips) and PNG writer, shared so both benchmarks make the same kind of photo.
_spec = importlib.util.spec_from_file_location(
    "make_album", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "large-album", "make-album.py"))
_album = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_album)
SHAPES = _album.SHAPES


def png(width, height, rows):
    return _album.png(width, height, rows, level=6)


def photo(number, seed):
    """The PNG bytes of photo `number`: its own PRNG, so any photo can be made alone (--append)."""
    rng = random.Random(seed * 1_000_003 + number)
    (w, h), = rng.choices([s for s, _ in SHAPES], weights=[n for _, n in SHAPES])
    long_side = rng.randrange(16, 65)
    width, height = (long_side, max(8, round(long_side * h / w))) if w >= h else (max(8, round(long_side * w / h)), long_side)
    a = [rng.randrange(256) for _ in range(3)]
    b = [rng.randrange(256) for _ in range(3)]
    rows = []
    for y in range(height):
        t = y / max(1, height - 1)
        rows.append(bytes(int(a[i] + (b[i] - a[i]) * t) for i in range(3)) * width)
    # The number in the corner pixel makes every photo's content (and hash) its own.
    first = bytearray(rows[0])
    first[0:3] = bytes(((number >> 16) & 255, (number >> 8) & 255, number & 255))
    rows[0] = bytes(first)
    return png(width, height, rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--albums", type=int, default=1, help="1: every photo in DIR itself")
    parser.add_argument("--per-album", type=int, default=0, help="photos per album (default count / albums)")
    parser.add_argument("--start", type=int, default=1, help="number of the first photo")
    parser.add_argument("--append", action="store_true", help="write into an existing library")
    parser.add_argument("--seed", type=int, default=20261202)
    args = parser.parse_args()
    if not args.append and os.path.isdir(args.dir) and os.listdir(args.dir):
        sys.exit(f"make-library.py: {args.dir} is not empty")
    per_album = args.per_album or max(1, args.count // max(1, args.albums))
    os.makedirs(args.dir, exist_ok=True)
    for number in range(args.start, args.start + args.count):
        folder = args.dir
        if args.albums > 1:
            folder = os.path.join(args.dir, f"album-{(number - 1) // per_album + 1:03d}")
            os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"IMG_{number:06d}.png"), "wb") as out:
            out.write(photo(number, args.seed))


if __name__ == "__main__":
    main()
