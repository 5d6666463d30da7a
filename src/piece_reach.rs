//! One piece alone with some enemies on an otherwise empty board, played by
//! the compiled rule table: the squares it reaches. `describe`'s diagrams and
//! the Betza conformance tests read a piece's moves this way, so they walk
//! exactly the lines the move generator walks.
//!
//! ```
//! use tetrarch::board::Square;
//! use tetrarch::piece_reach::PieceReach;
//!
//! let knight = PieceReach::new("N", 8, 8).expect("a playable piece");
//! let a1 = Square::parse("a1").expect("a square");
//! let names: Vec<String> = knight.destinations(a1, &|_| false).iter().map(|s| s.to_string()).collect();
//! assert_eq!(names, ["c2", "b3"]); // rank by rank
//! ```

use crate::board::{MAX_FILES, MAX_RANKS, Square};
use crate::catalog::Catalog;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::{RuleTable, compile};
use crate::seat::Seat;
use crate::source::SourceFile;

/// A piece of the first seat (`a`), moving by a Betza string, on a board of
/// its own; the other seat has only blockers (`z`, which never move here).
/// `i` moves are allowed on the first seat's double-step region (rank 2),
/// as Fairy-Stockfish reads them.
pub struct PieceReach {
    rules: RuleTable,
}

impl PieceReach {
    /// Compiles the piece on a board of `files` × `ranks`; an error says
    /// why the Betza string cannot be played (it is invalid or uses a
    /// feature not implemented yet).
    pub fn new(betza: &str, files: u8, ranks: u8) -> Result<PieceReach, String> {
        if !(1..=MAX_FILES).contains(&files) || !(1..=MAX_RANKS).contains(&ranks) {
            return Err(format!(
                "a board of {files} × {ranks} squares is not allowed"
            ));
        }
        if betza.contains(['\n', '#', ';']) {
            return Err(format!("`{betza}` is not a Betza string"));
        }
        let empty_rank = files.to_string();
        let fen = vec![empty_rank.as_str(); ranks as usize].join("/");
        let text = format!(
            "[lone]\nmaxFile = {}\nmaxRank = {ranks}\ncastling = false\n\
             customPiece1 = a:{betza}\ncustomPiece2 = z:W\nstartFen = {fen} w - - 0 1\n",
            (b'a' + files - 1) as char,
        );
        let mut catalog = Catalog::default();
        let file = catalog.load(SourceFile::new("<lone piece>", text));
        let report = &catalog.files[file];
        if let Some(error) = report
            .diagnostics
            .iter()
            .chain(report.sections.iter().flat_map(|s| &s.diagnostics))
            .find(|d| d.is_error())
        {
            return Err(error.message.clone());
        }
        let def = catalog.checked("lone").map_err(|e| e.to_string())?;
        let rules = compile(def).map_err(|e| e.to_string())?;
        Ok(PieceReach { rules })
    }

    /// The squares the piece reaches from `from` when the squares for which
    /// `enemy` is true hold enemy blockers, in board order (rank by rank).
    pub fn destinations(&self, from: Square, enemy: &dyn Fn(Square) -> bool) -> Vec<Square> {
        let rules = &self.rules;
        let mut pos = Position::empty(rules);
        let a = rules.piece_by_letter('a').expect("the lone piece");
        let z = rules.piece_by_letter('z').expect("the blockers");
        for rank in 0..rules.ranks {
            for file in 0..rules.files {
                let square = Square::new(file, rank);
                let piece = if square == from {
                    crate::piece::Piece::new(Seat::FIRST, a)
                } else if enemy(square) {
                    crate::piece::Piece::new(Seat::new(1), z)
                } else {
                    continue;
                };
                pos.put(rules.square(file, rank), piece);
            }
        }
        let mut list = MoveList::default();
        pos.legal_moves(&mut list);
        let mut reached: Vec<u16> = list.as_slice().iter().map(|m| m.to()).collect();
        reached.sort_unstable();
        reached.dedup();
        reached
            .into_iter()
            .map(|sq| Square::new(rules.file_of(sq), rules.rank_of(sq)))
            .collect()
    }
}
