#!/usr/bin/env bash
# Sets up and runs the whole test suite, then prints a short summary: each
# failing test with its issue, the totals, and where the full output is. When
# the test process dies of a signal, it says which and shows the tests that
# were running, so a crash always names its test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p .build
log=.build/test-output.log
status=0
swift test "$@" > "$log" 2>&1 || status=$?
# Failures first: the issues Swift Testing recorded and the XCTest failures.
grep -E "^✘ Test .* recorded an issue|: error: |XCTAssert.* failed" "$log" | cut -c1-400 | head -100 || true
if [ "$status" -gt 128 ]; then
    echo "test.sh: swift test died of signal $((status - 128)); the last tests it started:"
    grep -E "^◇ Test .* started" "$log" | tail -5 || true
fi
grep -E "^[✔✘] Test run with" "$log" || echo "test.sh: no test run summary (swift test exited $status; see $log)"
echo "test.sh: full output in $log"
exit "$status"
