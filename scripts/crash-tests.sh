#!/usr/bin/env bash
# Runs the crash-safety tests with the slow one enabled: twenty SIGKILLs at
# random moments of real builds of a 300-photo album, each followed by a
# normal build that must give the uninterrupted build's output. The seed is
# printed; CASCADE_CRASH_SEED=N replays it. The tmpfs tests need root (mount).
set -euo pipefail
cd "$(dirname "$0")/.."
CASCADE_CRASH_TESTS=1 swift test --filter CrashSafetyTests "$@"
