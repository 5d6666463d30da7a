//! `tetrarch test`: runs scenario files and prints one line per file, then
//! `N passed, M failed` (SCENARIOS.md).

use std::path::{Path, PathBuf};

use super::Exit;
use super::output::{say, tell};
use crate::game::scenario::{ScenarioError, run_file};

/// Runs the scenario files (a folder stands for every `.toml` file in it,
/// recursively); with `log`, each scenario's events follow its line.
pub fn run(paths: &[PathBuf], log: bool) -> Result<(), Exit> {
    let mut files = Vec::new();
    for path in paths {
        collect(path, &mut files);
    }
    let (mut passed, mut failed, mut unreadable) = (0, 0, false);
    for file in &files {
        let name = file.display();
        match run_file(file) {
            Ok(report) => {
                match &report.failure {
                    None => {
                        passed += 1;
                        say(format_args!("ok {name}"))?;
                    }
                    Some(failure) => {
                        failed += 1;
                        say(format_args!("FAILED {name}: {failure}"))?;
                    }
                }
                if log {
                    for line in &report.log {
                        say(format_args!("  {line}"))?;
                    }
                }
            }
            Err(ScenarioError::Invalid(diagnostic)) => {
                failed += 1;
                say(format_args!("FAILED {name}: {}", diagnostic.message))?;
                tell(diagnostic);
            }
            Err(ScenarioError::Environment(why)) => {
                failed += 1;
                unreadable = true;
                say(format_args!("FAILED {name}: {why}"))?;
                tell(format_args!("error: {why}"));
            }
        }
    }
    say(format_args!("{passed} passed, {failed} failed"))?;
    if unreadable {
        Err(Exit::Usage)
    } else if failed > 0 {
        Err(Exit::InputWrong)
    } else {
        Ok(())
    }
}

/// A file, or every `.toml` file under a folder in name order.
fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(path) else {
        // Not a folder: a file (an unreadable one is reported when run).
        out.push(path.to_path_buf());
        return;
    };
    let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    found.sort();
    for entry in found {
        if entry.is_dir() {
            collect(&entry, out);
        } else if entry.extension().is_some_and(|e| e == "toml") {
            out.push(entry);
        }
    }
}
