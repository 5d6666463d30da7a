//! Moves by their shape, and the list the generator fills.

use smallvec::SmallVec;

use crate::piece_type::PieceType;
use crate::rules::Sq;

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

/// A move, by its real shape. Piece types are indices into the rule
/// table's pieces; the wing of castling is 0 (king side) or 1 (queen side).
///
/// Every shape is a variant here, so every `match` on a move names what it
/// does with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// An ordinary move or capture.
    Normal {
        /// The square the piece leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
    },
    /// A pawn promoting.
    Promotion {
        /// The square the pawn leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
        /// The type it becomes.
        piece: PieceType,
    },
    /// A piece turning into its promoted type (`promotedPieceType`).
    PiecePromotion {
        /// The square the piece leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
        /// The type it becomes.
        piece: PieceType,
    },
    /// A promoted piece turning back into its unpromoted type.
    PieceDemotion {
        /// The square the piece leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
        /// The type it becomes again.
        piece: PieceType,
    },
    /// An en-passant capture.
    EnPassant {
        /// The square the capturing piece leaves.
        from: Sq,
        /// The passed square it lands on (its occupant, if any, is taken too).
        to: Sq,
        /// The square of the piece taken.
        captured: Sq,
    },
    /// Castling.
    Castle {
        /// The king's square.
        king: Sq,
        /// The king's destination.
        to: Sq,
        /// The rook's square.
        rook: Sq,
        /// 0 king side, 1 queen side.
        wing: u8,
        /// The piece put from the hand on the square the king or the rook
        /// leaves (`seirawanGating`), if any.
        gate: Option<CastleGate>,
    },
    /// A move from a gate square that puts a piece from the mover's hand
    /// on the square it leaves (`seirawanGating`).
    Gating {
        /// The square the piece leaves, where the gated piece appears.
        from: Sq,
        /// The square it lands on.
        to: Sq,
        /// The type taken from the hand.
        piece: PieceType,
    },
    /// The side to move passes (`passOnStalemate`): nothing moves. `sq` is
    /// the square Fairy-Stockfish names a pass by (the king's, else the
    /// mover's first piece's), so UCI writes it `a2a2`.
    Pass {
        /// The square the pass is named by.
        sq: Sq,
    },
    /// A move that also puts a wall on an empty square (`wallingRule`): in
    /// Fairy-Stockfish's walling variants every move of a piece does.
    Walled {
        /// The move itself.
        base: WallBase,
        /// The square the wall goes on.
        wall: Sq,
    },
    /// A piece from the mover's hand put on an empty square.
    Drop {
        /// The type taken from the hand.
        piece: PieceType,
        /// The type put on the board: `piece`, or its promoted type where
        /// promoted drops are allowed (`dropPromoted`).
        placed: PieceType,
        /// The square it is put on.
        to: Sq,
    },
}

