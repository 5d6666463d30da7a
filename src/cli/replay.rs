//! `tetrarch replay`: reads PGN and PGN4 files and replays every game
//! through the rules: one line per game, then a summary; exit 1 when a move
//! is illegal or a result differs from the one the rules give.

use std::path::PathBuf;

use super::Exit;
use super::load::load_catalog;
use super::output::{say, tell};
use crate::record::{ReadOptions, read_games, replay, same_result};

/// Replays the games of `files`.
pub fn run(files: &[PathBuf], variants: &[PathBuf], options: &ReadOptions) -> Result<(), Exit> {
    let mut catalog = load_catalog(variants)?;
    let (mut agreed, mut off_board, mut failed) = (0, 0, 0);
    for path in files {
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
