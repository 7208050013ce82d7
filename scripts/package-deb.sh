#!/usr/bin/env bash
# Builds a Debian package of Cascade: cascade_VERSION_ARCH.deb in OUTDIR
# (default: .build/deb).
#
#   bash scripts/package-deb.sh [OUTDIR]
#
# What it holds:
#   /usr/bin/cascade                      the release binary, Swift's runtime linked in
#                                         (--static-swift-stdlib); the C libraries stay
#                                         Debian's, declared in Depends by dpkg-shlibdeps
#   /usr/share/cascade/Templates          the theme (the binary finds it from ../share/cascade)
#   /usr/share/man/man1/cascade.1.gz      from swift-argument-parser's generate-manual
#   bash, zsh and fish completions        from `cascade --generate-completion-script`
#   /usr/share/doc/cascade/               copyright and changelog
# ffmpeg is a Recommends: without it videos and animations are left out with a warning.
#
# Needs dpkg-dev (dpkg-shlibdeps) and python3 beside the Swift toolchain.
#
# Byte-reproducible given the same toolchain and SOURCE_DATE_EPOCH (default: the
# last commit's time): files are owned by root, dated SOURCE_DATE_EPOCH, gzip -n.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/deb}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# The maintainer: DEBFULLNAME and DEBEMAIL as Debian's tools read them, else the last commit's author.
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an)} <${DEBEMAIL:-$(git log -1 --format=%ae)}>"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

# Linked as Debian hardens its packages: immediate binding with a read-only
# relocation table. (_FORTIFY_SOURCE is not set: with it the header-only shims'
# Clang modules disagree with Glibc's about glibc's fortified inline functions,
# "'realpath' has different definitions in different modules"; see
# scripts/lintian-explained.txt.)
flags=(-c release --product cascade --static-swift-stdlib
       -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
echo "package-deb: building the release binary" >&2
swift build "${flags[@]}" >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/cascade"
version="$("$binary" --version | awk '{print $2}')"
arch="$(dpkg --print-architecture)"

# The man page generator is a tool of swift-argument-parser (already a dependency):
# built from its checkout into a scratch folder of its own.
echo "package-deb: building generate-manual" >&2
swift package resolve >&2
manual_tool_build=.build/tools/argument-parser
swift build -c release --package-path .build/checkouts/swift-argument-parser \
    --scratch-path "$manual_tool_build" --product generate-manual >&2
manual_tool="$manual_tool_build/release/generate-manual"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/cascade" "$root/usr/share/man/man1" \
    "$root/usr/share/doc/cascade" "$root/usr/share/bash-completion/completions" \
    "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d"

install -m 0755 "$binary" "$root/usr/bin/cascade"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/cascade"
cp -R Templates "$root/usr/share/cascade/Templates"

# generate-manual writes the option table (which argument-parser sees as text)
# as running text; scripts/manual-fixup.py sets it as a literal display.
date_ymd="$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)"
"$manual_tool" "$binary" --date "$date_ymd" --output-directory "$stage" >&2
python3 scripts/manual-fixup.py < "$stage/cascade.1" > "$stage/cascade.fixed.1"
gzip -9n < "$stage/cascade.fixed.1" > "$root/usr/share/man/man1/cascade.1.gz"

# bash sources its completions: the generated script's #! line is dropped.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/cascade"
"$binary" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_cascade"
"$binary" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/cascade.fish"

first_year="$(git log --reverse --format=%ad --date=format:%Y 2>/dev/null | sed -n 1p)"
last_year="$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y)"
years="${first_year:-$last_year}"; [ "$years" = "$last_year" ] || years="$years-$last_year"
cat > "$root/usr/share/doc/cascade/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: cascade

Files: *
Copyright: $years the Cascade developers
License: none-chosen
 The Cascade developers have not yet chosen a licence for the program.
 The theme in /usr/share/cascade/Templates is part of the program.
EOF
changelog_date="$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
printf 'cascade (%s) unstable; urgency=medium\n\n  * Package built from commit %s.\n\n -- %s  %s\n' \
    "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$maintainer" "$changelog_date" \
    | gzip -9n > "$root/usr/share/doc/cascade/changelog.gz"

# Runtime libraries, as dpkg-shlibdeps finds them from the binary's NEEDED entries.
shlib="$stage/shlib"
mkdir -p "$shlib/debian"
printf 'Source: cascade\n\nPackage: cascade\nArchitecture: any\n' > "$shlib/debian/control"
depends="$(cd "$shlib" && dpkg-shlibdeps -O "$root/usr/bin/cascade" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "package-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# libheif and libjxl are opened at first use (Sources/CThumbnails/cth_codec_loader.c), so they
# are in no NEEDED entry: the sonames the binary names, and the packages that hold them here.
for soname in $(grep -aoE 'lib(heif|jxl)\.so\.[0-9]+(\.[0-9]+)?' "$root/usr/bin/cascade" | sort -u); do
    package="$(dpkg -S "/usr/lib/*/$soname" 2>/dev/null | head -n 1 | cut -d: -f1)"
    [ -n "$package" ] || { echo "package-deb: no installed package holds $soname" >&2; exit 1; }
    depends="$depends, $package (>= $(dpkg-query -W -f='${source:Upstream-Version}' "$package"))"
done

installed_kb="$(du -sk --exclude=DEBIAN "$root" | awk '{print $1}')"
cat > "$root/DEBIAN/control" <<EOF
Package: cascade
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_kb
Depends: $depends
Recommends: ffmpeg, fonts-dejavu-core
Section: graphics
Priority: optional
Description: static photo-gallery generator with a build-time waterfall layout
 Cascade reads a folder of photos and videos (JPEG, HEIC, AVIF, JPEG XL, PNG,
 WebP, GIF, TIFF and more, read from their headers) and writes a finished
 website: every tile placed at build time, so nothing moves while images load
 and no script lays the page out. It makes sized renditions, strips private
 metadata, checks every page with libxml2 and rebuilds incrementally.
EOF

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
find "$root" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +
chmod -R u=rwX,go=rX "$root"
chmod 0755 "$root/usr/bin/cascade"
deb="$out/cascade_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "$deb"
