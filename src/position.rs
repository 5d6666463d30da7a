//! A position of a compiled variant: the board, whose turn it is, castling
//! rights, en-passant targets and counters, with make/unmake and an
//! incremental Zobrist hash.

use std::ops::Deref;
use std::sync::Arc;

use crate::moves::{Move, WallBase};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::rules::{
    AttackSlide, BitTables, Bitboard, BoardBits, Counting, CountingRule, Entry, PieceRules,
    RuleTable, Sq, SqSet,
};
use crate::seat::Seat;

/// "No square".
pub const NO_SQ: Sq = Sq::MAX;

/// One castling right: the seat, the wing and the squares the pieces start on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRight {
    /// The seat that may castle.
    pub seat: Seat,
    /// 0 king-side, 1 queen-side.
    pub wing: usize,
    /// Where the king stands.
    pub king: Sq,
    /// Where the rook stands.
    pub rook: Sq,
}

/// An answer remembered for the position a plain ply was played from:
/// whether a square is attacked ([`Position::attacked_by_enemy_recalled`])
/// or a royal piece's checks and pins ([`Position::king_safety_recalled`]).
#[derive(Clone, Copy, Debug, Default)]
struct Remembered<T> {
    /// What the answer holds for ([`Position::memo_key`]; 0: nothing).
    key: u64,
    /// The squares that decide it ([`Position::deciding_squares`]).
    squares: SqSet,
    /// The answer.
    answer: T,
}

/// Whether a ply's two squares (`from`, `to`) leave `squares` alone.
#[inline(always)]
fn untouched(squares: &SqSet, (from, to): (Sq, Sq)) -> bool {
    !squares.contains(from) && !squares.contains(to)
}

/// A castling right registered with a position, and what testing it
/// needs, found once when it is registered.
#[derive(Clone, Debug)]
pub(crate) struct RegisteredCastling {
    /// The right.
    pub(crate) right: CastlingRight,
    /// The castling it makes, where its wing has a castling; pseudo-legal
    /// where its path is empty and its pieces stand on their squares.
    pub(crate) castle: Option<Move>,
    /// The squares that must be empty to castle (the king's and the rook's
    /// paths, their own squares left out; every square where the wing has
    /// no castling).
    pub(crate) path: SqSet,
    /// The squares the king crosses, its start and destination included
    /// (every one must be safe).
    pub(crate) walk: SqSet,
    /// Whether its destination must be tested again with king and rook
    /// moved ([`crate::movegen::castling_may_expose`]).
    pub(crate) exposes: bool,
}

pub use crate::rules::Army;
pub use crate::seat::MAX_SEATS;

/// A live en-passant target: the squares a double step passed, the piece
/// that made it, and the seat that pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// The passed squares: the first, and the second or `NO_SQ`.
    pub squares: [Sq; 2],
    /// The double-stepped piece.
    pub victim: Sq,
    /// The seat that pushed.
    pub pusher: Seat,
    /// Fairy-Stockfish also writes the pushed piece's square in the FEN (it
    /// does for custom pieces with `e`, not for its built-in pawn).
    pub shows_landing: bool,
}

impl EnPassant {
    /// The target with its unused square (`NO_SQ`) last, as the move
    /// generator reads it (the first square is a square), or none when
    /// it has no square left.
    fn without_empty_squares(mut self) -> Option<EnPassant> {
        self.squares.sort_by_key(|&s| s == NO_SQ);
        (self.squares[0] != NO_SQ).then_some(self)
    }
}

/// What a [`Position`] holds its rule table by: `&RuleTable` (borrowed,
/// copied for free: perft and the command line) or `Arc<RuleTable>` (owned
/// and shared: games, bots and servers that keep positions).
pub trait RuleHandle: Deref<Target = RuleTable> + Clone {}

impl<T: Deref<Target = RuleTable> + Clone> RuleHandle for T {}

/// The live en-passant targets, one slot per pushing seat.
pub type Targets = [Option<EnPassant>; MAX_SEATS];

/// The checks on a royal piece and the pins to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct KingSafety {
    /// How many pieces give check.
    pub checkers: u32,
    /// With one checker: its square and the squares between it and the
    /// royal piece; a move must land on one of them.
    answers: SqSet,
    /// Pieces that may not leave their line to the royal piece.
    pinned: SqSet,
    /// Whether any piece is pinned (most positions have none).
    any_pinned: bool,
    /// The square of the first checker found.
    first_checker: Sq,
}

impl KingSafety {
    fn add_checker(&mut self, checker: Sq, between: &[Sq]) {
        if self.add_checker_square(checker) {
            for &s in between {
                self.answers.insert(s);
            }
        }
    }

    /// [`KingSafety::add_checker`] with the squares between as the low
    /// bits of a set (boards of at most 64 squares).
    fn add_checker_bits(&mut self, checker: Sq, between: u64) {
        self.add_checker_set(checker, &SqSet::from_words([between, 0, 0, 0]));
    }

    /// [`KingSafety::add_checker`] with the squares between as a set.
    fn add_checker_set(&mut self, checker: Sq, between: &SqSet) {
        if self.add_checker_square(checker) {
            self.answers = self.answers.union(between);
        }
    }

    /// Counts a checker; returns whether it is the only one so far (the
    /// squares between it and the royal piece answer it then).
    fn add_checker_square(&mut self, checker: Sq) -> bool {
        // A piece attacking along two geometries (a bishop that also steps
        // like a king) is one checker, not a double check.
        if self.checkers == 1 && self.first_checker == checker {
            return false;
        }
        if self.checkers == 0 {
            self.first_checker = checker;
        }
        self.checkers += 1;
        if self.checkers == 1 {
            self.answers.insert(checker);
        }
        self.checkers == 1
    }

    fn add_pinned(&mut self, sq: Sq) {
        self.pinned.insert(sq);
        self.any_pinned = true;
    }

    /// The pieces that may not leave their line to the royal piece.
    #[inline]
    pub fn pinned(&self) -> &SqSet {
        &self.pinned
    }

    /// Whether a piece is pinned.
    #[inline]
    pub fn is_pinned(&self, sq: Sq) -> bool {
        self.any_pinned && self.pinned.contains(sq)
    }

    /// Whether a move of a non-royal, unpinned piece to `to` answers the
    /// checks (always true when not in check).
    #[inline]
    pub fn answers(&self, to: Sq) -> bool {
        match self.checkers {
            0 => true,
            1 => self.answers.contains(to),
            _ => false,
        }
    }

    /// The squares a move may land on: all when not in check, the checker's
    /// square and the squares between with one checker, none in double check.
    pub fn answer_set(&self) -> SqSet {
        match self.checkers {
            0 => SqSet::ALL,
            1 => self.answers,
            _ => SqSet::default(),
        }
    }
}

/// The most groups of rides toward a square an [`AttackWatch`] holds.
pub(crate) const WATCHED_RIDES: usize = 4;

