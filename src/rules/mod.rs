//! The compiled rule table: everything the move generator reads, built once
//! from a [`Definition`](crate::definition::Definition) and then only read.
//!
//! Squares are numbered `rank * files + file`. For every seat, piece type and
//! square the table holds the piece's [`Line`]s (its moves, precomputed up to
//! the board's edge or a hole) and, for attack detection, the attack lines
//! that end on that square, grouped by geometry with the types that attack
//! along each.

mod adjudication;
mod bitboard;
mod bits;
mod compile;
mod geometry;
mod herds;
mod match_rules;
pub mod move_words;
mod plain_types;
mod promotion;

use crate::piece_type::PieceType;
use crate::seat::Seat;

pub use adjudication::{Adjudication, Army, MaterialCounting, Ranking, Scoring, share};
pub use bitboard::Bitboard;
pub use bits::{
    AttackSlide, BitTables, BoardBits, Entry, LameBits, RideBits, RideForm, SeatSlots, SlideBits,
    Slot, SlotBits, pext, ride_reach,
};
pub use compile::{CompileError, compile};
pub(crate) use geometry::segment;
pub use geometry::{Direction, KING_STEPS};
pub use herds::{Herd, HerdLeap};
pub use match_rules::MatchRules;
pub use plain_types::PlainType;
pub use promotion::{MoveForm, PromotionCounts, promotion_count_index};

pub use crate::board::{Sq, SqSet};

/// How a line travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// One step (its squares: the passed squares, then the landing square).
    Leap,
    /// Steps repeated while squares are empty.
    Ride,
    /// Ride to a hurdle, jump it, and land on any square beyond it to the
    /// line's end. A limited hop (`pR2`) has a line only as long as its
    /// range, counted from the piece, as Fairy-Stockfish counts it: the
    /// hurdle and the landing square both lie within the range.
    Hop,
    /// Ride to a hurdle and land just behind it.
    Grasshop,
}

/// One precomputed line of movement from a square.
///
/// Its squares are stored step by step; each step is `path` squares that
/// must be empty (lame moves; for `jump` leaps, at least one must be
/// occupied) followed by the step's landing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// Index of the first square in [`RuleTable::squares`].
    pub start: u32,
    /// Number of steps.
    pub steps: u16,
    /// Passed squares per step.
    pub path: u8,
    /// How the line travels.
    pub kind: LineKind,
    /// May end on an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// A leap must pass an occupied square.
    pub jump: bool,
}

/// A group of attack lines ending on one square: the geometry and the piece
/// types (bit per type) that attack along it.
#[derive(Clone, Copy, Debug)]
pub struct AttackLine {
    /// The reversed line, walked from the attacked square outward.
    pub line: Line,
    /// Bit `t` set when piece type `t` attacks along this line.
    pub types: u64,
    /// On boards of at most 128 squares, a plain ride's squares as a
    /// bitboard (0 otherwise), for finding the first piece with one
    /// bit-scan.
    pub ray: u128,
    /// On boards of at most 64 squares, every square of the line as a
    /// bitboard (0 otherwise), for finding whether an attacker stands on
    /// it with one test.
    pub span: u64,
    /// The square indices grow along the line.
    pub increasing: bool,
}

impl AttackLine {
    /// Of `bits` (squares of this line, at least one, on a board of at
    /// most 64 squares), the one nearest the attacked square.
    #[inline(always)]
    pub fn nearest(&self, bits: u64) -> u32 {
        if self.increasing {
            bits.trailing_zeros()
        } else {
            63 - bits.leading_zeros()
        }
    }
}

/// An attack line ending on a square, for attackers of any seat: its
/// geometry and, per seat, the types that attack along it (several seats).
#[derive(Clone, Copy, Debug)]
pub struct EnemyAttackLine {
    /// The reversed line, walked from the attacked square outward.
    pub line: Line,
    /// Per seat, bit `t` set when that seat's type `t` attacks along it.
    pub types: [u64; crate::seat::MAX_SEATS],
    /// A plain ride's squares as a set (empty for other lines), for
    /// finding the first piece on it with one bit-scan.
    pub ray: SqSet,
    /// The square indices grow along the line.
    pub increasing: bool,
}

/// Where one square's merged attack lines ([`EnemyAttackLine`]) lie in the
/// rule table: the plain rides first, then the others.
#[derive(Clone, Debug)]
pub struct EnemyLineRange {
    start: u32,
    rays_end: u32,
    end: u32,
    others_reach: SqSet,
}

/// The merged attack lines ending on one square, as
/// [`RuleTable::enemy_attacks_on`] gives them.
#[derive(Clone, Copy, Debug)]
pub struct EnemyAttacks<'a> {
    /// The plain rides, each with its [`EnemyAttackLine::ray`].
    pub rays: &'a [EnemyAttackLine],
    /// The other lines (leaps, lame leaps, hops, rides with paths).
    pub others: &'a [EnemyAttackLine],
    /// Every square of the other lines.
    pub others_reach: &'a SqSet,
}

/// A seat at the table.
#[derive(Clone, Debug)]
pub struct SeatRules {
    /// Its name (`White`, `Red`).
    pub name: String,
    /// Its letter in FEN4 and its case in a two-player FEN.
    pub letter: char,
    /// The direction its pawns move.
    pub forward: Direction,
    /// The team index; seats of one team never capture or check each other.
    pub team: usize,
}

