#!/usr/bin/env bash
# The run command: installs what `tgt` needs, builds it (release) and runs it with your arguments.
# With no arguments and no configuration, `tgt` walks you through set-up and login.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/install-deps.sh"
swift build -c release --package-path "$root" --product tgt >&2
exec "$root/.build/release/tgt" "$@"
