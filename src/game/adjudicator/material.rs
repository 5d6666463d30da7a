//! Material: when what is left cannot end the game, and what a material
//! count makes of the position.

use super::Game;
use crate::definition::value::GameValue;
use crate::rules::MaterialCounting;
use crate::seat::Seat;

impl Game {
    /// White's value of a draw by stalemate, repetition or the n-move rule
    /// once material is counted (`materialCounting`), or `None` where such
    /// draws stay draws.
    pub fn material_count_value(&self) -> Option<GameValue> {
        let adj = &self.rules().adjudication;
        let (white, black) = (Seat::FIRST, Seat::FIRST.next(2));
        let weighed = |seat: Seat, weight: &dyn Fn(usize) -> i32| -> i32 {
            self.pos
                .pieces_of(seat)
                .iter()
                .map(|&sq| weight(self.pos.piece_at(sq).kind().index()))
                .sum()
        };
        let by_sign = |n: i32| match n.signum() {
            1 => GameValue::Win,
            -1 => GameValue::Loss,
            _ => GameValue::Draw,
        };
        match adj.material_counting {
            MaterialCounting::None => None,
            MaterialCounting::WhiteDrawOdds => Some(GameValue::Win),
            MaterialCounting::BlackDrawOdds => Some(GameValue::Loss),
            MaterialCounting::Unweighted => {
                Some(by_sign(weighed(white, &|_| 1) - weighed(black, &|_| 1)))
            }
            MaterialCounting::Janggi => {
                let weight = |t: usize| adj.material_weights[t];
                // Black's 1.5 points of compensation, in half points' stead.
                let count = weighed(white, &weight) - weighed(black, &weight) - 1;
                Some(if count > 0 {
                    GameValue::Win
                } else {
                    GameValue::Loss
                })
            }
        }
    }

    /// Whether every side still in has nothing but a king and the pieces
    /// that cannot mate: one on the whole board, or one per seat.
    pub(super) fn insufficient_material(&self) -> bool {
        let adj = &self.rules().adjudication;
        let mut total = 0;
        for seat in self.pos.active_seats() {
            match self.extra_material(seat) {
                Some(n) if !adj.insufficient_material_each || n <= 1 => total += n,
                _ => return false,
            }
        }
        adj.insufficient_material_each || total <= 1
    }

    /// A seat's live pieces besides its king, when all of them are of
    /// `insufficientMaterialPieces`; `None` when any other piece is left.
    pub(super) fn extra_material(&self, seat: Seat) -> Option<u32> {
        self.material_within(seat, self.rules().adjudication.insufficient_pieces)
    }

    /// A seat's live pieces besides its king, when all of them are of
    /// `kinds` (bits); `None` when any other piece is left.
    pub(super) fn material_within(&self, seat: Seat, kinds: u64) -> Option<u32> {
        let rules = self.rules();
        let mut n = 0;
        for &sq in self.pos.pieces_of(seat) {
            let kind = self.pos.piece_at(sq).kind();
            if rules.pieces[kind].royal {
                continue;
            }
            if !kind.is_in(kinds) {
                return None;
            }
            n += 1;
        }
        Some(n)
    }
}
