#!/usr/bin/env bash
# Reproduces BENCHMARKS.md: builds release binaries and runs every benchmark.
#   TGT_BASELINE_BINARY=/path/to/older/tgt Benchmarks/run.sh serve   (measures both builds in one run)
#   Benchmarks/run.sh [startup|directory|decode|store|widget|render|timers|chats|series|serve|tap|sends|files|all]
#   Benchmarks/run.sh soak [client cycles] [host cycles]
#     starts and closes the real libtdjson 1,000× and the session host 200× in one process (a few
#     minutes; not part of `all` or CI); exits non-zero when a bound breaks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if [ "${1:-}" = "soak" ]; then
  swift build -c release --product tgt-bench >&2
  mkdir -p bench-results
  .build/release/tgt-bench soak "${@:2}" | tee bench-results/soak.md
  exit 0  # reached only when the soak held (pipefail + set -e end the script otherwise)
fi
need=()
command -v /usr/bin/time >/dev/null 2>&1 || need+=(time)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
if [ "${#need[@]}" -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
swift build -c release --product tgt >&2
swift build -c release --product tgt-bench >&2
swift build -c release --product tgt-bench-hello >&2
swift build -c release --product tgt-bench-print >&2
mkdir -p bench-results
which="${1:-all}"
{
  if [ "$which" != "serve" ] && [ "$which" != "tap" ] && [ "$which" != "sends" ] && [ "$which" != "files" ]; then .build/release/tgt-bench "$which"; fi
  if [ "$which" = "serve" ] || [ "$which" = "all" ]; then python3 Benchmarks/serve/bench.py; fi
  if [ "$which" = "tap" ]; then python3 Benchmarks/serve/bench.py tap; fi
  if [ "$which" = "sends" ] || [ "$which" = "all" ]; then python3 Benchmarks/serve/bench.py sends; fi
  if [ "$which" = "files" ] || [ "$which" = "all" ]; then python3 Benchmarks/serve/bench.py files; fi
} | tee bench-results/latest.md
