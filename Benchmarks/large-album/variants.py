#!/usr/bin/env python3
"""Writes variants of a built album page for measure.py, by post-processing Cascade's output.

    python3 Benchmarks/large-album/variants.py SITE_DIR OUT_DIR [--bands 12,48] [--pages 200] [--only NAMES]

SITE_DIR is the output of `cascade build` with the default theme. Each variant is OUT_DIR/NAME/ holding
index.html, style.css and viewer.js, with `renditions` a symbolic link to SITE_DIR/renditions:

- base         the page as built (today's theme);
- tile-cv      `.tile { content-visibility: auto }` (tiles have explicit sizes, so a skipped tile keeps its box);
- tile-strict  the same plus `contain: strict` (size, layout, paint and style containment always on);
- bands-N      every N consecutive tiles (album order) wrapped in a `<div class="band">` with
               `content-visibility: auto`. A band is absolutely positioned; per column count k it gets
               --bsk/--bnk (the smallest --sk and --nk of its tiles: a lower bound of every tile's top,
               exact, affine in the column width) and --bhk/--bmk (the largest sk + r and nk, minus those:
               an upper bound of its height), and each tile's --sk/--nk become relative to its band. The
               band is outset by one gap on every side, so focus rings are not clipped by its paint
               containment, and has `pointer-events: none` (bands overlap: their tiles interleave).
               The band rules are the theme's (Templates/style.css.mustache) when SITE_DIR was built with a
               theme that has them; for an older theme the same rules are appended;
- page-P       the first P tiles only, with the grid height recomputed: the HTML one page of a pagination
               would carry (an estimate of pagination's bytes, nodes and load; no navigation is written);
- short3       ratios rounded to thousandths (the sums above each tile recomputed from the rounded ratios, so
               tiles still stack exactly; column assignment unchanged), to see what 6 → 3 decimals saves.

Everything is computed in integer millionths, as Cascade's Ratio does, and written as exact decimals.
Also prints how the page's bytes split between the tiles' attributes (style, sizes, srcset, data-large…).
Python standard library only.
"""
import argparse
import os
import re
import shutil
import sys

TILE = re.compile(r'^<a class="tile" [^\n]*</a>$', re.M)
STYLE = re.compile(r' style="([^"]*)"')
GRID = re.compile(r'<div class="grid" style="([^"]*)">')


def number(text):
    """Decimal text → integer millionths."""
    negative = text.startswith("-")
    whole, _, fraction = text.lstrip("-").partition(".")
    value = int(whole) * 1_000_000 + int((fraction + "000000")[:6] or 0)
    return -value if negative else value


def decimal(millionths):
    sign = "-" if millionths < 0 else ""
    whole, fraction = divmod(abs(millionths), 1_000_000)
    if fraction == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}." + f"{fraction:06d}".rstrip("0")


def parse_style(style):
    props = {}
    for part in style.split(";"):
        name, _, value = part.partition(":")
        props[name.strip()] = value.strip()
    return props


class Page:
    def __init__(self, html):
        self.html = html
        self.tiles = [m for m in TILE.finditer(html)]
        self.start = self.tiles[0].start()
        self.end = self.tiles[-1].end()
        first_style = parse_style(STYLE.search(self.tiles[0].group(0)).group(1))
        self.ks = sorted(int(name[3:]) for name in first_style if name.startswith("--c"))
        self.data = []
        for m in self.tiles:
            props = parse_style(STYLE.search(m.group(0)).group(1))
            tile = {"r": number(props["--r"])}
            for k in self.ks:
                tile[k] = (int(props[f"--c{k}"]), number(props[f"--s{k}"]), int(props[f"--n{k}"]))
            self.data.append(tile)

    def tile_html(self, index, style):
        return STYLE.sub(lambda _: f' style="{style}"', self.tiles[index].group(0), count=1)

    def grid_style(self, indices):
        """--hk: max over the non-empty columns of S·w + (count − 1)·gap, for the given tiles."""
        parts = []
        for k in self.ks:
            columns = {}
            for i in indices:
                c, s, n = self.data[i][k]
                bottom = s + self.data[i]["r"]
                best = columns.get(c)
                if best is None or n > best[1]:
                    columns[c] = (bottom, n)
            terms = [f"{decimal(b)} * var(--w) + {n} * var(--gap)" for c, (b, n) in sorted(columns.items())]
            parts.append(f"--h{k}:max({', '.join(terms)})" if terms else f"--h{k}:0px")
        return ";".join(parts)

    def with_grid(self, html, style):
        return GRID.sub(lambda _: f'<div class="grid" style="{style}">', html, count=1)


