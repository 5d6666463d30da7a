//! Moves and the fixed-capacity list the generator fills.

use std::mem::MaybeUninit;

use crate::rules::Sq;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveType {
    /// An ordinary move or capture.
    Normal,
    /// A pawn promoting to `Move::promotion`.
    Promotion,
    /// A non-pawn turning into its promoted type.
    PiecePromotion,
    /// A promoted piece turning back into its unpromoted type.
    PieceDemotion,
    /// An en-passant capture of the piece on `Move::aux`.
    EnPassant,
    /// Castling: the king goes `from` → `to`, the rook from `Move::aux`;
    /// `Move::promotion` is the wing (0 king-side, 1 queen-side).
    Castle,
}

/// A move of the piece on `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Sq,
    /// The square it lands on (the king's square for castling).
    pub to: Sq,
    /// The kind of move.
    pub kind: MoveType,
    /// The promotion type, or the castling wing.
    pub promotion: u8,
    /// The captured pawn's square (en passant) or the rook's (castling).
    pub aux: Sq,
}

impl Move {
    /// An ordinary move.
    #[inline]
    pub fn normal(from: Sq, to: Sq) -> Move {
        Move {
            from,
            to,
            kind: MoveType::Normal,
            promotion: 0,
            aux: 0,
        }
    }
}

/// Room for the moves of one position, without allocation (and without
/// initialising the unused room).
pub struct MoveList {
    moves: [MaybeUninit<Move>; MoveList::CAPACITY],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MoveList::CAPACITY],
            len: 0,
        }
    }
}

impl MoveList {
    /// The most moves a position may have.
    pub const CAPACITY: usize = 1024;

    /// Adds a move (ignored if the list is full, which no legal position reaches).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < Self::CAPACITY {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if keep(&m) {
                self.moves[j] = MaybeUninit::new(m);
                j += 1;
            }
        }
        self.len = j;
    }

    /// Removes repeated moves among those from index `start` on.
    pub fn dedup_from(&mut self, start: usize) {
        let mut j = start;
        for i in start..self.len {
            let m = self.as_slice()[i];
            if !self.as_slice()[start..j].contains(&m) {
                self.moves[j] = MaybeUninit::new(m);
                j += 1;
            }
        }
        self.len = j;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push` or `retain`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}
