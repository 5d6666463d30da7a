//! The typed form of a Betza string.

/// A basic leap: `forward` squares ahead and `right` squares to the right,
/// written with the larger component first as Fairy-Stockfish does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    /// The larger component of the leap.
    pub long: u8,
    /// The smaller component of the leap.
    pub short: u8,
}

impl Atom {
    /// The atom of a leap `(x, y)` in any order.
    pub fn new(x: u8, y: u8) -> Atom {
        Atom {
            long: x.max(y),
            short: x.min(y),
        }
    }

    /// Whether Fairy-Stockfish can ride this atom (W, F and N lines).
    pub fn fsf_rides(self) -> bool {
        matches!((self.long, self.short), (1, 0) | (1, 1) | (2, 1))
    }

    /// Whether Fairy-Stockfish can make this atom lame (N, A, Z and D).
    pub fn fsf_lame(self) -> bool {
        matches!((self.long, self.short), (2, 1) | (2, 2) | (3, 2) | (2, 0))
    }

    /// Whether Fairy-Stockfish can hop along this atom's lines (W and F).
    pub fn fsf_hops(self) -> bool {
        matches!((self.long, self.short), (1, 0) | (1, 1))
    }
}

/// What a move may do on arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modality {
    /// `m`: only to an empty square.
    Quiet,
    /// `c`: only capturing.
    Capture,
    /// `e`: capturing en passant.
    EnPassant,
}

/// One move of a Betza string: its modifiers, atom and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaMove {
    /// The direction groups as Fairy-Stockfish pairs them (`f`, `fs`, `hr`),
    /// each stored as two letters (`ff`, `fs`, `hr`).
    pub directions: Vec<[u8; 2]>,
    /// The modalities given; empty means move and capture.
    pub modalities: Vec<Modality>,
    /// The letter(s) or `(x,y)` naming the atoms.
    pub atom_text: String,
    /// The atoms the letter stands for: one, or two for K (W+F) and Q (R+B).
    pub atoms: Vec<Atom>,
    /// Whether the move repeats along its line (R, B, Q, doubled letters, ranges).
    pub rider: bool,
    /// The greatest number of steps of a rider; 0 means unlimited.
    pub range: u32,
    /// `p`: hops over one piece, then continues.
    pub hopper: bool,
    /// `g`: hops over one piece and lands just behind it.
    pub grasshopper: bool,
    /// `n`: blocked by a piece on the squares it passes.
    pub lame: bool,
    /// `j`: must jump over an occupied square (leaper) or skip the first square (rider).
    pub jumping: bool,
    /// `i`: only as the piece's initial move.
    pub initial: bool,
    /// Byte offset of the move's first character in the Betza string.
    pub start: usize,
    /// Byte offset one past the move's last character.
    pub end: usize,
}

/// A parsed Betza string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Betza {
    /// The string as written.
    pub text: String,
    /// Its moves, in order.
    pub moves: Vec<BetzaMove>,
}
