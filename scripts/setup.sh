#!/usr/bin/env bash
# Installs the Debian C libraries Cascade links against, and ffmpeg (videos:
# posters, remuxing and transcoding, run as a subprocess), if they are missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

# pkg-config: Package.swift finds the libraries' flags through it.
packages=(pkg-config libxml2-dev libjpeg-dev libpng-dev libheif-dev libjxl-dev libwebp-dev libgif-dev libtiff-dev liblcms2-dev libssl-dev ffmpeg)
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
