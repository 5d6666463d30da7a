//! Perft's last ply: the legal moves counted, by the fast generator, by
//! the exposure mask or by listing them; and a player left without a move
//! eliminated where the game plays on.

use super::Counter;
use crate::moves::MoveList;
use crate::position::{Position, RuleHandle};

impl<R: RuleHandle> Position<R> {
    /// For a player to move without legal moves: where the variant takes
    /// that player out and plays on (checkmate or stalemate eliminating, as
    /// in free-for-all games), eliminates it, passes the turn and returns
    /// true; `unmake` takes the elimination back.
    pub fn eliminate_if_stuck(&mut self) -> bool {
        let rules = self.rules();
        if !(rules.royalty.eliminate_when_mated || rules.royalty.eliminate_when_stalemated)
            || self.immediate_end().is_some()
        {
            return false;
        }
        let mated = self.in_check(self.to_move());
        let eliminate = if mated {
            rules.royalty.eliminate_when_mated
        } else {
            rules.royalty.eliminate_when_stalemated
        };
        if eliminate {
            self.eliminate_to_move(rules.royalty.eliminated_pieces_removed);
        }
        eliminate
    }

    /// The number of legal moves of the side to move (perft's last ply),
    /// counted without listing the moves where no test is needed.
    pub fn count_legal_moves(&mut self) -> u64 {
        // As on the list: an ended game has no move (never at once where
        // the count is plain).
        let plain = self.rules().fast.count_alone;
        if !plain && self.immediate_end().is_some() {
            return 0;
        }
        let fast = self.fast_legality();
        if plain && fast {
            let mut counter = Counter::new(false);
            self.generate_legal(&mut counter);
            return self.moves_or_stalemate_pass(counter.moves);
        }
        if !fast
            && self.rules().fast.exposure_legality[self.to_move()]
            && let Some(count) = self.count_by_exposure()
        {
            return count;
        }
        if !fast && let Some(count) = self.count_walled() {
            return count;
        }
        let rules = self.rules();
        let gating = self.may_gate();
        // Gatings of compulsory captures or beside compulsory drops are
        // counted on the list, which applies those rules first.
        let compulsory =
            rules.must_capture || rules.hand.as_ref().is_some_and(|h| h.must_drop.is_some());
        if !fast || gating && compulsory {
            return self.count_listed();
        }
        let mut counter = Counter::new(rules.must_capture);
        let gatings = if gating {
            self.count_gatings(&mut counter)
        } else {
            self.generate_legal(&mut counter);
            0
        };
        // As on the list: a compulsory capture leaves only the captures, else
        // a compulsory drop only those drops.
        if self.rules().must_capture && counter.captures > 0 {
            counter.captures
        } else if counter.compulsory_drops > 0 {
            counter.compulsory_drops
        } else {
            self.moves_or_stalemate_pass(counter.moves) + gatings
        }
    }

    /// `moves` counted, or where there are none, the pass a stalemated
    /// side may make (`stalemate_pass`), as on the list.
    #[inline(always)]
    pub(super) fn moves_or_stalemate_pass(&self, moves: u64) -> u64 {
        if moves == 0 {
            u64::from(self.stalemate_pass().is_some())
        } else {
            moves
        }
    }

    /// The number of legal moves, listed. Never inlined: the list's room
    /// would make [`Position::count_legal_moves`]'s frame pages deep (each
    /// page probed at every call) where it counts without one.
    #[inline(never)]
    pub(super) fn count_listed(&mut self) -> u64 {
        let mut list = MoveList::default();
        self.legal_moves_in_play(&mut list);
        list.len() as u64
    }

    /// The legal moves counted where [`FastPaths::exposure_legality`]
    /// holds, as the slow path judges them: a plain move of a piece that is
    /// neither royal nor pseudo-royal, from and to squares off every line
    /// toward a royal piece (and, where checks are forbidden, toward an
    /// enemy royal piece), is legal unless it is always tested (a capture
    /// where captures explode); the other moves are made and tested. Where
    /// captures are compulsory and one is legal, only the captures count.
    /// In check, where [`Position::check_lines`] applies, the moves that
    /// touch no checking line are illegal and the others are tested.
    /// `None` when a royal piece is attacked otherwise (every move is
    /// tested).
    #[inline(never)]
    pub(super) fn count_by_exposure(&mut self) -> Option<u64> {
        let mut counter = Counter::new(self.rules().must_capture);
        let in_check = self.moves_by_exposure(&mut counter)?;
        // As on the list: a compulsory capture leaves only the captures.
        let moves = if counter.must_capture && counter.captures > 0 {
            counter.captures
        } else {
            counter.moves
        };
        // As on the list, the pass comes after the other rules. It moves
        // nothing, and judged_lines found, where checks are forbidden, no
        // enemy in check: it is legal unless the side's royal piece is in
        // check (judged_lines then judged the moves that answer it).
        let pass = self.pass_move().is_some() && !in_check;
        Some(moves + u64::from(pass))
    }
}
