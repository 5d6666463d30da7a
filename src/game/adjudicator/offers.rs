//! Draw offers and claims: what a player may ask for instead of a move.

use super::{Game, Offer, repetition_key};
use crate::definition::value::GameValue;
use crate::game::action::{Action, ClaimRule, Refusal};
use crate::game::event::Event;
use crate::game::result::{EndRule, Outcome};
use crate::moves::{Move, MoveList};
use crate::notation::move_name;
use crate::seat::Seat;

impl Game {
    /// The rule a draw claim by `seat` (with the move that would produce
    /// the claimed position, if any) should invoke: repetition when that
    /// claim holds, else the n-move rule. Tried on a copy of the game, as a
    /// claim that fails with a move plays the move.
    pub fn claim_rule(&self, seat: Seat, mv: Option<Move>) -> ClaimRule {
        let mut trial = self.clone();
        let holds = trial
            .act(Action::ClaimDraw(ClaimRule::Repetition, mv), Some(seat))
            .is_ok_and(|_| trial.result().is_some());
        if holds {
            ClaimRule::Repetition
        } else {
            ClaimRule::NMove
        }
    }

    /// The turn in which `seat` may offer a draw: its own turn, before or
    /// after its move (until the next seat moves).
    pub(super) fn offer_window(&self, seat: Seat) -> Option<u32> {
        if seat == self.pos.to_move() {
            Some(self.ply)
        } else if self.ply > 0 && self.last_moved[seat] == self.ply {
            Some(self.ply - 1)
        } else {
            None
        }
    }

    pub(super) fn offer_draw(&mut self, seat: Seat) -> Result<Vec<Event>, Refusal> {
        if !self.rules().adjudication.draw_offers {
            return Err(Refusal::NoDrawOffers);
        }
        let window = self
            .offer_window(seat)
            .ok_or_else(|| Refusal::NotToMove(self.name(seat)))?;
        if self.offered[seat] == Some(window) {
            return Err(Refusal::OfferedThisTurn(self.name(seat)));
        }
        self.offered[seat] = Some(window);
        self.offer = Some(Offer { agreed: seat.bit() });
        Ok(vec![Event::DrawOffered { seat }])
    }

    pub(super) fn accept_draw(&mut self, seat: Seat) -> Result<Vec<Event>, Refusal> {
        let Some(mut offer) = self.offer.filter(|o| o.agreed & seat.bit() == 0) else {
            return Err(Refusal::NoOpenOffer(self.name(seat)));
        };
        offer.agreed |= seat.bit();
        self.offer = Some(offer);
        let mut events = vec![Event::DrawAccepted { seat }];
        if self.pos.active_seats().all(|s| offer.agreed & s.bit() != 0) {
            self.finish(Outcome::Draw, EndRule::Agreement, &mut events);
        }
        Ok(events)
    }

    pub(super) fn decline_draw(&mut self, seat: Seat) -> Result<Vec<Event>, Refusal> {
        if self.offer.is_none_or(|o| o.agreed & seat.bit() != 0) {
            return Err(Refusal::NoOpenOffer(self.name(seat)));
        }
        self.offer = None;
        Ok(vec![Event::DrawDeclined { seat }])
    }

    /// A draw claim by the seat to move: the condition holds now, or (with
    /// a move) would hold after the move, which is then not played. A claim
    /// with a move that does not hold plays the move.
    pub(super) fn claim_draw(
        &mut self,
        seat: Seat,
        rule: ClaimRule,
        mv: Option<Move>,
    ) -> Result<Vec<Event>, Refusal> {
        let rules = self.pos.shared_rules().clone();
        let adj = &rules.adjudication;
        let (threshold, end, what) = match rule {
            ClaimRule::Repetition => (adj.n_fold_claim, EndRule::Repetition, "repetition"),
            ClaimRule::NMove => (adj.n_move_claim, EndRule::NMove, "n-move"),
        };
        if threshold == 0 {
            return Err(Refusal::ClaimDoesNotHold(format!(
                "this variant has no {what} claim"
            )));
        }
        if let Some(mv) = mv
            && !self.legal.as_slice().contains(&mv)
        {
            return Err(Refusal::Illegal(move_name(&self.pos, &mv)));
        }
        let count = match (rule, mv) {
            (ClaimRule::Repetition, None) => self.repetitions(),
            (ClaimRule::NMove, None) => self.n_move_count(),
            (ClaimRule::Repetition, Some(mv)) => {
                let mut after = self.pos.clone();
                after.make(mv);
                if after.halfmove() == 0 && !adj.repetition_spans_captures {
                    1
                } else {
                    let mut legal = MoveList::default();
                    after.legal_moves(&mut legal);
                    let key = repetition_key(&after, &legal);
                    1 + self.history.iter().filter(|v| v.key == key).count() as u32
                }
            }
            (ClaimRule::NMove, Some(mv)) => {
                let mut after = self.pos.clone();
                after.make(mv);
                if after.halfmove() == 0 {
                    0
                } else if adj.n_move_in_plies {
                    after.halfmove()
                } else {
                    let mut idle = self.idle;
                    idle[seat] += 1;
                    after.active_seats().map(|s| idle[s]).min().unwrap_or(0)
                }
            }
        };
        let what = match rule {
            ClaimRule::Repetition => {
                format!("the position occurs {count} times, the claim needs {threshold}")
            }
            ClaimRule::NMove => {
                format!("{count} moves without capture or pawn move, the claim needs {threshold}")
            }
        };
        if count >= threshold {
            let mut events = Vec::new();
            if rule == ClaimRule::Repetition && adj.n_fold_value != GameValue::Draw {
                // The repetition ends the game as the variant values it
                // (`nFoldValue`, as Fairy-Stockfish's optional end does):
                // for the seat to move in the position claimed.
                let judged = if adj.n_fold_absolute {
                    Seat::FIRST
                } else {
                    match mv {
                        Some(mv) => {
                            let mut after = self.pos.clone();
                            after.make(mv);
                            after.to_move()
                        }
                        None => seat,
                    }
                };
                self.finish_value(judged, adj.n_fold_value, end, &mut events);
            } else {
                self.finish_drawn(end, &mut events);
            }
            return Ok(events);
        }
        let Some(mv) = mv else {
            return Err(Refusal::ClaimDoesNotHold(what));
        };
        let mut events = vec![Event::ClaimRejected { seat, reason: what }];
        let cause = self.apply(mv, true, &mut events);
        self.settle(&mut events, cause);
        Ok(events)
    }

    /// The points-lead claim of the seat to move.
    pub(super) fn claim_win(&mut self, seat: Seat) -> Result<Vec<Event>, Refusal> {
        let needed = self.rules().adjudication.claim_win_lead;
        if needed == 0 {
            return Err(Refusal::ClaimDoesNotHold(
                "this variant has no points-lead claim".into(),
            ));
        }
        match self.lead_of_two() {
            Some((leader, lead)) if leader == seat && lead >= needed => {
                let mut events = Vec::new();
                let outcome = Outcome::Win {
                    winners: vec![leader],
                };
                self.finish(outcome, EndRule::PointsLead, &mut events);
                Ok(events)
            }
            Some((_, lead)) => Err(Refusal::ClaimDoesNotHold(format!(
                "{} does not lead by {needed} (the lead is {lead})",
                self.name(seat)
            ))),
            None => Err(Refusal::ClaimDoesNotHold(
                "the claim needs exactly two players left".into(),
            )),
        }
    }
}
