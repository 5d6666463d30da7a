//! Taking a ply back: the undo record puts the state back whole and the
//! removed and handed pieces back in place.

use super::RuleHandle;
use super::{Position, Undo};
use crate::moves::{Move, WallBase};
use crate::piece_type::PieceType;
use crate::rules::Sq;
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// Takes back the last move (or elimination).
    pub fn unmake(&mut self) {
        // The record stays on the history until `restore`, which reads
        // the rest of it: only the fields read here are copied out.
        let undo = self.history.last().expect("a move to take back");
        let (mv, moved, us) = (undo.mv, undo.moved, undo.state.to_move);
        let removed_from = undo.removed_from;
        // The short ways back from `make`'s short ways.
        if let Some(Move::Normal { from, to }) = mv
            && (self.rules.fast.usual_moves
                || self.rules.fast.usual_quiet_moves && self.removed.len() == removed_from as usize)
        {
            self.relocate_mover(to, from);
            self.restore();
            return;
        }
        if let Some(Move::Walled {
            base: WallBase::Normal { from, to },
            wall,
        }) = mv
            && self.rules.fast.usual_walled_moves
        {
            self.take_back_wall(wall);
            self.relocate(to, from);
            self.restore();
            return;
        }
        if let Some(Move::Drop { piece, to, .. }) = mv
            && self.rules.fast.usual_drops
        {
            self.take_back_drop(us, piece, to);
            self.restore();
            return;
        }
        if let Some(mv) = mv {
            if let Some(wall) = mv.wall() {
                self.take_back_wall(wall);
            }
            if let Some((piece, sq)) = mv.gate() {
                self.remove(sq);
                self.set_in_hand(us, piece, self.in_hand(us, piece) + 1);
            }
            if self.rules.gating {
                self.gates = self.gate_history.pop().expect("the gates before the move");
            }
        }
        let to = mv.map_or(0, Move::to);
        match mv.map(|mv| mv.ungated().unwalled()) {
            None | Some(Move::Pass { .. }) => {}
            Some(Move::Castle {
                king, rook, wing, ..
            }) => {
                let geometry =
                    self.rules.castling.geometry[us][wing as usize].expect("castling geometry");
                let king_piece = self.remove(geometry.king_to);
                let rook_piece = self.remove(geometry.rook_to);
                self.add(king, king_piece);
                self.add(rook, rook_piece);
            }
            Some(Move::Drop { piece, to, .. }) => self.take_back_drop(us, piece, to),
            // The squares are read from the move as made (a walled or gated
            // move has its base move's): the rebuilt move, written to
            // memory field by field and read back whole, would stall.
            Some(_) => match mv.and_then(Move::from) {
                // The piece that moved (not promoted, not exploded) goes back.
                Some(from) if from != to && self.board[to as usize] == moved => {
                    self.relocate(to, from);
                }
                from => {
                    // A piece that exploded on arrival is already off the board.
                    if self.board[to as usize].is_some() {
                        self.remove(to);
                    }
                    if let Some(from) = from {
                        self.add(from, moved);
                    }
                }
            },
        }
        self.restore();
    }

    /// Takes a piece `us` dropped on `to` back into its hand.
    #[inline]
    pub(super) fn take_back_drop(&mut self, us: Seat, piece: PieceType, to: Sq) {
        self.remove(to);
        if !self.free_drops() {
            self.set_in_hand(us, piece, self.in_hand(us, piece) + 1);
        }
    }

    /// The end of taking back a ply, once its moved pieces are back: the
    /// pieces it put in hands leave them, the pieces it took off the board
    /// come back, the state recorded before it returns, and its record
    /// leaves the history.
    #[inline]
    pub(super) fn restore(&mut self) {
        let last = self.history.len() - 1;
        let Undo {
            removed_from,
            handed_from,
            ..
        } = self.history[last];
        while self.handed.len() > handed_from as usize {
            let (seat, kind) = self.handed.pop().expect("a piece put in hand");
            self.set_in_hand(seat, kind, self.in_hand(seat, kind) - 1);
        }
        // Removed pieces come back, the last removed first; a dead piece left
        // in the place of one makes room for it.
        while self.removed.len() > removed_from as usize {
            let (sq, piece) = self.removed.pop().expect("a removed piece");
            if self.board[sq as usize].is_some() {
                self.remove(sq);
            }
            self.add(sq, piece);
        }
        self.state = self.history[last].state;
        self.history.truncate(last);
    }
}
