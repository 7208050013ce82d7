#!/usr/bin/env python3
"""Writes a deterministic album of COUNT tiny photos with varied aspect ratios, for the large-album page benchmark.

    python3 Benchmarks/large-album/make-album.py ALBUM_DIR --count 5000 [--seed 20240601]

Each photo is an RGB PNG --width px wide (default 1280, the widest rung of Cascade's tile ladder, so
every tile gets the same five-width srcset a camera photo gets and the HTML has its real size; the
pixels are a two-colour gradient with a stripe, which compress to a few kB and build quickly).
Aspect ratios are drawn from one seeded PRNG: mostly camera shapes (4:3, 3:4, 3:2, 2:3, 16:9, 9:16,
1:1, 5:4, 4:5), some panoramas (3:1, 21:9) and tall strips (1:2.5), plus ~15 % arbitrary ratios in
0.4-2.6, as a mixed real album has. Names are `IMG_00001.png` … (natural order = album order).
Only the Python standard library is used (zlib + struct write the PNGs); the same seed and count give a
byte-identical album. The folder must be empty or absent; `album.tsv` (name, width, height) is written
beside the album (ALBUM_DIR.tsv), not inside it.
"""
import argparse
import multiprocessing
import os
import random
import struct
import sys
import zlib

SHAPES = [((4, 3), 24), ((3, 4), 14), ((3, 2), 14), ((2, 3), 8), ((16, 9), 8), ((9, 16), 5), ((1, 1), 6),
          ((5, 4), 3), ((4, 5), 3), ((3, 1), 2), ((21, 9), 2), ((2, 5), 1)]


def png(width, height, rows, level=1):
    """An RGB PNG of `rows` (bytes per row), zlib level `level` (1: fast to make)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b""))


def shape(rng, width):
    if rng.random() < 0.15:
        ratio = rng.uniform(0.4, 2.6)  # width / height
    else:
        (w, h), = rng.choices([s for s, _ in SHAPES], weights=[n for _, n in SHAPES])
        ratio = w / h
    return width, max(8, round(width / ratio))


def picture(rng, width, height):
    a = [rng.randrange(256) for _ in range(3)]
    b = [rng.randrange(256) for _ in range(3)]
    stripe = rng.randrange(height)
    rows = []
    for y in range(height):
        t = y / max(1, height - 1)
        colour = bytes(int(a[i] + (b[i] - a[i]) * t) for i in range(3))
        if abs(y - stripe) < max(1, height // 10):
            colour = bytes(255 - c for c in colour)
        rows.append(colour * width)
    return rows


def write_photo(job):
    path, width, height, seed = job
    rng = random.Random(seed)
    with open(path, "wb") as out:
        out.write(png(width, height, picture(rng, width, height)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("album")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    if os.path.exists(args.album) and os.listdir(args.album):
        sys.exit(f"make-album: {args.album} is not empty")
    os.makedirs(args.album, exist_ok=True)
    rng = random.Random(args.seed)
    listing, jobs = [], []
    for index in range(1, args.count + 1):
        width, height = shape(rng, args.width)
        name = f"IMG_{index:05d}.png"
        jobs.append((os.path.join(args.album, name), width, height, rng.randrange(2**32)))
        listing.append(f"{name}\t{width}\t{height}\n")
    with multiprocessing.Pool(args.jobs) as pool:
        pool.map(write_photo, jobs, chunksize=16)
    with open(args.album.rstrip("/") + ".tsv", "w") as out:
        out.write("name\twidth\theight\n" + "".join(listing))
    print(f"make-album: {args.count} photos in {args.album}", file=sys.stderr)


if __name__ == "__main__":
    main()
