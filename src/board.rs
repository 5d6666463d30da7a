//! Board geometry: squares, square sets, regions and holes.
//!
//! Boards have up to [`MAX_FILES`] files (`a`…`p`) and [`MAX_RANKS`] ranks;
//! squares are named `a1`, ranks beyond 9 as `a10`. Holes are squares that
//! are not part of the board (the corners of the four-player cross).

use std::fmt;

/// The most files a board may have.
pub const MAX_FILES: u8 = 16;
/// The most ranks a board may have.
pub const MAX_RANKS: u8 = 16;

/// A square by 0-based file and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// 0 for the `a` file.
    pub file: u8,
    /// 0 for rank 1.
    pub rank: u8,
}

impl Square {
    /// The square at a 0-based file and rank.
    pub fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Reads a square name such as `e4` or `n14` (no board limits checked
    /// beyond [`MAX_FILES`] and [`MAX_RANKS`]).
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        let file = file as u8 - b'a';
        ((1..=MAX_RANKS).contains(&rank) && file < MAX_FILES).then(|| Square::new(file, rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A square index: `rank * files + file`.
pub type Sq = u16;

/// A set of square indices ([`Sq`]): one bit per square of the largest
/// board (16 × 16), so it holds any number of squares without allocating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SqSet(pub(crate) [u64; 4]);

impl SqSet {
    /// Every square.
    pub const ALL: SqSet = SqSet([u64::MAX; 4]);

    /// No square.
    pub const EMPTY: SqSet = SqSet([0; 4]);

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Sq) {
        self.0[Self::word(sq)] |= 1 << (sq % 64);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Sq) {
        self.0[Self::word(sq)] &= !(1 << (sq % 64));
    }

    /// Whether the set holds a square.
    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.0[Self::word(sq)] & (1 << (sq % 64)) != 0
    }

    /// The word holding a square's bit (squares are below 256, so the mask
    /// only spares the bounds check).
    #[inline]
    fn word(sq: Sq) -> usize {
        (sq as usize / 64) & 3
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &SqSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The number of squares.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The squares of `self` not in `other`.
    #[inline]
    pub fn difference(&self, other: &SqSet) -> SqSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    /// The squares in either set.
    #[inline]
    pub fn union(&self, other: &SqSet) -> SqSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
        out
    }

    /// The squares in both sets.
    #[inline]
    pub fn intersection(&self, other: &SqSet) -> SqSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
        out
    }

    /// The squares below 64 as a bitboard (all of them on boards of at most
    /// 64 squares).
    #[inline]
    pub fn low_bits(&self) -> u64 {
        self.0[0]
    }

    /// The four words of the set (squares 0–63, 64–127, …).
    #[inline]
    pub fn words(&self) -> &[u64; 4] {
        &self.0
    }

    /// The set of four words (squares 0–63, 64–127, …).
    #[inline]
    pub fn from_words(words: [u64; 4]) -> SqSet {
        SqSet(words)
    }

    /// The squares of the set for which `keep` holds, word by word (no
    /// iterator to step through).
    #[inline]
    pub fn filtered(&self, mut keep: impl FnMut(Sq) -> bool) -> SqSet {
        let mut out = [0; 4];
        for (i, (&word, kept)) in self.0.iter().zip(out.iter_mut()).enumerate() {
            let mut w = word;
            while w != 0 {
                let bit = w.trailing_zeros();
                w &= w - 1;
                if keep((i * 64) as Sq + bit as Sq) {
                    *kept |= 1 << bit;
                }
            }
        }
        SqSet(out)
    }

    /// The squares in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Sq> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros();
                    w &= w - 1;
                    (i * 64) as Sq + bit as Sq
                })
            })
        })
    }
}

