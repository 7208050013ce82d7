#!/usr/bin/python3
"""Regenerates Cascade's shared fixture libraries, byte for byte.

    /usr/bin/python3 Tests/Fixtures/Library/make-library.py          # rewrite Library/ and LibraryBroken/
    /usr/bin/python3 Tests/Fixtures/Library/make-library.py --check  # fail if the committed files differ
    /usr/bin/python3 Tests/Fixtures/Library/make-library.py --links COPY
        # in a copy of Library/ made by a test: add what git cannot hold
        # (the hard link, the truly empty folder)

Needs only Debian's python3-pil (`apt-get install python3-pil`) for the
pixels; every metadata block (EXIF, IPTC-IIM, XMP) is written here by hand,
so the bytes depend on nothing but this file and Pillow's JPEG/PNG encoders
(libjpeg-turbo, zlib) - no dates, no randomness, sorted output.

What each photo says and which source must win: EXPECTED.md beside this file.
"""

import hashlib
import io
import json
import os
import struct
import sys
import unicodedata

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)


# --- pixels -----------------------------------------------------------------

def pixels(name, size):
    """A small two-colour gradient picked from the name, so every photo differs."""
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    width, height = size
    first, second = digest[0:3], digest[3:6]
    image = Image.new("RGB", size)
    for y in range(height):
        for x in range(width):
            t = (x + y) / max(1, width + height - 2)
            image.putpixel((x, y), tuple(int(a + (b - a) * t) for a, b in zip(first, second)))
    return image


def jpeg(name, size=(16, 12), segments=()):
    """Baseline JPEG with `segments` (marker, payload) inserted after APP0."""
    out = io.BytesIO()
    pixels(name, size).save(out, "JPEG", quality=40, optimize=True)
    data = out.getvalue()
    assert data[:4] == b"\xff\xd8\xff\xe0"
    app0_end = 4 + struct.unpack(">H", data[4:6])[0]
    extra = b"".join(b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
                     for marker, payload in segments)
    return data[:app0_end] + extra + data[app0_end:]


def png(name, size=(12, 12)):
    out = io.BytesIO()
    pixels(name, size).save(out, "PNG", optimize=True)
    return out.getvalue()


# --- EXIF (TIFF) --------------------------------------------------------------

ASCII, SHORT, LONG, RATIONAL, BYTE, SLONG, UNDEFINED = 2, 3, 4, 5, 1, 9, 7
SIZES = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, SLONG: 4, UNDEFINED: 1}


def _encode(kind, value, endian):
    if kind == ASCII:
        return value.encode("utf-8") + b"\0", len(value.encode("utf-8")) + 1
    if kind in (BYTE, UNDEFINED):
        return bytes(value), len(value)
    fmt = {SHORT: "H", LONG: "I", SLONG: "i"}.get(kind)
    if fmt:
        return b"".join(struct.pack(endian + fmt, v) for v in value), len(value)
    if kind == RATIONAL:
        return b"".join(struct.pack(endian + "II", n, d) for n, d in value), len(value)
    raise ValueError(kind)


def _ifd(entries, offset, endian, next_offset=0):
    """One IFD at `offset`: entries sorted by tag, long values after it."""
    entries = sorted(entries)
    data_offset = offset + 2 + 12 * len(entries) + 4
    head, tail = struct.pack(endian + "H", len(entries)), b""
    for tag, kind, value in entries:
        raw, count = _encode(kind, value, endian)
        if len(raw) <= 4:
            field = raw.ljust(4, b"\0")
        else:
            field = struct.pack(endian + "I", data_offset + len(tail))
            tail += raw + (b"\0" if len(raw) % 2 else b"")
        head += struct.pack(endian + "HHI", tag, kind, count) + field
    return head + struct.pack(endian + "I", next_offset) + tail


