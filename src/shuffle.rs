//! Shuffled start positions for the variants played from Chess960-style
//! setups (`chess960 = true`: fischerandom, caparandom, any variant file
//! that sets it): the pieces of the start's back rank placed anew, the
//! bishops on squares of both colours and the king between the rooks, and
//! the opponent's back rank mirroring it.
//!
//! ```
//! use tetrarch::catalog::Catalog;
//! use tetrarch::shuffle::{Shuffle, shuffled_start};
//!
//! let catalog = Catalog::shipped();
//! let fischerandom = catalog.checked("fischerandom").expect("shipped");
//! let fen = shuffled_start(fischerandom, Shuffle::Numbered(518)).expect("a Chess960 variant");
//! assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! ```

use std::fmt;

use crate::definition::Definition;
use crate::definition::keys::Key;
use crate::rng::SplitMix64;

/// Which shuffled start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    /// One drawn at random from every allowed start, by a seed.
    Random(u64),
    /// The start of this number (0 to 959) in Scharnagl's numbering of the
    /// Chess960 starts (518 is chess's), for variants with chess's eight
    /// back-rank pieces on eight files.
    Numbered(u32),
}

impl std::str::FromStr for Shuffle {
    type Err = String;

    /// `random` (seed 0; see [`Shuffle::reseeded`]) or a number.
    fn from_str(text: &str) -> Result<Shuffle, String> {
        if text == "random" {
            return Ok(Shuffle::Random(0));
        }
        text.parse().map(Shuffle::Numbered).map_err(|_| {
            format!("a shuffled start is `random` or a number from 0 to 959, not `{text}`")
        })
    }
}

impl Shuffle {
    /// The same choice with a random start drawn by `seed`.
    pub fn reseeded(self, seed: u64) -> Shuffle {
        match self {
            Shuffle::Random(_) => Shuffle::Random(seed),
            numbered => numbered,
        }
    }
}

/// Why a variant's start cannot be shuffled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShuffleError {
    /// The variant does not set `chess960 = true`.
    NotChess960(String),
    /// Its start is not two back ranks that mirror each other with one
    /// king, two rooks and bishops of both colours to place.
    BackRank(String, &'static str),
    /// A numbered start asked of a variant without chess's back rank.
    NoNumbering(String),
    /// A number past 959.
    OutOfRange(u32),
}

impl fmt::Display for ShuffleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShuffleError::NotChess960(v) => write!(
                f,
                "`{v}` does not start from shuffled positions: it does not set `chess960 = true`"
            ),
            ShuffleError::BackRank(v, why) => {
                write!(f, "the start position of `{v}` cannot be shuffled: {why}")
            }
            ShuffleError::NoNumbering(v) => write!(
                f,
                "the numbered starts (0 to 959) are Chess960's, and `{v}` does not have chess's eight back-rank pieces on eight files; use `random`"
            ),
            ShuffleError::OutOfRange(n) => {
                write!(f, "Chess960's starts are numbered 0 to 959, not {n}")
            }
        }
    }
}

impl std::error::Error for ShuffleError {}

