//! A position of a compiled variant: the board, whose turn it is, castling
//! rights, en-passant targets and counters, with make/unmake and an
//! incremental Zobrist hash.

use std::ops::Deref;
use std::sync::Arc;

use crate::moves::Move;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::rules::{RuleTable, Sq, SqSet};
use crate::seat::{MAX_SEATS, Seat};

/// "No square".
pub const NO_SQ: Sq = Sq::MAX;

mod attacks;
mod castling;
mod counting;
mod edit;
mod effects;
mod en_passant;
mod enclosing;
mod from_setup;
mod hand;
mod hash;
mod immediate_end;
mod king_safety;
mod make;
mod memo;
mod placement;
mod pseudo_royal;
mod unmake;

pub(crate) use attacks::AttackWatch;
pub use castling::CastlingRight;
pub(crate) use castling::RegisteredCastling;
pub use en_passant::{EnPassant, Targets};
pub(crate) use from_setup::gates_active;
pub use immediate_end::ImmediateEnd;
pub use king_safety::KingSafety;
use memo::Remembered;

/// What a [`Position`] holds its rule table by: `&RuleTable` (borrowed,
/// copied for free: perft and the command line) or `Arc<RuleTable>` (owned
/// and shared: games, bots and servers that keep positions).
pub trait RuleHandle: Deref<Target = RuleTable> + Clone {}

impl<T: Deref<Target = RuleTable> + Clone> RuleHandle for T {}

/// How the FEN of this position spells its optional parts. Every field
/// (side, castling, en passant, counters) is always written, as
/// Fairy-Stockfish writes them, so that a FEN read back is the same
/// position whatever the FEN it was first read from left out.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FenStyle {
    /// The pocket `[...]` is written (always empty here).
    pub pocket: bool,
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    /// The move, or `None` for an elimination.
    mv: Option<Move>,
    moved: Piece,
    /// Where the pieces this ply took off the board start on
    /// [`Position::removed`] (captures, an en-passant square's occupant, an
    /// eliminated army): one list, so every way of removing pieces is
    /// undone the same way.
    removed_from: u32,
    /// Where the pieces this ply put into hands start on
    /// [`Position::handed`].
    handed_from: u32,
    /// The state the ply was played from.
    state: PlyState,
}

/// What a ply changes besides the pieces and hands: saved whole before the
/// ply and put back whole when it is taken back.
#[derive(Clone, Copy, Debug)]
struct PlyState {
    to_move: Seat,
    /// The castling rights held: bit `i` for the `i`-th registered one.
    castling: u32,
    en_passant: Targets,
    /// The eliminated seats, a bit each.
    eliminated: u8,
    scores: [i32; MAX_SEATS],
    halfmove: u32,
    fullmove: u32,
    checks: [u8; MAX_SEATS],
    /// Makruk-style counting (`countingRule`): the plies counted and the
    /// limit in plies, 0 while no count runs.
    counting: [u32; 2],
    hash: u64,
    /// An id of the position as reached by the plies played: every ply
    /// gives the next a new one (from [`Position::nodes_made`]), and taking
    /// it back restores the one before.
    node: u64,
}

