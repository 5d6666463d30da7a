//! A piece on a square, packed in 16 bits.

use crate::piece_type::PieceType;
use crate::seat::Seat;

/// A piece: seat, type, and flags; `Piece::NONE` for an empty square.
///
/// Bits: type + 1 (5), seat (3), promoted by a piece promotion (1), promoted
/// from a pawn (1), dead (1), the unpromoted type + 1 (5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(u16);

impl Piece {
    /// No piece.
    pub const NONE: Piece = Piece(0);
    /// A wall square (`*` in a FEN): blocks everything, belongs to no one.
    pub const WALL: Piece = Piece(0xFFFF);
    const PROMOTED: u16 = 1 << 8;
    const FROM_PAWN: u16 = 1 << 9;
    const DEAD: u16 = 1 << 10;

    /// A piece of a type (index into the rule table) and seat.
    #[inline]
    pub fn new(seat: Seat, kind: PieceType) -> Piece {
        Piece((kind.index() as u16 + 1) | (seat.index() as u16) << 5)
    }

    /// Whether the square is empty.
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether a piece stands there.
    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != 0
    }

    /// The piece's type.
    #[inline]
    pub fn kind(self) -> PieceType {
        PieceType::new((self.0 & 31) as usize - 1)
    }

    /// The piece's seat.
    #[inline]
    pub fn seat(self) -> Seat {
        Seat::new(((self.0 >> 5) & 7) as usize)
    }

    /// Promoted by a piece promotion (written `+` in a FEN).
    #[inline]
    pub fn promoted(self) -> bool {
        self.0 & Self::PROMOTED != 0
    }

    /// Promoted from a pawn.
    #[inline]
    pub fn from_pawn(self) -> bool {
        self.0 & Self::FROM_PAWN != 0
    }

    /// Whether this is a wall square.
    #[inline]
    pub fn is_wall(self) -> bool {
        self.0 == 0xFFFF
    }

    /// A dead (grey) piece of an eliminated player (walls count as dead).
    #[inline]
    pub fn dead(self) -> bool {
        self.0 & Self::DEAD != 0
    }

    /// The type before a piece promotion (the type itself if not promoted).
    #[inline]
    pub fn unpromoted_kind(self) -> PieceType {
        if self.promoted() {
            PieceType::new((self.0 >> 11) as usize - 1)
        } else {
            self.kind()
        }
    }

    /// The piece turned into `kind` by a piece promotion.
    pub fn promote_to(self, kind: PieceType) -> Piece {
        let base = self.kind();
        Piece(
            (self.0 & !(31 | 31 << 11))
                | (kind.index() as u16 + 1)
                | Self::PROMOTED
                | ((base.index() as u16 + 1) << 11),
        )
    }

    /// The promoted piece turned back into its unpromoted type.
    pub fn demote(self) -> Piece {
        let base = self.unpromoted_kind();
        Piece((self.0 & !(31 | 31 << 11 | Self::PROMOTED)) | (base.index() as u16 + 1))
    }

    /// The pawn turned into `kind` by a pawn promotion.
    pub fn promote_pawn(self, kind: PieceType) -> Piece {
        Piece((self.0 & !31) | (kind.index() as u16 + 1) | Self::FROM_PAWN)
    }

    /// The same piece, marked as promoted from `base` (as read from a FEN's `+`).
    pub fn with_promoted_from(self, base: PieceType) -> Piece {
        Piece(self.0 | Self::PROMOTED | ((base.index() as u16 + 1) << 11))
    }

    /// The same piece marked promoted from a pawn (a FEN's `~`).
    pub fn with_from_pawn(self) -> Piece {
        Piece(self.0 | Self::FROM_PAWN)
    }

    /// The same piece, dead: it belongs to no one (its seat is the first).
    pub fn killed(self) -> Piece {
        Piece((self.0 & !(7 << 5)) | Self::DEAD)
    }

    /// An index for hashing: seat, type and the promoted flag.
    #[inline]
    pub fn hash_index(self, types: usize) -> usize {
        (self.seat().index() * types + self.kind().index()) * 4
            + usize::from(self.promoted())
            + 2 * usize::from(self.dead())
    }
}
