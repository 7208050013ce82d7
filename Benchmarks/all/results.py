#!/usr/bin/env python3
"""The README's performance table, made from measured figures.

    python3 Benchmarks/all/results.py update FIGURES_DIR [--readme README.md] [--print-only]
    python3 Benchmarks/all/results.py table

Each benchmark script, run by Benchmarks/all/run.sh with RESULT_JSON set,
writes its figures (plain numbers, seconds or milliseconds as named) to
FIGURES_DIR/NAME.json. `update` turns each into its table row, keeps the rows
of benchmarks this run did not make (with the date they were measured), saves
them in Benchmarks/all/results.json and rewrites the table between the
`<!-- benchmarks:start -->` and `<!-- benchmarks:end -->` lines of the README.
Standard library only.
"""
import datetime
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STORE = os.path.join(HERE, "results.json")
START, END = "<!-- benchmarks:start -->", "<!-- benchmarks:end -->"


def mean_sd(result, unit="s"):
    mean, sd = result["mean"], result.get("stddev") or 0.0
    if unit == "ms":
        return f"{mean * 1000:.1f} ms ± {sd * 1000:.1f}"
    return f"{mean:.2f} s ± {sd:.2f}"


def faster(peer, ours):
    """'1.36× faster' when ours is quicker, '1.24× the peer's time' otherwise."""
    if ours <= 0 or peer <= 0:
        return "—"
    return f"**{peer / ours:.2f}× faster**" if ours < peer else f"**{ours / peer:.2f}×** the time"


def scan(f):
    c, b, p = f["cascade"], f["read4k"], f["imagesize"]
    return [{
        "id": "scan",
        "what": f"header scan of {f['files']:,} files, warm cache, both cores",
        "cascade": mean_sd(c, "ms"),
        "peer": f"C program that opens each file, reads 4 KiB, closes: {mean_sd(b, 'ms')}; "
                f"Python `imagesize`: {mean_sd(p, 'ms')}",
        "ratio": f"**{c['mean'] / b['mean']:.2f}×** the C program; **{p['mean'] / c['mean']:.1f}× faster** than imagesize",
        "how": "`bash Benchmarks/scan/run.sh` (hyperfine)",
    }]


def renditions(f, name):
    c, v, m = f["cascade"], f["vips"], f["convert"]
    label = "400 px" if f["widths"] == "400" else f"widths {f['widths'].replace(',', ', ')}"
    return [{
        "id": name,
        "what": f"renditions of the {f['images']}-photo album, {label}",
        "cascade": mean_sd(c),
        "peer": f"vipsthumbnail, one process per core: {mean_sd(v)}; ImageMagick `convert -thumbnail`: {mean_sd(m)}",
        "ratio": f"{faster(v['mean'], c['mean'])} than vipsthumbnail; {faster(m['mean'], c['mean'])} than convert",
        "how": f"`bash Benchmarks/renditions/speed.sh ALBUM {f['widths']} 80`",
    }]


def build(f):
    rows = []
    if "cold" in f:
        c, s = f["cold"], f["sigal"]
        rows.append({
            "id": "build-cold",
            "what": f"full cold `cascade build` of the {f['images']}-photo album",
            "cascade": mean_sd(c), "peer": f"`sigal build` with its default settings: {mean_sd(s)}",
            "ratio": f"{faster(s['mean'], c['mean'])} than sigal",
            "how": "`bash Benchmarks/build/run.sh ALBUM`",
        })
    r = f["rebuild"]
    rows.append({
        "id": "build-nochange",
        "what": f"no-change rebuild of the {f['images']}-photo album",
        "cascade": mean_sd(r, "ms"), "peer": "—", "ratio": "target 70 ms: " + ("**met**" if r["mean"] <= 0.070 else "**not met**"),
        "how": "`bash Benchmarks/build/run.sh ALBUM`",
    })
    return rows


def floor(f):
    ratio = ""
    if f.get("cold"):
        ratio = f"the cold build takes **{f['cold'] / f['total']:.2f}×** this floor (same run)"
    return [{
        "id": "build-floor",
        "what": "libjpeg-turbo floor of that build (its own `djpeg`/`cjpeg`, one per core)",
        "cascade": f"decode {f['decode']:.2f} s + encode of all renditions {f['encode']:.2f} s = {f['total']:.2f} s",
        "peer": "—", "ratio": ratio or "—",
        "how": "`bash Benchmarks/build/floor.sh ALBUM SITE`",
    }]


def layout(f):
    return [{
        "id": "layout",
        "what": "layout, `shortest`, 1,000,000 items, single thread",
        "cascade": f"{float(f['shortest_items_per_ms']):,.0f} items/ms (k = 6); {float(f['shortest_k2_items_per_ms']):,.0f} (k = 2)",
        "peer": "target 200,000", "ratio": "met" if float(f["shortest_items_per_ms"]) >= 200_000 else "not met",
        "how": "`swift run -c release layout-benchmark`",
    }, {
        "id": "rect-query",
        "what": "rect query, 1,000,000 items",
        "cascade": f"p50 {float(f['rect_query_p50_us']):.2f} µs, p99 {float(f['rect_query_p99_us']):.2f} µs",
        "peer": "target p99 2 µs", "ratio": "met" if float(f["rect_query_p99_us"]) <= 2 else "not met",
        "how": "same",
    }, {
        "id": "coefficients",
        "what": "100,000 photos × 6 column counts with coefficients",
        "cascade": f"{float(f['responsive_100k_ms']):.1f} ms", "peer": "target 50 ms",
        "ratio": "met" if float(f["responsive_100k_ms"]) <= 50 else "not met", "how": "same",
    }]


