#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of the image header parsers.
#
# Usage: bash Fuzz/run.sh [SECONDS] [FAMILY...]
#   SECONDS  run time per target (default 600)
#   FAMILY   jpeg png heif tiff webp jxl mp4 matroska avi ogg other iptc xmp (default: all);
#            decode-webp-gif-tiff (the WebP, GIF and TIFF pixel decoders) only when named
# Env: FUZZ_SCRATCH  SwiftPM scratch path for the instrumented build (default .build-fuzz)
#      FUZZ_WORK     corpora, logs and crash artifacts (default .fuzz; not committed)
#      FUZZ_JOBS     targets run at the same time (default 1)
#      SHARED        the shared folder with corpus/ (default ../shared; optional)
# Seeds: the test fixtures of each family (and the shared corpus when present).
# A crash leaves crash-<sha1> in $FUZZ_WORK/artifacts-FAMILY/ and makes the
# script exit 1; copy it to Fuzz/regressions/FAMILY/ so `swift test` replays it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600}
shift || true
families=("$@")
[ ${#families[@]} -gt 0 ] || families=(jpeg png heif tiff webp jxl mp4 matroska avi ogg other iptc xmp)
scratch=${FUZZ_SCRATCH:-$repo/.build-fuzz}
work=${FUZZ_WORK:-$repo/.fuzz}
jobs=${FUZZ_JOBS:-1}
shared=${SHARED:-$repo/../shared}
export SWIFT_BACKTRACE=enable=no       # let libFuzzer, not Swift's backtracer, see the trap
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=64}

patterns() {
    case $1 in
        jpeg) echo '\.(jpe?g)$' ;;
        png) echo '\.png$' ;;
        heif) echo '\.(heic|heif|avif|avifs)$' ;;
        tiff) echo '\.(tiff?|exif)$' ;;
        webp) echo '\.webp$' ;;
        jxl) echo '\.(jxl|stream)$' ;;
        mp4) echo '\.(mp4|mov|m4v|3gp)$' ;;
        matroska) echo '\.(webm|mkv)$' ;;
        avi) echo '\.avi$' ;;
        ogg) echo '\.(ogv|ogg)$' ;;
        other) echo '\.(gif|bmp|ico|cur|tga|TGA|psd|qoi|dds|jp2|j2k|pbm|pgm|ppm|pam|pfm|svg)$|fuzz_crashes' ;;
        iptc) echo '\.iim$' ;;
        xmp) echo '\.xmp$' ;;
        decode-webp-gif-tiff) echo '\.(webp|gif|tiff?)$' ;;
        decode-jpeg) echo '\.(jpe?g)$' ;;
    esac
}

mkdir -p "$work"
for family in "${families[@]}"; do
    echo "== building fuzz-$family"
    (cd "$repo" && swift build -c release --product "fuzz-$family" --scratch-path "$scratch" \
        --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address >/dev/null)
    corpus="$work/corpus-$family"
    mkdir -p "$corpus" "$work/artifacts-$family"
    for root in "$repo/Tests/ImageHeadersTests/Fixtures" "$repo/Tests/XMPTests/Fixtures" "$repo/Fuzz/seeds" \
        "$repo/Tests/ThumbnailsTests/Fixtures/formats" "$shared/corpus"; do
        [ -d "$root" ] || continue
        find "$root" -type f -size -256k | { grep -E "$(patterns "$family")" || true; } | while read -r file; do
            cp "$file" "$corpus/seed-$(sha1sum "$file" | cut -c1-16)"
        done
    done
    [ -d "$repo/Fuzz/regressions/$family" ] && cp "$repo/Fuzz/regressions/$family"/* "$corpus/" 2>/dev/null || true
done

run() {
    local family=$1
    "$scratch/release/fuzz-$family" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=5 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts-$family/" "$work/corpus-$family" \
        >"$work/fuzz-$family.log" 2>&1 || true
    local executions
    executions=$(grep -E '^stat::number_of_executed_units' "$work/fuzz-$family.log" | awk '{print $2}')
    echo "fuzz-$family: ${executions:-?} executions in ${seconds}s, $(ls "$work/artifacts-$family" | wc -l) crash artifacts"
}

status=0
for ((i = 0; i < ${#families[@]}; i += jobs)); do
    for family in "${families[@]:i:jobs}"; do run "$family" & done
    wait
done
for family in "${families[@]}"; do
    if [ -n "$(ls "$work/artifacts-$family")" ]; then status=1; fi
done
exit $status
