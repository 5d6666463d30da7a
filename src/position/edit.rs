//! Editing a position outside play: the setters [`Position::from_setup`]
//! uses, and the scores and eliminations the adjudicator sets.

use super::RuleHandle;
use super::{EnPassant, Position, Remembered};
use crate::piece::Piece;
use crate::rules::Sq;
use crate::seat::MAX_SEATS;
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// Puts a piece on an empty square (setting up a position).
    pub(crate) fn put(&mut self, sq: Sq, piece: Piece) {
        self.add(sq, piece);
        self.state.hash ^= self.rules.zobrist_piece(piece, sq);
        self.forget_attacks();
    }

    /// Forgets the attacks [`Position::attacked_by_enemy_recalled`]
    /// remembered, where the position changes other than by a ply.
    pub(super) fn forget_attacks(&mut self) {
        self.attack_memo.fill(Remembered::default());
        self.safety_memo.key = 0;
    }

    /// Sets the seat to move (setting up a position).
    pub(crate) fn set_to_move(&mut self, seat: Seat) {
        self.state.hash ^=
            self.rules.zobrist_side(self.state.to_move) ^ self.rules.zobrist_side(seat);
        self.state.to_move = seat;
    }

    /// Sets the counters (setting up a position).
    pub(crate) fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.state.halfmove = halfmove;
        self.state.fullmove = fullmove;
    }

    /// Sets the remaining checks (setting up a position).
    pub(crate) fn set_checks(&mut self, checks: [u8; MAX_SEATS]) {
        self.state.checks = checks;
        self.state.hash = self.recompute_hash();
    }

    /// Adds an en-passant target of its pusher (setting up a position); a
    /// target without a square is none.
    pub(crate) fn set_en_passant(&mut self, ep: EnPassant) {
        self.state.en_passant[ep.pusher] = ep.without_empty_squares();
        self.state.hash = self.recompute_hash();
    }

    /// Sets the seats' points (setting up a position).
    pub(crate) fn set_scores(&mut self, scores: &[i32]) {
        for (slot, s) in self.state.scores.iter_mut().zip(scores) {
            *slot = *s;
        }
    }

    /// Adds points to a seat's score (the adjudicator's scoring).
    pub(crate) fn add_score(&mut self, seat: Seat, points: i32) {
        self.state.scores[seat] = self.state.scores[seat].saturating_add(points);
    }

    /// A seat's points.
    pub fn score(&self, seat: Seat) -> i32 {
        self.state.scores[seat]
    }

    /// Marks a seat as out of the game (setting up a position).
    pub(crate) fn set_eliminated(&mut self, seat: Seat) {
        self.state.eliminated |= seat.bit();
        self.state.hash = self.recompute_hash();
        self.forget_attacks();
    }

    /// Opens a gate on a square (setting up a position).
    pub(crate) fn open_gate(&mut self, sq: Sq) {
        self.gates.insert(sq);
    }
}
