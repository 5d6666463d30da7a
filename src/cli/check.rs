//! `tetrarch check`: diagnostics on stderr, a one-line summary on stdout.

use std::path::{Path, PathBuf};

use super::Exit;
use super::output::{say, tell};
use crate::catalog::{Catalog, FileReport};
use crate::definition::keys::Key;
use std::collections::HashMap;

use crate::diagnostic::{Diagnostic, Severity};
use crate::position::Position;
use crate::rules::compile;
use crate::source::SourceFile;

/// Counts of a check run.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Sections checked.
    pub variants: usize,
    /// Sections without errors, unsupported features or rules not enforced yet.
    pub fully_supported: usize,
    /// Sections without errors or unsupported features that set keys read
    /// but not enforced yet (game ends, scores, claims, clocks).
    pub not_enforced: usize,
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
            "{} variant{plural}: {} fully supported, {} with rules not enforced yet, {} with unsupported features",
            self.variants, self.fully_supported, self.not_enforced, self.with_unsupported
        )?;
        if self.with_errors > 0 {
            write!(f, ", {} with errors", self.with_errors)?;
        }
        Ok(())
    }
}

/// The most diagnostics shown for one line of a file.
const SHOWN_PER_LINE: usize = 5;
/// The most diagnostics shown in one run; the rest are counted.
const SHOWN_IN_ALL: usize = 200;

/// Renders the diagnostics of the given files and counts their sections.
///
/// Every error-free, supported section is also compiled and its start
/// position set up exactly as `perft` does it, so that `check` never
/// accepts what a command then refuses. At most [`SHOWN_PER_LINE`]
/// diagnostics of one line and [`SHOWN_IN_ALL`] in all are rendered; a
/// closing note counts the rest.
pub fn report(catalog: &Catalog, files: &[usize]) -> (String, Summary) {
    let mut shown = Shown::default();
    let mut summary = Summary::default();
    // A section defined again is replaced: only the last one of a name is
    // the one a command would set up.
    let mut last: HashMap<&str, (usize, usize)> = HashMap::new();
    for &index in files {
        for (i, section) in catalog.files[index].sections.iter().enumerate() {
            last.insert(&section.name, (index, i));
        }
    }
    for &index in files {
        let file: &FileReport = &catalog.files[index];
        let mut file_errors = false;
        for d in &file.diagnostics {
            shown.add(d);
            file_errors |= d.is_error();
        }
        if file_errors && file.sections.is_empty() {
            summary.with_errors += 1;
        }
        for (i, section) in file.sections.iter().enumerate() {
            for d in &section.diagnostics {
                shown.add(d);
            }
            summary.variants += 1;
            let unsupported = catalog
                .get(&section.name)
                .is_some_and(|def| !def.fully_supported())
                || section
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Unsupported);
            let mut errors = section.has_errors() || file_errors;
            if !errors
                && !unsupported
                && last.get(section.name.as_str()) == Some(&(index, i))
                && let Some(problem) = unplayable(catalog, &section.name)
            {
                shown.add(&problem);
                errors = true;
            }
            if errors {
                summary.with_errors += 1;
            } else if unsupported {
                summary.with_unsupported += 1;
            } else if catalog
                .get(&section.name)
                .is_some_and(|def| !def.not_enforced().is_empty())
            {
                summary.not_enforced += 1;
            } else {
                summary.fully_supported += 1;
            }
        }
    }
    (shown.finish(), summary)
}

/// Why a checked, supported section cannot be set up for play: its rules
/// do not compile or its start position is refused by the one conversion
/// every command uses ([`Position::from_text`]).
fn unplayable(catalog: &Catalog, name: &str) -> Option<Diagnostic> {
    let def = catalog.checked(name).ok()?;
    let at = |d: Diagnostic, range: Option<(usize, usize)>| {
        let setting = def.setting(Key::StartFen);
        let own = setting.location.as_ref().filter(|l| {
            def.location
                .as_ref()
                .is_some_and(|h| std::sync::Arc::ptr_eq(&l.file, &h.file) && l.start > h.start)
        });
        match (own, range, &def.location) {
            (Some(l), Some((start, end)), _) => d.at(&l.sub(start, end)),
            (Some(l), None, _) => d.at(l),
            (None, _, Some(header)) => d.at(header),
            (None, _, None) => d,
        }
    };
    let rules = match compile(def) {
        Ok(rules) => rules,
        Err(e) => return Some(at(Diagnostic::error(e.to_string()), None)),
    };
    let error = Position::from_text(&rules, def.start_fen()).err()?;
    Some(at(
        Diagnostic::error(format!(
            "the start position cannot be played: {}",
            error.message
        ))
        .with_label("every command sets up this position the same way"),
        Some((error.start, error.end)),
    ))
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
    match std::fs::read_to_string(path) {
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
