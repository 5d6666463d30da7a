//! Every key a variant section may hold: its type, default, meaning, an
//! example, and whether tetrarch implements it.
//!
//! The table is the single source for parsing, for `check`'s "unknown key"
//! suggestions and for `docs/variant-format.md`.

/// The type of a key's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// `true` or `false`.
    Bool,
    /// A whole number from 0 up.
    Int,
    /// A rank number, 1 for the first rank.
    Rank,
    /// A rank counted from a seat's own back edge (1 for its first rank),
    /// or 0 for off.
    RelativeRank,
    /// A file, as a letter (`e`) or a number (5).
    File,
    /// Free text.
    Text,
    /// A position: a Fairy-Stockfish FEN, or a FEN4 for more than two players.
    Fen,
    /// Squares: `d4`, `d*` (a file), `*4` (a rank), `a1-c3` (a rectangle), `-` (none).
    Region,
    /// One piece letter, or `*` for any.
    PieceType,
    /// Piece letters (`nbrq`), `*` for all, `-` for none.
    PieceSet,
    /// Pairs `from:to` of piece letters (`p:g s:g`).
    PieceMap,
    /// Pairs `letter:number` (`q:1 r:2`).
    PieceCounts,
    /// `win`, `loss`, `draw` or `none`.
    GameValue,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// Castling-right letters (`KQkq`) or `-`.
    CastlingRights,
    /// Names separated by blanks.
    Names,
    /// Teams: seat names joined by `+`, teams separated by blanks (`Red+Yellow Blue+Green`).
    Teams,
    /// Whole numbers separated by blanks.
    IntList,
}

impl ValueType {
    /// How the type is written in the documentation.
    pub fn describe(self) -> String {
        match self {
            ValueType::Bool => "bool".into(),
            ValueType::Int => "int".into(),
            ValueType::Rank => "rank".into(),
            ValueType::RelativeRank => "relative rank".into(),
            ValueType::File => "file".into(),
            ValueType::Text => "text".into(),
            ValueType::Fen => "FEN".into(),
            ValueType::Region => "region".into(),
            ValueType::PieceType => "piece".into(),
            ValueType::PieceSet => "piece set".into(),
            ValueType::PieceMap => "piece map".into(),
            ValueType::PieceCounts => "piece counts".into(),
            ValueType::GameValue => "game value".into(),
            ValueType::Choice(words) => words.join(" | "),
            ValueType::CastlingRights => "castling rights".into(),
            ValueType::Names => "names".into(),
            ValueType::Teams => "teams".into(),
            ValueType::IntList => "numbers".into(),
        }
    }
}

/// Whether tetrarch implements what a key says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// Part of the rules tetrarch plays.
    Rules,
    /// Read and kept, but not enforced yet: a variant that sets it is not
    /// "fully supported".
    Accepted,
    /// Accepted and kept, but only for display or engines' evaluation; it
    /// changes no rule.
    Display,
    /// A Fairy-Stockfish feature tetrarch does not implement yet: `check`
    /// reports it as unsupported when the value turns the feature on.
    Unsupported,
}

/// Where a key comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A Fairy-Stockfish key, with its meaning.
    Fsf,
    /// An old Fairy-Stockfish name it still reads.
    FsfDeprecated,
    /// A tetrarch extension.
    Tetrarch,
}

/// One key of the variant language.
#[derive(Clone, Copy, Debug)]
pub struct KeySpec {
    /// The key, as code names it.
    pub key: Key,
    /// The key as written in a file.
    pub name: &'static str,
    /// The type of its value.
    pub ty: ValueType,
    /// The value a section starts with when neither it nor a parent sets it.
    pub default: &'static str,
    /// What the key means.
    pub doc: &'static str,
    /// An example line.
    pub example: &'static str,
    /// Whether tetrarch implements it.
    pub support: Support,
    /// Fairy-Stockfish's or tetrarch's.
    pub origin: Origin,
}

/// Declares every key once: the [`Key`] enum (named in code, so a typo is a
/// compile error) and the [`KEYS`] table in the same order.
macro_rules! key_table {
    ($(
        $id:ident(
            $name:literal,
            $ty:expr,
            $default:literal,
            $support:ident,
            $origin:ident,
            $doc:literal,
            $example:literal $(,)?
        )
    ),* $(,)?) => {
        /// A key of the variant language; `KEYS[key as usize]` is its spec.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Key {
            $(
                #[doc = concat!("`", $name, "`: ", $doc)]
                $id,
            )*
        }

        /// All keys except the piece keys (`pawn`, `customPiece1`, ...) and
        /// the per-piece display keys (`mobilityRegionWhiteKnight`), which
        /// [`piece_kind`](super::pieces::piece_kind) and [`mobility_key`]
        /// recognise; in the order of [`Key`].
        pub const KEYS: &[KeySpec] = &[
            $(
                KeySpec {
                    key: Key::$id,
                    name: $name,
                    ty: $ty,
                    default: $default,
                    doc: $doc,
                    example: $example,
                    support: Support::$support,
                    origin: Origin::$origin,
                },
            )*
        ];
    };
}

use ValueType as T;

/// Fairy-Stockfish's enclosing rules (`enclosingDrop`, `flipEnclosedPieces`).
const ENCLOSING_RULES: &[&str] = &[
    "reversi",
    "ataxx",
    "quadwrangle",
    "snort",
    "anyside",
    "top",
    "none",
];

