//! Drops: each type's drop squares, the checks they answer and the rules
//! that limit them (bishops' colours, a royal piece dropped safe).

use super::MoveSink;
use crate::moves::Move;
use crate::piece_type::PieceType;
use crate::position::{KingSafety, Position, RuleHandle};
use crate::rules::{Sq, SqSet};
use crate::seat::Seat;

/// Whether the side to move's drops keep its bishops able to stand on
/// squares of both colours (`dropOppositeColoredBishop`), for each kind of
/// drop square ([`Position::bishop_balance`]).
pub(super) struct BishopBalance {
    /// The bishop type.
    pub(super) bishop: PieceType,
    /// The dark squares.
    pub(super) dark: SqSet,
    /// The squares a bishop may still be dropped on.
    pub(super) free: SqSet,
    /// Whether a bishop may be dropped on a dark square, and on a light one.
    pub(super) bishop_on_dark: bool,
    pub(super) bishop_on_light: bool,
    /// Whether another piece may be dropped off `free`, on a dark square of
    /// it, and on a light one.
    pub(super) elsewhere: bool,
    pub(super) on_free_dark: bool,
    pub(super) on_free_light: bool,
}

impl BishopBalance {
    /// Whether a drop of `placed` on `to` keeps the balance.
    pub(super) fn allows(&self, placed: PieceType, to: Sq) -> bool {
        self.squares_for(placed).contains(to)
    }

    /// The squares on which a drop of `placed` keeps the balance: for a
    /// bishop, those of each colour that may take one more; for another
    /// piece, off the bishops' free squares, on their dark ones and on
    /// their light ones, each as the room left for the bishops allows.
    pub(super) fn squares_for(&self, placed: PieceType) -> SqSet {
        let light = SqSet::ALL.difference(&self.dark);
        let pick = |allowed: bool, squares: SqSet| {
            if allowed { squares } else { SqSet::default() }
        };
        if placed == self.bishop {
            return pick(self.bishop_on_dark, self.dark).union(&pick(self.bishop_on_light, light));
        }
        let free_dark = self.free.intersection(&self.dark);
        let free_light = self.free.difference(&self.dark);
        pick(self.elsewhere, SqSet::ALL.difference(&self.free))
            .union(&pick(self.on_free_dark, free_dark))
            .union(&pick(self.on_free_light, free_light))
    }
}

/// What the fast generator's drops keep to beyond their squares
/// ([`Position::drops_within`]): the bishops' balance
/// (`dropOppositeColoredBishop`), and that a royal piece (placement's king)
/// lands where no enemy piece attacks it.
pub(super) struct DropLimits {
    /// The bishops' balance, where the variant keeps one.
    pub(super) balance: Option<BishopBalance>,
    /// Whether a royal piece in hand must land where no enemy piece
    /// attacks.
    pub(super) royal_safe: bool,
}

impl<R: RuleHandle> Position<R> {
    /// Hands every drop of the side to move onto a square of `allowed`, and
    /// within `limits` where given, to `emit`: for each type in hand, the
    /// promoted drop first where the variant allows it, then the plain one.
    pub(super) fn drop_moves(
        &self,
        allowed: SqSet,
        limits: Option<&DropLimits>,
        emit: &mut impl FnMut(Move),
    ) {
        let rules = self.rules();
        let Some(hand) = rules.hand.as_ref().filter(|h| h.drops) else {
            return;
        };
        let us = self.to_move();
        for kind in PieceType::all(rules.pieces.len()) {
            if !self.can_drop(us, kind) {
                continue;
            }
            let squares = self.drop_squares(us, kind).intersection(&allowed);
            let promoted = rules.pieces[kind].promotes_to.filter(|_| hand.promoted);
            for placed in promoted.into_iter().chain([kind]) {
                let squares = match limits {
                    Some(limits) => self.drops_within(placed, squares, limits),
                    None => squares,
                };
                for to in squares.iter() {
                    emit(Move::Drop {
                        piece: kind,
                        placed,
                        to,
                    });
                }
            }
        }
    }

    /// The empty squares a seat may drop a piece of a type on: the type's
    /// drop region, less the files where it may not double.
    pub fn drop_squares(&self, seat: Seat, kind: PieceType) -> SqSet {
        let rules = self.rules();
        let Some(hand) = &rules.hand else {
            return SqSet::default();
        };
        let region = &hand.region[rules.seat_type(seat, kind)];
        let mut out = region.difference(self.occupied());
        if let Some((doubled, limit)) = hand.no_doubled
            && doubled == kind
        {
            let mut per_file = [0u16; crate::board::MAX_FILES as usize];
            for &sq in self.pieces_of(seat) {
                if self.piece_at(sq).kind() == kind {
                    per_file[rules.file_of(sq) as usize] += 1;
                }
            }
            let open = out;
            for sq in open.iter() {
                if per_file[rules.file_of(sq) as usize] >= limit {
                    out.remove(sq);
                }
            }
        }
        if hand.enclosing.is_some() {
            out = self.enclosing_drops(seat, out);
        }
        out
    }

