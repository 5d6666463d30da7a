//! Leaving the game: a resignation or a timeout, the walking king's move in
//! the leaver's turn, and the end it may bring.

use super::Game;
use crate::definition::value::GameValue;
use crate::game::action::{Action, Refusal};
use crate::game::event::{Event, ScoreReason};
use crate::game::result::{EndRule, Outcome};
use crate::moves::Move;
use crate::notation::move_name;
use crate::rules::Army;
use crate::seat::Seat;

impl Game {
    /// The seat to move leaves (`Action::Resign` or `Action::Timeout`) and
    /// its king makes `mv` in that turn, as a record writes it
    /// (`Ke12-e13T`). Where the rules have a leaving player's king move in
    /// its turn, `mv` must be one of those moves and is made in place of the
    /// random one; elsewhere `mv` is played and then the player leaves.
    pub fn leave_with(&mut self, action: Action, mv: Move) -> Result<Vec<Event>, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let rule = match action {
            Action::Resign => EndRule::Resignation,
            Action::Timeout => EndRule::Timeout,
            _ => return Err(Refusal::NotLeaving),
        };
        let seat = self.pos.to_move();
        if self.pos.is_eliminated(seat) {
            return Err(Refusal::Eliminated(self.name(seat)));
        }
        let king_moves = self.leaving_king_moves(seat);
        if king_moves.is_empty() {
            let mut events = self.play(mv)?;
            events.extend(self.act(action, Some(seat))?);
            return Ok(events);
        }
        if !king_moves.contains(&mv) {
            return Err(Refusal::Illegal(move_name(&self.pos, &mv)));
        }
        Ok(self.give_up(seat, rule, Some(mv)))
    }

    /// The one player left in were `seat` to leave, when `lastLeaveDrawPieces`
    /// is set and that player has only its king, or its king and one of
    /// those pieces.
    pub(super) fn last_against_insufficient(&self, seat: Seat) -> Option<Seat> {
        let kinds = self.rules().adjudication.last_leave_draw_pieces;
        let rules = self.rules();
        if kinds == 0 || rules.seats.len() <= 2 || rules.adjudication.team_loses {
            return None;
        }
        let mut others = self.pos.active_seats().filter(|&s| s != seat);
        let last = others.next()?;
        let alone = others.next().is_none();
        (alone && self.material_within(last, kinds).is_some_and(|n| n <= 1)).then_some(last)
    }

    /// The moves of `seat`'s king in the turn `seat` leaves, where the rules
    /// have it move (more than two seats, no team loss, the king walking
    /// after): its king's moves and castlings, when `seat` is to move.
    pub(super) fn leaving_king_moves(&self, seat: Seat) -> Vec<Move> {
        let rules = self.pos.shared_rules();
        let adj = &rules.adjudication;
        if rules.seats.len() <= 2
            || adj.team_loses
            || seat != self.pos.to_move()
            || adj.resigned_army != Army::DeadKingWalks
        {
            return Vec::new();
        }
        let Some(king) = self.pos.royal(seat) else {
            return Vec::new();
        };
        self.legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.from() == Some(king) || matches!(m, Move::Castle { .. }))
            .collect()
    }

    /// Resignation and timeout; `chosen` is the leaving king's move a record
    /// gives (one of `leaving_king_moves`), else the move is drawn at random.
    pub(super) fn give_up(
        &mut self,
        seat: Seat,
        rule: EndRule,
        chosen: Option<Move>,
    ) -> Vec<Event> {
        let rules = self.pos.shared_rules().clone();
        let adj = &rules.adjudication;
        let mut events = vec![if rule == EndRule::Timeout {
            Event::TimedOut { seat }
        } else {
            Event::Resigned { seat }
        }];
        let early = self.seats().any(|s| self.moves_made[s] < adj.abort_moves);
        let scoreless = self.seats().all(|s| self.score(s) == 0);
        if adj.abort_moves > 0 && early && scoreless && !self.pos.checked(seat)
            || self.moves_made[seat] < adj.abort_own_moves
        {
            self.finish(Outcome::Aborted, EndRule::Abort, &mut events);
            return events;
        }
        if rule == EndRule::Timeout
            && adj.timeout_insufficient_draw
            && self
                .pos
                .active_seats()
                .filter(|&s| s != seat)
                .all(|s| self.extra_material(s).is_some_and(|n| n <= 1))
        {
            self.finish(Outcome::Draw, rule, &mut events);
            return events;
        }
        if let Some(last) = self.last_against_insufficient(seat) {
            // chess.com's records 100784562, 100757445 and 101936064: the
            // last player but one leaves a player who cannot mate; the game
            // ends by insufficient material, the leaver and the last player
            // scoring the draw's points, the last player also taking the
            // other walking kings' points.
            let walking = adj.scoring.survivor_king_bonus * self.walking_kings();
            self.eliminate(seat, adj.resigned_army, &mut events);
            self.add_score(seat, adj.scoring.draw, ScoreReason::Draw, &mut events);
            self.add_score(last, adj.scoring.draw, ScoreReason::Draw, &mut events);
            self.add_score(last, walking, ScoreReason::SurvivorKings, &mut events);
            let winners = vec![last];
            self.finish(
                Outcome::Win { winners },
                EndRule::InsufficientMaterial,
                &mut events,
            );
            return events;
        }
        if rules.seats.len() > 2 && !adj.team_loses {
            // A player who resigns or runs out of time in its own turn, and
            // whose king will walk, has the king make a random move in that
            // turn while its army still stands (chess.com's `Kh12-g13R`,
            // `Ke12-e13T`, even a castling, `O-OT`); then it is out. The
            // move scores nothing, as a walking king's (`Kj8xNj9T`).
            let mut cause = Some(rule);
            let king_moves = self.leaving_king_moves(seat);
            if !king_moves.is_empty() {
                let mv = chosen.unwrap_or_else(|| self.random_move(king_moves));
                cause = self.apply(mv, false, &mut events).or(cause);
            }
            self.eliminate(seat, adj.resigned_army, &mut events);
            self.settle(&mut events, cause);
        } else {
            self.finish_value(seat, GameValue::Loss, rule, &mut events);
        }
        events
    }
}
