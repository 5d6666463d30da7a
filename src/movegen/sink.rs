//! Where generated moves go: a [`MoveSink`] lists them ([`Lister`]) or
//! counts them ([`Counter`]), a piece's plain moves as one bitboard of
//! targets.

use super::DropLimits;
use crate::moves::{Move, MoveList};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::{Bitboard, Sq, SqSet, promotion_count_index};

/// One piece's promotions and demotions for
/// [`Position::promotions_by_exposure`].
pub(super) struct Promotions<B> {
    pub(super) from: Sq,
    pub(super) piece: Piece,
    /// The target squares where the piece promotes or demotes.
    pub(super) promotions: B,
    /// Those of them whose moves are legal untested.
    pub(super) unjudged: B,
    pub(super) occupied: B,
    /// The mover's promotion region.
    pub(super) zone: B,
}

/// Where [`Position::generate_legal`] hands the legal moves.
pub(super) trait MoveSink {
    /// Plain moves of the piece on `from` to every square of `targets`, of
    /// which those to `captures` capture.
    fn batch<B: Bitboard>(&mut self, from: Sq, targets: B, captures: B);
    /// One legal move, and whether it captures (told only where captures
    /// are compulsory: otherwise `false`).
    fn single(&mut self, mv: Move, capture: bool);
    /// Every drop of the side to move onto a square of `allowed`, kept to
    /// [`DropLimits`] where `limited` ([`Position::drops_limited`]).
    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool);
    /// The counter behind the sink where moves need not be told apart
    /// (perft's count): pieces may then be counted together.
    fn counter(&mut self) -> Option<&mut Counter>;
    /// The moves of the piece on `from`, which may promote or demote, to
    /// the empty squares of `quiet` and the enemy pieces of `captures`,
    /// as [`Position::add_move`] makes them (`zone`: the mover's promotion
    /// region); returns whether it took them (else the piece's lines are
    /// walked one by one).
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool;
}

/// Counts the moves (perft's last ply), and apart the captures where
/// captures are compulsory and the drops of the types that must be dropped.
pub(super) struct Counter {
    pub(super) moves: u64,
    /// Whether captures are compulsory (else `captures` stays 0).
    pub(super) must_capture: bool,
    pub(super) captures: u64,
    pub(super) compulsory_drops: u64,
}

impl Counter {
    /// [`MoveSink::drops`] where the drops keep to [`DropLimits`]. Out of
    /// line: most variants' drops keep to their squares alone.
    #[inline(never)]
    pub(super) fn count_limited_drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet) {
        self.count_drops(pos, allowed, Some(&pos.drop_limits()));
    }

    /// Counts the drops of the side to move onto `allowed`, within
    /// `limits` where given.
    #[inline(always)]
    pub(super) fn count_drops<R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        allowed: SqSet,
        limits: Option<&DropLimits>,
    ) {
        let rules = pos.rules();
        let us = pos.to_move();
        let Some(hand) = rules.hand.as_ref() else {
            return;
        };
        for kind in PieceType::all(rules.pieces.len()) {
            if pos.can_drop(us, kind) {
                let squares = pos.drop_squares(us, kind).intersection(&allowed);
                let promoted = rules.pieces[kind].promotes_to.filter(|_| hand.promoted);
                let drops = match limits {
                    None => squares.len() as u64 * (1 + u64::from(promoted.is_some())),
                    Some(limits) => promoted
                        .into_iter()
                        .chain([kind])
                        .map(|placed| pos.drops_within(placed, squares, limits).len() as u64)
                        .sum(),
                };
                self.moves += drops;
                if hand.must_drop.is_some_and(|types| kind.is_in(types)) {
                    self.compulsory_drops += drops;
                }
            }
        }
    }

    /// A counter at zero, counting captures apart if they are compulsory.
    pub(super) fn new(must_capture: bool) -> Counter {
        Counter {
            moves: 0,
            must_capture,
            captures: 0,
            compulsory_drops: 0,
        }
    }

    /// Counts `moves` moves, of which `captures` capture.
    #[inline(always)]
    pub(super) fn add_counts(&mut self, moves: u32, captures: u32) {
        self.moves += u64::from(moves);
        if self.must_capture {
            self.captures += u64::from(captures);
        }
    }

    /// [`Counter::promotions`] where a promotion limit leaves the rule
    /// table without counts: the moves of one target of each kind are
    /// listed through [`Position::add_move`]. Kept out of line: its
    /// locals would give the counted case a frame to set up at every call.
    #[inline(never)]
    pub(super) fn promotions_one_by_one<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool {
        let rules = pos.rules();
        // Where piece promotions do not need a capture, a capture gives as
        // many moves as a quiet move to a square like it.
        let alike = !rules.promotion.on_capture;
        for targets in [zone, !zone] {
            let (quiet, captures) = (quiet & targets, captures & targets);
            let each = |to: Sq, capture: bool| {
                let mut each: u64 = 0;
                pos.add_move(from, to, piece, capture, &mut |_| each += 1);
                each
            };
            let (quiet_each, capture_each) = match (quiet.is_empty(), captures.is_empty()) {
                (true, true) => continue,
                (false, true) => (each(quiet.lowest(), false), 0),
                (true, false) => (0, each(captures.lowest(), true)),
                (false, false) if alike => {
                    let each = each(quiet.lowest(), false);
                    (each, each)
                }
                (false, false) => (each(quiet.lowest(), false), each(captures.lowest(), true)),
            };
            let taken = u64::from(captures.count()) * capture_each;
            self.moves += u64::from(quiet.count()) * quiet_each + taken;
            if self.must_capture {
                self.captures += taken;
            }
        }
        true
    }
}

