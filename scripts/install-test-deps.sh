#!/usr/bin/env bash
# Installs what the test suite needs beyond the app's own dependencies:
# zbar-tools (a real QR reader that checks the QR encoder), headless Chromium with its driver
# and an emoji font (browser tests), and from PyPI selenium and schemathesis (browser tests and
# the API fuzzer), and PyYAML (the Apple project checks).
set -euo pipefail
log() { printf 'install-test-deps: %s\n' "$*" >&2; }
if [ "$(uname -s)" = "Linux" ] && command -v dpkg >/dev/null 2>&1; then
  missing=()
  for pkg in zbar-tools chromium chromium-driver fonts-noto-color-emoji; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    log "installing ${missing[*]} with apt-get"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
elif [ "$(uname -s)" = "Darwin" ] && command -v brew >/dev/null 2>&1; then
  command -v zbarimg >/dev/null 2>&1 || brew install zbar
fi
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import selenium, schemathesis, yaml' >/dev/null 2>&1; then
  log "installing selenium, schemathesis and PyYAML with pip"
  "$PYTHON" -m pip install --quiet --disable-pip-version-check 'selenium>=4.20' 'schemathesis>=4.0,<5' 'pyyaml>=6'
fi
