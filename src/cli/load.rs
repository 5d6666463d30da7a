//! Loading the shipped variants and `--variants` files for a command.

use std::path::PathBuf;

use super::Exit;
use super::output::tell;
use crate::catalog::{Catalog, LookupError};
use crate::definition::CheckedDefinition;
use crate::rules::{RuleTable, compile};
use crate::source::SourceFile;

/// The shipped variants plus the given files. Sections of a file with
/// errors, and those using unsupported features, are each named in one
/// warning line per file on stderr (CLI.md), so a large file does not
/// flood the output; the section a command uses reports its own problem
/// in full when it is looked up.
pub fn load_catalog(files: &[PathBuf]) -> Result<Catalog, Exit> {
    let mut catalog = Catalog::shipped();
    for path in files {
        let text = crate::text_file::read_text(path).map_err(|e| {
            tell(format_args!("error: cannot read `{}`: {e}", path.display()));
            Exit::Usage
        })?;
        let index = catalog.load(SourceFile::new(path.display().to_string(), text));
        let mut broken = Vec::new();
        let mut unsupported = Vec::new();
        for section in &catalog.files[index].sections {
            if section.has_errors() {
                broken.push(format!("`{}`", section.name));
            } else if catalog
                .get(&section.name)
                .is_some_and(|d| !d.fully_supported())
            {
                unsupported.push(format!("`{}`", section.name));
            }
        }
        let file = path.display();
        if !broken.is_empty() {
            tell(format_args!(
                "warning: {} section{} of `{file}` {} errors (run `tetrarch check {file}`): {}",
                broken.len(),
                if broken.len() == 1 { "" } else { "s" },
                if broken.len() == 1 { "has" } else { "have" },
                broken.join(", ")
            ));
        }
        if !unsupported.is_empty() {
            tell(format_args!(
                "warning: {} section{} of `{file}` {} features tetrarch does not implement yet: {}",
                unsupported.len(),
                if unsupported.len() == 1 { "" } else { "s" },
                if unsupported.len() == 1 {
                    "uses"
                } else {
                    "use"
                },
                unsupported.join(", ")
            ));
        }
    }
    Ok(catalog)
}

/// The checked definition of a variant: an unknown name is a usage
/// problem (exit 2), a variant with errors wrong input (exit 1).
pub fn checked<'c>(catalog: &'c Catalog, name: &str) -> Result<&'c CheckedDefinition, Exit> {
    catalog.checked(name).map_err(|e| {
        tell(format_args!("error: {e}"));
        match e {
            LookupError::Unknown { .. } => Exit::Usage,
            LookupError::HasErrors { .. } => Exit::InputWrong,
        }
    })
}

/// The rule table of a definition; an unsupported feature is reported on
/// stderr as a usage problem (CLI.md: exit 2).
pub fn compiled(def: &CheckedDefinition) -> Result<RuleTable, Exit> {
    compile(def).map_err(|e| {
        tell(format_args!("error: {e}"));
        Exit::Usage
    })
}
