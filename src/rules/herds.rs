//! Herds: the pieces of one (seat, type) whose moves from a square are all
//! plain or lame leaps, counted together at perft's last ply. A leap moves
//! square indices by a fixed amount wherever it can be made, so shifting
//! the bitboard of the pieces that can make it gives every piece's target
//! at once, and population counts give the moves without a walk over the
//! pieces (boards of at most 64 squares, where the position keeps a
//! bitboard per type).

use std::collections::BTreeMap;

use crate::piece_type::PieceType;
use crate::seat::Seat;

use super::{BitTables, Bitboard, RuleTable, SlotBits, Sq};

/// What counting a herd costs, in instructions: about this much per herd
/// and per leap; walking one of its pieces instead costs about
/// [`WALK_COST`] (measured on chess and shatranj).
const HERD_COST: u32 = 20;
/// See [`HERD_COST`].
const LEAP_COST: u32 = 12;
/// See [`HERD_COST`].
const WALK_COST: u32 = 55;

/// The pieces of one (seat, type) counted together where they stand on
/// [`Herd::squares`].
#[derive(Clone, Copy, Debug)]
pub struct Herd {
    /// The (seat, type) ([`RuleTable::seat_type`]).
    pub seat_type: u32,
    /// The squares from which the type's moves are exactly the herd's
    /// leaps: no promotion, ride, hop, royalty or general move there (for
    /// a piece not promoted).
    pub squares: u64,
    /// Those of `squares` near the promotion region where the rules let a
    /// promoted piece demote ([`PromotionRules::near`](super::PromotionRules::near)): its moves are
    /// not the herd's.
    pub near_promotion: u64,
    /// The herd's plain leaps, by range into [`BitTables::herd_leaps`].
    pub leaps: (u32, u32),
    /// The herd's lame leaps (one square of path), by range into
    /// [`BitTables::herd_leaps`].
    pub lames: (u32, u32),
    /// The fewest pieces for which counting them together pays.
    pub fewest: u32,
    /// Where a capture from one of `squares` may take en passant: the
    /// start of 64 entries of [`BitTables::herd_en_passant`], one per
    /// target square, each the origins that may take en passant there.
    pub en_passant: Option<u32>,
}

/// One leap of a herd: from the squares of `quiet_from` to an empty
/// target, from those of `capture_from` onto an enemy piece, the target
/// `rotation` square indices up (no target lies beyond the board, so a
/// rotation of the bitboard moves each origin to its target). A lame leap
/// needs the square `path_rotation` up from its origin empty. Both sets
/// hold only origins whose target is one of the type's destinations there.
#[derive(Clone, Copy, Debug, Default)]
pub struct HerdLeap {
    /// The target's index less the origin's, modulo 64.
    pub rotation: u32,
    /// The path square's index less the origin's, modulo 64 (lame leaps).
    pub path_rotation: u32,
    /// The origins from which the leap may end on an empty square.
    pub quiet_from: u64,
    /// The origins from which the leap may capture.
    pub capture_from: u64,
}

/// One move of one square's slot, as a herd reads it: the target's and
/// path's offsets from the origin, and whether it may end quietly and
/// capture.
struct SquareLeap {
    /// (path offset or `None` for a plain leap, target offset).
    key: (Option<i32>, i32),
    target: i32,
    quiet: bool,
    capture: bool,
}

impl<B: Bitboard> BitTables<B> {
    /// Adds every seat's herds, after the slots: none on boards over 64
    /// squares.
    pub(super) fn add_herds(&mut self, rules: &RuleTable) {
        for seat in Seat::all(rules.seats.len()) {
            let start = self.herds.len() as u32;
            if rules.square_count() <= 64 {
                for kind in PieceType::all(rules.pieces.len()) {
                    if let Some(herd) = self.herd(rules, seat, kind) {
                        self.herds.push(herd);
                    }
                }
            }
            self.seat_herds.push((start, self.herds.len() as u32));
        }
    }

