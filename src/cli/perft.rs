//! `tetrarch perft`: counts as Fairy-Stockfish prints them.

use std::path::PathBuf;
use std::time::Instant;

use super::Exit;
use super::load::{checked, compiled, load_catalog};
use super::output::{say, tell};
use crate::moves::MoveError;
use crate::perft::{MAX_DEPTH, divide, perft};
use crate::position::Position;
use crate::setup::{parse_uci, uci};
use crate::setup_fen4::{notation4, parse_move4};

/// Arguments of `perft`.
pub struct PerftArgs<'a> {
    /// The variant's section name.
    pub variant: &'a str,
    /// Plies to count.
    pub depth: u32,
    /// A position instead of the start.
    pub fen: Option<&'a str>,
    /// Moves played first.
    pub moves: &'a [String],
    /// One line per root move.
    pub divide: bool,
    /// Extra variant files.
    pub variants: &'a [PathBuf],
}

/// Runs `perft`.
pub fn run(args: PerftArgs<'_>) -> Result<(), Exit> {
    if args.depth > MAX_DEPTH {
        tell(format_args!(
            "error: a depth of {} plies is more than perft counts (at most {MAX_DEPTH})",
            args.depth
        ));
        return Err(Exit::Usage);
    }
    let catalog = load_catalog(args.variants)?;
    let def = checked(&catalog, args.variant)?;
    let rules = compiled(def)?;
    let fen = args.fen.unwrap_or(def.start_fen()).to_string();
    let four = rules.seats.len() > 2;
    let parsed = Position::from_text(&rules, &fen);
    let mut pos = match parsed {
        Ok(p) => p,
        Err(e) => {
            tell(format_args!("error: invalid FEN: {e}"));
            tell(format_args!("  {fen}"));
            let before = fen.get(..e.start).map_or(0, |t| t.chars().count());
            let width = fen.get(e.start..e.end).map_or(1, |t| t.chars().count());
            tell(format_args!(
                "  {}{}",
                " ".repeat(before),
                "^".repeat(width.max(1))
            ));
            return Err(Exit::InputWrong);
        }
    };
    for text in args.moves {
        let found = if four {
            parse_move4(&mut pos, text)
        } else {
            parse_uci(&mut pos, text)
        };
        match found {
            Ok(mv) => pos.make(mv),
            Err(MoveError::Illegal) => {
                tell(format_args!(
                    "error: `{text}` is not a legal move in {}",
                    pos.text()
                ));
                return Err(Exit::InputWrong);
            }
            Err(MoveError::Notation(why)) => {
                tell(format_args!("error: `{text}` is not a move: {why}"));
                return Err(Exit::InputWrong);
            }
        }
    }
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, n) in divide(&mut pos, args.depth) {
            let name = if four {
                notation4(&rules, &mv)
            } else {
                uci(&pos, &mv)
            };
            say(format_args!("{name}: {n}"))?;
            total += n;
        }
        say("")?;
        total
    } else {
        perft(&mut pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    tell(format_args!(
        "{:.3} s, {:.0} nodes/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    ));
    say(format_args!("Nodes searched: {nodes}"))
}