/// A piece type.
#[derive(Clone, Debug)]
pub struct PieceRules {
    /// Its letter, lower case.
    pub letter: char,
    /// The key that defines it (`knight`, `customPiece1`).
    pub key: String,
    /// The letter SAN writes for it, lower case, where it differs from
    /// `letter` (`sanLetters`); a FEN may use it too.
    pub san_letter: Option<char>,
    /// A royal piece: it may not be left attacked (when checks are on).
    pub royal: bool,
    /// A pawn for promotion purposes, per seat.
    pub promotes_as_pawn: Vec<bool>,
    /// Fairy-Stockfish's built-in pawn: a piece promotion (`promotedPieceType`)
    /// is one more choice when it reaches the promotion region, never a move
    /// of its own elsewhere.
    pub builtin_pawn: bool,
    /// The type it promotes to (`promotedPieceType`).
    pub promotes_to: Option<PieceType>,
    /// Moves of this type reset the n-move counter, per seat.
    pub resets_n_move: [bool; crate::seat::MAX_SEATS],
    /// Per seat, whether some quiet move of this type can be stepped
    /// straight back ([`RuleTable::steps_straight_back`]), asked only of
    /// the types that reset the n-move counter (false for the others):
    /// where none can, every move of such a type resets it.
    pub may_step_back: [bool; crate::seat::MAX_SEATS],
    /// Captures of this type may take en passant, per seat.
    pub en_passant_capturer: [bool; crate::seat::MAX_SEATS],
    /// A double step of this type leaves an en-passant target, per seat.
    pub leaves_en_passant: [bool; crate::seat::MAX_SEATS],
    /// Fairy-Stockfish writes this type's landing square among the
    /// en-passant squares of a FEN (custom pieces, not its built-in pawn).
    pub en_passant_shows_landing: bool,
    /// Its value for an engine's evaluation, where the file gives one
    /// (`pieceValueMg`, Fairy-Stockfish's scale: a pawn is 126).
    pub declared_value: Option<i32>,
}

impl PieceRules {
    /// The letter SAN writes for it, upper case: its `sanLetters` letter,
    /// else its own.
    pub fn san(&self) -> char {
        self.san_letter.unwrap_or(self.letter).to_ascii_uppercase()
    }
}

/// Castling for one seat and wing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingGeometry {
    /// The king's destination.
    pub king_to: Sq,
    /// The rook's destination.
    pub rook_to: Sq,
    /// Where king and rook start, when the variant fixes it
    /// (`castlingSquares`); two-player rights find them from the FEN.
    pub from: Option<(Sq, Sq)>,
}

/// What ends a game at once (Fairy-Stockfish's immediate game ends).
#[derive(Clone, Debug, Default)]
pub struct GameEnds {
    /// Types whose extinction decides (a bit per type), or `None`.
    pub extinction: Option<u64>,
    /// The count at which a type is extinct.
    pub extinction_count: u32,
    /// The opponent's count also required.
    pub extinction_opponent_count: u32,
    /// The flag piece types (bit per type) and each seat's flag region.
    pub flag: Option<(u64, Vec<Vec<bool>>)>,
    /// Each seat's flag region as a set, to meet the seat's pieces at every
    /// node.
    pub flag_sets: Vec<SqSet>,
    /// How many flag pieces must stand in the region.
    pub flag_count: u32,
    /// The other side gets one more move after the flag is reached.
    pub flag_move: bool,
    /// Giving this many checks wins (from the FEN's counters).
    pub check_counting: bool,
    /// Aligning this many pieces wins (0: off), and the directions counted.
    pub connect: u32,
    /// Which of the four line directions count for `connect`.
    pub connect_directions: [bool; 4],
    /// The piece types that count for `connect`.
    pub connect_types: u64,
    /// Forming an N × N square of connect pieces wins (0: off,
    /// `connectNxN`).
    pub connect_square: u32,
    /// N connect pieces on one line of the connect directions, gaps
    /// allowed, win (0: off, `collinearN`).
    pub collinear: u32,
    /// Per seat, two regions whose joining by a chain of the seat's connect
    /// pieces ends the game (`connectRegion1White` …); empty where unset.
    pub connect_regions: Vec<[SqSet; 2]>,
    /// A full board ends the game: material counting decides, else a draw
    /// (`adjudicateFullBoard`).
    pub full_board: bool,
    /// Per seat, the castlings (king side, queen side) that win, and whose
    /// right, once lost for good, loses (`castlingWins`); empty where unset.
    pub castling_wins: Vec<[bool; 2]>,
    /// Whether any of castling wins, check counting or connection is set
    /// (the rules few variants have, judged out of line).
    pub rarer: bool,
    /// Whether any of extinction, flag, castling wins, check counting or
    /// connection is set: without them only passes, a full board and more
    /// than two seats can end the game at once.
    pub any: bool,
    /// Whether some seat may pass (`pass`, `passOnStalemate`): only then
    /// can a pass end the game (two in a row, or bikjang after one), and
    /// the last move is looked at.
    pub after_pass: bool,
}

/// The piece types of Cambodian chess's first moves (`cambodianMoves`),
/// as masks of piece types: a king on its gate square may leap like a
/// knight to the rank ahead when not in check, a fers on its gate may step
/// two squares straight ahead, both only onto empty squares; a rook that
/// moves onto the file or rank of the enemy king standing on its gate
/// takes that king's leap away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cambodian {
    /// The king types (`king`).
    pub king: u64,
    /// The fers types (`fers`).
    pub fers: u64,
    /// The rook types (`rook`).
    pub rook: u64,
}

/// The piece roles of Xiangqi's chasing rule (`chasingRule = axf`): the
/// variant's types of those Fairy-Stockfish names, as masks of piece types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChasingRoles {
    /// The king types (`king`).
    pub king: u64,
    /// The rook types (`rook`).
    pub rook: u64,
    /// The horse types (`horse`).
    pub horse: u64,
    /// The cannon types (`cannon`).
    pub cannon: u64,
    /// The elephant types (`elephant`).
    pub elephant: u64,
    /// The advisor types (`fers`).
    pub advisor: u64,
    /// The soldier types (`soldier`).
    pub soldier: u64,
    /// Per seat, where a soldier has crossed the river (from
    /// `soldierPromotionRank`): only there is attacking it a chase.
    pub soldier_zone: Vec<SqSet>,
}

/// Where the wall a move puts may go (`wallingRule`), as Fairy-Stockfish
/// places it: always on a square empty once the move is made, inside the
/// mover's walling region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallingRule {
    /// Where the moved piece could go next by a quiet move (Amazons'
    /// arrows).
    Arrow,
    /// The single wall (the duck) moves: every wall leaves the board as
    /// the new one is put.
    Duck,
    /// On the board's edge or next (orthogonally) to a wall.
    Edge,
    /// On the square the piece left.
    Past,
    /// Anywhere.
    Static,
}

/// A variant's walls (`wallingRule`, `wallingRegion…`).
#[derive(Clone, Debug)]
pub struct Walling {
    /// Where a wall may go relative to the move.
    pub rule: WallingRule,
    /// Per seat, the squares it may put walls on.
    pub region: Vec<SqSet>,
    /// A turn either moves a piece (no wall) or only puts a wall
    /// (`wallOrMove`).
    pub or_move: bool,
}

