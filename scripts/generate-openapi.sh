#!/usr/bin/env bash
# Writes the dashboard API's generated Swift from Sources/TgtServer/API/Spec/openapi.yaml:
# the types (Sources/TgtWire/Generated/), the server (Sources/TgtServer/Generated/) and the
# client (Sources/TgtDashboardClient/Generated/), with the settings in Codegen/*.yaml. Run it
# after changing openapi.yaml or those settings, and commit what it writes.
#
#   scripts/generate-openapi.sh          write the files
#   scripts/generate-openapi.sh --check  write nothing; fail (exit 1) if a committed file differs
#                                        from what the generator makes now (CI runs this)
#
# The code is committed rather than made by swift-openapi-generator's build plugin because the
# plugin builds the generator before anything else in every fresh build: 215 s of a 559 s first
# release build of tgt here (docs/install.md, "The generated API code"). The generator is pinned
# in Codegen/Package.swift and built there, in debug (about 40 s once).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "generate-openapi: unknown argument “$1” (see --help)" >&2; exit 2 ;;
esac

swift build --package-path "$root/Codegen" --product swift-openapi-generator >&2
generator="$(swift build --package-path "$root/Codegen" --show-bin-path)/swift-openapi-generator"
spec="$root/Sources/TgtServer/API/Spec/openapi.yaml"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

stale=0
for target in TgtWire TgtServer TgtDashboardClient; do
  out="$work/$target"
  if ! "$generator" generate "$spec" --config "$root/Codegen/$target.yaml" \
      --output-directory "$out" >"$work/$target.log" 2>&1; then
    cat "$work/$target.log" >&2
    echo "generate-openapi: swift-openapi-generator failed for $target" >&2
    exit 1
  fi
  # The generator writes every file of every mode; the modes not asked for are empty.
  find "$out" -name '*.swift' -empty -delete
  dest="$root/Sources/$target/Generated"
  if [ "$check" -eq 1 ]; then
    if ! diff -r -q "$out" "$dest" >/dev/null 2>&1; then
      echo "generate-openapi: Sources/$target/Generated/ is not what openapi.yaml makes now:" >&2
      diff -r "$out" "$dest" 2>&1 | head -20 >&2 || true
      stale=1
    fi
  else
    # Replaced as a whole folder, so a file the generator no longer writes goes too.
    rm -rf "$dest.new"
    mkdir -p "$dest.new"
    cp "$out"/*.swift "$dest.new/"
    rm -rf "$dest"
    mv "$dest.new" "$dest"
  fi
done

if [ "$check" -eq 1 ]; then
  if [ "$stale" -eq 1 ]; then
    echo "generate-openapi: run scripts/generate-openapi.sh and commit Sources/*/Generated/." >&2
    exit 1
  fi
  echo "generate-openapi: Sources/*/Generated/ matches openapi.yaml"
else
  echo "generate-openapi: wrote Sources/{TgtWire,TgtServer,TgtDashboardClient}/Generated/"
fi
