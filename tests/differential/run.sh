#!/usr/bin/env bash
# The Fairy-Stockfish differential: installs pyffish (pinned) in a virtual
# environment under target/, builds tetrarch's side, and compares the two
# engines (arguments go to fsf_differential.py; default 50,000 plies).
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=target/pyffish-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check pyffish==0.0.90
cargo build --release --quiet --example fsf_differential
"$venv/bin/python" tests/differential/fsf_differential.py "$@"
