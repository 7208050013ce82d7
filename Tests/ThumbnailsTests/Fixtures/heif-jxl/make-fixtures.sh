#!/usr/bin/env bash
# Makes the HEIF/AVIF/JPEG XL decoder fixtures (issue 12) in this folder. Run from anywhere:
#   bash Tests/ThumbnailsTests/Fixtures/heif-jxl/make-fixtures.sh
# Needs heif-enc (libheif-examples 1.15, x265 + aom), cjxl (libjxl-tools 0.7) and python3; the
# source pictures are written by the Python below (no ImageMagick), so the script is reproducible
# with the same encoder versions. Every picture is 64x48 with four flat quadrants
#   top-left red (220,30,30), top-right green (30,200,60), bottom-left blue (40,60,210),
#   bottom-right yellow (230,220,40)
# so a test can tell orientation from the colour of one corner. See README.md for the list.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

python3 - <<'PY'
import struct, zlib

W, H = 64, 48
QUADS = [(220, 30, 30), (30, 200, 60), (40, 60, 210), (230, 220, 40)]

def quad(x, y):
    return QUADS[(1 if x >= W // 2 else 0) + (2 if y >= H // 2 else 0)]

def png(path, rows, colour_type, depth=8, icc=None, exif=None):
    """rows: list of bytes, already packed for colour_type/depth."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W if rows else 0, len(rows), depth, colour_type, 0, 0, 0))
    if exif:
        out += chunk(b"eXIf", exif)
    raw = b"".join(b"\x00" + r for r in rows)
    out += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(out)

# Plain RGB.
png("quad.png", [bytes(c for x in range(W) for c in quad(x, y)) for y in range(H)], 2)
# RGBA: the left half opaque, the right half fully transparent (colour kept under it).
png("quad-alpha.png", [bytes(v for x in range(W) for v in quad(x, y) + ((255,) if x < W // 2 else (0,)))
                       for y in range(H)], 6)
# Half-transparent flat RGBA (100, 20, 40, 128), to be flagged as premultiplied (straight: 199, 40, 80).
png("premultiplied.png", [bytes((100, 20, 40, 128) * W) for y in range(H)], 6)
# Grey: the left half 60, the right half 200; and grey + alpha (left opaque, right transparent).
png("grey.png", [bytes(60 if x < W // 2 else 200 for x in range(W)) for y in range(H)], 0)
png("grey-alpha.png", [bytes(v for x in range(W) for v in ((60, 255) if x < W // 2 else (200, 0))) for y in range(H)], 4)
# 16-bit RGB: each 8-bit value v as v*257 plus a low byte of 0x80 (a 10-bit encode keeps the top 10 bits).
png("quad-16.png", [b"".join(struct.pack(">H", c * 257) for x in range(W) for c in quad(x, y)) for y in range(H)], 2, 16)

# Display P3: a saturated sRGB colour (200, 40, 40) re-expressed in P3 primaries (sRGB transfer),
# so the file's pixel values are what a P3 screen needs for that colour.
def decode(v):
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
def encode(v):
    v = min(max(v, 0.0), 1.0)
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
def xyz_matrix(primaries, white):
    import itertools
    cols = [(x / y, 1.0, (1 - x - y) / y) for x, y in primaries]
    wx, wy = white
    W_ = (wx / wy, 1.0, (1 - wx - wy) / wy)
    # Solve cols * S = W for the scales.
    m = [[cols[j][i] for j in range(3)] for i in range(3)]
    def det(a):
        return (a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) - a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0])
                + a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0]))
    d = det(m)
    s = []
    for k in range(3):
        mk = [row[:] for row in m]
        for i in range(3):
            mk[i][k] = W_[i]
        s.append(det(mk) / d)
    return [[m[i][j] * s[j] for j in range(3)] for i in range(3)]
def inverse(a):
    d = (a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) - a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0])
         + a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0]))
    c = [[(a[(j+1)%3][(i+1)%3]*a[(j+2)%3][(i+2)%3] - a[(j+1)%3][(i+2)%3]*a[(j+2)%3][(i+1)%3]) / d
          for j in range(3)] for i in range(3)]
    return c
def mul(a, v):
    return [sum(a[i][j] * v[j] for j in range(3)) for i in range(3)]
D65 = (0.3127, 0.3290)
SRGB = xyz_matrix([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], D65)
P3 = xyz_matrix([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65)
def srgb_to_p3(rgb):
    lin = [decode(v) for v in rgb]
    return tuple(encode(v) for v in mul(inverse(P3), mul(SRGB, lin)))
patch = srgb_to_p3((200, 40, 40))
open("p3-patch.txt", "w").write("%d %d %d\n" % patch)
png("p3.png", [bytes(c for x in range(W) for c in patch) for y in range(H)], 2)

# Exif (big-endian TIFF) with only Orientation = 6, for cjxl to take as the codestream orientation.
ifd = struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
png("quad-exif6.png", [bytes(c for x in range(W) for c in quad(x, y)) for y in range(H)], 2,
    exif=b"MM\x00\x2a" + struct.pack(">I", 8) + ifd)
PY

heif-enc -q 90 -o plain.heic quad.png >/dev/null
heif-enc -q 90 -o alpha.heic quad-alpha.png >/dev/null
heif-enc -q 90 -b 10 -o 10bit.heic quad-16.png >/dev/null
heif-enc -q 90 --premultiplied-alpha -o premultiplied.heic premultiplied.png >/dev/null
heif-enc -A -q 90 -o plain.avif quad.png >/dev/null
heif-enc -A -q 90 -o alpha.avif quad-alpha.png >/dev/null
heif-enc -q 95 -o p3-source.heic p3.png >/dev/null
heif-enc -A -q 95 -o p3-source.avif p3.png >/dev/null
cjxl -d 1 quad.png lossy.jxl >/dev/null 2>&1
cjxl -d 0 quad.png lossless.jxl >/dev/null 2>&1
cjxl -d 0 quad-alpha.png alpha.jxl >/dev/null 2>&1
cjxl -d 0 quad-16.png 16bit.jxl >/dev/null 2>&1
cjxl -d 0 quad-exif6.png orientation6.jxl >/dev/null 2>&1
cjxl -d 0 grey.png grey.jxl >/dev/null 2>&1
cjxl -d 0 grey-alpha.png grey-alpha.jxl >/dev/null 2>&1
heif-enc -q 90 -o grey.heic grey.png >/dev/null
# Display P3 as a JPEG XL enumerated colour encoding (D65, P3 primaries, sRGB transfer), lossy and lossless.
cjxl -x color_space=RGB_D65_DCI_Rel_SRG -d 1 p3.png p3-lossy.jxl >/dev/null 2>&1
cjxl -x color_space=RGB_D65_DCI_Rel_SRG -d 0 p3.png p3-lossless.jxl >/dev/null 2>&1

python3 - <<'PY'
import struct

def boxes(data, start, end):
    """(type, start, payload_start, end) of the ISO BMFF boxes in data[start:end]."""
    out, p = [], start
    while p + 8 <= end:
        size = struct.unpack(">I", data[p:p + 4])[0]
        kind = data[p + 4:p + 8]
        head = 8
        if size == 1:
            size = struct.unpack(">Q", data[p + 8:p + 16])[0]
            head = 16
        elif size == 0:
            size = end - p
        out.append((kind, p, p + head, p + size))
        p += size
    return out

def child(data, parent, kind, full=False):
    _, _, payload, end = parent
    for box in boxes(data, payload + (4 if full else 0), end):
        if box[0] == kind:
            return box
    raise SystemExit("no %s box" % kind)

def properties(data):
    """The ipco box and its children, the ipma box."""
    meta = [b for b in boxes(data, 0, len(data)) if b[0] == b"meta"][0]
    iprp = child(data, meta, b"iprp", full=True)
    ipco = child(data, iprp, b"ipco")
    ipma = child(data, iprp, b"ipma")
    return boxes(data, ipco[2], ipco[3]), ipma

def add_property(name, out, new_boxes, essential=True):
    """Appends `new_boxes` to `ipco`, associates them with the primary item (essential, as the
    standard requires of transformative properties, unless told otherwise), and moves every `iloc` offset into the
    file by the bytes the `meta` box grew, so the image data is still found."""
    data = bytearray(open(name, "rb").read())
    top = boxes(data, 0, len(data))
    meta = [b for b in top if b[0] == b"meta"][0]
    assert all(b[1] > meta[1] for b in top if b[0] == b"mdat"), "mdat before meta"
    pitm = child(data, meta, b"pitm", full=True)
    primary = struct.unpack(">H", data[pitm[2] + 4:pitm[2] + 6])[0]
    props, ipma = properties(data)
    first_index = len(props) + 1
    added = b"".join(new_boxes)
    # ipma (version 0, flags 0 as heif-enc writes it): entry_count, then per item: u16 id, u8 n, n x u8.
    p = ipma[2]
    assert data[p] == 0 and int.from_bytes(data[p + 1:p + 4], "big") & 1 == 0, "ipma layout"
    p += 4
    count = struct.unpack(">I", data[p:p + 4])[0]
    p += 4
    insert_at = None
    for _ in range(count):
        item = struct.unpack(">H", data[p:p + 2])[0]
        n = data[p + 2]
        if item == primary:
            assert n + len(new_boxes) < 256
            data[p + 2] = n + len(new_boxes)
            insert_at = p + 3 + n
        p += 3 + n
    assert insert_at is not None, "primary not in ipma"
    indices = bytes((0x80 if essential else 0) | (first_index + k) for k in range(len(new_boxes)))
    iprp = child(data, meta, b"iprp", full=True)
    ipco = child(data, iprp, b"ipco")
    iloc = child(data, meta, b"iloc", full=True)
    grow = len(added) + len(indices)
    # Sizes first, then the insertions from the back, so every recorded position stays valid.
    for box, extra in [(ipma, len(indices)), (ipco, len(added)), (iprp, grow), (meta, grow)]:
        size = struct.unpack(">I", data[box[1]:box[1] + 4])[0]
        data[box[1]:box[1] + 4] = struct.pack(">I", size + extra)
    data[insert_at:insert_at] = indices
    data[ipco[3]:ipco[3]] = added
    # iloc sits before iprp, so its position did not move.
    p = iloc[2]
    version = data[p]
    p += 4
    offset_size, length_size = data[p] >> 4, data[p] & 15
    base_size, index_size = data[p + 1] >> 4, (data[p + 1] & 15 if version in (1, 2) else 0)
    p += 2
    if version < 2:
        count = struct.unpack(">H", data[p:p + 2])[0]; p += 2
    else:
        count = struct.unpack(">I", data[p:p + 4])[0]; p += 4
    def field(at, size):
        return int.from_bytes(data[at:at + size], "big") if size else 0
    def bump(at, size):
        if size:
            data[at:at + size] = (field(at, size) + grow).to_bytes(size, "big")
    for _ in range(count):
        p += 2 if version < 2 else 4
        method = 0
        if version in (1, 2):
            method = data[p + 1] & 15
            p += 2
        p += 2  # data_reference_index
        base_at = p
        p += base_size
        extents = struct.unpack(">H", data[p:p + 2])[0]
        p += 2
        offsets = []
        for _ in range(extents):
            p += index_size
            offsets.append(p)
            p += offset_size + length_size
        if method == 0:
            if base_size:
                bump(base_at, base_size)
            else:
                for at in offsets:
                    bump(at, offset_size)
    open(out, "wb").write(data)

def prop(kind, value):
    return struct.pack(">I", 9) + kind + bytes([value])

# irot angle 1 = a quarter turn anticlockwise; imir axis 0 = top and bottom exchanged (libheif's
# "vertical" mirror direction; ImageHeaders' HEIFTransform reads it the same way).
add_property("plain.heic", "irot90.heic", [prop(b"irot", 1)])
add_property("plain.heic", "imir0.heic", [prop(b"imir", 0)])
add_property("plain.avif", "irot270-imir1.avif", [prop(b"irot", 3), prop(b"imir", 1)])

# Display P3 by nclx (primaries 12, sRGB transfer 13, BT.601 matrix 6, full range). heif-enc 1.15
# writes primaries 2 / transfer 2 whatever --colour_primaries says, so the colour box is set here:
# HEIC gets a new `colr` property, AVIF's existing one is rewritten in place.
nclx = struct.pack(">I", 19) + b"colrnclx" + struct.pack(">HHHB", 12, 13, 6, 0x80)
add_property("p3-source.heic", "p3-nclx.heic", [nclx], essential=False)
data = bytearray(open("p3-source.avif", "rb").read())
props, _ = properties(data)
colr = [b for b in props if b[0] == b"colr" and data[b[2]:b[2] + 4] == b"nclx"]
assert len(colr) == 1, "one nclx colr"
data[colr[0][2] + 4:colr[0][2] + 8] = struct.pack(">HH", 12, 13)
open("p3-nclx.avif", "wb").write(data)

def primary_properties(data):
    """The 0-based ipco indices associated with the primary item."""
    meta = [b for b in boxes(data, 0, len(data)) if b[0] == b"meta"][0]
    pitm = child(data, meta, b"pitm", full=True)
    primary = struct.unpack(">H", data[pitm[2] + 4:pitm[2] + 6])[0]
    _, ipma = properties(data)
    p = ipma[2] + 4
    count = struct.unpack(">I", data[p:p + 4])[0]
    p += 4
    for _ in range(count):
        item, n = struct.unpack(">H", data[p:p + 2])[0], data[p + 2]
        if item == primary:
            return [(v & 0x7F) - 1 for v in data[p + 3:p + 3 + n]]
        p += 3 + n
    raise SystemExit("primary not in ipma")

def bomb(name, out, width, height):
    """The primary item's ispe rewritten to claim width x height (the coded data is unchanged)."""
    data = bytearray(open(name, "rb").read())
    props, _ = properties(data)
    spatial = [props[i] for i in primary_properties(data) if props[i][0] == b"ispe"]
    assert len(spatial) == 1, "one ispe"
    p = spatial[0][2] + 4
    data[p:p + 8] = struct.pack(">II", width, height)
    open(out, "wb").write(data)

bomb("plain.heic", "bomb.heic", 60000, 60000)
bomb("plain.avif", "bomb.avif", 60000, 60000)

def structural_brands(name, out):
    """The same HEVC image with only structural brands (mif1, miaf): the header scan calls it HEIF, not HEIC."""
    data = bytearray(open(name, "rb").read())
    assert data[4:8] == b"ftyp" and data[8:12] == b"heic" and data[20:24] == b"heic"
    data[8:12] = b"mif1"
    data[20:24] = b"miaf"
    open(out, "wb").write(data)

structural_brands("plain.heic", "structural-brands.heif")

def truncate(name, out):
    data = open(name, "rb").read()
    open(out, "wb").write(data[:len(data) * 2 // 3])

for name in ["plain.heic", "plain.avif", "lossy.jxl"]:
    stem, ext = name.split(".")
    truncate(name, "truncated-%s.%s" % (stem, ext))

# A JPEG XL codestream claiming 60000x60000: signature, SizeHeader (div8 0; height: selector 2 =
# 18 bits of height-1; ratio 0; width the same way), ImageMetadata all_default, then zero bytes.
bits = []
def put(value, count):
    bits.extend((value >> i) & 1 for i in range(count))
put(0, 1)
put(2, 2); put(60000 - 1, 18)
put(0, 3)
put(2, 2); put(60000 - 1, 18)
put(1, 1)
while len(bits) % 8:
    bits.append(0)
header = bytes(sum(bits[i + k] << k for k in range(8)) for i in range(0, len(bits), 8))
open("bomb.jxl", "wb").write(b"\xff\x0a" + header + bytes(64))
PY

for file in plain.heic premultiplied.heic grey.heic grey.jxl grey-alpha.jxl irot90.heic imir0.heic irot270-imir1.avif alpha.heic 10bit.heic plain.avif alpha.avif p3-nclx.heic p3-nclx.avif \
            lossy.jxl lossless.jxl alpha.jxl 16bit.jxl orientation6.jxl p3-lossy.jxl p3-lossless.jxl \
            truncated-plain.heic truncated-plain.avif truncated-lossy.jxl bomb.heic bomb.avif bomb.jxl p3-patch.txt; do
    cp "$file" "$here/$file"
done
ls -l "$here"
