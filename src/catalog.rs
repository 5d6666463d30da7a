//! The variants known to a run: the shipped files first, then user files in
//! order; a section defined again replaces the earlier one.

use std::collections::HashMap;
use std::sync::Arc;

use crate::definition::{CheckedDefinition, Definition, build_definition};
use crate::diagnostic::Diagnostic;
use crate::ini::{RawFile, RawSection, parse_file};
use crate::source::SourceFile;

/// The variant files shipped inside the binary: (file name, text).
pub const SHIPPED: &[(&str, &str)] = &[
    ("chess.ini", include_str!("../variants/chess.ini")),
    ("tetrarchy.ini", include_str!("../variants/tetrarchy.ini")),
    (
        "tetrion-prime.ini",
        include_str!("../variants/tetrion-prime.ini"),
    ),
    (
        "four-player-chess.ini",
        include_str!("../variants/four-player-chess.ini"),
    ),
    (
        "ajedrez-para-cuatro.ini",
        include_str!("../variants/ajedrez-para-cuatro.ini"),
    ),
    (
        "fairy-stockfish.ini",
        include_str!("../variants/fairy-stockfish.ini"),
    ),
    (
        "pychess-variants.ini",
        include_str!("../variants/pychess-variants.ini"),
    ),
];

/// What loading one section produced.
#[derive(Debug)]
pub struct SectionReport {
    /// The section's name.
    pub name: String,
    /// The index of the loaded file it comes from.
    pub file: usize,
    /// Everything found about it.
    pub diagnostics: Vec<Diagnostic>,
}

impl SectionReport {
    /// Whether the section has errors.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// What loading one file produced.
#[derive(Debug)]
pub struct FileReport {
    /// The file.
    pub source: Arc<SourceFile>,
    /// Diagnostics about lines outside any section's meaning (syntax).
    pub diagnostics: Vec<Diagnostic>,
    /// One report per section, in file order.
    pub sections: Vec<SectionReport>,
}

/// Why the catalog has no playable variant of a name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// No section of that name is shipped or loaded.
    #[error("unknown variant `{name}`{}", suggestion.as_ref().map_or(String::new(), |s| format!(" (did you mean `{s}`?)")))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The closest known name, if one is close.
        suggestion: Option<String>,
    },
    /// The section has errors (`tetrarch check` lists them).
    #[error(
        "the variant `{name}` has errors, so it cannot be played (run `tetrarch check` for details)"
    )]
    HasErrors {
        /// The variant.
        name: String,
    },
}

/// A variant as loaded: checked when its section has no errors.
#[derive(Debug)]
enum Entry {
    Checked(CheckedDefinition),
    WithErrors(Definition),
}

impl Entry {
    fn definition(&self) -> &Definition {
        match self {
            Entry::Checked(def) => def,
            Entry::WithErrors(def) => def,
        }
    }
}

/// All variants known so far, by name.
#[derive(Debug, Default)]
pub struct Catalog {
    definitions: HashMap<String, Entry>,
    /// The report of every file loaded, in order.
    pub files: Vec<FileReport>,
}

impl Catalog {
    /// A catalog holding the shipped variants.
    pub fn shipped() -> Catalog {
        let mut catalog = Catalog::default();
        for (name, text) in SHIPPED {
            catalog.load(SourceFile::new(format!("<shipped>/{name}"), *text));
        }
        catalog
    }

    /// The definition of a variant by name, with or without errors (to
    /// report on it).
    pub fn get(&self, name: &str) -> Option<&Definition> {
        self.definitions.get(name).map(Entry::definition)
    }

    /// The checked definition of a variant by name: the one to compile and
    /// play. A variant whose section has errors is refused.
    pub fn checked(&self, name: &str) -> Result<&CheckedDefinition, LookupError> {
        match self.definitions.get(name) {
            Some(Entry::Checked(def)) => Ok(def),
            Some(Entry::WithErrors(_)) => Err(LookupError::HasErrors {
                name: name.to_string(),
            }),
            None => Err(LookupError::Unknown {
                name: name.to_string(),
                suggestion: crate::definition::closest_name(name, self.names().into_iter())
                    .map(str::to_string),
            }),
        }
    }

