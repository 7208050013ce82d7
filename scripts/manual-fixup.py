#!/usr/bin/env python3
"""Tidies the mdoc page swift-argument-parser's generate-manual writes for Cascade.

The build options are declared once, in Cascade's option table, and reach
argument-parser as pre-formatted help text (a command's discussion). mdoc would
reflow those aligned columns, so each run of lines indented by two or more
spaces becomes a literal display (.Bd -literal ... .Ed). Blank lines, which
mdoc warns about, become paragraph breaks, and non-ASCII dashes become roff
escapes so the page reads the same in any locale. The NAME line drops the
abstract's leading "Cascade —" (generate-manual loses the dash, and man pages
say `cascade \(em what it is`).

Reads the page on stdin, writes it on stdout.
"""
import sys

ESCAPES = {"\u2014": "\\(em", "\u2013": "\\(en", "\u2019": "\\(aq", "\u2026": "..."}


def fixed(lines):
    out, literal = [], False
    for line in lines:
        for char, escape in ESCAPES.items():
            line = line.replace(char, escape)
        if line.startswith(".Nd "):
            line = ".Nd " + line[4:].strip('"').removeprefix("Cascade").lstrip(" \u2014-").rstrip(".")
        indented = line.startswith("  ") and not line.startswith(".")
        if indented and not literal:
            out.append(".Bd -literal -offset indent")
            literal = True
        elif not indented and literal:
            out.append(".Ed")
            literal = False
        if not line.strip():
            if not literal and out and out[-1] != ".Pp":
                out.append(".Pp")
            continue
        # A line starting with a dot or quote would be read as a request.
        if literal and line.lstrip().startswith((".", "'")):
            line = "\\&" + line
        out.append(line)
    if literal:
        out.append(".Ed")
    return out


if __name__ == "__main__":
    sys.stdout.write("\n".join(fixed(sys.stdin.read().split("\n"))))
