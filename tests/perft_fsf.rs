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

#[test]
fn fsf_corpus_supported_variants_match() {
    let mut catalog = Catalog::shipped();
    let text = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    let records = read_perft("perft/fsf-corpus.perft");
    let mut matched = 0;
    let mut unsupported = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    let mut failed = std::collections::BTreeSet::new();
    for record in &records {
        let compiled = catalog.checked(&record.variant).ok().map(compile);
        let Some(Ok(rules)) = compiled else {
            unsupported.insert(record.variant.clone());
            continue;
        };
        let mut pos = match Position::from_fen(&rules, &record.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: bad FEN: {e}", record.id));
                failed.insert(record.variant.clone());
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
                failed.insert(record.variant.clone());
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
    // The finish line for breadth: sections of variants.ini whose parent is
    // chess or none, supported and matching on all their records.
    let ini = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    let chess_like: Vec<String> = ini
        .lines()
        .filter_map(|l| {
            l.strip_prefix('[')?
                .split_once(']')
                .map(|(h, _)| h.to_string())
        })
        .filter_map(|h| match h.split_once(':') {
            None => Some(h),
            Some((name, "chess")) => Some(name.to_string()),
            _ => None,
        })
        .collect();
    let good = chess_like
        .iter()
        .filter(|v| !unsupported.contains(*v) && !failed.contains(*v))
        .count();
    println!(
        "{good} of {} sections with parent chess or none supported and matching",
        chess_like.len()
    );
    assert!(
        good >= 52,
        "only {good} chess-like sections supported and matching"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
