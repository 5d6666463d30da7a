//! A piece's moves from the centre of an empty 9 × 9 board, played by the
//! compiled rules of the piece alone ([`PieceReach`]): the squares it moves
//! to, captures on, both; those it reaches only from its starting rank;
//! those it reaches (or captures on) only by hopping over a piece; and the
//! squares that must be empty for a move (lame leaps).

use serde::Serialize;

use crate::board::Square;
use crate::piece_reach::PieceReach;

/// The side of a diagram.
pub const SIZE: u8 = 9;

/// What a square of a diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mark {
    /// Nothing.
    Empty,
    /// The piece.
    Origin,
    /// It moves there, but does not capture there.
    Move,
    /// It captures there, but does not move there.
    Capture,
    /// It moves or captures there.
    Both,
    /// It moves (or captures) there only from its starting rank.
    Initial,
    /// It gets there only by hopping over a piece.
    Hop,
    /// It moves there, and captures there only by hopping over a piece
    /// (a cannon).
    MoveHop,
    /// A square that must be empty for some move (a lame leap's path).
    Blocker,
}

impl Mark {
    /// The text diagram's letter.
    pub fn symbol(self) -> char {
        match self {
            Mark::Empty => '.',
            Mark::Origin => 'O',
            Mark::Move => 'm',
            Mark::Capture => 'c',
            Mark::Both => '*',
            Mark::Initial => 'i',
            Mark::Hop => 'h',
            Mark::MoveHop => '+',
            Mark::Blocker => 'x',
        }
    }

    /// What the mark means, for legends.
    pub fn meaning(self) -> &'static str {
        match self {
            Mark::Empty => "",
            Mark::Origin => "the piece",
            Mark::Move => "moves there, never captures",
            Mark::Capture => "captures there only",
            Mark::Both => "moves or captures",
            Mark::Initial => "only from its starting rank",
            Mark::Hop => "only by hopping over a piece",
            Mark::MoveHop => "moves there; captures there only by hopping",
            Mark::Blocker => "must be empty for a move",
        }
    }
}

/// The marks of a 9 × 9 diagram, top rank first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagram {
    /// Rows, top (forward) first.
    pub rows: Vec<Vec<Mark>>,
}

impl Diagram {
    /// The diagram of a piece moving by `betza`, or why it cannot be drawn.
    pub fn of(betza: &str) -> Result<Diagram, String> {
        let piece = PieceReach::new(betza, SIZE, SIZE)?;
        let centre = Square::new(SIZE / 2, SIZE / 2);
        let all: Vec<Square> = (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |f| Square::new(f, r)))
            .collect();
        let quiet = piece.destinations(centre, &|_| false);
        // A capture target: an enemy standing there alone can be taken.
        let capture: Vec<Square> = all
            .iter()
            .copied()
            .filter(|&t| piece.destinations(centre, &|s| s == t).contains(&t))
            .collect();
        // Initial moves: from the starting rank (rank 2), the offsets not
        // seen from the centre.
        let start = Square::new(SIZE / 2, 1);
        let shift = |s: Square, from: Square| -> Option<Square> {
            let f = i32::from(s.file) - i32::from(from.file) + i32::from(centre.file);
            let r = i32::from(s.rank) - i32::from(from.rank) + i32::from(centre.rank);
            ((0..i32::from(SIZE)).contains(&f) && (0..i32::from(SIZE)).contains(&r))
                .then(|| Square::new(f as u8, r as u8))
        };
        let initial: Vec<Square> = piece
            .destinations(start, &|_| false)
            .into_iter()
            .filter_map(|s| shift(s, start))
            .filter(|s| !quiet.contains(s) && !capture.contains(s))
            .collect();
        // Hops: squares reached (moving there, or capturing a piece there)
        // with hurdles on all eight neighbours.
        let ring = |s: Square| {
            s != centre && s.file.abs_diff(centre.file) <= 1 && s.rank.abs_diff(centre.rank) <= 1
        };
        let over_ring = piece.destinations(centre, &ring);
        let hops: Vec<Square> = all
            .iter()
            .copied()
            .filter(|s| !ring(*s) && *s != centre && !capture.contains(s))
            .filter(|&t| {
                over_ring.contains(&t)
                    || piece
                        .destinations(centre, &|s| ring(s) || s == t)
                        .contains(&t)
            })
            .collect();
        // Blockers: empty-move squares that are not destinations but whose
        // occupation takes a destination away.
        let blockers: Vec<Square> = all
            .iter()
            .copied()
            .filter(|&b| b != centre && !quiet.contains(&b) && !capture.contains(&b))
            .filter(|&b| {
                let with = piece.destinations(centre, &|s| s == b);
                quiet.iter().any(|q| !with.contains(q))
            })
            .collect();
        let rows = (0..SIZE)
            .rev()
            .map(|r| {
                (0..SIZE)
                    .map(|f| {
                        let s = Square::new(f, r);
                        let (m, c) = (quiet.contains(&s), capture.contains(&s));
                        if s == centre {
                            Mark::Origin
                        } else if m && c {
                            Mark::Both
                        } else if m && hops.contains(&s) {
                            Mark::MoveHop
                        } else if m {
                            Mark::Move
                        } else if c {
                            Mark::Capture
                        } else if initial.contains(&s) {
                            Mark::Initial
                        } else if hops.contains(&s) {
                            Mark::Hop
                        } else if blockers.contains(&s) {
                            Mark::Blocker
                        } else {
                            Mark::Empty
                        }
                    })
                    .collect()
            })
            .collect();
        Ok(Diagram { rows })
    }

    /// The marks that occur, in legend order (the origin and empty squares
    /// left out).
    pub fn marks(&self) -> Vec<Mark> {
        [
            Mark::Both,
            Mark::Move,
            Mark::Capture,
            Mark::Initial,
            Mark::Hop,
            Mark::MoveHop,
            Mark::Blocker,
        ]
        .into_iter()
        .filter(|m| self.rows.iter().flatten().any(|x| x == m))
        .collect()
    }
}
