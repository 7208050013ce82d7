#!/usr/bin/env bash
# Runs the tests that measure the process's peak memory (PNGMemoryTests), on
# their own: peak RSS is per process, so inside the parallel `swift test` run
# other tests would add to it. CI runs this after scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
CASCADE_MEMORY_TESTS=1 swift test --filter PNGMemoryTests "$@"
