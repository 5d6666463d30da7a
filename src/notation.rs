//! Move text for any variant: UCI for two seats (as Fairy-Stockfish writes
//! it), the four-player notation (`h2-h4`, `O-O`) for more. Every command,
//! the game and scenario files name moves through these two functions.

use crate::moves::{Move, MoveError};
use crate::position::{Position, RuleHandle};
use crate::setup::{parse_uci, uci};
use crate::setup_fen4::{notation4, parse_move4};

/// The text of a legal move of `pos`.
pub fn move_name(pos: &Position<impl RuleHandle>, mv: &Move) -> String {
    if pos.rules().seats.len() > 2 {
        notation4(pos.rules(), mv)
    } else {
        uci(pos, mv)
    }
}

/// The legal move of `pos` that `text` names.
pub fn parse_move(pos: &mut Position<impl RuleHandle>, text: &str) -> Result<Move, MoveError> {
    if pos.rules().seats.len() > 2 {
        parse_move4(pos, text)
    } else {
        parse_uci(pos, text)
    }
}
