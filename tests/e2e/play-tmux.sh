#!/usr/bin/env bash
# A real terminal session of `tetrarch play` in tmux: type a move, see the
# bot answer on a drawn board, resign, see the result. Needs tmux and a
# build of the test profile (target/ci/tetrarch). Exits 1 with the screen when
# something is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
session="tetrarch-e2e-$$"
bin="$PWD/target/ci/tetrarch"
trap 'tmux kill-session -t "$session" 2>/dev/null || true' EXIT

tmux new-session -d -s "$session" -x 100 -y 40 "$bin play chess --seat White=human --seat Black=bot:1; sleep 30"

# Waits until the screen shows $1 (up to 10 s).
expect_screen() {
  for _ in $(seq 100); do
    if tmux capture-pane -p -t "$session" | grep -qF -- "$1"; then
      return 0
    fi
    sleep 0.1
  done
  echo "play-tmux: the screen never showed \`$1\`:" >&2
  tmux capture-pane -p -t "$session" >&2
  exit 1
}

expect_screen "White to move>"
tmux send-keys -t "$session" "e2e4" Enter
expect_screen "White plays e2e4"
expect_screen "Black plays"
expect_screen "White to move>"
tmux send-keys -t "$session" "e2e5" Enter
expect_screen "is not a legal move; type \`moves\` for the legal moves"
tmux send-keys -t "$session" "resign" Enter
expect_screen "result: win for Black by resignation"
tmux send-keys -t "$session" "quit" Enter
echo "play-tmux: ok"
