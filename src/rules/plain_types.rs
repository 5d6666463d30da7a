//! Plain types: where a (seat, type)'s pieces make only plain moves (their
//! leaps' and slides' targets, [`super::SlotBits::plain`]) of one form
//! each, perft's last ply counts them a type at a time, one slot read
//! per piece, without the walk over the pieces' squares and its tests
//! (boards of at most 64 squares).

use crate::piece_type::PieceType;
use crate::seat::Seat;

use super::{BitTables, Bitboard, RuleTable, Sq};

/// The squares from which one (seat, type)'s pieces make only plain moves
/// of one form each.
#[derive(Clone, Copy, Debug)]
pub struct PlainType {
    /// The type.
    pub kind: PieceType,
    /// The (seat, type) ([`RuleTable::seat_type`]): its pieces' bitboard.
    pub seat_type: u32,
    /// The squares where the type's slot is plain and each move has one
    /// form, for a piece promoted or not.
    pub squares: u64,
}

impl<B: Bitboard> BitTables<B> {
    /// A seat's plain types.
    #[inline]
    pub fn plain_types_of(&self, seat: Seat) -> &[PlainType] {
        let (a, b) = self.seat_plain_types[seat.index()];
        &self.plain_types[a as usize..b as usize]
    }

    /// Finds every seat's plain types, once the slots are built (none on
    /// boards of over 64 squares, nor for a type that never moves).
    pub(super) fn add_plain_types(&mut self, rules: &RuleTable) {
        let nsq = rules.square_count();
        for seat in Seat::all(rules.seats.len()) {
            let start = self.plain_types.len() as u32;
            if nsq <= 64 {
                for kind in PieceType::all(rules.pieces.len()) {
                    if kind.is_in(self.moveless[seat.index()]) {
                        continue;
                    }
                    let squares = (0..nsq as Sq)
                        .filter(|&sq| {
                            let slot = &self.slots[rules.slot(seat, kind, sq)];
                            // One form per move, for a piece promoted or
                            // not (where moves may promote, the forms of
                            // each are counted alike).
                            let unpromoted = !slot.promoting || slot.uniform_forms[0] == 1;
                            let promoted = !(slot.promoting || slot.near_promotion)
                                || slot.uniform_forms[1] == 1;
                            slot.plain && unpromoted && promoted
                        })
                        .fold(0u64, |m, sq| m | 1 << sq);
                    if squares != 0 {
                        self.plain_types.push(PlainType {
                            kind,
                            seat_type: rules.seat_type(seat, kind) as u32,
                            squares,
                        });
                    }
                }
            }
            self.seat_plain_types
                .push((start, self.plain_types.len() as u32));
        }
    }
}
