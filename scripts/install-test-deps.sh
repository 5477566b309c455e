#!/usr/bin/env bash
# Installs what the test suite needs beyond the app's own dependencies:
# zbar-tools (a real QR reader that checks the QR encoder), curl (the trigger recipes), headless Chromium with its driver
# and an emoji font (browser tests), systemd (`systemd-analyze verify` checks `tgt service`'s unit), TypeScript's checker (node-typescript: `tsc` checks the
# dashboard's JavaScript), from PyPI selenium, schemathesis, pytest and pytest-xdist (browser tests, their
# runner, its workers side by side, and the API fuzzer) and PyYAML (the Apple project checks), and axe-core for the
# accessibility audit.
set -euo pipefail
log() { printf 'install-test-deps: %s\n' "$*" >&2; }
if [ "$(uname -s)" = "Linux" ] && command -v dpkg >/dev/null 2>&1; then
  missing=()
  for pkg in zbar-tools chromium chromium-driver fonts-noto-color-emoji node-typescript curl systemd; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    log "installing ${missing[*]} with apt-get"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
elif [ "$(uname -s)" = "Darwin" ] && command -v brew >/dev/null 2>&1; then
  command -v zbarimg >/dev/null 2>&1 || brew install zbar
  command -v tsc >/dev/null 2>&1 || brew install typescript
fi
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import selenium, schemathesis, yaml, pytest, xdist' >/dev/null 2>&1; then
  log "installing selenium, schemathesis, PyYAML, pytest and pytest-xdist with pip"
  "$PYTHON" -m pip install --quiet --disable-pip-version-check 'selenium>=4.20' 'schemathesis>=4.0,<5' 'pyyaml>=6' 'pytest>=8' 'pytest-xdist>=3.6'
fi
# axe-core (the accessibility rules the browser tests run) is the axe.min.js inside a pinned
# wheel of axe-playwright-python: downloaded (hash-checked, without its dependencies and without
# installing it or playwright's browsers) into the user's cache, and the one file taken out.
# Tests/web/a11y.py looks for it there (keep WHEEL_VERSION in step) unless TGT_AXE_JS is set.
AXE_WHEEL_VERSION=0.1.8
AXE_WHEEL_SHA256=fdd263c998388f1a8e67cad02677e612d946248bd44d163be5e8650ea31f95f8
AXE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/tgtemplates/axe-playwright-python-$AXE_WHEEL_VERSION"
if [ -z "${TGT_AXE_JS:-}" ] && [ ! -s "$AXE_DIR/axe.min.js" ]; then
  log "downloading axe-core (axe-playwright-python $AXE_WHEEL_VERSION wheel) into $AXE_DIR"
  mkdir -p "$AXE_DIR/wheel"
  printf 'axe-playwright-python==%s --hash=sha256:%s\n' "$AXE_WHEEL_VERSION" "$AXE_WHEEL_SHA256" > "$AXE_DIR/requirements.txt"
  "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: --require-hashes \
    -r "$AXE_DIR/requirements.txt" -d "$AXE_DIR/wheel"
  "$PYTHON" - "$AXE_DIR" <<'PY'
import pathlib, sys, zipfile
folder = pathlib.Path(sys.argv[1])
wheel = next(folder.glob("wheel/axe_playwright_python-*.whl"))
data = zipfile.ZipFile(wheel).read("axe_playwright_python/axe.min.js")
if not data.startswith(b"/*! axe v4."):
    sys.exit("install-test-deps: the wheel's axe.min.js is not axe-core 4.x")
(folder / "axe.min.js.part").write_bytes(data)
(folder / "axe.min.js.part").rename(folder / "axe.min.js")
PY
fi
