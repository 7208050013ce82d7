#!/usr/bin/env python3
"""Writes header-only camera RAW fixtures: the structure each format's sniffing and header read
rely on (a TIFF IFD0 with Make, SubIFDs, the CR2 marker, the ORF/RW2 magic, the RAF header and
its JPEG, the CR3 boxes), with no sensor data, so LibRaw cannot develop them. Needs Pillow."""
import io
import struct
import sys

from PIL import Image

SHORT, LONG, ASCII = 3, 4, 2


def tiff(magic, entries, header_tail=b"", big_endian=False):
    """A TIFF with one IFD0 (entries: (tag, type, values)) right after an 8-byte header (+ tail)."""
    e = ">" if big_endian else "<"
    order = b"MM" if big_endian else b"II"
    head = order + struct.pack(e + "H", magic)
    ifd_offset = 8 + len(header_tail)
    entries = sorted(entries)
    data_offset = ifd_offset + 2 + 12 * len(entries) + 4
    table, data = b"", b""
    for tag, kind, values in entries:
        if kind == ASCII:
            raw = values.encode() + b"\0"
            count = len(raw)
        else:
            fmt = "H" if kind == SHORT else "I"
            raw = struct.pack(e + fmt * len(values), *values)
            count = len(values)
        if len(raw) <= 4:
            field = raw.ljust(4, b"\0")
        else:
            field = struct.pack(e + "I", data_offset + len(data))
            data += raw + (b"\0" if len(raw) % 2 else b"")
        table += struct.pack(e + "HHI", tag, kind, count) + field
    return head + struct.pack(e + "I", ifd_offset) + header_tail + struct.pack(e + "H", len(entries)) + table + b"\0\0\0\0" + data


def size(width, height, orientation, make, model):
    return [(256, LONG, [width]), (257, LONG, [height]), (274, SHORT, [orientation]),
            (271, ASCII, make), (272, ASCII, model)]


def jpeg(width, height):
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (90, 120, 150)).save(buffer, "JPEG", quality=40)
    return buffer.getvalue()


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def write(name, data):
    open(name, "wb").write(data)


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    write(folder + "/header-only.cr2", tiff(42, size(600, 400, 6, "Canon", "Canon EOS 5D Mark IV"), header_tail=b"CR\x02\x00\0\0\0\0"))
    write(folder + "/header-only.nef", tiff(42, size(160, 120, 8, "NIKON CORPORATION", "NIKON D850") + [(330, LONG, [8])]))
    write(folder + "/header-only.arw", tiff(42, size(160, 120, 1, "SONY", "ILCE-7M3") + [(0xC634, LONG, [8])]))
    write(folder + "/header-only.dng", tiff(42, size(64, 48, 1, "Cascade", "Fixture") + [(0xC612, LONG, [0x01040000])]))
    write(folder + "/nikon-plain.tif", tiff(42, size(160, 120, 1, "NIKON", "COOLPIX")))
    write(folder + "/header-only.orf", tiff(0x4F52, size(320, 240, 3, "OLYMPUS IMAGING CORP.", "E-M5")))
    write(folder + "/header-only-mm.orf", tiff(0x4F52, size(320, 240, 1, "OLYMPUS CORPORATION", "E-M1"), big_endian=True))
    write(folder + "/header-only.rw2", tiff(0x55, [(2, SHORT, [400]), (3, SHORT, [300]), (274, SHORT, [1]),
                                                    (271, ASCII, "Panasonic"), (272, ASCII, "DC-GH5")]))
    picture = jpeg(120, 80)
    raf = bytearray(b"FUJIFILMCCD-RAW 0201FF383501" + b"\0" * (92 - 28))
    raf[84:92] = struct.pack(">II", 100, len(picture))
    write(folder + "/header-only.raf", bytes(raf) + b"\0" * 8 + picture)
    cmt1 = tiff(42, size(6000, 4000, 8, "Canon", "Canon EOS R5"))
    uuid = bytes.fromhex("85c0b687820f11e08111f4ce462b6a48")
    moov = box(b"moov", box(b"uuid", uuid + box(b"CNCV", b"CanonCR3_001/00.09.00/00.00.00") + box(b"CMT1", cmt1)))
    ftyp = box(b"ftyp", b"crx " + struct.pack(">I", 1) + b"crx isom")
    write(folder + "/header-only.cr3", ftyp + moov + box(b"mdat", b"\0" * 16))
