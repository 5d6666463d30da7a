"""python-chess (an outside client of both protocols) drives `tetrarch uci`
or `tetrarch xboard` (the first argument): full games of chess, tetrarch
against itself at depth 2, against a random mover with a clock, and
against a random mover at 0.05 s a move (`Limit(time=0.05)`, XBoard's
`st 0.05`), every move checked legal on python-chess's own board; the games are printed as
PGN. Exits 1 on an illegal move, a crash or a timeout."""

import random
import sys

import chess
import chess.engine
import chess.pgn

TETRARCH = "target/ci/tetrarch"


def play(engine, white_random, limit, seed):
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < 300:
        if board.turn == chess.WHITE and white_random:
            move = rng.choice(list(board.legal_moves))
        else:
            result = engine.play(board, limit, game=seed)
            move = result.move
            if move is None or not board.is_legal(move):
                print(f"illegal move {move} in {board.fen()}", file=sys.stderr)
                sys.exit(1)
        board.push(move)
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "random" if white_random else "tetrarch"
    game.headers["Black"] = "tetrarch"
    print(game)
    print()
    return board


def main():
    protocol = sys.argv[1] if len(sys.argv) > 1 else "uci"
    popen = {
        "uci": chess.engine.SimpleEngine.popen_uci,
        "xboard": chess.engine.SimpleEngine.popen_xboard,
    }[protocol]
    with popen([TETRARCH, protocol], timeout=20) as engine:
        assert engine.id["name"].startswith("tetrarch"), engine.id
        if protocol == "uci":
            assert "UCI_Variant" in engine.options, engine.options
        first = play(engine, False, chess.engine.Limit(depth=2), 1)
        second = play(engine, True, chess.engine.Limit(white_clock=30, black_clock=30, white_inc=0.1, black_inc=0.1), 2)
        third = play(engine, True, chess.engine.Limit(time=0.05), 3)
        for game in (second, third):
            if not game.is_game_over() or game.outcome().winner != chess.BLACK:
                print("tetrarch did not beat the random mover", file=sys.stderr)
                sys.exit(1)
    print(
        f"{protocol}-python-chess: ok ({first.ply()}, {second.ply()} and {third.ply()} plies, "
        "every move legal)"
    )


if __name__ == "__main__":
    main()
