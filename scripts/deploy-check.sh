#!/usr/bin/env bash
# Runs the README's deploy recipes ("Publishing the site") against stand-ins
# and checks what they leave: rsync to a local folder (as to a web server),
# and the AWS CLI against a local S3-compatible server (moto, from PyPI).
#
#   bash scripts/deploy-check.sh            (CASCADE=path/to/cascade to test another binary)
#
# Checked for both: Cascade's bookkeeping (.cascade-*) is never uploaded; a
# page rebuilt with the same size and the same time stamp (SOURCE_DATE_EPOCH
# fixes both) is still uploaded; a rendition no longer used is removed after
# the pages; and for S3, renditions carry `immutable` caching, everything else
# `no-cache`, with the right content types (AVIF, WebP included).
set -euo pipefail
cd "$(dirname "$0")/.."
cascade="${CASCADE:-$(swift build --product cascade >&2 && swift build --show-bin-path)/cascade}"
work="$(mktemp -d)"
server_pid=""
trap '[ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "deploy-check: FAILED: $*" >&2; exit 1; }

command -v rsync >/dev/null || { echo "deploy-check: installing rsync" >&2; apt-get install -y -qq rsync >/dev/null; }
tools="${DEPLOY_CHECK_VENV:-/tmp/cascade-deploy-check-venv}"
if [ ! -x "$tools/bin/moto_server" ] || [ ! -x "$tools/bin/aws" ]; then
    echo "deploy-check: installing awscli and moto[server] into $tools" >&2
    python3 -m venv "$tools"
    "$tools/bin/pip" install -q awscli 'moto[server]'
fi

# A site with AVIF and WebP renditions, built twice: the second time with one
# photo gone and one caption changed without changing the page's size.
export SOURCE_DATE_EPOCH=1700000000
cp -R SampleAlbum "$work/album"
chmod -R u+w "$work/album"
"$cascade" build "$work/album" --output "$work/site" --formats avif,webp,jpeg --quiet
# Pipes end in a command that reads all its input: with pipefail, `grep -q` or
# `head` closing early would fail the writer with SIGPIPE.
gone="$(cd "$work/album" && shopt -s nocaseglob && for f in *.jpg *.jpeg; do [ -f "$f" ] && echo "$f" && break; done)"
gone_hash="$(sha256sum "$work/album/$gone" | cut -c1-64)"
[ -n "$(compgen -G "$work/site/renditions/$gone_hash*")" ] || fail "no rendition named for $gone"

second_build() {
    rm "$work/album/$gone"
    "$cascade" build "$work/album" --output "$work/site" --formats avif,webp,jpeg --quiet
    # Same size, same time stamp, different bytes: a date- or size-based sync would skip it.
    python3 - "$work/site/index.html" <<'PY'
import sys, os
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
i = text.index("<title>") + len("<title>")
changed = text[:i] + ("X" if text[i] != "X" else "Y") + text[i + 1:]
stat = os.stat(path)
open(path, "w", encoding="utf-8").write(changed)
os.utime(path, (stat.st_atime, stat.st_mtime))
PY
}

# --- rsync, the README's three commands -------------------------------------
deploy_rsync() {
    local site="$1" dest="$2"
    rsync -r --ignore-existing "$site/renditions/" "$dest/renditions/"
    rsync -rlc --delete --exclude='.cascade-*' --exclude='/renditions/' "$site/" "$dest/"
    rsync -r --ignore-existing --delete "$site/renditions/" "$dest/renditions/"
}
mkdir -p "$work/www"
deploy_rsync "$work/site" "$work/www"
first_index="$(sha256sum < "$work/www/index.html")"
cp -R "$work/album" "$work/album-before"
second_build
deploy_rsync "$work/site" "$work/www"
[ -z "$(find "$work/www" -name '.cascade-*')" ] || fail "rsync uploaded bookkeeping files"
[ "$(sha256sum < "$work/www/index.html")" != "$first_index" ] || fail "rsync skipped a page changed at the same size and time"
cmp -s "$work/site/index.html" "$work/www/index.html" || fail "rsync left index.html different"
[ -z "$(compgen -G "$work/www/renditions/$gone_hash*")" ] || fail "rsync kept a rendition no page uses"
diff -r --exclude='.cascade-*' "$work/site" "$work/www" > /dev/null || fail "rsync copy differs from the site"
echo "deploy-check: rsync: ok" >&2

