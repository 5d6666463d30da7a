//! `tetrarch check`: diagnostics on stderr, a one-line summary on stdout.

use std::path::{Path, PathBuf};

use super::Exit;
use super::output::{say, tell};
use std::collections::HashMap;

use crate::catalog::Catalog;
pub use crate::check::Summary;
use crate::check::check;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

/// The most diagnostics shown for one line of a file.
const SHOWN_PER_LINE: usize = 5;
/// The most diagnostics shown in one run; the rest are counted.
const SHOWN_IN_ALL: usize = 200;

/// Renders the diagnostics of the given files and counts their sections
/// (see [`crate::check`]). At most `SHOWN_PER_LINE` diagnostics of one
/// line and `SHOWN_IN_ALL` in all are rendered; a closing note counts the
/// rest.
pub fn report(catalog: &Catalog, files: &[usize]) -> (String, Summary) {
    let findings = check(catalog, files);
    let mut shown = Shown::default();
    for d in &findings.diagnostics {
        shown.add(d);
    }
    (shown.finish(), findings.summary)
}

/// The rendered diagnostics, capped per line and in all.
#[derive(Default)]
struct Shown {
    text: String,
    per_line: HashMap<(usize, usize), usize>,
    shown: usize,
    hidden: usize,
}

impl Shown {
    fn add(&mut self, d: &Diagnostic) {
        let line = d
            .location
            .as_ref()
            .map(|l| (std::sync::Arc::as_ptr(&l.file) as usize, l.line_col().0));
        let on_line = line.map_or(0, |key| {
            let n = self.per_line.entry(key).or_default();
            *n += 1;
            *n
        });
        if on_line > SHOWN_PER_LINE || self.shown >= SHOWN_IN_ALL {
            self.hidden += 1;
            return;
        }
        self.shown += 1;
        self.text.push_str(&format!("{d}\n"));
    }

    fn finish(mut self) -> String {
        if self.hidden > 0 {
            self.text.push_str(&format!(
                "note: {} more diagnostics not shown (at most {SHOWN_PER_LINE} per line and {SHOWN_IN_ALL} in all)\n\n",
                self.hidden
            ));
        }
        self.text
    }
}

/// Runs `check`: loads the shipped variants, then `variants`, then `files`,
/// and reports on `files` (or on the shipped variants if none are given).
pub fn run(variants: &[PathBuf], files: &[PathBuf]) -> Result<(), Exit> {
    let mut catalog = Catalog::shipped();
    let shipped: Vec<usize> = (0..catalog.files.len()).collect();
    for path in variants {
        load(&mut catalog, path)?;
    }
    let mut checked = Vec::new();
    for path in files {
        checked.push(load(&mut catalog, path)?);
    }
    if files.is_empty() {
        checked = shipped;
    }
    let (text, summary) = report(&catalog, &checked);
    eprint!("{text}");
    say(format_args!("{summary}"))?;
    if summary.with_errors > 0 {
        Err(Exit::InputWrong)
    } else {
        Ok(())
    }
}

fn load(catalog: &mut Catalog, path: &Path) -> Result<usize, Exit> {
    match crate::text_file::read_text(path) {
        Ok(text) => Ok(catalog.load(SourceFile::new(path.display().to_string(), text))),
        Err(error) => {
            tell(format_args!(
                "error: cannot read `{}`: {error}",
                path.display()
            ));
            Err(Exit::Usage)
        }
    }
}
