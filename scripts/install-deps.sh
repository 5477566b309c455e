#!/usr/bin/env bash
# Installs what TgTemplates needs besides the Swift toolchain: TDLib (the PyPI package tdjson,
# which ships a prebuilt libtdjson) and, on Debian/Ubuntu, SQLite's headers for GRDB.
# Safe to run again: it only installs what is missing.
set -euo pipefail

TDJSON_VERSION="1.8.69"
log() { printf 'install-deps: %s\n' "$*" >&2; }

if [ "$(uname -s)" = "Linux" ] && command -v dpkg >/dev/null 2>&1; then
  missing=()
  for pkg in libsqlite3-dev sqlite3; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    log "installing ${missing[*]} with apt-get"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

PYTHON="${PYTHON:-python3}"
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  log "python3 is needed to install TDLib (pip install tdjson==$TDJSON_VERSION); install Python 3 first"
  exit 1
fi
have=$("$PYTHON" -c "import importlib.metadata as m; print(m.version('tdjson'))" 2>/dev/null || true)
if [ "$have" != "$TDJSON_VERSION" ]; then
  log "installing TDLib: pip install tdjson==$TDJSON_VERSION"
  "$PYTHON" -m pip install --quiet --disable-pip-version-check "tdjson==$TDJSON_VERSION" \
    || "$PYTHON" -m pip install --quiet --disable-pip-version-check --user "tdjson==$TDJSON_VERSION"
fi
lib=$("$PYTHON" - <<'PY'
import glob, os, site
dirs = site.getsitepackages() + [site.getusersitepackages()]
for d in dirs:
    for f in sorted(glob.glob(os.path.join(d, "tdjson.libs", "libtdjson*"))):
        print(f); raise SystemExit
PY
)
if [ -z "$lib" ]; then
  log "tdjson is installed but its libtdjson was not found under site-packages/tdjson.libs"
  exit 1
fi
log "TDLib: $lib"
# Recorded for tgt, which then finds libtdjson without starting Python at every command
# (TDLibraryLocator.recordedPathFile).
config="${XDG_CONFIG_HOME:-$HOME/.config}/tgtemplates"
if mkdir -p "$config" 2>/dev/null && printf '%s\n' "$lib" > "$config/tdjson-path.tmp" 2>/dev/null \
   && mv "$config/tdjson-path.tmp" "$config/tdjson-path"; then
  log "recorded its path in $config/tdjson-path"
fi