/// How pieces promote and demote.
#[derive(Clone, Debug)]
pub struct PromotionRules {
    /// Promotion region per seat.
    pub region: Vec<SqSet>,
    /// Pawn promotion choices per seat.
    pub choices: Vec<Vec<PieceType>>,
    /// Most pieces of a type promotion may produce (0: no limit).
    pub limit: Vec<u32>,
    /// A pawn in the promotion region must promote.
    pub mandatory_pawn: bool,
    /// A piece that can promote (or demote) must.
    pub mandatory_piece: bool,
    /// Promoted pieces demote when they move.
    pub piece_demotion: bool,
    /// Pieces promote only when capturing.
    pub on_capture: bool,
    /// Per (seat, type), the number of forms of its moves
    /// ([`PromotionRules::counts`]); empty where a type has a
    /// promotion limit.
    pub(crate) counts: Vec<PromotionCounts>,
    /// Pawns do not promote by reaching the zone but by a move of their own:
    /// in place or by a step of the new piece, giving no check and
    /// attacking no enemy piece (`sittuyinPromotion`).
    pub sittuyin: bool,
    /// Per slot: the square or one the piece reaches from it lies in the
    /// seat's promotion region (a promoted piece there may demote).
    pub near: Vec<bool>,
}

/// Where and by whom a double or triple step may be taken en passant.
#[derive(Clone, Debug)]
pub struct EnPassantRules {
    /// En-passant target squares allowed, per seat of the capturer.
    pub region: Vec<SqSet>,
    /// Only the next player may capture en passant (else until the pusher moves again).
    pub next_player_only: bool,
    /// Per seat, the types that may take en passant (bits).
    pub capturers: Vec<u64>,
    /// Per (capturer seat, square) on boards of at most 64 squares
    /// ([`RuleTable::en_passant_guard`]).
    pub(crate) guards: Vec<Option<(u32, u64)>>,
    /// Per (capturer seat, origin square, [`RuleTable::double_step_way`])
    /// on boards of at most 64 squares ([`RuleTable::en_passant_pass_guard`]).
    pub(crate) pass_guards: Vec<Option<(u32, u64)>>,
    /// Some line captures only en passant (`e` without `c`).
    pub only_lines: bool,
}

/// Castling: each wing's geometry and the rules around it.
#[derive(Clone, Debug)]
pub struct CastlingRules {
    /// Castling geometry per seat: king-side, then queen-side.
    pub geometry: Vec<[Option<CastlingGeometry>; 2]>,
    /// Castling rank per seat (two-player FEN rights).
    pub rank: Vec<u8>,
    /// The piece types that castle as king (bits).
    pub king_types: u64,
    /// The piece types that castle as rook (bits).
    pub rook_types: u64,
    /// Per wing (king side, queen side), the rook's file when not in the
    /// corner.
    pub rook_files: [u8; 2],
    /// The file of the castling king when several pieces could castle.
    pub king_file: u8,
    /// Castling to a wing takes the opponents' right to castle to the same
    /// wing (`oppositeCastling`).
    pub opposite: bool,
    /// A king or rook dropped on its castling square gives the castling
    /// right it completes (`castlingDroppedPiece`).
    pub dropped_piece: bool,
}

/// Royal and pseudo-royal pieces: checks, king capture, and what becomes of a seat that loses its king.
#[derive(Clone, Debug)]
pub struct Royalty {
    /// Royal pieces may not be left attacked.
    pub checking: bool,
    /// The royal piece type (the king), if the variant has one.
    pub kind: Option<PieceType>,
    /// Kings of players still in may be captured (`kingCapture`).
    pub king_capture: bool,
    /// Capturing a king takes its seat out and the others play on (several
    /// seats, `kingCapture`, `loserScope = seat`).
    pub king_capture_eliminates: bool,
    /// A player without legal moves is eliminated (and play goes on):
    /// when checkmated, and when stalemated.
    pub eliminate_when_mated: bool,
    /// See `royalty.eliminate_when_mated`.
    pub eliminate_when_stalemated: bool,
    /// An eliminated player's pieces leave the board (else they turn dead).
    pub eliminated_pieces_removed: bool,
    /// Pseudo-royal extinction pieces: the types (bits), the count up to
    /// which they may not be left attacked, and whether only attacking all
    /// of them counts (`dupleCheck`).
    pub pseudo: Option<PseudoRoyalty>,
    /// A promotion or demotion may change which pieces are pseudo-royal:
    /// a pseudo-royal type promotes, demotes or is promoted to. Such moves
    /// are made and tested.
    pub promotions_touch_pseudo: bool,
    /// Per seat, the (seat, type) index ([`RuleTable::seat_type`]) of its
    /// royal type where its royal pieces may not be captured (a royal type
    /// and no `kingCapture`): the move generator leaves them out of the
    /// pieces a capture may take while the seat is in.
    pub guarded: [Option<usize>; crate::seat::MAX_SEATS],
    /// Some royal type promotes (`promotes_to`): then a royal piece's steps
    /// are left to the general generator.
    pub promotes: bool,
}

