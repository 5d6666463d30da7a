#!/usr/bin/env python3
"""Differential test of tetrarch against Fairy-Stockfish (pyffish).

Plays seeded random games, biased toward captures, promotions, castling and
en passant, in every two-player variant both engines know (chess, tetrarchy, the
Fairy-Stockfish built-ins tetrarch plays and every supported section of its
variants.ini), and compares
at every ply:

- once a variant, tetrarch's own start position (from its data files) against
  pyffish's start_fen,
- the legal move sets (tetrarch's incremental ones, and tetrarch's set up
  from the FEN alone),
- the FEN, every field (pyffish is asked from the last FEN with a zero
  halfmove clock; where its answer differs from its own replay of the whole
  game, as with the unwritten gates of S-Chess, the replay decides and the
  ply is counted as a quirk),
- whether the side to move is in check,
- immediate game ends (pyffish's is_immediate_game_end) and their values,
- the played move in SAN (as a PGN writes it) against pyffish's get_san in SAN
  notation (not the shogi or xiangqi notation some variants default to),
- the result when the side to move has no legal move (game_result),
- whether Fairy-Stockfish's optional ends hold (is_optional_game_end: the
  n-move and n-fold rules) exactly when tetrarch's n-move / n-fold condition
  holds, and their values.

Rules pyffish does not adjudicate (insufficient material; fivefold and 75
moves, which come only after pyffish's optional ends) are left out: a game
that tetrarch ends by them stops there and is counted apart.

A game stops at the first end either engine sees. A disagreement prints the
variant, the start FEN, the moves and what differs, and the run exits 1.

Usage (from the repository root, pyffish installed):
  python3 tests/differential/fsf_differential.py --plies 50000
  python3 tests/differential/fsf_differential.py --plies 500000 --seed 7   # a bigger run
  python3 tests/differential/fsf_differential.py --variant chess --plies 2000
"""
import argparse
import io
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FSF_INI = os.path.join(ROOT, "tests", "data", "fsf", "variants.ini")
TETRARCHY_INI = os.path.join(ROOT, "variants", "tetrarchy.ini")
# The variants with a fixed minimum share of the plies.
MINIMUM = {"chess": 2000, "tetrarchy": 2000}


class Tetrarch:
    """The tetrarch side: one process answering JSON lines."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "--variants", FSF_INI],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        answer = json.loads(self.proc.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"tetrarch refused {request}: {answer['error']}")
        return answer


def value_sign(v):
    return (v > 0) - (v < 0)


def board_of(fen):
    """Square name -> piece character, from a FEN's board field."""
    board = {}
    ranks = fen.split(" ")[0].split("[")[0].split("/")
    for r, row in enumerate(ranks):
        rank = len(ranks) - r
        f, i = 0, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
                continue
            if c in "+~":
                i += 1
                continue
            board[f"{chr(97 + f)}{rank}"] = c
            f += 1
            i += 1
    return board


def split_move(m):
    """A UCI move into (from, to, rest)."""
    i = 1
    while i < len(m) and m[i].isdigit():
        i += 1
    j = i + 1
    while j < len(m) and m[j].isdigit():
        j += 1
    return m[:i], m[i:j], m[j:]


def interesting(move, board):
    """Captures, promotions, castling-like king moves and pawn diagonals."""
    frm, to, rest = split_move(move)
    piece = board.get(frm, "")
    if rest or to in board:
        return True
    if piece.lower() == "k" and abs(ord(frm[0]) - ord(to[0])) >= 2:
        return True
    if piece.lower() == "p" and frm[0] != to[0]:
        return True
    return False