/// A position of a variant.
#[derive(Clone, Debug)]
pub struct Position<R: RuleHandle = Arc<RuleTable>> {
    rules: R,
    board: Vec<Piece>,
    /// The side to move, castling rights, en-passant targets, counters
    /// and hash: what `unmake` puts back whole.
    state: PlyState,
    /// The castling rights registered (held or not), bit `i` of
    /// [`PlyState::castling`] holding the `i`-th, with what their tests need.
    castling_rights: Vec<RegisteredCastling>,
    /// Per seat, the bits of its registered castling rights.
    castling_of_seat: [u32; MAX_SEATS],
    castling_mask: Vec<u32>,
    removed: Vec<(Sq, Piece)>,
    counts: Vec<u16>,
    royals: [Sq; MAX_SEATS],
    /// The squares of each seat's live pieces: seat `s`'s list is the first
    /// `list_len[s]` entries from `s × squares` (one allocation, no
    /// capacity checks when a piece is added).
    lists: Vec<Sq>,
    list_len: [u16; MAX_SEATS],
    list_index: Vec<u16>,
    occupied: SqSet,
    /// The squares of each seat's live pieces (walking kings among them).
    seat_occupied: [SqSet; MAX_SEATS],
    /// The squares of the dead pieces: they belong to no one, and anyone
    /// may capture them.
    dead: SqSet,
    piece_bits: Vec<u64>,
    /// Pieces in hand, per (seat, type).
    hands: Vec<u8>,
    /// Per seat, the sum of its counts in `hands` (move generation asks at
    /// every node whether a seat may drop at all).
    hand_totals: [u32; MAX_SEATS],
    /// The seat and type of every piece put into a hand, oldest first, so
    /// that `unmake` takes them out again.
    handed: Vec<(Seat, PieceType)>,
    /// The gate squares (`gating`): a piece leaving one may put a piece
    /// from the hand there. Each belongs to the seat of the piece on it.
    gates: SqSet,
    /// The gate squares before each move, where the variant has gates.
    gate_history: Vec<SqSet>,
    /// Per move with the duck rule, the walls it took off the board.
    wall_history: Vec<SqSet>,
    history: Vec<Undo>,
    /// How many ids [`Position::node`] has handed out.
    nodes_made: u64,
    /// Per square, whether it was found attacked in the position a plain
    /// ply was played from ([`Position::attacked_by_enemy_recalled`]).
    attack_memo: Vec<Remembered<bool>>,
    /// The checks and pins last found ([`Position::king_safety_recalled`]).
    safety_memo: Remembered<KingSafety>,
    /// How the FEN spells its optional fields.
    pub style: FenStyle,
}

impl<R: RuleHandle> Position<R> {
    /// An empty board for a variant, White (the first seat) to move.
    pub fn empty(rules: R) -> Position<R> {
        let nsq = rules.square_count();
        let seats = rules.seats.len();
        let types = rules.pieces.len();
        let hash = rules.zobrist_side(Seat::FIRST);
        Position {
            rules,
            board: vec![Piece::NONE; nsq],
            state: PlyState {
                to_move: Seat::FIRST,
                castling: 0,
                en_passant: [None; MAX_SEATS],
                eliminated: 0,
                scores: [0; MAX_SEATS],
                halfmove: 0,
                fullmove: 1,
                checks: [0; MAX_SEATS],
                counting: [0; 2],
                hash,
                // Id 0 is never handed out: the memo's empty slots match no id.
                node: 1,
            },
            castling_rights: Vec::new(),
            castling_of_seat: [0; MAX_SEATS],
            castling_mask: vec![0; nsq],
            removed: Vec::with_capacity(64),
            counts: vec![0; seats * types],
            royals: [NO_SQ; MAX_SEATS],
            lists: vec![NO_SQ; seats * nsq],
            list_len: [0; MAX_SEATS],
            list_index: vec![0; nsq],
            occupied: SqSet::default(),
            seat_occupied: [SqSet::default(); MAX_SEATS],
            dead: SqSet::default(),
            piece_bits: vec![0; seats * types],
            hands: vec![0; seats * types],
            hand_totals: [0; MAX_SEATS],
            handed: Vec::with_capacity(64),
            gates: SqSet::default(),
            gate_history: Vec::new(),
            wall_history: Vec::new(),
            history: Vec::with_capacity(64),
            nodes_made: 1,
            attack_memo: vec![Remembered::default(); nsq],
            safety_memo: Remembered::default(),
            style: FenStyle::default(),
        }
    }

    /// The rule table.
    #[inline]
    pub fn rules(&self) -> &RuleTable {
        &self.rules
    }

    /// The handle the position holds its rule table by. Cloning it is a
    /// copy for a borrowed table and a new reference for a shared one;
    /// methods that change the position while reading the table hold a
    /// clone.
    pub fn shared_rules(&self) -> &R {
        &self.rules
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Sq) -> Piece {
        self.board[sq as usize]
    }

    /// The squares of a seat's live pieces, in no particular order.
    #[inline]
    pub fn pieces_of(&self, seat: Seat) -> &[Sq] {
        let start = seat.index() * self.board.len();
        &self.lists[start..start + usize::from(self.list_len[seat])]
    }

    /// The occupied squares (pieces, dead pieces and walls).
    #[inline]
    pub fn occupied(&self) -> &SqSet {
        &self.occupied
    }

    /// The squares of the live pieces of a (seat, type)
    /// ([`RuleTable::seat_type`]) on a board of at most 64 squares.
    #[inline]
    pub(crate) fn seat_type_bits(&self, seat_type: usize) -> u64 {
        self.piece_bits[seat_type]
    }

