//! A position as a FEN or FEN4 writes it, read into a [`Setup`]; the
//! position itself comes from [`crate::position::Position::from_setup`].
//!
//! A `Setup` is whatever the text says, checked only for form: piece letters
//! are not yet matched against a variant (that is the definition's job), and
//! no legality is judged.

use crate::board::Square;
use crate::seat::Seat;

mod fen;
mod fen4;

pub use fen::parse_fen;
pub use fen4::parse_fen4;

/// A piece as a FEN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenPiece {
    /// The piece letter, lower case.
    pub letter: char,
    /// The seat owning it, as an index in turn order (0 = White / first
    /// seat); `None` for a dead piece whose former owner is not written.
    pub seat: Option<Seat>,
    /// A dead (grey) piece of an eliminated player (FEN4 `dP`, `drP`).
    pub dead: bool,
    /// Written with `+` (or `~`): a promoted piece.
    pub promoted: bool,
    /// Byte offset of the piece in the FEN text.
    pub offset: usize,
}

/// A field of a FEN as written, and where it starts in the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Field {
    /// The field's text.
    pub text: String,
    /// Byte offset of the field in the FEN text.
    pub at: usize,
}

/// What a FEN or FEN4 describes, every field of it, before any check
/// against a variant. [`Position::from_setup`](crate::position::Position::from_setup)
/// turns it into a position: the one conversion every command uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Read from a FEN4 (else a two-player FEN).
    pub four: bool,
    /// Two-player FEN of a counting variant: the counting limit written in
    /// the en-passant field's place (the halfmove field then counts the
    /// plies counted).
    pub counting_limit: Option<u32>,
    /// Where the board part starts and ends in the text (for errors about
    /// the whole board).
    pub board_start: usize,
    /// See `board_start`.
    pub board_end: usize,
    /// Pieces on squares.
    pub pieces: Vec<(Square, FenPiece)>,
    /// Squares marked as walls or holes (`*` in a FEN, `x` in a FEN4).
    pub blocked: Vec<Square>,
    /// Number of files the board part describes.
    pub files: u8,
    /// Number of ranks the board part describes.
    pub ranks: u8,
    /// The seat to move.
    pub to_move: Seat,
    /// Whether the FEN has a pocket (pieces in hand).
    pub has_pocket: bool,
    /// The pieces in hand, as the pocket lists them (upper case White's).
    pub hand: Vec<FenPiece>,
    /// Two-player FEN: the castling field, as written.
    pub castling: Option<Field>,
    /// Two-player FEN: the en-passant field, as written.
    pub en_passant: Option<Field>,
    /// Two-player FEN: the checks each side has left (`3+3`, or lichess's
    /// checks given, `+2+0`).
    pub checks: Option<[u8; 2]>,
    /// The halfmove clock, when written.
    pub halfmove: Option<u32>,
    /// The fullmove number, when written.
    pub fullmove: Option<u32>,
    /// FEN4: the eliminated seats.
    pub eliminated: Vec<bool>,
    /// FEN4: king-side, then queen-side castling rights per seat.
    pub castling_flags: [Vec<bool>; 2],
    /// FEN4: the points of every seat.
    pub scores: Vec<i32>,
    /// FEN4: the extras blocks (`{'enPassant':(...)}`), as written.
    pub extras: Vec<Field>,
}

/// A FEN that cannot be read: the message and the byte range of the FEN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenError {
    /// What is wrong.
    pub message: String,
    /// Byte offset of the wrong part.
    pub start: usize,
    /// Byte offset one past it.
    pub end: usize,
}

impl FenError {
    /// An error about the bytes `start..end` of the FEN text.
    pub fn new(message: impl Into<String>, start: usize, end: usize) -> FenError {
        FenError {
            message: message.into(),
            start,
            end,
        }
    }
}

/// A [`FenError`] of `message` at bytes `start..end` of the text read; the
/// readers of FEN, FEN4 and [`crate::position::Position::from_setup`] use
/// it alike.
pub(crate) fn error(message: impl Into<String>, start: usize, end: usize) -> FenError {
    FenError::new(message, start, end)
}