class Differential:
    def __init__(self, tetrarch, seed, shuffle=0.0):
        self.t = tetrarch
        self.rng = random.Random(seed)
        # The chance of moving back the piece the side to move moved last,
        # which drives games into repetitions (perpetual checks, chases).
        self.shuffle = shuffle
        self.plies = {}
        self.games = {}
        self.ends = {}
        self.quirks = {}
        self.failures = 0
        self.starts_compared = set()

    def fail(self, variant, fen, moves, what):
        self.failures += 1
        print(f"DISAGREEMENT in {variant}: {what}")
        print(f"  start: {fen}")
        print(f"  moves: {' '.join(moves)}")
        sys.stdout.flush()

    def compare(self, variant, fen, moves, ours, start, played):
        """Compares the position `moves` reach from `fen` (the game `played`
        from `start`); returns whether the game goes on."""
        theirs_legal = sorted(sf.legal_moves(variant, fen, moves))
        theirs_fen = sf.get_fen(variant, fen, moves)
        self.last_fen = theirs_fen
        immediate, immediate_value = sf.is_immediate_game_end(variant, fen, moves)
        optional, optional_value = sf.is_optional_game_end(variant, fen, moves)
        in_check = sf.gives_check(variant, fen, moves)
        end = ours["end"]
        problems = []
        if ours["fen"] != theirs_fen and moves != played:
            # Fairy-Stockfish's FEN does not keep everything: the gates of a
            # gating side whose hand emptied are not written, yet set up from
            # that FEN it opens them again, and its next FEN can differ from
            # the one it writes replaying the game from its start. The
            # game's own FEN decides.
            from_start = sf.get_fen(variant, start, played)
            if ours["fen"] == from_start:
                self.quirks["FEN differs set up from a FEN it wrote"] = (
                    self.quirks.get("FEN differs set up from a FEN it wrote", 0) + 1
                )
                theirs_fen = self.last_fen = from_start
        if ours["fen"] != theirs_fen:
            problems.append(f"FEN: tetrarch {ours['fen']!r}, pyffish {theirs_fen!r}")
        if ours["in_check"] != in_check:
            # Fairy-Stockfish's incremental check detection misses some direct
            # checks (a hopping royal piece); set up from the same FEN it
            # agrees with itself again. Such plies are counted, not failed.
            if sf.gives_check(variant, theirs_fen, []) == ours["in_check"]:
                self.quirks["check seen only from the FEN"] = self.quirks.get("check seen only from the FEN", 0) + 1
                in_check = ours["in_check"]
            else:
                problems.append(f"in check: tetrarch {ours['in_check']}, pyffish {in_check}")
        if ours["legal_from_fen"] != ours["legal"] and end is None:
            problems.append(
                f"tetrarch's moves from the FEN differ from its incremental ones: "
                f"{sorted(set(ours['legal_from_fen']) ^ set(ours['legal']))}"
            )
        ours_immediate = end is not None and end["kind"] == "immediate"
        if ours_immediate != immediate:
            problems.append(f"immediate end: tetrarch {end}, pyffish {immediate} ({immediate_value})")
        elif immediate and end["value"] != value_sign(immediate_value):
            problems.append(f"immediate end value: tetrarch {end}, pyffish {immediate_value}")
        if not immediate:
            ours_legal = ours["legal"]
            tetrarch_only = end is not None and end["kind"] == "tetrarch-only"
            if end is not None and end["kind"] in ("optional", "tetrarch-only"):
                ours_legal = ours["legal_from_fen"]
            if sorted(ours_legal) != theirs_legal and not tetrarch_only:
                only_ours = sorted(set(ours_legal) - set(theirs_legal))
                only_theirs = sorted(set(theirs_legal) - set(ours_legal))
                problems.append(f"legal moves: only tetrarch {only_ours}, only pyffish {only_theirs}")
            if not theirs_legal:
                result = sf.game_result(variant, fen, moves)
                if end is not None and end["kind"] == "no-moves" and end["value"] != value_sign(result):
                    from_fen = sf.game_result(variant, theirs_fen, [])
                    if end["value"] == value_sign(from_fen):
                        self.quirks["mate seen only from the FEN"] = self.quirks.get("mate seen only from the FEN", 0) + 1
                        result = from_fen
                if end is None or end["kind"] != "no-moves":
                    problems.append(f"no legal move: tetrarch {end}, pyffish result {result}")
                elif end["value"] != value_sign(result):
                    problems.append(f"result: tetrarch {end}, pyffish {result}")
            if ours["optional"]["holds"] != optional:
                problems.append(f"optional end: tetrarch {ours['optional']}, pyffish {optional} ({optional_value})")
            elif optional and ours["optional"]["value"] != value_sign(optional_value):
                problems.append(f"optional end value: tetrarch {ours['optional']}, pyffish {optional_value}")
        if problems:
            self.fail(variant, start, played, "; ".join(problems))
            return False
        if end is not None:
            # A repetition that perpetual check or chasing decides is
            # counted apart from the drawn ones.
            rule = end["rule"]
            if rule == "repetition" and end["value"] != 0:
                rule = "repetition decided"
            self.ends[rule] = self.ends.get(rule, 0) + 1
            return False
        return not immediate and bool(theirs_legal) and not optional

    def game(self, variant, max_plies):
        start = sf.get_fen(variant, sf.start_fen(variant), [])
        if variant not in self.starts_compared:
            # tetrarch's own start position (its data file's startFen)
            # against Fairy-Stockfish's, once a variant.
            self.starts_compared.add(variant)
            own = self.t.ask({"cmd": "new", "variant": variant})
            if own["fen"] != start:
                self.fail(variant, start, [], f"start position: tetrarch {own['fen']}, pyffish {start}")
                return
        ours = self.t.ask({"cmd": "new", "variant": variant, "fen": start})
        # pyffish replays a FEN and moves on every call: it is asked from the
        # last position where the halfmove clock was 0 (no repetition reaches
        # further back) with the moves since, so each call replays few moves.
        base, tail, played = start, [], []
        while True:
            self.plies[variant] = self.plies.get(variant, 0) + 1
            if not self.compare(variant, base, tail, ours, start, played) or len(played) >= max_plies:
                break
            legal = ours["legal"]
            board = board_of(ours["fen"])
            pick = [m for m in legal if interesting(m, board)]
            choice = self.rng.choice(pick if pick and self.rng.random() < 0.5 else legal)
            if len(played) >= 2 and self.rng.random() < self.shuffle:
                frm, to, rest = split_move(played[-2])
                if not rest and to + frm in legal:
                    choice = to + frm
            if self.last_fen.split(" ")[4:5] == ["0"]:
                base, tail = self.last_fen, []
            # The move as a PGN writes it (SAN), against pyffish's.
            theirs_san = sf.get_san(variant, self.last_fen, choice, False, sf.NOTATION_SAN)
            ours_san = ours["san"].get(choice)
            if ours_san != theirs_san and ours_san is not None and ours_san.rstrip("+#") == theirs_san:
                # The check mark comes from Fairy-Stockfish's incremental
                # check test, which misses a hopping royal's check; set up
                # from the FEN after the move it sees the check too.
                after = sf.get_fen(variant, self.last_fen, [choice])
                if sf.gives_check(variant, after, []):
                    self.quirks["SAN check seen only from the FEN"] = self.quirks.get("SAN check seen only from the FEN", 0) + 1
                    theirs_san = ours_san
            elif ours_san != theirs_san and ours_san is not None and theirs_san.rstrip("+#") == ours_san:
                # The other way round: Fairy-Stockfish's predicted check
                # (crowdedxiangqi's advisors) that the position after the
                # move does not have, by pyffish's own check test.
                after = sf.get_fen(variant, self.last_fen, [choice])
                if not sf.gives_check(variant, after, []):
                    self.quirks["SAN check mark without a check"] = self.quirks.get("SAN check mark without a check", 0) + 1
                    theirs_san = ours_san
            if ours_san != theirs_san:
                self.fail(variant, start, played, f"SAN of {choice}: tetrarch {ours['san'].get(choice)!r}, pyffish {theirs_san!r}")
                break
            played.append(choice)
            tail.append(choice)
            ours = self.t.ask({"cmd": "play", "move": choice})
        self.games[variant] = self.games.get(variant, 0) + 1


