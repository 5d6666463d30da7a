//! Four-player perft against an independent engine
//! (`tests/data/perft/four-player.perft`), start counts of RULES.md,
//! FEN4 round trips and errors.

mod common;

use common::{data, walk};
use tetrarch::catalog::Catalog;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::{RuleTable, compile};

/// Counts above this are skipped to keep the suite fast.
const NODE_CAP: u64 = 7_000_000;

struct Record {
    id: String,
    fen4: String,
    /// (window, depth, nodes).
    counts: Vec<(String, u32, u64)>,
}

fn records() -> Vec<Record> {
    let text = std::fs::read_to_string(data("perft/four-player.perft")).expect("four-player.perft");
    let mut out: Vec<Record> = Vec::new();
    for line in text.lines() {
        if let Some(id) = line.strip_prefix("id ") {
            out.push(Record {
                id: id.to_string(),
                fen4: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(fen4) = line.strip_prefix("fen4 ") {
            out.last_mut().expect("id first").fen4 = fen4.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let parts: Vec<&str> = rest.split_whitespace().collect();
            out.last_mut().expect("id first").counts.push((
                parts[0].to_string(),
                parts[1].parse().expect("depth"),
                parts[2].parse().expect("nodes"),
            ));
        }
    }
    out
}

fn rules(variant: &str) -> RuleTable {
    compile(Catalog::shipped().checked(variant).expect("shipped")).expect("compiles")
}

fn check_window(variant: &str, window: &str) {
    let rules = rules(variant);
    let mut checked = 0;
    let mut failures = Vec::new();
    for record in records() {
        let mut pos = Position::from_fen4(&rules, &record.fen4)
            .unwrap_or_else(|e| panic!("{}: {e}", record.id));
        for (w, depth, expected) in &record.counts {
            if w != window || *expected > NODE_CAP {
                continue;
            }
            let got = perft(&mut pos, *depth);
            checked += 1;
            if got != *expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    record.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 40, "only {checked} counts checked");
}

#[test]
fn teams_match_every_until_pusher_moves_line() {
    check_window("4pc-teams", "until-pusher-moves");
}

#[test]
fn cuatro_equipos_matches_every_next_player_line() {
    check_window("cuatro-equipos", "next-player");
}

fn start_counts(variant: &str) -> Vec<u64> {
    let rules = rules(variant);
    let catalog = Catalog::shipped();
    let fen = catalog
        .get(variant)
        .expect("shipped")
        .start_fen()
        .to_string();
    let mut pos = Position::from_fen4(&rules, &fen).expect("start FEN4");
    (1..=5).map(|d| perft(&mut pos, d)).collect()
}

#[test]
fn tetrion_prime_start() {
    assert_eq!(
        start_counts("tetrion-prime"),
        [20, 395, 7_800, 152_050, 3_450_730]
    );
}

#[test]
fn free_for_all_starts_equal_the_team_counts() {
    assert_eq!(
        start_counts("4pc-ffa"),
        [20, 395, 7_800, 152_050, 3_452_310]
    );
    assert_eq!(
        start_counts("4pc-solo"),
        [20, 395, 7_800, 152_050, 3_452_310]
    );
    assert_eq!(
        start_counts("cuatro-individual"),
        [20, 395, 7_800, 152_050, 3_451_520]
    );
}

#[test]
fn fen4_round_trips_on_every_reference_position() {
    for variant in ["4pc-teams", "cuatro-equipos"] {
        let rules = rules(variant);
        for record in records() {
            let pos = Position::from_fen4(&rules, &record.fen4).expect("reference FEN4");
            assert_eq!(pos.fen4(), record.fen4, "{}", record.id);
        }
    }
}

#[test]
fn a_bad_fen4_names_the_field() {
    let rules = rules("4pc-teams");
    let start = records().into_iter().next().expect("the start record").fen4;
    let cases = [
        (start.replacen("R-", "Q-", 1), "seat to move"),
        (
            start.replacen("-1,1,1,1-1,1,1,1-", "-1,1,1-1,1,1,1-", 1),
            "king-side castling rights",
        ),
        (
            start.replacen("0,0,0,0-0-x", "0,0,0,0-zz-x", 1),
            "halfmove clock",
        ),
        (start.replacen("yR", "yZ", 1), "board field"),
        (start.replacen("yR", "qR", 1), "square of a FEN4 board"),
        ("R-0,0,0,0".to_string(), "7 fields"),
    ];
    for (fen, field) in cases {
        let error = Position::from_fen4(&rules, &fen)
            .expect_err(&fen)
            .to_string();
        assert!(error.contains(field), "{fen}: {error}");
    }
}

#[test]
fn boards_counting_corner_holes_as_empty_squares_are_read_too() {
    let rules = rules("4pc-teams");
    let start = records().into_iter().next().expect("the start record").fen4;
    let old_style = start
        .replace("x,x,x,", "3,")
        .replace(",x,x,x", ",3")
        .replace("3,8,3", "14");
    assert_ne!(old_style, start);
    let pos = Position::from_fen4(&rules, &old_style).expect("older board style");
    assert_eq!(pos.fen4(), start);
}

#[test]
fn make_unmake_restores_four_player_positions_and_hashes() {
    let mut checked = 0;
    for variant in ["4pc-teams", "cuatro-equipos", "4pc-ffa"] {
        let rules = rules(variant);
        for record in records() {
            let mut pos = Position::from_fen4(&rules, &record.fen4).expect("reference FEN4");
            assert_eq!(pos.hash(), pos.recompute_hash(), "{}", record.id);
            walk(&mut pos, 2, &mut checked);
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}