impl Move {
    /// The square the moving piece (the king, for castling) leaves; `None`
    /// for a drop, whose piece comes from the hand.
    #[inline]
    pub fn from(self) -> Option<Sq> {
        match self {
            Move::Normal { from, .. }
            | Move::Promotion { from, .. }
            | Move::PiecePromotion { from, .. }
            | Move::PieceDemotion { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Gating { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            Move::Pass { sq } => Some(sq),
            Move::Walled { base, .. } => Some(base.from()),
            Move::Drop { .. } => None,
        }
    }

    /// The square the moving piece (the king, for castling) lands on.
    #[inline]
    pub fn to(self) -> Sq {
        match self {
            Move::Normal { to, .. }
            | Move::Promotion { to, .. }
            | Move::PiecePromotion { to, .. }
            | Move::PieceDemotion { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Castle { to, .. }
            | Move::Gating { to, .. }
            | Move::Drop { to, .. } => to,
            Move::Pass { sq } => sq,
            Move::Walled { base, .. } => base.to(),
        }
    }

    /// The piece a gating move puts from the hand on the board, and where.
    #[inline]
    pub fn gate(self) -> Option<(PieceType, Sq)> {
        match self {
            Move::Gating { from, piece, .. } => Some((piece, from)),
            Move::Castle {
                king,
                rook,
                gate: Some(gate),
                ..
            } => Some((gate.piece, if gate.on_rook { rook } else { king })),
            _ => None,
        }
    }

    /// The move without its gating: a gating move's ordinary move or
    /// castling; any other move itself.
    #[inline]
    pub fn ungated(self) -> Move {
        match self {
            Move::Gating { from, to, .. } => Move::Normal { from, to },
            Move::Castle {
                king,
                to,
                rook,
                wing,
                ..
            } => Move::Castle {
                king,
                to,
                rook,
                wing,
                gate: None,
            },
            other => other,
        }
    }

    /// The square a walling move puts its wall on.
    #[inline]
    pub fn wall(self) -> Option<Sq> {
        match self {
            Move::Walled { wall, .. } => Some(wall),
            _ => None,
        }
    }

    /// The move without its wall: a walling move's own move; any other
    /// move itself.
    #[inline]
    pub fn unwalled(self) -> Move {
        match self {
            Move::Walled { base, .. } => base.to_move(),
            other => other,
        }
    }

    /// The move with a wall put on `wall` as well, where its shape can
    /// carry one (a move of a piece on the board or a pass, not a drop).
    #[inline]
    pub fn with_wall(self, wall: Sq) -> Option<Move> {
        let base = match self {
            Move::Normal { from, to } => WallBase::Normal { from, to },
            Move::Promotion { from, to, piece } => WallBase::Promotion { from, to, piece },
            Move::PiecePromotion { from, to, piece } => {
                WallBase::PiecePromotion { from, to, piece }
            }
            Move::EnPassant { from, to, captured } => WallBase::EnPassant { from, to, captured },
            Move::Pass { sq } => WallBase::Pass { sq },
            Move::Castle {
                king,
                to,
                rook,
                wing,
                gate: None,
            } => WallBase::Castle {
                king,
                to,
                rook,
                wing,
            },
            _ => return None,
        };
        Some(Move::Walled { base, wall })
    }

    /// Whether the move puts a piece from the hand on the board.
    #[inline]
    pub fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// The type a promotion (of a pawn or a piece) makes the piece.
    #[inline]
    pub fn promotion(self) -> Option<PieceType> {
        match self {
            Move::Promotion { piece, .. } | Move::PiecePromotion { piece, .. } => Some(piece),
            Move::Walled { base, .. } => base.to_move().promotion(),
            _ => None,
        }
    }
}

/// The moves a wall can follow ([`Move::Walled`]): the shapes of
/// [`Move`] that move a piece on the board, and the pass of a turn that
/// only puts a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallBase {
    /// [`Move::Normal`].
    Normal {
        /// The square the piece leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
    },
    /// [`Move::Promotion`].
    Promotion {
        /// The square the pawn leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
        /// The type it becomes.
        piece: PieceType,
    },
    /// [`Move::PiecePromotion`].
    PiecePromotion {
        /// The square the piece leaves.
        from: Sq,
        /// The square it lands on.
        to: Sq,
        /// The type it becomes.
        piece: PieceType,
    },
    /// [`Move::EnPassant`].
    EnPassant {
        /// The square the capturing piece leaves.
        from: Sq,
        /// The passed square it lands on.
        to: Sq,
        /// The square of the piece taken.
        captured: Sq,
    },
    /// [`Move::Pass`]: a turn that only puts a wall (`wallOrMove`).
    Pass {
        /// The square the pass is named by.
        sq: Sq,
    },
    /// [`Move::Castle`], without gating.
    Castle {
        /// The king's square.
        king: Sq,
        /// The king's destination.
        to: Sq,
        /// The rook's square.
        rook: Sq,
        /// 0 king side, 1 queen side.
        wing: u8,
    },
}

impl WallBase {
    /// The square the moving piece (the king, for castling) leaves.
    #[inline]
    pub fn from(self) -> Sq {
        match self {
            WallBase::Normal { from, .. }
            | WallBase::Promotion { from, .. }
            | WallBase::PiecePromotion { from, .. }
            | WallBase::EnPassant { from, .. } => from,
            WallBase::Pass { sq } => sq,
            WallBase::Castle { king, .. } => king,
        }
    }

    /// The square the moving piece (the king, for castling) lands on.
    #[inline]
    pub fn to(self) -> Sq {
        match self {
            WallBase::Normal { to, .. }
            | WallBase::Promotion { to, .. }
            | WallBase::PiecePromotion { to, .. }
            | WallBase::EnPassant { to, .. }
            | WallBase::Castle { to, .. } => to,
            WallBase::Pass { sq } => sq,
        }
    }

    /// The move the wall follows.
    #[inline]
    pub fn to_move(self) -> Move {
        match self {
            WallBase::Normal { from, to } => Move::Normal { from, to },
            WallBase::Promotion { from, to, piece } => Move::Promotion { from, to, piece },
            WallBase::PiecePromotion { from, to, piece } => {
                Move::PiecePromotion { from, to, piece }
            }
            WallBase::EnPassant { from, to, captured } => Move::EnPassant { from, to, captured },
            WallBase::Pass { sq } => Move::Pass { sq },
            WallBase::Castle {
                king,
                to,
                rook,
                wing,
            } => Move::Castle {
                king,
                to,
                rook,
                wing,
                gate: None,
            },
        }
    }
}

/// What a castling gates: the piece from the hand and whether it appears
/// on the square the rook leaves (else the one the king leaves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastleGate {
    /// The type taken from the hand.
    pub piece: PieceType,
    /// Whether it appears where the rook stood.
    pub on_rook: bool,
}

/// The moves of one position: room for `ROOM` moves without allocation
/// (and without initialising the unused room); a position with more moves
/// (a large board full of riders) spills to the heap, so no move is ever
/// dropped. A smaller room suits a list of a few moves: a function whose
/// locals pass a page of stack probes each page at every call.
#[derive(Clone, Debug, Default)]
pub struct MoveList<const ROOM: usize = 1024> {
    moves: SmallVec<[Move; ROOM]>,
}

impl<const ROOM: usize> MoveList<ROOM> {
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
