//! Answers remembered across the moves from one position: whether a
//! square is attacked and a royal piece's checks and pins, kept with the
//! squares that decide them.

use super::RuleHandle;
use super::{KingSafety, Position};
use crate::moves::Move;
use crate::rules::{BoardBits, Sq, SqSet};
use crate::seat::Seat;

/// An answer remembered for the position a plain ply was played from:
/// whether a square is attacked ([`Position::attacked_by_enemy_recalled`])
/// or a royal piece's checks and pins ([`Position::king_safety_recalled`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Remembered<T> {
    /// What the answer holds for ([`Position::memo_key`]; 0: nothing).
    pub(super) key: u64,
    /// The squares that decide it ([`Position::deciding_squares`]).
    pub(super) squares: SqSet,
    /// The answer.
    pub(super) answer: T,
}

/// Whether a ply's two squares (`from`, `to`) leave `squares` alone.
#[inline(always)]
pub(super) fn untouched(squares: &SqSet, (from, to): (Sq, Sq)) -> bool {
    !squares.contains(from) && !squares.contains(to)
}

impl<R: RuleHandle> Position<R> {
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
    pub(super) fn royal_safety_recalled(&mut self, king: Sq, seat: Seat) -> KingSafety {
        let Some((node, from, to)) = self.usual_last_ply() else {
            return self.royal_safety(king, seat);
        };
        let key = Self::memo_key(node, seat, king);
        let memo = &self.safety_memo;
        if memo.key == key && untouched(&memo.squares, (from, to)) {
            return memo.answer;
        }
        self.royal_safety_on_miss(king, seat, key, (from, to))
    }

    /// [`Position::royal_safety_recalled`] where the answer is not
    /// remembered: found, and remembered for the position the last ply
    /// (`from`, `to`) was played from where it holds there too. Out of
    /// line: the remembered answer's way keeps a small frame.
    #[inline(never)]
    pub(super) fn royal_safety_on_miss(
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
    pub(super) fn deciding_squares(&self, sq: Sq, seat: Seat, pieces: usize) -> SqSet {
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

    /// [`Position::attacked_by_enemy`], remembered across the moves from one
    /// position. Where the last ply was a plain move (only its two squares
    /// changed: [`FastPaths::usual_moves`]) touching none of the squares
    /// that decide whether `sq` is attacked ([`Position::deciding_squares`]),
    /// `sq` is attacked as it was in the position the ply was played from:
    /// the answer found after one such move from there serves after the
    /// others (perft's last-ply parents are mostly such siblings). `lifted`
    /// is the square of a piece of `seat` taken off the board for the test
    /// ([`NO_SQ`] for none), part of what the answer is remembered for,
    /// with `seat`.
    pub(crate) fn attacked_by_enemy_recalled(&mut self, sq: Sq, seat: Seat, lifted: Sq) -> bool {
        let Some((node, from, to)) = self.usual_last_ply() else {
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
        self.attacked_on_miss(sq, seat, key, (from, to))
    }

    /// [`Position::attacked_by_enemy_recalled`] where no answer is
    /// remembered for `key`: found, and remembered where the last ply
    /// (`from`, `to`) left what decides it. Out of line: the remembered
    /// answer's way keeps a small frame.
    #[inline(never)]
    pub(super) fn attacked_on_miss(
        &mut self,
        sq: Sq,
        seat: Seat,
        key: u64,
        (from, to): (Sq, Sq),
    ) -> bool {
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
    /// [`FastPaths::usual_moves`]): the [`Position::node`] it was played
    /// from, and its two squares.
    #[inline(always)]
    pub(super) fn usual_last_ply(&self) -> Option<(u64, Sq, Sq)> {
        let undo = self.history.last()?;
        match undo.mv {
            Some(Move::Normal { from, to }) if self.rules.fast.usual_moves => {
                Some((undo.state.node, from, to))
            }
            _ => None,
        }
    }

    /// What a remembered answer holds for: the position `node`, `seat` and
    /// a square.
    #[inline(always)]
    pub(super) fn memo_key(node: u64, seat: Seat, sq: Sq) -> u64 {
        // Squares below 256 (`NO_SQ` keeps 9 bits of ones), seats below 16.
        node << 13 | u64::from(sq & 0x1ff) << 4 | seat.index() as u64
    }
}
