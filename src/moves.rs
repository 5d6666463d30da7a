//! Moves and the fixed-capacity list the generator fills.

use smallvec::SmallVec;

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

/// Why a move text names no move of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the variant's notation at all.
    #[error("not a move in this notation: {0}")]
    Notation(String),
    /// The text names a move, but it is not legal in the position.
    #[error("not a legal move in this position")]
    Illegal,
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

/// The moves of one position: room for [`MoveList::INLINE`] moves without
/// allocation (and without initialising the unused room); a position with
/// more moves (a large board full of riders) spills to the heap, so no move
/// is ever dropped.
#[derive(Default)]
pub struct MoveList {
    moves: SmallVec<[Move; MoveList::INLINE]>,
}

impl MoveList {
    /// The moves a list holds before it allocates.
    pub const INLINE: usize = 1024;

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(|m| keep(m));
    }

    /// Removes repeated moves among those from index `start` on.
    pub fn dedup_from(&mut self, start: usize) {
        let mut j = start;
        for i in start..self.moves.len() {
            let m = self.moves[i];
            if !self.moves[start..j].contains(&m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.moves.truncate(j);
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
}
