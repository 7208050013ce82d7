#!/usr/bin/env python3
"""Builds the 200-photo benchmark album deterministically from real photographs in Debian packages.

    python3 Benchmarks/renditions/make-album.py ALBUM_DIR [--cache DIR] [--jobs N]

Recipe (../shared/notes/baselines-and-browser.md §2): 39 photographs from lomiri-wallpapers-16.04,
lomiri-wallpapers-20.04 (Kleiber), mate-backgrounds (nature) and plasma-workspace-wallpapers, fetched
with `apt-get download` (never installed) into the cache; each album file is one source scaled
(seeded zoom 1.0-1.35) and cropped to a camera size (12-24 MP and a few screen sizes), with seeded
luminance noise for camera-like entropy, saved by libvips as JPEG Q90 4:2:0 (some progressive,
3 greyscale) or PNG (20, 2 with an alpha band); 40 JPEGs (20 %) store their pixels turned and carry
EXIF Orientation 6 or 8 to undo it; camera EXIF (make, model, dates, GPS on some) is written with
exiftool. All choices come from one seeded PRNG, so the same tools give a byte-identical album;
`album.tsv` lists every file and `sources.tsv` every source's sha256.

Needs: libvips-tools, libimage-exiftool-perl (installed with apt-get if missing).
"""
import argparse
import concurrent.futures
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

SEED = 20240601
PACKAGES = ["lomiri-wallpapers-16.04", "lomiri-wallpapers-20.04", "mate-backgrounds", "plasma-workspace-wallpapers"]
PLASMA = ["BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf", "Grey", "Kite",
          "OneStandsOut", "Path", "summer_1am"]
LOMIRI_16 = ["Bridge_by_Sander_Klootwijk", "Dragonfly_by_Bolly", "Picture_0B_by_freespace", "Picture_1A_by_freespace",
             "Wine_by_Jakkub_Mede", "aitzgorri_by_Aitzol_Berasategi", "analogpattern_by_Peter_Nerlich",
             "free_by_Peter_Nerlich", "friends_by_Aitzol_Berasategi", "greentock_by_Peter_Nerlich",
             "life_by_Aitzol_Berasategi", "picosdeeuropa_by_Aitzol_Berasategi", "seeding_by_Clements_Engelhardt",
             "sunset_by_Aitzol_Berasategi"]
MATE_NATURE = ["Aqua", "Blinds", "Dune", "FreshFlower", "Garden", "GreenMeadow", "LadyBird", "RainDrops", "Storm",
               "TwoWings", "Wood", "YellowFlower"]

# Display sizes: (width, height, files, of which PNG).
SIZES = [(4000, 3000, 46, 2), (6000, 4000, 26, 0), (3000, 4000, 24, 0), (1920, 1080, 20, 6), (4032, 3024, 16, 0),
         (3024, 4032, 14, 0), (2560, 1440, 13, 5), (4000, 6000, 10, 0), (2048, 2048, 9, 3), (3000, 3000, 8, 0),
         (1080, 1920, 8, 2), (1080, 1080, 6, 2)]
# JPEGs stored turned, with an orientation tag: (display size, count).
ROTATED = [((4000, 6000), 6), ((3000, 4000), 18), ((3024, 4032), 10), ((6000, 4000), 3), ((4000, 3000), 3)]
AWKWARD = ["北京 天坛 001.jpg", "東京タワー.jpeg", "한국 서울.jpg", "Москва, Красная площадь.jpg", "Ελλάδα Σαντορίνη.jpg",
           "İstanbul Ayasofya.jpg", "Café de Flore.jpg", "Zürich – Bahnhofstraße.JPG", "family picnic 2023.jpg",
           "🌅 sunset.jpg", "Tom & Jerry's party #2.jpg"]
CAMERAS = [("SONY", "ILCE-6000"), ("OLYMPUS IMAGING CORP.", "E-M10"), ("Apple", "iPhone 12"), ("Google", "Pixel 7")]


def run(argv):
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def dimensions(path):
    def field(name):
        return int(subprocess.run(["vipsheader", "-f", name, path], capture_output=True, text=True, check=True).stdout)
    return field("width"), field("height")


def ensure_tools():
    missing = [pkg for tool, pkg in (("vips", "libvips-tools"), ("exiftool", "libimage-exiftool-perl"))
               if shutil.which(tool) is None]
    if missing:
        # A fresh machine has no package lists yet.
        run(["apt-get", "update", "-qq"])
        run(["apt-get", "install", "-y", "--no-install-recommends"] + missing)


