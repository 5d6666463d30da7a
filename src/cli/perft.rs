//! `tetrarch perft`: counts as Fairy-Stockfish prints them.

use std::path::PathBuf;
use std::time::Instant;

use super::Exit;
use super::load::{compiled, load_catalog};
use crate::perft::{divide, perft};
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
pub fn run(args: PerftArgs<'_>) -> Exit {
    let catalog = match load_catalog(args.variants) {
        Ok(c) => c,
        Err(exit) => return exit,
    };
    let Some(def) = catalog.get(args.variant) else {
        eprintln!("error: unknown variant `{}`", args.variant);
        if let Some(best) =
            crate::definition::closest_name(args.variant, catalog.names().into_iter())
        {
            eprintln!("help: did you mean `{best}`?");
        }
        return Exit::Usage;
    };
    let rules = match compiled(def) {
        Ok(r) => r,
        Err(exit) => return exit,
    };
    let fen = args.fen.unwrap_or(def.start_fen()).to_string();
    let four = rules.seats.len() > 2;
    let parsed = Position::from_text(&rules, &fen);
    let mut pos = match parsed {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid FEN: {e}");
            eprintln!("  {fen}");
            eprintln!(
                "  {}{}",
                " ".repeat(e.start),
                "^".repeat((e.end - e.start).max(1))
            );
            return Exit::InputWrong;
        }
    };
    for text in args.moves {
        let found = if four {
            parse_move4(&mut pos, text)
        } else {
            parse_uci(&mut pos, text)
        };
        match found {
            Some(mv) => pos.make(mv),
            None => {
                eprintln!("error: `{text}` is not a legal move in {}", pos.text());
                return Exit::InputWrong;
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
                uci(&rules, &mv)
            };
            println!("{name}: {n}");
            total += n;
        }
        println!();
        total
    } else {
        perft(&mut pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
    println!("Nodes searched: {nodes}");
    Exit::Success
}
