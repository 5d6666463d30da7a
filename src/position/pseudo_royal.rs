//! Pseudo-royal pieces (`extinctionPseudoRoyal`, blasts): which stand,
//! which a blast would take, and `dupleCheck`.

use super::Position;
use super::RuleHandle;
use crate::piece_type::PieceType;
use crate::rules::{Bitboard, PseudoRoyalty, Sq, SqSet};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
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
        let Some(PseudoRoyalty {
            types: mask,
            duple: true,
            ..
        }) = self.rules.royalty.pseudo
        else {
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
        let Some(PseudoRoyalty {
            types: mask,
            limit,
            duple: false,
        }) = self.rules.royalty.pseudo
        else {
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
    /// (`docs/performance.md`, inlining); elsewhere
    /// `Position::pseudo_royals_counted`.
    #[inline]
    pub fn pseudo_royals(&self, seat: Seat) -> SqSet {
        let Some(PseudoRoyalty {
            types: mask, limit, ..
        }) = self.rules.royalty.pseudo
        else {
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
    pub(super) fn pseudo_royals_counted(&self, seat: Seat, mask: u64, limit: u32) -> SqSet {
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