    /// What `dropOppositeColoredBishop` asks of the side to move's drops
    /// ([`BishopBalance`]), counted once for all of them; `None` where the
    /// variant has no such rule (told without a call).
    #[inline(always)]
    pub(super) fn bishop_balance(&self) -> Option<BishopBalance> {
        let hand = self.rules().hand.as_ref()?;
        let bishop = hand.opposite_coloured_bishops?;
        Some(self.bishop_balance_of(bishop, hand.dark_squares))
    }

    /// [`Position::bishop_balance`] of the bishop type on the `dark`
    /// squares.
    #[inline(never)]
    pub(super) fn bishop_balance_of(&self, bishop: PieceType, dark: SqSet) -> BishopBalance {
        let us = self.to_move();
        let total = u32::from(self.count(us, bishop)) + u32::from(self.in_hand(us, bishop));
        let (mut on_dark, mut on_light) = (0, 0);
        for &s in self.pieces_of(us) {
            if self.piece_at(s).kind() == bishop {
                if dark.contains(s) {
                    on_dark += 1;
                } else {
                    on_light += 1;
                }
            }
        }
        let free = self.drop_squares(us, bishop);
        let free_dark = free.intersection(&dark).len() as u32;
        let free_light = free.len() as u32 - free_dark;
        // Enough squares of each colour must remain for the bishops once
        // the drop has taken one (`taken_dark`, `taken_light`) or none.
        let room = |taken_dark: u32, taken_light: u32| {
            on_dark + free_dark >= total / 2 + taken_dark
                && on_light + free_light >= total / 2 + taken_light
        };
        BishopBalance {
            bishop,
            dark,
            free,
            // No more bishops on the drop square's colour than half of them.
            bishop_on_dark: on_dark < total.div_ceil(2),
            bishop_on_light: on_light < total.div_ceil(2),
            elsewhere: room(0, 0),
            on_free_dark: room(1, 0),
            on_free_light: room(0, 1),
        }
    }

    /// Hands `sink` the drops of the side to move: a drop cannot expose its
    /// royal piece, so those on the squares answering a check (all of
    /// them out of check; none in double check) are legal.
    #[inline(always)]
    pub(super) fn drops_answering(&self, safety: &KingSafety, sink: &mut impl MoveSink) {
        let rules = self.rules();
        if safety.checkers < 2
            && rules.hand.as_ref().is_some_and(|h| h.drops)
            && self.can_drop_any(self.to_move())
        {
            sink.drops(self, safety.answer_set(), self.drops_limited());
        }
    }

    /// Whether the side to move's legal drops keep to more than their
    /// squares ([`DropLimits`]): the bishops' balance, or a royal piece in
    /// hand.
    #[inline(always)]
    pub(super) fn drops_limited(&self) -> bool {
        self.rules()
            .hand
            .as_ref()
            .is_some_and(|h| h.opposite_coloured_bishops.is_some())
            || self.may_drop_royal()
    }

    /// Whether the side to move may drop a piece of the royal type.
    #[inline(always)]
    pub(super) fn may_drop_royal(&self) -> bool {
        self.rules()
            .royalty
            .kind
            .is_some_and(|king| self.can_drop(self.to_move(), king))
    }

    /// What the side to move's legal drops keep to beyond their squares.
    #[inline(never)]
    pub(super) fn drop_limits(&self) -> DropLimits {
        DropLimits {
            balance: self.bishop_balance(),
            royal_safe: self.may_drop_royal(),
        }
    }

    /// The squares of `squares` (a type's drop squares) on which a piece
    /// of type `placed` may be dropped within `limits`: where the bishops'
    /// balance allows it, and for a royal type where `limits` asks it, off
    /// the squares the enemy attacks, as Fairy-Stockfish judges any king's
    /// drop (the drop squares' occupants change no attack: the fast
    /// generator's rules have no hopper, lame leaper or blast,
    /// [`FastPaths::pin_legality`]).
    pub(super) fn drops_within(
        &self,
        placed: PieceType,
        squares: SqSet,
        limits: &DropLimits,
    ) -> SqSet {
        let mut squares = squares;
        if let Some(balance) = &limits.balance {
            squares = squares.intersection(&balance.squares_for(placed));
        }
        if limits.royal_safe && self.rules().pieces[placed].royal {
            let us = self.to_move();
            let candidates = squares;
            for to in candidates.iter() {
                if self.attacked_by_enemy(to, us) {
                    squares.remove(to);
                }
            }
        }
        squares
    }
}
