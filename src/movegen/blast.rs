//! Legal moves where captures explode and the side to move has one
//! pseudo-royal piece (atomic's king, [`crate::rules::FastPaths::blast_pins`]).
//!
//! A quiet move can only uncover an attack on that piece, so its checks
//! and pins decide quiet moves as they decide a royal king's; while it
//! touches an enemy pseudo-royal piece nothing can take it, so every quiet
//! move is legal. A capture may blow up the piece, the enemy's, or the
//! pieces that shield or attack it: each is judged with its blast
//! ([`Position::blast_capture_legal`]), without being played where that
//! allows.

use super::{BoardMasks, MoveSink, PieceWalk, UnplayedBlasts};
use crate::moves::{Move, MoveList};
use crate::position::{AttackWatch, KingSafety, Position, RuleHandle};
use crate::rules::{BitTables, Bitboard, BoardBits, RuleTable, Sq, SqSet};

impl<R: RuleHandle> Position<R> {
    /// Hands the legal moves to `sink` where
    /// [`FastPaths::blast_pins`] holds and the side to move has exactly one
    /// pseudo-royal piece; false, with nothing told, elsewhere.
    pub(super) fn moves_by_blast_pins(&mut self, sink: &mut impl MoveSink) -> bool {
        let us = self.to_move();
        if !self.rules().fast.blast_pins[us] {
            return false;
        }
        let ours = self.pseudo_royals(us);
        let Some(king) = ours.iter().next().filter(|_| ours.len() == 1) else {
            return false;
        };
        let handle = self.shared_rules().clone();
        match &handle.bits {
            BoardBits::Narrow(bits) => self.moves_by_blast_pins_with(bits, king, sink),
            BoardBits::Double(bits) => self.moves_by_blast_pins_with(bits, king, sink),
            BoardBits::Wide(bits) => self.moves_by_blast_pins_with(bits, king, sink),
        }
        true
    }