def template(f):
    return [{
        "id": "template",
        "what": "album page of 1,000 tiles",
        "cascade": f"render {float(f['render_page_1000_tiles_ms']):.1f} ms; markup check {float(f['markup_check_page_ms']):.1f} ms; "
                   f"model (layout for six column counts + data) {float(f['model_1000_ms']):.1f} ms",
        "peer": "—", "ratio": "—", "how": "`swift run -c release template-benchmark`",
    }]


def quality(f):
    cells = "; ".join(f"{w} px: {d['psnr']:+.2f} dB, {d['bytes']:+.1f} % bytes" for w, d in sorted(f["widths"].items(), key=lambda x: int(x[0])))
    return [{
        "id": "quality",
        "what": f"rendition quality, JPEG Q{f['quality']}, {f['images']} photos, the build's widths",
        "cascade": cells, "peer": f"vipsthumbnail Q{f['vips_quality']}",
        "ratio": "within 0.3 dB, no more bytes: **pass**" if f["pass"] else "**fail**",
        "how": "`python3 Benchmarks/renditions/quality.py ALBUM --widths … --quality 80 --spaces srgb`",
    }]


def generic(f):
    """A benchmark that writes its rows itself (`{"rows": [...]}`)."""
    return f["rows"]


FORMATTERS = {
    "scan": scan, "renditions-400": lambda f: renditions(f, "renditions-400"),
    "renditions-ladder": lambda f: renditions(f, "renditions-ladder"), "build": build, "floor": floor,
    "layout": layout, "template": template, "quality": quality,
}
ORDER = ["scan", "renditions-400", "renditions-ladder", "quality", "build-cold", "build-floor", "build-nochange",
         "layout", "rect-query", "coefficients", "template", "scale-cold", "scale-one-album", "scale-100-albums",
         "serve", "scan-iptc", "page-5000"]


def load_store():
    if os.path.exists(STORE):
        with open(STORE) as handle:
            return json.load(handle)
    return {"rows": {}}


def table(store):
    ids = [i for i in ORDER if i in store["rows"]] + sorted(i for i in store["rows"] if i not in ORDER)
    lines = ["| what | Cascade | peer | ratio | how | measured |", "|---|---|---|---|---|---|"]
    for i in ids:
        r = store["rows"][i]
        lines.append("| " + " | ".join(r.get(k, "—").replace("|", "\\|").replace("\n", " ")
                                       for k in ("what", "cascade", "peer", "ratio", "how", "measured")) + " |")
    return "\n".join(lines)


def rewrite(readme, text):
    with open(readme) as handle:
        content = handle.read()
    if START not in content or END not in content:
        sys.exit(f"results: {readme} has no {START} … {END} section")
    before, rest = content.split(START, 1)
    _, after = rest.split(END, 1)
    with open(readme + ".tmp", "w") as handle:
        handle.write(before + START + "\n" + text + "\n" + END + after)
    os.replace(readme + ".tmp", readme)


def main(argv):
    if len(argv) >= 2 and argv[1] == "table":
        print(table(load_store()))
        return
    if len(argv) < 3 or argv[1] != "update":
        sys.exit(__doc__)
    folder = argv[2]
    readme = os.path.join(HERE, "..", "..", "README.md")
    if "--readme" in argv:
        readme = argv[argv.index("--readme") + 1]
    store = load_store()
    today = datetime.date.today().isoformat()
    made = []
    measured = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name)) as handle:
                measured[name[:-5]] = json.load(handle)
    # The floor is compared with the cold build of the same run.
    if "floor" in measured and "cold" in measured.get("build", {}):
        measured["floor"]["cold"] = measured["build"]["cold"]["mean"]
    failed = []
    for key, figures in sorted(measured.items()):
        try:
            rows = FORMATTERS.get(key, generic)(figures)
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as error:
            print(f"results: {key}: figures not understood ({error!r}); its rows are left as they were", file=sys.stderr)
            failed.append(key)
            continue
        for row in rows:
            row["measured"] = figures.get("measured", today)
            store["rows"][row["id"]] = row
            made.append(row["id"])
    text = table(store)
    if "--print-only" in argv:
        print(text)
        return
    with open(STORE + ".tmp", "w") as handle:
        json.dump(store, handle, indent=1, ensure_ascii=False, sort_keys=True)
        handle.write("\n")
    os.replace(STORE + ".tmp", STORE)
    rewrite(readme, text)
    print(f"results: {len(made)} rows measured ({', '.join(made)}); README table rewritten", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
