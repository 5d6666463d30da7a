"""A UCI match: `tetrarch uci` against a current Fairy-Stockfish
(target/fsf/fairy-stockfish, built by tests/e2e/build_fsf.sh), ten games
each in tetrarchy (variants/tetrarchy.ini) and in ordamirror (a section of
Fairy-Stockfish's variants.ini with custom pieces), colours alternating.
Both engines learn the variant through `setoption name VariantPath`. Every
move of either engine is checked legal by pyffish (Fairy-Stockfish's own
rules) before it is played; where pyffish says the game is over, tetrarch
must answer `bestmove (none)` too. Fails on an illegal move, a crash, a
move later than the time allowed, or a disagreement about the end; prints
each game as a line of moves and how it ended."""

import queue
import subprocess
import sys
import threading
import time

import pyffish as sf

MOVETIME_MS = 30
LATE_S = 3.0
MAX_PLIES = 300
GAMES = 10
VARIANTS = [("tetrarchy", "variants/tetrarchy.ini"), ("ordamirror", "tests/data/fsf/variants.ini")]


class Engine:
    def __init__(self, name, command):
        self.name = name
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix, timeout):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                fail(f"{self.name} did not answer `{prefix}` within {timeout} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                fail(f"{self.name} ended (exit code {self.process.poll()})")
            if line.startswith(prefix):
                return line

    def setup(self, variant, path):
        self.send("uci")
        self.wait_for("uciok", 10)
        self.send(f"setoption name VariantPath value {path}")
        self.send(f"setoption name UCI_Variant value {variant}")
        # Both engines say which variant they now play, as FSF does.
        self.send("isready")
        line = self.wait_for("info string variant ", 20)
        if not line.startswith(f"info string variant {variant} "):
            fail(f"{self.name} did not select {variant}: {line}")
        self.wait_for("readyok", 10)

    def best_move(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        started = time.monotonic()
        self.send(f"go movetime {MOVETIME_MS}")
        move = self.wait_for("bestmove", 30).split()[1]
        spent = time.monotonic() - started
        if spent > LATE_S:
            fail(f"{self.name} took {spent:.1f} s for a {MOVETIME_MS} ms move")
        return move

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def fail(why):
    print(f"uci-match: FAILED: {why}", file=sys.stderr)
    sys.exit(1)


def play(variant, start, engines):
    moves = []
    while True:
        legal = sf.legal_moves(variant, start, moves)
        ended, value = sf.is_immediate_game_end(variant, start, moves)
        if not legal or ended:
            if not legal:
                value = sf.game_result(variant, start, moves)
            # tetrarch must see the end too.
            tetrarch = engines[0] if engines[0].name == "tetrarch" else engines[1]
            answer = tetrarch.best_move(moves)
            if answer != "(none)":
                fail(f"{variant} {moves}: Fairy-Stockfish says the game is over, tetrarch plays {answer}")
            mover = len(moves) % 2
            winner = None if value == 0 else (mover if value > 0 else 1 - mover)
            return moves, ("draw" if winner is None else f"{engines[winner].name} wins")
        optional, _ = sf.is_optional_game_end(variant, start, moves)
        if optional:
            return moves, "draw (repetition or move rule)"
        if len(moves) >= MAX_PLIES:
            return moves, f"unfinished after {MAX_PLIES} plies"
        engine = engines[len(moves) % 2]
        move = engine.best_move(moves)
        if move not in legal:
            fail(f"{variant}: {engine.name} played {move}, not legal after {moves}")
        moves.append(move)


def main():
    tetrarch = Engine("tetrarch", ["target/ci/tetrarch", "uci"])
    fsf = Engine("Fairy-Stockfish", ["target/fsf/fairy-stockfish"])
    tally = {}
    for variant, path in VARIANTS:
        sf.load_variant_config(open(path).read())
        start = sf.start_fen(variant)
        for engine in (tetrarch, fsf):
            engine.setup(variant, path)
        for game in range(GAMES):
            engines = [tetrarch, fsf] if game % 2 == 0 else [fsf, tetrarch]
            moves, result = play(variant, start, engines)
            print(f"{variant} game {game + 1}: {engines[0].name} (white) vs {engines[1].name}: "
                  f"{len(moves)} plies, {result}")
            print("  " + " ".join(moves))
            tally[result.split(" (")[0]] = tally.get(result.split(" (")[0], 0) + 1
    tetrarch.quit()
    fsf.quit()
    print(f"uci-match: ok ({GAMES} games each of tetrarchy and ordamirror, every move legal: {tally})")


if __name__ == "__main__":
    main()
