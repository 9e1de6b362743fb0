#!/usr/bin/env bash
# Runs the libFuzzer target for FUZZ_SECONDS (default 60) with the seed
# corpus; keeps libFuzzer's chatter in build/fuzz/fuzz.log and prints one
# summary line, or the report of whatever it found (crash, leak, timeout,
# UB) with the reproducer file, and fails.  Further directories (such as
# test/fuzz/regressions: inputs the fuzzer once found, kept so every run
# tries them first) are read as seeds too.
#   scripts/fuzz.sh BINARY SEEDS_DIR CORPUS_DIR [MORE_SEED_DIRS...]
set -uo pipefail
bin=$1 seeds=$2 corpus=$3
shift 3
secs=${FUZZ_SECONDS:-60}
log=$(dirname "$bin")/fuzz.log
mkdir -p "$corpus" "$(dirname "$bin")/artifacts"
"$bin" -max_total_time="$secs" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$(dirname "$bin")/artifacts/" \
  "$corpus" "$seeds" "$@" >"$log" 2>&1
status=$?
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
if [ $status -ne 0 ]; then
  echo "fuzz: FAILED after ${runs:-?} runs (exit $status); libFuzzer's report:"
  grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse|INITED|RELOAD)' "$log" | tail -80
  echo "fuzz: 0 passed, 1 failed"
  exit 1
fi
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
echo "fuzz: ${runs} inputs in ${secs} s (${cov}), no crash, leak, hang or undefined behaviour"
