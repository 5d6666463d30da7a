//! Seat orientation (turning moves relative to a seat into board steps)
//! and segments of ranks and files.

use crate::betza::Offset;

use super::{RuleTable, Sq};

/// The eight one-square steps (files, ranks), orthogonal first.
pub const KING_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The direction a seat's pawns move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Toward higher ranks.
    North,
    /// Toward higher files.
    East,
    /// Toward lower ranks.
    South,
    /// Toward lower files.
    West,
}

impl Direction {
    /// Reads `north`, `east`, `south` or `west`.
    pub fn parse(word: &str) -> Option<Direction> {
        match word {
            "north" => Some(Direction::North),
            "east" => Some(Direction::East),
            "south" => Some(Direction::South),
            "west" => Some(Direction::West),
            _ => None,
        }
    }

    /// The board step (files, ranks) of a move relative to a seat facing this way.
    pub fn apply(self, o: Offset) -> (i32, i32) {
        let (f, r) = (o.forward as i32, o.right as i32);
        match self {
            Direction::North => (r, f),
            Direction::South => (-r, -f),
            Direction::East => (f, -r),
            Direction::West => (-f, r),
        }
    }

    /// The 1-based rank of a square counted from this seat's own back edge.
    pub fn relative_rank(self, file: u8, rank: u8, files: u8, ranks: u8) -> u8 {
        match self {
            Direction::North => rank + 1,
            Direction::South => ranks - rank,
            Direction::East => file + 1,
            Direction::West => files - file,
        }
    }
}

/// The squares from `a` to `b` inclusive, along a rank or a file. Squares
/// are numbered rank by rank, so they lie a fixed number of indices apart.
pub(crate) fn segment(rules: &RuleTable, a: Sq, b: Sq) -> impl Iterator<Item = Sq> + Clone {
    let (af, ar) = (rules.file_of(a) as i32, rules.rank_of(a) as i32);
    let (bf, br) = (rules.file_of(b) as i32, rules.rank_of(b) as i32);
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let n = (bf - af).abs().max((br - ar).abs());
    let step = dr * i32::from(rules.files) + df;
    (0..=n).map(move |k| (i32::from(a) + step * k) as Sq)
}
