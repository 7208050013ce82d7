#!/usr/bin/env bash
# Installs Cascade's Debian package into a fresh Debian root and uses it there:
# the package's declared dependencies must be enough, the binary must find its
# theme under /usr/share/cascade, and the sample album must build.
#
#   bash scripts/test-deb.sh    # as root [PACKAGE.deb]
#
# Without an argument the package is built first (scripts/package-deb.sh).
# Needs root and a Debian mirror (the host's, else deb.debian.org); installs
# debootstrap, lintian and dpkg-dev when they are missing.
# Then runs lintian on the package; tags it reports must each be explained in
# scripts/lintian-explained.txt, else the test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "test-deb: needs root (debootstrap and chroot); run it as root" >&2; exit 2; }
missing=()
for package in debootstrap lintian dpkg-dev; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "test-deb: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi
deb="${1:-$(bash scripts/package-deb.sh)}"

suite="$(. /etc/os-release && echo "$VERSION_CODENAME")"
mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | sed -n 1p)"
mirror="${mirror:-http://deb.debian.org/debian}"
root="$(mktemp -d /tmp/cascade-deb-root.XXXXXX)"
trap 'rm -rf "$root"' EXIT

echo "test-deb: a fresh $suite root from $mirror" >&2
debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$root.debootstrap.log" 2>&1 \
    || { tail -20 "$root.debootstrap.log" >&2; exit 1; }
rm -f "$root.debootstrap.log"
cp "$deb" "$root/tmp/cascade.deb"
cp -R SampleAlbum "$root/tmp/SampleAlbum"
# A HEIC, an AVIF and a JPEG XL: libheif and libjxl are opened at first use, not linked, so
# only decoding one proves the package declares them and the binary finds them.
mkdir -p "$root/tmp/codecs"
cp Tests/ThumbnailsTests/Fixtures/heif-jxl/{irot90.heic,plain.avif,orientation6.jxl} "$root/tmp/codecs/"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# In a mount namespace of its own, so /proc (Foundation finds the running
# binary through /proc/self/exe) is unmounted however this ends.
unshare --mount --fork bash -euo pipefail -c '
    root="$1"
    mount -t proc proc "$root/proc"
    in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }
    in_root apt-get -o APT::Sandbox::User=root update -qq
    # Recommends (ffmpeg) left out: the sample album has no videos.
    in_root apt-get -o APT::Sandbox::User=root -o Dpkg::Use-Pty=0 install -y -qq --no-install-recommends /tmp/cascade.deb \
        > "$root/tmp/apt.log" 2>&1 || { cat "$root/tmp/apt.log" >&2; exit 1; }
    in_root cascade --version
    in_root test -x /usr/bin/cascade
    in_root test -f /usr/share/cascade/Templates/page.mustache
    in_root test -s /usr/share/man/man1/cascade.1.gz
    in_root test -s /usr/share/bash-completion/completions/cascade
    in_root test -s /usr/share/zsh/vendor-completions/_cascade
    in_root test -s /usr/share/fish/vendor_completions.d/cascade.fish
    # Built from /tmp, where no Templates folder is: the installed theme is used.
    in_root sh -c "cd /tmp && SOURCE_DATE_EPOCH=1700000000 cascade build SampleAlbum --output site --strict --quiet"
    in_root test -s /tmp/site/index.html
    in_root sh -c "ls /tmp/site/renditions | grep -c \"\\.jpg\$\" > /dev/null"
    in_root cascade check /tmp/site
    in_root sh -c "cd /tmp && cascade build codecs --output codecs-site --strict --quiet"
    test "$(ls "$root/tmp/codecs-site/renditions" | grep -c "\.jpg\$")" -ge 3
    in_root cascade audit /tmp/site
    in_root dpkg --purge cascade > /dev/null
    in_root test ! -e /usr/bin/cascade
    in_root test ! -e /usr/share/cascade
' bash "$root"
echo "test-deb: installed in a fresh root, built the sample album with /usr/bin/cascade, purged" >&2

# lintian: every tag must be explained; an unexplained one fails the test.
tags="$(lintian --no-tag-display-limit --display-info "$deb" 2>&1 | awk '/^[EWI]: /{print $1, $3}' | sort -u || true)"
unexplained=""
while read -r level tag; do
    [ -n "$tag" ] || continue
    grep -q "^$tag:" scripts/lintian-explained.txt || unexplained+="$level $tag"$'\n'
done <<< "$tags"
if [ -n "$unexplained" ]; then
    echo "test-deb: lintian tags not explained in scripts/lintian-explained.txt:" >&2
    printf '%s' "$unexplained" >&2
    lintian --no-tag-display-limit --display-info "$deb" >&2 || true
    exit 1
fi
echo "test-deb: lintian: $(printf '%s\n' "$tags" | grep -c . || true) tag(s), each explained in scripts/lintian-explained.txt" >&2