def tile_style(r, values):
    parts = [f"--r:{decimal(r)}"]
    for k, (c, s, n) in values:
        parts.append(f"--c{k}:{c};--s{k}:{decimal(s)};--n{k}:{n}")
    return ";".join(parts)


BAND_CSS = """
/* Bands: every few tiles share a box that the browser skips while it is off screen. */
.band {
  --bs: var(--bs1); --bn: var(--bn1); --bh: var(--bh1); --bm: var(--bm1);
  position: absolute;
  left: calc(-1 * var(--gap));
  right: calc(-1 * var(--gap));
  top: calc(var(--bs) * var(--w) + (var(--bn) - 1) * var(--gap));
  height: calc(var(--bh) * var(--w) + (var(--bm) + 2) * var(--gap));
  content-visibility: auto;
  pointer-events: none;
}
.band .tile {
  left: calc(var(--c) * (var(--w) + var(--gap)) + var(--gap));
  top: calc(var(--s) * var(--w) + (var(--n) + 1) * var(--gap));
  pointer-events: auto;
}
"""


def bands(page, size):
    out = []
    for first in range(0, len(page.data), size):
        members = range(first, min(first + size, len(page.data)))
        band_props = []
        rel = {i: [] for i in members}
        for k in page.ks:
            bs = min(page.data[i][k][1] for i in members)
            bn = min(page.data[i][k][2] for i in members)
            top_s = max(page.data[i][k][1] + page.data[i]["r"] for i in members)
            top_n = max(page.data[i][k][2] for i in members)
            band_props.append(f"--bs{k}:{decimal(bs)};--bn{k}:{bn};--bh{k}:{decimal(top_s - bs)};--bm{k}:{top_n - bn}")
            for i in members:
                c, s, n = page.data[i][k]
                rel[i].append((k, (c, s - bs, n - bn)))
        out.append(f'<div class="band" style="{";".join(band_props)}">')
        for i in members:
            out.append(page.tile_html(i, tile_style(page.data[i]["r"], rel[i])))
        out.append("</div>")
    return "\n".join(out)


def band_css(css, ks):
    if re.search(r"^\.band \{", css, re.M):
        return css  # the theme already positions bands (Templates/style.css.mustache)
    extra = BAND_CSS
    # one container rule per breakpoint, after the theme's, choosing the band's k
    for match in re.finditer(r"@container gallery \(min-width: ([0-9.]+)px\) \{\n  \.grid \{ --k: (\d+);", css):
        k = match.group(2)
        extra += (f"@container gallery (min-width: {match.group(1)}px) {{\n"
                  f"  .band {{ --bs: var(--bs{k}); --bn: var(--bn{k}); --bh: var(--bh{k}); --bm: var(--bm{k}); }}\n}}\n")
    return css + extra


