//! `tetrarch replay`: reads PGN and PGN4 files and replays every game
//! through the rules: one line per game, then a summary; exit 1 when a move
//! is illegal or a result differs from the one the rules give. A folder
//! stands for every `.pgn` and `.pgn4` file under it.

use std::path::{Path, PathBuf};

use super::Exit;
use super::load::load_catalog;
use super::output::{say, tell};
use crate::record::{ReadOptions, read_games, replay, same_result, unwritten_leaving};

/// Replays the games of `files`.
pub fn run(files: &[PathBuf], variants: &[PathBuf], options: &ReadOptions) -> Result<(), Exit> {
    let files = record_files(files)?;
    let mut catalog = load_catalog(variants)?;
    let (mut agreed, mut off_board, mut failed) = (0, 0, 0);
    for path in &files {
        let name = path.display();
        let text = crate::text_file::read_text(path).map_err(|e| {
            tell(format_args!("error: cannot read `{name}`: {e}"));
            Exit::Usage
        })?;
        let games = match read_games(&text) {
            Ok(games) => games,
            Err(e) => {
                failed += 1;
                say(format_args!("FAILED {name}: {e}"))?;
                continue;
            }
        };
        for (i, record) in games.iter().enumerate() {
            let label = format!("{name} game {} (line {})", i + 1, record.line);
            let recorded = record
                .tag("Result")
                .or(record.result.as_deref())
                .unwrap_or("*");
            match replay(record, &mut catalog, options) {
                Err(e) => {
                    failed += 1;
                    say(format_args!("FAILED {label}: {e}"))?;
                }
                Ok(game) => {
                    let how = game
                        .game
                        .result()
                        .map(|r| format!(" by {}", r.rule))
                        .unwrap_or_default();
                    let summary = format!("{}, {} plies", game.variant, game.plies);
                    if same_result(recorded, &game.result) {
                        agreed += 1;
                        say(format_args!(
                            "ok {label}: {summary}, {recorded}{how}, as recorded"
                        ))?;
                    } else if let Some((seat, ended)) = unwritten_leaving(record, &game, recorded) {
                        agreed += 1;
                        let player = record
                            .tag(&seat)
                            .map_or(seat.clone(), |name| format!("{seat} ({name})"));
                        let rule = ended
                            .result()
                            .map(|r| r.rule.to_string())
                            .unwrap_or_default();
                        say(format_args!(
                            "ok {label}: {summary}, {recorded} by {rule}, as recorded: {player} \
                             leaves after the last move written (the record writes no letter for it)"
                        ))?;
                    } else if game.result == "*" {
                        off_board += 1;
                        say(format_args!(
                            "ok {label}: {summary}, {recorded} decided off the board \
                             (the moves do not end the game: a resignation, a timeout or an \
                             adjudication)"
                        ))?;
                    } else {
                        failed += 1;
                        say(format_args!(
                            "FAILED {label}: {summary}: the record says {recorded}, the rules say {}{how}",
                            game.result
                        ))?;
                    }
                }
            }
        }
    }
    say(format_args!(
        "{} games: {agreed} as recorded, {off_board} decided off the board, {failed} failed",
        agreed + off_board + failed
    ))?;
    if failed > 0 {
        Err(Exit::InputWrong)
    } else {
        Ok(())
    }
}

/// Whether `path` is named as a game record: `.pgn` or `.pgn4`, in any case.
fn is_record(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("pgn4"))
}

/// The record files `named` stands for, in order: a named `.pgn` or `.pgn4`
/// file; every such file under a named folder, sorted by path. Other files
/// (a folder's README, as a shell's `folder/*` names it) are skipped with a
/// note on standard error; finding no record at all is a usage error.
fn record_files(named: &[PathBuf]) -> Result<Vec<PathBuf>, Exit> {
    let mut found = Vec::new();
    for path in named {
        if path.is_dir() {
            let mut inside = Vec::new();
            let mut folders = vec![path.clone()];
            while let Some(folder) = folders.pop() {
                let entries = std::fs::read_dir(&folder).map_err(|e| {
                    tell(format_args!(
                        "error: cannot read `{}`: {e}",
                        folder.display()
                    ));
                    Exit::Usage
                })?;
                for entry in entries.flatten() {
                    let path = entry.path();
                    if path.is_dir() {
                        folders.push(path);
                    } else if is_record(&path) {
                        inside.push(path);
                    }
                }
            }
            inside.sort();
            found.extend(inside);
        } else if is_record(path) || !path.exists() {
            found.push(path.clone());
        } else {
            tell(format_args!(
                "note: skipped `{}`: not a .pgn or .pgn4 file",
                path.display()
            ));
        }
    }
    if found.is_empty() {
        tell(format_args!(
            "error: no .pgn or .pgn4 file among the files named"
        ));
        return Err(Exit::Usage);
    }
    Ok(found)
}
