#!/usr/bin/env bash
# Installs the Debian C libraries Cascade links against, and ffmpeg (videos:
# posters, remuxing and transcoding, run as a subprocess), if they are missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

# pkg-config: Package.swift finds the libraries' flags through it. FreeType, HarfBuzz,
# fontconfig and DejaVu Sans (the default font): watermarks drawn on renditions.
packages=(pkg-config libxml2-dev libjpeg-dev libpng-dev libheif-dev libjxl-dev libwebp-dev libgif-dev libtiff-dev liblcms2-dev libssl-dev libcmark-dev libraw-dev libzip-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core ffmpeg)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: the Swift toolchain is not on PATH (https://swift.org/install)" >&2; exit 1; }

# Swift packages: these build machines cannot reach GitHub, so when a bare git
# mirror of swift-argument-parser sits beside the clone (../shared/mirrors),
# SwiftPM is told to fetch it from there (.swiftpm/configuration/mirrors.json,
# kept out of git). Anywhere else it is fetched from its public URL.
mirror=../shared/mirrors/swift-argument-parser.git
if [ -d "$mirror" ]; then
    swift package config set-mirror --original https://github.com/apple/swift-argument-parser.git \
        --mirror "$(cd "$mirror" && pwd)"
fi
