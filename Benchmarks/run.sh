#!/usr/bin/env bash
# Reproduces BENCHMARKS.md: builds release binaries and runs every benchmark.
#   Benchmarks/run.sh [directory|decode|store|all]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product tgt >&2
swift build -c release --product tgt-bench >&2
mkdir -p bench-results
.build/release/tgt-bench "${1:-all}" | tee bench-results/latest.md