def exif(ifd0=(), exif_ifd=(), gps=(), big_endian=False):
    """The APP1 payload `Exif\\0\\0` + TIFF with IFD0, the Exif IFD and the GPS IFD."""
    endian = ">" if big_endian else "<"
    header = (b"MM" if big_endian else b"II") + struct.pack(endian + "HI", 42, 8)
    ifd0 = list(ifd0)
    # Pointers first with placeholder offsets, to learn IFD0's length.
    pointers = []
    if exif_ifd:
        pointers.append(0x8769)
    if gps:
        pointers.append(0x8825)
    placeholder = ifd0 + [(tag, LONG, [0]) for tag in pointers]
    length0 = len(_ifd(placeholder, 8, endian))
    offsets, cursor, blocks = {}, 8 + length0, []
    for tag, entries in ((0x8769, exif_ifd), (0x8825, gps)):
        if entries:
            offsets[tag] = cursor
            block = _ifd(list(entries), cursor, endian)
            blocks.append(block)
            cursor += len(block)
    final0 = _ifd(ifd0 + [(tag, LONG, [offsets[tag]]) for tag in pointers], 8, endian)
    assert len(final0) == length0
    return b"Exif\0\0" + header + final0 + b"".join(blocks)


def xp(text):
    """Windows XP tags: UCS-2 little endian, NUL-terminated, as BYTE."""
    return list(text.encode("utf-16-le") + b"\0\0")


def dms(degrees, minutes, seconds_times_100):
    return [(degrees, 1), (minutes, 1), (seconds_times_100, 100)]


# --- IPTC-IIM (APP13) -----------------------------------------------------------

def iptc(object_name=None, headline=None, caption=None, keywords=()):
    """APP13 `Photoshop 3.0` with one 8BIM 0x0404 resource of IIM datasets, UTF-8 declared."""
    def dataset(record, number, value):
        raw = value.encode("utf-8") if isinstance(value, str) else value
        return struct.pack(">BBBH", 0x1C, record, number, len(raw)) + raw
    iim = dataset(1, 90, b"\x1b%G") + dataset(2, 0, b"\x00\x04")
    if object_name:
        iim += dataset(2, 5, object_name)
    for keyword in keywords:
        iim += dataset(2, 25, keyword)
    if headline:
        iim += dataset(2, 105, headline)
    if caption:
        iim += dataset(2, 120, caption)
    resource = b"8BIM" + struct.pack(">H", 0x0404) + b"\0\0" + struct.pack(">I", len(iim)) + iim
    if len(iim) % 2:
        resource += b"\0"
    return b"Photoshop 3.0\0" + resource


# --- XMP ----------------------------------------------------------------------

NAMESPACES = (
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
    ' xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"'
    ' xmlns:exif="http://ns.adobe.com/exif/1.0/"'
    ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"'
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"'
)


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _alt(tag, values):
    items = "".join(f'<rdf:li xml:lang="{lang}">{_escape(text)}</rdf:li>' for lang, text in values)
    return f"   <{tag}><rdf:Alt>{items}</rdf:Alt></{tag}>\n"


def xmp(title=(), description=(), subject=(), alt=(), attributes=(), style="darktable"):
    """An x:xmpmeta document. `title`, `description`, `alt`: (lang, text) pairs,
    x-default first as writers put it; `subject`: keywords; `attributes`:
    (name, value) pairs written on rdf:Description, as darktable and Lightroom
    write their simple properties."""
    toolkit = {"darktable": "XMP Core 4.4.0-Exiv2", "lightroom": "Adobe XMP Core 7.0-c000 1.000000"}[style]
    extra = ""
    if style == "darktable":
        extra = ' xmlns:darktable="http://darktable.sf.net/"'
    else:
        extra = ' xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"'
    attrs = "".join(f'\n    {name}="{_escape(value)}"' for name, value in attributes)
    body = ""
    if title:
        body += _alt("dc:title", title)
    if description:
        body += _alt("dc:description", description)
    if subject:
        items = "".join(f"<rdf:li>{_escape(word)}</rdf:li>" for word in subject)
        body += f"   <dc:subject><rdf:Bag>{items}</rdf:Bag></dc:subject>\n"
    if alt:
        body += _alt("Iptc4xmpCore:AltTextAccessibility", alt)
    return (
        f'<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="{toolkit}">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        f'  <rdf:Description rdf:about=""{NAMESPACES}{extra}{attrs}>\n'
        f"{body}"
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
    )


def xmp_packet(document):
    """APP1 payload: the XMP namespace, then the document in an xpacket."""
    packet = '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' + document + '<?xpacket end="w"?>'
    return b"http://ns.adobe.com/xap/1.0/\0" + packet.encode("utf-8")


