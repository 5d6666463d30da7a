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
# Binaries and examples together: built with the same features as `cargo
# test` (dev-dependencies included), so nothing is compiled twice.
cargo build --profile ci --quiet --bins --examples
"$venv/bin/python" tests/differential/fsf_differential.py "$@"

# Repetitions made on purpose: every four-ply cycle of random xiangqi
# positions, judged by perpetual check and the chasing rule in both engines.
"$venv/bin/python" tests/differential/fsf_cycles.py --variant xiangqi --variant crowdedxiangqi \
  --positions 3 --seed 1

# PGN written by `tetrarch play` loads in pyffish: bots against random movers
# in a few variants, every move read back by its SAN.
out=target/pgn-check
rm -rf "$out" && mkdir -p "$out"
printf 'quit\n' >"$out/quit.txt"
for variant in chess tetrarchy wildebeest chak backrank maharajah duck amazons; do
  for seed in 1 2 3; do
    target/ci/tetrarch play "$variant" --variants tests/data/fsf/variants.ini \
      --seat 1=bot:1 --seat 2=random --seed "$seed" --script "$out/quit.txt" --pgn "$out/games.pgn" >/dev/null 2>&1
  done
done
"$venv/bin/python" tests/differential/pgn_loads.py --ini tests/data/fsf/variants.ini --ini variants/tetrarchy.ini "$out/games.pgn"
