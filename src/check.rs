//! Checking variant files: every diagnostic of the files, and whether each
//! section is fully supported, sets keys not enforced yet, uses unsupported
//! features, or has errors. Every error-free, supported section is also
//! compiled and its start position set up exactly as every command does
//! it, so that a check never accepts what a command then refuses.
//! `tetrarch check` renders the findings as text; the server's author page
//! sends them as JSON.

use std::collections::HashMap;

use crate::catalog::{Catalog, FileReport};
use crate::definition::keys::Key;
use crate::diagnostic::{Diagnostic, Severity};
use crate::position::Position;
use crate::rules::compile;

/// Counts of a check run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// How far a section can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// Every key it sets is executed.
    Full,
    /// It sets keys read but not enforced yet.
    NotEnforced,
    /// It uses features tetrarch does not implement yet.
    Unsupported,
    /// It has errors, or its rules or start position cannot be set up.
    Errors,
}

/// The verdict on one section.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The section's name.
    pub name: String,
    /// The index of its file in the catalog.
    pub file: usize,
    /// How far it can be played.
    pub support: Support,
}

/// Everything a check found.
#[derive(Clone, Debug, Default)]
pub struct Findings {
    /// Every diagnostic, file by file, section by section.
    pub diagnostics: Vec<Diagnostic>,
    /// One verdict per section, in file order.
    pub verdicts: Vec<Verdict>,
    /// The counts.
    pub summary: Summary,
    /// Whether the check was stopped before its last section (see
    /// [`check_until`]): the verdicts then cover the sections before it.
    pub stopped: bool,
}

/// Checks the given files of the catalog (indexes into [`Catalog::files`]).
pub fn check(catalog: &Catalog, files: &[usize]) -> Findings {
    check_until(catalog, files, &|| false)
}

/// [`check`], asking `stop` before each section whether to give up (a
/// server's time budget, or its client gone); a stopped check says so in
/// [`Findings::stopped`].
pub fn check_until(catalog: &Catalog, files: &[usize], stop: &dyn Fn() -> bool) -> Findings {
    let mut findings = Findings::default();
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
            findings.diagnostics.push(d.clone());
            file_errors |= d.is_error();
        }
        if file_errors && file.sections.is_empty() {
            findings.summary.with_errors += 1;
        }
        for (i, section) in file.sections.iter().enumerate() {
            if stop() {
                findings.stopped = true;
                return findings;
            }
            findings
                .diagnostics
                .extend(section.diagnostics.iter().cloned());
            findings.summary.variants += 1;
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
                findings.diagnostics.push(problem);
                errors = true;
            }
            let support = if errors {
                findings.summary.with_errors += 1;
                Support::Errors
            } else if unsupported {
                findings.summary.with_unsupported += 1;
                Support::Unsupported
            } else if catalog
                .get(&section.name)
                .is_some_and(|def| !def.not_enforced().is_empty())
            {
                findings.summary.not_enforced += 1;
                Support::NotEnforced
            } else {
                findings.summary.fully_supported += 1;
                Support::Full
            };
            findings.verdicts.push(Verdict {
                name: section.name.clone(),
                file: index,
                support,
            });
        }
    }
    findings
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
