#!/usr/bin/env python3
"""Draws `cascade layout` JSON (stdin) as an SVG (stdout): one numbered box per
item, numbered in input order so the placement order is visible.
Usage: cascade layout ... < items.txt | python3 render.py TITLE > picture.svg"""
import json
import sys

title = sys.argv[1] if len(sys.argv) > 1 else ""
layout = json.load(sys.stdin)
width = max([i["x"] + i["width"] for i in layout["items"]] + [0])
height = layout["contentHeight"]
scale = 0.5
band = 28
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale + band:g}" '
       f'viewBox="0 0 {width * scale:g} {height * scale + band:g}" font-family="sans-serif">',
       f'<rect width="100%" height="100%" fill="#fff"/>',
       f'<text x="4" y="19" font-size="15" fill="#222">{title}</text>']
for number, item in enumerate(layout["items"], start=1):
    x, y = item["x"] * scale, item["y"] * scale + band
    w, h = item["width"] * scale, item["height"] * scale
    hue = (number * 37) % 360
    out.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="3" '
               f'fill="hsl({hue},55%,78%)" stroke="hsl({hue},45%,40%)"/>')
    out.append(f'<text x="{x + w / 2:g}" y="{y + h / 2 + 6:g}" font-size="16" text-anchor="middle" '
               f'fill="#222">{number}</text>')
out.append('</svg>')
print("\n".join(out))
