//! A room's board as its viewers see it: the pieces, the hands and the
//! legal moves of the player to move, with the coordinates the page draws.

use super::messages::{Coord, HandView, LegalView, PieceView};
use crate::game::Game;
use crate::moves::Move;
use crate::notation::move_name;
use crate::position::Position;
use crate::rules::{RuleTable, Sq};
use crate::seat::Seat;

/// A square's file and rank, as the page reads them.
pub(super) fn coord(rules: &RuleTable, sq: Sq) -> Coord {
    [rules.file_of(sq), rules.rank_of(sq)]
}

/// The pieces on the board (walls as `*`, without a seat).
pub(super) fn pieces_view(rules: &RuleTable, position: &Position) -> Vec<PieceView> {
    let coord = |sq: Sq| coord(rules, sq);
    let mut pieces = Vec::new();
    for i in 0..rules.square_count() {
        let sq = i as Sq;
        if !rules.playable[i] {
            continue;
        }
        let piece = position.piece_at(sq);
        if piece.is_none() {
            continue;
        }
        pieces.push(if piece.is_wall() {
            PieceView {
                at: coord(sq),
                seat: None,
                letter: '*',
                promoted: false,
                dead: false,
            }
        } else {
            PieceView {
                at: coord(sq),
                seat: Some(piece.seat().index()),
                letter: rules.pieces[piece.kind()].letter.to_ascii_uppercase(),
                promoted: piece.promoted(),
                dead: piece.dead(),
            }
        });
    }
    pieces
}

/// Each seat's hand, in the order FEN writes it.
pub(super) fn hands_view(rules: &RuleTable, position: &Position) -> Vec<Vec<HandView>> {
    match &rules.hand {
        Some(hand) => Seat::all(rules.seats.len())
            .map(|seat| {
                hand.fen_order
                    .iter()
                    .filter(|&&kind| position.in_hand(seat, kind) > 0)
                    .map(|&kind| HandView {
                        letter: rules.pieces[kind].letter.to_ascii_uppercase(),
                        count: position.in_hand(seat, kind),
                    })
                    .collect()
            })
            .collect(),
        None => Vec::new(),
    }
}

/// The legal moves of the player to move, with what the page needs to
/// offer each: squares, the piece dropped, promotion, gate and wall.
pub(super) fn legal_view(game: &Game) -> Vec<LegalView> {
    let rules = game.rules();
    let coord = |sq: Sq| coord(rules, sq);
    game.legal_moves()
        .iter()
        .map(|mv| LegalView {
            from: mv.from().map(coord),
            drop: match *mv {
                Move::Drop { piece, .. } => Some(rules.pieces[piece].letter.to_ascii_uppercase()),
                _ => None,
            },
            to: coord(mv.to()),
            text: move_name(game.position(), mv),
            promotion: match *mv {
                Move::Drop { piece, placed, .. } if placed != piece => Some(placed),
                _ => mv.promotion(),
            }
            .map(|kind| rules.pieces[kind].letter.to_ascii_uppercase()),
            gate: mv.gate().map(|(piece, sq)| {
                format!(
                    "{}@{}",
                    rules.pieces[piece].letter.to_ascii_uppercase(),
                    rules.square_name(sq)
                )
            }),
            wall: mv.wall().map(|sq| rules.square_name(sq)),
        })
        .collect()
}
