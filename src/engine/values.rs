//! What each piece type is worth to the evaluation.

use std::sync::Arc;

use crate::moves::MoveList;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::Position;
use crate::rules::{RuleTable, Sq};
use crate::seat::Seat;

/// A pawn, on Fairy-Stockfish's scale (its middle-game pawn value).
pub const PAWN: i32 = 126;

/// The value of each piece type, on Fairy-Stockfish's scale: the file's
/// `pieceValueMg` where it gives one; a pawn-like piece (one that promotes
/// as a pawn) [`PAWN`]; a royal piece under checks nothing (it is never
/// captured); any other piece `105 × m + 30`, where `m` is its average
/// number of moves from the board's squares when alone on it (a fit to
/// Fairy-Stockfish's knight, bishop, rook and queen: 581, 949, 1,500,
/// 2,419 against 781, 825, 1,276, 2,538).
pub fn piece_values(rules: &Arc<RuleTable>) -> Vec<i32> {
    (0..rules.pieces.len())
        .map(|t| {
            let piece = &rules.pieces[t];
            if let Some(value) = piece.declared_value {
                value
            } else if piece.royal && rules.royalty.checking {
                0
            } else if piece.promotes_as_pawn.first() == Some(&true) {
                PAWN
            } else {
                (105.0 * mobility(rules, PieceType::new(t)) + 30.0).round() as i32
            }
        })
        .collect()
}

/// The average number of moves of the first seat's `kind` alone on the
/// board, over the squares of the board.
fn mobility(rules: &Arc<RuleTable>, kind: PieceType) -> f64 {
    let mut list = MoveList::default();
    let mut moves = 0;
    let mut squares = 0;
    for sq in 0..rules.square_count() {
        if !rules.playable[sq] {
            continue;
        }
        let mut pos = Position::empty(rules.clone());
        pos.put(sq as Sq, Piece::new(Seat::FIRST, kind));
        list.clear();
        pos.pseudo_moves(&mut list);
        moves += list.len();
        squares += 1;
    }
    moves as f64 / squares.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::rules::compile;

    #[test]
    fn chess_pieces_are_valued_from_their_mobility() {
        let catalog = Catalog::shipped();
        let rules = Arc::new(compile(catalog.checked("chess").expect("shipped")).expect("chess"));
        let values = piece_values(&rules);
        let value = |letter| values[rules.piece_by_letter(letter).expect("a piece").index()];
        // Knight 5.25 moves on average, bishop 8.75, rook 14, queen 22.75.
        assert_eq!(
            [
                value('p'),
                value('n'),
                value('b'),
                value('r'),
                value('q'),
                value('k')
            ],
            [126, 581, 949, 1500, 2419, 0]
        );
    }
}
