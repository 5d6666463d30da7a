//! Loading the shipped variants and `--variants` files for a command.

use std::path::PathBuf;

use super::Exit;
use super::output::tell;
use crate::catalog::{Catalog, LookupError};
use crate::definition::CheckedDefinition;
use crate::rules::{RuleTable, compile};
use crate::source::SourceFile;

/// The shipped variants plus the given files; a broken or unsupported
/// section of a file is named in a warning on stderr.
pub fn load_catalog(files: &[PathBuf]) -> Result<Catalog, Exit> {
    let mut catalog = Catalog::shipped();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| {
            tell(format_args!("error: cannot read `{}`: {e}", path.display()));
            Exit::Usage
        })?;
        let index = catalog.load(SourceFile::new(path.display().to_string(), text));
        for section in &catalog.files[index].sections {
            let unsupported = catalog
                .get(&section.name)
                .is_some_and(|d| !d.fully_supported());
            if section.has_errors() {
                tell(format_args!(
                    "warning: `{}` in `{}` has errors (run `tetrarch check` for details)",
                    section.name,
                    path.display()
                ));
            } else if unsupported {
                tell(format_args!(
                    "warning: `{}` in `{}` uses features tetrarch does not implement yet",
                    section.name,
                    path.display()
                ));
            }
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
