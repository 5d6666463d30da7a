//! A variant described for people: its board and setup, each piece's moves
//! in sentences and as a diagram, and its rules (promotion, castling, en
//! passant, how the game is won, lost and drawn, scoring, the table), all
//! read from the checked definition and its compiled rule table, never from
//! a text written for one variant. One [`Overview`] renders as text,
//! markdown, JSON (for the web playground) or SVG diagrams.
//!
//! ```
//! use tetrarch::catalog::Catalog;
//! use tetrarch::describe::{overview, text};
//!
//! let catalog = Catalog::shipped();
//! let chess = catalog.checked("chess").expect("shipped");
//! let words = text(&overview(chess));
//! assert!(words.contains("Moves or captures by a 1-2 leap (a knight's move) in all eight directions."));
//! ```

mod diagram;
mod render;
mod rules_text;
mod svg;

use serde::Serialize;

use crate::definition::CheckedDefinition;
use crate::definition::keys::Key;
use crate::definition::value::Value;
use crate::rules::{RuleTable, compile};

pub use diagram::{Diagram, Mark};
pub use render::{markdown, text};
pub use svg::{board_svg, piece_svg};

/// Everything `describe` says about a variant.
#[derive(Clone, Debug, Serialize)]
pub struct Overview {
    /// The variant's name.
    pub name: String,
    /// The section it inherits from.
    pub parent: Option<String>,
    /// Files and ranks.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Squares that are part of the board.
    pub playable: usize,
    /// Squares cut out of the rectangle, by name.
    pub holes: Vec<String>,
    /// The seats in turn order.
    pub seats: Vec<SeatOverview>,
    /// The teams, by seat names (empty: everyone for themselves).
    pub teams: Vec<Vec<String>>,
    /// The start position (FEN, or FEN4 for more than two seats).
    pub start: String,
    /// The start position, square by square, rank by rank from the top:
    /// the seat index and letter of the piece there, `None` for empty, and
    /// whether the square is a hole.
    pub start_board: Vec<Vec<Cell>>,
    /// The pieces.
    pub pieces: Vec<PieceOverview>,
    /// The rules, topic by topic; empty when the variant cannot be played.
    pub rules: Vec<Topic>,
    /// Keys that are read but not enforced yet.
    pub not_enforced: Vec<String>,
    /// Features the file uses that are not implemented yet.
    pub unsupported: Vec<String>,
}

/// One seat.
#[derive(Clone, Debug, Serialize)]
pub struct SeatOverview {
    /// Its name (`White`, `Red`).
    pub name: String,
    /// Its letter in positions.
    pub letter: String,
    /// The way its pawns go (`north`, …).
    pub forward: String,
}

/// One square of the start position.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Cell {
    /// Not part of the board.
    Hole,
    /// Empty.
    Empty,
    /// A wall (`*` in a FEN): blocks everything, belongs to no one.
    Wall,
    /// A piece: its seat (index in turn order) and letter.
    Piece {
        /// The seat, in turn order.
        seat: usize,
        /// The piece's letter (upper case).
        letter: char,
        /// The piece is dead (an eliminated player's).
        dead: bool,
    },
}

/// One piece type.
#[derive(Clone, Debug, Serialize)]
pub struct PieceOverview {
    /// Its letter.
    pub letter: char,
    /// Its name in the file (`knight`, `customPiece1`).
    pub key: String,
    /// Its Betza notation.
    pub betza: String,
    /// It is royal (a king: it may not be left in check, or its capture
    /// decides).
    pub royal: bool,
    /// Its moves in sentences, for the first seat, from the middle of the
    /// board.
    pub moves: String,
    /// Moves it has only from its starting squares, in sentences.
    pub initial_moves: String,
    /// Its moves from the centre of an empty 9 × 9 board.
    pub diagram: Option<Diagram>,
}

/// A topic of the rules and what the variant says about it.
#[derive(Clone, Debug, Serialize)]
pub struct Topic {
    /// The topic (`Promotion`, `Winning and losing`).
    pub title: String,
    /// Sentences.
    pub lines: Vec<String>,
}

/// The overview of a checked definition.
pub fn overview(def: &CheckedDefinition) -> Overview {
    let board = def.board();
    let names = def.names(Key::SeatNames);
    let seats = names
        .iter()
        .zip(def.names(Key::SeatLetters))
        .zip(def.names(Key::SeatForward))
        .map(|((name, letter), forward)| SeatOverview {
            name: name.clone(),
            letter: letter.clone(),
            forward: forward.clone(),
        })
        .collect();
    let teams = match def.value(Key::Teams) {
        Value::Teams(teams) => teams.clone(),
        _ => Vec::new(),
    };
    let rules = compile(def).ok();
    let pieces = def
        .pieces
        .iter()
        .enumerate()
        .map(|(index, piece)| {
            let (moves, initial_moves) = rules
                .as_ref()
                .map(|r| rules_text::piece_words(r, def.start_fen(), index))
                .unwrap_or_default();
            PieceOverview {
                letter: piece.letter,
                key: piece.key.clone(),
                betza: piece.betza.text.clone(),
                royal: rules.as_ref().is_some_and(|r| r.pieces[index].royal),
                moves,
                initial_moves,
                diagram: Diagram::of(&diagram_betza(def, index)).ok(),
            }
        })
        .collect();
    Overview {
        name: def.name.clone(),
        parent: def.parent.clone(),
        files: board.files,
        ranks: board.ranks,
        playable: board.playable_squares(),
        holes: board.hole_squares().map(|s| s.to_string()).collect(),
        seats,
        teams,
        start: def.start_fen().to_string(),
        start_board: rules
            .as_ref()
            .map(|r| start_board(r, def.start_fen()))
            .unwrap_or_default(),
        pieces,
        rules: rules
            .as_ref()
            .map(|r| rules_text::topics(r, def.start_fen()))
            .unwrap_or_default(),
        not_enforced: def.not_enforced().iter().map(|s| s.to_string()).collect(),
        unsupported: def.unsupported.clone(),
    }
}

/// The Betza text a piece moves by, with the pawn's double step when the
/// variant gives the built-in pawn one (as the rule compiler does).
fn diagram_betza(def: &CheckedDefinition, index: usize) -> String {
    let piece = &def.pieces[index];
    match def.initial_step_betza(piece) {
        Some(extra) => format!("{}{extra}", piece.betza.text),
        None => piece.betza.text.clone(),
    }
}

/// The start position as cells, top rank first.
fn start_board(rules: &RuleTable, start: &str) -> Vec<Vec<Cell>> {
    let Ok(pos) = crate::position::Position::from_text(rules, start) else {
        return Vec::new();
    };
    (0..rules.ranks)
        .rev()
        .map(|rank| {
            (0..rules.files)
                .map(|file| {
                    let sq = rules.square(file, rank);
                    if !rules.playable[sq as usize] {
                        return Cell::Hole;
                    }
                    let piece = pos.piece_at(sq);
                    if piece.is_none() {
                        Cell::Empty
                    } else if piece.is_wall() {
                        Cell::Wall
                    } else {
                        Cell::Piece {
                            seat: piece.seat().index(),
                            letter: rules.pieces[piece.kind().index()]
                                .letter
                                .to_ascii_uppercase(),
                            dead: piece.dead(),
                        }
                    }
                })
                .collect()
        })
        .collect()
}