def short3(page):
    rounded = [((t["r"] + 500) // 1000) * 1000 for t in page.data]
    above = {}
    for k in page.ks:
        columns = {}
        for i, t in enumerate(page.data):
            columns.setdefault(t[k][0], []).append(i)
        for c, members in columns.items():
            members.sort(key=lambda i: page.data[i][k][2])
            total = 0
            for i in members:
                above[(i, k)] = (c, total, page.data[i][k][2])
                total += rounded[i]
    tiles = [page.tile_html(i, tile_style(rounded[i], [(k, above[(i, k)]) for k in page.ks]))
             for i in range(len(page.data))]
    html = page.html[:page.start] + "\n".join(tiles) + page.html[page.end:]
    # the grid's heights from the rounded sums
    parts = []
    for k in page.ks:
        columns = {}
        for i in range(len(page.data)):
            c, s, n = above[(i, k)]
            if c not in columns or n > columns[c][1]:
                columns[c] = (s + rounded[i], n)
        terms = [f"{decimal(b)} * var(--w) + {n} * var(--gap)" for c, (b, n) in sorted(columns.items())]
        parts.append(f"--h{k}:max({', '.join(terms)})")
    return page.with_grid(html, ";".join(parts))


def byte_shares(html, page):
    tiles = "\n".join(m.group(0) for m in page.tiles)
    shares = {}
    for name, pattern in [("style", r' style="[^"]*"'), ("sizes", r' sizes="[^"]*"'), ("srcset", r' srcset="[^"]*"'),
                          ("data-large*", r' data-large[-a-z]*="[^"]*"'), ("src", r' src="[^"]*"'),
                          ("id+href", r' (?:id|href)="[^"]*"'), ("alt", r' alt="[^"]*"'),
                          ("width+height", r' (?:width|height)="[^"]*"'),
                          ("loading+decoding+fetchpriority", r' (?:loading|decoding|fetchpriority)="[^"]*"')]:
        shares[name] = sum(len(m.group(0)) for m in re.finditer(pattern, tiles))
    shares["tags+rest"] = len(tiles) - sum(shares.values())
    total = len(html.encode())
    print(f"variants: {len(page.tiles)} tiles, {total:,} bytes, tiles {len(tiles):,} "
          f"({len(tiles) / len(page.tiles):.0f} per tile)", file=sys.stderr)
    for name, n in shares.items():
        print(f"  {name:32} {n:>10,} B  {100 * n / total:5.1f} %  {n / len(page.tiles):6.1f} B/tile", file=sys.stderr)
    return shares


def write_variant(out, name, site, html, css):
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(html)
    with open(os.path.join(folder, "style.css"), "w") as f:
        f.write(css)
    shutil.copy(os.path.join(site, "viewer.js"), folder)
    link = os.path.join(folder, "renditions")
    if not os.path.lexists(link):
        os.symlink(os.path.abspath(os.path.join(site, "renditions")), link)


def main():
    parser = argparse.ArgumentParser(description="Write album-page variants for measure.py.")
    parser.add_argument("site")
    parser.add_argument("out")
    parser.add_argument("--bands", default="12,48")
    parser.add_argument("--pages", default="200")
    parser.add_argument("--only", help="comma-separated variant names (default: all)")
    args = parser.parse_args()
    with open(os.path.join(args.site, "index.html")) as f:
        html = f.read()
    with open(os.path.join(args.site, "style.css")) as f:
        css = f.read()
    page = Page(html)
    byte_shares(html, page)
    variants = {"base": (html, css),
                "tile-cv": (html, css + "\n.tile { content-visibility: auto; }\n"),
                "tile-strict": (html, css + "\n.tile { contain: strict; content-visibility: auto; }\n")}
    for size in [int(s) for s in args.bands.split(",") if s]:
        body = bands(page, size)
        variants[f"bands-{size}"] = (html[:page.start] + body + html[page.end:], band_css(css, page.ks))
    for count in [int(s) for s in args.pages.split(",") if s]:
        if count < len(page.tiles):
            body = "\n".join(m.group(0) for m in page.tiles[:count])
            cut = html[:page.start] + body + html[page.end:]
            variants[f"page-{count}"] = (page.with_grid(cut, page.grid_style(range(count))), css)
    variants["short3"] = (short3(page), css)
    only = set(args.only.split(",")) if args.only else None
    for name, (h, c) in variants.items():
        if only and name not in only:
            continue
        write_variant(args.out, name, args.site, h, c)
        print(f"variants: {name:12} {len(h.encode()):>10,} B", file=sys.stderr)


if __name__ == "__main__":
    main()
