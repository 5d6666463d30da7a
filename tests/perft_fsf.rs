//! Perft against Fairy-Stockfish's own counts (`../shared/reference/perft/`).

mod common;

use common::{read_perft, shared};
use tetrarch::catalog::Catalog;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::source::SourceFile;

/// Records with more nodes than this are skipped to keep the suite fast.
const NODE_CAP: u64 = 5_000_000;

/// Runs every record of a file whose variant compiles; returns the failures
/// and the number of (record, depth) pairs matched.
fn run(catalog: &Catalog, file: &str, must_compile: bool) -> (usize, usize, Vec<String>) {
    let mut matched = 0;
    let mut skipped = 0;
    let mut failures = Vec::new();
    for record in read_perft(file) {
        let def = catalog
            .get(&record.variant)
            .unwrap_or_else(|| panic!("unknown variant {}", record.variant));
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
    let (matched, _, failures) = run(&Catalog::shipped(), "reference/perft/fsf-chess.perft", true);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(matched > 30, "only {matched} counts checked");
}

#[test]
fn fsf_tetrarchy_records_match() {
    let (matched, _, failures) = run(
        &Catalog::shipped(),
        "reference/perft/fsf-tetrarchy.perft",
        true,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(matched > 10, "only {matched} counts checked");
}

#[test]
fn fsf_corpus_supported_variants_match() {
    let mut catalog = Catalog::shipped();
    let text = std::fs::read_to_string(shared("reference/fsf/variants.ini")).expect("variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    let records = read_perft("reference/perft/fsf-corpus.perft");
    let mut matched = 0;
    let mut unsupported = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for record in &records {
        let compiled = catalog.get(&record.variant).map(compile);
        let Some(Ok(rules)) = compiled else {
            unsupported.insert(record.variant.clone());
            continue;
        };
        let mut pos = match Position::from_fen(&rules, &record.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: bad FEN: {e}", record.id));
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
                failures.push(format!(
                    "{} ({}) depth {depth}: expected {expected}, got {got}",
                    record.id, record.fen
                ));
                ok = false;
                break;
            }
        }
        if ok {
            matched += 1;
        }
    }
    println!(
        "matched {matched} of {} records, {} variants unsupported",
        records.len(),
        unsupported.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
