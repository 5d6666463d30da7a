#!/usr/bin/env bash
# The README's test command. On a fresh Debian machine (with Rust from
# rustup) it first installs the system packages the tests use when they are
# missing: Python 3 with venv, tmux, Chromium and chromedriver with fonts that
# have the chess figures, PostgreSQL, g++, xvfb, XBoard and Debian's
# fairy-stockfish. Without root it prints the one apt line to run and exits 1.
# Then it runs the suite (`cargo test --profile ci`, the playground in
# headless Chromium among it) and `tests/system.sh` (the Fairy-Stockfish
# differential, the terminal session, the protocol clients and matches, the
# SVGs in Chromium, PostgreSQL and the load test).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
need() { # need PACKAGE TEST...: PACKAGE is missing when the test fails
  local package=$1
  shift
  if ! "$@" >/dev/null 2>&1; then
    missing+=("$package")
  fi
}
need python3 command -v python3
need python3-venv python3 -m venv --help
need tmux command -v tmux
need chromium command -v chromium
need chromium-driver command -v chromedriver
need fonts-dejavu-core test -d /usr/share/fonts/truetype/dejavu
need postgresql command -v pg_lsclusters
need g++ command -v g++
need xvfb command -v xvfb-run
need xboard test -x /usr/games/xboard
need fairy-stockfish test -x /usr/games/fairy-stockfish

if ((${#missing[@]})); then
  line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "tests/run.sh: the tests need packages this machine lacks; as root, run:" >&2
    echo "  $line" >&2
    exit 1
  fi
  echo "tests/run.sh: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Snapshots are compared, never written, by the suite.
export INSTA_UPDATE=no
cargo test --profile ci
bash tests/system.sh