impl MoveSink for Counter {
    #[inline]
    fn batch<B: Bitboard>(&mut self, _from: Sq, targets: B, captures: B) {
        self.add_counts(targets.count(), captures.count());
    }

    #[inline]
    fn counter(&mut self) -> Option<&mut Counter> {
        Some(self)
    }

    #[inline]
    fn single(&mut self, _mv: Move, capture: bool) {
        self.moves += 1;
        self.captures += u64::from(capture);
    }

    #[inline]
    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool) {
        if limited {
            self.count_limited_drops(pos, allowed);
        } else {
            self.count_drops(pos, allowed, None);
        }
    }

    /// Counts each target's moves as those of one target like it: where
    /// no mobility region or forbidden square applies (the bitboard
    /// tables' condition), [`Position::add_move`] depends on the target
    /// only through whether it captures and whether it lies in `zone`.
    /// Never inlined: inlined, it costs the walk over the pieces its
    /// registers (`docs/performance.md`, inlining).
    #[inline(never)]
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool {
        let rules = pos.rules();
        // Without promotion limits, the number of a target's moves is read
        // from the rule table.
        if let Some(counts) = rules.promotion_counts(rules.seat_type(piece.seat(), piece.kind())) {
            let from_in_zone = !(zone & B::square(from)).is_empty();
            let each = |to_in_zone: bool, capture: bool| {
                u64::from(
                    counts[promotion_count_index(
                        piece.promoted(),
                        from_in_zone,
                        to_in_zone,
                        capture,
                    )],
                )
            };
            let mut taken = 0;
            for (targets, to_in_zone) in [(zone, true), (!zone, false)] {
                let capture_moves =
                    u64::from((captures & targets).count()) * each(to_in_zone, true);
                self.moves +=
                    u64::from((quiet & targets).count()) * each(to_in_zone, false) + capture_moves;
                taken += capture_moves;
            }
            if self.must_capture {
                self.captures += taken;
            }
            return true;
        }
        self.promotions_one_by_one(pos, from, piece, quiet, captures, zone)
    }
}

/// Lists the moves.
pub(super) struct Lister<'a>(pub(super) &'a mut MoveList);

impl Lister<'_> {
    /// [`MoveSink::drops`] where the drops keep to [`DropLimits`]. Out of
    /// line: most variants' drops keep to their squares alone.
    #[inline(never)]
    pub(super) fn limited_drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet) {
        pos.drop_moves(allowed, Some(&pos.drop_limits()), &mut |m| self.0.push(m));
    }
}

impl MoveSink for Lister<'_> {
    #[inline]
    fn batch<B: Bitboard>(&mut self, from: Sq, targets: B, _captures: B) {
        let mut t = targets;
        while let Some(to) = t.pop_lowest() {
            self.0.push(Move::Normal { from, to });
        }
    }

    #[inline]
    fn single(&mut self, mv: Move, _capture: bool) {
        self.0.push(mv);
    }

    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool) {
        if limited {
            self.limited_drops(pos, allowed);
        } else {
            pos.drop_moves(allowed, None, &mut |m| self.0.push(m));
        }
    }

    /// None: a list tells every move apart.
    fn counter(&mut self) -> Option<&mut Counter> {
        None
    }

    /// Lists each target's moves as [`Position::add_move`] gives them,
    /// targets in the order of their squares (as plain moves are listed).
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        _zone: B,
    ) -> bool {
        pos.target_moves(from, piece, quiet | captures, captures, &mut |m, _| {
            self.0.push(m)
        });
        true
    }
}
