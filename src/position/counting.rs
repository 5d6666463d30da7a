//! Makruk-style counting (`countingRule`): the count a ply starts,
//! advances or ends, and its limit.

use super::Position;
use super::RuleHandle;
use crate::moves::Move;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::rules::{Counting, CountingRule};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The count of a counting rule (`countingRule`): the plies counted
    /// and the limit in plies, while a count runs.
    pub fn counting(&self) -> Option<(u32, u32)> {
        (self.state.counting[1] != 0).then_some((self.state.counting[0], self.state.counting[1]))
    }

    /// Whether a running count has passed its limit: the game is drawn
    /// (as by the n-move rule).
    pub fn count_exceeded(&self) -> bool {
        self.counting().is_some_and(|(ply, limit)| ply > limit)
    }

    /// Sittuyin's stalemate by promotion (`sittuyinPromotion`): the side to
    /// move, with only its king and one pawn and not in check, has nothing
    /// but promotions among its legal moves (`legal`): the game is drawn,
    /// as Fairy-Stockfish judges it.
    pub fn promotion_stalemate(&self, legal: &[Move]) -> bool {
        let rules = self.rules();
        let us = self.state.to_move;
        rules.promotion.sittuyin
            && self.pieces_of(us).len() == 2
            && self
                .pieces_of(us)
                .iter()
                .filter(|&&s| rules.pieces[self.board[s as usize].kind()].builtin_pawn)
                .count()
                == 1
            && !self.in_check(us)
            && legal.iter().all(|m| matches!(m, Move::Promotion { .. }))
    }

    /// Sets a running count (setting up a position): `limit` plies, of
    /// which `ply` are counted.
    pub(crate) fn set_counting(&mut self, ply: u32, limit: u32) {
        self.state.counting = [ply, limit];
    }

    /// Starts or restarts the count after `mover` moved, as
    /// Fairy-Stockfish does: the mover's count when it took the last pawn
    /// and is left bare; the count of the side to move when none runs, or
    /// when a capture or promotion has just left it bare.
    pub(super) fn update_counting(
        &mut self,
        counting: &Counting,
        mover: Seat,
        captured: Piece,
        promoted: bool,
    ) {
        let side = self.state.to_move;
        let all = |p: &Self, s: Seat| p.pieces_of(s).len() as u32;
        let total = all(self, mover) + all(self, side);
        let pawns =
            self.count_types(mover, counting.pawns) + self.count_types(side, counting.pawns);
        if counting.rule != CountingRule::Asean
            && captured.is_some()
            && captured.kind().is_in(counting.pawns)
            && all(self, mover) == 1
            && pawns == 0
        {
            let limit = self.count_limit(counting, mover);
            if limit != 0 {
                self.state.counting = [2 * total - 1, 2 * limit];
            }
        }
        let restart =
            self.state.counting[1] == 0 || (captured.is_some() || promoted) && all(self, side) == 1;
        if restart {
            let limit = self.count_limit(counting, side);
            if limit != 0 {
                let ply = if counting.rule == CountingRule::Asean || all(self, side) > 1 {
                    0
                } else {
                    2 * total
                };
                self.state.counting = [ply, 2 * limit];
            }
        }
    }

    /// The pieces of a seat of the given types (bits).
    pub(super) fn count_types(&self, seat: Seat, types: u64) -> u32 {
        let mut n = 0;
        let mut bits = types;
        while bits != 0 {
            let kind = PieceType::new(bits.trailing_zeros() as usize);
            n += u32::from(self.count(seat, kind));
            bits &= bits - 1;
        }
        n
    }

    /// The moves a side may count to (0: it does not count), as
    /// Fairy-Stockfish's `count_limit` sets them by the material.
    pub(super) fn count_limit(&self, counting: &Counting, side: Seat) -> u32 {
        let other = side.next(2);
        let all = |s: Seat| self.pieces_of(s).len() as u32;
        let theirs = |types: u64| self.count_types(other, types);
        let pawns = self.count_types(side, counting.pawns) + theirs(counting.pawns);
        let (rooks, khons, knights) = (
            theirs(counting.rooks),
            theirs(counting.khons),
            theirs(counting.knights),
        );
        // The pieces' honour: the limit the strongest attacking material sets.
        let honour = |offset: u32| {
            let limit = if rooks > 1 {
                8
            } else if rooks == 1 {
                16
            } else if khons > 1 {
                22
            } else if knights > 1 {
                32
            } else if khons == 1 {
                44
            } else {
                64
            };
            limit - offset
        };
        match counting.rule {
            CountingRule::Makruk if pawns > 0 || all(other) == 1 => 0,
            CountingRule::Makruk if all(side) > 1 => 64,
            CountingRule::Makruk => honour(0),
            CountingRule::Cambodian if all(side) > 3 || all(other) == 1 => 0,
            CountingRule::Cambodian if all(side) > 1 => 63,
            CountingRule::Cambodian if pawns > 0 => 0,
            CountingRule::Cambodian => honour(1),
            CountingRule::Asean if pawns > 0 || all(side) > 1 => 0,
            CountingRule::Asean if rooks > 0 => 16,
            CountingRule::Asean if khons > 0 => 44,
            CountingRule::Asean if knights > 0 => 64,
            CountingRule::Asean => 0,
        }
    }
}