    /// The names of all known variants, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.definitions.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// Loads a file after those already loaded; returns its index in [`Catalog::files`].
    pub fn load(&mut self, source: Arc<SourceFile>) -> usize {
        let raw = parse_file(&source);
        let index = self.files.len();
        let mut report = FileReport {
            source: Arc::clone(&source),
            diagnostics: raw.diagnostics.clone(),
            sections: Vec::new(),
        };
        // The first section of each name (a later one of the same name
        // replaces it, so a parent defined later is found first).
        let mut by_name: HashMap<&str, usize> = HashMap::new();
        for (i, section) in raw.sections.iter().enumerate().rev() {
            by_name.insert(&section.name, i);
        }
        for (i, section) in raw.sections.iter().enumerate() {
            let mut diagnostics = Vec::new();
            let base = self.base_for(&raw, &by_name, i, &mut diagnostics);
            // What a parent from an earlier file (a shipped one, say) does
            // not support is reported here too: its own diagnostics are in
            // that file.
            let from_elsewhere = section
                .parent
                .as_deref()
                .filter(|p| by_name.get(p).is_none_or(|&j| j >= i))
                .filter(|p| self.definitions.contains_key(*p));
            let inherited = base.unsupported.clone();
            let definition = build_definition(section, base, &mut diagnostics);
            if let Some(parent) = from_elsewhere {
                let still: Vec<&str> = definition
                    .unsupported
                    .iter()
                    .filter(|f| inherited.contains(f))
                    .map(String::as_str)
                    .collect();
                if !still.is_empty() {
                    diagnostics.push(
                        Diagnostic::unsupported(format!(
                            "the parent `{parent}` uses {}, which tetrarch does not support yet",
                            still.join(", ")
                        ))
                        .at(section
                            .parent_location
                            .as_ref()
                            .unwrap_or(&section.name_location))
                        .with_label("inherited: this section cannot be played until they are"),
                    );
                }
            }
            let entry = if diagnostics.iter().any(Diagnostic::is_error) {
                Entry::WithErrors(definition)
            } else {
                Entry::Checked(CheckedDefinition::new(definition))
            };
            self.definitions.insert(section.name.clone(), entry);
            report.sections.push(SectionReport {
                name: section.name.clone(),
                file: index,
                diagnostics,
            });
        }
        self.files.push(report);
        index
    }

    /// The definition a section starts from: its parent's, or the template.
    fn base_for(
        &self,
        raw: &RawFile,
        by_name: &HashMap<&str, usize>,
        index: usize,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Definition {
        let section = &raw.sections[index];
        let Some(parent) = &section.parent else {
            return Definition::template(&section.name);
        };
        let location = section
            .parent_location
            .as_ref()
            .unwrap_or(&section.name_location);
        match self.definitions.get(parent) {
            Some(Entry::Checked(def)) => return Definition::clone(def),
            Some(Entry::WithErrors(def)) => {
                diagnostics.push(
                    Diagnostic::error(format!("the parent `{parent}` has errors"))
                        .at(location)
                        .with_label("fix the parent first: its rules are not known"),
                );
                return def.clone();
            }
            None => {}
        }
        let mut template = Definition::template(&section.name);
        template.incomplete = true;
        let later = by_name
            .get(parent.as_str())
            .filter(|&&i| i > index)
            .map(|&i| &raw.sections[i]);
        let diagnostic = match later {
            Some(later) => match cycle(raw, by_name, index) {
                Some(chain) => Diagnostic::error(format!("inheritance cycle: {chain}"))
                    .at(location)
                    .with_label("a variant cannot be its own ancestor"),
                None => {
                    let (line, _) = later.name_location.line_col();
                    Diagnostic::error(format!(
                        "the parent `{parent}` is defined later, on line {line}"
                    ))
                    .at(location)
                    .with_label("a parent must come before the sections that inherit from it")
                }
            },
            None => {
                let known: Vec<&str> = self
                    .definitions
                    .keys()
                    .map(String::as_str)
                    .chain(raw.sections[..index].iter().map(|s| s.name.as_str()))
                    .collect();
                let d = Diagnostic::error(format!("unknown parent `{parent}`")).at(location);
                match crate::definition::closest_name(parent, known.into_iter()) {
                    Some(best) => d.with_label(format!("help: did you mean `{best}`?")),
                    None => d.with_label("no variant of that name is shipped or defined above"),
                }
            }
        };
        diagnostics.push(diagnostic);
        template
    }
}

/// The inheritance chain from section `index` back to itself, if there is
/// one; a long chain is shortened to its ends.
fn cycle(raw: &RawFile, by_name: &HashMap<&str, usize>, index: usize) -> Option<String> {
    let start: &RawSection = &raw.sections[index];
    let mut chain = vec![start.name.as_str()];
    let mut current = start;
    while let Some(parent) = &current.parent {
        chain.push(parent);
        if parent == &start.name {
            return Some(shorten_chain(&chain));
        }
        if chain.len() > raw.sections.len() + 1 {
            return None;
        }
        current = &raw.sections[*by_name.get(parent.as_str())?];
    }
    None
}

/// `a → b → … → a`, with the middle of a chain of more than eight names
/// left out and counted.
fn shorten_chain(chain: &[&str]) -> String {
    if chain.len() <= 8 {
        return chain.join(" → ");
    }
    format!(
        "{} → … ({} more) … → {}",
        chain[..4].join(" → "),
        chain.len() - 6,
        chain[chain.len() - 2..].join(" → ")
    )
}
