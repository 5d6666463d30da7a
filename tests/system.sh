#!/usr/bin/env bash
# The tests beyond `cargo test`: the Fairy-Stockfish differential (at least
# a game of up to 120 plies in each of its 265 variants) and PGN loading, a real terminal session in tmux, python-chess
# playing chess against `tetrarch uci` and `tetrarch xboard`, a UCI match
# against a current Fairy-Stockfish, XBoard matches under xvfb, describe's
# SVGs rendered in headless Chromium, the playground's storage on
# PostgreSQL (two server instances sharing it) and its load test (200 rooms
# of bots, 1,000 websocket clients). The README's test command runs it after `cargo test --profile ci`
# (which drives the playground in headless Chromium through chromedriver).
set -euo pipefail
cd "$(dirname "$0")/.."
# The binary and the examples with the features `cargo test` built them
# with (dev-dependencies unify features only where a target needs them), so
# the dependencies are not compiled a second time.
cargo build --profile ci --bins --examples
bash tests/differential/run.sh --plies 5000 --max-game 120
if command -v tmux >/dev/null; then
  bash tests/e2e/play-tmux.sh
else
  echo "tests/system.sh: tmux is not installed (apt-get install tmux): the terminal session test did not run" >&2
  exit 1
fi
# python-chess, an outside client of both protocols, plays chess against
# `tetrarch uci` and `tetrarch xboard`.
target/pyffish-venv/bin/pip install --quiet --disable-pip-version-check chess==1.11.2
target/pyffish-venv/bin/python tests/e2e/engine_python_chess.py uci
target/pyffish-venv/bin/python tests/e2e/engine_python_chess.py xboard
# A current Fairy-Stockfish (built once from pyffish's sources) plays
# tetrarch over UCI, pyffish checking every move; XBoard runs matches
# against it and against Debian's fairy-stockfish.
for tool in g++ xvfb-run /usr/games/xboard /usr/games/fairy-stockfish; do
  if ! command -v "$tool" >/dev/null; then
    echo "tests/system.sh: $tool is not installed (apt-get install g++ xvfb xboard fairy-stockfish): the engine matches did not run" >&2
    exit 1
  fi
done
bash tests/e2e/build_fsf.sh
target/pyffish-venv/bin/python -u tests/e2e/uci_match.py
bash tests/e2e/xboard_match.sh
if command -v chromium >/dev/null; then
  bash tests/e2e/svg-chromium.sh
else
  echo "tests/system.sh: chromium is not installed (apt-get install chromium): the SVG rendering test did not run" >&2
  exit 1
fi
bash tests/e2e/postgres.sh
target/ci/examples/load_test --rooms 200 --clients 1000 --seconds 20
# The fuzz targets are linted by .ci/run but not run here (CI time): run
# `bash fuzz/run.sh SECONDS` for them.
