#!/usr/bin/env bash
# Issue 28's confinement checks, run against the release binary as a user
# or an attacker would: a link or a bind mount planted in the output folder
# (three builds each, the album's checksums compared before and after),
# a folder of the user's own files as --output, '~' as --output, and what
# `cascade serve` answers after a refused build. Prints one line a check and
# exits non-zero if any fails. Usage: bash Benchmarks/confinement/check.sh
# (CASCADE=path/to/cascade to check another binary).
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${CASCADE:-}" ]; then
    swift build -c release --product cascade >/dev/null 2>&1 || { echo "release build failed" >&2; exit 1; }
    CASCADE="$PWD/.build/release/cascade"
fi
work=$(mktemp -d)
trap 'umount "$work/out/renditions" 2>/dev/null; kill $server 2>/dev/null; rm -rf "$work"' EXIT
server=
cp -r SampleAlbum "$work/album"
cd "$work"
failures=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi; }
sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum); }

"$CASCADE" build album --output out -q
before=$(sums album)
for planted in "renditions:../album" "Space:../album" "Small things/Kitchen:../../elsewhere"; do
    place=${planted%%:*} target=${planted#*:}
    mkdir -p elsewhere
    rm -rf "out/$place" && ln -s "$target" "out/$place"
    refused=0
    for _ in 1 2 3; do
        "$CASCADE" build album --output out -q 2>err.txt && refused=1
        grep -q "is a symbolic link inside the output folder" err.txt || refused=1
    done
    check "link out/$place -> $target refused by three builds" '[ $refused -eq 0 ]'
    check "album byte-identical after them" '[ "$(sums album)" = "$before" ] && [ -z "$(ls -A elsewhere)" ]'
    rm "out/$place"
done
"$CASCADE" build album --output out -q
if mkdir -p mnt && mount --bind album mnt 2>/dev/null; then
    umount mnt
    rm -rf out/renditions && mkdir out/renditions && mount --bind album out/renditions
    refused=0
    for _ in 1 2 3; do
        "$CASCADE" build album --output out -q 2>err.txt && refused=1
        grep -q "is a mount point inside the output folder" err.txt || refused=1
    done
    umount out/renditions
    check "bind mount at out/renditions refused by three builds" '[ $refused -eq 0 ]'
    check "album byte-identical after them" '[ "$(sums album)" = "$before" ]'
else
    echo "skip bind mount (no mount rights)"
fi
mkdir -p home/Documents && echo mine > home/Documents/report.txt
"$CASCADE" build album --output home -q 2>err.txt; status=$?
check "a folder of the user's files refused with exit 2" '[ $status -eq 2 ] && [ "$(ls -A home)" = Documents ]'
HOME="$work/home" "$CASCADE" build album --output '~' -q
check "--output '~' writes ./~, not the home folder" '[ -f "./~/index.html" ] && [ "$(ls -A home)" = Documents ]'
mkdir -p root/etc && echo "root:x:0:0" > root/etc/passwd && cp -r album root/album
"$CASCADE" serve root/album --output root --port 0 > url.txt 2>/dev/null &
server=$!
for _ in $(seq 1 100); do [ -s url.txt ] && break; sleep 0.1; done
url=$(head -1 url.txt)
body=$(curl -s --path-as-is "${url}etc/passwd"; curl -s "${url}album/index.html")
check "serve after a refused build answers no byte of the folder" '[ -n "$url" ] && ! grep -q "root:x" <<<"$body" && ! grep -q "<figure" <<<"$body"'
kill $server 2>/dev/null; wait $server 2>/dev/null; server=
echo "$failures failed"
[ $failures -eq 0 ]
