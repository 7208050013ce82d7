#!/usr/bin/env bash
# Runs the crash-safety tests with the slow one enabled: twenty SIGKILLs at
# random moments of real builds of a 300-photo album, each followed by a
# normal build that must give the uninterrupted build's output. The kill test
# runs on its own first (it times builds to aim its kills, so other tests
# running beside it would skew the aim), then the rest of CrashSafetyTests.
# The seed is printed; CASCADE_CRASH_SEED=N replays it. The tmpfs (disk-full,
# read-only) tests need root and mount rights, and are skipped without.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
CASCADE_CRASH_TESTS=1 swift test --skip-build --filter 'CrashSafetyTests.KillTests' "$@"
CASCADE_CRASH_TESTS=1 swift test --skip-build --filter 'CrashSafetyTests.StopMomentTests' "$@"
swift test --skip-build --filter 'CrashSafetyTests' --skip 'KillTests|StopMomentTests' "$@"
