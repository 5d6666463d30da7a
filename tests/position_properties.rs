//! Properties of positions on every reference position: FEN round trips,
//! make/unmake restores the position and its hash, and the incremental hash
//! equals one computed from scratch.

mod common;

use common::{data, read_perft, walk};
use tetrarch::catalog::Catalog;
use tetrarch::position::Position;
use tetrarch::rules::{RuleTable, compile};
use tetrarch::source::SourceFile;

fn catalog() -> Catalog {
    let mut catalog = Catalog::shipped();
    let text = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    catalog
}

/// Every (variant rules, FEN) of the reference files whose variant compiles.
fn reference_positions(catalog: &Catalog) -> Vec<(RuleTable, String)> {
    let mut out = Vec::new();
    for file in [
        "perft/fsf-chess.perft",
        "perft/fsf-tetrarchy.perft",
        "perft/fsf-corpus.perft",
    ] {
        for record in read_perft(file) {
            if let Some(Ok(rules)) = catalog.checked(&record.variant).ok().map(compile) {
                out.push((rules, record.fen));
            }
        }
    }
    out
}

/// The FEN Fairy-Stockfish writes back for `fen`: the same, except that a
/// variant without castling writes its castling field as `-` (pyffish
/// 0.0.90 turns `forward` and `wildebeest`'s reference `KQkq` into `-`).
fn as_written(rules: &RuleTable, fen: &str) -> String {
    let castles = rules.castling.iter().any(|w| w.iter().any(Option::is_some));
    if castles {
        return fen.to_string();
    }
    let mut fields: Vec<&str> = fen.split(' ').collect();
    // Some FENs leave the castling field out (`... b 0 1`).
    if fields.len() > 2 && !fields[2].chars().all(|c| c.is_ascii_digit()) {
        fields[2] = "-";
    }
    fields.join(" ")
}

#[test]
fn fen_out_then_in_is_the_identity() {
    let catalog = catalog();
    let positions = reference_positions(&catalog);
    assert!(positions.len() > 150);
    let mut failures = Vec::new();
    for (rules, fen) in &positions {
        match Position::from_fen(rules, fen) {
            Ok(pos) if pos.fen() == as_written(rules, fen) => {}
            Ok(pos) => failures.push(format!("{}: {fen} came back as {}", rules.name, pos.fen())),
            Err(e) => failures.push(format!("{}: {fen}: {e}", rules.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        positions.len(),
        failures.join("\n")
    );
}

#[test]
fn make_unmake_restores_position_and_hash() {
    let catalog = catalog();
    let mut checked = 0;
    for (rules, fen) in reference_positions(&catalog) {
        let mut pos = Position::from_fen(&rules, &fen).expect("reference FEN");
        assert_eq!(pos.hash(), pos.recompute_hash(), "hash of {fen}");
        walk(&mut pos, 2, &mut checked);
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn impossible_fens_are_rejected_with_a_reason() {
    let catalog = Catalog::shipped();
    let rules = compile(catalog.checked("chess").expect("shipped")).expect("chess compiles");
    let cases = [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "White has 0 royal pieces"),
        ("kk6/8/8/8/8/8/8/7K w - - 0 1", "Black has 2 royal pieces"),
        (
            "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
            "Black is in check but not to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3e4e5 0 1",
            "more than two en-passant squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 × 7"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
            "`z` is not a piece",
        ),
    ];
    for (fen, reason) in cases {
        let error = Position::from_fen(&rules, fen).expect_err(fen).to_string();
        assert!(error.contains(reason), "{fen}: {error}");
    }
}

/// A position can own its rule table (`Arc`), so a game, bot or server can
/// keep it past the catalog and hand it to another thread.
#[test]
fn a_position_owns_its_rules_and_moves_between_threads() {
    use std::sync::Arc;
    let owned: Position<Arc<RuleTable>> = {
        let catalog = Catalog::shipped();
        let def = catalog.checked("chess").expect("shipped");
        let rules = Arc::new(compile(def).expect("chess compiles"));
        Position::from_text(rules, def.start_fen()).expect("a valid start")
    };
    let mut moved = owned.clone();
    let nodes = std::thread::spawn(move || tetrarch::perft::perft(&mut moved, 3))
        .join()
        .expect("the thread ends");
    assert_eq!(nodes, 8_902);
    assert!(Arc::ptr_eq(
        owned.shared_rules(),
        owned.clone().shared_rules()
    ));
}