    /// [`Position::moves_by_blast_pins`] with the rule table's bitboard
    /// tables, the side's pseudo-royal piece on `king`.
    fn moves_by_blast_pins_with<B: Bitboard>(
        &mut self,
        bits: &BitTables<B>,
        king: Sq,
        sink: &mut impl MoveSink,
    ) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let narrow = match &rules.bits {
            BoardBits::Narrow(narrow) => Some(narrow),
            _ => None,
        };
        let us = self.to_move();
        let theirs = self.enemy_pseudo_royals_if_blasts(us);
        // Touching an enemy pseudo-royal piece, the king cannot be taken
        // while that piece stands: no quiet move of another piece exposes it.
        let touching = self.touches(king, &theirs);
        let safety = if touching {
            KingSafety::default()
        } else {
            self.royal_safety(king, us)
        };
        let mut ours = SqSet::default();
        ours.insert(king);
        let blasts = UnplayedBlasts {
            immune: rules.blast.unwrap_or_default(),
            ours,
            theirs,
            lines: None,
        };
        let (enemies, en_passant) = self.capture_masks::<B>();
        let occupied = B::from_set(self.occupied());
        // Quiet moves land where they answer the checks; captures are
        // judged one by one.
        let masks = BoardMasks {
            occupied,
            enemies,
            en_passant,
            allowed: B::from_set(&safety.answer_set()),
        };
        // Captures, and the moves the bitboard tables do not give or pins
        // hold, judged after the walk.
        let mut tested = MoveList::<256>::default();
        let slots = bits.seat_slots(rules, us);
        let moveless = bits.moveless[us.index()];
        // Where only the number of moves counts, on boards of at most 64
        // squares, the pieces are read from the seat's squares.
        let walk = if B::SQUARES <= 64 && sink.counter().is_some() {
            PieceWalk::Bits(self.seat_occupied(us).low_bits() & !(1 << king))
        } else {
            PieceWalk::Listed(self.pieces_of(us).iter())
        };
        for from in walk {
            let p = self.piece_at(from);
            if from == king || p.kind().is_in(moveless) || p.dead() {
                continue;
            }
            let slot = slots.of(p.kind(), from);
            if !safety.is_pinned(from)
                && let Some(targets) = Self::targets_by_bits(bits, slot, p, masks)
            {
                sink.batch(from, targets & !occupied, B::default());
                let mut captures = targets & occupied;
                while let Some(to) = captures.pop_lowest() {
                    tested.push(Move::Normal { from, to });
                }
                continue;
            }
            self.piece_moves(from, p, &mut tested);
        }
        let p = self.piece_at(king);
        if !p.kind().is_in(moveless) {
            let slot = slots.of(p.kind(), king);
            match self.royal_targets(&slot, p, occupied, enemies) {
                Some(targets) => self.king_steps(bits, king, targets, &theirs, sink, &mut tested),
                None => self.piece_moves(king, p, &mut tested),
            }
        }
        self.castling_moves(&mut tested);
        // Read at the first capture: a position without one needs none.
        let mut view = None;
        for &m in tested.as_slice() {
            if self.blast_judged(m, (king, touching, narrow), &safety, &blasts, &mut view) {
                sink.single(m, rules.must_capture && self.is_capture(&m));
            }
        }
    }

    /// The king's steps to `targets`: the quiet ones judged by the squares
    /// the enemy attacks with it lifted, from the map of them
    /// ([`Position::step_dangers`]) or square by square
    /// ([`Position::attacked_by_enemy`]), a square touching an enemy
    /// pseudo-royal piece (`theirs`) being safe; the captures put on
    /// `tested`.
    fn king_steps<B: Bitboard>(
        &mut self,
        bits: &BitTables<B>,
        king: Sq,
        targets: B,
        theirs: &SqSet,
        sink: &mut impl MoveSink,
        tested: &mut MoveList<256>,
    ) {
        let occupied = B::from_set(self.occupied());
        let mut rest = targets & occupied;
        let quiet = targets & !occupied;
        let mut near = SqSet::default();
        for s in theirs.iter() {
            near = near.union(&self.rules().neighbours[s as usize]);
        }
        let near = B::from_set(&near);
        let safe = match self.step_dangers(bits, quiet, king) {
            Some(dangers) => quiet & (!dangers | near),
            None => {
                // The king lifted once for all its steps.
                let us = self.to_move();
                let mut safe = quiet & near;
                let mut open = quiet & !near;
                let piece = self.lift(king);
                while let Some(to) = open.pop_lowest() {
                    if !self.attacked_by_enemy(to, us) {
                        safe |= B::square(to);
                    }
                }
                self.drop_back(king, piece);
                safe
            }
        };
        sink.batch(king, safe, B::default());
        while let Some(to) = rest.pop_lowest() {
            tested.push(Move::Normal { from: king, to });
        }
    }

    /// Whether a move on the tested list is legal: a capture as its blast
    /// leaves the pseudo-royal pieces; a quiet move of another piece where
    /// the king touches an enemy pseudo-royal piece, or it is unpinned and
    /// answers the checks; a quiet step of the king where it is safe; any
    /// other move made and tested.
    fn blast_judged<'a>(
        &mut self,
        m: Move,
        (king, touching, narrow): (Sq, bool, Option<&'a BitTables<u64>>),
        safety: &KingSafety,
        blasts: &UnplayedBlasts,
        view: &mut Option<Option<BlastView<'a>>>,
    ) -> bool {
        if self.is_capture(&m) {
            if let Move::Normal { from, to } = m
                && let Some(view) =
                    view.get_or_insert_with(|| self.blast_view((king, touching, narrow?), blasts))
                && let Some(legal) = self.blast_capture_by_bits((from, to), view)
            {
                return legal;
            }
            return match self.blast_capture_legal(m, blasts) {
                Some(legal) => legal,
                None => self.is_legal(m),
            };
        }
        let shaped = matches!(
            m,
            Move::Normal { .. }
                | Move::Promotion { .. }
                | Move::PiecePromotion { .. }
                | Move::PieceDemotion { .. }
        );
        match m.from() {
            Some(from)
                if shaped
                    && from != king
                    && (touching || !safety.is_pinned(from) && safety.answers(m.to())) =>
            {
                true
            }
            Some(from) if from == king && matches!(m, Move::Normal { .. }) => {
                self.royal_step_safe(from, m.to())
            }
            _ => self.is_legal(m),
        }
    }

    /// What judges the position's plain captures from the `narrow`
    /// tables, where the attacks on the king are read from them.
    fn blast_view<'a>(
        &self,
        (king, touching, narrow): (Sq, bool, &'a BitTables<u64>),
        blasts: &UnplayedBlasts,
    ) -> Option<BlastView<'a>> {
        let enemy = self.rules().opponents[self.to_move()]?;
        Some(BlastView {
            king,
            immune: blasts.immune,
            theirs: blasts.theirs.low_bits(),
            victims: self.blast_victim_bits(),
            touching,
            watch: self.attack_watch(narrow, king, enemy)?,
        })
    }

    /// A plain capture from `from` to `to` judged as
    /// [`Position::blast_capture_legal`] judges it, from bitboards alone:
    /// the side's only pseudo-royal piece may not explode; exploding an
    /// enemy one wins; touching one, the king is safe; else it is where the
    /// pieces the blast leaves do not attack it. `None` where the mover is
    /// immune to blasts.
    fn blast_capture_by_bits(&self, (from, to): (Sq, Sq), view: &BlastView) -> Option<bool> {
        if self.piece_at(from).kind().is_in(view.immune) {
            return None;
        }
        let king = 1u64 << view.king;
        let exploded = self.rules().neighbours[to as usize].low_bits() & view.victims | 1 << to;
        if from == view.king || exploded & king != 0 {
            return Some(false);
        }
        if exploded & view.theirs != 0 || view.touching {
            return Some(true);
        }
        let alive = self.occupied().low_bits() & !(exploded | 1 << from);
        Some(!view.watch.attacked(alive))
    }
}