# --- S3 (moto server standing in for the bucket), the README's three commands --
rm -rf "$work/site" && mv "$work/album" "$work/album-after" && mv "$work/album-before" "$work/album"
"$cascade" build "$work/album" --output "$work/site" --formats avif,webp,jpeg --quiet
port=$((20000 + RANDOM % 20000))
"$tools/bin/moto_server" -p "$port" > "$work/moto.log" 2>&1 &
server_pid=$!
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_DEFAULT_REGION=us-east-1
aws=("$tools/bin/aws" --endpoint-url "http://127.0.0.1:$port")
for _ in $(seq 50); do "${aws[@]}" s3 ls > /dev/null 2>&1 && break; sleep 0.2; done
bucket=s3://photos
"${aws[@]}" s3 mb "$bucket" > /dev/null
deploy_s3() {
    local site="$1"
    "${aws[@]}" s3 sync "$site/renditions/" "$bucket/renditions/" --size-only --only-show-errors \
        --cache-control "public, max-age=31536000, immutable"
    "${aws[@]}" s3 cp "$site/" "$bucket/" --recursive --only-show-errors \
        --exclude 'renditions/*' --exclude '.cascade-*' --exclude '*/.cascade-*' --cache-control no-cache
    "${aws[@]}" s3 sync "$site/" "$bucket/" --delete --size-only --only-show-errors \
        --exclude '.cascade-*' --exclude '*/.cascade-*'
}
deploy_s3 "$work/site"
second_build
deploy_s3 "$work/site"
keys="$("${aws[@]}" s3api list-objects-v2 --bucket photos --output json \
    | python3 -c 'import json,sys; print("\n".join(o["Key"] for o in json.load(sys.stdin).get("Contents", [])))' | sort)"
local_files="$(cd "$work/site" && find . -type f ! -name '.cascade-*' | sed 's|^\./||' | sort)"
[ "$keys" = "$local_files" ] || fail "the bucket's keys differ from the site's files: $(diff <(echo "$keys") <(echo "$local_files") | head -5)"
"${aws[@]}" s3 cp "$bucket/index.html" "$work/index-from-s3.html" --only-show-errors
cmp -s "$work/site/index.html" "$work/index-from-s3.html" || fail "S3 kept the old index.html (same size and time)"
head_of() { "${aws[@]}" s3api head-object --bucket photos --key "$1"; }
field() { python3 -c 'import json,sys; print(json.load(sys.stdin).get(sys.argv[1], ""))' "$1"; }
avif="$(grep -m1 '^renditions/.*\.avif$' <<< "$keys")"
webp="$(grep -m1 '^renditions/.*\.webp$' <<< "$keys")"
jpeg="$(grep -m1 '^renditions/.*\.jpg$' <<< "$keys")"
for key in "$avif:image/avif" "$webp:image/webp" "$jpeg:image/jpeg"; do
    head="$(head_of "${key%%:*}")"
    [ "$(echo "$head" | field ContentType)" = "${key#*:}" ] || fail "${key%%:*} has type $(echo "$head" | field ContentType)"
    [ "$(echo "$head" | field CacheControl)" = "public, max-age=31536000, immutable" ] || fail "${key%%:*} is not immutable"
done
for key in index.html style.css viewer.js; do
    head="$(head_of "$key")"
    [ "$(echo "$head" | field CacheControl)" = "no-cache" ] || fail "$key is not no-cache"
done
[ "$(head_of index.html | field ContentType)" = "text/html" ] || fail "index.html is not text/html"
echo "deploy-check: S3: ok" >&2
