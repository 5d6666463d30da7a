#!/usr/bin/env python3
"""Repetition verdicts of tetrarch against Fairy-Stockfish (pyffish).

Random games seldom repeat a position three times, and almost never by a
chase, so the differential (fsf_differential.py) rarely sees perpetual check
or xiangqi's chasing rule decide a game. This test makes the repetitions: in
seeded random mid-game positions, after one more move, it plays every cycle
of four plies that two moves and their reverses make (each side moving a
piece and moving it back), twice over, and asks Fairy-Stockfish for its
verdict on the third occurrence (is_optional_game_end). Every cycle that
Fairy-Stockfish decides (a win or a loss: perpetual check, chasing), and a
seeded sample of the drawn ones, is replayed in tetrarch ply by ply, and the
optional end and its value must agree at every ply (the first end either
engine sees stops the comparison).

Usage (from the repository root, pyffish installed, the differential's
binary built: `cargo build --profile ci --examples`):
  python3 tests/differential/fsf_cycles.py --variant xiangqi --positions 10
"""
import argparse
import os
import random
import sys

import pyffish as sf

from fsf_differential import FSF_INI, ROOT, Tetrarch, split_move, value_sign


def reverse(move):
    """The move back (`h8h7` for `h7h8`), or None for a drop or promotion."""
    frm, to, rest = split_move(move)
    return None if rest or "@" in move else to + frm


def replay(t, variant, fen, moves):
    """Compares the optional end ply by ply; returns a disagreement or None."""
    ours = t.ask({"cmd": "new", "variant": variant, "fen": fen})
    for i in range(len(moves) + 1):
        if i:
            ours = t.ask({"cmd": "play", "move": moves[i - 1]})
        holds, value = sf.is_optional_game_end(variant, fen, moves[:i])
        optional, end = ours["optional"], ours["end"]
        if (
            optional["holds"] != holds
            or (end is not None) != holds
            or (holds and (optional["value"] != value_sign(value) or end["value"] != value_sign(value)))
        ):
            return f"after {' '.join(moves[:i])}: tetrarch {optional} {end}, pyffish {(holds, value)}"
        if holds:
            return None
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", action="append", required=True)
    ap.add_argument("--positions", type=int, default=10, help="random positions per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--drawn-sample", type=float, default=0.01, help="share of the drawn cycles replayed")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "ci", "examples", "fsf_differential"))
    a = ap.parse_args()
    with open(FSF_INI) as f:
        sf.load_variant_config(f.read())
    t = Tetrarch(a.binary)
    rng = random.Random(a.seed)
    failures = 0
    for variant in a.variant:
        start = sf.start_fen(variant)
        counts = {"positions": 0, "cycles": 0, "decided": 0, "replayed": 0}
        while counts["positions"] < a.positions:
            moves = []
            for _ in range(rng.randint(10, 60)):
                legal = sf.legal_moves(variant, start, moves)
                if not legal:
                    break
                moves.append(rng.choice(legal))
            fen = sf.get_fen(variant, start, moves)
            legal = sf.legal_moves(variant, fen, [])
            if not legal:
                continue
            # One move first, so that the cycle does not start at the root.
            pre = [rng.choice(legal)]
            if sf.is_optional_game_end(variant, fen, pre)[0] or not sf.legal_moves(variant, fen, pre):
                continue
            counts["positions"] += 1
            for m1 in sf.legal_moves(variant, fen, pre):
                r1 = reverse(m1)
                if r1 is None:
                    continue
                for m2 in sf.legal_moves(variant, fen, pre + [m1]):
                    r2 = reverse(m2)
                    if r2 is None or r1 not in sf.legal_moves(variant, fen, pre + [m1, m2]):
                        continue
                    # A capture ends the cycle: the position cannot return.
                    if sf.get_fen(variant, fen, pre + [m1, m2]).split()[4] in ("0", "1"):
                        continue
                    if r2 not in sf.legal_moves(variant, fen, pre + [m1, m2, r1]):
                        continue
                    cycle = pre + [m1, m2, r1, r2] * 2
                    counts["cycles"] += 1
                    holds, value = sf.is_optional_game_end(variant, fen, cycle)
                    decided = holds and value != 0
                    counts["decided"] += decided
                    if decided or rng.random() < a.drawn_sample:
                        counts["replayed"] += 1
                        problem = replay(t, variant, fen, cycle)
                        if problem:
                            failures += 1
                            print(f"DISAGREEMENT in {variant}: {problem}")
                            print(f"  start: {fen}")
                            print(f"  moves: {' '.join(cycle)}")
        print(
            f"{variant}: {counts['cycles']} cycles in {counts['positions']} positions, "
            f"{counts['decided']} decided by Fairy-Stockfish, {counts['replayed']} replayed in tetrarch"
        )
    print(f"{failures} disagreements")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
