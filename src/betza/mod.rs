//! Betza move notation: parsing (grammar: `grammar/betza.pest`) and meaning.
//!
//! A Betza string such as `fmWfceFifmnD` becomes a [`Betza`] value, a list
//! of [`BetzaMove`]s, and then a list of [`MoveRule`]s: one per direction a
//! piece can go, relative to the moving seat (forward, right). The rules say
//! how far the piece goes (leap, ride, hop), what it may do on arrival (move,
//! capture, en passant) and what blocks it. Directions follow
//! Fairy-Stockfish exactly, including its pairing of direction letters; where
//! tetrarch reads a string differently from Fairy-Stockfish the parser says so
//! in a warning.
//!
//! ```
//! use tetrarch::betza::Betza;
//! let pawn = Betza::parse("fmWfceFifmnD").unwrap();
//! // A quiet step forward, two diagonal captures, an initial double step.
//! assert_eq!(pawn.rules().len(), 4);
//! ```

mod ast;
mod directions;
mod parse;
mod rules;

pub use ast::{Atom, Betza, BetzaMove, Modality};
pub use directions::Offset;
pub use parse::BetzaError;
pub use rules::{MoveKind, MoveRule};