/// The enemy pieces that may attack one square
/// ([`Position::attack_watch`]): those that leap to it, and each group of
/// rides toward it with the pieces riding it.
#[derive(Clone, Copy)]
pub(crate) struct AttackWatch<'a> {
    leapers: u64,
    rides: [Option<(Entry<'a, AttackSlide, u64>, u64)>; WATCHED_RIDES],
}

impl AttackWatch<'_> {
    /// Whether the square is attacked with only the pieces of `alive` on
    /// the board (a subset of the position's).
    #[inline]
    pub(crate) fn attacked(&self, alive: u64) -> bool {
        self.leapers & alive != 0
            || self
                .rides
                .iter()
                .map_while(|ride| *ride)
                .any(|(slide, riders)| slide.reach(alive) & riders & alive != 0)
    }
}

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

    /// The number of pieces of a type a seat holds in hand.
    #[inline]
    pub fn in_hand(&self, seat: Seat, kind: PieceType) -> u8 {
        self.hands[self.rules.seat_type(seat, kind)]
    }

    /// Whether drops need no hand (`freeDrops`).
    fn free_drops(&self) -> bool {
        self.rules.hand.as_ref().is_some_and(|h| h.free)
    }

    /// Whether a seat may drop a piece of a type: it holds one, or drops
    /// need no hand (`freeDrops`).
    pub fn can_drop(&self, seat: Seat, kind: PieceType) -> bool {
        self.free_drops() || self.in_hand(seat, kind) > 0
    }

    /// Whether a seat may drop any piece.
    pub fn can_drop_any(&self, seat: Seat) -> bool {
        self.free_drops() || self.has_hand(seat)
    }

    /// Whether a seat holds any piece in hand.
    pub fn has_hand(&self, seat: Seat) -> bool {
        self.hand_totals[seat] != 0
    }

    /// Puts a piece of a type into a seat's hand (setting up a position).
    pub fn add_to_hand(&mut self, seat: Seat, kind: PieceType) {
        self.state.hash ^= self.hand_change(seat, kind, 1);
    }

    /// Sets how many pieces of a type a seat holds in hand, keeping the
    /// seat's total.
    #[inline]
    fn set_in_hand(&mut self, seat: Seat, kind: PieceType, count: u8) {
        let held = &mut self.hands[self.rules.seat_type(seat, kind)];
        self.hand_totals[seat] = self.hand_totals[seat] + u32::from(count) - u32::from(*held);
        *held = count;
    }

    /// Changes a hand count by `delta` (±1); returns the change of the hash.
    #[inline]
    fn hand_change(&mut self, seat: Seat, kind: PieceType, delta: i8) -> u64 {
        let before = self.in_hand(seat, kind);
        let after = before.saturating_add_signed(delta);
        self.set_in_hand(seat, kind, after);
        self.rules.zobrist_hand(seat, kind, before) ^ self.rules.zobrist_hand(seat, kind, after)
    }

    /// Puts a piece taken off the board into `seat`'s hand where captures go
    /// to hand, as the type Fairy-Stockfish gives back: a promoted piece
    /// as what it was promoted from (unless `dropLoop`). Returns the change
    /// of the hash; `unmake` takes it out again.
    #[inline]
    fn put_in_hand(&mut self, seat: Seat, piece: Piece) -> u64 {
        let Some(hand) = &self.rules.hand else {
            return 0;
        };
        // As in Fairy-Stockfish, a hand that drops need not keeps nothing.
        if !hand.captures_to_hand || hand.free || piece.is_wall() || piece.dead() {
            return 0;
        }
        let kind = if hand.drop_loop {
            piece.kind()
        } else if piece.promoted() {
            piece.unpromoted_kind()
        } else if piece.from_pawn() {
            hand.pawn_type[piece.seat()].unwrap_or(piece.kind())
        } else {
            piece.kind()
        };
        self.handed.push((seat, kind));
        self.hand_change(seat, kind, 1)
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

    /// The Zobrist hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The hash computed from scratch (for tests of the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.board.iter().enumerate() {
            if p.is_some() {
                h ^= self.rules.zobrist_piece(*p, sq as Sq);
            }
        }
        for seat in Seat::all(self.rules.seats.len()) {
            for kind in PieceType::all(self.rules.pieces.len()) {
                h ^= self
                    .rules
                    .zobrist_hand(seat, kind, self.in_hand(seat, kind));
            }
        }
        h ^ self.state_hash(
            self.state.castling,
            &self.state.en_passant,
            self.state.checks,
        )
    }

    fn state_hash(&self, castling: u32, ep: &Targets, checks: [u8; MAX_SEATS]) -> u64 {
        let mut h = self.rules.zobrist_side(self.state.to_move)
            ^ self.rules.zobrist_eliminated(self.state.eliminated);
        let mut rights = castling;
        while rights != 0 {
            let right = &self.castling_rights[rights.trailing_zeros() as usize].right;
            h ^= self.rules.zobrist_castling(right.seat, right.rook);
            rights &= rights - 1;
        }
        for e in ep.iter().flatten() {
            h ^= self.en_passant_hash(e);
        }
        if self.rules.ends.check_counting {
            h ^= self.rules.zobrist_checks(checks);
        }
        h
    }

    /// How the state part of the hash ([`Position::state_hash`]) changed
    /// since the state `before` recorded (side to move, eliminated seats,
    /// castling rights, en-passant targets, checks): only the parts that
    /// differ are hashed.
    #[inline]
    fn state_change(&self, before: &Undo) -> u64 {
        let PlyState {
            to_move,
            eliminated,
            castling,
            ref en_passant,
            checks,
            ..
        } = before.state;
        let rules = &self.rules;
        let mut h = rules.zobrist_side(to_move) ^ rules.zobrist_side(self.state.to_move);
        if eliminated != self.state.eliminated {
            h ^= rules.zobrist_eliminated(eliminated)
                ^ rules.zobrist_eliminated(self.state.eliminated);
        }
        let mut rights = castling ^ self.state.castling;
        while rights != 0 {
            let right = &self.castling_rights[rights.trailing_zeros() as usize].right;
            h ^= rules.zobrist_castling(right.seat, right.rook);
            rights &= rights - 1;
        }
        // Most moves find no target and leave none: nothing is compared
        // then; else only the seats' targets that changed are hashed.
        let n = rules.seats.len();
        let live = |targets: &Targets| targets[..n].iter().any(Option::is_some);
        if live(en_passant) || live(&self.state.en_passant) {
            for (before, after) in en_passant[..n].iter().zip(&self.state.en_passant[..n]) {
                if before != after {
                    for e in [before, after].into_iter().flatten() {
                        h ^= self.en_passant_hash(e);
                    }
                }
            }
        }
        if rules.ends.check_counting && checks != self.state.checks {
            h ^= rules.zobrist_checks(checks) ^ rules.zobrist_checks(self.state.checks);
        }
        h
    }

    /// The part of the hash an en-passant target contributes: a key per
    /// passed square, so that a target read from a FEN, whatever order it
    /// names the squares in, hashes as the one a move made.
    pub fn en_passant_hash(&self, target: &EnPassant) -> u64 {
        target
            .squares
            .iter()
            .filter(|&&s| s != NO_SQ)
            .fold(0, |h, &s| h ^ self.rules.zobrist_square(s))
    }

    /// Puts a piece on an empty square (setting up a position).
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        self.add(sq, piece);
        self.state.hash ^= self.rules.zobrist_piece(piece, sq);
        self.forget_attacks();
    }

    /// Forgets the attacks [`Position::attacked_by_enemy_recalled`]
    /// remembered, where the position changes other than by a ply.
    fn forget_attacks(&mut self) {
        self.attack_memo.fill(Remembered::default());
        self.safety_memo.key = 0;
    }

    /// Sets the seat to move (setting up a position).
    pub fn set_to_move(&mut self, seat: Seat) {
        self.state.hash ^=
            self.rules.zobrist_side(self.state.to_move) ^ self.rules.zobrist_side(seat);
        self.state.to_move = seat;
    }

    /// Sets the counters (setting up a position).
    pub fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.state.halfmove = halfmove;
        self.state.fullmove = fullmove;
    }

    /// Sets the remaining checks (setting up a position).
    pub fn set_checks(&mut self, checks: [u8; MAX_SEATS]) {
        self.state.checks = checks;
        self.state.hash = self.recompute_hash();
    }

    /// Adds an en-passant target of its pusher (setting up a position); a
    /// target without a square is none.
    pub fn set_en_passant(&mut self, ep: EnPassant) {
        self.state.en_passant[ep.pusher] = ep.without_empty_squares();
        self.state.hash = self.recompute_hash();
    }

    /// Sets the seats' points (setting up a position).
    pub fn set_scores(&mut self, scores: &[i32]) {
        for (slot, s) in self.state.scores.iter_mut().zip(scores) {
            *slot = *s;
        }
    }

    /// Adds points to a seat's score (the adjudicator's scoring).
    pub fn add_score(&mut self, seat: Seat, points: i32) {
        self.state.scores[seat] = self.state.scores[seat].saturating_add(points);
    }

    /// A seat's points.
    pub fn score(&self, seat: Seat) -> i32 {
        self.state.scores[seat]
    }

    /// Marks a seat as out of the game (setting up a position).
    pub fn set_eliminated(&mut self, seat: Seat) {
        self.state.eliminated |= seat.bit();
        self.state.hash = self.recompute_hash();
        self.forget_attacks();
    }

    /// Adds a castling right (setting up a position); a right the position
    /// already has (`KK`) is added once. A seat has at most one right per
    /// rook square of its castling rank (16 files), so two seats' rights
    /// fit the 32 bits.
    pub fn add_castling_right(&mut self, right: CastlingRight) {
        let bit = self.castling_right_bit(right);
        self.state.castling |= bit;
        self.state.hash = self.recompute_hash();
    }

    /// The bit of a castling right, registered (not held) if it is new.
    fn castling_right_bit(&mut self, right: CastlingRight) -> u32 {
        if let Some(i) = self
            .castling_rights
            .iter()
            .position(|r| r.right.seat == right.seat && r.right.rook == right.rook)
        {
            return 1 << i;
        }
        assert!(
            self.castling_rights.len() < 32,
            "at most 32 castling rights"
        );
        let bit = 1 << self.castling_rights.len();
        let geometry = self.rules.castling[right.seat][right.wing];
        let (path, walk) = match geometry {
            Some(geometry) => {
                let (mut path, mut walk) = (SqSet::default(), SqSet::default());
                for s in crate::movegen::segment(&self.rules, right.king, geometry.king_to) {
                    walk.insert(s);
                }
                let rook_walk = crate::movegen::segment(&self.rules, right.rook, geometry.rook_to);
                for s in walk
                    .iter()
                    .chain(rook_walk)
                    .filter(|&s| s != right.king && s != right.rook)
                {
                    path.insert(s);
                }
                (path, walk)
            }
            None => (SqSet::ALL, SqSet::default()),
        };
        self.castling_rights.push(RegisteredCastling {
            right,
            castle: geometry.map(|geometry| Move::Castle {
                king: right.king,
                to: geometry.king_to,
                rook: right.rook,
                wing: right.wing as u8,
                gate: None,
            }),
            path,
            walk,
            exposes: crate::movegen::castling_may_expose(&self.rules, &right),
        });
        self.castling_of_seat[right.seat] |= bit;
        self.castling_mask[right.king as usize] |= bit;
        self.castling_mask[right.rook as usize] |= bit;
        bit
    }

    /// With `castlingDroppedPiece`, registers (not held) the rights a drop
    /// can give: the king on its castling file with a rook in a corner of
    /// the castling rank, so that a drop only sets their bits.
    pub fn register_dropped_castling_rights(&mut self) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        if !rules.castling_dropped_piece {
            return;
        }
        for seat in Seat::all(rules.seats.len().min(2)) {
            let Some(&rank) = rules.castling_rank.get(seat.index()) else {
                continue;
            };
            let king = rules.square(rules.castling_king_file, rank);
            for file in [rules.files - 1, 0] {
                let wing = usize::from(file < rules.castling_king_file);
                if file != rules.castling_king_file && rules.castling[seat][wing].is_some() {
                    let rook = rules.square(file, rank);
                    self.castling_right_bit(CastlingRight {
                        seat,
                        wing,
                        king,
                        rook,
                    });
                }
            }
        }
    }

    /// With `castlingDroppedPiece`, the rights a piece dropped on `to`
    /// gives, as Fairy-Stockfish gives them: a king dropped on its castling
    /// square castles with the rooks in the corners of its rank, a rook
    /// dropped in a corner with the king on its castling square.
    fn dropped_castling_rights(&self, placed: Piece, to: Sq) -> u32 {
        let rules = self.rules();
        let us = placed.seat();
        let is = |sq: Sq, types: u64| {
            let p = self.board[sq as usize];
            p.is_some() && !p.is_wall() && p.seat() == us && p.kind().is_in(types)
        };
        let mut bits = 0;
        let corner = |sq: Sq| rules.file_of(sq) == 0 || rules.file_of(sq) == rules.files - 1;
        for (i, RegisteredCastling { right, .. }) in self.castling_rights.iter().enumerate() {
            let gives = right.seat == us
                && corner(right.rook)
                && rules.file_of(right.king) == rules.castling_king_file
                && if to == right.king {
                    placed.kind().is_in(rules.castling_pieces.0)
                        && is(right.rook, rules.castling_pieces.1)
                } else {
                    to == right.rook
                        && placed.kind().is_in(rules.castling_pieces.1)
                        && is(right.king, rules.castling_pieces.0)
                };
            if gives {
                bits |= 1 << i;
            }
        }
        bits
    }

    #[inline(always)]
    fn add(&mut self, sq: Sq, piece: Piece) {
        self.board[sq as usize] = piece;
        self.occupied.insert(sq);
        let seat = piece.seat();
        if piece.is_wall() {
            return;
        }
        if piece.dead() {
            self.dead.insert(sq);
            return;
        }
        self.seat_occupied[seat].insert(sq);
        let seat_type = self.rules.seat_type(seat, piece.kind());
        if sq < 64 {
            self.piece_bits[seat_type] |= 1 << sq;
        }
        self.enlist(seat, sq);
        self.counts[seat_type] += 1;
        if self.rules.royal_kind == Some(piece.kind()) {
            self.royals[seat] = sq;
        }
    }

    #[inline]
    fn remove(&mut self, sq: Sq) -> Piece {
        let piece = self.board[sq as usize];
        self.board[sq as usize] = Piece::NONE;
        self.occupied.remove(sq);
        let seat = piece.seat();
        if piece.is_wall() {
            return piece;
        }
        if piece.dead() {
            self.dead.remove(sq);
            return piece;
        }
        self.seat_occupied[seat].remove(sq);
        let seat_type = self.rules.seat_type(seat, piece.kind());
        if sq < 64 {
            self.piece_bits[seat_type] &= !(1 << sq);
        }
        self.unlist(seat, sq);
        self.counts[seat_type] -= 1;
        if self.rules.royal_kind == Some(piece.kind()) && self.royals[seat] == sq {
            self.royals[seat] = NO_SQ;
        }
        piece
    }

    /// Moves the piece on `from` to the empty square `to`: what
    /// [`Position::remove`] on `from`, then [`Position::add`] on `to` do,
    /// without touching the counts, and with the mover keeping its place in
    /// the seat's list (so a move and its take-back leave the list as it
    /// was).
    #[inline(always)]
    fn relocate(&mut self, from: Sq, to: Sq) {
        self.relocate_piece::<false>(from, to);
    }

    /// [`Position::relocate`] of a piece known to be live and no wall: the
    /// piece a plain move moves, and moves back.
    #[inline(always)]
    fn relocate_mover(&mut self, from: Sq, to: Sq) {
        self.relocate_piece::<true>(from, to);
    }

    /// [`Position::relocate`], without asking whether the piece is a wall
    /// or dead where `MOVER` says it is neither.
    #[inline(always)]
    fn relocate_piece<const MOVER: bool>(&mut self, from: Sq, to: Sq) {
        let piece = self.board[from as usize];
        debug_assert!(!MOVER || !piece.is_wall() && !piece.dead());
        self.board[from as usize] = Piece::NONE;
        self.board[to as usize] = piece;
        self.occupied.remove(from);
        self.occupied.insert(to);
        let seat = piece.seat();
        if !MOVER && piece.is_wall() {
            return;
        }
        if !MOVER && piece.dead() {
            self.dead.remove(from);
            self.dead.insert(to);
            return;
        }
        let own = &mut self.seat_occupied[seat];
        own.remove(from);
        own.insert(to);
        let bits = &mut self.piece_bits[self.rules.seat_type(seat, piece.kind())];
        if from < 64 {
            *bits &= !(1 << from);
        }
        if to < 64 {
            *bits |= 1 << to;
        }
        // The index is moved before the list is written: its table's
        // bounds are then read once.
        let index = &mut self.list_index;
        let i = index[from as usize];
        index[to as usize] = i;
        self.lists[seat.index() * self.board.len() + usize::from(i)] = to;
        if self.rules.royal_kind == Some(piece.kind()) {
            self.royals[seat] = to;
        }
    }

    /// Puts `sq` last on the seat's list of live pieces.
    #[inline]
    fn enlist(&mut self, seat: Seat, sq: Sq) {
        let len = self.list_len[seat];
        self.lists[seat.index() * self.board.len() + usize::from(len)] = sq;
        self.list_index[sq as usize] = len;
        self.list_len[seat] = len + 1;
    }

    /// Takes `sq` off the seat's list of live pieces: the list's last
    /// square takes its place.
    #[inline]
    fn unlist(&mut self, seat: Seat, sq: Sq) {
        let start = seat.index() * self.board.len();
        let last = self.list_len[seat] - 1;
        let i = self.list_index[sq as usize];
        let moved = self.lists[start + usize::from(last)];
        self.lists[start + usize::from(i)] = moved;
        self.list_index[moved as usize] = i;
        self.list_len[seat] = last;
    }

    /// Whether every square of `squares` is empty (no piece, dead piece or
    /// wall).
    #[inline]
    pub(crate) fn all_empty(&self, squares: &SqSet) -> bool {
        !squares.intersects(&self.occupied)
    }

    /// The castling right of bit `i`, as registered.
    #[inline]
    pub(crate) fn registered_castling(&self, i: usize) -> &RegisteredCastling {
        &self.castling_rights[i]
    }

    /// The bits of the castling rights `seat` holds.
    #[inline]
    pub(crate) fn castling_bits(&self, seat: Seat) -> u32 {
        self.state.castling & self.castling_of_seat[seat]
    }

    /// The board part of a normal move whose other effects change no
    /// attack (where [`RuleTable::plain_make`] holds, or a quiet move
    /// without flips or gates), for a legality test: the piece on `to`
    /// (returned) leaves the
    /// board and the piece on `from` moves there, every square set, list
    /// and count kept as `make` keeps them, but no ply is played (hash,
    /// turn, history untouched). [`Position::unshift`] undoes it as
    /// `unmake` would.
    pub(crate) fn shift(&mut self, from: Sq, to: Sq) -> Piece {
        let victim = self.board[to as usize];
        if victim.is_some() {
            self.remove(to);
        }
        self.relocate(from, to);
        victim
    }

    /// Undoes [`Position::shift`].
    pub(crate) fn unshift(&mut self, from: Sq, to: Sq, victim: Piece) {
        self.relocate(to, from);
        if victim.is_some() {
            self.add(to, victim);
        }
    }

    /// Takes a piece off the board for an attack test only (lists, counts
    /// and hash untouched); [`Position::drop_back`] restores it.
    #[inline]
    pub(crate) fn lift(&mut self, sq: Sq) -> Piece {
        self.occupied.remove(sq);
        std::mem::replace(&mut self.board[sq as usize], Piece::NONE)
    }

    /// Puts back a piece taken by [`Position::lift`].
    #[inline]
    pub(crate) fn drop_back(&mut self, sq: Sq, piece: Piece) {
        self.occupied.insert(sq);
        self.board[sq as usize] = piece;
    }

    /// The seat that moves after `seat`.
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        seat.next(self.rules.seats.len())
    }

    /// Plays a move (assumed pseudo-legal for the side to move).
    pub fn make(&mut self, mv: Move) {
        self.make_hashing(mv, true);
    }

    /// [`Position::make`] where only the moves that follow are counted
    /// before [`Position::unmake`] (perft's next-to-last ply): the hash is
    /// left as it was, unmake restores it, and nothing may read it
    /// meanwhile. About 100 instructions a move less in chess (the state's
    /// and the pieces' keys).
    pub(crate) fn make_for_count(&mut self, mv: Move) {
        self.make_hashing(mv, false);
    }

    /// [`Position::make`], updating the hash where `hashed` (inlined into
    /// both callers, so the flag is a constant in each).
    #[inline(always)]
    fn make_hashing(&mut self, mv: Move, hashed: bool) {
        if let Move::Normal { from, to } = mv
            && self.rules.plain_make
        {
            self.make_plain(mv, from, to, None, hashed);
            return;
        }
        self.make_other(mv, hashed);
    }

    /// [`Position::make`] of a move that is not a plain normal move, out of
    /// line: the plain moves' path keeps a small frame. The hash is updated
    /// where `hashed` ([`Position::make_for_count`]).
    #[inline(never)]
    fn make_other(&mut self, mv: Move, hashed: bool) {
        if let Move::Normal { from, to } = mv
            && self.rules.plain_quiet_make
            && self.board[to as usize].is_none()
        {
            self.make_plain(mv, from, to, None, hashed);
            return;
        }
        if let Move::Drop { piece, to, .. } = mv
            && self.rules.plain_drop
        {
            self.make_plain_drop(mv, piece, to, hashed);
            return;
        }
        if let Move::Walled {
            base: WallBase::Normal { from, to },
            wall,
        } = mv
            && self.rules.plain_walled
        {
            self.make_plain(mv, from, to, Some(wall), hashed);
            return;
        }
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.state.to_move;
        let moved = self.moving_piece(&mv);
        let undo = self.undo_record(Some(mv), moved);
        let wall = mv.wall();
        // Unchanged moves are not rebuilt: a rebuilt move is written to
        // memory field by field and read back whole (a store-forwarding
        // stall on every move).
        let mv = if wall.is_some() { mv.unwalled() } else { mv };
        let mut hash = self.state.hash;
        self.begin_ply(rules, us, true);
        let mut captured = Piece::NONE;
        if rules.gating {
            self.gate_history.push(self.gates);
            self.close_gates(mv);
        }
        let gate = mv.gate();
        let mv = if gate.is_some() { mv.ungated() } else { mv };
        if let Move::Castle {
            king, rook, wing, ..
        } = mv
        {
            let geometry = rules.castling[us][wing as usize].expect("castling geometry");
            let king_piece = self.remove(king);
            let rook_piece = self.remove(rook);
            hash ^= rules.zobrist_piece(king_piece, king) ^ rules.zobrist_piece(rook_piece, rook);
            self.add(geometry.king_to, king_piece);
            self.add(geometry.rook_to, rook_piece);
            hash ^= rules.zobrist_piece(king_piece, geometry.king_to)
                ^ rules.zobrist_piece(rook_piece, geometry.rook_to);
            self.state.castling &=
                !(self.castling_mask[king as usize] | self.castling_mask[rook as usize]);
            // With `oppositeCastling`, the opponents lose the right to
            // castle to the same wing.
            if rules.opposite_castling {
                for (i, RegisteredCastling { right, .. }) in self.castling_rights.iter().enumerate()
                {
                    if right.seat != us && right.wing == usize::from(wing) {
                        self.state.castling &= !(1 << i);
                    }
                }
            }
        } else if let Move::Pass { .. } = mv {
            // Nothing moves; as in Fairy-Stockfish, a pass named by a pawn
            // counts as that pawn's move (it cannot step back to where it
            // stands) and resets the n-move counter.
            if moved.is_some() && rules.pieces[moved.kind()].resets_n_move[us] {
                self.state.halfmove = 0;
            }
        } else if let Move::Drop { piece, to, .. } = mv {
            // As in Fairy-Stockfish, every drop resets the n-move counter.
            hash ^= self.place_from_hand(piece, moved, to);
            self.state.halfmove = 0;
            if rules.castling_dropped_piece {
                self.state.castling |= self.dropped_castling_rights(moved, to);
            }
        } else if let Some(from) = mv.from() {
            let to = mv.to();
            let captured_on = match mv {
                Move::EnPassant { captured, .. } => {
                    // The passed square was occupied meanwhile: that piece goes too.
                    let passer = self.board[to as usize];
                    if passer.is_some() {
                        hash ^= self.take_off(to);
                        hash ^= self.put_in_hand(us, passer);
                    }
                    captured
                }
                _ => to,
            };
            // Sittuyin's pawn may promote where it stands: nothing is taken.
            let victim = if captured_on == from {
                Piece::NONE
            } else {
                self.board[captured_on as usize]
            };
            captured = victim;
            let captures = victim.is_some();
            if captures {
                hash ^= self.take_off(captured_on);
                hash ^= self.put_in_hand(us, victim);
                // Dead pieces are obstacles, not material: taking one does
                // not restart the n-move count (chess.com's records).
                if !victim.dead() {
                    self.state.halfmove = 0;
                }
                // Where one seat loses by its king's capture and the others
                // play on, the capture takes that seat out at once.
                if rules.king_capture_eliminates
                    && !victim.dead()
                    && rules.pieces[victim.kind()].royal
                    && !self.is_eliminated(victim.seat())
                {
                    let army = if rules.eliminated_pieces_removed {
                        Army::Remove
                    } else {
                        Army::Dead
                    };
                    hash ^= self.clear_army(victim.seat(), army);
                    self.state.eliminated |= victim.seat().bit();
                    self.state.en_passant[victim.seat()] = None;
                }
            }
            // As in Fairy-Stockfish, a pawn promotion always resets the
            // n-move counter, a piece promotion unless pieces also demote.
            let (placed, promotes) = match mv {
                Move::Promotion { piece, .. } => (moved.promote_pawn(piece), true),
                Move::PiecePromotion { piece, .. } => {
                    (moved.promote_to(piece), !rules.piece_demotion)
                }
                Move::PieceDemotion { .. } => (moved.demote(), false),
                _ => (moved, false),
            };
            if placed == moved && from != to {
                self.relocate(from, to);
            } else {
                self.remove(from);
                self.add(to, placed);
            }
            hash ^= rules.zobrist_piece(moved, from) ^ rules.zobrist_piece(placed, to);
            if promotes {
                self.state.halfmove = 0;
            }
            self.after_piece_move(rules, us, moved, (from, to), true);
            if captures && let Some(immune) = rules.blast {
                hash ^= self.explode(to, immune, victim.seat());
            }
            // As in Fairy-Stockfish, the mover's type decides (a pawn that
            // promotes while capturing is no petrifying piece), the type it
            // became whether a wall is left.
            if captures && moved.kind().is_in(rules.petrify) {
                let wall = placed.kind().is_in(rules.petrify);
                hash ^= self.petrify(to, placed, victim.seat(), wall);
            }
            // A promotion leaves no en-passant target, even one that steps
            // twice (torpedo's pawns), as in Fairy-Stockfish.
            if !captures && matches!(mv, Move::Normal { .. }) {
                self.leave_en_passant(rules, us, moved, from, to);
            }
        }
        // The gated piece appears once the move is made; as in
        // Fairy-Stockfish, it does not reset the n-move counter.
        if let Some((piece, sq)) = gate {
            hash ^= self.place_from_hand(piece, Piece::new(us, piece), sq);
        }
        if let Some(wall) = wall {
            hash ^= self.put_wall(us, wall);
        }
        if rules.flip.is_some() && !matches!(mv, Move::Pass { .. }) {
            hash ^= self.turn_over(us, mv.to(), mv.is_drop());
        }
        // Cambodian chess: a rook moving onto the file or rank of the enemy
        // king on its gate takes the king's leap away, blockers or not, as
        // Fairy-Stockfish judges it.
        if let Some(cambodian) = rules.cambodian
            && moved.kind().is_in(cambodian.rook)
        {
            let to = mv.to();
            for seat in Seat::all(rules.seats.len()).filter(|&s| s != us) {
                if let Some(king) = self.royal(seat)
                    && self.gates.contains(king)
                    && (rules.file_of(king) == rules.file_of(to)
                        || rules.rank_of(king) == rules.rank_of(to))
                {
                    self.gates.remove(king);
                }
            }
        }
        // As in Fairy-Stockfish, a side whose hand is empty for good loses
        // its gates once it moves.
        if rules.gating
            && rules
                .hand
                .as_ref()
                .is_some_and(|h| h.gating && !h.captures_to_hand)
            && !self.has_hand(us)
        {
            for sq in self.gates(us).iter() {
                self.gates.remove(sq);
            }
        }
        if rules.ends.check_counting && self.gives_check_after(us) {
            self.state.checks[us] = self.state.checks[us].saturating_sub(1);
        }
        self.advance_turn(us);
        if let Some(counting) = &rules.counting {
            self.update_counting(counting, us, captured, matches!(mv, Move::Promotion { .. }));
        }
        if hashed {
            hash ^= self.state_change(&undo);
            self.state.hash = hash;
        }
        self.push_ply(undo);
    }

    /// [`Position::make`] of a normal move from `from` to `to` where the
    /// variant gives it only the usual effects ([`RuleTable::plain_make`]),
    /// or only those and its `wall` ([`RuleTable::plain_walled`]): the same
    /// steps, with no question asked about the others. The hash is updated
    /// where `hashed` ([`Position::make_for_count`]).
    #[inline(always)]
    fn make_plain(&mut self, mv: Move, from: Sq, to: Sq, wall: Option<Sq>, hashed: bool) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.state.to_move;
        let moved = self.board[from as usize];
        // Recorded first, straight onto the history: the state is copied
        // once.
        self.history.push(self.undo_record(Some(mv), moved));
        let mut hash = self.state.hash;
        let counters = Self::keeps_counters(rules, hashed);
        self.begin_ply(rules, us, counters);
        let victim = self.board[to as usize];
        if victim.is_some() {
            hash ^= self.take_off(to);
            hash ^= self.put_in_hand(us, victim);
            if counters && !victim.dead() {
                self.state.halfmove = 0;
            }
        }
        self.relocate_mover(from, to);
        // Asked only where the hash is kept: the keys' bounds checks would
        // otherwise stay in `make_for_count`.
        if hashed {
            hash ^= rules.zobrist_piece(moved, from) ^ rules.zobrist_piece(moved, to);
        }
        self.after_piece_move(rules, us, moved, (from, to), counters);
        if victim.is_none() {
            self.leave_en_passant(rules, us, moved, from, to);
        }
        if let Some(wall) = wall {
            hash ^= self.put_wall(us, wall);
        }
        self.advance_turn(us);
        if hashed {
            hash ^= self.state_change(self.history.last().expect("the ply's record"));
            self.state.hash = hash;
        }
        self.enter_node();
    }

    /// [`Position::make`] of a drop where the variant gives it only the
    /// usual effects ([`RuleTable::plain_drop`]): the same steps, with no
    /// question asked about the others.
    #[inline]
    fn make_plain_drop(&mut self, mv: Move, piece: PieceType, to: Sq, hashed: bool) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.state.to_move;
        let moved = self.moving_piece(&mv);
        self.history.push(self.undo_record(Some(mv), moved));
        let counters = Self::keeps_counters(rules, hashed);
        self.begin_ply(rules, us, counters);
        // As in Fairy-Stockfish, every drop resets the n-move counter.
        let mut hash = self.state.hash ^ self.place_from_hand(piece, moved, to);
        if counters {
            self.state.halfmove = 0;
        }
        self.advance_turn(us);
        if hashed {
            hash ^= self.state_change(self.history.last().expect("the ply's record"));
            self.state.hash = hash;
        }
        self.enter_node();
    }

    /// Whether a plain ply keeps the n-move and counting-rule counters: a
    /// ply made only to count the moves after it (`hashed` false,
    /// [`Position::make_for_count`]) leaves them alone where the count
    /// reads none of them ([`RuleTable::plain_count`]); `unmake` restores
    /// them anyway.
    #[inline(always)]
    fn keeps_counters(rules: &RuleTable, hashed: bool) -> bool {
        hashed || !rules.plain_count
    }

    /// What every ply starts with: en-passant targets expire (all of them
    /// when only the next player may take en passant, else the mover's own
    /// when it moves again), the n-move counter and a running count go on
    /// where `counters` ([`Position::keeps_counters`]).
    #[inline]
    fn begin_ply(&mut self, rules: &RuleTable, us: Seat, counters: bool) {
        if rules.en_passant_next_player_only {
            // Every slot, a fixed number of them: no loop over the seats.
            self.state.en_passant = [None; MAX_SEATS];
        } else {
            self.state.en_passant[us] = None;
        }
        if !counters {
            return;
        }
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        if self.state.counting[1] != 0 {
            self.state.counting[0] = self.state.counting[0].saturating_add(1);
        }
    }

    /// After `moved` went from `from` to `to`: a pawn move that cannot step
    /// straight back resets the n-move counter (where `counters`, as in
    /// [`Position::begin_ply`]), and the castling rights of both squares
    /// are lost.
    #[inline(always)]
    fn after_piece_move(
        &mut self,
        rules: &RuleTable,
        us: Seat,
        moved: Piece,
        (from, to): (Sq, Sq),
        counters: bool,
    ) {
        let info = &rules.pieces[moved.kind()];
        if counters
            && info.resets_n_move[us]
            && !(info.may_step_back[us] && rules.steps_straight_back(us, moved.kind(), to, from))
        {
            self.state.halfmove = 0;
        }
        self.state.castling &=
            !(self.castling_mask[from as usize] | self.castling_mask[to as usize]);
    }

    /// The en-passant targets a quiet move of `moved` leaves, where its type
    /// leaves any and the move spans two or three steps (`begin_ply` has
    /// cleared the mover's targets).
    #[inline(always)]
    fn leave_en_passant(&mut self, rules: &RuleTable, us: Seat, moved: Piece, from: Sq, to: Sq) {
        let info = &rules.pieces[moved.kind()];
        if info.leaves_en_passant[us]
            && let Some(way) = rules.double_step_way(from, to)
        {
            self.state.en_passant[us] = if self.passes_unreached(rules, us, info, from, way) {
                None
            } else {
                self.double_step_targets(us, from, to)
            };
        }
    }

    /// Whether a step of `way` ([`RuleTable::double_step_way`]) from
    /// `from` by a piece of `info`'s type is known to leave no target
    /// without finding the squares it passes: those no capturer reaches
    /// are dropped, and no capturer stands where the guards of those
    /// squares are attacked from ([`RuleTable::en_passant_pass_guard`]).
    /// Most double steps, which land where no enemy pawn stands beside
    /// them, are told so here.
    #[inline(always)]
    fn passes_unreached(
        &self,
        rules: &RuleTable,
        us: Seat,
        info: &PieceRules,
        from: Sq,
        way: usize,
    ) -> bool {
        Self::drops_unreached_targets(rules, info)
            && rules
                .en_passant_pass_guard(self.next_seat(us), from, way)
                .is_some_and(|(seat_type, origins)| self.piece_bits[seat_type] & origins == 0)
    }

    /// Whether the squares passed by a piece of `info`'s type that no
    /// capturer reaches are dropped at once: where only the next player
    /// may take, a pawn's, as Fairy-Stockfish does (its FENs then show
    /// only the others, or `-`; it keeps the targets of custom pieces).
    #[inline(always)]
    fn drops_unreached_targets(rules: &RuleTable, info: &PieceRules) -> bool {
        rules.en_passant_next_player_only
            && !rules.en_passant_only_lines
            && !info.en_passant_shows_landing
    }

    /// The count of a counting rule (`countingRule`): the plies counted
    /// and the limit in plies, while a count runs.
    pub fn counting(&self) -> Option<(u32, u32)> {
        (self.state.counting[1] != 0).then_some((self.state.counting[0], self.state.counting[1]))
    }

    /// Whether a running count has passed its limit: the game is drawn
    /// (as by the n-move rule).
    pub fn count_exceeded(&self) -> bool {
        self.counting().is_some_and(|(ply, limit)| ply > limit)
    }

    /// Sittuyin's stalemate by promotion (`sittuyinPromotion`): the side to
    /// move, with only its king and one pawn and not in check, has nothing
    /// but promotions among its legal moves (`legal`): the game is drawn,
    /// as Fairy-Stockfish judges it.
    pub fn promotion_stalemate(&self, legal: &[Move]) -> bool {
        let rules = self.rules();
        let us = self.state.to_move;
        rules.sittuyin_promotion
            && self.pieces_of(us).len() == 2
            && self
                .pieces_of(us)
                .iter()
                .filter(|&&s| rules.pieces[self.board[s as usize].kind()].builtin_pawn)
                .count()
                == 1
            && !self.in_check(us)
            && legal.iter().all(|m| matches!(m, Move::Promotion { .. }))
    }

    /// Sets a running count (setting up a position): `limit` plies, of
    /// which `ply` are counted.
    pub fn set_counting(&mut self, ply: u32, limit: u32) {
        self.state.counting = [ply, limit];
    }

    /// Starts or restarts the count after `mover` moved, as
    /// Fairy-Stockfish does: the mover's count when it took the last pawn
    /// and is left bare; the count of the side to move when none runs, or
    /// when a capture or promotion has just left it bare.
    fn update_counting(
        &mut self,
        counting: &Counting,
        mover: Seat,
        captured: Piece,
        promoted: bool,
    ) {
        let side = self.state.to_move;
        let all = |p: &Self, s: Seat| p.pieces_of(s).len() as u32;
        let total = all(self, mover) + all(self, side);
        let pawns =
            self.count_types(mover, counting.pawns) + self.count_types(side, counting.pawns);
        if counting.rule != CountingRule::Asean
            && captured.is_some()
            && captured.kind().is_in(counting.pawns)
            && all(self, mover) == 1
            && pawns == 0
        {
            let limit = self.count_limit(counting, mover);
            if limit != 0 {
                self.state.counting = [2 * total - 1, 2 * limit];
            }
        }
        let restart =
            self.state.counting[1] == 0 || (captured.is_some() || promoted) && all(self, side) == 1;
        if restart {
            let limit = self.count_limit(counting, side);
            if limit != 0 {
                let ply = if counting.rule == CountingRule::Asean || all(self, side) > 1 {
                    0
                } else {
                    2 * total
                };
                self.state.counting = [ply, 2 * limit];
            }
        }
    }

    /// The pieces of a seat of the given types (bits).
    fn count_types(&self, seat: Seat, types: u64) -> u32 {
        let mut n = 0;
        let mut bits = types;
        while bits != 0 {
            let kind = PieceType::new(bits.trailing_zeros() as usize);
            n += u32::from(self.count(seat, kind));
            bits &= bits - 1;
        }
        n
    }

    /// The moves a side may count to (0: it does not count), as
    /// Fairy-Stockfish's `count_limit` sets them by the material.
    fn count_limit(&self, counting: &Counting, side: Seat) -> u32 {
        let other = side.next(2);
        let all = |s: Seat| self.pieces_of(s).len() as u32;
        let theirs = |types: u64| self.count_types(other, types);
        let pawns = self.count_types(side, counting.pawns) + theirs(counting.pawns);
        let (rooks, khons, knights) = (
            theirs(counting.rooks),
            theirs(counting.khons),
            theirs(counting.knights),
        );
        // The pieces' honour: the limit the strongest attacking material sets.
        let honour = |offset: u32| {
            let limit = if rooks > 1 {
                8
            } else if rooks == 1 {
                16
            } else if khons > 1 {
                22
            } else if knights > 1 {
                32
            } else if khons == 1 {
                44
            } else {
                64
            };
            limit - offset
        };
        match counting.rule {
            CountingRule::Makruk if pawns > 0 || all(other) == 1 => 0,
            CountingRule::Makruk if all(side) > 1 => 64,
            CountingRule::Makruk => honour(0),
            CountingRule::Cambodian if all(side) > 3 || all(other) == 1 => 0,
            CountingRule::Cambodian if all(side) > 1 => 63,
            CountingRule::Cambodian if pawns > 0 => 0,
            CountingRule::Cambodian => honour(1),
            CountingRule::Asean if pawns > 0 || all(side) > 1 => 0,
            CountingRule::Asean if rooks > 0 => 16,
            CountingRule::Asean if khons > 0 => 44,
            CountingRule::Asean if knights > 0 => 64,
            CountingRule::Asean => 0,
        }
    }

    /// Puts `placed` from the mover's hand (where it is a `piece`) on `to`;
    /// returns the change of the hash.
    #[inline(never)]
    /// Turns over the enemy pieces a move of `us` that ended on `to`
    /// encloses (`flipEnclosedPieces`), kept for [`Position::unmake`];
    /// returns the change of the hash.
    fn turn_over(&mut self, us: Seat, to: Sq, dropped: bool) -> u64 {
        let mut hash = 0;
        for sq in self.enclosed_by(us, to, dropped).iter() {
            // The same type, in the mover's colour.
            let turned = Piece::new(us, self.piece_at(sq).kind());
            hash ^= self.take_off(sq);
            self.add(sq, turned);
            hash ^= self.rules.zobrist_piece(turned, sq);
        }
        hash
    }

    /// Puts `placed`, a piece of type `piece` from the hand of the side to
    /// move, on `to`; returns the change of the hash.
    #[inline(always)]
    fn place_from_hand(&mut self, piece: PieceType, placed: Piece, to: Sq) -> u64 {
        let hash = if self.free_drops() {
            0
        } else {
            self.hand_change(self.state.to_move, piece, -1)
        };
        self.add(to, placed);
        hash ^ self.rules.zobrist_piece(placed, to)
    }

    /// Puts the wall a move of `us` places (`wallingRule`) on `sq`; with
    /// the duck rule the walls already there leave the board first (kept
    /// for [`Position::unmake`]). A wall on a passed square leaves no
    /// en-passant target there, as in Fairy-Stockfish. Returns the change
    /// of the hash.
    fn put_wall(&mut self, us: Seat, sq: Sq) -> u64 {
        let mut hash = 0;
        if self.rules.duck_walls() {
            let gone = self.walls();
            for s in gone.iter() {
                self.remove(s);
                hash ^= self.rules.zobrist_piece(Piece::WALL, s);
            }
            self.wall_history.push(gone);
        }
        self.add(sq, Piece::WALL);
        hash ^= self.rules.zobrist_piece(Piece::WALL, sq);
        if let Some(mut ep) = self.state.en_passant[us] {
            for s in &mut ep.squares {
                if *s == sq {
                    *s = NO_SQ;
                }
            }
            self.state.en_passant[us] = ep.without_empty_squares();
        }
        hash
    }

    /// The squares holding a wall.
    pub(crate) fn walls(&self) -> SqSet {
        let mut out = SqSet::default();
        for sq in 0..self.rules.square_count() as Sq {
            if self.board[sq as usize].is_wall() {
                out.insert(sq);
            }
        }
        out
    }

    /// Takes back the wall of a walling move: the duck rule's walls come
    /// back where they stood.
    fn take_back_wall(&mut self, sq: Sq) {
        self.remove(sq);
        if self.rules.duck_walls() {
            let gone = self.wall_history.pop().expect("the walls before the move");
            for s in gone.iter() {
                self.add(s, Piece::WALL);
            }
        }
    }

    /// Closes the gates a move passes: the squares the moving pieces leave
    /// (king and rook when castling) and the square of a capture. As in
    /// Fairy-Stockfish, gates are not part of the hash.
    fn close_gates(&mut self, mv: Move) {
        if let Some(from) = mv.from() {
            self.gates.remove(from);
        }
        if let Move::Castle { rook, .. } = mv {
            self.gates.remove(rook);
        }
        self.gates.remove(mv.to());
    }

    /// The gate squares of a seat: where a piece of its own leaving may
    /// put a piece from its hand.
    pub fn gates(&self, seat: Seat) -> SqSet {
        let mut out = SqSet::default();
        for sq in self.gates.iter() {
            let p = self.board[sq as usize];
            if p.is_some() && !p.is_wall() && p.seat() == seat {
                out.insert(sq);
            }
        }
        out
    }

    /// Whether any gate square remains, used or not.
    pub fn has_gates(&self) -> bool {
        !self.gates.is_empty()
    }

    /// Opens a gate on a square (setting up a position).
    pub fn open_gate(&mut self, sq: Sq) {
        self.gates.insert(sq);
    }

    /// Removes what a capture on `to` explodes (`blastOnCapture`): the
    /// piece on `to` and every piece next to it but pawns, except the
    /// blast-immune types; castling rights go with them. Returns the change
    /// of the hash; `unmake` puts them back.
    fn explode(&mut self, to: Sq, immune: u64, victim_seat: Seat) -> u64 {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let mut hash = 0;
        let piece = self.board[to as usize];
        let us = piece.seat();
        // Where captures go to hand, an exploded piece goes to the hand of
        // its owner's opponent, as in Fairy-Stockfish.
        let receiver = |p: Piece| if p.seat() == us { victim_seat } else { us };
        if !piece.kind().is_in(immune) {
            // The capturing piece: `unmake` puts it back where it came
            // from, so it is not kept with the removed ones.
            self.remove(to);
            hash ^= rules.zobrist_piece(piece, to);
            hash ^= self.put_in_hand(receiver(piece), piece);
            self.state.castling &= !self.castling_mask[to as usize];
        }
        for sq in self.blast_neighbours(to).iter() {
            let blasted = self.board[sq as usize];
            hash ^= self.take_off(sq);
            hash ^= self.put_in_hand(receiver(blasted), blasted);
            self.state.castling &= !self.castling_mask[sq as usize];
        }
        hash
    }

    /// Takes the piece that captured on `to` off (`petrifyOnCaptureTypes`),
    /// leaving a wall there when `wall`; where it exploded, the wall stands
    /// where it would have. Where captures go to hand, the petrified piece
    /// goes to the hand of the side it captured from, as in
    /// Fairy-Stockfish. Returns the change of the hash; `unmake` puts the
    /// piece back where it came from.
    fn petrify(&mut self, to: Sq, placed: Piece, victim_seat: Seat, wall: bool) -> u64 {
        let mut hash = 0;
        if self.board[to as usize] == placed {
            self.remove(to);
            hash ^= self.rules.zobrist_piece(placed, to);
            hash ^= self.put_in_hand(victim_seat, placed);
        }
        if wall {
            self.add(to, Piece::WALL);
            hash ^= self.rules.zobrist_piece(Piece::WALL, to);
        }
        hash
    }

    /// The squares next to `to` whose pieces a capture on `to` explodes:
    /// every piece but pawns and the blast-immune types. Empty where captures
    /// do not explode.
    pub fn blast_neighbours(&self, to: Sq) -> SqSet {
        let rules = self.rules();
        rules.neighbours[to as usize]
            .intersection(&self.occupied)
            .filtered(|sq| {
                let piece = self.board[sq as usize];
                !piece.is_wall() && piece.kind().is_in(rules.blast_victims)
            })
    }

    /// Takes the piece on `sq` off the board onto the list of removed
    /// pieces; returns the change of the hash.
    fn take_off(&mut self, sq: Sq) -> u64 {
        let piece = self.remove(sq);
        self.removed.push((sq, piece));
        self.rules.zobrist_piece(piece, sq)
    }

    /// The state to restore when the ply is taken back.
    fn undo_record(&self, mv: Option<Move>, moved: Piece) -> Undo {
        Undo {
            mv,
            moved,
            removed_from: self.removed.len() as u32,
            handed_from: self.handed.len() as u32,
            state: self.state,
        }
    }

    /// Records a ply played: its undo record goes on the history, and the
    /// position reached gets a new [`Position::node`].
    #[inline(always)]
    fn push_ply(&mut self, undo: Undo) {
        self.history.push(undo);
        self.enter_node();
    }

    /// Gives the position a ply reached (its record on the history) a new
    /// [`Position::node`].
    #[inline(always)]
    fn enter_node(&mut self) {
        self.nodes_made += 1;
        self.state.node = self.nodes_made;
    }

    /// Passes the turn from `us` to the next seat still in the game; the
    /// targets of skipped seats expire.
    fn advance_turn(&mut self, us: Seat) {
        let n = self.rules.seats.len();
        let mut next = us.next(n);
        // An eliminated seat keeps its turns while it has live pieces (a
        // resigned player's walking king).
        while self.is_eliminated(next) && self.list_len[next] == 0 && next != us {
            self.state.en_passant[next] = None;
            if next == Seat::FIRST {
                self.state.fullmove += 1;
            }
            next = next.next(n);
        }
        if next <= us {
            self.state.fullmove += 1;
        }
        self.state.to_move = next;
    }

    /// Takes the seat to move out of the game (it has no legal move and the
    /// variant plays on): its pieces leave the board or turn dead, and the
    /// turn passes on. Undone by [`Position::unmake`].
    pub fn eliminate_to_move(&mut self, remove_pieces: bool) {
        let army = if remove_pieces {
            Army::Remove
        } else {
            Army::Dead
        };
        self.eliminate(self.state.to_move, army);
    }

    /// Takes a seat out of the game: its pieces leave the board, turn dead,
    /// or turn dead but for a king that walks on. When it is the seat to
    /// move, the turn passes on. Undone by [`Position::unmake`].
    pub fn eliminate(&mut self, seat: Seat, army: Army) {
        let undo = self.undo_record(None, Piece::NONE);
        self.clear_army(seat, army);
        self.state.eliminated |= seat.bit();
        self.state.en_passant[seat] = None;
        if seat == self.state.to_move {
            let before = self.state.fullmove;
            self.advance_turn(seat);
            self.state.fullmove = before;
        }
        self.state.hash = self.recompute_hash();
        self.push_ply(undo);
    }

    /// Removes a seat's live pieces onto the list of removed pieces, putting
    /// dead ones in their place unless the army is removed (a walking king
    /// stays as it is); returns the change of the hash.
    fn clear_army(&mut self, seat: Seat, army: Army) -> u64 {
        let mut hash = 0;
        let mut kept = 0;
        // Dead pieces are not listed, so the list empties as pieces go.
        while self.pieces_of(seat).len() > kept {
            let list = self.pieces_of(seat);
            let sq = list[list.len() - 1 - kept];
            let piece = self.board[sq as usize];
            if army == Army::DeadKingWalks && self.rules.pieces[piece.kind()].royal {
                kept += 1;
                continue;
            }
            hash ^= self.take_off(sq);
            if army != Army::Remove {
                let dead = piece.killed();
                self.add(sq, dead);
                hash ^= self.rules.zobrist_piece(dead, sq);
            }
        }
        hash
    }

    /// Takes back the last move (or elimination).
    pub fn unmake(&mut self) {
        // The record stays on the history until `restore`, which reads
        // the rest of it: only the fields read here are copied out.
        let undo = self.history.last().expect("a move to take back");
        let (mv, moved, us) = (undo.mv, undo.moved, undo.state.to_move);
        let removed_from = undo.removed_from;
        // The short ways back from `make`'s short ways.
        if let Some(Move::Normal { from, to }) = mv
            && (self.rules.plain_make
                || self.rules.plain_quiet_make && self.removed.len() == removed_from as usize)
        {
            self.relocate_mover(to, from);
            self.restore();
            return;
        }
        if let Some(Move::Walled {
            base: WallBase::Normal { from, to },
            wall,
        }) = mv
            && self.rules.plain_walled
        {
            self.take_back_wall(wall);
            self.relocate(to, from);
            self.restore();
            return;
        }
        if let Some(Move::Drop { piece, to, .. }) = mv
            && self.rules.plain_drop
        {
            self.take_back_drop(us, piece, to);
            self.restore();
            return;
        }
        if let Some(mv) = mv {
            if let Some(wall) = mv.wall() {
                self.take_back_wall(wall);
            }
            if let Some((piece, sq)) = mv.gate() {
                self.remove(sq);
                self.set_in_hand(us, piece, self.in_hand(us, piece) + 1);
            }
            if self.rules.gating {
                self.gates = self.gate_history.pop().expect("the gates before the move");
            }
        }
        let to = mv.map_or(0, Move::to);
        match mv.map(|mv| mv.ungated().unwalled()) {
            None | Some(Move::Pass { .. }) => {}
            Some(Move::Castle {
                king, rook, wing, ..
            }) => {
                let geometry = self.rules.castling[us][wing as usize].expect("castling geometry");
                let king_piece = self.remove(geometry.king_to);
                let rook_piece = self.remove(geometry.rook_to);
                self.add(king, king_piece);
                self.add(rook, rook_piece);
            }
            Some(Move::Drop { piece, to, .. }) => self.take_back_drop(us, piece, to),
            // The squares are read from the move as made (a walled or gated
            // move has its base move's): the rebuilt move, written to
            // memory field by field and read back whole, would stall.
            Some(_) => match mv.and_then(Move::from) {
                // The piece that moved (not promoted, not exploded) goes back.
                Some(from) if from != to && self.board[to as usize] == moved => {
                    self.relocate(to, from);
                }
                from => {
                    // A piece that exploded on arrival is already off the board.
                    if self.board[to as usize].is_some() {
                        self.remove(to);
                    }
                    if let Some(from) = from {
                        self.add(from, moved);
                    }
                }
            },
        }
        self.restore();
    }

    /// Takes a piece `us` dropped on `to` back into its hand.
    #[inline]
    fn take_back_drop(&mut self, us: Seat, piece: PieceType, to: Sq) {
        self.remove(to);
        if !self.free_drops() {
            self.set_in_hand(us, piece, self.in_hand(us, piece) + 1);
        }
    }

    /// The end of taking back a ply, once its moved pieces are back: the
    /// pieces it put in hands leave them, the pieces it took off the board
    /// come back, the state recorded before it returns, and its record
    /// leaves the history.
    #[inline]
    fn restore(&mut self) {
        let last = self.history.len() - 1;
        let Undo {
            removed_from,
            handed_from,
            ..
        } = self.history[last];
        while self.handed.len() > handed_from as usize {
            let (seat, kind) = self.handed.pop().expect("a piece put in hand");
            self.set_in_hand(seat, kind, self.in_hand(seat, kind) - 1);
        }
        // Removed pieces come back, the last removed first; a dead piece left
        // in the place of one makes room for it.
        while self.removed.len() > removed_from as usize {
            let (sq, piece) = self.removed.pop().expect("a removed piece");
            if self.board[sq as usize].is_some() {
                self.remove(sq);
            }
            self.add(sq, piece);
        }
        self.state = self.history[last].state;
        self.history.truncate(last);
    }

    /// The en-passant targets a quiet move leaves: the squares passed by a
    /// move of two or three steps along a file, rank or diagonal (a pawn's
    /// double step forward, a Berolina pawn's diagonal one), inside the
    /// region. Asked only of moves that [`RuleTable::double_step_way`] names;
    /// kept out of line, so that `make` does not pay for its frame.
    #[inline(never)]
    fn double_step_targets(&self, us: Seat, from: Sq, to: Sq) -> Option<EnPassant> {
        let rules = self.rules();
        let dx = i32::from(rules.file_of(to)) - i32::from(rules.file_of(from));
        let dy = i32::from(rules.rank_of(to)) - i32::from(rules.rank_of(from));
        let steps = dx.abs().max(dy.abs());
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() || !(2..=3).contains(&steps) {
            return None;
        }
        // Along a file, rank or diagonal every step changes the square's
        // index by the same amount: a file and a rank's worth of files.
        let step = dx.signum() + dy.signum() * i32::from(rules.files);
        let capturer = self.next_seat(us);
        let region = &rules.en_passant_region[capturer];
        let info = &rules.pieces[self.board[to as usize].kind()];
        let shows_landing = info.en_passant_shows_landing;
        let unreachable_dropped = Self::drops_unreached_targets(rules, info);
        let mut squares = [NO_SQ; 2];
        let mut n = 0;
        let mut passed = i32::from(from);
        for _ in 1..steps {
            passed += step;
            let s = passed as Sq;
            if region[s as usize]
                && (!unreachable_dropped || self.en_passant_reachable(capturer, s))
            {
                squares[n] = s;
                n += 1;
            }
        }
        (n != 0).then_some(EnPassant {
            squares,
            victim: to,
            pusher: us,
            shows_landing,
        })
    }

    /// Whether a piece of `capturer` that may take en passant reaches `sq`:
    /// one of its guard's origins holds one ([`RuleTable::en_passant_guard`]),
    /// else one of its capturers attacks the square.
    #[inline(always)]
    fn en_passant_reachable(&self, capturer: Seat, sq: Sq) -> bool {
        match self.rules().en_passant_guard(capturer, sq) {
            Some((seat_type, origins)) => self.piece_bits[seat_type] & origins != 0,
            None => self.en_passant_attacked(capturer, sq),
        }
    }

    /// [`Position::en_passant_reachable`] without a guard, out of line: the
    /// walk over the attack lines keeps its frame to itself.
    #[inline(never)]
    fn en_passant_attacked(&self, capturer: Seat, sq: Sq) -> bool {
        let types = self.rules().en_passant_capturers[capturer];
        self.find_attacker_of_types(sq, capturer, types, |_| true)
    }

    /// Whether the side that just moved (`us`) attacks an enemy royal piece.
    fn gives_check_after(&self, us: Seat) -> bool {
        Seat::all(self.rules.seats.len())
            .filter(|&s| self.rules.seats[s].team != self.rules.seats[us].team)
            .any(|s| self.royal(s).is_some_and(|k| self.attacked_by(k, us)))
    }

    /// The seat's live pieces of `types` (a bit per type) on `squares`
    /// (boards of at most 64 squares). Most attack groups hold none of the
    /// seat's pieces: `own`, the seat's occupied squares (dead pieces among
    /// them, read once by the caller), is tested first, before its pieces
    /// are gathered type by type.
    #[inline(always)]
    fn pieces_on(&self, seat: Seat, own: u64, squares: u64, types: u64) -> u64 {
        if squares & own == 0 {
            0
        } else {
            squares & self.pieces_of_types(seat, types)
        }
    }

    /// The squares of a seat's live pieces of the given types (a bit per
    /// type), as a bitboard (boards of at most 64 squares).
    #[inline]
    pub(crate) fn pieces_of_types(&self, seat: Seat, types: u64) -> u64 {
        let n_types = self.rules.pieces.len();
        // The seat's bitboards, one per type (`seat_type` order).
        let own = &self.piece_bits[seat.index() * n_types..][..n_types];
        let mut bits = 0;
        let mut t = types;
        while t != 0 {
            let kind = t.trailing_zeros() as usize;
            t &= t - 1;
            if let Some(of_type) = own.get(kind) {
                bits |= of_type;
            }
        }
        bits
    }

    /// Whether the rule table's ride summary of `seat`'s attack lines
    /// toward `sq` ([`RuleTable::ride_attack_summary`]) shows no piece of a
    /// type riding them on any of their squares: then no ride toward `sq`
    /// holds an attacker (boards of at most 64 squares).
    #[inline]
    pub(crate) fn no_rider_toward(&self, seat: Seat, sq: Sq) -> bool {
        self.summary_riders(seat, sq, u64::MAX) == Some(0)
    }

    /// Where the rule table has a ride summary of `seat`'s attack lines
    /// toward `sq` ([`RuleTable::ride_attack_summary`]): the seat's pieces
    /// of its types (and of `wanted`) on its squares.
    #[inline(always)]
    fn summary_riders(&self, seat: Seat, sq: Sq, wanted: u64) -> Option<u64> {
        self.rules
            .ride_attack_summary(seat, sq)
            .map(|(squares, types)| {
                let own = self.seat_occupied[seat].low_bits();
                self.pieces_on(seat, own, squares, types & wanted)
            })
    }

    /// Whether a square is attacked by pieces of `seat`.
    pub fn attacked_by(&self, sq: Sq, seat: Seat) -> bool {
        self.find_attacker(sq, seat, |_| true)
    }

    /// Walks the pieces of `seat` attacking `sq` until `accept` takes one;
    /// returns whether one was taken. Kept out of line: inlined into
    /// [`Position::attacked_by_enemy`], Kiwipete's perft ran 0.8 % more
    /// instructions.
    #[inline(never)]
    pub fn find_attacker(&self, sq: Sq, seat: Seat, accept: impl FnMut(Sq) -> bool) -> bool {
        self.find_attacker_of_types(sq, seat, u64::MAX, accept)
    }

    /// [`Position::find_attacker`] among the pieces of the given types
    /// (bits) only.
    #[inline(always)]
    fn find_attacker_of_types(
        &self,
        sq: Sq,
        seat: Seat,
        types: u64,
        accept: impl FnMut(Sq) -> bool,
    ) -> bool {
        if self.rules().square_count() <= 64 {
            self.find_attacker_with::<u64>(sq, seat, types, accept)
        } else {
            self.find_attacker_with::<u128>(sq, seat, types, accept)
        }
    }

    /// [`Position::find_attacker_of_types`] with rides read as bitboards of
    /// type `B` where the board fits 128 squares.
    #[inline(always)]
    fn find_attacker_with<B: Bitboard>(
        &self,
        sq: Sq,
        seat: Seat,
        wanted: u64,
        mut accept: impl FnMut(Sq) -> bool,
    ) -> bool {
        let rules = self.rules();
        let board = &self.board;
        let occupied = B::from_set(&self.occupied);
        let own = self.seat_occupied[seat].low_bits();
        for &(squares, types) in rules.leap_attacks(seat, sq) {
            let mut found = self.pieces_on(seat, own, squares, types & wanted);
            while found != 0 {
                let from = found.trailing_zeros() as Sq;
                found &= found - 1;
                if accept(from) {
                    return true;
                }
            }
        }
        // Where they are read as slides, the rides' first pieces
        // come from one table per group of rides.
        if let BoardBits::Narrow(bits) = &rules.bits {
            let slides = bits.attack_slides(rules, seat, sq);
            if slides.len() != 0 {
                return self.slide_attacker(slides, seat, (own, wanted), accept);
            }
        }
        // Where every attack line is a plain ride, a ray is read only when
        // one of the pieces that may ride along some line stands on it.
        let riders = match self.summary_riders(seat, sq, wanted) {
            Some(0) => return false,
            Some(riders) => B::from_low_bits(u128::from(riders)),
            None => B::from_set(&self.seat_occupied[seat]),
        };
        for attack in rules.attack_lines(seat, sq) {
            let line = &attack.line;
            let mut hit = |s: Sq| {
                let p = board[s as usize];
                p.is_some()
                    && p.seat() == seat
                    && !p.dead()
                    && p.kind().is_in(attack.types & wanted)
                    && accept(s)
            };
            if line.kind == crate::rules::LineKind::Ride && attack.ray != 0 {
                let blockers = B::from_low_bits(attack.ray) & occupied;
                // Only look at the first piece when one that may attack
                // stands on the ray.
                if !(blockers & riders).is_empty() {
                    let first = if attack.increasing {
                        blockers.lowest()
                    } else {
                        blockers.highest()
                    };
                    if hit(first) {
                        return true;
                    }
                }
            } else if self.line_hits(line, &mut hit) {
                return true;
            }
        }
        false
    }

    /// The squares of the pieces a blast takes next to its capture
    /// ([`Position::blast_neighbours`]), on boards of at most 64 squares
    /// with two seats (no dead pieces): every piece but those of the
    /// types no blast takes (pawns, the immune ones).
    pub(crate) fn blast_victim_bits(&self) -> u64 {
        let rules = self.rules();
        let spared = rules.all_types() & !rules.blast_victims;
        Seat::all(rules.seats.len())
            .map(|seat| self.seat_occupied[seat].low_bits() & !self.pieces_of_types(seat, spared))
            .fold(0, |all, bits| all | bits)
    }

    /// What decides whether `enemy`'s pieces attack `sq`, read once for
    /// many occupancies the position does not hold (as blasts would leave
    /// it, [`AttackWatch::attacked`]): on boards of at most 64 squares
    /// where every attack line toward `sq` is a plain leap or is read as a
    /// slide ([`crate::rules::BitTables::attack_slides`]), in at most
    /// [`WATCHED_RIDES`] groups of rides that hold an enemy piece riding
    /// them; `None` elsewhere. `bits` are the rule table's narrow tables.
    pub(crate) fn attack_watch<'a>(
        &self,
        bits: &'a BitTables<u64>,
        sq: Sq,
        enemy: Seat,
    ) -> Option<AttackWatch<'a>> {
        let rules = self.rules();
        let slides = bits.attack_slides(rules, enemy, sq);
        if slides.len() == 0 && !rules.attack_lines(enemy, sq).is_empty() {
            return None;
        }
        let own = self.seat_occupied[enemy].low_bits();
        let mut watch = AttackWatch {
            leapers: 0,
            rides: [None; WATCHED_RIDES],
        };
        for &(squares, types) in rules.leap_attacks(enemy, sq) {
            watch.leapers |= self.pieces_on(enemy, own, squares, types);
        }
        let mut watched = watch.rides.iter_mut();
        for attack in slides {
            if attack.squares & own == 0 {
                continue;
            }
            let riders = attack.squares & self.pieces_of_types(enemy, attack.types);
            if riders != 0 {
                *watched.next()? = Some((attack, riders));
            }
        }
        Some(watch)
    }

    /// [`Position::find_attacker_with`]'s rides read as slides
    /// ([`crate::rules::BitTables::attack_slides`]): the first piece along
    /// each group of rides, where it is one of `riders` (the seat's pieces)
    /// and of a `wanted` type attacking along the group. The ride summary
    /// is not read first: a group's squares hold none of the seat's pieces
    /// as often, and the summary's walk over the riding types cost more
    /// than the lookups it saved (Kiwipete −2.2 % instructions without it).
    #[inline(always)]
    fn slide_attacker<'a>(
        &self,
        slides: impl Iterator<Item = Entry<'a, AttackSlide, u64>>,
        seat: Seat,
        (riders, wanted): (u64, u64),
        mut accept: impl FnMut(Sq) -> bool,
    ) -> bool {
        let occupied = self.occupied.low_bits();
        for attack in slides {
            if attack.squares & riders == 0 {
                continue;
            }
            let first = attack.reach(occupied) & riders;
            if first == 0 {
                continue;
            }
            let mut found = first & self.pieces_of_types(seat, attack.types & wanted);
            while found != 0 {
                let from = found.trailing_zeros() as Sq;
                found &= found - 1;
                if accept(from) {
                    return true;
                }
            }
        }
        false
    }

    /// Walks an attack line outward from the attacked square and hands
    /// `hit` the square of the piece that would attack along it (the first
    /// piece of a ride, the landing square of a leap whose path allows it,
    /// the piece behind a hopper's hurdle), always an occupied one; returns
    /// what `hit` said.
    #[inline]
    fn line_hits(&self, line: &crate::rules::Line, hit: &mut impl FnMut(Sq) -> bool) -> bool {
        let rules = self.rules();
        let board = &self.board;
        let squares = rules.line_squares(line);
        match line.kind {
            crate::rules::LineKind::Leap => {
                let (path, landing) = squares.split_at(line.path as usize);
                // Most landing squares are empty: that is read first.
                if board[landing[0] as usize].is_none() {
                    return false;
                }
                let path_ok = if line.jump {
                    path.iter().any(|s| board[*s as usize].is_some())
                } else {
                    path.iter().all(|s| board[*s as usize].is_none())
                };
                path_ok && hit(landing[0])
            }
            crate::rules::LineKind::Ride => {
                let step = line.path as usize + 1;
                for chunk in squares.chunks_exact(step) {
                    let (path, landing) = chunk.split_at(step - 1);
                    if path.iter().any(|s| board[*s as usize].is_some()) {
                        return false;
                    }
                    let s = landing[0];
                    if board[s as usize].is_some() {
                        return hit(s);
                    }
                }
                false
            }
            crate::rules::LineKind::Hop => {
                let Some(h) = squares.iter().position(|s| board[*s as usize].is_some()) else {
                    return false;
                };
                let hurdle = board[squares[h] as usize];
                squares[h + 1..]
                    .iter()
                    .find(|s| board[**s as usize].is_some())
                    .is_some_and(|a| {
                        !(rules.is_janggi_cannon(hurdle)
                            && rules.is_janggi_cannon(board[*a as usize]))
                            && hit(*a)
                    })
            }
            crate::rules::LineKind::Grasshop => {
                board[squares[0] as usize].is_some()
                    && squares[1..]
                        .iter()
                        .find(|s| board[**s as usize].is_some())
                        .is_some_and(|a| hit(*a))
            }
        }
    }

    /// Who checks a seat's royal piece and which of its pieces are pinned,
    /// looking outward from the royal square along the enemies' attack
    /// lines. Meaningful when no hoppers or lame captures exist.
    /// Inlined: a seat without a royal piece (Tetrarchy's) is told
    /// without a call.
    #[inline]
    pub fn king_safety(&self, seat: Seat) -> KingSafety {
        match self.royal(seat) {
            Some(king) => self.royal_safety(king, seat),
            None => KingSafety::default(),
        }
    }

    /// [`Position::king_safety`], remembered across the moves from one
    /// position as [`Position::attacked_by_enemy_recalled`] remembers an
    /// attack: the checks and pins of a royal piece are read on the attack
    /// lines ending on its square alone.
    /// Inlined: a seat without a royal piece is told without a call.
    #[inline]
    pub(crate) fn king_safety_recalled(&mut self, seat: Seat) -> KingSafety {
        match self.royal(seat) {
            Some(king) => self.royal_safety_recalled(king, seat),
            None => KingSafety::default(),
        }
    }

    /// [`Position::king_safety_recalled`] of the royal piece on `king`:
    /// the answer remembered, where it holds.
    #[inline(never)]
    fn royal_safety_recalled(&mut self, king: Sq, seat: Seat) -> KingSafety {
        let Some((node, from, to)) = self.plain_last_ply() else {
            return self.royal_safety(king, seat);
        };
        let key = Self::memo_key(node, seat, king);
        let memo = &self.safety_memo;
        if memo.key == key && untouched(&memo.squares, (from, to)) {
            return memo.answer;
        }
        self.royal_safety_remembered(king, seat, key, (from, to))
    }

    /// [`Position::royal_safety_recalled`] where the answer is not
    /// remembered: found, and remembered for the position the last ply
    /// (`from`, `to`) was played from where it holds there too. Out of
    /// line: the remembered answer's way keeps a small frame.
    #[inline(never)]
    fn royal_safety_remembered(
        &mut self,
        king: Sq,
        seat: Seat,
        key: u64,
        (from, to): (Sq, Sq),
    ) -> KingSafety {
        let safety = self.royal_safety(king, seat);
        // Remembered for that position, but the ply touched what decides
        // them there, so it touches what decides them here too.
        if self.safety_memo.key == key {
            return safety;
        }
        // Where the last ply touched none of the squares that decide them,
        // the checks and pins are those of the position it was played from
        // (and so are those squares).
        let squares = self.deciding_squares(king, seat, 2);
        if untouched(&squares, (from, to)) {
            self.safety_memo = Remembered {
                key,
                squares,
                answer: safety,
            };
        }
        safety
    }

    /// The squares whose occupants decide whether `sq` is attacked by the
    /// enemies of `seat` (`pieces` 1) or, for a royal piece there, its
    /// checks and pins (`pieces` 2). With two seats, where the enemy's
    /// attack lines toward `sq` are plain leaps and rides read as slides:
    /// the leaps' squares and, along each ride, those up to its `pieces`-th
    /// piece. Else every square of every attack line ending there.
    fn deciding_squares(&self, sq: Sq, seat: Seat, pieces: usize) -> SqSet {
        let rules = self.rules();
        if let (BoardBits::Narrow(bits), Some(enemy)) = (&rules.bits, rules.opponents[seat]) {
            let slides = bits.attack_slides(rules, enemy, sq);
            if slides.len() != 0 {
                let occupied = self.occupied.low_bits();
                let leaps = rules.leap_attacks(enemy, sq);
                let mut squares = leaps.iter().fold(0, |all, &(squares, _)| all | squares);
                for slide in slides {
                    let mut blockers = occupied;
                    for _ in 0..pieces {
                        let reach = slide.reach(blockers);
                        squares |= reach;
                        blockers &= !reach;
                    }
                }
                return SqSet::from_words([squares, 0, 0, 0]);
            }
        }
        *rules.attack_reach(sq)
    }

    /// [`Position::king_safety`] of the royal piece on `king`; also the
    /// checks and pins of a lone pseudo-royal piece there, where captures
    /// explode (`Position::moves_by_blast_pins`).
    #[inline(never)]
    pub(crate) fn royal_safety(&self, king: Sq, seat: Seat) -> KingSafety {
        let mut safety = KingSafety::default();
        let rules = self.rules();
        match rules.seats.len() {
            0 | 1 => {}
            2 => {
                if let Some(enemy) = self.other_seat_if_enemy(seat) {
                    self.enemy_king_safety(king, seat, enemy, &mut safety);
                }
            }
            _ => self.merged_king_safety(king, seat, &mut safety),
        }
        safety
    }

    /// [`Position::king_safety`] walking each enemy's attack lines in turn
    /// (any number of seats; with two, [`Position::royal_safety`] names
    /// the enemy at once). Compared with the merged walk in the tests.
    #[cfg(test)]
    fn seat_by_seat_king_safety(&self, king: Sq, seat: Seat, safety: &mut KingSafety) {
        let rules = self.rules();
        let team = rules.seats[seat].team;
        let active = |s: Seat| rules.seats[s].team != team && !self.is_eliminated(s);
        for enemy in Seat::all(rules.seats.len()).filter(|&s| active(s)) {
            self.enemy_king_safety(king, seat, enemy, safety);
        }
    }

    /// The checks that `enemy`'s pieces give `seat`'s royal piece on
    /// `king`, and the pins they make, added to `safety`.
    #[inline(always)]
    fn enemy_king_safety(&self, king: Sq, seat: Seat, enemy: Seat, safety: &mut KingSafety) {
        let rules = self.rules();
        let board = &self.board;
        let own = self.seat_occupied[enemy].low_bits();
        for &(squares, types) in rules.leap_attacks(enemy, king) {
            let mut found = self.pieces_on(enemy, own, squares, types);
            while found != 0 {
                safety.add_checker(found.trailing_zeros() as Sq, &[]);
                found &= found - 1;
            }
        }
        if self.no_rider_toward(enemy, king) || self.rides_show_nothing(king, seat, enemy) {
            return;
        }
        // The lines mostly take turns between two sets of attacker types
        // (rook and queen, bishop and queen): the squares of the last two
        // sets are kept.
        let mut last = [(0, 0); 2];
        let small = rules.square_count() <= 64;
        for attack in rules.attack_lines(enemy, king) {
            // On small boards: no attacker on the ray, no check and no pin.
            if small
                && attack.line.kind == crate::rules::LineKind::Ride
                && attack.line.path == 0
                && attack.ray != 0
            {
                let attackers = match last {
                    [(types, bits), _] | [_, (types, bits)] if types == attack.types => bits,
                    _ => {
                        let bits = self.pieces_of_types(enemy, attack.types);
                        last = [(attack.types, bits), last[0]];
                        bits
                    }
                };
                if attack.ray as u64 & attackers != 0 {
                    self.scan_king_ray(attack, seat, attackers, safety);
                }
                continue;
            }
            let attacker = |s: Sq| {
                let p = board[s as usize];
                p.is_some() && p.seat() == enemy && !p.dead() && p.kind().is_in(attack.types)
            };
            self.scan_king_line(&attack.line, seat, attacker, safety);
        }
    }

    /// Where `enemy`'s attack lines toward `king` are all read as slides
    /// ([`crate::rules::BitTables::attack_slides`]): whether they show
    /// `seat` neither a check nor a pin, with two lookups per group of
    /// rides (the first pieces, then those behind `seat`'s own first
    /// pieces). Then the walk over the lines has nothing to add; otherwise
    /// it finds which.
    #[inline(always)]
    fn rides_show_nothing(&self, king: Sq, seat: Seat, enemy: Seat) -> bool {
        let rules = self.rules();
        let BoardBits::Narrow(bits) = &rules.bits else {
            return false;
        };
        let slides = bits.attack_slides(rules, enemy, king);
        if slides.len() == 0 {
            return false;
        }
        let occupied = self.occupied.low_bits();
        let own = self.seat_occupied[seat].low_bits();
        for attack in slides {
            let riders = self.pieces_of_types(enemy, attack.types);
            if attack.squares & riders == 0 {
                continue;
            }
            let first = attack.reach(occupied);
            let shields = first & own;
            if first & riders != 0
                || shields != 0 && attack.reach(occupied & !shields) & riders != 0
            {
                return false;
            }
        }
        true
    }

    /// [`Position::scan_king_line`] for a plain ride on a board of at most
    /// 64 squares, with bitboards: the first piece on the ray checks if it
    /// is one of `attackers`; an own piece is pinned if the next one is.
    #[inline(always)]
    fn scan_king_ray(
        &self,
        attack: &crate::rules::AttackLine,
        seat: Seat,
        attackers: u64,
        safety: &mut KingSafety,
    ) {
        let ray = attack.ray as u64;
        let blockers = ray & self.occupied.low_bits();
        let first = attack.nearest(blockers);
        let bit = 1u64 << first;
        if attackers & bit != 0 {
            let nearer = if attack.increasing {
                bit - 1
            } else {
                !(bit | (bit - 1))
            };
            safety.add_checker_bits(first as Sq, ray & nearer);
            return;
        }
        let rest = blockers & !bit;
        let own = self.seat_occupied[seat].low_bits() & bit != 0;
        if own
            && rest != 0
            && !self.board[first as usize].dead()
            && attackers >> attack.nearest(rest) & 1 != 0
        {
            safety.add_pinned(first as Sq);
        }
    }

    /// [`Position::king_safety`] with more than two seats: one walk of the
    /// merged attack lines covers every enemy, and a line with no enemy
    /// piece on it is passed by. Never inlined: the two-seat walk keeps its
    /// registers.
    #[inline(never)]
    fn merged_king_safety(&self, king: Sq, seat: Seat, safety: &mut KingSafety) {
        let team = self.rules().seats[seat].team;
        let threats = self.active_enemy_squares(team);
        let lines = self.rules().enemy_attacks_on(king);
        for attack in lines.rays {
            if attack.ray.intersects(&threats) {
                self.scan_enemy_ray(attack, seat, team, safety);
            }
        }
        if lines.others_reach.intersects(&threats) {
            for attack in lines.others {
                let attacker = |s: Sq| self.enemy_attacks_from(s, team, &attack.types);
                self.scan_king_line(&attack.line, seat, attacker, safety);
            }
        }
    }

    /// [`Position::scan_king_line`] for a plain ride of the merged attack
    /// lines ([`crate::rules::EnemyAttackLine::ray`]), with sets: the first
    /// piece on the ray checks if it attacks along it; an own piece is
    /// pinned if the next one does.
    #[inline(always)]
    fn scan_enemy_ray(
        &self,
        attack: &crate::rules::EnemyAttackLine,
        seat: Seat,
        team: usize,
        safety: &mut KingSafety,
    ) {
        let blockers = attack.ray & self.occupied;
        let Some(first) = Self::nearest_on_ray(attack, blockers) else {
            return;
        };
        let (nearer, beyond) = if attack.increasing {
            (SqSet::below(first), SqSet::above(first))
        } else {
            (SqSet::above(first), SqSet::below(first))
        };
        if self.enemy_attacks_from(first, team, &attack.types) {
            safety.add_checker_set(first, &(attack.ray & nearer));
            return;
        }
        let p = self.board[first as usize];
        if p.is_wall() || p.dead() || p.seat() != seat {
            return;
        }
        if Self::nearest_on_ray(attack, blockers & beyond)
            .is_some_and(|pinner| self.enemy_attacks_from(pinner, team, &attack.types))
        {
            safety.add_pinned(first);
        }
    }

    /// The square of `blockers` nearest the start of a merged attack
    /// line's ray, if any.
    #[inline(always)]
    fn nearest_on_ray(attack: &crate::rules::EnemyAttackLine, blockers: SqSet) -> Option<Sq> {
        if blockers.is_empty() {
            None
        } else if attack.increasing {
            Some(blockers.lowest())
        } else {
            Some(blockers.highest())
        }
    }

    /// Adds the check and the pin an attack line toward `seat`'s royal piece
    /// holds: a ride's first piece if it attacks (a check), or an own piece
    /// followed by an attacker (a pin); another line's landing square.
    #[inline]
    fn scan_king_line(
        &self,
        line: &crate::rules::Line,
        seat: Seat,
        attacker: impl Fn(Sq) -> bool,
        safety: &mut KingSafety,
    ) {
        let squares = self.rules().line_squares(line);
        if line.kind != crate::rules::LineKind::Ride || line.path != 0 {
            let landing = squares[squares.len() - 1];
            if attacker(landing) {
                safety.add_checker(landing, &[]);
            }
            return;
        }
        let mut blocker = None;
        for (i, &s) in squares.iter().enumerate() {
            let p = self.board[s as usize];
            if p.is_none() {
                continue;
            }
            match blocker {
                None if attacker(s) => {
                    safety.add_checker(s, &squares[..i]);
                }
                None if p.seat() == seat && !p.dead() && !p.is_wall() => {
                    blocker = Some(s);
                    continue;
                }
                Some(b) if attacker(s) => safety.add_pinned(b),
                _ => {}
            }
            break;
        }
    }

    /// Whether `sq` is attacked by any active enemy of `seat`, or guarded
    /// by an enemy walking king (eliminated seats attack nothing else).
    /// With more than two seats, one walk of the merged attack lines tests
    /// every enemy at once.
    #[inline]
    pub fn attacked_by_enemy(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        match rules.seats.len() {
            // Alone, a seat has no enemy.
            0 | 1 => false,
            2 => self
                .other_seat_if_enemy(seat)
                .is_some_and(|enemy| self.attacked_by(sq, enemy)),
            _ => self.attacked_by_enemy_seats(sq, seat) || self.guarded_by_walking_king(sq, seat),
        }
    }

    /// Whether a walking king of another team stands next to `sq`: no king
    /// may step beside it (chess.com's record 100787652, where Blue's king
    /// cannot flee next to Red's walking king and is mated), though it
    /// attacks nothing else and, never standing beside a king of a player
    /// still in, gives no check.
    fn guarded_by_walking_king(&self, sq: Sq, seat: Seat) -> bool {
        if self.state.eliminated == 0 {
            return false;
        }
        let rules = self.rules();
        let team = rules.seats[seat].team;
        Seat::all(rules.seats.len()).any(|s| {
            rules.seats[s].team != team
                && self.is_eliminated(s)
                && self.royal(s).is_some_and(|k| {
                    let df = rules.file_of(k).abs_diff(rules.file_of(sq));
                    let dr = rules.rank_of(k).abs_diff(rules.rank_of(sq));
                    k != sq && df <= 1 && dr <= 1
                })
        })
    }

    /// [`Position::attacked_by_enemy`], remembered across the moves from one
    /// position. Where the last ply was a plain move (only its two squares
    /// changed: [`RuleTable::plain_make`]) touching none of the squares
    /// that decide whether `sq` is attacked ([`Position::deciding_squares`]),
    /// `sq` is attacked as it was in the position the ply was played from:
    /// the answer found after one such move from there serves after the
    /// others (perft's last-ply parents are mostly such siblings). `lifted`
    /// is the square of a piece of `seat` taken off the board for the test
    /// ([`NO_SQ`] for none), part of what the answer is remembered for,
    /// with `seat`.
    pub(crate) fn attacked_by_enemy_recalled(&mut self, sq: Sq, seat: Seat, lifted: Sq) -> bool {
        let Some((node, from, to)) = self.plain_last_ply() else {
            return self.attacked_by_enemy(sq, seat);
        };
        let key = Self::memo_key(node, seat, lifted);
        let memo = &self.attack_memo[sq as usize];
        if memo.key == key {
            if untouched(&memo.squares, (from, to)) {
                return memo.answer;
            }
            // The ply touched what decides it in the position it was played
            // from, so it touches what decides it here too.
            return self.attacked_by_enemy(sq, seat);
        }
        self.attacked_remembered(sq, seat, key, (from, to))
    }

    /// [`Position::attacked_by_enemy_recalled`] where no answer is
    /// remembered for `key`: found, and remembered where the last ply
    /// (`from`, `to`) left what decides it. Out of line: the remembered
    /// answer's way keeps a small frame.
    #[inline(never)]
    fn attacked_remembered(&mut self, sq: Sq, seat: Seat, key: u64, (from, to): (Sq, Sq)) -> bool {
        let attacked = self.attacked_by_enemy(sq, seat);
        let squares = self.deciding_squares(sq, seat, 1);
        if untouched(&squares, (from, to)) {
            self.attack_memo[sq as usize] = Remembered {
                key,
                squares,
                answer: attacked,
            };
        }
        attacked
    }

    /// Where the last ply was a plain move (only its two squares changed:
    /// [`RuleTable::plain_make`]): the [`Position::node`] it was played
    /// from, and its two squares.
    #[inline(always)]
    fn plain_last_ply(&self) -> Option<(u64, Sq, Sq)> {
        let undo = self.history.last()?;
        match undo.mv {
            Some(Move::Normal { from, to }) if self.rules.plain_make => {
                Some((undo.state.node, from, to))
            }
            _ => None,
        }
    }

    /// What a remembered answer holds for: the position `node`, `seat` and
    /// a square.
    #[inline(always)]
    fn memo_key(node: u64, seat: Seat, sq: Sq) -> u64 {
        // Squares below 256 (`NO_SQ` keeps 9 bits of ones), seats below 16.
        node << 13 | u64::from(sq & 0x1ff) << 4 | seat.index() as u64
    }

    /// With two seats, the other one where it is an active enemy of `seat`
    /// (not its team's, not eliminated): the only seat that may attack it.
    #[inline(always)]
    pub(crate) fn other_seat_if_enemy(&self, seat: Seat) -> Option<Seat> {
        self.rules().opponents[seat].filter(|&other| !self.is_eliminated(other))
    }

    /// [`Position::attacked_by_enemy`] with more than two seats: one walk
    /// of the merged attack lines tests every enemy at once. Out of line:
    /// the two-seat test is inlined where it is asked.
    #[inline(never)]
    fn attacked_by_enemy_seats(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        let team = rules.seats[seat].team;
        let threats = self.active_enemy_squares(team);
        let lines = rules.enemy_attacks_on(sq);
        lines.rays.iter().any(|attack| {
            attack.ray.intersects(&threats)
                && Self::nearest_on_ray(attack, attack.ray & self.occupied)
                    .is_some_and(|s| self.enemy_attacks_from(s, team, &attack.types))
        }) || lines.others_reach.intersects(&threats)
            && lines.others.iter().any(|attack| {
                self.line_hits(&attack.line, &mut |s: Sq| {
                    self.enemy_attacks_from(s, team, &attack.types)
                })
            })
    }

    /// [`Position::attacked_by_enemy`] counting only the pieces on the
    /// board, where some were taken off it with [`Position::lift`] (the
    /// piece-type sets still hold them).
    pub(crate) fn attacked_by_enemy_on_board(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        if rules.seats.len() > 2 {
            // Every attack line is read from the board.
            return self.attacked_by_enemy(sq, seat);
        }
        let team = rules.seats[seat].team;
        Seat::all(rules.seats.len()).any(|s| {
            rules.seats[s].team != team
                && !self.is_eliminated(s)
                && self.find_attacker(sq, s, |from| self.board[from as usize].is_some())
        })
    }

    /// The squares of the pieces of the seats in play not of `team`: every
    /// enemy attacker stands on one.
    #[inline]
    fn active_enemy_squares(&self, team: usize) -> SqSet {
        let rules = self.rules();
        let mut threats = SqSet::EMPTY;
        for s in Seat::all(rules.seats.len()) {
            if rules.seats[s].team != team && !self.is_eliminated(s) {
                threats |= self.seat_occupied[s];
            }
        }
        threats
    }

    /// Whether the piece on `s` belongs to an active enemy of `team` and is
    /// of a type that attacks along a merged attack line (`types`, per seat).
    #[inline]
    pub(crate) fn enemy_attacks_from(&self, s: Sq, team: usize, types: &[u64; MAX_SEATS]) -> bool {
        let p = self.board[s as usize];
        p.is_some()
            && !p.is_wall()
            && !p.dead()
            && self.rules.seats[p.seat()].team != team
            && !self.is_eliminated(p.seat())
            && p.kind().is_in(types[p.seat()])
    }

    /// Whether a seat's royal piece is attacked by an active enemy.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.royal(seat)
            .is_some_and(|k| self.attacked_by_enemy(k, seat))
    }

    /// Whether a seat is in check as Fairy-Stockfish reports it and judges
    /// mate by: its royal piece is attacked by an active enemy, or one of its
    /// pseudo-royal pieces is, or (`dupleCheck`) every piece of its
    /// pseudo-royal types is. Legality reads [`Position::in_check`] and the
    /// pseudo-royal rules of the move generator instead.
    pub fn checked(&self, seat: Seat) -> bool {
        if self.in_check(seat) {
            return true;
        }
        let Some((_, _, duple)) = self.rules.pseudo_royal else {
            return false;
        };
        // With blasts, a piece touching an enemy pseudo-royal piece cannot be
        // taken: the capture would explode the taker's own.
        let theirs = self.enemy_pseudo_royals_if_blasts(seat);
        self.pseudo_royals(seat)
            .iter()
            .any(|s| self.attacked_by_enemy(s, seat) && !self.touches(s, &theirs))
            || (duple && self.duple_checked(seat))
    }

    /// Where captures explode, the pseudo-royal pieces of every seat not on
    /// `seat`'s team (empty otherwise).
    pub(crate) fn enemy_pseudo_royals_if_blasts(&self, seat: Seat) -> SqSet {
        let mut out = SqSet::default();
        if self.rules.blast.is_none() {
            return out;
        }
        if let Some(enemy) = self.rules.opponents[seat] {
            return self.pseudo_royals(enemy);
        }
        let team = self.rules.seats[seat].team;
        for enemy in Seat::all(self.rules.seats.len()).filter(|&e| self.rules.seats[e].team != team)
        {
            out |= self.pseudo_royals(enemy);
        }
        out
    }

    /// Whether `sq` is next to one of `squares`.
    pub(crate) fn touches(&self, sq: Sq, squares: &SqSet) -> bool {
        self.rules.neighbours[sq as usize].intersects(squares)
    }

    /// After a move where captures explode (made, or its squares and blast
    /// lifted off the board with [`Position::lift`]): whether the mover's
    /// pseudo-royal pieces (`ours`, where the move left them) are safe, as
    /// Fairy-Stockfish judges it. None may have exploded; exploding one of
    /// the opponent's (`theirs`, before the move) wins whatever else the move
    /// leaves; and a piece touching one of the opponent's cannot be taken.
    pub(crate) fn blast_safe(&self, us: Seat, ours: &SqSet, theirs: &SqSet) -> bool {
        let stands = |sq: Sq, seat: Seat| {
            let p = self.board[sq as usize];
            p.is_some() && !p.is_wall() && p.seat() == seat
        };
        if !ours.iter().all(|s| stands(s, us)) {
            return false;
        }
        let team = self.rules.seats[us].team;
        let enemy_stands = |sq: Sq| {
            let p = self.board[sq as usize];
            p.is_some() && !p.is_wall() && self.rules.seats[p.seat()].team != team
        };
        if theirs.iter().any(|s| !enemy_stands(s)) {
            return true;
        }
        ours.iter()
            .all(|s| self.touches(s, theirs) || !self.attacked_by_enemy_on_board(s, us))
    }

    /// Whether every piece of the seat's pseudo-royal types is attacked
    /// (and there is one): `dupleCheck`'s check.
    pub(crate) fn duple_checked(&self, seat: Seat) -> bool {
        let candidates = self.duple_candidates(seat);
        !candidates.is_empty() && candidates.iter().all(|s| self.attacked_by_enemy(s, seat))
    }

    /// The squares of every piece of the seat's pseudo-royal types when
    /// `dupleCheck` is on (empty otherwise): a move that leaves them all
    /// attacked is illegal.
    pub(crate) fn duple_candidates(&self, seat: Seat) -> SqSet {
        let mut out = SqSet::default();
        let Some((mask, _, true)) = self.rules.pseudo_royal else {
            return out;
        };
        for &s in self.pieces_of(seat) {
            if self.board[s as usize].kind().is_in(mask) {
                out.insert(s);
            }
        }
        out
    }

    /// Whether the piece of the side to move on `from` is pseudo-royal and,
    /// turned into `becomes`, stays so, every other piece's pseudo-royalty
    /// unchanged: the types count apart (not `*`) and without `dupleCheck`,
    /// its type's count makes it pseudo-royal, and the new type's count
    /// allows one more piece (then the old type's, one fewer, still does).
    pub(crate) fn stays_pseudo_royal(&self, from: Sq, becomes: PieceType) -> bool {
        let Some((mask, limit, false)) = self.rules.pseudo_royal else {
            return false;
        };
        let us = self.state.to_move;
        let was = self.board[from as usize].kind();
        mask != u64::MAX
            && was.is_in(mask)
            && becomes.is_in(mask)
            && u32::from(self.count(us, was)) <= limit
            && u32::from(self.count(us, becomes)) < limit
    }

    /// The squares of the seat's pseudo-royal pieces (extinction pieces down
    /// to their last ones). Inlined: where the types count apart on a board
    /// of at most 64 squares, one pass over the pseudo-royal types' bitboards
    /// (6x6atom perft 6 −1.6 % instructions); elsewhere
    /// [`Position::pseudo_royals_counted`].
    #[inline]
    pub fn pseudo_royals(&self, seat: Seat) -> SqSet {
        let Some((mask, limit, _)) = self.rules.pseudo_royal else {
            return SqSet::default();
        };
        if mask == u64::MAX || self.rules.square_count() > 64 {
            return self.pseudo_royals_counted(seat, mask, limit);
        }
        // Each type's bitboard while its count allows.
        let start = self.rules.seat_type(seat, PieceType::new(0));
        let counts = &self.counts[start..][..self.rules.pieces.len()];
        let own = &self.piece_bits[start..][..counts.len()];
        let mut bits = 0;
        let mut rest = mask & self.rules.all_types();
        while rest != 0 {
            let kind = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if u32::from(counts[kind]) <= limit {
                bits |= own[kind];
            }
        }
        SqSet::from_words([bits, 0, 0, 0])
    }

    /// [`Position::pseudo_royals`] where the types count together (`*`, every
    /// bit of `mask`) or the board holds more than 64 squares.
    #[inline(never)]
    fn pseudo_royals_counted(&self, seat: Seat, mask: u64, limit: u32) -> SqSet {
        let all_types = self.rules.all_types();
        // The types whose pieces are pseudo-royal: with `*` (every bit) all
        // of them while their total allows, else each while its own count
        // does. Walking the mask's bits, not every type.
        let mut types = 0;
        let mut total = 0;
        let mut rest = mask & all_types;
        while rest != 0 {
            let t = PieceType::new(rest.trailing_zeros() as usize);
            rest &= rest - 1;
            let count = u32::from(self.count(seat, t));
            total += count;
            if count <= limit {
                types |= t.bit();
            }
        }
        if mask == u64::MAX {
            types = if total <= limit { mask } else { 0 };
        }
        if types == 0 {
            return SqSet::default();
        }
        if self.rules.square_count() <= 64 {
            return self.pieces_of_types(seat, types).to_set();
        }
        let mut out = SqSet::default();
        for &sq in self.pieces_of(seat) {
            let p = self.board[sq as usize];
            if !p.dead() && p.kind().is_in(types) {
                out.insert(sq);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::catalog::Catalog;
    use crate::game::Action;
    use crate::game::Game;
    use crate::moves::Move;
    use crate::rng::SplitMix64;
    use crate::rules::{RuleTable, compile};
    use crate::seat::Seat;

    use super::{KingSafety, Position};

    /// Checks, pins and attacked squares as the merged attack lines judge
    /// them and as each enemy's own lines, walked in turn, judge them.
    /// Returns how many comparisons were made.
    fn compare_merged_with_seat_by_seat(pos: &Position) -> usize {
        let rules = pos.rules();
        let mut compared = 0;
        for seat in Seat::all(rules.seats.len()) {
            if let Some(king) = pos.royal(seat) {
                let (mut merged, mut walked) = (KingSafety::default(), KingSafety::default());
                pos.merged_king_safety(king, seat, &mut merged);
                pos.seat_by_seat_king_safety(king, seat, &mut walked);
                let fen = pos.fen();
                assert_eq!(
                    merged.checkers, walked.checkers,
                    "{fen}: checkers of {seat:?}"
                );
                assert_eq!(merged.answer_set(), walked.answer_set(), "{fen}: {seat:?}");
                assert_eq!(merged.pinned(), walked.pinned(), "{fen}: pins of {seat:?}");
                compared += 1;
            }
            let team = rules.seats[seat].team;
            for sq in 0..rules.square_count() as super::Sq {
                // Walking kings guard the squares around them, apart from
                // the attack lines.
                let seat_by_seat = Seat::all(rules.seats.len()).any(|s| {
                    rules.seats[s].team != team && !pos.is_eliminated(s) && pos.attacked_by(sq, s)
                }) || rules.seats.len() > 2
                    && pos.guarded_by_walking_king(sq, seat);
                assert_eq!(
                    pos.attacked_by_enemy(sq, seat),
                    seat_by_seat,
                    "{}: square {sq} against {seat:?}",
                    pos.fen()
                );
                compared += 1;
            }
        }
        compared
    }

    /// With more than two seats, the merged attack lines (plain rides read
    /// as bitboards, lines without an enemy piece passed by) agree with
    /// each enemy's own lines in positions of random games of every
    /// shipped variant, players resigning on the way (dead pieces, seats
    /// out of play).
    #[test]
    fn merged_attack_lines_agree_with_each_enemys_own() {
        let catalog = Catalog::shipped();
        let mut variants = 0;
        let mut compared = 0;
        for name in catalog.names() {
            let definition = catalog.checked(name).expect("a shipped variant checks");
            let rules = Arc::new(compile(definition).expect("a shipped variant compiles"));
            if rules.seats.len() <= 2 {
                continue;
            }
            variants += 1;
            for seed in 0..6 {
                let mut game =
                    Game::new(rules.clone(), definition.start_fen(), seed).expect("a valid start");
                let mut rng = SplitMix64::new(seed);
                for ply in 0..160 {
                    compared += compare_merged_with_seat_by_seat(game.position());
                    let Some(seat) = game.to_move() else { break };
                    if game.result().is_some() || game.legal_moves().is_empty() {
                        break;
                    }
                    if game.position().is_eliminated(seat) {
                        game.play_auto().expect("a walking king moves");
                    } else if ply % 50 == 49 {
                        game.act(Action::Resign, Some(seat)).expect("a resignation");
                    } else {
                        let moves = game.legal_moves();
                        let mv = moves[rng.below(moves.len())];
                        game.play(mv).expect("a legal move");
                    }
                }
            }
        }
        assert!(
            variants >= 6,
            "{variants} shipped variants of more than two seats"
        );
        assert!(compared > 100_000, "{compared} comparisons");
    }

    /// Plays `seeds` random games of `plies` plies at most of every shipped
    /// variant, handing `visit` the variant's name and rule table, a copy
    /// of each position before its move, and that position's legal moves.
    fn visit_random_games(
        seeds: u64,
        plies: usize,
        mut visit: impl FnMut(&str, &RuleTable, &mut Position, &[Move]),
    ) {
        let catalog = Catalog::shipped();
        for name in catalog.names() {
            let definition = catalog.checked(name).expect("a shipped variant checks");
            let rules = Arc::new(compile(definition).expect("a shipped variant compiles"));
            for seed in 0..seeds {
                let mut game =
                    Game::new(rules.clone(), definition.start_fen(), seed).expect("a valid start");
                let mut rng = SplitMix64::new(seed);
                for _ in 0..plies {
                    if game.result().is_some() || game.legal_moves().is_empty() {
                        break;
                    }
                    let moves = game.legal_moves();
                    let mut pos = game.position().clone();
                    visit(name, &rules, &mut pos, moves);
                    let mv = moves[rng.below(moves.len())];
                    game.play(mv).expect("a legal move");
                }
            }
        }
    }

    /// The attacks remembered across the moves from one position
    /// ([`Position::attacked_by_enemy_recalled`]) are those found afresh,
    /// for every square, every seat, with or without its royal piece
    /// lifted, after every move from the positions of random games of
    /// every shipped variant.
    #[test]
    fn remembered_attacks_are_those_found_afresh() {
        let (mut compared, mut remembered, mut safeties) = (0, 0, 0);
        visit_random_games(2, 40, |_, rules, pos, moves| {
            // A seat and a lifted piece at a time, so that one move's
            // answers serve the next ones.
            for seat in Seat::all(rules.seats.len()) {
                for lifting in [false, true] {
                    for &mv in moves {
                        pos.make(mv);
                        let lifted = pos.royal(seat).filter(|_| lifting);
                        let (n, r) = compare_recalled_with_afresh(pos, seat, lifted);
                        (compared, remembered) = (compared + n, remembered + r);
                        if !lifting {
                            safeties += compare_recalled_safety(pos, seat);
                        }
                        pos.unmake();
                    }
                }
            }
        });
        assert!(compared > 1_000_000, "{compared} comparisons");
        assert!(
            remembered > compared / 4,
            "{remembered} of {compared} remembered"
        );
        assert!(safeties > 10_000, "{safeties} checks and pins remembered");
    }

    /// A double or triple step that [`Position::passes_unreached`] tells
    /// leaves no target leaves none when its passed squares are found:
    /// every such step of random games of every shipped variant.
    #[test]
    fn steps_told_unreached_leave_no_target() {
        let (mut told, mut targets) = (0, 0);
        visit_random_games(3, 60, |name, rules, pos, moves| {
            let us = pos.to_move();
            for &mv in moves {
                let Move::Normal { from, to } = mv else {
                    continue;
                };
                let info = &rules.pieces[pos.piece_at(from).kind()];
                let Some(way) = rules.double_step_way(from, to) else {
                    continue;
                };
                if !info.leaves_en_passant[us] || pos.piece_at(to).is_some() {
                    continue;
                }
                pos.make(mv);
                let found = pos.double_step_targets(us, from, to);
                if pos.passes_unreached(rules, us, info, from, way) {
                    assert!(found.is_none(), "{name}: {mv:?} to {}", pos.fen());
                    told += 1;
                }
                targets += usize::from(found.is_some());
                pos.unmake();
            }
        });
        assert!(told > 10_000, "{told} steps told unreached");
        assert!(targets > 1_000, "{targets} steps left a target");
    }

    /// Compares [`Position::king_safety_recalled`] with
    /// [`Position::king_safety`] for `seat`; returns 1 where the answer
    /// was remembered.
    fn compare_recalled_safety(pos: &mut Position, seat: Seat) -> usize {
        let remembered = pos.royal(seat).is_some_and(|king| {
            pos.plain_last_ply().is_some_and(|(node, from, to)| {
                let memo = &pos.safety_memo;
                memo.key == Position::<Arc<RuleTable>>::memo_key(node, seat, king)
                    && super::untouched(&memo.squares, (from, to))
            })
        });
        let (recalled, afresh) = (pos.king_safety_recalled(seat), pos.king_safety(seat));
        let fen = pos.fen();
        assert_eq!(recalled.checkers, afresh.checkers, "{fen}: {seat:?}");
        assert_eq!(
            recalled.answer_set(),
            afresh.answer_set(),
            "{fen}: {seat:?}"
        );
        assert_eq!(recalled.pinned(), afresh.pinned(), "{fen}: {seat:?}");
        usize::from(remembered)
    }

    /// Compares [`Position::attacked_by_enemy_recalled`] with
    /// [`Position::attacked_by_enemy`] on every square for `seat`, with
    /// the piece on `lifted` taken off the board. Returns how many squares
    /// were compared, and of them how many answers were remembered.
    fn compare_recalled_with_afresh(
        pos: &mut Position,
        seat: Seat,
        lifted: Option<super::Sq>,
    ) -> (usize, usize) {
        let piece = lifted.map(|sq| (sq, pos.lift(sq)));
        let mut remembered = 0;
        let squares = pos.rules().square_count() as super::Sq;
        for sq in 0..squares {
            let held = pos.plain_last_ply().is_some_and(|(node, from, to)| {
                let memo = &pos.attack_memo[sq as usize];
                let key = Position::<Arc<RuleTable>>::memo_key(
                    node,
                    seat,
                    lifted.unwrap_or(super::NO_SQ),
                );
                memo.key == key && super::untouched(&memo.squares, (from, to))
            });
            remembered += usize::from(held);
            let afresh = pos.attacked_by_enemy(sq, seat);
            let recalled = pos.attacked_by_enemy_recalled(sq, seat, lifted.unwrap_or(super::NO_SQ));
            assert_eq!(recalled, afresh, "{}: square {sq}, {seat:?}", pos.fen());
        }
        if let Some((sq, piece)) = piece {
            pos.drop_back(sq, piece);
        }
        (usize::from(squares), remembered)
    }
}
