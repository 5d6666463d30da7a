#!/usr/bin/env bash
# Every test: the Rust suite, the Fairy-Stockfish differential (50,000
# plies), a real terminal session in tmux, and 15 s of each fuzz target with
# a fixed seed. CI runs this after formatting and lint checks.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release
cargo build --release
bash tests/differential/run.sh --plies 50000
if command -v tmux >/dev/null; then
  bash tests/e2e/play-tmux.sh
else
  echo "tests/all.sh: tmux is not installed (apt-get install tmux): the terminal session test did not run" >&2
  exit 1
fi
bash fuzz/run.sh 15 -seed=1