/// What judges a plain capture from bitboards
/// ([`Position::blast_capture_by_bits`]), read once per position on
/// boards of at most 64 squares.
struct BlastView<'a> {
    /// The side's pseudo-royal piece.
    king: Sq,
    /// The types immune to blasts.
    immune: u64,
    /// The enemy's pseudo-royal pieces.
    theirs: u64,
    /// The pieces a blast takes next to its capture.
    victims: u64,
    /// Whether the king touches an enemy pseudo-royal piece.
    touching: bool,
    /// The enemy pieces that may attack the king.
    watch: AttackWatch<'a>,
}

#[cfg(test)]
mod tests {
    use crate::moves::MoveList;

    use super::super::tests::visit_random_positions;
    use super::super::{Counter, Lister};

    /// Where captures explode and the side to move has one pseudo-royal
    /// piece, the moves [`Position::moves_by_blast_pins`] lists are the
    /// pseudo-legal moves that making and testing them finds legal
    /// ([`Position::is_legal`]), and it counts as many, in positions of
    /// random games.
    #[test]
    fn blast_pins_give_the_moves_making_and_testing_finds() {
        let mut positions = 0;
        let mut captures = 0;
        let variants = visit_random_positions(
            (16, 80),
            |rules| rules.fast.blast_pins.iter().any(|&b| b),
            |_, pos| {
                if pos.immediate_end().is_some() {
                    return false;
                }
                let mut listed = MoveList::default();
                if !pos.moves_by_blast_pins(&mut Lister(&mut listed)) {
                    return false;
                }
                let fen = pos.fen();
                let mut counter = Counter::new(false);
                assert!(pos.moves_by_blast_pins(&mut counter));
                assert_eq!(counter.moves, listed.len() as u64, "{fen}");
                let mut expected = MoveList::default();
                pos.pseudo_moves(&mut expected);
                expected.retain(|m| pos.is_legal(*m));
                captures += expected
                    .as_slice()
                    .iter()
                    .filter(|m| pos.is_capture(m))
                    .count();
                let sorted = |list: &MoveList| {
                    let mut moves: Vec<String> =
                        list.as_slice().iter().map(|m| format!("{m:?}")).collect();
                    moves.sort();
                    moves
                };
                assert_eq!(sorted(&listed), sorted(&expected), "{fen}");
                positions += 1;
                true
            },
        );
        assert!(variants >= 3, "{variants} variants");
        assert!(positions > 2_000, "{positions} positions compared");
        assert!(captures > 2_000, "{captures} legal captures compared");
    }
}
