#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite: the type check of
# the dashboard's scripts, the Swift tests (unit, store, real libtdjson, HTTP, the real CLI
# binary), the release archive installed and run from a fresh prefix (Tests/package), then the
# browser tests in headless Chromium (with the axe-core accessibility audit and the page-weight
# budget) and the schemathesis API fuzzer against the real
# `tgt serve --demo`, and the Linux checks of the Apple shells (every Apps/ Swift file parsed,
# project.yml, plists, entitlements), and a short run of the libFuzzer targets (scripts/fuzz.sh).
# Arguments go to `swift test` (e.g. --filter); with any, the archive and browser tests are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says when it ends and how long it took, so a slow run shows where its time went.
started=$SECONDS
phase_started=$SECONDS
phase() {
  printf 'test.sh: %-34s %4d s (total %d s)\n' "$1" "$((SECONDS - phase_started))" "$((SECONDS - started))"
  phase_started=$SECONDS
}
bash scripts/install-deps.sh
bash scripts/install-test-deps.sh
phase "dependencies installed"
# The dashboard's JavaScript, type-checked from its JSDoc types (no build step; the files are
# served as they are): strict TypeScript in checkJs mode, zero errors allowed.
# Every target imports only what Package.swift lists for it (a missing one builds incrementally
# and fails on a clean clone).
python3 scripts/check-imports.py
# The map is true: README.md and docs/architecture.md name only files, folders and Swift names
# that exist, and architecture.md names every source folder and test file (with its self-test).
python3 scripts/check-map.py
python3 scripts/check-map.py --selftest
# Nothing in the product defaults to the wall clock: only a process's entry point makes
# SystemClock and hands it down (the store carries it), so a test that builds a product part
# without a clock does not compile.
python3 scripts/check-clock.py
python3 scripts/check-clock.py --selftest
# No FileManager move or replace in the code that runs on Linux: they trap there for names that
# start with a non-ASCII letter (other people's file names).
python3 scripts/check-linux-foundation.py
python3 scripts/check-linux-foundation.py --selftest
# The store's cached statements hold only SQL written in the code (a value in one would stay in
# the connection's cache for good).
python3 scripts/check-sql.py
python3 scripts/check-sql.py --selftest
python3 scripts/web-event-types.py --check
# The committed API code (Sources/*/Generated/) is what the pinned generator makes from
# openapi.yaml now: a stale file fails here, with the command that writes it.
bash scripts/generate-openapi.sh --check
tsc -p Sources/TgtServer/Web
echo "tsc: the dashboard's scripts type-check (0 errors)"
phase "checks before the build"
swift build --build-tests
phase "debug build with tests"
python3 Tests/apple/check_apps.py
phase "Apple shells checked"
# A hung test fails the run instead of eating CI's 90 minutes.
timeout --signal=KILL 1800 swift test --skip-build "$@"
phase "Swift tests"
if [ "$#" -eq 0 ]; then
  # The release archive made from this debug build, installed into a fresh prefix and run
  # with a clean PATH and HOME (no Swift, no Python): scripts/package.sh, packaging/install.sh.
  timeout --signal=KILL 600 bash Tests/package/install_test.sh
  phase "install test"
  # The ratios that matter (send vs status, list vs sqlite3, decode vs bare parse, directory vs
  # floor, the simulator's share), in seconds: 3x worse than Benchmarks/smoke-figures.json fails.
  timeout --signal=KILL 300 python3 Benchmarks/smoke.py
  phase "benchmark smoke"
  # The browser tests, the page-weight budgets and the API fuzzer under pytest (Tests/web/conftest.py),
  # each test on a dashboard of its own, in TGT_BROWSER_WORKERS (2) pytest-xdist workers side by
  # side, each with its own Chromium: alone, a worker leaves half of a 2-core machine idle (it
  # waits on the browser and the server), so two took 417 s where one took 771. The long
  # tests start first. The limit only stops a hang.
  timeout --signal=KILL 1500 python3 -m pytest -q -n "${TGT_BROWSER_WORKERS:-2}" --dist load --maxschedchunk 1 Tests/web
  phase "browser tests and API fuzz"
  # The fuzz targets, briefly (long runs: scripts/fuzz.sh 600): a crash or hang fails the run.
  timeout --signal=KILL 1200 bash scripts/fuzz.sh 20
  phase "libFuzzer targets"
fi
