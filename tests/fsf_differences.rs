//! Regressions for disagreements with Fairy-Stockfish that a differential
//! run found (issue 9). Each expected FEN was printed by Fairy-Stockfish
//! (pyffish 0.0.90, `get_fen(variant, fen, moves)` with
//! `tests/data/fsf/variants.ini` loaded).

mod common;

use common::data;
use tetrarch::catalog::Catalog;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::setup::parse_uci;
use tetrarch::source::SourceFile;

/// The FEN after playing `moves` from `fen` in a section of FSF's file.
fn fen_after(variant: &str, fen: &str, moves: &[&str]) -> String {
    let ini = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    let mut catalog = Catalog::shipped();
    catalog.load(SourceFile::new("variants.ini", ini));
    let rules = compile(catalog.checked(variant).expect("no errors")).expect("supported");
    let mut pos = Position::from_text(&rules, fen).expect("a valid FEN");
    for text in moves {
        let mv = parse_uci(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
    pos.fen()
}

#[test]
fn promotions_reset_the_halfmove_clock() {
    assert_eq!(
        fen_after("allwayspawns", "4k3/P7/8/8/8/8/8/4K3 w - - 5 3", &["a7a8q"]),
        "Q3k3/8/8/8/8/8/8/4K3 b - - 0 3"
    );
    assert_eq!(
        fen_after("backrank", "4k3/8/8/8/8/8/2n5/K7 b - - 5 3", &["c2e1+"]),
        "4k3/8/8/8/8/8/8/K3+n3 w - - 0 4"
    );
}

#[test]
fn a_triple_step_leaves_only_the_squares_an_enemy_pawn_can_take_on() {
    // The Black pawn on e5 attacks f4 but not f3.
    assert_eq!(
        fen_after(
            "wildebeest",
            "5k5/11/11/11/11/4p6/11/11/5P5/5K5 w - - 0 1",
            &["f2f5"]
        ),
        "5k5/11/11/11/11/4pP5/11/11/11/5K5 b - f4 0 1"
    );
    assert_eq!(
        fen_after(
            "wildebeest",
            "5k5/11/11/11/11/4p6/11/11/5P5/5K5 w - - 0 1",
            &["f2f5", "e5f4"]
        ),
        "5k5/11/11/11/11/11/5p5/11/11/5K5 w - - 0 2"
    );
}
