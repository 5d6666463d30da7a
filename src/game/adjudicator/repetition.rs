//! Repetition: how often a position has occurred, and what the variant
//! makes of it (a draw, a loss for the side that repeats, a chase).

use super::Game;
use crate::definition::value::GameValue;
use crate::game::chasing;
use crate::moves::Move;
use crate::rules::SqSet;
use crate::seat::Seat;

impl Game {
    /// How often the current position has occurred in this game (since the
    /// last capture or pawn move; the same seat to move, placement, castling
    /// rights, eliminated seats and legal en-passant captures).
    pub fn repetitions(&self) -> u32 {
        let Some(last) = self.history.last() else {
            return 0;
        };
        self.history.iter().filter(|v| v.key == last.key).count() as u32
    }

    /// The value for the side to move of the repetition just reached where
    /// perpetual check or chasing is forbidden, as Fairy-Stockfish judges
    /// it over the positions from the first of the repeating ones to now:
    /// if one side checked in every one of its moves, it loses, and if both
    /// did, it is a draw; failing that, likewise if one side chased the
    /// same piece in every one of its moves (`chasingRule`). `None` when
    /// neither rule decides.
    pub fn repetition_value(&self) -> Option<GameValue> {
        let adj = &self.rules().adjudication;
        let last = self.history.last()?;
        let now = self.history.len() - 1;
        // The earliest of the `n_fold` occurrences that make the repetition.
        let first = (0..=now)
            .rev()
            .filter(|&i| self.history[i].key == last.key)
            .nth(adj.n_fold.saturating_sub(1) as usize)?;
        let by_side = |us: bool, them: bool| match (us, them) {
            (true, true) => Some(GameValue::Draw),
            (true, false) => Some(GameValue::Win),
            (false, true) => Some(GameValue::Loss),
            (false, false) => None,
        };
        if adj.perpetual_check_loses {
            let checked = |i: usize| self.history[i].in_check;
            let checked_us = (first..=now).step_by(2).all(checked);
            let checked_them = first < now && (first + 1..now).step_by(2).all(checked);
            if let Some(value) = by_side(checked_us, checked_them) {
                return Some(value);
            }
        }
        if let Some(roles) = &self.rules().chasing
            && now - first >= 4
        {
            let chased = self.chased_since(roles, first);
            let chased = |i: usize| chased[now - i];
            let mv = |i: usize| self.history[i].arrival.map(|a| a.mv);
            // The side to move's pieces chased at each of the opponent's
            // moves, followed back through its own moves; the game's first
            // position, reached by no move, leaves the set as it is.
            let mut ours = chased(now).unwrap_or_default();
            for i in (first..now - 1).rev().step_by(2) {
                ours = chasing::before_move(ours, mv(i + 1));
                if let Some(set) = chased(i) {
                    ours = ours.intersection(&set);
                }
            }
            // The opponent's, from its last move back to its first in the
            // cycle.
            let mut theirs = chased(now - 1).unwrap_or_default();
            for i in (first + 1..now - 2).rev().step_by(2) {
                theirs = chasing::before_move(theirs, mv(i + 1));
                theirs = theirs.intersection(&chased(i).unwrap_or_default());
            }
            return by_side(!ours.is_empty(), !theirs.is_empty());
        }
        None
    }

    /// The pieces each move chased (`chasingRule`), for the positions from
    /// `first` in the history to now, latest first: for each, the side to
    /// move's pieces the move that reached it chases (`None` for the game's
    /// first position). Worked out only when a repetition needs them, by
    /// taking the moves back on a copy of the position.
    pub(super) fn chased_since(
        &self,
        roles: &crate::rules::ChasingRoles,
        first: usize,
    ) -> Vec<Option<SqSet>> {
        let mut pos = self.pos.clone();
        let mut sets = Vec::with_capacity(self.history.len() - first);
        for visit in self.history[first..].iter().rev() {
            let Some(arrival) = visit.arrival else {
                sets.push(None);
                break;
            };
            let mut before = pos.clone();
            before.unmake();
            let blockers = chasing::king_blockers(&before, pos.to_move());
            sets.push(Some(chasing::chased(
                &pos,
                roles,
                arrival.mv,
                arrival.captured,
                &blockers,
            )));
            pos = before;
        }
        sets
    }

    /// Whether the player who just moved has moved a piece back and forth
    /// where Janggi forbids it (`moveRepetitionIllegal`), as
    /// Fairy-Stockfish judges it: neither in check on its last three turns,
    /// it moved, with quiet plain moves, a piece that can enter the
    /// opponent's palace from a square it reached without capturing to
    /// another and back, twice (a pass may stand for its second move).
    pub(super) fn moved_back_and_forth(&self) -> bool {
        let rules = self.rules();
        let adj = &rules.adjudication;
        let len = self.history.len();
        if !adj.back_and_forth_loses || adj.n_fold == 0 || len < 5 {
            return false;
        }
        let end = len - 1;
        // Plies counted back from the last (0), and the positions they reached.
        let mv = |k: usize| self.history[end - k].arrival.map(|a| a.mv);
        let captured = |k: usize| self.history[end - k].arrival.is_some_and(|a| a.captured);
        let checked = |k: usize| self.history[end - k].in_check;
        let reverses = |a: Option<Move>, b: Option<Move>| match (a, b) {
            (Some(Move::Normal { from, to }), Some(Move::Normal { from: f, to: t })) => {
                from == t && to == f
            }
            _ => false,
        };
        let Some(Move::Normal { to, .. }) = mv(0) else {
            return false;
        };
        if checked(1) || checked(3) {
            return false;
        }
        let them = self.pos.to_move();
        let mover = them.previous(rules.seats.len());
        let region = |seat: Seat, t: usize| {
            rules.mobility[rules.seat_type(seat, crate::piece_type::PieceType::new(t))].as_ref()
        };
        let moved = self.pos.piece_at(to).kind().index();
        let Some(king) = rules.pieces.iter().position(|p| p.key == "king") else {
            return false;
        };
        let reaches_palace = match (region(mover, moved), region(them, king)) {
            (Some(a), Some(b)) => a.iter().zip(b).any(|(x, y)| *x && *y),
            _ => true,
        };
        if !reaches_palace {
            return false;
        }
        let mut state = if reverses(mv(2), mv(0)) {
            2
        } else if matches!(mv(2), Some(Move::Pass { .. })) {
            1
        } else {
            0
        };
        let mut i = 4;
        while i <= end && state > 0 {
            if i < end && checked(i + 1) {
                state = 0;
            } else if state < 4 {
                let undone = if state == 1 { mv(0) } else { mv(i - 2) };
                state = if reverses(mv(i), undone) {
                    state + 1
                } else {
                    0
                };
            } else if !captured(i) && mv(i - 2).and_then(|m| m.from()) == mv(i).map(|m| m.to()) {
                return true;
            } else {
                state = 0;
            }
            i += 2;
        }
        false
    }
}
