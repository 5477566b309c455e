#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite: the Swift tests
# (unit, store, real libtdjson, HTTP, the real CLI binary), then the browser tests in headless
# Chromium and the schemathesis API fuzzer against the real `tgt serve --demo`, and the Linux
# checks of the Apple shells (every Apps/ Swift file parsed, project.yml, plists, entitlements).
# Arguments go to `swift test` (e.g. --filter); with any, the browser tests are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/install-test-deps.sh
swift build --build-tests
python3 Apps/tools/check_apps.py
# A hung test fails the run instead of eating CI's 90 minutes.
timeout --signal=KILL 1800 swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
  timeout --signal=KILL 900 python3 Tests/web/run.py
fi