    /// The squares of a seat's live pieces (dead pieces belong to no one).
    #[inline]
    pub fn seat_occupied(&self, seat: Seat) -> &SqSet {
        &self.seat_occupied[seat]
    }

    /// The squares of the dead pieces, which anyone may capture.
    #[inline]
    pub fn dead_squares(&self) -> &SqSet {
        &self.dead
    }

    /// The seat to move.
    #[inline]
    pub fn to_move(&self) -> Seat {
        self.state.to_move
    }

    /// The halfmove clock.
    pub fn halfmove(&self) -> u32 {
        self.state.halfmove
    }

    /// The fullmove number.
    pub fn fullmove(&self) -> u32 {
        self.state.fullmove
    }

    /// The live en-passant targets.
    #[inline]
    pub fn en_passant(&self) -> impl Iterator<Item = &EnPassant> + '_ {
        self.state.en_passant[..self.rules.seats.len()]
            .iter()
            .flatten()
    }

    /// The live en-passant target of `seat`'s last push, if any.
    #[inline]
    pub fn en_passant_of(&self, seat: Seat) -> Option<&EnPassant> {
        self.state.en_passant[seat].as_ref()
    }

    /// The en-passant target on `sq` that a piece of `team` may capture: an
    /// enemy pusher's, whose pawn still stands where it landed.
    #[inline(always)]
    pub fn en_passant_at(&self, sq: Sq, team: usize) -> Option<EnPassant> {
        let rules = self.rules();
        self.en_passant().copied().find(|e| {
            let victim = self.board[e.victim as usize];
            e.squares.contains(&sq)
                && rules.seats[e.pusher].team != team
                && victim.is_some()
                && !victim.dead()
                && victim.seat() == e.pusher
        })
    }

    /// Whether a seat is out of the game.
    #[inline]
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        self.state.eliminated & seat.bit() != 0
    }

    /// The seats out of the game (walking kings' seats included).
    #[inline]
    pub fn eliminated_seats(&self) -> crate::seat::SeatSet {
        crate::seat::SeatSet::from_bits(self.state.eliminated)
    }

    /// The seats still in the game.
    pub fn active_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.rules.seats.len()).filter(|&s| !self.is_eliminated(s))
    }

    /// The castling rights the position started with, and which are still live.
    pub fn castling(&self) -> impl Iterator<Item = &CastlingRight> + '_ {
        self.castling_rights
            .iter()
            .enumerate()
            .filter(|(i, _)| self.state.castling & (1 << i) != 0)
            .map(|(_, r)| &r.right)
    }

    /// Checks each seat still has to give (check counting), White first.
    pub fn checks_remaining(&self) -> [u8; MAX_SEATS] {
        self.state.checks
    }

    /// The number of pieces of a seat and type.
    #[inline]
    pub fn count(&self, seat: Seat, kind: PieceType) -> u16 {
        self.counts[self.rules.seat_type(seat, kind)]
    }

    /// The piece a move of the side to move moves: the one on its square,
    /// or the one a drop puts on the board.
    #[inline]
    pub fn moving_piece(&self, mv: &Move) -> Piece {
        match *mv {
            Move::Drop { piece, placed, .. } if placed != piece => {
                Piece::new(self.state.to_move, placed).with_promoted_from(piece)
            }
            Move::Drop { piece, .. } => Piece::new(self.state.to_move, piece),
            _ => mv
                .from()
                .map_or(Piece::NONE, |from| self.board[from as usize]),
        }
    }

    /// The last move played, if the last step was a move (not an
    /// elimination).
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().and_then(|u| u.mv)
    }

    /// Whether the last two moves were passes (`passOnStalemate`): both
    /// sides are stuck.
    pub fn passed_twice(&self) -> bool {
        let passed = |u: Option<&Undo>| matches!(u.and_then(|u| u.mv), Some(Move::Pass { .. }));
        let n = self.history.len();
        n >= 2 && passed(self.history.get(n - 1)) && passed(self.history.get(n - 2))
    }

    /// The square of a seat's royal piece, if it has one.
    #[inline]
    pub fn royal(&self, seat: Seat) -> Option<Sq> {
        let s = self.royals[seat];
        (s != NO_SQ).then_some(s)
    }
}

#[cfg(test)]
mod tests;
