//! Piece types: Fairy-Stockfish's named pieces and the custom slots.

/// Fairy-Stockfish's predefined pieces and their moves in Betza notation.
pub const NAMED_PIECES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// The number of custom piece slots (`customPiece1` … `customPiece25`).
pub const CUSTOM_SLOTS: u32 = 25;

/// What kind of piece key a key is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// A predefined piece with fixed moves (the index in [`NAMED_PIECES`]).
    Named(usize),
    /// A custom slot, 1-based; its moves follow the letter (`p:fmWfceF`).
    Custom(u32),
}

/// The moves of the named piece at `index` of [`NAMED_PIECES`], parsed once
/// per run.
pub fn named_betza(index: usize) -> &'static crate::betza::Betza {
    static PARSED: std::sync::LazyLock<Vec<crate::betza::Betza>> = std::sync::LazyLock::new(|| {
        NAMED_PIECES
            .iter()
            .map(|(_, betza)| crate::betza::Betza::parse(betza).expect("the named pieces parse"))
            .collect()
    });
    &PARSED[index]
}

/// Whether a key names a piece type, and which.
pub fn piece_kind(key: &str) -> Option<PieceKind> {
    if let Some(i) = NAMED_PIECES.iter().position(|(name, _)| *name == key) {
        return Some(PieceKind::Named(i));
    }
    let n: u32 = key.strip_prefix("customPiece")?.parse().ok()?;
    (1..=CUSTOM_SLOTS)
        .contains(&n)
        .then_some(PieceKind::Custom(n))
}

/// The piece type a letter in one of Fairy-Stockfish's default piece sets
/// stands for (`p` → `pawn`, `n` → `knight`, ...).
pub fn default_type_key(letter: char) -> Option<&'static str> {
    match letter {
        'p' => Some("pawn"),
        'n' => Some("knight"),
        'b' => Some("bishop"),
        'r' => Some("rook"),
        'q' => Some("queen"),
        'k' => Some("king"),
        _ => None,
    }
}
