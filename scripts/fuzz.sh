#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer): builds the targets of Fuzz/ with the code under test
# instrumented, then runs each for SECONDS.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     targets: template values archive media names (default: all)
#
# Each run starts from a copy of the committed seeds (Fuzz/Corpus/TARGET), grown in a work folder
# outside the repository (FUZZ_WORK, default a fresh temporary folder; the committed corpus never
# grows). A crash, a broken invariant or a hang (one input running over 10 s) fails the run; the
# reproducer is saved under artifacts/fuzz/TARGET/ and printed. Rerun one with
#   ASAN_OPTIONS=detect_leaks=0 Fuzz/.build/debug/fuzz-TARGET artifacts/fuzz/TARGET/crash-…
# Exit status: 0 if every target ran clean, 1 if any crashed or hung, 2 on bad usage or build.
#
# Environment: FUZZ_CONFIG=release builds optimized (slower to build, two to three times the
# executions per second: for long runs); FUZZ_BUILD=DIR builds elsewhere than Fuzz/.build;
# FUZZ_WORK=DIR keeps the grown corpora there; FUZZ_JOBS=N runs N fuzzing processes per target;
# FUZZ_KEEP_GOING=1 keeps fuzzing after a crash or hang (fork mode), saving each reproducer;
# FUZZ_PARALLEL=N fuzzes N targets at a time (default: the machine's cores).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

all_targets=(template values archive media names)
if [ "$#" -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh SECONDS [TARGET...]   (targets: ${all_targets[*]})" >&2
  exit 2
fi
seconds=$1
shift
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  if [ ! -d "Fuzz/Corpus/$t" ]; then
    echo "fuzz.sh: unknown target “$t” (targets: ${all_targets[*]})" >&2
    exit 2
  fi
done

# Build. `--sanitize fuzzer` makes SwiftPM link libFuzzer's main instead of the target's; the
# compiler keeps only the last -sanitize= it is given, so -Xswiftc (which comes last) names both
# the fuzzer's coverage and AddressSanitizer, for every module: the app's code and GRDB as well.
config=${FUZZ_CONFIG:-debug}
scratch=${FUZZ_BUILD:-Fuzz/.build}
build=(swift build --package-path Fuzz --scratch-path "$scratch" -c "$config"
  --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
for t in "${targets[@]}"; do
  blog=$scratch/build-fuzz-$t.log
  mkdir -p "$scratch"
  echo "== building fuzz-$t"
  if ! "${build[@]}" --product "fuzz-$t" > "$blog" 2>&1; then
    grep -E "error|warning: " "$blog" | head -40 >&2 || tail -40 "$blog" >&2
    echo "fuzz.sh: building fuzz-$t failed (log: $blog)" >&2
    exit 2
  fi
  grep -E "^/.*(Fuzz|Sources)/.*warning: " "$blog" >&2 || true
  rm -f "$blog"
done
bin=$("${build[@]}" --show-bin-path)

work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/tgt-fuzz.XXXXXX")}
jobs=${FUZZ_JOBS:-1}
# Targets run FUZZ_PARALLEL (the machine's cores) at a time; each prints into a file of its own,
# shown in order when it ends.
parallel=${FUZZ_PARALLEL:-$(nproc 2>/dev/null || echo 1)}
results=$(mktemp -d "${TMPDIR:-/tmp}/tgt-fuzz-results.XXXXXX")
trap 'rm -rf "$results"' EXIT

# Fuzzes target $1; its lines go to $results/$1.out, and $results/$1.failed marks a crash or hang.
fuzz_one() {
  local t=$1
  local corpus="$work/$t"
  local artifacts="$root/artifacts/fuzz/$t"
  mkdir -p "$corpus" "$artifacts"
  cp -n "Fuzz/Corpus/$t"/* "$corpus"/
  local log
  log="$artifacts/run-$(date +%Y%m%d-%H%M%S).log"
  local before after
  before=$(find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  echo "== fuzz-$t for ${seconds}s (corpus $corpus, log $log)"
  local args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1
    -dict="$root/Fuzz/Dictionaries/$t.dict" -artifact_prefix="$artifacts/")
  if [ -n "${FUZZ_KEEP_GOING:-}" ]; then
    # Long runs: keep fuzzing after a crash or hang (each is still saved and fails the run).
    args+=(-fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  elif [ "$jobs" -gt 1 ]; then
    args+=(-fork="$jobs")
  fi
  local status=0
  # The Swift runtime's own backtracer would spend minutes symbolicating each crash; leak
  # checks are off (Swift globals made once read as leaks at exit).
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} SWIFT_BACKTRACE=enable=no "$bin/fuzz-$t" "${args[@]}" "$corpus" > "$log" 2>&1 || status=$?
  grep -E "^(Done|stat::|#[0-9]+ +DONE)" "$log" || grep -E "^#[0-9]+:" "$log" | tail -1 || tail -3 "$log"
  after=$(find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    touch "$results/$t.failed"
    grep -E "Fatal error|ERROR: libFuzzer|SUMMARY" "$log" | head -5 || true
    local f
    for f in $(ls -t "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* 2>/dev/null | head -"$((after - before > 0 ? after - before : 1))"); do
      echo "fuzz.sh: fuzz-$t failed; reproducer: $f"
    done
  fi
}

running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_one "$t" > "$results/$t.out" 2>&1 &
  running=$((running + 1))
done
wait || true
failed=()
for t in "${targets[@]}"; do
  if [ -e "$results/$t.failed" ]; then
    failed+=("$t")
    cat "$results/$t.out" >&2
  else
    cat "$results/$t.out"
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz.sh: ${failed[*]} crashed or hung (artifacts under artifacts/fuzz/)" >&2
  exit 1
fi
echo "fuzz.sh: ${targets[*]}: no crash or hang in ${seconds}s each"
