#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (fuzz/corpus/<target>/) from the
repository's own data: the reference perft positions, the variant files,
the broken-file fixtures and the Betza table. Run from anywhere; cargo fuzz
then grows each corpus from these seeds."""

import hashlib
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FOUR = ["4pc-teams", "4pc-ffa", "4pc-solo", "cuatro-equipos", "cuatro-individual", "tetrion-prime"]


def write(target, data):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def records(path):
    """(variant, fen) of a .perft file."""
    variant, out = None, []
    for line in open(os.path.join(ROOT, "tests/data/perft", path)):
        key, _, value = line.strip().partition(" ")
        if key == "variant":
            variant = value
        elif key in ("fen", "fen4"):
            out.append((variant, value))
    return out


def main():
    rng = random.Random(1)
    two = records("fsf-chess.perft") + records("fsf-tetrarchy.perft") + records("fsf-corpus.perft")
    two = [(v or "chess", f) for v, f in two]
    four = [(name, fen) for _, fen in records("four-player.perft") for name in FOUR]
    for variant, fen in two:
        write("fen", f"{variant}\n{fen}".encode())
    for variant, fen in four:
        write("fen4", f"{variant}\n{fen}".encode())
    for variant, fen in two + four:
        choices = bytes(rng.randrange(256) for _ in range(40))
        write("random_play", f"{variant}\n{fen}\n".encode() + choices)
    for variant, fen in two[::3] + four[::6]:
        for text in ("e2e4", "e7e8q", "e1g1", "h2-h4", "e10-e11=Q", "O-O", "a7a8+", "Bi14xBa6", "d1h5"):
            choices = bytes(rng.randrange(256) for _ in range(12))
            write("move_text", f"{variant}\n{text}\n".encode() + choices)
    files = [os.path.join(ROOT, "variants", f) for f in os.listdir(os.path.join(ROOT, "variants"))]
    files += [os.path.join(ROOT, "tests/broken", f) for f in os.listdir(os.path.join(ROOT, "tests/broken"))]
    for path in files:
        write("variant_file", open(path, "rb").read())
    # variants.ini, one section (with its parents' text before it) at a time.
    sections = open(os.path.join(ROOT, "tests/data/fsf/variants.ini"), "rb").read().split(b"\n[")
    for section in sections[1:]:
        write("variant_file", b"[" + section)
    for line in open(os.path.join(ROOT, "tests/data/betza/fsf-betza.tsv")):
        betza = line.split("\t")[0]
        for files, ranks in ((8, 8), (5, 5), (12, 10)):
            header = bytes([files, ranks, 27]) + rng.randrange(2**64).to_bytes(8, "little")
            write("betza", header + betza.encode())


if __name__ == "__main__":
    main()