impl std::ops::BitAnd for SqSet {
    type Output = SqSet;
    #[inline(always)]
    fn bitand(self, other: SqSet) -> SqSet {
        SqSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl std::ops::BitOr for SqSet {
    type Output = SqSet;
    #[inline(always)]
    fn bitor(self, other: SqSet) -> SqSet {
        SqSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl std::ops::Not for SqSet {
    type Output = SqSet;
    #[inline(always)]
    fn not(self) -> SqSet {
        SqSet(self.0.map(|w| !w))
    }
}

impl std::ops::BitAndAssign for SqSet {
    #[inline(always)]
    fn bitand_assign(&mut self, other: SqSet) {
        *self = *self & other;
    }
}

impl std::ops::BitOrAssign for SqSet {
    #[inline(always)]
    fn bitor_assign(&mut self, other: SqSet) {
        *self = *self | other;
    }
}

/// The playing area: a rectangle of files and ranks minus its holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Squares of the rectangle that are not part of the board, by their
    /// index on it ([`Sq`]: `rank * files + file`).
    pub holes: SqSet,
}

impl Board {
    /// Whether the square lies inside the rectangle.
    pub fn in_rectangle(&self, square: Square) -> bool {
        square.file < self.files && square.rank < self.ranks
    }

    /// Whether the square is a playable square of the board.
    pub fn contains(&self, square: Square) -> bool {
        self.in_rectangle(square) && !self.holes.contains(self.sq(square))
    }

    /// A square's index on this board: `rank * files + file`.
    pub fn sq(&self, square: Square) -> Sq {
        Sq::from(square.rank) * Sq::from(self.files) + Sq::from(square.file)
    }

    /// The holes, by rank then file.
    pub fn hole_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks)
            .flat_map(|r| (0..self.files).map(move |f| Square::new(f, r)))
            .filter(|&s| self.holes.contains(self.sq(s)))
    }

    /// The number of playable squares.
    pub fn playable_squares(&self) -> usize {
        (0..self.ranks)
            .flat_map(|r| (0..self.files).map(move |f| Square::new(f, r)))
            .filter(|s| self.contains(*s))
            .count()
    }
}

/// One item of a region: a square, a whole file or rank, or a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionPart {
    /// `d4`.
    Square(Square),
    /// `d*`: every square of a file (0-based).
    File(u8),
    /// `*4`: every square of a rank (0-based).
    Rank(u8),
    /// `a1-c3`: a rectangle between two corners.
    Rectangle(Square, Square),
}

/// A set of squares written as Fairy-Stockfish's Bitboard syntax
/// (`*1 d4 e*`, `-` for none) plus rectangles (`a1-c3`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    /// The parts with the byte range each was written at.
    pub parts: Vec<(RegionPart, usize, usize)>,
}

/// A region token that cannot be read: the message and the byte range.
pub type RegionError = (String, usize, usize);

impl Region {
    /// Reads a region. Tokens are separated by blanks.
    pub fn parse(text: &str) -> Result<Region, RegionError> {
        let mut parts = Vec::new();
        let mut offset = 0;
        for token in text.split([' ', '\t']) {
            let start = offset;
            offset += token.len() + 1;
            if token.is_empty() {
                continue;
            }
            if token == "-" {
                break;
            }
            let end = start + token.len();
            let part = parse_part(token).ok_or_else(|| {
                (
                    format!(
                        "`{token}` is not a square (`d4`), a file (`d*`), a rank (`*4`) or a rectangle (`a1-c3`)"
                    ),
                    start,
                    end,
                )
            })?;
            parts.push((part, start, end));
        }
        Ok(Region { parts })
    }

    /// The board squares the region names (holes excluded), by rank then
    /// file.
    pub fn squares(&self, board: &Board) -> Vec<Square> {
        let mut set = Vec::new();
        for r in 0..board.ranks {
            for f in 0..board.files {
                let s = Square::new(f, r);
                if board.contains(s) && self.parts.iter().any(|(p, _, _)| part_contains(*p, s)) {
                    set.push(s);
                }
            }
        }
        set
    }

    /// The parts that name squares outside the board's rectangle.
    pub fn outside<'a>(
        &'a self,
        board: &'a Board,
    ) -> impl Iterator<Item = &'a (RegionPart, usize, usize)> {
        self.parts.iter().filter(move |(p, _, _)| match *p {
            RegionPart::Square(s) => !board.in_rectangle(s),
            RegionPart::File(f) => f >= board.files,
            RegionPart::Rank(r) => r >= board.ranks,
            RegionPart::Rectangle(a, b) => !board.in_rectangle(a) || !board.in_rectangle(b),
        })
    }
}

fn part_contains(part: RegionPart, s: Square) -> bool {
    match part {
        RegionPart::Square(q) => q == s,
        RegionPart::File(f) => s.file == f,
        RegionPart::Rank(r) => s.rank == r,
        RegionPart::Rectangle(a, b) => {
            (a.file.min(b.file)..=a.file.max(b.file)).contains(&s.file)
                && (a.rank.min(b.rank)..=a.rank.max(b.rank)).contains(&s.rank)
        }
    }
}

fn parse_part(token: &str) -> Option<RegionPart> {
    if let Some(rank) = token.strip_prefix('*') {
        let rank: u8 = rank.parse().ok()?;
        return (1..=MAX_RANKS)
            .contains(&rank)
            .then(|| RegionPart::Rank(rank - 1));
    }
    if let Some(file) = token.strip_suffix('*') {
        let mut chars = file.chars();
        let c = chars.next()?.to_ascii_lowercase();
        if chars.next().is_some() || !c.is_ascii_lowercase() || (c as u8 - b'a') >= MAX_FILES {
            return None;
        }
        return Some(RegionPart::File(c as u8 - b'a'));
    }
    if let Some((a, b)) = token.split_once('-') {
        return Some(RegionPart::Rectangle(Square::parse(a)?, Square::parse(b)?));
    }
    Square::parse(token).map(RegionPart::Square)
}
