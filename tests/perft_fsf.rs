//! Perft against Fairy-Stockfish's own counts (`tests/data/perft/`).

mod common;

use common::{data, read_perft};
use tetrarch::catalog::Catalog;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::source::SourceFile;

/// Records with more nodes than this are skipped to keep the suite fast.
const NODE_CAP: u64 = 5_000_000;

/// Variants of the corpus matched on all their records when this was last
/// raised (it only rises).
const MATCHED_FLOOR: usize = 265;

/// Runs every record of a file whose variant compiles; returns the failures
/// and the number of (record, depth) pairs matched.
fn run(catalog: &Catalog, file: &str, must_compile: bool) -> (usize, usize, Vec<String>) {
    let mut matched = 0;
    let mut skipped = 0;
    let mut failures = Vec::new();
    for record in read_perft(file) {
        let def = catalog
            .checked(&record.variant)
            .unwrap_or_else(|e| panic!("{}: {e}", record.id));
        let rules = match compile(def) {
            Ok(r) => r,
            Err(e) => {
                assert!(!must_compile, "{}: {e}", record.id);
                skipped += 1;
                continue;
            }
        };
        let mut pos = match Position::from_fen(&rules, &record.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: bad FEN: {e}", record.id));
                continue;
            }
        };
        for &(depth, expected) in &record.counts {
            if expected > NODE_CAP {
                continue;
            }
            let got = perft(&mut pos, depth);
            if got == expected {
                matched += 1;
            } else {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    record.id
                ));
                break;
            }
        }
    }
    (matched, skipped, failures)
}

#[test]
fn fsf_chess_records_match() {
    let (matched, _, failures) = run(&Catalog::shipped(), "perft/fsf-chess.perft", true);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(matched > 30, "only {matched} counts checked");
}

#[test]
fn fsf_tetrarchy_records_match() {
    let (matched, _, failures) = run(&Catalog::shipped(), "perft/fsf-tetrarchy.perft", true);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(matched > 10, "only {matched} counts checked");
}

/// What the corpus says of one variant.
#[derive(Default)]
struct VariantTally {
    /// Records whose every count up to the cap matched.
    matched: usize,
    /// Records in the corpus.
    records: usize,
    /// Why tetrarch does not play it, if it does not.
    unsupported: Option<String>,
    /// Wrong counts and unreadable positions.
    failures: Vec<String>,
}

/// Every record of Fairy-Stockfish's corpus (265 variants: the built-ins,
/// which tetrarch ships as `variants/fairy-stockfish.ini`, and the sections
/// of its `variants.ini`) that tetrarch plays, at every depth up to the node
/// cap. Prints a line per variant; fails on any wrong count.
#[test]
fn fsf_corpus_supported_variants_match() {
    let mut catalog = Catalog::shipped();
    let text = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    let records = read_perft("perft/fsf-corpus.perft");
    let mut tallies: std::collections::BTreeMap<&str, VariantTally> = Default::default();
    for record in &records {
        let tally = tallies.entry(record.variant.as_str()).or_default();
        tally.records += 1;
        if tally.unsupported.is_some() {
            continue;
        }
        let rules = match catalog.checked(&record.variant).map(compile) {
            Ok(Ok(rules)) => rules,
            Ok(Err(e)) => {
                tally.unsupported = Some(e.to_string());
                continue;
            }
            Err(e) => {
                tally.unsupported = Some(e.to_string());
                continue;
            }
        };
        let mut pos = match Position::from_fen(&rules, &record.fen) {
            Ok(p) => p,
            Err(e) => {
                tally.failures.push(format!("{}: bad FEN: {e}", record.id));
                continue;
            }
        };
        let mut ok = true;
        for &(depth, expected) in &record.counts {
            if expected > NODE_CAP {
                continue;
            }
            let got = perft(&mut pos, depth);
            if got != expected {
                tally.failures.push(format!(
                    "{} ({}) depth {depth}: expected {expected}, got {got}",
                    record.id, record.fen
                ));
                ok = false;
                break;
            }
        }
        if ok {
            tally.matched += 1;
        }
    }
    let mut all_matched = 0;
    let mut failures = Vec::new();
    for (variant, tally) in &tallies {
        match &tally.unsupported {
            Some(why) => println!("{variant}: not played: {why}"),
            None => println!(
                "{variant}: {} of {} records matched",
                tally.matched, tally.records
            ),
        }
        if tally.unsupported.is_none() && tally.failures.is_empty() {
            all_matched += 1;
        }
        failures.extend(tally.failures.iter().cloned());
    }
    let played = tallies.values().filter(|t| t.unsupported.is_none()).count();
    println!(
        "{all_matched} of {} variants matched on all their records ({played} played)",
        tallies.len()
    );
    assert!(
        failures.is_empty(),
        "{} wrong counts:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // What tetrarch played when this floor was set; it only rises.
    assert!(
        all_matched >= MATCHED_FLOOR,
        "only {all_matched} variants matched, fewer than the {MATCHED_FLOOR} of before"
    );
}