/// Derived from the rules above once, at compile time: which short ways the move generator, make/unmake and perft may take. None is a rule of its own.
#[derive(Clone, Debug, Default)]
pub struct FastPaths {
    /// A normal move has only the usual effects: its piece moves, what it
    /// takes goes off the board (into a hand where captures go there),
    /// castling rights, en-passant targets and the n-move counter change.
    /// No blast, petrification, flip, gate, wall, count or elimination
    /// follows, so [`crate::position::Position::make`] takes its short way.
    pub usual_moves: bool,
    /// A normal move that takes nothing has only the usual effects, though
    /// captures may have others (blast, petrification, elimination): where
    /// [`FastPaths::usual_moves`] does not hold, such a move still takes
    /// [`crate::position::Position::make`]'s and
    /// [`crate::position::Position::unmake`]'s short ways.
    pub usual_quiet_moves: bool,
    /// A drop has only the usual effects: its piece leaves the hand for the
    /// board and the n-move counter restarts. No gate, wall, flip, count or
    /// castling right follows, so [`crate::position::Position::make`] and
    /// [`crate::position::Position::unmake`] take their short ways.
    pub usual_drops: bool,
    /// A move that puts a wall (`wallingRule`) has only the usual effects
    /// of a normal move and its wall, so
    /// [`crate::position::Position::make`] and
    /// [`crate::position::Position::unmake`] take their short ways for a
    /// walled normal move.
    pub usual_walled_moves: bool,
    /// A position's legal moves are counted as the fast generator hands
    /// them, with nothing else asked: at most two seats, no rule that ends
    /// the game at once (`ends.any`, a full board, passes), no gating, and
    /// no compulsory capture or drop
    /// ([`crate::position::Position::count_legal_moves`]'s short way).
    pub count_alone: bool,
    /// Per seat, whether the rules leave its legality to pins and checks
    /// alone (no hoppers, lame or pseudo-royal pieces, blasts that can
    /// destroy a royal piece, walls, passes or other rules that need every
    /// move made and tested); the position still has its say
    /// ([`crate::position::Position`]'s fast path also needs the king on
    /// the board or in hand, the side out of check where the Makpong rule
    /// holds, and no game end in the way; it keeps the drops' own rules).
    pub pin_legality: Vec<bool>,
    /// Per seat, where legality is not that simple (checks forbidden,
    /// hoppers, lame or pseudo-royal pieces, the flying general, blasts,
    /// mutual immunity, compulsory captures, drops, passes, bikjang) but
    /// nothing else complicates it (no gating, compulsory drops, stalemate
    /// passes or walls):
    /// perft's last ply counts the moves that neither leave nor enter the
    /// lines toward a royal piece, and do not capture where captures
    /// explode or may be forbidden, without listing them
    /// ([`crate::position::Position`]'s `count_legal_moves`).
    pub exposure_legality: Vec<bool>,
    /// Per seat, where legality goes the exposure way and captures explode
    /// but nothing else stands between pins and legality: two seats, no
    /// royal type, pseudo-royal pieces without `dupleCheck`, no
    /// petrification (a wall left by a capture may shield), checks allowed, no hoppers or lame captures, mutual
    /// immunity, flying general, bikjang, passes, hand or promotion to a
    /// pseudo-royal type. There, while the side to move has one
    /// pseudo-royal piece (atomic's king), its checks and pins decide the
    /// quiet moves, and each capture is judged with its blast
    /// ([`crate::position::Position`]'s `moves_by_blast_pins`).
    pub blast_pins: Vec<bool>,
    /// Per seat, where every move puts a wall (`wallingRule`, not
    /// `wallOrMove`) and nothing else complicates legality (no pseudo-royal
    /// pieces, hand, passes or compulsory captures): perft's last ply counts
    /// each legal base move's wall squares without listing the walled moves.
    pub walls_counted: Vec<bool>,
    /// Per seat, where a turn either moves a piece or only puts a wall
    /// (`wallOrMove`) and legality is otherwise left to pins and checks (no
    /// hand or compulsory captures): perft's last ply counts the moves with
    /// the fast generator and adds the wall squares when the side is not in
    /// check (a wall shields nothing, as Fairy-Stockfish judges it).
    pub walls_or_moves_counted: Vec<bool>,
    /// Per (seat, type, square) slot ([`RuleTable::slot`]): every move of an
    /// unpromoted piece from there is a plain move to its landing square
    /// (no promotion can happen, no mobility region or immobility applies),
    /// so the move generator skips its promotion and mobility tests.
    pub leap_slide_squares: Vec<bool>,
    /// Any hopper or lame line exists: legality always needs a full test.
    pub complex_attacks: bool,
}

/// Janggi's palace lines (`diagonalLines`).
#[derive(Clone, Debug, Default)]
pub struct PalaceLines {
    /// The squares on the lines.
    pub squares: Vec<Sq>,
    /// The types that move diagonally along them (bits).
    pub types: u64,
}

/// Fairy-Stockfish's pseudo-royal pieces (`extinctionPseudoRoyal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PseudoRoyalty {
    /// The pseudo-royal types (bits).
    pub types: u64,
    /// Up to this many of a seat's pieces of those types, none may be left
    /// attacked (`extinctionPieceCount` + 1).
    pub limit: u32,
    /// Only attacking all of them at once counts (`dupleCheck`).
    pub duple: bool,
}

