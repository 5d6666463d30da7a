//! Games written as PGN for two players: Standard Algebraic Notation as
//! Fairy-Stockfish writes it (a letter for every piece but its built-in
//! pawn, `x` for captures, `=Q` after any promotion or demotion naming the
//! type the piece becomes, `O-O` / `O-O-O`, `+` a check on the royal king,
//! `#` mate) and
//! the tags Fairy-Stockfish's tools read (`[Variant]`, `[FEN]`).

use crate::game::{Game, GameResult, Outcome};
use crate::moves::Move;
use crate::notation::san::san;
use crate::position::Position;
use crate::seat::Seat;

/// Appends a tag pair `[Name "value"]`, the value's `\` and `"` escaped.
pub(crate) fn tag(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{value}\"]\n"));
}

/// A two-player game's result as PGN (and XBoard) write it: `1-0`, `0-1`,
/// `1/2-1/2`, or `*` while it goes on or when it was aborted.
pub fn result_token(game: &Game) -> &'static str {
    match game.result() {
        Some(GameResult {
            outcome: Outcome::Win { winners },
            ..
        }) => {
            if winners.first() == Some(&Seat::FIRST) {
                "1-0"
            } else {
                "0-1"
            }
        }
        Some(GameResult {
            outcome: Outcome::Draw,
            ..
        }) => "1/2-1/2",
        _ => "*",
    }
}

/// The PGN of a two-player game played from `start`: the seven-tag roster
/// (unknown values `?`), `[Variant]` for any variant but chess, `[FEN]` and
/// `[SetUp]` when the start is not the variant's, then the moves in SAN
/// with move numbers, and the result.
pub fn pgn(
    game: &Game,
    start: &str,
    variant_start: &str,
    moves: &[Move],
    names: [&str; 2],
) -> String {
    let rules = game.rules();
    let result = result_token(game);
    let mut out = String::new();
    tag(&mut out, "Event", "tetrarch game");
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", "????.??.??");
    tag(&mut out, "Round", "?");
    tag(&mut out, "White", names[0]);
    tag(&mut out, "Black", names[1]);
    tag(&mut out, "Result", result);
    if rules.name != "chess" {
        tag(&mut out, "Variant", &rules.name);
    }
    if start != variant_start {
        tag(&mut out, "FEN", start);
        tag(&mut out, "SetUp", "1");
    }
    if let Some(result) = game.result() {
        tag(&mut out, "Termination", result.rule.name());
    }
    out.push('\n');
    let mut pos = Position::from_text(game.position().shared_rules().clone(), start)
        .expect("the game's own start");
    let mut text = String::new();
    for (i, &mv) in moves.iter().enumerate() {
        let white = pos.to_move() == Seat::FIRST;
        if white || i == 0 {
            let number = pos.fullmove();
            text += &if white {
                format!("{number}. ")
            } else {
                format!("{number}... ")
            };
        }
        text += &san(&mut pos, mv);
        text.push(' ');
        pos.make(mv);
    }
    text += result;
    // Lines of at most 80 characters.
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    out += &line;
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::notation::uci::parse_uci;
    use crate::rules::compile;

    /// Each case's SAN as pyffish 0.0.90's `get_san` gives it.
    #[test]
    fn san_is_written_as_fairy_stockfish_writes_it() {
        let catalog = Catalog::shipped();
        let rules = compile(catalog.checked("chess").expect("shipped")).expect("chess");
        for (fen, uci, expected) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "g1f3",
                "Nf3",
            ),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+"),
            ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1a8", "Ra8+"),
            ("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8", "Rh8#"),
            ("8/4k3/8/8/8/8/7K/R6R w - - 0 1", "a1d1", "Rad1"),
            ("7k/8/R7/8/8/8/8/R6K w - - 0 1", "a1a4", "R1a4"),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                "e4d5",
                "exd5",
            ),
        ] {
            let mut pos = Position::from_fen(&rules, fen).expect("a FEN");
            let mv = parse_uci(&mut pos, uci).expect("legal");
            assert_eq!(san(&mut pos, mv), expected, "{fen} {uci}");
        }
    }

    /// Sittuyin's promotions, as pyffish 0.0.90's `get_san` gives them.
    #[test]
    fn sittuyin_promotions_are_written_as_fairy_stockfish_writes_them() {
        let catalog = Catalog::shipped();
        let rules = compile(catalog.checked("sittuyin").expect("shipped")).expect("sittuyin");
        let fen = "8/8/8/3P4/8/8/8/K6k[] w - - 0 40";
        for (uci, expected) in [("d5d5f", "d5=F"), ("d5c4f", "d5c4=F")] {
            let mut pos = Position::from_fen(&rules, fen).expect("a FEN");
            let mv = parse_uci(&mut pos, uci).expect("legal");
            assert_eq!(san(&mut pos, mv), expected, "{uci}");
        }
    }

    /// Gating moves, as pyffish 0.0.90's `get_san` gives them.
    #[test]
    fn gating_is_written_as_fairy_stockfish_writes_it() {
        let catalog = Catalog::shipped();
        let rules = compile(catalog.checked("seirawan").expect("shipped")).expect("seirawan");
        for (fen, uci, expected) in [
            (
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 2",
                "g1f3h",
                "Nf3/H",
            ),
            (
                "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqcdg - 4 4",
                "h1e1e",
                "O-O/Eh1",
            ),
            (
                "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqbcd - 4 4",
                "e1g1h",
                "O-O/He1",
            ),
        ] {
            let mut pos = Position::from_fen(&rules, fen).expect("a FEN");
            let mv = parse_uci(&mut pos, uci).expect("legal");
            assert_eq!(san(&mut pos, mv), expected, "{fen} {uci}");
        }
    }
}
