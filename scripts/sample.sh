#!/usr/bin/env bash
# Sets up, builds Cascade in release mode and builds the sample gallery into _site.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --static-swift-stdlib --product cascade
"$(swift build -c release --show-bin-path)/cascade" build SampleAlbum --output _site
