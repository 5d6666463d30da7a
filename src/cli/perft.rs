//! `tetrarch perft`: counts as Fairy-Stockfish prints them.

use std::path::PathBuf;
use std::time::Instant;

use super::Exit;
use super::load::{checked, compiled, load_catalog};
use super::output::{say, tell};
use crate::moves::MoveError;
use crate::moves::MoveList;
use crate::notation::{move_name, parse_move};
use crate::perft::{MAX_DEPTH, divide, perft};
use crate::position::Position;

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
    let mut list = MoveList::default();
    for text in args.moves {
        // A player the last move left without a legal move is taken out
        // first where the variant plays on, as perft's counting does.
        pos.legal_moves(&mut list);
        while list.is_empty() && pos.eliminate_if_stuck() {
            pos.legal_moves(&mut list);
        }
        match parse_move(&mut pos, text) {
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
            say(format_args!("{}: {n}", move_name(&pos, &mv)))?;
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
