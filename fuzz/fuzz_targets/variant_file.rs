//! A variant file: read, checked, reported as `tetrarch check` reports it,
//! described, compiled, and every compiled section's start position set
//! up and counted two plies deep. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tetrarch::catalog::Catalog;
use tetrarch::cli::check::report;
use tetrarch::cli::describe::describe;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::source::SourceFile;

fuzz_target!(|text: &str| {
    let mut catalog = Catalog::shipped();
    let file = catalog.load(SourceFile::new("fuzzed.ini", text));
    let _ = report(&catalog, &[file]);
    let names: Vec<String> = catalog.files[file]
        .sections
        .iter()
        .map(|s| s.name.clone())
        .collect();
    for name in names {
        let Some(definition) = catalog.get(&name) else {
            continue;
        };
        let _ = describe(definition);
        let Ok(checked) = catalog.checked(&name) else {
            continue;
        };
        let Ok(rules) = compile(checked) else {
            continue;
        };
        if let Ok(mut pos) = Position::from_text(&rules, checked.start_fen()) {
            perft(&mut pos, 2);
        }
    }
});