/// Everything the move generator reads about a variant.
#[derive(Clone, Debug)]
pub struct RuleTable {
    /// The variant's name.
    pub name: String,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Per square, its file and rank: read, not divided out, where moves
    /// are made and judged.
    coordinates: Vec<[u8; 2]>,
    /// Whether each square is part of the board (not a hole).
    pub playable: Vec<bool>,
    /// For each of [`KING_STEPS`], the squares with a playable square one
    /// step that way ([`RuleTable::step`]): shifting them by the step's
    /// index offset moves a set of squares one step.
    pub step_sources: [SqSet; 8],
    /// Per square, the playable squares one king's step from it: where a
    /// capture's blast reaches, and what a piece touches.
    pub neighbours: Vec<SqSet>,
    /// The seats in turn order.
    pub seats: Vec<SeatRules>,
    /// With two seats, per seat, the other where it is of another team:
    /// the only seat whose pieces may attack it (none with more seats).
    pub opponents: [Option<Seat>; crate::seat::MAX_SEATS],
    /// The piece types.
    pub pieces: Vec<PieceRules>,
    /// All line squares, indexed by [`Line::start`].
    pub squares: Vec<Sq>,
    lines: Vec<Line>,
    line_index: Vec<(u32, u32)>,
    attacks: Vec<AttackLine>,
    attack_index: Vec<(u32, u32)>,
    /// With more than two seats: per square, the attack lines of all seats.
    enemy_attacks: Vec<EnemyAttackLine>,
    enemy_attack_index: Vec<EnemyLineRange>,
    /// Per square, the squares of every attack line ending on it.
    attack_reach: Vec<SqSet>,
    /// How pieces promote and demote.
    pub promotion: PromotionRules,
    /// Where and by whom a double or triple step may be taken en passant.
    pub en_passant: EnPassantRules,
    /// Castling: each wing's geometry and the rules around it.
    pub castling: CastlingRules,
    /// Royal and pseudo-royal pieces: checks, king capture, and what becomes of a seat that loses its king.
    pub royalty: Royalty,
    /// The end and scoring rules the adjudicator executes.
    pub adjudication: Adjudication,
    /// The rules of the table around a game (clocks, reconnection, seats).
    pub match_rules: MatchRules,
    /// Captures are compulsory.
    pub must_capture: bool,
    /// Squares from which a type (per seat) can never move: moving there is illegal.
    pub immobile: Option<Vec<bool>>,
    /// Where each (seat, type) may move; `None` everywhere.
    pub mobility: Vec<Option<Vec<bool>>>,
    /// Immediate game ends.
    pub ends: GameEnds,
    /// Per (seat, type): some square can be reached by two lines, so the
    /// generator must drop repeated moves.
    pub overlapping: Vec<bool>,
    /// Extinction of the opponent is only judged for the side to move.
    pub extinction_claim: bool,
    /// Flag pieces must not be capturable to win.
    pub flag_piece_safe: bool,
    /// With several flag pieces, one in the region and the region full also wins.
    pub flag_blocked_win: bool,
    /// Bitboard tables, in the narrowest type that holds the board.
    pub bits: BoardBits,
    /// Derived from the rules above once, at compile time: which short ways the move generator, make/unmake and perft may take. None is a rule of its own.
    pub fast: FastPaths,
    /// On boards of at most 64 squares, per (attacker seat, square): plain
    /// leap attacks grouped as (squares an attacker may stand on, types).
    leap_attacks: Vec<(u32, u32)>,
    leap_attack_list: Vec<(u64, u64)>,
    /// On boards of at most 64 squares, per (attacker seat, square): when
    /// every attack line ending there is a plain ride, the squares of all
    /// of them and the types that attack along any ([`RuleTable::ride_attack_summary`]).
    ride_attack_summaries: Vec<Option<(u64, u64)>>,
    /// Captures explode (`blastOnCapture`): the capturing piece and every
    /// piece next to the target square but pawns leave the board, except
    /// the types given here (bits, `blastImmuneTypes`). `None` without blasts.
    pub blast: Option<u64>,
    /// Where captures explode, the types a capture next to them explodes
    /// (bits): every type but pawns and the blast-immune types.
    pub blast_victims: u64,
    /// Types that turn into a wall where they capture (bits,
    /// `petrifyOnCaptureTypes`).
    pub petrify: u64,
    /// Types that may not capture a piece of their own type (bits,
    /// `mutuallyImmuneTypes`).
    pub mutually_immune: u64,
    /// Janggi's cannons (bits of the `janggiCannon` types): they neither hop
    /// over nor capture one another.
    pub janggi_cannons: u64,
    /// Chess960 castling notation: a castling is written as the king taking
    /// its rook (`chess960`).
    pub chess960: bool,
    /// The royal pieces may not face each other on a rank or file with no
    /// piece between them (`flyingGeneral`, xiangqi's rule).
    pub flying_general: bool,
    /// Janggi's bikjang (`bikjangRule`): while the kings face each other on
    /// a file or rank with no piece between them, the side to move must
    /// break the facing or pass (a pass is then legal even in check), and a
    /// pass that leaves them facing ends the game.
    pub bikjang: bool,
    /// Janggi's palace lines (`diagonalLines`), and the types (bits) that
    /// move diagonally along them; compiled into the types' lines, kept
    /// here to be described.
    pub palace_lines: PalaceLines,
    /// Shatar's mate rule (`shatarMateRule`), where it applies.
    pub shatar_mate: Option<ShatarMate>,
    /// Per seat, it may pass when it has no other legal move and is not in
    /// check (`passOnStalemate`, `passOnStalemateWhite`/`Black`).
    pub pass_on_stalemate: Vec<bool>,
    /// Per seat, it may pass whenever it is not in check (`pass`,
    /// `passWhite`/`Black`: Janggi); two passes in a row end the game.
    pub pass: Vec<bool>,
    /// A royal piece in check may only move by taking its only checker
    /// (`makpongRule`).
    pub makpong: bool,
    /// Makruk-style counting (`countingRule`), where the variant counts.
    pub counting: Option<Counting>,
    /// Gate squares are kept, read from and written to the FEN's castling
    /// field (`gating`).
    pub gating: bool,
    /// Cambodian chess's first moves (`cambodianMoves`), where the variant
    /// has them.
    pub cambodian: Option<Cambodian>,
    /// Xiangqi's chasing rule (`chasingRule = axf`), where the variant has
    /// it: the roles of its pieces.
    pub chasing: Option<ChasingRoles>,
    /// Walls every move puts on the board (`wallingRule`), where the
    /// variant has them.
    pub walling: Option<Walling>,
    /// Pieces in hand, where the variant has them (`pieceDrops`,
    /// `capturesToHand`, `seirawanGating`).
    pub hand: Option<HandRules>,
    /// Enemy pieces a move turns over (`flipEnclosedPieces`).
    pub flip: Option<Enclosing>,
    zobrist: Zobrist,
}

/// Fairy-Stockfish's enclosing rules: where a drop may go
/// (`enclosingDrop`) and which enemy pieces a move turns over
/// (`flipEnclosedPieces`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosing {
    /// Reversi: a drop must outflank enemy pieces, which turn over.
    Reversi,
    /// Ataxx: a drop goes next to an own piece; a move turns over the enemy
    /// pieces next to where it ends.
    Ataxx,
    /// Quadwrangle: as ataxx, but a drop turns pieces over only next to an
    /// own piece.
    Quadwrangle,
    /// Snort: no drop next to an enemy piece (orthogonally).
    Snort,
    /// Connect four from any side: a piece slides in from an edge.
    Anyside,
    /// Connect four: a drop goes on the first rank or on top of a piece.
    Top,
}

