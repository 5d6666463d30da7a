//! `tetrarch check`: diagnostics on stderr, a one-line summary on stdout.

use std::path::{Path, PathBuf};

use super::Exit;
use crate::catalog::{Catalog, FileReport};
use crate::diagnostic::Severity;
use crate::source::SourceFile;

/// Counts of a check run.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Sections checked.
    pub variants: usize,
    /// Sections without errors or unsupported features.
    pub fully_supported: usize,
    /// Sections without errors that use unsupported features.
    pub with_unsupported: usize,
    /// Sections (or files) with errors.
    pub with_errors: usize,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.variants == 1 { "" } else { "s" };
        write!(
            f,
            "{} variant{plural}: {} fully supported, {} with unsupported features",
            self.variants, self.fully_supported, self.with_unsupported
        )?;
        if self.with_errors > 0 {
            write!(f, ", {} with errors", self.with_errors)?;
        }
        Ok(())
    }
}

/// Renders the diagnostics of the given files and counts their sections.
pub fn report(catalog: &Catalog, files: &[usize]) -> (String, Summary) {
    let mut out = String::new();
    let mut summary = Summary::default();
    for &index in files {
        let file: &FileReport = &catalog.files[index];
        let mut file_errors = false;
        for d in &file.diagnostics {
            out.push_str(&format!("{d}\n"));
            file_errors |= d.is_error();
        }
        if file_errors && file.sections.is_empty() {
            summary.with_errors += 1;
        }
        for section in &file.sections {
            for d in &section.diagnostics {
                out.push_str(&format!("{d}\n"));
            }
            summary.variants += 1;
            let unsupported = catalog
                .get(&section.name)
                .is_some_and(|def| !def.fully_supported())
                || section
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Unsupported);
            let errors = section.has_errors() || file_errors;
            if errors {
                summary.with_errors += 1;
            } else if unsupported {
                summary.with_unsupported += 1;
            } else {
                summary.fully_supported += 1;
            }
        }
    }
    (out, summary)
}

/// Runs `check`: loads the shipped variants, then `variants`, then `files`,
/// and reports on `files` (or on the shipped variants if none are given).
pub fn run(variants: &[PathBuf], files: &[PathBuf]) -> Exit {
    let mut catalog = Catalog::shipped();
    let shipped: Vec<usize> = (0..catalog.files.len()).collect();
    for path in variants {
        if let Err(exit) = load(&mut catalog, path) {
            return exit;
        }
    }
    let mut checked = Vec::new();
    for path in files {
        match load(&mut catalog, path) {
            Ok(index) => checked.push(index),
            Err(exit) => return exit,
        }
    }
    if files.is_empty() {
        checked = shipped;
    }
    let (text, summary) = report(&catalog, &checked);
    eprint!("{text}");
    println!("{summary}");
    if summary.with_errors > 0 {
        Exit::InputWrong
    } else {
        Exit::Success
    }
}

fn load(catalog: &mut Catalog, path: &Path) -> Result<usize, Exit> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(catalog.load(SourceFile::new(path.display().to_string(), text))),
        Err(error) => {
            eprintln!("error: cannot read `{}`: {error}", path.display());
            Err(Exit::Usage)
        }
    }
}
