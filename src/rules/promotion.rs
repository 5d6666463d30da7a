//! What the promotion rules make of a piece's move: the forms it may take
//! (a pawn's promotion to each choice, a piece promotion or demotion, the
//! plain move), and how many there are where only that number counts.

use super::RuleTable;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::seat::Seat;

/// One form a piece's move takes under the promotion rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveForm {
    /// A pawn's promotion (`promotionPieceTypes`) to this type.
    PawnPromotion(PieceType),
    /// A piece promotion (`promotedPieceType`) to this type.
    PiecePromotion(PieceType),
    /// A promoted piece's demotion to the type it was (`pieceDemotion`).
    Demotion,
    /// The move as it is, nothing promoted.
    Plain,
}

/// The number of a move's forms ([`RuleTable::move_forms`]) for each
/// [`promotion_count_index`]: a move of an unpromoted or promoted piece of
/// one (seat, type), from inside or outside the promotion region, to inside
/// or outside it, quiet or capturing.
pub type PromotionCounts = [u8; 16];

impl RuleTable {
    /// Hands `emit` the forms of a move of `piece` (its seat, type and
    /// whether it is promoted count) from and to squares inside its
    /// promotion region or not,
    /// capturing or not; `below_limit` says whether a promotion to a type
    /// is still allowed by its `promotionLimit` (asked only of types with a
    /// limit). The caller tests the squares themselves: the mobility region
    /// before, `immobile` for the plain move.
    #[inline]
    pub fn move_forms(
        &self,
        piece: Piece,
        (from_in_zone, to_in_zone): (bool, bool),
        capture: bool,
        below_limit: impl Fn(PieceType) -> bool,
        mut emit: impl FnMut(MoveForm),
    ) {
        let (seat, promoted) = (piece.seat(), piece.promoted());
        let info = &self.pieces[piece.kind()];
        let in_zone = from_in_zone || to_in_zone;
        let allowed = |t: PieceType| self.promotion.limit[t] == 0 || below_limit(t);
        // A shogi-style piece promotion (`promotedPieceType`) of any type but
        // the built-in pawn, into, inside or out of the promotion zone.
        let piece_promotion = info.promotes_to.filter(|&to| {
            !info.builtin_pawn
                && !promoted
                && in_zone
                && (!self.promotion.on_capture || capture)
                && allowed(to)
        });
        // Sittuyin's pawns promote by a move of their own instead.
        if info.promotes_as_pawn[seat] && to_in_zone && !self.promotion.sittuyin {
            for &choice in &self.promotion.choices[seat] {
                if allowed(choice) {
                    emit(MoveForm::PawnPromotion(choice));
                }
            }
            // Fairy-Stockfish's built-in pawn also offers its piece promotion
            // there (backrank's pawns become commoners).
            if info.builtin_pawn
                && let Some(to) = info.promotes_to
                && (!self.promotion.on_capture || capture)
            {
                emit(MoveForm::PiecePromotion(to));
            }
            // A pawn that must promote cannot stop there unpromoted, even
            // when no promotion is left to it; a type that also promotes as
            // a piece keeps that promotion (as Fairy-Stockfish offers both).
            if self.promotion.mandatory_pawn {
                if let Some(to) = piece_promotion {
                    emit(MoveForm::PiecePromotion(to));
                }
                return;
            }
        }
        let mut mandatory = false;
        if info.builtin_pawn {
            // Its piece promotion was offered above, where it belongs.
        } else if promoted {
            if self.promotion.piece_demotion && in_zone && (!self.promotion.on_capture || capture) {
                emit(MoveForm::Demotion);
                mandatory = self.promotion.mandatory_piece;
            }
        } else if let Some(to) = piece_promotion {
            emit(MoveForm::PiecePromotion(to));
            mandatory = self.promotion.mandatory_piece;
        }
        if !mandatory {
            emit(MoveForm::Plain);
        }
    }

    /// Whether a move of `seat`'s piece of `kind` may leave it another
    /// type ([`RuleTable::move_forms`]): the type promotes, or promoted
    /// pieces demote and some promotion (of a pawn or a piece, or a
    /// promoted drop) makes this type.
    pub fn may_change_type(&self, seat: Seat, kind: PieceType) -> bool {
        let info = &self.pieces[kind];
        info.promotes_as_pawn[seat]
            || info.promotes_to.is_some()
            || self.promotion.piece_demotion
                && (self.pieces.iter().any(|p| p.promotes_to == Some(kind))
                    || self.promotion.choices.iter().any(|c| c.contains(&kind)))
    }

    /// The number of forms of a move ([`RuleTable::move_forms`]) of
    /// `seat_type`'s pieces, by [`promotion_count_index`], where no type
    /// has a promotion limit (the number then depends on nothing else).
    #[inline]
    pub fn promotion_counts(&self, seat_type: usize) -> Option<&PromotionCounts> {
        self.promotion.counts.get(seat_type)
    }

    /// The number of forms of every move from a square of `seat_type`'s
    /// pieces (unpromoted, promoted), wherever it ends and whether it
    /// captures; 0 where that number varies or is not known without the
    /// board (`PromotionRules::counts`). `ends_in_zone` lists the
    /// cases a move's end may take: in the promotion region or not.
    pub fn uniform_forms(
        &self,
        seat_type: usize,
        from_in_zone: bool,
        ends_in_zone: &[bool],
    ) -> [u8; 2] {
        let Some(counts) = self.promotion_counts(seat_type) else {
            return [0; 2];
        };
        [false, true].map(|promoted| {
            let mut forms = ends_in_zone.iter().flat_map(|&to_in_zone| {
                [false, true].map(|capture| {
                    counts[promotion_count_index(promoted, from_in_zone, to_in_zone, capture)]
                })
            });
            let first = forms.next().unwrap_or(0);
            if forms.all(|n| n == first) { first } else { 0 }
        })
    }
}

/// The index into [`PromotionCounts`] of a move of a promoted piece or not,
/// from and to the promotion region or not, capturing or not.
#[inline(always)]
pub fn promotion_count_index(
    promoted: bool,
    from_in_zone: bool,
    to_in_zone: bool,
    capture: bool,
) -> usize {
    usize::from(promoted) << 3
        | usize::from(from_in_zone) << 2
        | usize::from(to_in_zone) << 1
        | usize::from(capture)
}

/// Every (seat, type)'s [`PromotionCounts`], or none where a type has a
/// promotion limit (the number of forms then depends on the pieces on the
/// board). A plain move is counted even where `immobile` would forbid it:
/// the counts serve only types whose moves are not restricted by square.
pub(super) fn promotion_counts(table: &RuleTable) -> Vec<PromotionCounts> {
    if table.promotion.limit.iter().any(|&limit| limit != 0) {
        return Vec::new();
    }
    let mut all = Vec::with_capacity(table.seats.len() * table.pieces.len());
    for seat in Seat::all(table.seats.len()) {
        for kind in PieceType::all(table.pieces.len()) {
            let mut counts = PromotionCounts::default();
            for (i, count) in counts.iter_mut().enumerate() {
                let zones = (i & 4 != 0, i & 2 != 0);
                let piece = Piece::new(seat, kind);
                // Only the flag counts: the type it was is not asked.
                let piece = if i & 8 != 0 {
                    piece.with_promoted_from(kind)
                } else {
                    piece
                };
                let mut n = 0u8;
                table.move_forms(piece, zones, i & 1 != 0, |_| true, |_| n += 1);
                *count = n;
            }
            all.push(counts);
        }
    }
    all
}
