//! Pieces in hand: a count per seat and type, with a Zobrist key per count.

use super::Position;
use super::RuleHandle;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::rules::Sq;
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The number of pieces of a type a seat holds in hand.
    #[inline]
    pub fn in_hand(&self, seat: Seat, kind: PieceType) -> u8 {
        self.hands[self.rules.seat_type(seat, kind)]
    }

    /// Whether drops need no hand (`freeDrops`).
    pub(super) fn free_drops(&self) -> bool {
        self.rules.hand.as_ref().is_some_and(|h| h.free)
    }

    /// Whether a seat may drop a piece of a type: it holds one, or drops
    /// need no hand (`freeDrops`).
    pub fn can_drop(&self, seat: Seat, kind: PieceType) -> bool {
        self.free_drops() || self.in_hand(seat, kind) > 0
    }

    /// Whether a seat may drop any piece.
    pub fn can_drop_any(&self, seat: Seat) -> bool {
        self.free_drops() || self.has_hand(seat)
    }

    /// Whether a seat holds any piece in hand.
    pub fn has_hand(&self, seat: Seat) -> bool {
        self.hand_totals[seat] != 0
    }

    /// Puts a piece of a type into a seat's hand (setting up a position).
    pub(crate) fn add_to_hand(&mut self, seat: Seat, kind: PieceType) {
        self.state.hash ^= self.hand_change(seat, kind, 1);
    }

    /// Sets how many pieces of a type a seat holds in hand, keeping the
    /// seat's total.
    #[inline]
    pub(super) fn set_in_hand(&mut self, seat: Seat, kind: PieceType, count: u8) {
        let held = &mut self.hands[self.rules.seat_type(seat, kind)];
        self.hand_totals[seat] = self.hand_totals[seat] + u32::from(count) - u32::from(*held);
        *held = count;
    }

    /// Changes a hand count by `delta` (±1); returns the change of the hash.
    #[inline]
    pub(super) fn hand_change(&mut self, seat: Seat, kind: PieceType, delta: i8) -> u64 {
        let before = self.in_hand(seat, kind);
        let after = before.saturating_add_signed(delta);
        self.set_in_hand(seat, kind, after);
        self.rules.zobrist_hand(seat, kind, before) ^ self.rules.zobrist_hand(seat, kind, after)
    }

    /// Puts a piece taken off the board into `seat`'s hand where captures go
    /// to hand, as the type Fairy-Stockfish gives back: a promoted piece
    /// as what it was promoted from (unless `dropLoop`). Returns the change
    /// of the hash; `unmake` takes it out again.
    #[inline]
    pub(super) fn put_in_hand(&mut self, seat: Seat, piece: Piece) -> u64 {
        let Some(hand) = &self.rules.hand else {
            return 0;
        };
        // As in Fairy-Stockfish, a hand that drops need not keeps nothing.
        if !hand.captures_to_hand || hand.free || piece.is_wall() || piece.dead() {
            return 0;
        }
        let kind = if hand.drop_loop {
            piece.kind()
        } else if piece.promoted() {
            piece.unpromoted_kind()
        } else if piece.from_pawn() {
            hand.pawn_type[piece.seat()].unwrap_or(piece.kind())
        } else {
            piece.kind()
        };
        self.handed.push((seat, kind));
        self.hand_change(seat, kind, 1)
    }

    /// Puts `placed`, a piece of type `piece` from the hand of the side to
    /// move, on `to`; returns the change of the hash.
    #[inline(always)]
    pub(super) fn place_from_hand(&mut self, piece: PieceType, placed: Piece, to: Sq) -> u64 {
        let hash = if self.free_drops() {
            0
        } else {
            self.hand_change(self.state.to_move, piece, -1)
        };
        self.add(to, placed);
        hash ^ self.rules.zobrist_piece(placed, to)
    }
}