def sidecar(document):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + document).encode("utf-8")


APP1, APP13 = 0xE1, 0xED


# --- the library ----------------------------------------------------------------

def library():
    """Relative path -> bytes. Names are NFC unless a test needs NFD."""
    files = {}

    def put(path, data):
        files[path] = data if isinstance(data, bytes) else data.encode("utf-8")

    def album_json(path, value):
        put(path, json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n")

    lake = jpeg("lake #1.jpg", segments=[(APP1, exif(
        ifd0=[(0x010E, ASCII, "Lake at noon, from EXIF"), (0x010F, ASCII, "Fixture"), (0x0110, ASCII, "Camera One"),
              (0x9C9B, BYTE, xp("Lake (XPTitle)"))],
        exif_ifd=[(0x9003, ASCII, "2020:08:01 12:00:00")]))])

    # Root: two photos, three sub-albums (Mixed #sources, Trips, 🌅 Dawn 100%),
    # an empty folder and a notes-only one (neither an album), a hidden folder.
    put("lake #1.jpg", lake)
    put("100% sky?.png", png("100% sky?.png"))
    album_json("album.json", {
        "title": "Fixture Library",
        "description": "Tiny generated photos for Cascade's tests.\n\nSee EXPECTED.md for what each one says.",
        "cover": "Trips",
        "photos": {"lake #1.jpg": {"caption": "The lake, as album.json tells it", "alt": "A blue gradient",
                                   "keywords": ["lake", "root"]}},
    })
    put(".thumbs/lake #1.jpg", jpeg(".thumbs/lake #1.jpg", size=(8, 8)))
    put("Empty/.gitkeep", b"")
    put("Notes only?/notes.txt", "Not an album: no photos here, only these notes.\n")

    # Trips: no photos of its own, two sub-albums (three levels deep).
    album_json("Trips/album.json", {
        "title": "Trips ✈",
        "cover": "Café de Flore",
    })

    # Trips/Café de Flore: sigal style.
    cafe = "Trips/Café de Flore/"
    put(cafe + "index.md", (
        "Title: Café de Flore, Paris\n"
        "Thumbnail: espresso.jpg\n"
        "Author: Fixture Author\n"
        "Location: Paris 6e\n"
        "Tags: coffee\n"
        "    terrace\n"
        "\n"
        "A morning at **Café de Flore**, on the [boulevard Saint-Germain](https://example.org/sg).\n"
        "![a map](map.png)\n"
        "\n"
        "## Later\n"
        "Croissants &amp; `café crème`, <em>no</em> rush.\n"
    ))
    put(cafe + "terrace.jpg", jpeg("terrace.jpg", segments=[
        (APP1, exif(ifd0=[(0x010E, ASCII, "EXIF terrace description")],
                    exif_ifd=[(0x9003, ASCII, "2023:09:01 08:00:00")])),
        (APP1, xmp_packet(xmp(title=[("x-default", "XMP terrace title")],
                              alt=[("x-default", "Wicker chairs facing a street")]))),
    ]))
    put(cafe + "terrace.md", "Title: Terrace at nine\nDate: 2023-09-01T09:00:00\n\nChairs *facing* the street.\n")
    put(cafe + "espresso.jpg", jpeg("espresso.jpg", size=(12, 16)))
    put(cafe + "espresso.md", "---\ntitle: \"Espresso\"\nrating: 5\n---\nSmall and _strong_.\n")
    put(cafe + "croissant #2.jpg", jpeg("croissant #2.jpg", segments=[
        (APP1, exif(ifd0=[(0x010E, ASCII, "Croissant, from EXIF only")]))]))
    # sigal's files outrank picasa.ini: the terrace caption comes from terrace.md,
    # its keywords (which sigal has none of) from here.
    put(cafe + ".picasa.ini", "[terrace.jpg]\ncaption=Picasa terrace caption\nkeywords=terrace,paris\n")

    # Trips/溪流 #2: thumbsup / Picasa style, written as Picasa does (BOM, CRLF).
    stream = "Trips/溪流 #2/"
    put(stream + "picasa.ini", "\ufeff" + "\r\n".join([
        "[Picasa]",
        "name=Mountain stream 溪流",
        "description=Clear water&#44; cold.\\n\\nSecond paragraph.",
        "P2category=Folders",
        "[IMG_0001.jpg]",
        "caption=Stones under water",
        "keywords=stream,stone&#44; round,溪流",
        "star=yes",
        "[IMG_0002.jpg]",
        "keywords=stream",
        "filters=enhance=1;",
        "[.album:abc123]",
        "name=A Picasa collection, not this folder",
        "token=abc123",
        "this line is malformed",
        "[IMG_0003.jpg]",
        "caption=Picasa caption that album.json overrides",
        "",
    ]))
    put(stream + "IMG_0001.jpg", jpeg("IMG_0001.jpg", segments=[
        (APP1, exif(ifd0=[(0x010E, ASCII, "EXIF stones")], exif_ifd=[(0x9003, ASCII, "2022:06:01 07:00:00")]))]))
    put(stream + "IMG_0002.jpg", jpeg("IMG_0002.jpg", segments=[
        (APP1, xmp_packet(xmp(description=[("x-default", "XMP ripple caption")], subject=["xmp-keyword"])))]))
    put(stream + "IMG_0003.jpg", jpeg("IMG_0003.jpg"))
    album_json(stream + "album.json", {
        "sort": "name-desc",
        "photos": {"IMG_0003.jpg": {"caption": "album.json beats picasa.ini"}},
    })

    # 🌅 Dawn 100%: the same morning in three time zones. Local time order
    # (c, b, a) differs from true time order (a, b, c).
    dawn = "🌅 Dawn 100%/"
    for name, local, offset in [("a-tokyo.jpg", "2024:05:12 09:00:00", "+09:00"),
                                ("b-london.jpg", "2024:05:12 06:00:00", "+01:00"),
                                ("c-new york.jpg", "2024:05:12 03:00:00", "-04:00")]:
        put(dawn + name, jpeg(name, segments=[(APP1, exif(
            exif_ifd=[(0x9003, ASCII, local), (0x9011, ASCII, offset)], big_endian=name.startswith("b")))]))
    album_json(dawn + "album.json", {"title": "Dawn, around the world", "sort": "date"})

    # Mixed #sources: one source after another, to test the precedence.
    mixed = "Mixed #sources/"
    full_exif = exif(
        ifd0=[(0x010E, ASCII, "EXIF caption (all)"), (0x9C9B, BYTE, xp("EXIF title (all)"))],
        exif_ifd=[(0x9003, ASCII, "2021:01:01 10:00:00")])
    put(mixed + "all-sources.jpg", jpeg("all-sources.jpg", segments=[
        (APP1, full_exif),
        (APP1, xmp_packet(xmp(title=[("x-default", "Embedded XMP title (all)")],
                              description=[("x-default", "Embedded XMP caption (all)")],
                              subject=["embedded"], alt=[("x-default", "Embedded XMP alt (all)")],
                              attributes=[("photoshop:DateCreated", "2022-02-02T11:00:00")]))),
        (APP13, iptc(object_name="IPTC title (all)", caption="IPTC caption (all)", keywords=["iptc"])),
    ]))
    put(mixed + "all-sources.jpg.xmp", sidecar(xmp(
        title=[("x-default", "Sidecar title (all)"), ("fr-FR", "Titre du fichier annexe")],
        alt=[("x-default", "Sidecar alt (all)"), ("de-DE", "Alternativtext")],
        subject=["sidecar"], attributes=[("xmp:Rating", "1"), ("darktable:xmp_version", "5")])))
    put(mixed + "xmp-sidecar.jpg", jpeg("xmp-sidecar.jpg", segments=[
        (APP1, exif(ifd0=[(0x010E, ASCII, "EXIF caption (sidecar)")], exif_ifd=[(0x9003, ASCII, "2021:03:03 15:30:00")])),
        (APP1, xmp_packet(xmp(description=[("x-default", "Embedded XMP caption (sidecar)")],
                              alt=[("x-default", "Embedded XMP alt (sidecar)")]))),
        (APP13, iptc(keywords=["iptc-only"])),
    ]))
    put(mixed + "xmp-sidecar.xmp", sidecar(xmp(
        title=[("x-default", "Lightroom sidecar title"), ("de-DE", "Lightroom Titel")],
        description=[("x-default", "Lightroom sidecar caption"), ("de-DE", "Lightroom Beschreibung")],
        subject=["lightroom", "sidecar", "Zürich"], attributes=[("crs:Version", "15.0")], style="lightroom")))
    put(mixed + "both-sidecars.jpg", jpeg("both-sidecars.jpg"))
    put(mixed + "both-sidecars.xmp", sidecar(xmp(
        title=[("x-default", "NAME.xmp title (loses)")], description=[("x-default", "NAME.xmp caption (used: the other has none)")])))
    put(mixed + "both-sidecars.jpg.xmp", sidecar(xmp(title=[("x-default", "NAME.EXT.xmp title (wins)")])))
    put(mixed + "embedded-xmp.jpg", jpeg("embedded-xmp.jpg", segments=[
        (APP1, exif(ifd0=[(0x010E, ASCII, "EXIF caption (embedded)")], exif_ifd=[(0x9003, ASCII, "2020:02:02 08:00:00")])),
        (APP1, xmp_packet(xmp(title=[("x-default", "Embedded XMP title"), ("ja-JP", "埋め込みタイトル")],
                              description=[("x-default", "Embedded XMP caption"), ("fr-FR", "Légende intégrée")],
                              subject=["embedded", "xmp", "溪流"], alt=[("x-default", "Embedded XMP alt")],
                              attributes=[("exif:DateTimeOriginal", "2023-03-03T12:00:00")]))),
        (APP13, iptc(object_name="IPTC title (embedded)", headline="IPTC headline (embedded)",
                     caption="IPTC caption (embedded)", keywords=["iptc"])),
    ]))
    put(mixed + "iptc.jpg", jpeg("iptc.jpg", segments=[
        (APP1, exif(ifd0=[(0x010E, ASCII, "EXIF caption (iptc)"), (0x9C9B, BYTE, xp("EXIF title (iptc)"))],
                    exif_ifd=[(0x9003, ASCII, "2019:09:09 09:09:09")])),
        (APP13, iptc(object_name="IPTC object name", headline="IPTC headline", caption="IPTC caption",
                     keywords=["iptc", "café", "溪流"])),
    ]))
    put(mixed + "iptc-headline.jpg", jpeg("iptc-headline.jpg", segments=[
        (APP13, iptc(headline="IPTC headline only", caption="IPTC caption (headline)"))]))
    put(mixed + "exif-only.jpg", jpeg("exif-only.jpg", segments=[(APP1, exif(
        ifd0=[(0x010E, ASCII, "First line\nSecond line"), (0x010F, ASCII, "Fixture"), (0x0110, ASCII, "Camera Two"),
              (0x9C9B, BYTE, xp("XP title ✓")), (0x9C9C, BYTE, xp("XP comment"))],
        exif_ifd=[(0x9003, ASCII, "2019:07:14 18:30:00")]))]))
    put(mixed + "xpcomment-only.jpg", jpeg("xpcomment-only.jpg", segments=[(APP1, exif(
        ifd0=[(0x9C9C, BYTE, xp("XP comment as the caption"))]))]))
    put(mixed + "gps-exif.jpg", jpeg("gps-exif.jpg", segments=[(APP1, exif(
        exif_ifd=[(0x9003, ASCII, "2018:06:21 23:59:00")],
        gps=[(0x0000, BYTE, [2, 3, 0, 0]), (0x0001, ASCII, "N"), (0x0002, RATIONAL, dms(64, 8, 5160)),
             (0x0003, ASCII, "W"), (0x0004, RATIONAL, dms(21, 56, 3480))]))]))
    put(mixed + "gps-xmp.jpg", jpeg("gps-xmp.jpg", segments=[(APP1, xmp_packet(xmp(
        attributes=[("exif:GPSLatitude", "46,12.3456N"), ("exif:GPSLongitude", "6,8.7654E"),
                    ("exif:GPSVersionID", "2.3.0.0")])))]))
    put(mixed + "orientation-slong.jpg", jpeg("orientation-slong.jpg", size=(16, 8), segments=[(APP1, exif(
        ifd0=[(0x0112, SLONG, [6])]))]))
    put(mixed + "no date 无日期 🌅.jpg", jpeg("no date 无日期 🌅.jpg"))
    put(mixed + "hidden-by-config.jpg", jpeg("hidden-by-config.jpg"))
    put(mixed + "lake copy.jpg", lake)
    put(mixed + unicodedata.normalize("NFD", "décor nfd.jpg"), jpeg("décor nfd.jpg"))
    album_json(mixed + "album.json", {
        "title": "Mixed #sources",
        "description": "Every metadata source, one after another.",
        "cover": "iptc.jpg",
        "hidden": ["hidden-by-config.jpg"],
        "photos": {
            "all-sources.jpg": {"caption": "album.json caption (all)", "keywords": ["album-json", "all"]},
            "décor nfd.jpg": {"caption": "Matched although the file name on disk is NFD",
                              "title": "Décor", "date": "2017-04-05 06:07"},
            "iptc-headline.jpg": {"alt": "album.json alt (headline)"},
        },
    })
    return files


def broken_library():
    """A library whose album.json must fail: a wrong type and an unknown key, on different lines."""
    return {
        "album.json": (
            "{\n"
            '  "title": 42,\n'
            '  "captoin": "typo for caption"\n'
            "}\n"
        ).encode("utf-8"),
        "photo.jpg": jpeg("broken/photo.jpg"),
    }


README = (
    "# Fixture libraries\n\n"
    "`Library/` is the shared photo library for Cascade's tests (nested albums, every\n"
    "metadata source); `LibraryBroken/` holds one invalid `album.json`. Both are generated by\n"
    "`make-library.py` (run it with Debian's `/usr/bin/python3`, which has python3-pil);\n"
    "`EXPECTED.md` is the contract: what each photo says and which source wins.\n\n"
    "Licence: every image and text here was generated by `make-library.py` for this project\n"
    "and is released with Cascade under its licence; no third-party photos.\n"
)


KEPT = {os.path.join("Library", name) for name in ("make-library.py", "EXPECTED.md")}


def stale(root, files):
    """Files under the generated libraries that this script no longer makes."""
    found = []
    for top in ("Library", "LibraryBroken"):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                relative = os.path.relpath(os.path.join(folder, name), root)
                if relative not in files and relative not in KEPT:
                    found.append(relative)
    return sorted(found)


def write_tree(root, files):
    for relative in stale(root, files):
        os.remove(os.path.join(root, relative))
    for top in ("Library", "LibraryBroken"):
        for folder, subfolders, names in os.walk(os.path.join(root, top), topdown=False):
            if not os.listdir(folder):
                os.rmdir(folder)
    for relative in sorted(files):
        path = os.path.join(root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(files[relative])


def generated():
    """Every file this script owns, relative to Tests/Fixtures."""
    files = {os.path.join("Library", k): v for k, v in library().items()}
    files.update({os.path.join("LibraryBroken", k): v for k, v in broken_library().items()})
    files[os.path.join("Library", "README.md")] = README.encode("utf-8")
    return files


def add_links(copy):
    """What git cannot store, added to a copy of Library/ at test time."""
    mixed = os.path.join(copy, "Mixed #sources")
    link = os.path.join(mixed, "hard link to exif-only.jpg")
    if not os.path.exists(link):
        os.link(os.path.join(mixed, "exif-only.jpg"), link)
    empty = os.path.join(copy, "Empty")
    gitkeep = os.path.join(empty, ".gitkeep")
    if os.path.exists(gitkeep):
        os.remove(gitkeep)
    os.makedirs(empty, exist_ok=True)


def main(arguments):
    if arguments[:1] == ["--links"] and len(arguments) == 2:
        add_links(arguments[1])
        return 0
    files = generated()
    if arguments == ["--check"]:
        different = []
        for relative, data in sorted(files.items()):
            path = os.path.join(FIXTURES, relative)
            if not os.path.exists(path) or open(path, "rb").read() != data:
                different.append(relative)
        different += stale(FIXTURES, files)
        for relative in different:
            print("differs:", relative)
        return 1 if different else 0
    if arguments:
        print(__doc__)
        return 2
    write_tree(FIXTURES, files)
    total = sum(len(v) for v in files.values())
    print(f"{len(files)} files, {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
