#!/usr/bin/env python3
"""Loads PGN files that `tetrarch play --pgn` wrote into Fairy-Stockfish
(pyffish): every game's variant (`[Variant]`, chess without it) and start
(`[FEN]`, else the variant's), and every move read by its SAN, which must
be the SAN pyffish gives exactly one legal move; the last position's FEN
must then be legal for pyffish too. Exits 1 at the first move that does not
load, naming the game and the move.

Usage: pgn_loads.py [--ini FILE]... PGN...
"""

import argparse
import re
import sys

import pyffish as sf


def games(text):
    """(tags, SAN tokens) of each game of a PGN file."""
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        tokens = [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", t)]
        yield tags, tokens


def could_name(move, token):
    """Whether a SAN token could name a UCI move: a walling move's SAN ends
    with its wall square after a comma (`d1a1,a1b1` is `Qda1,b1`), so the
    other walls' moves (a thousand in duck chess) need no get_san."""
    if "," not in move:
        return True
    wall = re.findall(r"[a-z]\d+", move.split(",", 1)[1])[-1]
    return token.rstrip("+#").endswith("," + wall)


def destination(text):
    """The square a SAN token or a UCI move goes to (its last square name
    before a wall's comma), or None where none can be read (castling)."""
    squares = re.findall(r"[a-z]\d+", text.split(",", 1)[0])
    return squares[-1] if squares else None


def could_have_san(move, token):
    """Whether a UCI move could have the SAN `token`: a SAN names the
    destination square (castling aside), so only the legal moves to that
    square need get_san, each of which costs pyffish a setup of the whole
    variant. A token whose destination cannot be read keeps every move."""
    to = destination(token)
    return to is None or token.startswith("O-O") or destination(move) == to


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ini", action="append", default=[])
    ap.add_argument("pgn", nargs="+")
    a = ap.parse_args()
    for path in a.ini:
        sf.load_variant_config(open(path).read())
    loaded = moves_loaded = 0
    for path in a.pgn:
        for number, (tags, tokens) in enumerate(games(open(path).read()), 1):
            variant = tags.get("Variant", "chess")
            fen = tags.get("FEN", sf.start_fen(variant))
            played = []
            for token in tokens:
                here = sf.get_fen(variant, fen, played)
                matches = [
                    m
                    for m in sf.legal_moves(variant, fen, played)
                    if could_name(m, token) and could_have_san(m, token) and sf.get_san(variant, here, m) == token
                ]
                if len(matches) != 1:
                    print(f"{path}, game {number} ({variant}): `{token}` after {' '.join(played) or 'the start'} "
                          f"matches {matches or 'no legal move'}", file=sys.stderr)
                    sys.exit(1)
                played.append(matches[0])
            loaded += 1
            moves_loaded += len(played)
    if loaded == 0:
        print("pgn_loads: no game in the files", file=sys.stderr)
        sys.exit(1)
    print(f"pgn_loads: {loaded} games, {moves_loaded} moves loaded by pyffish {'.'.join(map(str, sf.version()))}")


if __name__ == "__main__":
    main()
