//! Target bitboards for the fast generator: a piece's reach by its lines,
//! hops and grasshops, and a royal piece's safe steps (one map of the squares
//! the enemy attacks where there are several).

use super::{BoardMasks, MoveSink};
use crate::moves::{Move, MoveList};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::{BitTables, Bitboard, RideBits, RideForm, Slot, SlotBits, Sq, ride_reach};

/// The fewest steps of a royal or pseudo-royal piece for which the squares
/// the enemy attacks are mapped at once ([`Position::step_dangers`]) rather
/// than each step's destination tested; one more where the enemy has more
/// than [`FEW_ENEMY_PIECES`] pieces.
pub(super) const MAPPED_STEPS: u32 = 3;

/// The most enemy pieces for which [`MAPPED_STEPS`] steps are mapped.
pub(super) const FEW_ENEMY_PIECES: usize = 8;

impl<R: RuleHandle> Position<R> {
    /// Whether the royal piece on `from` may step to `to`: the square is not
    /// attacked once the piece has left `from`.
    pub(super) fn royal_step_safe(&mut self, from: Sq, to: Sq) -> bool {
        let king = self.lift(from);
        let safe = self.safe_for_royalty(to);
        self.drop_back(from, king);
        safe
    }

    /// The steps of the royal or pseudo-royal piece on `from` to `plain`
    /// (its plain targets), off the `judged` squares, judged by the squares
    /// the enemy attacks ([`Position::step_dangers`]): the safe ones told
    /// to `sink`, those to `judged` squares put on `to_test`. False, with
    /// nothing told, where the dangers are not mapped. Out of line: most
    /// pieces are neither.
    #[inline(never)]
    pub(super) fn steps_by_dangers<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        (from, plain): (Sq, B),
        judged: B,
        sink: &mut impl MoveSink,
        to_test: &mut MoveList,
    ) -> bool {
        let Some(dangers) = self.step_dangers(bits, plain & !judged, from) else {
            return false;
        };
        let safe = plain & !judged & !dangers;
        sink.batch(from, safe, safe & B::from_set(self.occupied()));
        let mut on_lines = plain & judged;
        while let Some(to) = on_lines.pop_lowest() {
            to_test.push(Move::Normal { from, to });
        }
        true
    }

    /// [`Position::generate_legal`]'s steps of the royal piece on `from` to
    /// `targets`, judged by the squares the enemy attacks
    /// ([`Position::step_dangers`]) where no capture explodes: the safe ones
    /// told to `sink` and returned. `None`, with nothing told, where the
    /// dangers are not mapped. Out of line: most positions test each step.
    #[inline(never)]
    pub(super) fn royal_steps_by_dangers<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        (from, targets): (Sq, B),
        occupied: B,
        sink: &mut impl MoveSink,
    ) -> Option<B> {
        if self.rules().blast.is_some() {
            return None;
        }
        let safe = targets & !self.step_dangers(bits, targets, from)?;
        sink.batch(from, safe, safe & occupied);
        Some(safe)
    }

    /// The squares the enemy attacks once the piece on `from` (of the side
    /// to move) has left it, read from the bitboard tables, for that
    /// piece's `steps`: `None` where reading each step's destination
    /// ([`Position::royal_step_safe`]) costs less (a few steps), or where
    /// the tables do not give every attack (more than two seats, a piece
    /// moved by the general generator: jumps, lame rides, janggi's
    /// cannons). A piece attacks only inside its type's mobility region
    /// ([`BitTables::attack_regions`]).
    pub(super) fn step_dangers<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        steps: B,
        from: Sq,
    ) -> Option<B> {
        let rules = self.rules();
        if steps.count() < MAPPED_STEPS || rules.seats.len() != 2 {
            return None;
        }
        let Some(enemy) = self.other_seat_if_enemy(self.to_move()) else {
            return Some(B::default());
        };
        // The map's cost grows with the enemy's pieces, a step's test much
        // less: against a full army, three steps are tested one by one.
        if steps.count() == MAPPED_STEPS && self.pieces_of(enemy).len() > FEW_ENEMY_PIECES {
            return None;
        }
        let occupied = B::from_set(self.occupied()) & !B::square(from);
        let slots = bits.seat_slots(rules, enemy);
        let regions = &bits.attack_regions[rules.seat_type(enemy, PieceType::new(0))..];
        let mut attacked = B::default();
        for &sq in self.pieces_of(enemy) {
            let kind = self.piece_at(sq).kind();
            let slot = slots.of(kind, sq);
            if slot.general {
                return None;
            }
            // The slot's capturing leaps stay inside the region already.
            if !slot.lined {
                attacked |= slot.leap_capture;
                continue;
            }
            let mut attacks = slot.leap_capture | slot.slide_reach(occupied.low_word());
            let (a, b) = slot.rides;
            for ride in &bits.ride_list[a as usize..b as usize] {
                if !ride.capture {
                    continue;
                }
                let blockers = ride.ray & occupied;
                attacks |= if ride.form == RideForm::Ride {
                    ride_reach(ride.ray, ride.increasing, occupied)
                } else {
                    Self::hop_attacks(ride, blockers, occupied)
                };
            }
            let (a, b) = slot.lames;
            for lame in &bits.lame_list[a as usize..b as usize] {
                if (lame.path & occupied).is_empty() {
                    attacks |= lame.capture;
                }
            }
            attacked |= attacks & regions[kind.index()];
        }
        Some(attacked)
    }

    /// The squares a hop (a cannon's or a grasshopper's, that captures)
    /// attacks: those where it would take a piece, empty or not.
    pub(super) fn hop_attacks<B: Bitboard>(hop: &RideBits<B>, blockers: B, occupied: B) -> B {
        let (mut reach, mut taken) = (B::default(), B::default());
        let open = RideBits {
            quiet: true,
            capture: true,
            ..*hop
        };
        Self::hop_targets(&open, blockers, occupied, &mut reach, &mut taken);
        reach | taken
    }

    /// Whether a royal or pseudo-royal piece of the side to move may stand
    /// on `to`: no enemy piece attacks it or, where captures explode, it
    /// touches an enemy pseudo-royal piece (taking it would blow that up).
    pub(super) fn safe_for_royalty(&self, to: Sq) -> bool {
        self.survives_on(to, self.attacked_by_enemy(to, self.to_move()))
    }

    /// [`Position::safe_for_royalty`], where `attacked` says whether an
    /// enemy piece attacks `to`.
    #[inline(always)]
    pub(super) fn survives_on(&self, to: Sq, attacked: bool) -> bool {
        !attacked
            || self.rules().blast.is_some()
                && self.touches(to, &self.enemy_pseudo_royals_if_blasts(self.to_move()))
    }

    /// The squares a royal piece may step to by plain leaps (before the
    /// attack test), or `None` when it needs the general generator.
    #[inline]
    pub(super) fn royal_targets<B: Bitboard>(
        &self,
        slot: &SlotBits<B>,
        piece: Piece,
        occupied: B,
        enemies: B,
    ) -> Option<B> {
        let promotable = self.rules().royalty.promotes || piece.promoted();
        if slot.general || slot.promoting || slot.lined || promotable {
            return None;
        }
        Some(((slot.leap_quiet & !occupied) | (slot.leap_capture & enemies)) & slot.destinations)
    }

    /// The target squares of a quiet, unpinned piece's plain moves found
    /// with bitboards, or `None` when the piece needs the general generator
    /// (promotion, en passant, hoppers and other special lines).
    #[inline(always)]
    pub(super) fn targets_by_bits<B: Bitboard>(
        bits: &BitTables<B>,
        slot: Slot<'_, B>,
        piece: Piece,
        masks: BoardMasks<B>,
    ) -> Option<B> {
        if Self::may_promote(&slot, piece) {
            return None;
        }
        Self::line_targets_by_bits(bits, slot, masks)
    }

    /// Whether the piece's moves from its slot may promote or demote.
    #[inline(always)]
    pub(super) fn may_promote<B>(slot: &SlotBits<B>, piece: Piece) -> bool {
        slot.promoting || (slot.near_promotion && piece.promoted())
    }

    /// The target squares of a quiet, unpinned piece's moves found with
    /// bitboards, promoting or not ([`Position::add_move`] says which moves
    /// each target gives), or `None` when the piece needs the general
    /// generator (en passant, hoppers and other special lines, mobility
    /// regions).
    #[inline(always)]
    pub(super) fn line_targets_by_bits<B: Bitboard>(
        bits: &BitTables<B>,
        slot: Slot<'_, B>,
        masks: BoardMasks<B>,
    ) -> Option<B> {
        let occupied = masks.occupied;
        if slot.general || !(slot.en_passant & masks.en_passant).is_empty() {
            return None;
        }
        if !slot.lined {
            return Some(masks.targets(slot.leap_quiet, slot.leap_capture, slot.destinations));
        }
        let (mut quiet, mut capture) = Self::leap_and_slide_reach(slot, occupied);
        // Most slots have no rides and no lame leaps: an empty range is
        // passed by before its slice is bounds-checked.
        let (a, b) = slot.rides;
        let rides: &[RideBits<B>] = if a == b {
            &[]
        } else {
            &bits.ride_list[a as usize..b as usize]
        };
        for ride in rides {
            let blockers = ride.ray & occupied;
            if ride.form != RideForm::Ride {
                Self::hop_targets(ride, blockers, occupied, &mut quiet, &mut capture);
                continue;
            }
            if blockers.is_empty() {
                if ride.quiet {
                    quiet |= ride.ray;
                }
                continue;
            }
            let first = if ride.increasing {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            if ride.quiet {
                let before = if ride.increasing {
                    B::below(first)
                } else {
                    B::above(first)
                };
                quiet |= ride.ray & before;
            }
            if ride.capture {
                capture |= B::square(first);
            }
        }
        let (a, b) = slot.lames;
        if a != b {
            for lame in &bits.lame_list[a as usize..b as usize] {
                if (lame.path & occupied).is_empty() {
                    quiet |= lame.quiet;
                    capture |= lame.capture;
                }
            }
        }
        Some(masks.targets(quiet, capture, slot.destinations))
    }

    /// The targets of a piece whose slot is plain ([`SlotBits::plain`]):
    /// its leaps' and slides' targets, where `masks` allow.
    #[inline(always)]
    pub(super) fn plain_targets<B: Bitboard>(slot: Slot<'_, B>, masks: BoardMasks<B>) -> B {
        let (quiet, capture) = Self::leap_and_slide_reach(slot, masks.occupied);
        masks.targets(quiet, capture, slot.destinations)
    }

    /// The squares a slot's leaps may end on quietly and by capture, its
    /// slides' reach added to both.
    #[inline(always)]
    pub(super) fn leap_and_slide_reach<B: Bitboard>(slot: Slot<'_, B>, occupied: B) -> (B, B) {
        let reach = slot.slide_reach(occupied.low_word());
        (slot.leap_quiet | reach, slot.leap_capture | reach)
    }

    /// Adds a grasshopper's hop's target to `quiet` and `capture`: the
    /// first square of `beyond` (the ray's squares past the hurdle), as the
    /// hop allows.
    #[inline(always)]
    pub(super) fn grasshop_targets<B: Bitboard>(
        hop: &RideBits<B>,
        beyond: B,
        quiet: &mut B,
        capture: &mut B,
    ) {
        if beyond.is_empty() {
            return;
        }
        let landing = B::square(if hop.increasing {
            beyond.lowest()
        } else {
            beyond.highest()
        });
        if hop.quiet {
            *quiet |= landing;
        }
        if hop.capture {
            *capture |= landing;
        }
    }

    /// Adds a hop's targets to `quiet` and `capture`: beyond its first
    /// piece (the hurdle, among `blockers`), the empty squares up to the
    /// next piece and that piece, as the hop allows; a grasshopper's, the
    /// square just beyond the hurdle ([`Position::grasshop_targets`]).
    #[inline(always)]
    pub(super) fn hop_targets<B: Bitboard>(
        hop: &RideBits<B>,
        blockers: B,
        occupied: B,
        quiet: &mut B,
        capture: &mut B,
    ) {
        if blockers.is_empty() {
            return;
        }
        let beyond = if hop.increasing {
            hop.ray & B::above(blockers.lowest())
        } else {
            hop.ray & B::below(blockers.highest())
        };
        if hop.form == RideForm::Grasshop {
            Self::grasshop_targets(hop, beyond, quiet, capture);
            return;
        }
        let stops = beyond & occupied;
        if stops.is_empty() {
            if hop.quiet {
                *quiet |= beyond;
            }
            return;
        }
        let (first, before) = if hop.increasing {
            let first = stops.lowest();
            (first, B::below(first))
        } else {
            let first = stops.highest();
            (first, B::above(first))
        };
        if hop.quiet {
            *quiet |= beyond & before;
        }
        if hop.capture {
            *capture |= B::square(first);
        }
    }
}
