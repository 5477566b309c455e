#!/usr/bin/env bash
# Reproduces BENCHMARKS.md: builds release binaries and runs every benchmark.
#   Benchmarks/run.sh [directory|decode|store|all]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
command -v /usr/bin/time >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
swift build -c release --product tgt >&2
swift build -c release --product tgt-bench >&2
mkdir -p bench-results
.build/release/tgt-bench "${1:-all}" | tee bench-results/latest.md
