#!/usr/bin/env bash
# XBoard (Debian's xboard 4.9, under xvfb-run) runs engine-engine matches
# with legality testing on, and tetrarch replays the PGN XBoard saved:
# - chess, `tetrarch xboard` against Debian's fairy-stockfish;
# - decima (tests/data/protocol/decima.ini: 10 x 10, two custom pieces),
#   a variant XBoard learns only from the first engine's `setup` and `piece`
#   lines: tetrarch is the first engine, a current Fairy-Stockfish
#   (tests/e2e/build_fsf.sh) the second, reading the same file.
# Each match is two games, colours swapped. Fails when a game did not end
# on the board (a time loss, a false claim, an illegal move or a crash all
# end a game off the board) or when tetrarch finds a move illegal.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tetrarch="$root/target/ci/tetrarch"
decima="$root/tests/data/protocol/decima.ini"

match() {
  local name=$1 first=$2 second=$3 variant=$4
  (cd "$work" && timeout 600 xvfb-run -a /usr/games/xboard -xncp \
    -fcp "$first" -fd "$work" -scp "$second" -sd "$work" \
    -mm -mg 2 -tc 0:06 -inc 0.1 -testLegality true -variant "$variant" \
    -sgf "$work/$name.pgn" -popupExitMessage false -popupMoveErrors false \
    -saveSettingsOnExit false -debug \
    -nameOfDebugFile "$work/$name.debug" >"$work/$name.log" 2>&1) || {
    echo "xboard-match: XBoard failed on $name" >&2
    tail -20 "$work/$name.log" "$work/$name.debug" >&2
    exit 1
  }
  echo "--- $name: the games as XBoard saved them"
  cat "$work/$name.pgn"
  echo "--- $name: tetrarch replays them"
  "$tetrarch" replay "${@:5}" "$work/$name.pgn" | tee "$work/$name.replay"
  if ! grep -q "^2 games: 2 as recorded, 0 decided off the board, 0 failed$" "$work/$name.replay"; then
    echo "xboard-match: a $name game did not end on the board" >&2
    tail -40 "$work/$name.debug" >&2
    exit 1
  fi
}

match chess "$tetrarch xboard" /usr/games/fairy-stockfish normal
export FAIRY_STOCKFISH_VARIANT_PATH="$decima"
match decima "$tetrarch xboard --variants $decima" \
  "$root/target/fsf/fairy-stockfish" decima --variants "$decima" --xboard-ranks
grep -q "^[0-9]* <first : setup (PNBRQ..A.W" "$work/decima.debug" || {
  echo "xboard-match: tetrarch did not send its setup line" >&2
  exit 1
}
echo "xboard-match: ok (chess and decima, 2 games each, every game ended on the board)"