# The worker process's tetrarch side, started once by the pool's
# initializer and asked by every variant the worker plays.
WORKER_TETRARCH = None


def start_worker(binary):
    global WORKER_TETRARCH
    WORKER_TETRARCH = Tetrarch(binary)


def run_variant(task):
    """Plays the games of one variant in a worker; returns the counts and a
    report. Its moves are drawn from a generator seeded by the seed and the
    variant, so a variant plays the same games whichever worker takes it."""
    variant, target, seed, max_game, shuffle = task
    report = io.StringIO()
    sys.stdout = report
    diff = Differential(WORKER_TETRARCH, f"{seed}:{variant}", shuffle)
    while diff.plies.get(variant, 0) < target and diff.failures < 20:
        diff.game(variant, max_game)
    sys.stdout = sys.__stdout__
    return {
        "plies": diff.plies,
        "games": sum(diff.games.values()),
        "ends": diff.ends,
        "quirks": diff.quirks,
        "failures": diff.failures,
        "report": report.getvalue(),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plies", type=int, default=50000, help="plies to compare in all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-game", type=int, default=200, help="most plies of one game")
    ap.add_argument("--variant", action="append", help="only these variants")
    ap.add_argument(
        "--shuffle",
        type=float,
        default=0.0,
        help="chance of moving back the piece the side to move moved last (drives games into repetitions)",
    )
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "ci", "examples", "fsf_differential"))
    a = ap.parse_args()

    with open(FSF_INI) as f:
        config = f.read()
    with open(TETRARCHY_INI) as f:
        config += "\n" + f.read()
    sf.load_variant_config(config)

    t = Tetrarch(a.binary)
    ours = set(t.ask({"cmd": "list"})["variants"])
    t.proc.stdin.close()
    t.proc.wait()
    variants = sorted(v for v in ours if v in sf.variants())
    if a.variant:
        variants = [v for v in variants if v in a.variant]
    if not variants:
        sys.exit("no variant to compare")
    # Every variant gets an equal share, chess and tetrarchy at least their
    # minimum; the variants are dealt to one worker per core.
    share = max(1, a.plies // len(variants))
    jobs = [
        (v, max(share, MINIMUM.get(v, 0)) if len(variants) > 1 else a.plies)
        for v in variants
    ]
    workers = max(1, min(a.jobs, len(jobs)))
    # The longest shares first, then a variant to whichever worker is free,
    # so that the workers finish together.
    tasks = [(v, target, a.seed, a.max_game, a.shuffle) for v, target in sorted(jobs, key=lambda j: -j[1])]
    start = time.time()
    with multiprocessing.get_context("fork").Pool(workers, initializer=start_worker, initargs=(a.binary,)) as pool:
        results = list(pool.imap_unordered(run_variant, tasks))
    results.sort(key=lambda r: sorted(r["plies"]))
    seconds = time.time() - start
    plies, games, ends, quirks, failures = {}, 0, {}, {}, 0
    for r in results:
        plies.update(r["plies"])
        games += r["games"]
        failures += r["failures"]
        for k, v in r["ends"].items():
            ends[k] = ends.get(k, 0) + v
        for k, v in r["quirks"].items():
            quirks[k] = quirks.get(k, 0) + v
        sys.stdout.write(r["report"])
    total = sum(plies.values())
    print(
        f"{total} plies in {games} games of {len(variants)} variants compared with pyffish "
        f"{'.'.join(map(str, sf.version()))} in {seconds:.0f} s ({workers} workers); "
        f"chess {plies.get('chess', 0)} plies, tetrarchy {plies.get('tetrarchy', 0)}"
    )
    print("games ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    if quirks:
        print("Fairy-Stockfish agreeing only from the FEN: " + ", ".join(f"{k} {v}" for k, v in sorted(quirks.items())))
    print(f"{total - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
