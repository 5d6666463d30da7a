//! Putting pieces on and off the board: the board, the piece lists and
//! the occupancy sets kept together.

use super::RuleHandle;
use super::{NO_SQ, Position};
use crate::piece::Piece;
use crate::rules::{Sq, SqSet};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    #[inline(always)]
    pub(super) fn add(&mut self, sq: Sq, piece: Piece) {
        self.board[sq as usize] = piece;
        self.occupied.insert(sq);
        let seat = piece.seat();
        if piece.is_wall() {
            return;
        }
        if piece.dead() {
            self.dead.insert(sq);
            return;
        }
        self.seat_occupied[seat].insert(sq);
        let seat_type = self.rules.seat_type(seat, piece.kind());
        if sq < 64 {
            self.piece_bits[seat_type] |= 1 << sq;
        }
        self.enlist(seat, sq);
        self.counts[seat_type] += 1;
        if self.rules.royalty.kind == Some(piece.kind()) {
            self.royals[seat] = sq;
        }
    }

    #[inline]
    pub(super) fn remove(&mut self, sq: Sq) -> Piece {
        let piece = self.board[sq as usize];
        self.board[sq as usize] = Piece::NONE;
        self.occupied.remove(sq);
        let seat = piece.seat();
        if piece.is_wall() {
            return piece;
        }
        if piece.dead() {
            self.dead.remove(sq);
            return piece;
        }
        self.seat_occupied[seat].remove(sq);
        let seat_type = self.rules.seat_type(seat, piece.kind());
        if sq < 64 {
            self.piece_bits[seat_type] &= !(1 << sq);
        }
        self.unlist(seat, sq);
        self.counts[seat_type] -= 1;
        if self.rules.royalty.kind == Some(piece.kind()) && self.royals[seat] == sq {
            self.royals[seat] = NO_SQ;
        }
        piece
    }

    /// Moves the piece on `from` to the empty square `to`: what
    /// [`Position::remove`] on `from`, then [`Position::add`] on `to` do,
    /// without touching the counts, and with the mover keeping its place in
    /// the seat's list (so a move and its take-back leave the list as it
    /// was).
    #[inline(always)]
    pub(super) fn relocate(&mut self, from: Sq, to: Sq) {
        self.relocate_piece::<false>(from, to);
    }

    /// [`Position::relocate`] of a piece known to be live and no wall: the
    /// piece a plain move moves, and moves back.
    #[inline(always)]
    pub(super) fn relocate_mover(&mut self, from: Sq, to: Sq) {
        self.relocate_piece::<true>(from, to);
    }

    /// [`Position::relocate`], without asking whether the piece is a wall
    /// or dead where `MOVER` says it is neither.
    #[inline(always)]
    pub(super) fn relocate_piece<const MOVER: bool>(&mut self, from: Sq, to: Sq) {
        let piece = self.board[from as usize];
        debug_assert!(!MOVER || !piece.is_wall() && !piece.dead());
        self.board[from as usize] = Piece::NONE;
        self.board[to as usize] = piece;
        self.occupied.remove(from);
        self.occupied.insert(to);
        let seat = piece.seat();
        if !MOVER && piece.is_wall() {
            return;
        }
        if !MOVER && piece.dead() {
            self.dead.remove(from);
            self.dead.insert(to);
            return;
        }
        let own = &mut self.seat_occupied[seat];
        own.remove(from);
        own.insert(to);
        let bits = &mut self.piece_bits[self.rules.seat_type(seat, piece.kind())];
        if from < 64 {
            *bits &= !(1 << from);
        }
        if to < 64 {
            *bits |= 1 << to;
        }
        // The index is moved before the list is written: its table's
        // bounds are then read once.
        let index = &mut self.list_index;
        let i = index[from as usize];
        index[to as usize] = i;
        self.lists[seat.index() * self.board.len() + usize::from(i)] = to;
        if self.rules.royalty.kind == Some(piece.kind()) {
            self.royals[seat] = to;
        }
    }

    /// Puts `sq` last on the seat's list of live pieces.
    #[inline]
    pub(super) fn enlist(&mut self, seat: Seat, sq: Sq) {
        let len = self.list_len[seat];
        self.lists[seat.index() * self.board.len() + usize::from(len)] = sq;
        self.list_index[sq as usize] = len;
        self.list_len[seat] = len + 1;
    }

    /// Takes `sq` off the seat's list of live pieces: the list's last
    /// square takes its place.
    #[inline]
    pub(super) fn unlist(&mut self, seat: Seat, sq: Sq) {
        let start = seat.index() * self.board.len();
        let last = self.list_len[seat] - 1;
        let i = self.list_index[sq as usize];
        let moved = self.lists[start + usize::from(last)];
        self.lists[start + usize::from(i)] = moved;
        self.list_index[moved as usize] = i;
        self.list_len[seat] = last;
    }

    /// Whether every square of `squares` is empty (no piece, dead piece or
    /// wall).
    #[inline]
    pub(crate) fn all_empty(&self, squares: &SqSet) -> bool {
        !squares.intersects(&self.occupied)
    }

    /// The board part of a normal move whose other effects change no
    /// attack (where [`FastPaths::usual_moves`] holds, or a quiet move
    /// without flips or gates), for a legality test: the piece on `to`
    /// (returned) leaves the
    /// board and the piece on `from` moves there, every square set, list
    /// and count kept as `make` keeps them, but no ply is played (hash,
    /// turn, history untouched). [`Position::unshift`] undoes it as
    /// `unmake` would.
    pub(crate) fn shift(&mut self, from: Sq, to: Sq) -> Piece {
        let victim = self.board[to as usize];
        if victim.is_some() {
            self.remove(to);
        }
        self.relocate(from, to);
        victim
    }

    /// Undoes [`Position::shift`].
    pub(crate) fn unshift(&mut self, from: Sq, to: Sq, victim: Piece) {
        self.relocate(to, from);
        if victim.is_some() {
            self.add(to, victim);
        }
    }

    /// Takes a piece off the board for an attack test only (lists, counts
    /// and hash untouched); [`Position::drop_back`] restores it.
    #[inline]
    pub(crate) fn lift(&mut self, sq: Sq) -> Piece {
        self.occupied.remove(sq);
        std::mem::replace(&mut self.board[sq as usize], Piece::NONE)
    }

    /// Puts back a piece taken by [`Position::lift`].
    #[inline]
    pub(crate) fn drop_back(&mut self, sq: Sq, piece: Piece) {
        self.occupied.insert(sq);
        self.board[sq as usize] = piece;
    }

    /// Takes the piece on `sq` off the board onto the list of removed
    /// pieces; returns the change of the hash.
    pub(super) fn take_off(&mut self, sq: Sq) -> u64 {
        let piece = self.remove(sq);
        self.removed.push((sq, piece));
        self.rules.zobrist_piece(piece, sq)
    }
}
