//! The incremental Zobrist hash: the key of a position, of its state
//! and of one ply's change of state.

use super::RuleHandle;
use super::{EnPassant, NO_SQ, PlyState, Position, Targets, Undo};
use crate::piece_type::PieceType;
use crate::rules::Sq;
use crate::seat::MAX_SEATS;
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The Zobrist hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The hash computed from scratch (for tests of the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.board.iter().enumerate() {
            if p.is_some() {
                h ^= self.rules.zobrist_piece(*p, sq as Sq);
            }
        }
        for seat in Seat::all(self.rules.seats.len()) {
            for kind in PieceType::all(self.rules.pieces.len()) {
                h ^= self
                    .rules
                    .zobrist_hand(seat, kind, self.in_hand(seat, kind));
            }
        }
        h ^ self.state_hash(
            self.state.castling,
            &self.state.en_passant,
            self.state.checks,
        )
    }

    pub(super) fn state_hash(&self, castling: u32, ep: &Targets, checks: [u8; MAX_SEATS]) -> u64 {
        let mut h = self.rules.zobrist_side(self.state.to_move)
            ^ self.rules.zobrist_eliminated(self.state.eliminated);
        let mut rights = castling;
        while rights != 0 {
            let right = &self.castling_rights[rights.trailing_zeros() as usize].right;
            h ^= self.rules.zobrist_castling(right.seat, right.rook);
            rights &= rights - 1;
        }
        for e in ep.iter().flatten() {
            h ^= self.en_passant_hash(e);
        }
        if self.rules.ends.check_counting {
            h ^= self.rules.zobrist_checks(checks);
        }
        h
    }

    /// How the state part of the hash ([`Position::state_hash`]) changed
    /// since the state `before` recorded (side to move, eliminated seats,
    /// castling rights, en-passant targets, checks): only the parts that
    /// differ are hashed.
    #[inline]
    pub(super) fn state_change(&self, before: &Undo) -> u64 {
        let PlyState {
            to_move,
            eliminated,
            castling,
            ref en_passant,
            checks,
            ..
        } = before.state;
        let rules = &self.rules;
        let mut h = rules.zobrist_side(to_move) ^ rules.zobrist_side(self.state.to_move);
        if eliminated != self.state.eliminated {
            h ^= rules.zobrist_eliminated(eliminated)
                ^ rules.zobrist_eliminated(self.state.eliminated);
        }
        let mut rights = castling ^ self.state.castling;
        while rights != 0 {
            let right = &self.castling_rights[rights.trailing_zeros() as usize].right;
            h ^= rules.zobrist_castling(right.seat, right.rook);
            rights &= rights - 1;
        }
        // Most moves find no target and leave none: nothing is compared
        // then; else only the seats' targets that changed are hashed.
        let n = rules.seats.len();
        let live = |targets: &Targets| targets[..n].iter().any(Option::is_some);
        if live(en_passant) || live(&self.state.en_passant) {
            for (before, after) in en_passant[..n].iter().zip(&self.state.en_passant[..n]) {
                if before != after {
                    for e in [before, after].into_iter().flatten() {
                        h ^= self.en_passant_hash(e);
                    }
                }
            }
        }
        if rules.ends.check_counting && checks != self.state.checks {
            h ^= rules.zobrist_checks(checks) ^ rules.zobrist_checks(self.state.checks);
        }
        h
    }

    /// The part of the hash an en-passant target contributes: a key per
    /// passed square, so that a target read from a FEN, whatever order it
    /// names the squares in, hashes as the one a move made.
    pub fn en_passant_hash(&self, target: &EnPassant) -> u64 {
        target
            .squares
            .iter()
            .filter(|&&s| s != NO_SQ)
            .fold(0, |h, &s| h ^ self.rules.zobrist_square(s))
    }
}
