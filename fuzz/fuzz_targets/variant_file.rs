//! A variant file: read, checked, reported as `tetrarch check` reports it,
//! described, compiled, and every compiled section's start position set
//! up and counted two plies deep. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tetrarch::catalog::Catalog;
use tetrarch::cli::check::report;
use tetrarch::describe::{board_svg, markdown, overview, piece_svg};
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
        let Ok(checked) = catalog.checked(&name) else {
            continue;
        };
        let o = overview(checked);
        let _ = (tetrarch::describe::text(&o), markdown(&o), board_svg(&o));
        for piece in &o.pieces {
            let _ = piece_svg(piece);
        }
        let Ok(rules) = compile(checked) else {
            continue;
        };
        if let Ok(mut pos) = Position::from_text(&rules, checked.start_fen()) {
            perft(&mut pos, 2);
        }
    }
});