/// Pieces in hand: where captured pieces go and how pieces in hand are
/// dropped (Fairy-Stockfish's drop keys).
#[derive(Clone, Debug)]
pub struct HandRules {
    /// Pieces in hand may be dropped (`pieceDrops`).
    pub drops: bool,
    /// Drops need no hand: any type, any number (`freeDrops`); the FEN has
    /// no pocket.
    pub free: bool,
    /// Where drops may go besides their region (`enclosingDrop`).
    pub enclosing: Option<Enclosing>,
    /// While one of these squares is empty, drops go there and nowhere
    /// else (`enclosingDropStart`).
    pub enclosing_start: SqSet,
    /// Captured pieces go to the capturer's hand (`capturesToHand`).
    pub captures_to_hand: bool,
    /// The hand is filled from a second board (`twoBoards`, bughouse); that
    /// board is not played yet.
    pub two_boards: bool,
    /// Captured promoted pieces keep their promoted type (`dropLoop`).
    pub drop_loop: bool,
    /// A piece leaving a gate square may put a piece from the hand there
    /// (`gating` and `seirawanGating`).
    pub gating: bool,
    /// Per (seat, type): the squares a drop may use before the position
    /// has its say (drop and mobility regions, the ranks closed to pawns,
    /// the first rank for sittuyin's rooks).
    pub region: Vec<SqSet>,
    /// A type that may not be dropped on a file already holding this many
    /// of the dropper's own pieces of it (`dropNoDoubled`, `dropNoDoubledCount`).
    pub no_doubled: Option<(PieceType, u16)>,
    /// Drops may give check (`dropChecks`).
    pub checks: bool,
    /// A type with a promoted type may also be dropped promoted
    /// (`dropPromoted`).
    pub promoted: bool,
    /// While the hand holds a piece of these types (bits), a drop of one of
    /// them is compulsory when one is legal (`mustDrop`, `mustDropType`).
    pub must_drop: Option<u64>,
    /// The bishop type, when bishops must end up on squares of both
    /// colours (`dropOppositeColoredBishop`).
    pub opposite_coloured_bishops: Option<PieceType>,
    /// The squares of one colour (file and rank adding up to an even
    /// number), for `dropOppositeColoredBishop`.
    pub dark_squares: SqSet,
    /// The type (shogi's pawn) whose drop may not mate: a mate given right
    /// after such a drop with only pieces of this type checking loses for
    /// the mating side (`shogiPawnDropMateIllegal`).
    pub pawn_drop_mate_loses: Option<PieceType>,
    /// Per seat, the type a captured piece promoted from a pawn goes back
    /// to the hand as.
    pub pawn_type: Vec<Option<PieceType>>,
    /// The types in the order Fairy-Stockfish writes a hand.
    pub fen_order: Vec<PieceType>,
    /// How many piece types a GUI's holdings show (`pocketSize`, else one
    /// per piece type), where pieces are dropped; 0 otherwise.
    pub pocket_size: u32,
}

/// Shatar's mate rule: which types mate alone illegally (knights) and
/// which give a shak (knight, rook, bers), by Fairy-Stockfish's built-in
/// types.
#[derive(Clone, Debug)]
pub struct ShatarMate {
    /// The `knight` types (bits).
    pub knights: u64,
    /// The `knight`, `rook` and `bers` types (bits).
    pub shak: u64,
}

/// Which of Fairy-Stockfish's counting rules a variant follows
/// (`countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Makruk's: the board's honour (64 moves) once no pawn is left, and the
    /// pieces' honour against a bare king.
    Makruk,
    /// Cambodian chess's: Makruk's with limits one move shorter.
    Cambodian,
    /// ASEAN chess's: only against a bare king, and only by the stronger
    /// side's heaviest piece.
    Asean,
}

/// Makruk-style counting: once a side is weak enough, the game is drawn if
/// the count runs past a limit that the material sets. The limits name
/// Fairy-Stockfish's built-in types, whatever their letters.
#[derive(Clone, Debug)]
pub struct Counting {
    /// The rule.
    pub rule: CountingRule,
    /// The `pawn` types (bits).
    pub pawns: u64,
    /// The `rook` types (bits).
    pub rooks: u64,
    /// The khon types (Fairy-Stockfish's `silver`, bits).
    pub khons: u64,
    /// The `knight` types (bits).
    pub knights: u64,
}

/// Keys for hand counts: counts from this on share the last key.
const HAND_KEYS: usize = 32;

/// The ways a move may be two or three steps along a line
/// ([`RuleTable::double_step_way`]): four steps, twice or thrice, either
/// sense.
pub const DOUBLE_STEP_WAYS: usize = 16;

/// Random keys for hashing positions.
#[derive(Clone, Debug)]
struct Zobrist {
    pieces: Vec<u64>,
    sides: Vec<u64>,
    castling: Vec<u64>,
    squares: Vec<u64>,
    checks: Vec<u64>,
    eliminated: Vec<u64>,
    hands: Vec<u64>,
    walls: Vec<u64>,
}

impl Zobrist {
    fn new(squares: usize, seats: usize, types: usize) -> Zobrist {
        // A fixed seed keeps hashes equal from run to run.
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.next_u64();
        let mut take = |n: usize| (0..n).map(|_| next()).collect::<Vec<u64>>();
        Zobrist {
            pieces: take(seats * types * 4 * squares),
            sides: take(seats),
            castling: take(seats * squares),
            squares: take(squares),
            checks: take(crate::seat::MAX_SEATS * 16),
            eliminated: take(8),
            hands: take(seats * types * HAND_KEYS),
            walls: take(squares),
        }
    }
}

impl RuleTable {
    /// Number of squares of the rectangle.
    pub fn square_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The square at a file and rank.
    pub fn square(&self, file: u8, rank: u8) -> Sq {
        rank as Sq * self.files as Sq + file as Sq
    }

    /// The file of a square.
    #[inline]
    pub fn file_of(&self, sq: Sq) -> u8 {
        self.coordinates[sq as usize][0]
    }

    /// The rank of a square.
    #[inline]
    pub fn rank_of(&self, sq: Sq) -> u8 {
        self.coordinates[sq as usize][1]
    }

    /// The squares of `set` moved one step along [`KING_STEPS`]`[d]`, as a
    /// bitboard `B` (off the board or onto a hole, they are lost).
    #[inline]
    pub fn step_all<B: Bitboard>(&self, set: B, d: usize) -> B {
        let (df, dr) = KING_STEPS[d];
        (set & B::from_set(&self.step_sources[d])).shifted(dr * i32::from(self.files) + df)
    }

    /// The playable square `(df, dr)` files and ranks away from `sq`, if
    /// there is one.
    #[inline]
    pub fn step(&self, sq: Sq, df: i32, dr: i32) -> Option<Sq> {
        let f = i32::from(self.file_of(sq)) + df;
        let r = i32::from(self.rank_of(sq)) + dr;
        if f < 0 || r < 0 || f >= i32::from(self.files) || r >= i32::from(self.ranks) {
            return None;
        }
        let s = self.square(f as u8, r as u8);
        self.playable[s as usize].then_some(s)
    }

