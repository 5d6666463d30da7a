//! A piece type of a variant: an index into its compiled pieces.
//!
//! Per-type tables (`Vec`s) are indexed by a `PieceType` directly; sets of
//! types are bitboards of [`PieceType::bit`].

/// The most piece types a variant may have (a set of types is a `u64`, and
/// a [`Piece`](crate::piece::Piece) holds its type in 5 bits).
pub const MAX_PIECE_TYPES: usize = 31;

/// A piece type, by its place among the variant's pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceType(u8);

impl PieceType {
    /// The type at `index` among the variant's pieces (below
    /// [`MAX_PIECE_TYPES`]).
    #[inline]
    pub const fn new(index: usize) -> PieceType {
        debug_assert!(index < MAX_PIECE_TYPES);
        PieceType(index as u8)
    }

    /// The type's place among the variant's pieces.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The type's bit in a set of types.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Whether a set of types holds this one.
    #[inline]
    pub const fn is_in(self, set: u64) -> bool {
        set & self.bit() != 0
    }

    /// The types `0..count`.
    pub fn all(count: usize) -> impl Iterator<Item = PieceType> + Clone {
        (0..count).map(PieceType::new)
    }
}

crate::vec_index::index_vec_by!(PieceType);
