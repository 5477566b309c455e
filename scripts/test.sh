#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/install-test-deps.sh
swift build --build-tests
# A hung test fails the run instead of eating CI's 90 minutes.
timeout --signal=KILL 1800 swift test --skip-build "$@"
