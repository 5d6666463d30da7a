#!/usr/bin/env bash
# Runs every fuzz target (cargo-fuzz, libFuzzer) for SECONDS each, default
# 60, from the seed corpora `seeds.py` writes (grown in fuzz/corpus/ from
# run to run); further arguments go to libFuzzer (`-seed=1`). Exits 1 at
# the first crash, whose input is in fuzz/artifacts/<target>/.
#
# The stable toolchain builds the instrumented targets with
# RUSTC_BOOTSTRAP=1. No sanitizer (`-s none`): the library's only unsafe
# code, the slide tables' unchecked reads (src/rules/bits.rs), is checked
# by an assertion when the tables are built, and AddressSanitizer made the
# targets 4-6 times slower; `-a` keeps debug assertions (overflow checks,
# the slide reads' bounds) on.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked --version 0.13.2
fi
python3 seeds.py
cargo fuzz build -s none -a -O
for target in $(cargo fuzz list); do
  log=$(mktemp)
  if ! cargo fuzz run -s none -a -O "$target" -- \
      -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10 -print_final_stats=1 "$@" >"$log" 2>&1; then
    grep -E "panicked|ERROR|SUMMARY|Test unit" -A3 "$log" || tail -30 "$log"
    echo "fuzz: $target crashed"
    exit 1
  fi
  done_line=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -1)
  echo "fuzz: $target: ${seconds} s, $done_line"
  rm -f "$log"
done