def fetch_sources(cache):
    """Downloads and unpacks the packages into the cache; returns the sorted list of source photos."""
    os.makedirs(cache, exist_ok=True)
    root = os.path.join(cache, "root")
    if not os.path.isdir(root):
        for package in PACKAGES:
            if not any(name.startswith(package + "_") for name in os.listdir(cache)):
                subprocess.run(["apt-get", "download", package], cwd=cache, check=True)
        os.makedirs(root)
        for name in sorted(os.listdir(cache)):
            if name.endswith(".deb"):
                run(["dpkg-deb", "-x", os.path.join(cache, name), root])
    paths = [f"usr/share/backgrounds/{n}.jpg" for n in LOMIRI_16 + ["Kleiber_by_Lukas_Baubkus"]]
    paths += [f"usr/share/backgrounds/mate/nature/{n}.jpg" for n in MATE_NATURE]
    paths += [f"usr/share/wallpapers/{n}/contents/images/2560x1600.jpg" for n in PLASMA]
    sources = []
    for path in paths:
        full = os.path.join(root, path)
        if not os.path.exists(full):
            sys.exit(f"missing source {path}")
        width, height = dimensions(full)
        with open(full, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
        sources.append((path, full, width, height, digest))
    return sources


def plan(sources):
    """Every file's recipe, from one seeded PRNG."""
    rng = random.Random(SEED)
    slots = []
    for width, height, count, pngs in SIZES:
        for index in range(count):
            slots.append({"display": (width, height), "png": index < pngs})
    rotated = {size: count for size, count in ROTATED}
    for slot in slots:
        size = slot["display"]
        if not slot["png"] and rotated.get(size, 0) > 0:
            rotated[size] -= 1
            slot["orientation"] = 6 if rng.random() < 0.72 else 8
        else:
            slot["orientation"] = None
    rng.shuffle(slots)
    order = list(range(len(sources)))
    rng.shuffle(order)
    names = set()
    jpeg_index = 0
    for number, slot in enumerate(slots):
        slot["source"] = sources[order[number % len(order)]]
        slot["zoom"] = 1.0 + rng.random() * 0.35
        slot["offset"] = (rng.random(), rng.random())
        slot["noise_seed"] = rng.randrange(1, 1 << 30)
        slot["camera"] = CAMERAS[rng.randrange(len(CAMERAS))]
        slot["time"] = 1_600_000_000 + number * 3_600 + rng.randrange(3_600)
        slot["gps"] = (not slot["png"]) and rng.random() < 0.1
        slot["grey"] = False
        slot["progressive"] = False
        slot["tag_one"] = False
        if slot["png"]:
            slot["alpha"] = False
            stem = "scan_%03d.png" % number
        else:
            jpeg_index += 1
            slot["progressive"] = rng.random() < 0.06
            slot["tag_one"] = slot["orientation"] is None and rng.random() < 0.35
            if jpeg_index <= len(AWKWARD) and rng.random() < 0.5:
                stem = AWKWARD[jpeg_index - 1]
            else:
                stem = rng.choice(["DSC0%04d.JPG", "IMG_%04d.JPG", "IMG_%04d.jpeg", "PXL_2023%04d.jpg",
                                   "export_%03d.jpg"]) % number
        while stem in names:
            stem = "dup_" + stem
        names.add(stem)
        slot["name"] = stem
    jpegs = [s for s in slots if not s["png"] and s["orientation"] is None]
    for slot in jpegs[:3]:
        slot["grey"] = True
    pngs = [s for s in slots if s["png"]]
    for slot in pngs[:2]:
        slot["alpha"] = True
    return slots


def make(slot, album, scratch):
    """Runs one file's vips pipeline; returns its listing row."""
    _, full, sw, sh, _ = slot["source"]
    dw, dh = slot["display"]
    work = tempfile.mkdtemp(dir=scratch)
    try:
        scale = max(dw / sw, dh / sh) * slot["zoom"]
        run(["vips", "resize", full, f"{work}/a.v", "%.6f" % scale, "--kernel", "lanczos3"])
        aw, ah = dimensions(f"{work}/a.v")
        left = int((aw - dw) * slot["offset"][0])
        top = int((ah - dh) * slot["offset"][1])
        run(["vips", "extract_area", f"{work}/a.v", f"{work}/b.v", str(left), str(top), str(dw), str(dh)])
        run(["vips", "gaussnoise", f"{work}/n.v", str(dw), str(dh), "--sigma", "3", "--mean", "0",
             "--seed", str(slot["noise_seed"])])
        run(["vips", "add", f"{work}/b.v", f"{work}/n.v", f"{work}/c.v"])
        run(["vips", "cast", f"{work}/c.v", f"{work}/d.v", "uchar"])
        image = f"{work}/d.v"
        if slot["grey"]:
            run(["vips", "colourspace", image, f"{work}/g.v", "b-w"])
            image = f"{work}/g.v"
        if slot["orientation"] == 6:
            run(["vips", "rot", image, f"{work}/r.v", "d270"])
            image = f"{work}/r.v"
        elif slot["orientation"] == 8:
            run(["vips", "rot", image, f"{work}/r.v", "d90"])
            image = f"{work}/r.v"
        target = os.path.join(album, slot["name"])
        if slot["png"]:
            if slot.get("alpha"):
                run(["vips", "bandjoin_const", image, f"{work}/p.v", "255"])
                image = f"{work}/p.v"
            run(["vips", "pngsave", image, target, "--compression", "6", "--strip"])
        else:
            argv = ["vips", "jpegsave", image, target, "--Q", "90", "--subsample-mode", "on", "--strip"]
            if slot["progressive"]:
                argv.append("--interlace")
            run(argv)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return slot


def exif_arguments(slot, album):
    """exiftool arguments for one file (one -execute block)."""
    if slot["png"]:
        return []
    make_, model = slot["camera"]
    stamp = time.strftime("%Y:%m:%d %H:%M:%S", time.gmtime(slot["time"]))
    stored = slot["display"] if slot["orientation"] is None else (slot["display"][1], slot["display"][0])
    args = ["-overwrite_original", "-n", f"-Make={make_}", f"-Model={model}", f"-DateTimeOriginal={stamp}",
            f"-CreateDate={stamp}", "-ExposureTime=0.004", "-FNumber=4", "-ISO=200", "-FocalLength=35",
            f"-ExifImageWidth={stored[0]}", f"-ExifImageHeight={stored[1]}"]
    if slot["orientation"] is not None:
        args.append(f"-Orientation={slot['orientation']}")
    elif slot["tag_one"]:
        args.append("-Orientation=1")
    if slot["gps"]:
        args += ["-GPSLatitude=43.2627", "-GPSLatitudeRef=N", "-GPSLongitude=2.9253", "-GPSLongitudeRef=W"]
    return args + [os.path.join(album, slot["name"]), "-execute"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("album")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "cascade-album-sources"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    options = parser.parse_args()
    ensure_tools()
    sources = fetch_sources(options.cache)
    os.makedirs(options.album, exist_ok=True)
    scratch = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    slots = plan(sources)
    try:
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            for done, slot in enumerate(pool.map(lambda s: make(s, options.album, scratch), slots), 1):
                if done % 20 == 0:
                    print(f"{done}/{len(slots)}", file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    argfile = os.path.join(options.album, ".exiftool-args")
    with open(argfile, "w", encoding="utf-8") as handle:
        for slot in slots:
            for argument in exif_arguments(slot, options.album):
                handle.write(argument + "\n")
    run(["exiftool", "-q", "-@", argfile])
    os.remove(argfile)
    with open(os.path.join(options.album, "album.tsv"), "w", encoding="utf-8") as listing:
        listing.write("file\tformat\tdisplay\torientation\tbytes\tsource\n")
        for slot in slots:
            path = os.path.join(options.album, slot["name"])
            os.utime(path, (slot["time"], slot["time"]))
            listing.write("%s\t%s\t%dx%d\t%s\t%d\t%s\n" % (slot["name"], "PNG" if slot["png"] else "JPEG",
                          slot["display"][0], slot["display"][1], slot["orientation"] or 1,
                          os.path.getsize(path), slot["source"][0]))
    with open(os.path.join(options.album, "sources.tsv"), "w", encoding="utf-8") as listing:
        listing.write("source\twidth\theight\tsha256\n")
        for path, _, width, height, digest in sources:
            listing.write(f"{path}\t{width}\t{height}\t{digest}\n")
    print(options.album)


if __name__ == "__main__":
    main()
