//! Move generation from the compiled rule table: pseudo-legal moves; legality
//! from one look outward from the king (checks and pins), with make/unmake
//! only where that cannot decide; perft's last ply counted with bitboards
//! where the board allows; and eliminations of stuck players in games that
//! play on. Immediate game ends are judged in
//! [`crate::position::ImmediateEnd`].

use crate::moves::{Move, MoveList};
use crate::position::{Position, RuleHandle};

mod blast;
mod count;
mod drops;
mod exposure;
mod extra_moves;
mod fast;
mod gating;
mod legality;
mod list;
mod pseudo;
mod sink;
mod targets;
mod walls;

use drops::DropLimits;
use fast::BoardMasks;
use legality::{JudgedLines, UnplayedBlasts};
use pseudo::PieceWalk;
use sink::{Counter, Lister, MoveSink, Promotions};
use targets::MAPPED_STEPS;

impl<R: RuleHandle> Position<R> {
    /// Adds every pseudo-legal move of the side to move.
    pub fn pseudo_moves(&self, list: &mut MoveList) {
        self.pseudo_moves_except(list, |_, _| false);
    }

    /// Whether a move captures. Inlined for the commonest, a normal move:
    /// its target square says (`docs/performance.md`, inlining).
    #[inline]
    pub fn is_capture(&self, mv: &Move) -> bool {
        match mv {
            Move::Normal { to, .. } => self.piece_at(*to).is_some(),
            _ => self.is_capture_shaped(mv),
        }
    }

    /// [`Position::is_capture`] of a move of another shape than a normal
    /// one.
    #[inline(never)]
    fn is_capture_shaped(&self, mv: &Move) -> bool {
        match mv {
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => false,
            Move::Walled { base, .. } => self.is_capture(&base.to_move()),
            // Sittuyin's pawn promoting where it stands.
            Move::Promotion { from, to, .. } if from == to => false,
            _ => self.piece_at(mv.to()).is_some(),
        }
    }
}

#[cfg(test)]
mod tests;