/// The start FEN of `def` with its back ranks shuffled as `shuffle` says;
/// the FEN's other fields are kept (the castling rights `KQkq` then name
/// each side's rook on either side of its king).
pub fn shuffled_start(def: &Definition, shuffle: Shuffle) -> Result<String, ShuffleError> {
    let name = || def.name.clone();
    if !def.bool(Key::Chess960) {
        return Err(ShuffleError::NotChess960(name()));
    }
    let refuse = |why| Err(ShuffleError::BackRank(name(), why));
    if def.players() != 2 {
        return refuse("it has more than two players");
    }
    let fen = def.start_fen();
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let rows: Vec<&str> = board.split('/').collect();
    let (Some(top), Some(bottom)) = (rows.first(), rows.last()) else {
        return refuse("its start position has no ranks");
    };
    let Some(white) = expand(bottom) else {
        return refuse("its first rank holds more than plain pieces");
    };
    if expand(top) != Some(white.iter().map(|c| c.to_ascii_lowercase()).collect()) {
        return refuse("its last rank does not mirror its first");
    }
    if white.iter().any(|c| *c == ' ' || !c.is_ascii_uppercase()) {
        return refuse("its first rank is not a full rank of White's pieces");
    }
    let letter = |key: &str| {
        def.pieces
            .iter()
            .find(|p| p.key == key)
            .map(|p| p.letter.to_ascii_uppercase())
    };
    let count = |l: char| white.iter().filter(|&&c| c == l).count();
    let (Some(king), Some(rook), Some(bishop)) = (letter("king"), letter("rook"), letter("bishop"))
    else {
        return refuse("its first rank does not hold one king, two rooks and two bishops");
    };
    if count(king) != 1 || count(rook) != 2 || count(bishop) != 2 {
        return refuse("its first rank does not hold one king, two rooks and two bishops");
    }
    let rank = match shuffle {
        Shuffle::Numbered(n) => {
            let (Some(queen), Some(knight)) = (letter("queen"), letter("knight")) else {
                return Err(ShuffleError::NoNumbering(name()));
            };
            let mut sorted = white.clone();
            sorted.sort_unstable();
            let mut chess = vec![king, queen, rook, rook, bishop, bishop, knight, knight];
            chess.sort_unstable();
            if sorted != chess {
                return Err(ShuffleError::NoNumbering(name()));
            }
            if n >= 960 {
                return Err(ShuffleError::OutOfRange(n));
            }
            scharnagl(n, [king, queen, rook, bishop, knight])
        }
        Shuffle::Random(seed) => {
            let mut rng = SplitMix64::new(seed);
            let others: Vec<char> = white
                .iter()
                .copied()
                .filter(|&c| c != king && c != rook && c != bishop)
                .collect();
            random_rank(white.len(), &others, [king, rook, bishop], &mut rng)
        }
    };
    let black: String = rank.iter().map(|c| c.to_ascii_lowercase()).collect();
    let white: String = rank.iter().collect();
    let middle = &rows[1..rows.len() - 1];
    let mut board = vec![black];
    board.extend(middle.iter().map(|r| r.to_string()));
    board.push(white);
    Ok(format!("{} {rest}", board.join("/")).trim_end().to_string())
}

/// The letters of a FEN rank, a space per empty square; `None` for
/// anything but letters and counts of empty squares.
fn expand(row: &str) -> Option<Vec<char>> {
    let mut cells = Vec::new();
    let mut digits = String::new();
    for c in row.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let n: usize = digits.parse().ok()?;
            cells.extend(std::iter::repeat_n(' ', n));
            digits.clear();
        }
        if !c.is_ascii_alphabetic() {
            return None;
        }
        cells.push(c);
    }
    if !digits.is_empty() {
        let n: usize = digits.parse().ok()?;
        cells.extend(std::iter::repeat_n(' ', n));
    }
    Some(cells)
}

/// Chess960 start number `n` by Scharnagl's numbering, as letters
/// `[king, queen, rook, bishop, knight]` from the a-file.
fn scharnagl(n: u32, [king, queen, rook, bishop, knight]: [char; 5]) -> Vec<char> {
    let mut rank = [' '; 8];
    let n = n as usize;
    // The bishop on the light squares (b, d, f, h), then the dark (a, c, e, g).
    rank[2 * (n % 4) + 1] = bishop;
    rank[2 * (n / 4 % 4)] = bishop;
    let empty = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&i| rank[i] == ' ').collect() };
    rank[empty(&rank)[n / 16 % 6]] = queen;
    // The knights' two of the five squares left, in this order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n / 96];
    let left = empty(&rank);
    rank[left[a]] = knight;
    rank[left[b]] = knight;
    let left = empty(&rank);
    rank[left[0]] = rook;
    rank[left[1]] = king;
    rank[left[2]] = rook;
    rank.to_vec()
}

/// A random rank of `files` squares: the two bishops on squares of either
/// colour, `others` on random squares of the rest, and the rook, king and
/// rook on the three left, in that order (so the king stands between the
/// rooks).
fn random_rank(
    files: usize,
    others: &[char],
    [king, rook, bishop]: [char; 3],
    rng: &mut SplitMix64,
) -> Vec<char> {
    let mut rank = vec![' '; files];
    let light: Vec<usize> = (1..files).step_by(2).collect();
    let dark: Vec<usize> = (0..files).step_by(2).collect();
    rank[light[rng.below(light.len())]] = bishop;
    rank[dark[rng.below(dark.len())]] = bishop;
    for &piece in others {
        let empty: Vec<usize> = (0..files).filter(|&i| rank[i] == ' ').collect();
        rank[empty[rng.below(empty.len())]] = piece;
    }
    let left: Vec<usize> = (0..files).filter(|&i| rank[i] == ' ').collect();
    rank[left[0]] = rook;
    rank[left[1]] = king;
    rank[left[2]] = rook;
    rank
}
