#!/usr/bin/env python3
"""Sets the display matrix of every video track header (`tkhd`) of an MP4/MOV
file in place to a rotation of 90, 180 or 270 degrees clockwise, as phones
write it. Usage: set-matrix.py FILE DEGREES"""
import struct, sys

ONE, MINUS = 0x10000, 0xFFFF0000
MATRICES = {  # a, b, c, d (u, v = 0, w = 1.0 in 2.30)
    90: (0, ONE, MINUS, 0), 180: (MINUS, 0, 0, MINUS), 270: (0, MINUS, ONE, 0),
}

def boxes(data, start, end):
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        yield kind, start, start + size
        start += size

def main(path, degrees):
    data = bytearray(open(path, "rb").read())
    a, b, c, d = MATRICES[degrees]
    for kind, start, end in boxes(data, 0, len(data)):
        if kind != b"moov":
            continue
        for trak, tstart, tend in boxes(data, start + 8, end):
            if trak != b"trak":
                continue
            for box, bstart, bend in boxes(data, tstart + 8, tend):
                if box != b"tkhd":
                    continue
                version = data[bstart + 8]
                at = bstart + 12 + (32 if version == 1 else 20) + 16
                width = struct.unpack(">I", data[at + 36:at + 40])[0]
                if width == 0:
                    continue  # the audio track
                data[at:at + 36] = struct.pack(">9I", a, b, 0, c, d, 0, 0, 0, 0x40000000)
    open(path, "wb").write(data)

main(sys.argv[1], int(sys.argv[2]))
