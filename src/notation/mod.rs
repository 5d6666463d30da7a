//! Text for positions, moves and games: FEN and FEN4 written, moves in UCI
//! (two seats, as Fairy-Stockfish writes them) and the four-player notation
//! (`h2-h4`, `O-O`), SAN and PGN, PGN4, records read back and transcripts of
//! games played. Every command, the game and scenario files name moves
//! through [`move_name`] and [`parse_move`].

mod fen;
mod fen4;
pub mod four_player;
pub mod san;
pub mod uci;
pub mod xboard;

use crate::moves::{Move, MoveError};
use crate::notation::four_player::{notation4, parse_move4};
use crate::notation::uci::{castling_names_rook, parse_uci, uci_text};
use crate::piece::Piece;
use crate::position::{Position, RuleHandle};
use crate::rules::RuleTable;

/// What it takes to write a move after its position is gone: the move, the
/// piece that made it (for notations with piece letters, such as PGN4), and
/// whether its position makes Fairy-Stockfish name a castling by the rook's
/// square. Cheap to keep (game events hold one per move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The move.
    pub mv: Move,
    /// The piece that moved (the king, for a castling).
    pub piece: Piece,
    /// A castling written as the king taking its rook.
    names_rook: bool,
}

impl MoveText {
    /// A legal move of `pos`, ready to be written later.
    pub fn of(pos: &Position<impl RuleHandle>, mv: Move) -> MoveText {
        MoveText {
            mv,
            piece: pos.moving_piece(&mv),
            names_rook: pos.rules().seats.len() <= 2 && castling_names_rook(pos, &mv),
        }
    }

    /// The move's text in the variant's notation.
    pub fn write(&self, rules: &RuleTable) -> String {
        if rules.seats.len() > 2 {
            notation4(rules, &self.mv)
        } else {
            uci_text(rules, &self.mv, self.names_rook)
        }
    }
}

/// The text of a legal move of `pos`.
pub fn move_name(pos: &Position<impl RuleHandle>, mv: &Move) -> String {
    MoveText::of(pos, *mv).write(pos.rules())
}

/// The legal move of `pos` that `text` names.
pub fn parse_move(pos: &mut Position<impl RuleHandle>, text: &str) -> Result<Move, MoveError> {
    if pos.rules().seats.len() > 2 {
        parse_move4(pos, text)
    } else {
        parse_uci(pos, text)
    }
}
