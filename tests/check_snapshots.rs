//! `check` on broken variant files: one mistake each, the full diagnostic
//! output pinned by a snapshot.

use tetrarch::catalog::Catalog;
use tetrarch::cli::check::report;
use tetrarch::source::SourceFile;

#[test]
fn broken_variant_files() {
    insta::glob!("broken/*.ini", |path| {
        let text = std::fs::read_to_string(path).expect("readable test file");
        let name = format!(
            "tests/broken/{}",
            path.file_name().expect("a file name").to_string_lossy()
        );
        let mut catalog = Catalog::shipped();
        let index = catalog.load(SourceFile::new(name, text));
        let (diagnostics, summary) = report(&catalog, &[index]);
        insta::assert_snapshot!(format!("{diagnostics}{summary}\n"));
    });
}

#[test]
fn every_broken_file_has_a_finding() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("tests/broken") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut catalog = Catalog::shipped();
        let index = catalog.load(SourceFile::new(path.display().to_string(), text));
        let (diagnostics, summary) = report(&catalog, &[index]);
        assert!(
            !diagnostics.is_empty(),
            "{} produced no diagnostic",
            path.display()
        );
        if summary.with_errors > 0 {
            count += 1;
        }
    }
    assert!(count >= 30, "only {count} files with errors");
}
