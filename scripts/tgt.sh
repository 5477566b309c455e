#!/usr/bin/env bash
# The run command: installs what `tgt` needs, builds it (release) and runs it.
# With no arguments it starts the web dashboard (`tgt serve`): open the printed address.
# With arguments it runs `tgt ARGS…` (e.g. `scripts/tgt.sh send "Leaving work"`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/install-deps.sh"
swift build -c release --package-path "$root" --product tgt >&2
if [ "$#" -eq 0 ]; then set -- serve; fi
exec "$root/.build/release/tgt" "$@"
