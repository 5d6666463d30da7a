//! `tetrarch test`: runs scenario files and prints one line per file, then
//! `N passed, M failed` (SCENARIOS.md).

use std::path::PathBuf;

use super::Exit;
use super::output::{say, tell};
use crate::game::scenario::{ScenarioError, run_file, scenario_files};

/// Runs the scenario files (a folder stands for every `.toml` file in it,
/// recursively); with `log`, each scenario's events follow its line.
pub fn run(paths: &[PathBuf], log: bool) -> Result<(), Exit> {
    let files: Vec<PathBuf> = paths.iter().flat_map(|p| scenario_files(p)).collect();
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
