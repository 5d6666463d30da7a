#!/usr/bin/env bash
# Builds a current Fairy-Stockfish engine into target/fsf/fairy-stockfish
# (once; later runs reuse it), for the matches of tests/system.sh: Debian's
# fairy-stockfish 11.1 is too old for user variants (on a 10 x 10 board with
# custom pieces its perft 1 finds 16 moves of 29) and cannot read tetrarchy.
# The source is the sdist of pyffish 0.0.90 on PyPI: Fairy-Stockfish's own
# C++ sources, the same engine the differential tests ask through pyffish.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/fsf/fairy-stockfish
if [ -x "$out" ]; then
  exit 0
fi
mkdir -p target/fsf
target/pyffish-venv/bin/pip download --quiet --disable-pip-version-check \
  --no-deps --no-binary :all: pyffish==0.0.90 -d target/fsf
tar xzf target/fsf/pyffish-0.0.90.tar.gz -C target/fsf
src=target/fsf/pyffish-0.0.90/src
# BMI2's pext for the sliding attacks, as `make ARCH=x86-64-bmi2` builds it:
# without it a large-board build searches magic numbers for a minute at
# every start.
if ! grep -q bmi2 /proc/cpuinfo; then
  echo "tests/e2e/build_fsf.sh: this CPU has no BMI2; Fairy-Stockfish needs it here" >&2
  exit 1
fi
# Every engine source but the two language bindings, compiled two at a
# time (the machine's cores), then linked.
flags="-O3 -std=c++17 -DNDEBUG -DLARGEBOARDS -DALLVARS -DNNUE_EMBEDDING_OFF \
  -DUSE_PTHREADS -DIS_64BIT -DUSE_POPCNT -mpopcnt -msse4.1 -DUSE_PEXT -mbmi2"
objects=target/fsf/objects
mkdir -p "$objects"
(cd "$src" && ls *.cpp nnue/*.cpp nnue/features/*.cpp syzygy/*.cpp) \
  | grep -v -E '^(pyffish|ffishjs)\.cpp$' \
  | while read -r file; do echo "$src/$file $objects/${file//\//_}.o"; done \
  | xargs -P 2 -n 2 sh -c 'g++ '"$flags"' -c "$0" -o "$1"'
g++ "$objects"/*.o -o target/fsf/fairy-stockfish.tmp -lpthread
mv target/fsf/fairy-stockfish.tmp "$out"
echo "built $out (Fairy-Stockfish from pyffish 0.0.90's sources)"