    /// The herd of a (seat, type), if some square's moves are all leaps.
    fn herd(&mut self, rules: &RuleTable, seat: Seat, kind: PieceType) -> Option<Herd> {
        // Keyed by (path, target): the plain leaps (no path) come first.
        let mut leaps: BTreeMap<(Option<i32>, i32), (u64, u64)> = BTreeMap::new();
        let (mut squares, mut near_promotion) = (0u64, 0u64);
        let mut en_passant = [0u64; 64];
        // A piece of the type is promoted only if some type promotes into
        // it (by a move, a drop or a FEN's `+`).
        let may_demote = rules.promotion.piece_demotion
            && rules
                .pieces
                .iter()
                .any(|info| info.promotes_to == Some(kind));
        for sq in 0..rules.square_count() as Sq {
            let slot = &self.slots[rules.slot(seat, kind, sq)];
            let Some(moves) = self.square_leaps(slot, sq) else {
                continue;
            };
            squares |= 1 << sq;
            if slot.near_promotion && may_demote {
                near_promotion |= 1 << sq;
            }
            let mut targets = slot.en_passant.low_word();
            while targets != 0 {
                en_passant[targets.trailing_zeros() as usize] |= 1 << sq;
                targets &= targets - 1;
            }
            for leap in moves {
                let (quiet_from, capture_from) = leaps.entry(leap.key).or_default();
                if leap.quiet {
                    *quiet_from |= 1 << sq;
                }
                if leap.capture {
                    *capture_from |= 1 << sq;
                }
            }
        }
        if squares == 0 || leaps.is_empty() {
            return None;
        }
        let rotation = |offset: i32| offset.rem_euclid(64) as u32;
        let start = self.herd_leaps.len() as u32;
        let middle = start + leaps.keys().filter(|(path, _)| path.is_none()).count() as u32;
        self.herd_leaps.extend(leaps.into_iter().map(
            |((path, target), (quiet_from, capture_from))| HerdLeap {
                rotation: rotation(target),
                path_rotation: path.map_or(0, rotation),
                quiet_from,
                capture_from,
            },
        ));
        let end = self.herd_leaps.len() as u32;
        Some(Herd {
            seat_type: rules.seat_type(seat, kind) as u32,
            near_promotion,
            squares,
            leaps: (start, middle),
            lames: (middle, end),
            fewest: (HERD_COST + LEAP_COST * (end - start)).div_ceil(WALK_COST),
            en_passant: en_passant.iter().any(|&o| o != 0).then(|| {
                self.herd_en_passant.extend(en_passant);
                (self.herd_en_passant.len() - 64) as u32
            }),
        })
    }

    /// The moves of a slot as leaps, or `None` where they are not all
    /// leaps a herd can count: a promotion, a ride or hop, a royal or
    /// general move, a lame leap with more than one square of path, or one
    /// target reached by two leaps alike (a piece's targets count once).
    fn square_leaps(&self, slot: &SlotBits<B>, sq: Sq) -> Option<Vec<SquareLeap>> {
        let lined = slot.rides.0 != slot.rides.1 || slot.slides.0 != slot.slides.1;
        if slot.general || slot.promoting || slot.royal || lined {
            return None;
        }
        let from = i32::from(sq);
        let destinations = slot.destinations.low_word();
        let (quiet, capture) = (slot.leap_quiet.low_word(), slot.leap_capture.low_word());
        let mut moves = Vec::new();
        let mut targets = (quiet | capture) & destinations;
        while targets != 0 {
            let target = targets.trailing_zeros() as i32;
            targets &= targets - 1;
            moves.push(SquareLeap {
                key: (None, target - from),
                target,
                quiet: quiet >> target & 1 != 0,
                capture: capture >> target & 1 != 0,
            });
        }
        let (a, b) = slot.lames;
        for lame in &self.lame_list[a as usize..b as usize] {
            let landing = (lame.quiet | lame.capture).low_word();
            if landing & destinations == 0 {
                continue;
            }
            let path = lame.path.low_word();
            if path.count_ones() != 1 {
                return None;
            }
            let target = landing.trailing_zeros() as i32;
            moves.push(SquareLeap {
                key: (Some(path.trailing_zeros() as i32 - from), target - from),
                target,
                quiet: !lame.quiet.is_empty(),
                capture: !lame.capture.is_empty(),
            });
        }
        let twice = moves.iter().enumerate().any(|(i, m)| {
            moves[i + 1..]
                .iter()
                .any(|n| n.target == m.target && (n.quiet && m.quiet || n.capture && m.capture))
        });
        (!twice).then_some(moves)
    }
}