key_table! {
    // Board and setup.
    MaxRank(
        "maxRank",
        T::Rank,
        "8",
        Rules,
        Fsf,
        "Number of ranks (at most 16).",
        "maxRank = 10"
    ),
    MaxFile(
        "maxFile",
        T::File,
        "8",
        Rules,
        Fsf,
        "Number of files, as a number or the last file's letter (at most 16).",
        "maxFile = 10"
    ),
    StartFen(
        "startFen",
        T::Fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Rules,
        Fsf,
        "The starting position: a Fairy-Stockfish FEN, or a FEN4 when `players` is more than 2.",
        "startFen = 8/8/8/8/8/8/8/K6k w - - 0 1"
    ),
    StartNames(
        "startNames",
        T::Names,
        "",
        Display,
        Tetrarch,
        "Names that game records give the start position instead of writing it out (chess.com's PGN4 `[StartFen4 \"4PC\"]`); `tetrarch replay` reads them.",
        "startNames = 4PC"
    ),
    RecordNames(
        "recordNames",
        T::Names,
        "",
        Display,
        Tetrarch,
        "Names that game records of other programs give this variant in their `[Variant]` tag where it is not the section's name (lichess's `Chess960`, `Three-check`), matched without regard to case, spaces or hyphens (a tag such as `King of the Hill` finds `kingofthehill` by its name alone); a section's own, not inherited. `tetrarch replay` reads them.",
        "recordNames = Chess960"
    ),
    Chess960(
        "chess960",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Chess960 castling (king and rooks on any file, Shredder/X-FEN rights).",
        "chess960 = true"
    ),
    TwoBoards(
        "twoBoards",
        T::Bool,
        "false",
        Accepted,
        Fsf,
        "Pieces in hand come from a second board (bughouse). Read; the second board is not played yet: each board plays alone, as Fairy-Stockfish's engine plays its board of the pair, its captured pieces leaving it (for the partner, not modelled) and its hand only what a FEN gives it; pieces promoted from pawns are marked `~` in the FEN.",
        "twoBoards = true"
    ),
    FreeDrops(
        "freeDrops",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "Pieces are dropped without a hand: any type, any number, no pocket in the FEN, and captured pieces go nowhere (Fairy-Stockfish's ataxx sets it in its code; its files cannot).",
        "freeDrops = true"
    ),
    SanLetters(
        "sanLetters",
        T::PieceMap,
        "",
        Rules,
        Tetrarch,
        "Letters SAN writes for pieces instead of their FEN letters, which a FEN may use too (Fairy-Stockfish's piece synonyms: xiangqi's horse is `n` in a FEN and `H` in SAN).",
        "sanLetters = n:h b:e"
    ),
    Holes(
        "holes",
        T::Region,
        "-",
        Rules,
        Tetrarch,
        "Squares of the rectangle that are not part of the board: they are never entered, never crossed by a slider, and may be jumped by a leaper.",
        "holes = a1-c3 l1-n3 a12-c14 l12-n14"
    ),
    // Display only.
    VariantTemplate(
        "variantTemplate",
        T::Choice(&[
            "fairy",
            "shogi",
            "bughouse",
            "crazyhouse",
            "seirawan",
            "xiangqi",
            "janggi",
            "makruk",
            "shatranj",
            "atomic",
            "giveaway",
            "grand",
        ]),
        "fairy",
        Display,
        Fsf,
        "Which GUI logic XBoard/WinBoard should use (Fairy-Stockfish documents fairy, shogi and bughouse for files; its built-in variants use the others). No effect on rules.",
        "variantTemplate = shogi"
    ),
    PieceToCharTable(
        "pieceToCharTable",
        T::Text,
        "-",
        Display,
        Fsf,
        "Piece images for XBoard/WinBoard. No effect on rules.",
        "pieceToCharTable = PNBRQ..........Kpnbrq..........k"
    ),
    PocketSize(
        "pocketSize",
        T::Int,
        "0",
        Display,
        Fsf,
        "Pocket size shown by XBoard/WinBoard (default: one per piece type where pieces are dropped). No effect on rules.",
        "pocketSize = 5"
    ),
    PieceValueMg(
        "pieceValueMg",
        T::PieceCounts,
        "",
        Display,
        Fsf,
        "Middle-game piece values for an engine's evaluation. No effect on rules.",
        "pieceValueMg = p:150 n:800"
    ),
    PieceValueEg(
        "pieceValueEg",
        T::PieceCounts,
        "",
        Display,
        Fsf,
        "End-game piece values for an engine's evaluation. No effect on rules.",
        "pieceValueEg = p:200 n:900"
    ),
    // Pawns and promotion.
    PawnTypes(
        "pawnTypes",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Pieces treated as pawns for promotion, en passant and the n-move rule (sets the three more specific keys).",
        "pawnTypes = ps"
    ),
    PromotionRegionWhite(
        "promotionRegionWhite",
        T::Region,
        "*8",
        Rules,
        Fsf,
        "Where White's pawns promote.",
        "promotionRegionWhite = *6 *7 *8"
    ),
    PromotionRegionBlack(
        "promotionRegionBlack",
        T::Region,
        "*1",
        Rules,
        Fsf,
        "Where Black's pawns promote.",
        "promotionRegionBlack = *1 *2 *3"
    ),
    PromotionPawnTypes(
        "promotionPawnTypes",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Pieces that promote as pawns, both colours.",
        "promotionPawnTypes = ps"
    ),
    PromotionPawnTypesWhite(
        "promotionPawnTypesWhite",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Pieces that promote as pawns, White.",
        "promotionPawnTypesWhite = p"
    ),
    PromotionPawnTypesBlack(
        "promotionPawnTypesBlack",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Pieces that promote as pawns, Black.",
        "promotionPawnTypesBlack = p"
    ),
    PromotionPieceTypes(
        "promotionPieceTypes",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "What a pawn may promote to, both colours. A section without a parent starts with none, as in Fairy-Stockfish; `chess` sets `nbrq`.",
        "promotionPieceTypes = q"
    ),
    PromotionPieceTypesWhite(
        "promotionPieceTypesWhite",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "What a White pawn may promote to.",
        "promotionPieceTypesWhite = qc"
    ),
    PromotionPieceTypesBlack(
        "promotionPieceTypesBlack",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "What a Black pawn may promote to.",
        "promotionPieceTypesBlack = qc"
    ),
    SittuyinPromotion(
        "sittuyinPromotion",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Sittuyin-style promotion: a pawn on its promotion square (any pawn, when it is the last) may become a piece of a promotion type in place or on an empty square that piece could move to, giving no check and attacking no enemy piece; reaching the zone promotes nothing.",
        "sittuyinPromotion = true"
    ),
    PromotionLimit(
        "promotionLimit",
        T::PieceCounts,
        "",
        Rules,
        Fsf,
        "The most pieces of a type that promotion may produce.",
        "promotionLimit = q:1 r:2"
    ),
    PromotedPieceType(
        "promotedPieceType",
        T::PieceMap,
        "",
        Rules,
        Fsf,
        "Promotion of non-pawn pieces: `from:to` pairs.",
        "promotedPieceType = p:g s:g"
    ),
    PiecePromotionOnCapture(
        "piecePromotionOnCapture",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Pieces promote only when capturing.",
        "piecePromotionOnCapture = true"
    ),
    MandatoryPawnPromotion(
        "mandatoryPawnPromotion",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "A pawn reaching the promotion region must promote.",
        "mandatoryPawnPromotion = false"
    ),
    MandatoryPiecePromotion(
        "mandatoryPiecePromotion",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A non-pawn that can promote must (and must demote, with `pieceDemotion`).",
        "mandatoryPiecePromotion = true"
    ),
    PieceDemotion(
        "pieceDemotion",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A promoted piece moving again turns back into its unpromoted type.",
        "pieceDemotion = true"
    ),
    PromotionRank(
        "promotionRank",
        T::Rank,
        "8",
        Rules,
        FsfDeprecated,
        "Old form of the promotion regions: the rank (relative to each colour) from which pawns promote.",
        "promotionRank = 6"
    ),
    PromotionRelativeRank(
        "promotionRelativeRank",
        T::RelativeRank,
        "0",
        Rules,
        Tetrarch,
        "For every seat, pawns promote on this rank counted from the seat's own back edge (and beyond); 0 leaves the Fairy-Stockfish regions in force.",
        "promotionRelativeRank = 11"
    ),
    DoubleStep(
        "doubleStep",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "Pawns may make a double step from the double-step region.",
        "doubleStep = false"
    ),
    DoubleStepRegionWhite(
        "doubleStepRegionWhite",
        T::Region,
        "*2",
        Rules,
        Fsf,
        "Where White's pawns may double-step (and where `i` moves are allowed).",
        "doubleStepRegionWhite = *2 *3"
    ),
    DoubleStepRegionBlack(
        "doubleStepRegionBlack",
        T::Region,
        "*7",
        Rules,
        Fsf,
        "Where Black's pawns may double-step (and where `i` moves are allowed).",
        "doubleStepRegionBlack = *7 *6"
    ),
    DoubleStepRank(
        "doubleStepRank",
        T::Rank,
        "2",
        Rules,
        FsfDeprecated,
        "Old form of the double-step regions: the relative rank of double steps.",
        "doubleStepRank = 3"
    ),
    DoubleStepRankMin(
        "doubleStepRankMin",
        T::Rank,
        "2",
        Rules,
        FsfDeprecated,
        "Old form of the double-step regions: the lowest relative rank of double steps.",
        "doubleStepRankMin = 2"
    ),
    DoubleStepRelativeRank(
        "doubleStepRelativeRank",
        T::RelativeRank,
        "0",
        Rules,
        Tetrarch,
        "For every seat, pawns may double-step from this rank counted from the seat's own back edge; 0 leaves the Fairy-Stockfish regions in force.",
        "doubleStepRelativeRank = 2"
    ),
    TripleStepRegionWhite(
        "tripleStepRegionWhite",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Where White's pawns may triple-step.",
        "tripleStepRegionWhite = *1"
    ),
    TripleStepRegionBlack(
        "tripleStepRegionBlack",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Where Black's pawns may triple-step.",
        "tripleStepRegionBlack = *10"
    ),
    EnPassantRegion(
        "enPassantRegion",
        T::Region,
        "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16",
        Rules,
        Fsf,
        "Target squares where en passant is allowed after a double step.",
        "enPassantRegion = *3 *6"
    ),
    EnPassantRegionWhite(
        "enPassantRegionWhite",
        T::Region,
        "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16",
        Rules,
        Fsf,
        "Target squares where White may capture en passant.",
        "enPassantRegionWhite = *6"
    ),
    EnPassantRegionBlack(
        "enPassantRegionBlack",
        T::Region,
        "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16",
        Rules,
        Fsf,
        "Target squares where Black may capture en passant.",
        "enPassantRegionBlack = *3"
    ),
    EnPassantTypes(
        "enPassantTypes",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Pieces that may capture en passant, both colours (a custom piece with `e` in its Betza is added).",
        "enPassantTypes = ps"
    ),
    EnPassantTypesWhite(
        "enPassantTypesWhite",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "White pieces that may capture en passant.",
        "enPassantTypesWhite = p"
    ),
    EnPassantTypesBlack(
        "enPassantTypesBlack",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Black pieces that may capture en passant.",
        "enPassantTypesBlack = p"
    ),
    EnPassantWindow(
        "enPassantWindow",
        T::Choice(&["nextPlayer", "untilPusherMoves"]),
        "nextPlayer",
        Rules,
        Tetrarch,
        "Who may capture en passant: only the next player, on that turn; or every opponent until the pusher moves again (the target expires when play passes the pusher's seat).",
        "enPassantWindow = untilPusherMoves"
    ),
    // Castling.
    Castling(
        "castling",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "Castling is allowed.",
        "castling = false"
    ),
    CastlingDroppedPiece(
        "castlingDroppedPiece",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A king dropped on its castling square may castle with the rooks in the corners of its rank, a rook dropped in a corner with the king on its castling square.",
        "castlingDroppedPiece = true"
    ),
    CastlingKingsideFile(
        "castlingKingsideFile",
        T::File,
        "g",
        Rules,
        Fsf,
        "The king's file after king-side castling.",
        "castlingKingsideFile = i"
    ),
    CastlingQueensideFile(
        "castlingQueensideFile",
        T::File,
        "c",
        Rules,
        Fsf,
        "The king's file after queen-side castling.",
        "castlingQueensideFile = c"
    ),
    CastlingRank(
        "castlingRank",
        T::Rank,
        "1",
        Rules,
        Fsf,
        "The relative rank castling happens on.",
        "castlingRank = 2"
    ),
    CastlingKingFile(
        "castlingKingFile",
        T::File,
        "e",
        Rules,
        Fsf,
        "The king's starting file, when the castling piece type occurs more than once.",
        "castlingKingFile = f"
    ),
    CastlingKingPiece(
        "castlingKingPiece",
        T::PieceType,
        "k",
        Rules,
        Fsf,
        "The piece that castles as the king, both colours.",
        "castlingKingPiece = c"
    ),
    CastlingKingPieceWhite(
        "castlingKingPieceWhite",
        T::PieceType,
        "k",
        Rules,
        Fsf,
        "The piece that castles as the king, White.",
        "castlingKingPieceWhite = c"
    ),
    CastlingKingPieceBlack(
        "castlingKingPieceBlack",
        T::PieceType,
        "k",
        Rules,
        Fsf,
        "The piece that castles as the king, Black.",
        "castlingKingPieceBlack = c"
    ),
    CastlingRookKingsideFile(
        "castlingRookKingsideFile",
        T::File,
        "l",
        Rules,
        Fsf,
        "The file from which the king-side castling rook is looked for, inward (the default `l` is the corner of boards up to 12 files).",
        "castlingRookKingsideFile = i"
    ),
    CastlingRookQueensideFile(
        "castlingRookQueensideFile",
        T::File,
        "a",
        Rules,
        Fsf,
        "The file from which the queen-side castling rook is looked for, inward.",
        "castlingRookQueensideFile = b"
    ),
    CastlingRookPieces(
        "castlingRookPieces",
        T::PieceSet,
        "r",
        Rules,
        Fsf,
        "Pieces that castle as the rook, both colours.",
        "castlingRookPieces = rc"
    ),
    CastlingRookPiecesWhite(
        "castlingRookPiecesWhite",
        T::PieceSet,
        "r",
        Rules,
        Fsf,
        "Pieces that castle as the rook, White.",
        "castlingRookPiecesWhite = r"
    ),
    CastlingRookPiecesBlack(
        "castlingRookPiecesBlack",
        T::PieceSet,
        "r",
        Rules,
        Fsf,
        "Pieces that castle as the rook, Black.",
        "castlingRookPiecesBlack = r"
    ),
    CastlingRookPiece(
        "castlingRookPiece",
        T::PieceSet,
        "r",
        Rules,
        FsfDeprecated,
        "Old name of `castlingRookPieces`.",
        "castlingRookPiece = r"
    ),
    OppositeCastling(
        "oppositeCastling",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A side may not castle to the same wing as the opponent did.",
        "oppositeCastling = true"
    ),
    CastlingWins(
        "castlingWins",
        T::CastlingRights,
        "-",
        Rules,
        Fsf,
        "Castlings that win at once (Fairy-Stockfish's letters: `K`/`Q` White's king and queen side, `k`/`q` Black's); a side that loses all those rights of its own for good loses (rule `castling`).",
        "castlingWins = q"
    ),
    CastlingSquares(
        "castlingSquares",
        T::Names,
        "",
        Rules,
        Tetrarch,
        "Castling on boards with more than two seats: one entry per seat and wing, `Seat:wing:king-from:king-to:rook-from:rook-to`.",
        "castlingSquares = Red:king:h1:j1:k1:i1 Red:queen:h1:f1:d1:g1"
    ),
    // Blasts, petrification, drops, walls and gating.
    BlastOnCapture(
        "blastOnCapture",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Captures explode the adjacent non-pawn pieces (atomic chess).",
        "blastOnCapture = true"
    ),
    BlastImmuneTypes(
        "blastImmuneTypes",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "Pieces immune to explosions.",
        "blastImmuneTypes = k"
    ),
    MutuallyImmuneTypes(
        "mutuallyImmuneTypes",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "Pieces that cannot capture a piece of the same type.",
        "mutuallyImmuneTypes = k"
    ),
    PetrifyOnCaptureTypes(
        "petrifyOnCaptureTypes",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "Pieces that turn into a wall square when they capture (after a blast, the wall stands where the piece exploded); a pseudo-royal piece of these types may not capture.",
        "petrifyOnCaptureTypes = q"
    ),
    PetrifyBlastPieces(
        "petrifyBlastPieces",
        T::Bool,
        "false",
        Unsupported,
        Fsf,
        "Pieces destroyed by a blast are petrified.",
        "petrifyBlastPieces = true"
    ),
    PieceDrops(
        "pieceDrops",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Pieces in hand may be dropped on the board.",
        "pieceDrops = true"
    ),
    DropLoop(
        "dropLoop",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Captured promoted pieces are not demoted.",
        "dropLoop = true"
    ),
    CapturesToHand(
        "capturesToHand",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Captured pieces go to the capturer's hand.",
        "capturesToHand = true"
    ),
    FirstRankPawnDrops(
        "firstRankPawnDrops",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Pawns may be dropped on the first rank.",
        "firstRankPawnDrops = true"
    ),
    PromotionZonePawnDrops(
        "promotionZonePawnDrops",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Pawns may be dropped in the promotion zone.",
        "promotionZonePawnDrops = true"
    ),
    DropChecks(
        "dropChecks",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "Drops may give check (only `false` changes anything).",
        "dropChecks = false"
    ),
    MustDrop(
        "mustDrop",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Drops are mandatory.",
        "mustDrop = true"
    ),
    MustDropType(
        "mustDropType",
        T::PieceType,
        "*",
        Rules,
        Fsf,
        "The piece type whose drops are mandatory.",
        "mustDropType = k"
    ),
    EnclosingDrop(
        "enclosingDrop",
        T::Choice(ENCLOSING_RULES),
        "none",
        Rules,
        Fsf,
        "Where drops may go besides their region, as Fairy-Stockfish filters them: `reversi`, where they outflank a run of enemy pieces ending on an own piece; `ataxx`, next to an own piece; `snort`, not orthogonally next to an enemy piece; `top`, on the first rank or on top of a piece (connect four); `anyside`, where a piece sliding in along a rank or file from an empty edge square stops (Fairy-Stockfish's reckoning, the drop region aside); `quadwrangle` is refused (a flipping rule).",
        "enclosingDrop = reversi"
    ),
    EnclosingDropStart(
        "enclosingDropStart",
        T::Region,
        "-",
        Rules,
        Fsf,
        "While one of these squares is empty, drops go there and nowhere else, `enclosingDrop` aside (reversi's opening).",
        "enclosingDropStart = d4 e4 d5 e5"
    ),
    DropRegionWhite(
        "dropRegionWhite",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Where White may drop.",
        "dropRegionWhite = *1 *2"
    ),
    DropRegionBlack(
        "dropRegionBlack",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Where Black may drop.",
        "dropRegionBlack = *7 *8"
    ),
    WhiteDropRegion(
        "whiteDropRegion",
        T::Region,
        "-",
        Unsupported,
        FsfDeprecated,
        "Old name of `dropRegionWhite`.",
        "whiteDropRegion = *1"
    ),
    BlackDropRegion(
        "blackDropRegion",
        T::Region,
        "-",
        Unsupported,
        FsfDeprecated,
        "Old name of `dropRegionBlack`.",
        "blackDropRegion = *8"
    ),
    DropOnTop(
        "dropOnTop",
        T::Bool,
        "false",
        Rules,
        FsfDeprecated,
        "Old form of `enclosingDrop = top`.",
        "dropOnTop = true"
    ),
    SittuyinRookDrop(
        "sittuyinRookDrop",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Rooks may be dropped on the first rank only.",
        "sittuyinRookDrop = true"
    ),
    DropOppositeColoredBishop(
        "dropOppositeColoredBishop",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Dropped bishops must stand on opposite colours.",
        "dropOppositeColoredBishop = true"
    ),
    DropPromoted(
        "dropPromoted",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Pieces may be dropped promoted.",
        "dropPromoted = true"
    ),
    DropNoDoubled(
        "dropNoDoubled",
        T::PieceType,
        "-",
        Rules,
        Fsf,
        "A piece type that may not be dropped on a file it already occupies.",
        "dropNoDoubled = p"
    ),
    DropNoDoubledCount(
        "dropNoDoubledCount",
        T::Int,
        "1",
        Rules,
        Fsf,
        "How many pieces of `dropNoDoubled` a file may already hold.",
        "dropNoDoubledCount = 2"
    ),
    ImmobilityIllegal(
        "immobilityIllegal",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A piece may not move (or promote) to a square from which it could never move again.",
        "immobilityIllegal = true"
    ),
    Gating(
        "gating",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Gate squares are kept in the castling field: the files named there (and the king's and rooks' with `K`/`Q`) are gates until their piece leaves or is taken.",
        "gating = true"
    ),
    SeirawanGating(
        "seirawanGating",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "With `gating`: a piece leaving a gate square (the king or rook when castling) may put a piece from the hand on the square it leaves (S-Chess).",
        "seirawanGating = true"
    ),
    CambodianMoves(
        "cambodianMoves",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Cambodian chess's first moves, with `gating` keeping the gate squares: a king on its gate may leap like a knight to the rank ahead when not in check, a fers on its gate may step two squares straight ahead (both only onto empty squares); a rook moving onto the file or rank of the enemy king on its gate takes that king's leap away.",
        "cambodianMoves = true"
    ),
    WallingRule(
        "wallingRule",
        T::Choice(&["arrow", "duck", "edge", "past", "static", "none"]),
        "none",
        Rules,
        Fsf,
        "Every move of a piece also puts a wall on a square empty after it: `arrow` where the moved piece could go next by a quiet move, `duck` anywhere, the walls already there leaving the board (the duck moves), `edge` on the edge or next to a wall, `past` on the square the piece left, `static` anywhere. Drops put no wall.",
        "wallingRule = duck"
    ),
    WallingRegionWhite(
        "wallingRegionWhite",
        T::Region,
        "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16",
        Rules,
        Fsf,
        "Where White may place walls.",
        "wallingRegionWhite = *1 *2"
    ),
    WallingRegionBlack(
        "wallingRegionBlack",
        T::Region,
        "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16",
        Rules,
        Fsf,
        "Where Black may place walls.",
        "wallingRegionBlack = *7 *8"
    ),
    WallingRegion(
        "wallingRegion",
        T::Region,
        "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16",
        Rules,
        Fsf,
        "Where both colours may place walls.",
        "wallingRegion = *3 *4 *5 *6"
    ),
    WallOrMove(
        "wallOrMove",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "With `wallingRule`: a turn either moves a piece, putting no wall, or only puts a wall (a pass named by the mover's first piece, UCI `a1a1,a1a3`). As Fairy-Stockfish writes them, the moves of pieces then carry a wall suffix on `a1` that means nothing (`a2a3,a3a1`, SAN `a3,a1`); tetrarch writes and reads them so.",
        "wallOrMove = true"
    ),
    DiagonalLines(
        "diagonalLines",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Janggi's palace lines: from one of these squares the wazir (and a king that moves as a wazir) may also step diagonally, the soldier diagonally forward, the rook ride and Janggi's cannon hop diagonally, along the lines only. A diagonal that leaves the lines and meets them again is refused (Fairy-Stockfish masks such a move with the lines; tetrarch stops where they end).",
        "diagonalLines = d1 f1 e2 d3 f3"
    ),
    Pass(
        "pass",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Both colours may pass when not in check (UCI names the pass by the king's square, `e2e2`; XBoard `@@@@`); two passes in a row end the game, `materialCounting` deciding, else a draw (rule `passes`).",
        "pass = true"
    ),
    PassWhite(
        "passWhite",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "White may pass when not in check.",
        "passWhite = true"
    ),
    PassBlack(
        "passBlack",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Black may pass when not in check.",
        "passBlack = true"
    ),
    PassOnStalemate(
        "passOnStalemate",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Both colours pass when they have no other legal move and are not in check (UCI names the pass by the king's square, else the first piece's: `a2a2`); two passes in a row end the game, material counting deciding, else a draw.",
        "passOnStalemate = true"
    ),
    PassOnStalemateWhite(
        "passOnStalemateWhite",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "White may pass when it has no other move.",
        "passOnStalemateWhite = true"
    ),
    PassOnStalemateBlack(
        "passOnStalemateBlack",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Black may pass when it has no other move.",
        "passOnStalemateBlack = true"
    ),
    MakpongRule(
        "makpongRule",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A king in check may not move away: it may only take its only checker (Makpong).",
        "makpongRule = true"
    ),
    FlyingGeneral(
        "flyingGeneral",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Kings may not face each other on an open file (Xiangqi).",
        "flyingGeneral = true"
    ),
    SoldierPromotionRank(
        "soldierPromotionRank",
        T::Rank,
        "1",
        Rules,
        Fsf,
        "Soldiers move as shogi pawns until they reach this rank.",
        "soldierPromotionRank = 6"
    ),
    FlipEnclosedPieces(
        "flipEnclosedPieces",
        T::Choice(ENCLOSING_RULES),
        "none",
        Rules,
        Fsf,
        "Enemy pieces a move turns over to the mover: `reversi`, the runs a drop or move outflanks (up to an own piece, in the eight directions); `ataxx`, every enemy piece next to where the move ends; `quadwrangle`, the same after a move of a piece, after a drop only next to an own piece. The drop rules (`snort`, `top`, `anyside`) are refused here.",
        "flipEnclosedPieces = reversi"
    ),
    // Checks and game end.
    Checking(
        "checking",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "Whether checks exist: `true`, royal pieces may not be left in check; `false` (Fairy-Stockfish's meaning), a move may not give check at all (royal pieces still may not be left attacked).",
        "checking = false"
    ),
    MustCapture(
        "mustCapture",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Captures are mandatory.",
        "mustCapture = true"
    ),
    NMoveRuleTypes(
        "nMoveRuleTypes",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Pieces whose moves reset the n-move counter, both colours.",
        "nMoveRuleTypes = ps"
    ),
    NMoveRuleTypesWhite(
        "nMoveRuleTypesWhite",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "White pieces whose moves reset the n-move counter.",
        "nMoveRuleTypesWhite = p"
    ),
    NMoveRuleTypesBlack(
        "nMoveRuleTypesBlack",
        T::PieceSet,
        "p",
        Rules,
        Fsf,
        "Black pieces whose moves reset the n-move counter.",
        "nMoveRuleTypesBlack = p"
    ),
    NMoveRule(
        "nMoveRule",
        T::Int,
        "50",
        Rules,
        Fsf,
        "Moves without capture or pawn move after which the game ends drawn (0: never); see `nMoveRuleUnit` and `nMoveRuleClaim`.",
        "nMoveRule = 75"
    ),
    NMoveRuleUnit(
        "nMoveRuleUnit",
        T::Choice(&["movesPerPlayer", "plies"]),
        "movesPerPlayer",
        Rules,
        Tetrarch,
        "How `nMoveRule` counts: moves by each player still in, or single plies.",
        "nMoveRuleUnit = plies"
    ),
    NMoveRuleClaim(
        "nMoveRuleClaim",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "From this many moves the player to move may claim the draw (0: no claim); `nMoveRule` stays the automatic end.",
        "nMoveRuleClaim = 50"
    ),
    NFoldRule(
        "nFoldRule",
        T::Int,
        "3",
        Rules,
        Fsf,
        "The occurrence of a position that ends the game (0: never).",
        "nFoldRule = 5"
    ),
    NFoldClaim(
        "nFoldClaim",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "From this occurrence the player to move may claim the draw (0: no claim); `nFoldRule` stays the automatic end.",
        "nFoldClaim = 3"
    ),
    NFoldValue(
        "nFoldValue",
        T::GameValue,
        "draw",
        Rules,
        Fsf,
        "The result of an n-fold repetition for the side to move.",
        "nFoldValue = loss"
    ),
    NFoldValueAbsolute(
        "nFoldValueAbsolute",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "`nFoldValue` is from White's point of view.",
        "nFoldValueAbsolute = true"
    ),
    PerpetualCheckIllegal(
        "perpetualCheckIllegal",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Perpetual check is forbidden.",
        "perpetualCheckIllegal = true"
    ),
    MoveRepetitionIllegal(
        "moveRepetitionIllegal",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Janggi's rule against moving a piece back and forth, as Fairy-Stockfish judges it: a player not in check on its last three turns who moves, by quiet plain moves, a piece able to enter the opponent's palace from a square it reached without capturing to another and back, twice (a pass may stand for one of the moves away), loses (rule `repetition`).",
        "moveRepetitionIllegal = true"
    ),
    ChasingRule(
        "chasingRule",
        T::Choice(&["axf", "none"]),
        "none",
        Rules,
        Fsf,
        "Xiangqi's chasing rule (the Asian Xiangqi Federation's, as Fairy-Stockfish judges it): a move chases the opponent's pieces it newly attacks that are unprotected or stronger than the attacker (a rook by a horse or cannon; a rook, cannon or horse by an elephant or advisor), not kings nor soldiers that have not crossed the river. A repetition in which one side chased the same piece at every move, and did not check throughout, loses for that side; chased by both, it is drawn. Once 20 plies are played, the n-move rule waits a move longer for each check beyond ten one side gave.",
        "chasingRule = axf"
    ),
    StalemateValue(
        "stalemateValue",
        T::GameValue,
        "draw",
        Rules,
        Fsf,
        "The result of a stalemate for the stalemated side.",
        "stalemateValue = loss"
    ),
    StalematePieceCount(
        "stalematePieceCount",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "On stalemate the material count decides.",
        "stalematePieceCount = true"
    ),
    CheckmateValue(
        "checkmateValue",
        T::GameValue,
        "loss",
        Rules,
        Fsf,
        "The result of checkmate for the mated side.",
        "checkmateValue = win"
    ),
    ShogiPawnDropMateIllegal(
        "shogiPawnDropMateIllegal",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Mate by a pawn drop is forbidden.",
        "shogiPawnDropMateIllegal = true"
    ),
    ShatarMateRule(
        "shatarMateRule",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Shatar's mating rules: a mate by knights alone loses for the mating side; a mate counts only if one of the series of checks leading to it was given by a knight, rook or bers (a shak), else it draws.",
        "shatarMateRule = true"
    ),
    BikjangRule(
        "bikjangRule",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Janggi's bikjang: while the kings face each other on a file or rank with nothing between them, the side to move must break the facing or pass (a pass is then legal even in check); a pass that leaves them facing ends the game, `materialCounting` deciding, else a draw (rule `bikjang`).",
        "bikjangRule = true"
    ),
    ExtinctionValue(
        "extinctionValue",
        T::GameValue,
        "none",
        Rules,
        Fsf,
        "The result for a side whose extinction pieces are gone.",
        "extinctionValue = loss"
    ),
    ExtinctionClaim(
        "extinctionClaim",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Extinction of the opponent is only judged for the side to move.",
        "extinctionClaim = true"
    ),
    ExtinctionPseudoRoyal(
        "extinctionPseudoRoyal",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "The last extinction piece may not be left attacked.",
        "extinctionPseudoRoyal = true"
    ),
    DupleCheck(
        "dupleCheck",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "With several pseudo-royal pieces, only attacking all of them is check.",
        "dupleCheck = true"
    ),
    ExtinctionPieceTypes(
        "extinctionPieceTypes",
        T::PieceSet,
        "-",
        Rules,
        Fsf,
        "Pieces whose extinction decides the game (`*` for all).",
        "extinctionPieceTypes = k"
    ),
    ExtinctionPieceCount(
        "extinctionPieceCount",
        T::Int,
        "0",
        Rules,
        Fsf,
        "The count at which a type counts as extinct.",
        "extinctionPieceCount = 1"
    ),
    ExtinctionOpponentPieceCount(
        "extinctionOpponentPieceCount",
        T::Int,
        "0",
        Rules,
        Fsf,
        "The opponent's count also required for extinction.",
        "extinctionOpponentPieceCount = 2"
    ),
    FlagPiece(
        "flagPiece",
        T::PieceType,
        "*",
        Rules,
        Fsf,
        "The piece that wins by reaching the flag region, both colours.",
        "flagPiece = k"
    ),
    FlagPieceWhite(
        "flagPieceWhite",
        T::PieceType,
        "*",
        Rules,
        Fsf,
        "White's flag piece.",
        "flagPieceWhite = k"
    ),
    FlagPieceBlack(
        "flagPieceBlack",
        T::PieceType,
        "*",
        Rules,
        Fsf,
        "Black's flag piece.",
        "flagPieceBlack = k"
    ),
    FlagRegion(
        "flagRegion",
        T::Region,
        "-",
        Rules,
        Fsf,
        "The flag region for both colours.",
        "flagRegion = d4 e4 d5 e5"
    ),
    FlagRegionWhite(
        "flagRegionWhite",
        T::Region,
        "-",
        Rules,
        Fsf,
        "White's flag region.",
        "flagRegionWhite = *8"
    ),
    FlagRegionBlack(
        "flagRegionBlack",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Black's flag region.",
        "flagRegionBlack = *1"
    ),
    WhiteFlag(
        "whiteFlag",
        T::Region,
        "-",
        Rules,
        FsfDeprecated,
        "Old name of `flagRegionWhite`.",
        "whiteFlag = *8"
    ),
    BlackFlag(
        "blackFlag",
        T::Region,
        "-",
        Rules,
        FsfDeprecated,
        "Old name of `flagRegionBlack`.",
        "blackFlag = *1"
    ),
    FlagPieceCount(
        "flagPieceCount",
        T::Int,
        "1",
        Rules,
        Fsf,
        "How many flag pieces must stand in the flag region.",
        "flagPieceCount = 2"
    ),
    FlagPieceBlockedWin(
        "flagPieceBlockedWin",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "With several flag pieces: one in the region and the rest of it occupied also wins.",
        "flagPieceBlockedWin = true"
    ),
    FlagMove(
        "flagMove",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "The other side gets one more move after the flag is reached.",
        "flagMove = true"
    ),
    FlagPieceSafe(
        "flagPieceSafe",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "The flag piece must not be attacked to win.",
        "flagPieceSafe = true"
    ),
    CheckCounting(
        "checkCounting",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "Giving a number of checks wins (counts in the FEN, as in 3check).",
        "checkCounting = true"
    ),
    ConnectN(
        "connectN",
        T::Int,
        "0",
        Rules,
        Fsf,
        "Aligning this many pieces wins (0: off).",
        "connectN = 4"
    ),
    ConnectPieceTypes(
        "connectPieceTypes",
        T::PieceSet,
        "*",
        Rules,
        Fsf,
        "Pieces that count for `connectN`.",
        "connectPieceTypes = p"
    ),
    ConnectHorizontal(
        "connectHorizontal",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "`connectN` counts along ranks.",
        "connectHorizontal = false"
    ),
    ConnectVertical(
        "connectVertical",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "`connectN` counts along files.",
        "connectVertical = false"
    ),
    ConnectDiagonal(
        "connectDiagonal",
        T::Bool,
        "true",
        Rules,
        Fsf,
        "`connectN` counts along diagonals.",
        "connectDiagonal = false"
    ),
    ConnectRegion1White(
        "connectRegion1White",
        T::Region,
        "-",
        Rules,
        Fsf,
        "White wins by joining this region to `connectRegion2White` with a chain of connect pieces (`connectValue` for the side to move); as Fairy-Stockfish searches it, the chain grows from this region east and north only (and north-east, south-east with `connectDiagonal`).",
        "connectRegion1White = *1"
    ),
    ConnectRegion2White(
        "connectRegion2White",
        T::Region,
        "-",
        Rules,
        Fsf,
        "See `connectRegion1White`.",
        "connectRegion2White = *8"
    ),
    ConnectRegion1Black(
        "connectRegion1Black",
        T::Region,
        "-",
        Rules,
        Fsf,
        "Black wins by joining this region to `connectRegion2Black`, as `connectRegion1White`.",
        "connectRegion1Black = a*"
    ),
    ConnectRegion2Black(
        "connectRegion2Black",
        T::Region,
        "-",
        Rules,
        Fsf,
        "See `connectRegion1Black`.",
        "connectRegion2Black = h*"
    ),
    ConnectNxN(
        "connectNxN",
        T::Int,
        "0",
        Rules,
        Fsf,
        "Forming a tight N × N square of connect pieces ends the game (`connectValue` for the side to move).",
        "connectNxN = 2"
    ),
    CollinearN(
        "collinearN",
        T::Int,
        "0",
        Rules,
        Fsf,
        "N connect pieces on one line of the connect directions, gaps allowed, end the game (`connectValue` for the side to move).",
        "collinearN = 4"
    ),
    ConnectValue(
        "connectValue",
        T::GameValue,
        "win",
        Rules,
        Fsf,
        "The result of a connection for the side that made it.",
        "connectValue = loss"
    ),
    MaterialCounting(
        "materialCounting",
        T::Choice(&[
            "janggi",
            "unweighted",
            "whitedrawodds",
            "blackdrawodds",
            "none"
        ]),
        "none",
        Rules,
        Fsf,
        "Material counting adjudication.",
        "materialCounting = janggi"
    ),
    AdjudicateFullBoard(
        "adjudicateFullBoard",
        T::Bool,
        "false",
        Rules,
        Fsf,
        "A full board ends the game at once: `materialCounting` decides, else it is a draw (rule `full-board`).",
        "adjudicateFullBoard = true"
    ),
    CountingRule(
        "countingRule",
        T::Choice(&["makruk", "cambodian", "asean", "none"]),
        "none",
        Rules,
        Fsf,
        "Makruk-style counting: once no pawn is left or a side is bare, a count starts whose limit the material sets (board's and pieces' honour); past it the game is drawn. The FEN writes the limit in the en-passant field and the plies counted in the halfmove field.",
        "countingRule = makruk"
    ),
    // Seats, turns and teams (tetrarch).
    Players(
        "players",
        T::Int,
        "2",
        Rules,
        Tetrarch,
        "Number of seats (2 to 8).",
        "players = 4"
    ),
    SeatNames(
        "seatNames",
        T::Names,
        "White Black",
        Rules,
        Tetrarch,
        "The seats' names, in turn order (the first moves first).",
        "seatNames = Red Blue Yellow Green"
    ),
    SeatLetters(
        "seatLetters",
        T::Names,
        "w b",
        Rules,
        Tetrarch,
        "The seats' letters in FEN4 and moves, one lower-case letter each.",
        "seatLetters = r b y g"
    ),
    SeatForward(
        "seatForward",
        T::Names,
        "north south",
        Rules,
        Tetrarch,
        "Each seat's forward direction: north, east, south or west. Betza directions, pawn steps and relative ranks follow it.",
        "seatForward = north east south west"
    ),
    Teams(
        "teams",
        T::Teams,
        "",
        Rules,
        Tetrarch,
        "Seats that play together: partners are never captured and never give check. Empty: every seat alone.",
        "teams = Red+Yellow Blue+Green"
    ),
    KingCapture(
        "kingCapture",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "The king of an active enemy may be captured (by a player moving before the checked king's turn); capturing it makes its seat lose (see `loserScope`). Kings of eliminated players that still walk may always be captured.",
        "kingCapture = true"
    ),
    MateAtTurnArrival(
        "mateAtTurnArrival",
        T::Bool,
        "true",
        Rules,
        Tetrarch,
        "Mate and stalemate are judged when the player's turn arrives, so other players' moves in between may still change them (the same thing as judging at the move with two players). `false`: after every move, each player still in (or walking king) whose king is in check and who would have no legal move on their turn is checkmated at once, in turn order from the mover; stalemate is still judged at the player's turn.",
        "mateAtTurnArrival = true"
    ),
    LoserScope(
        "loserScope",
        T::Choice(&["seat", "team"]),
        "seat",
        Rules,
        Tetrarch,
        "When a seat loses (mate, stalemate valued as loss, resignation): only that seat is out, or its whole team loses and the game ends.",
        "loserScope = team"
    ),
    EliminatedArmy(
        "eliminatedArmy",
        T::Choice(&["remove", "dead"]),
        "remove",
        Rules,
        Tetrarch,
        "What becomes of a mated or stalemated-out seat's pieces: removed from the board, or dead (they stay as obstacles, never move, never check, score 0 when captured).",
        "eliminatedArmy = dead"
    ),
    ResignedArmy(
        "resignedArmy",
        T::Choice(&["remove", "dead", "deadKingWalks"]),
        "remove",
        Rules,
        Tetrarch,
        "What becomes of a resigning or flagging seat's pieces; `deadKingWalks` leaves the king alive, moving at random until it is mated or stalemated.",
        "resignedArmy = deadKingWalks"
    ),
    Result(
        "result",
        T::Choice(&["survival", "points", "pointsWinnerOnly"]),
        "survival",
        Rules,
        Tetrarch,
        "How the game ranks players: by who is left, by points, or by points where only first place counts as a win (Solo).",
        "result = points"
    ),
    StartingSeatRotates(
        "startingSeatRotates",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "The seat that starts moves one clockwise from one game to the next.",
        "startingSeatRotates = true"
    ),
    InsufficientMaterialDraw(
        "insufficientMaterialDraw",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "The game is drawn at once when nobody can mate any more: every side still in has only its king, or its king and pieces of `insufficientMaterialPieces` (one on the board, or one per seat with `insufficientMaterialEach`; dead pieces do not count). It does not apply in a variant that can be won otherwise (extinction, flag, check counting, connection): there kings alone may still win.",
        "insufficientMaterialDraw = true"
    ),
    InsufficientMaterialPieces(
        "insufficientMaterialPieces",
        T::PieceSet,
        "-",
        Rules,
        Tetrarch,
        "The single pieces that, beside a king, still make insufficient material.",
        "insufficientMaterialPieces = nb"
    ),
    InsufficientMaterialEach(
        "insufficientMaterialEach",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "With `insufficientMaterialDraw`: every seat still in may keep one piece of `insufficientMaterialPieces` beside its king (four-player chess); otherwise only one such piece may be on the whole board (chess: king against king, king and minor piece against king).",
        "insufficientMaterialEach = true"
    ),
    // Scores (tetrarch).
    CaptureScores(
        "captureScores",
        T::PieceCounts,
        "",
        Rules,
        Tetrarch,
        "Points for capturing an active piece of each type; promoted pieces score `promotedCaptureScore` if set. Dead pieces score 0.",
        "captureScores = p:1 n:3 b:5 r:5 q:9 k:20"
    ),
    PromotedCaptureScore(
        "promotedCaptureScore",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Points for capturing a promoted piece, whatever its type (0: use `captureScores`).",
        "promotedCaptureScore = 1"
    ),
    CheckmateScore(
        "checkmateScore",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Points for checkmating a player (to the checking piece's owner; several: the one who moved last).",
        "checkmateScore = 20"
    ),
    StalemateScore(
        "stalemateScore",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Points a player gets for being stalemated when the stalemate eliminates them.",
        "stalemateScore = 20"
    ),
    CheckScores(
        "checkScores",
        T::IntList,
        "",
        Rules,
        Tetrarch,
        "Points for a move that checks two and three kings at once: without a queen among the checkers, then with one.",
        "checkScores = 5 1 20 5"
    ),
    CheckScoreQueenTypes(
        "checkScoreQueenTypes",
        T::PieceSet,
        "q",
        Rules,
        Tetrarch,
        "The pieces that count as a queen for the lower `checkScores`.",
        "checkScoreQueenTypes = qd"
    ),
    DrawScore(
        "drawScore",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Points each player still in receives when the game is drawn.",
        "drawScore = 10"
    ),
    SurvivorKingBonus(
        "survivorKingBonus",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Points the last player receives for each other king still alive (walking kings).",
        "survivorKingBonus = 20"
    ),
    WalkingKingStalemateScore(
        "walkingKingStalemateScore",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Points a stalemated walking king gives, shared among the players still in (each receives its share rounded to the nearest whole number: 20 among three is 7 each).",
        "walkingKingStalemateScore = 20"
    ),
    SpareKingScore(
        "spareKingScore",
        T::Int,
        "0",
        Accepted,
        Tetrarch,
        "Points for capturing an extra (spare) king, in setups that have them.",
        "spareKingScore = 3"
    ),
    ClaimWinLead(
        "claimWinLead",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "With two players left, a lead of at least this many points lets the leader claim the win (0: never).",
        "claimWinLead = 21"
    ),
    AutoWinLead(
        "autoWinLead",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "With two players left, a lead of at least this many points ends the game (0: never).",
        "autoWinLead = 21"
    ),
    AbortMoves(
        "abortMoves",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "A resignation or timeout before every player has made this many moves, with no points scored and the resigner not in check, aborts the game (0: never).",
        "abortMoves = 3"
    ),
    AbortOwnMoves(
        "abortOwnMoves",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "A resignation or timeout by a player who has made fewer than this many moves in the game aborts it (0: never).",
        "abortOwnMoves = 1"
    ),
    // Clocks, offers, claims (tetrarch).
    ClockMinutes(
        "clockMinutes",
        T::IntList,
        "",
        Rules,
        Tetrarch,
        "The clock settings a game may choose from, minutes per player (empty: no clock).",
        "clockMinutes = 5 10 15"
    ),
    ClockIncrements(
        "clockIncrements",
        T::IntList,
        "",
        Rules,
        Tetrarch,
        "The increments a game may choose from, seconds added after each move.",
        "clockIncrements = 0 3 5"
    ),
    TimeoutInsufficientDraw(
        "timeoutInsufficientDraw",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "Running out of time draws if the opponent has only a king, or a king and one piece of `insufficientMaterialPieces`.",
        "timeoutInsufficientDraw = true"
    ),
    LastLeaveDrawPieces(
        "lastLeaveDrawPieces",
        T::PieceSet,
        "-",
        Rules,
        Tetrarch,
        "With more than two seats, a resignation or timeout that would leave one player in ends the game by insufficient material when that player has only its king, or its king and one of these pieces: the leaver and that player score `drawScore` each, and that player takes `survivorKingBonus` for every other walking king. Empty: off.",
        "lastLeaveDrawPieces = nb"
    ),
    DrawOffers(
        "drawOffers",
        T::Bool,
        "false",
        Rules,
        Tetrarch,
        "Players may offer a draw once per own turn; making a move declines.",
        "drawOffers = true"
    ),
    ReconnectSeconds(
        "reconnectSeconds",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Seconds a dropped player has to return before it counts as leaving (0: no limit).",
        "reconnectSeconds = 120"
    ),
    EmptyTableSeconds(
        "emptyTableSeconds",
        T::Int,
        "0",
        Rules,
        Tetrarch,
        "Seconds a table whose players have all dropped stays paused before it expires (0: never).",
        "emptyTableSeconds = 120"
    ),
}

/// Looks a key up in [`KEYS`] by the name a file writes.
pub fn find(name: &str) -> Option<&'static KeySpec> {
    static BY_NAME: std::sync::LazyLock<std::collections::HashMap<&'static str, usize>> =
        std::sync::LazyLock::new(|| KEYS.iter().enumerate().map(|(i, k)| (k.name, i)).collect());
    BY_NAME.get(name).map(|&i| &KEYS[i])
}

impl Key {
    /// The key's spec in [`KEYS`].
    #[inline]
    pub fn spec(self) -> &'static KeySpec {
        &KEYS[self as usize]
    }

    /// The key as a file writes it.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a Fairy-Stockfish per-piece mobility key
/// (`mobilityRegionWhiteKnight`): the seat (0 White, 1 Black) and the piece key.
pub fn mobility_key(name: &str) -> Option<(usize, String)> {
    let (seat, piece) = match name.strip_prefix("mobilityRegionWhite") {
        Some(piece) => (0, piece),
        None => (1, name.strip_prefix("mobilityRegionBlack")?),
    };
    let mut key = piece.to_string();
    key.get_mut(0..1)?.make_ascii_lowercase();
    super::pieces::piece_kind(&key).map(|_| (seat, key))
}

/// The key reference as Markdown tables, one per origin: the text of
/// `docs/variant-format.md` between its generated-section markers, and the
/// output of `tetrarch keys`.
pub fn reference_markdown() -> String {
    let mut out = String::new();
    let groups = [
        (Origin::Fsf, "Fairy-Stockfish keys"),
        (
            Origin::FsfDeprecated,
            "Old Fairy-Stockfish names, still read",
        ),
        (Origin::Tetrarch, "tetrarch keys"),
    ];
    for (origin, title) in groups {
        out.push_str(&format!("### {title}\n\n"));
        out.push_str(
            "| key | type | default | meaning | example | status |\n|---|---|---|---|---|---|\n",
        );
        for k in KEYS.iter().filter(|k| k.origin == origin) {
            let default = if k.default.is_empty() {
                "(empty)".to_string()
            } else {
                format!("`{}`", k.default)
            };
            let status = match k.support {
                Support::Rules => "rules",
                Support::Accepted => "accepted: not enforced yet",
                Support::Display => "display only",
                Support::Unsupported => "unsupported",
            };
            out.push_str(&format!(
                "| `{}` | {} | {} | {} | `{}` | {} |\n",
                k.name,
                k.ty.describe().replace('|', "\\|"),
                default,
                k.doc,
                k.example,
                status
            ));
        }
        out.push('\n');
    }
    out.push_str("### Piece keys\n\n");
    out.push_str("| key | moves (Betza) | example |\n|---|---|---|\n");
    for (name, betza) in super::pieces::NAMED_PIECES {
        let example = if *name == "king" { "king = k:KN" } else { "" };
        let example = if example.is_empty() {
            format!("{name} = {}", name.chars().next().unwrap_or('x'))
        } else {
            example.to_string()
        };
        let betza = if betza.is_empty() {
            "(none)".to_string()
        } else {
            format!("`{betza}`")
        };
        out.push_str(&format!("| `{name}` | {betza} | `{example}` |\n"));
    }
    out.push_str(&format!(
        "| `customPiece1` … `customPiece{}` | after the letter | `customPiece1 = a:mWcF` |\n",
        super::pieces::CUSTOM_SLOTS
    ));
    out.push_str(
        "| `mobilityRegionWhiteKnight`, `mobilityRegionBlackCustomPiece3`, … | a region per colour and piece: the only squares that piece may move to (a palace) | `mobilityRegionWhiteKing = d1 e1 f1` |\n",
    );
    out
}