    /// The name of a square (`e4`, `a10`).
    pub fn square_name(&self, sq: Sq) -> String {
        format!(
            "{}{}",
            (b'a' + self.file_of(sq)) as char,
            self.rank_of(sq) + 1
        )
    }

    /// The moves of a piece type of a seat standing on a square.
    #[inline]
    pub fn lines(&self, seat: Seat, piece: PieceType, sq: Sq) -> &[Line] {
        let (a, b) = self.line_index[self.slot(seat, piece, sq)];
        &self.lines[a as usize..b as usize]
    }

    /// Whether a piece could move straight back from `to` to `from` on an
    /// empty board: such a pawn move is reversible and, as in
    /// Fairy-Stockfish, does not reset the n-move counter.
    pub fn steps_straight_back(&self, seat: Seat, kind: PieceType, to: Sq, from: Sq) -> bool {
        self.lines(seat, kind, to)
            .iter()
            .any(|line| line.quiet && line.path == 0 && self.line_landings(line).any(|s| s == from))
    }

    /// The squares a piece may land on along a line: the last square of
    /// each step (a step of a lame leap or a lame ride passes its path
    /// first).
    pub fn line_landings(&self, line: &Line) -> impl Iterator<Item = Sq> + '_ {
        let step = line.path as usize + 1;
        self.line_squares(line)
            .chunks_exact(step)
            .map(move |chunk| chunk[step - 1])
    }

    /// The attack lines ending on `sq` for attackers of `seat`.
    #[inline]
    pub fn attack_lines(&self, seat: Seat, sq: Sq) -> &[AttackLine] {
        let (a, b) = self.attack_index[seat.index() * self.square_count() + sq as usize];
        &self.attacks[a as usize..b as usize]
    }

    /// Every square on an attack line (of any seat) ending on `sq`: whether
    /// `sq` is attacked can change only when one of them changes.
    #[inline]
    pub fn attack_reach(&self, sq: Sq) -> &SqSet {
        &self.attack_reach[sq as usize]
    }

    /// With more than two seats, the attack lines of every seat ending on
    /// `sq` (empty with two seats).
    #[inline]
    pub fn enemy_attack_lines(&self, sq: Sq) -> &[EnemyAttackLine] {
        match self.enemy_attack_index.get(sq as usize) {
            Some(range) => &self.enemy_attacks[range.start as usize..range.end as usize],
            None => &[],
        }
    }

    /// [`RuleTable::enemy_attack_lines`] split: the plain rides, the other
    /// lines and every square of those others (no enemy piece there, no
    /// attack along them).
    #[inline]
    pub fn enemy_attacks_on(&self, sq: Sq) -> EnemyAttacks<'_> {
        match self.enemy_attack_index.get(sq as usize) {
            Some(range) => EnemyAttacks {
                rays: &self.enemy_attacks[range.start as usize..range.rays_end as usize],
                others: &self.enemy_attacks[range.rays_end as usize..range.end as usize],
                others_reach: &range.others_reach,
            },
            None => EnemyAttacks {
                rays: &[],
                others: &[],
                others_reach: &SqSet::EMPTY,
            },
        }
    }

    /// Plain leap attacks on `sq` by `seat` as (attacker squares, types),
    /// on boards of at most 64 squares (empty otherwise).
    #[inline]
    pub fn leap_attacks(&self, seat: Seat, sq: Sq) -> &[(u64, u64)] {
        match self
            .leap_attacks
            .get(seat.index() * self.square_count() + sq as usize)
        {
            Some(&(a, b)) => &self.leap_attack_list[a as usize..b as usize],
            None => &[],
        }
    }

    /// When every attack line of `seat` ending on `sq` is a plain ride
    /// (boards of at most 64 squares): all their squares and the types
    /// that attack along any. No such piece on those squares, no attack
    /// along the lines.
    #[inline]
    pub fn ride_attack_summary(&self, seat: Seat, sq: Sq) -> Option<(u64, u64)> {
        self.ride_attack_summaries
            .get(seat.index() * self.square_count() + sq as usize)
            .copied()
            .flatten()
    }

    /// Where `seat` has one type that takes en passant and that type
    /// attacks `sq` only by plain leaps (boards of at most 64 squares): its
    /// (seat, type) ([`RuleTable::seat_type`]) and the squares from which
    /// it attacks `sq`. Whether a capturer attacks a passed square is then
    /// one test of the type's bitboard.
    #[inline]
    pub fn en_passant_guard(&self, seat: Seat, sq: Sq) -> Option<(usize, u64)> {
        self.en_passant
            .guards
            .get(seat.index() * self.square_count() + sq as usize)
            .copied()
            .flatten()
            .map(|(seat_type, origins)| (seat_type as usize, origins))
    }

    /// The index distances of one step along a rank, a file and the two
    /// diagonals.
    #[inline(always)]
    pub fn line_steps(&self) -> [usize; 4] {
        let files = usize::from(self.files);
        [1, files, files + 1, files - 1]
    }

    /// How a move from `from` to `to` may be two or three steps along a
    /// rank, file or diagonal, as a number below [`DOUBLE_STEP_WAYS`]: the
    /// first of [`RuleTable::line_steps`] whose double or triple its index
    /// distance is, and its sense; `None` for the others. Most moves (single
    /// steps) are passed by without dividing squares into files and ranks.
    #[inline(always)]
    pub fn double_step_way(&self, from: Sq, to: Sq) -> Option<usize> {
        let span = usize::from(from.abs_diff(to));
        let way = self
            .line_steps()
            .iter()
            .enumerate()
            .find_map(|(i, &step)| {
                (span == 2 * step || span == 3 * step)
                    .then(|| 2 * i + usize::from(span != 2 * step))
            })?;
        Some(way + if to < from { DOUBLE_STEP_WAYS / 2 } else { 0 })
    }

    /// Where every square that a step of `way` ([`RuleTable::double_step_way`])
    /// from `from` passes, along a line, has an
    /// [`RuleTable::en_passant_guard`] for `seat`: the guards' (seat, type)
    /// and their origins together. Where none of those holds a capturer,
    /// no capturer reaches a square the step passes.
    #[inline(always)]
    pub fn en_passant_pass_guard(&self, seat: Seat, from: Sq, way: usize) -> Option<(usize, u64)> {
        self.en_passant
            .pass_guards
            .get((seat.index() * self.square_count() + from as usize) * DOUBLE_STEP_WAYS + way)
            .copied()
            .flatten()
            .map(|(seat_type, origins)| (seat_type as usize, origins))
    }

    /// The squares of a line.
    #[inline]
    pub fn line_squares(&self, line: &Line) -> &[Sq] {
        let len = line.steps as usize * (line.path as usize + 1);
        &self.squares[line.start as usize..line.start as usize + len]
    }

    /// The index of (seat, type) in per-seat-and-type tables.
    #[inline]
    pub fn seat_type(&self, seat: Seat, kind: PieceType) -> usize {
        seat.index() * self.pieces.len() + kind.index()
    }

    /// Whether a (seat, type) ([`RuleTable::seat_type`]) may end a move on
    /// `sq`: the square is in its mobility region, if it has one.
    #[inline]
    pub fn in_mobility_region(&self, seat_type: usize, sq: Sq) -> bool {
        self.mobility[seat_type]
            .as_ref()
            .is_none_or(|region| region[sq as usize])
    }

    /// Whether a (seat, type) may not end a plain move on `sq` (`immobile`:
    /// it would have no move from there); a promotion may.
    #[inline]
    pub fn immobile_on(&self, seat_type: usize, sq: Sq) -> bool {
        self.immobile
            .as_ref()
            .is_some_and(|m| m[seat_type * self.square_count() + sq as usize])
    }

    /// Whether a (seat, type)'s moves are restricted by square: a mobility
    /// region, or squares it may not move to (`immobile`).
    pub fn moves_restricted(&self, seat: Seat, kind: PieceType) -> bool {
        let seat_type = self.seat_type(seat, kind);
        let nsq = self.square_count();
        self.mobility[seat_type].is_some()
            || self
                .immobile
                .as_ref()
                .is_some_and(|m| m[seat_type * nsq..(seat_type + 1) * nsq].contains(&true))
    }

    /// A bit for every piece type of the variant.
    #[inline]
    pub fn all_types(&self) -> u64 {
        u64::MAX
            .checked_shr(64 - self.pieces.len() as u32)
            .unwrap_or(0)
    }

    /// Whether pieces of `kind` may be pseudo-royal
    /// (`extinctionPseudoRoyal` with `kind` among the extinction types).
    #[inline]
    pub fn pseudo_royal_type(&self, kind: PieceType) -> bool {
        self.royalty
            .pseudo
            .is_some_and(|pseudo| kind.is_in(pseudo.types))
    }

    /// The index of (seat, type, square) in per-square tables.
    #[inline]
    pub fn slot(&self, seat: Seat, piece: PieceType, sq: Sq) -> usize {
        self.seat_type(seat, piece) * self.square_count() + sq as usize
    }

    /// Whether the walls move (`wallingRule = duck`): each move's wall
    /// replaces those on the board.
    #[inline]
    pub fn duck_walls(&self) -> bool {
        self.walling
            .as_ref()
            .is_some_and(|w| w.rule == WallingRule::Duck)
    }

    /// Whether a turn either moves a piece or only puts a wall
    /// (`wallOrMove`).
    #[inline]
    pub fn wall_or_move(&self) -> bool {
        self.walling.as_ref().is_some_and(|w| w.or_move)
    }

    /// The hash key of a piece on a square.
    #[inline]
    pub fn zobrist_piece(&self, piece: crate::piece::Piece, sq: Sq) -> u64 {
        if piece.is_wall() {
            return self.zobrist.walls[sq as usize];
        }
        self.zobrist.pieces[piece.hash_index(self.pieces.len()) * self.square_count() + sq as usize]
    }

    /// The hash key of the seat to move.
    #[inline]
    pub fn zobrist_side(&self, seat: Seat) -> u64 {
        self.zobrist.sides[seat]
    }

    /// The hash key of a seat's right to castle with the rook on `rook`:
    /// the same key however the position came about.
    #[inline]
    pub fn zobrist_castling(&self, seat: Seat, rook: Sq) -> u64 {
        self.zobrist.castling[seat.index() * self.square_count() + rook as usize]
    }

    /// The hash key of an en-passant square.
    #[inline]
    pub fn zobrist_square(&self, sq: Sq) -> u64 {
        self.zobrist.squares[sq as usize]
    }

    /// The hash key of holding `count` pieces of a type in hand (0 for none,
    /// so an empty hand adds nothing).
    #[inline]
    pub fn zobrist_hand(&self, seat: Seat, kind: PieceType, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        self.zobrist.hands
            [self.seat_type(seat, kind) * HAND_KEYS + (count as usize).min(HAND_KEYS - 1)]
    }

    /// The hash key of a set of eliminated seats (a bit per seat).
    #[inline]
    pub fn zobrist_eliminated(&self, seats: u8) -> u64 {
        let mut h = 0;
        let mut s = seats;
        while s != 0 {
            h ^= self.zobrist.eliminated[s.trailing_zeros() as usize % 8];
            s &= s - 1;
        }
        h
    }

    /// The hash key of the remaining checks of every seat.
    #[inline]
    pub fn zobrist_checks(&self, checks: [u8; crate::seat::MAX_SEATS]) -> u64 {
        checks.iter().enumerate().fold(0, |h, (seat, &n)| {
            h ^ self.zobrist.checks[seat * 16 + n.min(15) as usize]
        })
    }

    /// The seat with a name (`White`, `Red`), case-insensitively.
    pub fn seat_named(&self, name: &str) -> Option<Seat> {
        Seat::all(self.seats.len()).find(|&s| self.seats[s].name.eq_ignore_ascii_case(name))
    }

    /// Whether a piece is one of janggi's cannons.
    #[inline]
    pub fn is_janggi_cannon(&self, piece: crate::piece::Piece) -> bool {
        self.janggi_cannons != 0
            && piece.is_some()
            && !piece.is_wall()
            && piece.kind().is_in(self.janggi_cannons)
    }

    /// How many piece types a GUI's holdings show: 0 without drops.
    pub fn pocket_size(&self) -> u32 {
        self.hand.as_ref().map_or(0, |h| h.pocket_size)
    }

    /// The piece type with a letter.
    pub fn piece_by_letter(&self, letter: char) -> Option<PieceType> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter)
            .or_else(|| {
                self.pieces
                    .iter()
                    .position(|p| p.san_letter == Some(letter))
            })
            .map(PieceType::new)
    }
}
