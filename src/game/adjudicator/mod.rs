//! [`Game`]: a position plus everything the end rules need (the history of
//! positions, move counts, draw offers), judged after every step by one
//! generic adjudicator that reads the variant's compiled
//! [`Adjudication`](crate::rules::Adjudication).

use std::sync::Arc;

use smallvec::SmallVec;

use super::action::{Action, Refusal};
use super::event::{Event, ScoreReason};
use super::result::{EndRule, GameResult, Outcome};
use crate::definition::value::GameValue;
use crate::moves::{Move, MoveError, MoveList};
use crate::notation::{MoveText, move_name, parse_move};
use crate::piece::Piece;
use crate::position::ImmediateEnd;
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::rules::Army;
use crate::rules::{Ranking, RuleTable, Sq, share};
use crate::seat::MAX_SEATS;
use crate::seat::{Seat, SeatSet};
use crate::setup::FenError;

mod leaving;
mod material;
mod offers;
mod repetition;

/// The move that reached a position, as the repetition rules read it.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    mv: Move,
    captured: bool,
}

/// A position since the last capture or pawn move, as the repetition
/// rules read it.
#[derive(Clone, Copy, Debug)]
struct Visit {
    /// Its repetition key.
    key: u64,
    /// Whether the side to move was in check.
    in_check: bool,
    /// The move that reached it (`None`: the game's first position).
    arrival: Option<Arrival>,
}

/// An open draw offer: who made it and who has agreed (a bit per seat).
#[derive(Clone, Copy, Debug)]
struct Offer {
    agreed: u8,
}

/// A game of any variant: moves and actions in, events and a result out.
///
/// After each step the adjudicator judges the position the way the variant
/// file says: immediate ends (extinction, flags, a captured king, one team
/// left), then, when the next seat's turn arrives, checkmate or stalemate
/// (eliminating the seat where the game plays on), insufficient material,
/// repetition and the n-move rule; scores follow the points table.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    result: Option<GameResult>,
    /// The legal moves of the seat to move (none once the game is over).
    legal: MoveList,
    /// The positions since the last capture or pawn move.
    history: Vec<Visit>,
    /// The last move applied, until its position is recorded.
    arrival: Option<Arrival>,
    /// Shatar's mate rule (`shatarMateRule`): for every position since the
    /// start, whether a knight, rook or bers gave check (a "shak"), or
    /// `None` when the side to move was not in check.
    shaks: Vec<Option<bool>>,
    /// Moves by each seat since the last capture or pawn move by anyone.
    idle: [u32; MAX_SEATS],
    /// Moves by each seat since the game started.
    moves_made: [u32; MAX_SEATS],
    /// The ply of each seat's latest move (0: none yet).
    last_moved: [u32; MAX_SEATS],
    /// Moves made since the game started.
    ply: u32,
    offer: Option<Offer>,
    /// The seat whose move is being judged, until the position after it is
    /// settled.
    mover: Option<Seat>,
    /// The seats in check after the last move, when still known: a later
    /// move needs to look again only at kings whose attack lines it touched.
    checks: Option<SeatSet>,
    /// The turn (the ply it arrived at) in which each seat last offered a draw.
    offered: [Option<u32>; MAX_SEATS],
    rng: SplitMix64,
}

impl Game {
    /// A game from a FEN (two seats) or FEN4 (more), judged at once (a
    /// position may already be over); `seed` drives the random moves of
    /// walking kings.
    pub fn new(rules: Arc<RuleTable>, fen: &str, seed: u64) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_text(rules, fen)?, seed))
    }

    /// A game from a position set up by the caller, judged at once.
    pub fn from_position(pos: Position, seed: u64) -> Game {
        let mut idle = [0; MAX_SEATS];
        // The halfmove clock's plies were made by the seats before the one
        // to move, latest first.
        let active: Vec<Seat> = pos.active_seats().collect();
        if !active.is_empty() {
            let behind = active.iter().filter(|&&s| s < pos.to_move()).count();
            let k = active.len() as u32;
            let h = pos.halfmove();
            for i in 0..active.len() {
                let seat = active[(behind + active.len() - 1 - i) % active.len()];
                idle[seat] = h / k + u32::from((i as u32) < h % k);
            }
        }
        let mut game = Game {
            pos,
            result: None,
            legal: MoveList::default(),
            history: Vec::new(),
            arrival: None,
            shaks: Vec::new(),
            idle,
            moves_made: [0; MAX_SEATS],
            last_moved: [0; MAX_SEATS],
            ply: 0,
            offer: None,
            mover: None,
            checks: None,
            offered: [None; MAX_SEATS],
            rng: SplitMix64::new(seed),
        };
        let mut events = Vec::new();
        game.settle(&mut events, None);
        game
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rule table.
    pub fn rules(&self) -> &RuleTable {
        self.pos.rules()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// The seat to move; `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then(|| self.pos.to_move())
    }

    /// The legal moves of the seat to move (none once the game is over).
    pub fn legal_moves(&self) -> &[Move] {
        self.legal.as_slice()
    }

    /// The seats whose king is attacked by an active opponent.
    pub fn checked_seats(&self) -> Vec<Seat> {
        self.seats().filter(|&s| self.pos.checked(s)).collect()
    }

    /// The seats out of the game.
    pub fn eliminated(&self) -> Vec<Seat> {
        self.seats()
            .filter(|&s| self.pos.is_eliminated(s))
            .collect()
    }

    /// The active seats that have yet to answer the open draw offer (none
    /// when no offer is open).
    pub fn awaiting_draw_answer(&self) -> Vec<Seat> {
        match self.offer {
            Some(offer) if self.result.is_none() => self
                .pos
                .active_seats()
                .filter(|s| offer.agreed & s.bit() == 0)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A seat's points.
    pub fn score(&self, seat: Seat) -> i32 {
        self.pos.score(seat)
    }

    /// A seat's name (`White`, `Red`).
    pub fn seat_name(&self, seat: Seat) -> &str {
        &self.rules().seats[seat].name
    }

    /// The seat with a name, case-insensitively.
    pub fn seat_named(&self, name: &str) -> Option<Seat> {
        self.rules().seat_named(name)
    }

    /// The position as FEN (two seats) or FEN4.
    pub fn fen(&self) -> String {
        self.pos.text()
    }

    /// The legal move a text names, in the variant's notation.
    pub fn parse_move(&self, text: &str) -> Result<Move, Refusal> {
        let mut pos = self.pos.clone();
        match parse_move(&mut pos, text) {
            Ok(mv) if self.result.is_none() => Ok(mv),
            Ok(_) => Err(Refusal::GameOver),
            Err(MoveError::Illegal) => Err(Refusal::Illegal(text.to_string())),
            Err(MoveError::Notation(why)) => Err(Refusal::Notation(text.to_string(), why)),
        }
    }

    /// Plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<Vec<Event>, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Plays a legal move of the seat to move.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.legal.as_slice().contains(&mv) {
            return Err(Refusal::Illegal(move_name(&self.pos, &mv)));
        }
        let mut events = Vec::new();
        let cause = self.apply(mv, true, &mut events);
        self.settle(&mut events, cause);
        Ok(events)
    }

    /// Plays the seeded random move of a resigned player's walking king.
    pub fn play_auto(&mut self) -> Result<Vec<Event>, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.pos.is_eliminated(self.pos.to_move()) || self.legal.is_empty() {
            return Err(Refusal::NotWalking);
        }
        let mv = self.random_move(self.legal.as_slice().to_vec());
        self.play(mv)
    }

    /// One of `moves` drawn by the seeded generator, picked in square
    /// order, so the choice of a seed does not depend on the order the
    /// generator lists them in.
    fn random_move(&mut self, mut moves: Vec<Move>) -> Move {
        moves.sort_by_key(|m| (m.from(), m.to(), m.promotion().map(|p| p.index())));
        moves[self.rng.below(moves.len())]
    }

    /// Takes an action for `by` (the seat to move when `None`).
    pub fn act(&mut self, action: Action, by: Option<Seat>) -> Result<Vec<Event>, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let seat = by.unwrap_or(self.pos.to_move());
        if self.pos.is_eliminated(seat) {
            return Err(Refusal::Eliminated(self.name(seat)));
        }
        match action {
            Action::Resign => Ok(self.give_up(seat, EndRule::Resignation, None)),
            Action::Timeout => Ok(self.give_up(seat, EndRule::Timeout, None)),
            Action::OfferDraw => self.offer_draw(seat),
            Action::AcceptDraw => self.accept_draw(seat),
            Action::DeclineDraw => self.decline_draw(seat),
            Action::ClaimDraw(rule, mv) => {
                self.require_to_move(seat)?;
                self.claim_draw(seat, rule, mv)
            }
            Action::ClaimWin => {
                self.require_to_move(seat)?;
                self.claim_win(seat)
            }
        }
    }

    fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        Seat::all(self.rules().seats.len())
    }

    fn name(&self, seat: Seat) -> String {
        self.seat_name(seat).to_string()
    }

    fn require_to_move(&self, seat: Seat) -> Result<(), Refusal> {
        if seat == self.pos.to_move() {
            Ok(())
        } else {
            Err(Refusal::NotToMove(self.name(seat)))
        }
    }

    fn add_score(&mut self, seat: Seat, points: i32, reason: ScoreReason, events: &mut Vec<Event>) {
        if points == 0 {
            return;
        }
        self.pos.add_score(seat, points);
        events.push(Event::Score {
            seat,
            points,
            reason,
        });
    }

    /// Plays a legal move and records what it did; returns the end rule of
    /// an elimination it caused (a captured king). Its captures and checks
    /// score only when `scoring` and its mover is still in.
    fn apply(&mut self, mv: Move, scoring: bool, events: &mut Vec<Event>) -> Option<EndRule> {
        let rules = self.pos.shared_rules().clone();
        let mover = self.pos.to_move();
        let mover_scores = scoring && !self.pos.is_eliminated(mover);
        events.push(Event::Moved {
            seat: mover,
            text: MoveText::of(&self.pos, mv),
        });
        if let Some(offer) = self.offer
            && offer.agreed & mover.bit() == 0
        {
            self.offer = None;
            events.push(Event::DrawDeclined { seat: mover });
        }
        let mut victims: SmallVec<[(Sq, Piece); 2]> = SmallVec::new();
        match mv.unwalled() {
            Move::Castle { .. } => {}
            Move::EnPassant { to, captured, .. } => {
                victims.push((captured, self.pos.piece_at(captured)));
                if self.pos.piece_at(to).is_some() {
                    victims.push((to, self.pos.piece_at(to)));
                }
            }
            _ => {
                if self.pos.is_capture(&mv) {
                    victims.push((mv.to(), self.pos.piece_at(mv.to())));
                }
            }
        }
        // What a capture explodes, read before the move changes the board.
        let mut exploded = Vec::new();
        if let Some(immune) = rules.blast
            && !victims.is_empty()
        {
            let landing = mv.to();
            let mover_piece = self.pos.moving_piece(&mv);
            if !mover_piece.kind().is_in(immune) {
                exploded.push((landing, mover_piece));
            }
            for sq in self.pos.blast_neighbours(landing).iter() {
                if !victims.iter().any(|&(v, _)| v == sq) {
                    exploded.push((sq, self.pos.piece_at(sq)));
                }
            }
        }
        let eliminated_before = self.pos.eliminated_seats();
        self.arrival = Some(Arrival {
            mv,
            captured: !victims.is_empty(),
        });
        self.pos.make(mv);
        self.ply += 1;
        self.mover = Some(mover);
        self.last_moved[mover] = self.ply;
        self.moves_made[mover] += 1;
        if self.pos.halfmove() == 0 {
            self.idle = [0; MAX_SEATS];
            if !self.rules().adjudication.repetition_spans_captures {
                self.history.clear();
            }
        } else {
            self.idle[mover] += 1;
        }
        let mut cause = None;
        for &(sq, victim) in &victims {
            events.push(Event::Capture {
                by: mover,
                piece: victim,
                square: sq,
            });
            if mover_scores {
                let points = capture_points(&rules, victim);
                self.add_score(mover, points, ScoreReason::Capture, events);
            }
            if rules.pieces[victim.kind()].royal && !victim.dead() {
                events.push(Event::KingCaptured {
                    seat: victim.seat(),
                });
                if !eliminated_before.contains(victim.seat())
                    && self.pos.is_eliminated(victim.seat())
                {
                    let army = if rules.royalty.eliminated_pieces_removed {
                        Army::Remove
                    } else {
                        Army::Dead
                    };
                    events.push(Event::Eliminated {
                        seat: victim.seat(),
                        army,
                    });
                    cause = Some(EndRule::KingCapture);
                }
            }
        }
        if !exploded.is_empty() {
            events.push(Event::Explosion {
                square: mv.to(),
                pieces: exploded,
            });
        }
        match mv.unwalled() {
            Move::Promotion { to, piece, .. } | Move::PiecePromotion { to, piece, .. } => {
                events.push(Event::Promotion {
                    seat: mover,
                    square: to,
                    piece,
                });
            }
            _ => {}
        }
        let checked = self.checks_after(mover, &mv, &victims, eliminated_before);
        // The mover's checks are among these: two are needed to score.
        if mover_scores && checked.iter().nth(1).is_some() {
            self.score_multi_check(mover, events);
        }
        if !checked.is_empty() {
            events.push(Event::Check { seats: checked });
        }
        cause
    }

    /// The seats in check after `mover` played `mv` (taking `victims`). A
    /// legal move never leaves the mover's own king attacked; another king's
    /// status is looked at again only when the move changed a square on one
    /// of its attack lines (or eliminations changed who attacks).
    fn checks_after(
        &mut self,
        mover: Seat,
        mv: &Move,
        victims: &[(Sq, Piece)],
        eliminated_before: SeatSet,
    ) -> SeatSet {
        let rules = self.pos.shared_rules().clone();
        let mut touched = crate::rules::SqSet::default();
        if let Some(from) = mv.from() {
            touched.insert(from);
        }
        touched.insert(mv.to());
        if let Some((_, gate)) = mv.gate() {
            touched.insert(gate);
        }
        if let Move::Castle { rook, wing, .. } = mv.unwalled() {
            touched.insert(rook);
            if let Some(geometry) = rules.castling.geometry[mover][wing as usize] {
                touched.insert(geometry.rook_to);
            }
        }
        for &(sq, _) in victims {
            touched.insert(sq);
        }
        // A wall blocks lines and the duck's leaving opens them: every
        // king is looked at again.
        let known = self.checks.filter(|_| {
            rules.royalty.pseudo.is_none()
                && mv.wall().is_none()
                && self.pos.eliminated_seats() == eliminated_before
        });
        let checked: SeatSet = self
            .seats()
            .filter(|&s| s != mover)
            .filter(|&s| match (known, self.pos.royal(s)) {
                (_, None) => self.pos.checked(s),
                (Some(before), Some(king)) => {
                    if touched.contains(king) || rules.attack_reach(king).intersects(&touched) {
                        self.pos.checked(s)
                    } else {
                        before.contains(s)
                    }
                }
                (None, Some(_)) => self.pos.checked(s),
            })
            .collect();
        self.checks = Some(checked);
        checked
    }

    /// Scores a move that checks two or three kings at once.
    fn score_multi_check(&mut self, mover: Seat, events: &mut Vec<Event>) {
        let rules = self.pos.shared_rules().clone();
        let scoring = &rules.adjudication.scoring;
        if scoring.multi_check == [0; 4] {
            return;
        }
        let team = rules.seats[mover].team;
        let mut kings = 0;
        let mut queen = false;
        // Only kings of players still in count: a walking king in check
        // scores nothing (chess.com's record 97969768).
        for seat in self
            .seats()
            .filter(|&s| rules.seats[s].team != team && !self.pos.is_eliminated(s))
        {
            let Some(king) = self.pos.royal(seat) else {
                continue;
            };
            if self.pos.attacked_by(king, mover) {
                kings += 1;
                let pos = &self.pos;
                queen |= pos.find_attacker(king, mover, |from| {
                    pos.piece_at(from).kind().is_in(scoring.queen_types)
                });
            }
        }
        if kings < 2 {
            return;
        }
        let (slot, reason) = if kings >= 3 {
            (2, ScoreReason::TripleCheck)
        } else {
            (0, ScoreReason::DoubleCheck)
        };
        let points = scoring.multi_check[slot + usize::from(queen)];
        self.add_score(mover, points, reason, events);
    }

    /// Judges the position after a step: immediate ends, a points lead,
    /// then the arrival of the seat to move (mate, stalemate and the
    /// eliminations they bring, then the automatic draws). `cause` is the
    /// rule of an elimination the step made, which names the end if it
    /// leaves one side standing.
    fn settle(&mut self, events: &mut Vec<Event>, mut cause: Option<EndRule>) {
        let rules = self.pos.shared_rules().clone();
        let adj = &rules.adjudication;
        let many = rules.seats.len() > 2;
        let mover = self.mover.take();
        while self.result.is_none() {
            if let Some(end) = self.pos.immediate_end() {
                self.finish_immediate(end, cause, events);
                return;
            }
            if adj.mate_at_move && self.mate_at_once(mover, events) {
                cause = Some(EndRule::Checkmate);
                continue;
            }
            if adj.auto_win_lead > 0
                && let Some((leader, lead)) = self.lead_of_two()
                && lead >= adj.auto_win_lead
            {
                let outcome = Outcome::Win {
                    winners: vec![leader],
                };
                // A mate that completes the lead names the end.
                self.finish(outcome, cause.unwrap_or(EndRule::PointsLead), events);
                return;
            }
            let seat = self.pos.to_move();
            self.pos.legal_moves(&mut self.legal);
            let key = repetition_key(&self.pos, &self.legal);
            self.history.push(Visit {
                key,
                in_check: self.pos.in_check(seat),
                arrival: self.arrival.take(),
            });
            if let Some(mate) = &rules.shatar_mate {
                let shak = self
                    .pos
                    .royal(seat)
                    .filter(|_| self.pos.in_check(seat))
                    .map(|king| {
                        let them = seat.previous(rules.seats.len());
                        self.pos.find_attacker(king, them, |s| {
                            self.pos.piece_at(s).kind().is_in(mate.shak)
                        })
                    });
                self.shaks.push(shak);
            }
            if self.legal.is_empty() {
                let mated = self.pos.checked(seat);
                let rule = if mated {
                    let by = self.mate_credit(seat);
                    events.push(Event::Checkmate { seat, by });
                    if let Some(by) = by {
                        self.add_score(by, adj.scoring.checkmate, ScoreReason::Checkmate, events);
                    }
                    EndRule::Checkmate
                } else {
                    events.push(Event::Stalemate { seat });
                    EndRule::Stalemate
                };
                if self.pos.is_eliminated(seat) {
                    // A walking king is mated or stalemated: it goes dead.
                    // Its stalemate's points are shared among the players
                    // still in (chess.com's record 103145494: 20 among
                    // three, 7 each).
                    if !mated {
                        let active: Vec<Seat> = self.pos.active_seats().collect();
                        let points = share(adj.scoring.walking_king_stalemate, active.len());
                        for s in active {
                            self.add_score(s, points, ScoreReason::WalkingKingStalemate, events);
                        }
                    }
                    self.eliminate(seat, Army::Dead, events);
                    cause = Some(rule);
                    continue;
                }
                let value = if mated && self.pos.mated_by_pawn_drop() {
                    GameValue::Win
                } else if mated && let Some(value) = self.shatar_mate_value() {
                    value
                } else if mated {
                    adj.checkmate_value
                } else if adj.stalemate_piece_count {
                    let pieces = |s: Seat| self.pos.pieces_of(s).len();
                    let other = seat.next(self.rules().seats.len());
                    match pieces(seat).cmp(&pieces(other)) {
                        std::cmp::Ordering::Equal => GameValue::Draw,
                        std::cmp::Ordering::Less => adj.stalemate_value,
                        std::cmp::Ordering::Greater => adj.stalemate_value.opposite(),
                    }
                } else {
                    adj.stalemate_value
                };
                if many && !adj.team_loses && value == GameValue::Loss {
                    if !mated {
                        self.add_score(seat, adj.scoring.stalemate, ScoreReason::Stalemate, events);
                    }
                    self.eliminate(seat, adj.eliminated_army, events);
                    cause = Some(rule);
                    continue;
                }
                if value == GameValue::Draw {
                    self.finish_drawn(rule, events);
                } else {
                    self.finish_value(seat, value, rule, events);
                }
                return;
            }
            if adj.insufficient_material_draw && self.insufficient_material() {
                self.finish(Outcome::Draw, EndRule::InsufficientMaterial, events);
            } else if self.pos.promotion_stalemate(self.legal.as_slice()) {
                self.finish_drawn(EndRule::Stalemate, events);
            } else if self.moved_back_and_forth() {
                self.finish_value(seat, GameValue::Win, EndRule::Repetition, events);
            } else if adj.n_fold > 0 && self.repetitions() >= adj.n_fold {
                let judged = if adj.n_fold_absolute {
                    Seat::FIRST
                } else {
                    seat
                };
                if let Some(value) = self.repetition_value() {
                    if value == GameValue::Draw {
                        self.finish_drawn(EndRule::Repetition, events);
                    } else {
                        self.finish_value(seat, value, EndRule::Repetition, events);
                    }
                } else if adj.n_fold_value == GameValue::Draw {
                    self.finish_drawn(EndRule::Repetition, events);
                } else {
                    self.finish_value(judged, adj.n_fold_value, EndRule::Repetition, events);
                }
            } else if adj.n_move > 0
                // A walking king's turn is no player's: the n-move rule waits
                // for the next player still in (chess.com's record 12101520:
                // the walking king moves, then the game is drawn).
                && !self.pos.is_eliminated(seat)
                && self.n_move_count() >= adj.n_move + self.check_extension()
                || self.pos.count_exceeded()
            {
                // A count run past its limit (`countingRule`) draws like
                // the n-move rule.
                self.finish_drawn(EndRule::NMove, events);
            }
            return;
        }
    }

    /// Ends a game drawn by `rule`, or decides it by material where the
    /// variant counts it.
    fn finish_drawn(&mut self, rule: EndRule, events: &mut Vec<Event>) {
        match self.material_count_value() {
            Some(value) => self.finish_value(Seat::FIRST, value, rule, events),
            None => self.finish(Outcome::Draw, rule, events),
        }
    }

    /// Judges checkmate at once (`mateAtTurnArrival = false`): the first
    /// seat still in or with a walking king, in turn order from the seat to
    /// move, whose king is in check and who would have no legal move on its
    /// turn is checkmated and eliminated (a walking king goes dead). The mate is credited to the player still in whose
    /// move (`mover`) completed it, checking or not (chess.com's records:
    /// a move that takes a king's last flight square scores the mate),
    /// else as [`Game::mate_credit`] says. Whether a seat was mated.
    fn mate_at_once(&mut self, mover: Option<Seat>, events: &mut Vec<Event>) -> bool {
        let n = self.rules().seats.len();
        let mut seat = self.pos.to_move();
        for _ in 0..n {
            let walking = self.pos.is_eliminated(seat) && self.pos.royal(seat).is_some();
            if (walking || !self.pos.is_eliminated(seat)) && self.pos.checked(seat) {
                let mut turn = self.pos.clone();
                turn.set_to_move(seat);
                let mut moves = MoveList::default();
                turn.legal_moves(&mut moves);
                if moves.is_empty() {
                    let team = self.rules().seats[seat].team;
                    let by = mover
                        .filter(|&m| {
                            self.rules().seats[m].team != team && !self.pos.is_eliminated(m)
                        })
                        .or_else(|| self.mate_credit(seat));
                    events.push(Event::Checkmate { seat, by });
                    if let Some(by) = by {
                        let points = self.rules().adjudication.scoring.checkmate;
                        self.add_score(by, points, ScoreReason::Checkmate, events);
                    }
                    // A walking king mated goes dead with it (chess.com's
                    // record 100735624: `Qj14-j1+#`).
                    let army = if walking {
                        Army::Dead
                    } else {
                        self.rules().adjudication.eliminated_army
                    };
                    self.eliminate(seat, army, events);
                    return true;
                }
            }
            seat = seat.next(n);
        }
        false
    }

    fn eliminate(&mut self, seat: Seat, army: Army, events: &mut Vec<Event>) {
        self.pos.eliminate(seat, army);
        self.checks = None;
        events.push(Event::Eliminated { seat, army });
    }

    /// The seat credited with a mate: among the active opponents whose
    /// pieces give check (to the king, or to a pseudo-royal piece), the one
    /// who moved most recently.
    fn mate_credit(&self, seat: Seat) -> Option<Seat> {
        let mut targets = self.pos.pseudo_royals(seat);
        if let Some(king) = self.pos.royal(seat) {
            targets.insert(king);
        }
        let team = self.rules().seats[seat].team;
        self.seats()
            .filter(|&s| {
                self.rules().seats[s].team != team
                    && !self.pos.is_eliminated(s)
                    && targets.iter().any(|t| self.pos.attacked_by(t, s))
            })
            .max_by_key(|&s| self.last_moved[s])
    }

    /// How many kings of eliminated players still walk.
    fn walking_kings(&self) -> i32 {
        self.seats()
            .filter(|&s| self.pos.is_eliminated(s) && self.pos.royal(s).is_some())
            .count() as i32
    }

    /// With exactly two seats still in, the leader and its lead.
    fn lead_of_two(&self) -> Option<(Seat, i32)> {
        let active: SmallVec<[Seat; MAX_SEATS]> = self.pos.active_seats().collect();
        if active.len() != 2 || self.rules().seats.len() < 3 {
            return None;
        }
        let (a, b) = (active[0], active[1]);
        let (sa, sb) = (self.score(a), self.score(b));
        Some(if sa >= sb { (a, sa - sb) } else { (b, sb - sa) })
    }

    /// Ends the game as Fairy-Stockfish ends a full board or a double
    /// pass: material counting decides, else a draw.
    fn finish_counted(&mut self, rule: EndRule, events: &mut Vec<Event>) {
        match self.material_count_value() {
            Some(value) => self.finish_value(Seat::FIRST, value, rule, events),
            None => self.finish(Outcome::Draw, rule, events),
        }
    }

    /// Shatar's mate rule, for the seat to move, mated (`shatarMateRule`),
    /// as Fairy-Stockfish judges it: a mate given by knights alone is
    /// forbidden and wins for the mated side; otherwise it counts only if
    /// one of the series of checks that led to it was a shak (by a knight,
    /// rook or bers), and draws (niol) if none was. `None` without the rule.
    fn shatar_mate_value(&self) -> Option<GameValue> {
        let rules = self.pos.shared_rules().clone();
        let mate = rules.shatar_mate.as_ref()?;
        let seat = self.pos.to_move();
        let king = self.pos.royal(seat)?;
        let them = seat.previous(rules.seats.len());
        let by_others = self.pos.find_attacker(king, them, |s| {
            !self.pos.piece_at(s).kind().is_in(mate.knights)
        });
        if !by_others {
            return Some(GameValue::Win);
        }
        let mut i = self.shaks.len().checked_sub(1)?;
        while let Some(shak) = self.shaks[i] {
            if shak {
                return Some(rules.adjudication.checkmate_value);
            }
            if i < 2 {
                break;
            }
            i -= 2;
        }
        Some(GameValue::Draw)
    }

    /// The moves without capture or pawn move that the n-move rule counts:
    /// plies, or the fewest moves any seat still in has made.
    pub fn n_move_count(&self) -> u32 {
        if self.rules().adjudication.n_move_in_plies {
            return self.pos.halfmove();
        }
        self.pos
            .active_seats()
            .map(|s| self.idle[s])
            .min()
            .unwrap_or(0)
    }

    /// Under the chasing rule, how much longer the n-move rule waits, as
    /// Fairy-Stockfish counts it: once 20 plies are played, a move for each
    /// check beyond ten that one side gave since the last capture or pawn
    /// move (in the rule's unit).
    pub fn check_extension(&self) -> u32 {
        if self.rules().chasing.is_none() || self.ply < 20 || self.history.len() < 2 {
            return 0;
        }
        let now = self.history.len() - 1;
        let end = (self.pos.halfmove() as usize).min(now);
        let checked = |j: usize| u32::from(self.history[now - j].in_check);
        // Positions an even number of plies back: checks given by the
        // opponent; odd: by the side to move.
        let by_them: u32 = (0..end.max(1)).step_by(2).map(checked).sum();
        let by_us: u32 = (1..=end.max(1)).step_by(2).map(checked).sum();
        let extra = by_them.max(by_us).saturating_sub(10);
        if self.rules().adjudication.n_move_in_plies {
            2 * extra
        } else {
            extra
        }
    }

    fn finish_immediate(
        &mut self,
        end: ImmediateEnd,
        cause: Option<EndRule>,
        events: &mut Vec<Event>,
    ) {
        let rules = self.pos.shared_rules().clone();
        let adj = &rules.adjudication;
        match end {
            ImmediateEnd::KingCaptured { seat } => {
                self.finish_value(seat, GameValue::Loss, EndRule::KingCapture, events)
            }
            ImmediateEnd::LastTeam { .. } => {
                let survivors: Vec<Seat> = self.pos.active_seats().collect();
                let walking = self.walking_kings();
                if adj.ranking != Ranking::Survival {
                    for &s in &survivors {
                        let points = adj.scoring.survivor_king_bonus * walking;
                        self.add_score(s, points, ScoreReason::SurvivorKings, events);
                    }
                }
                let rule = cause.unwrap_or(EndRule::Checkmate);
                self.finish(Outcome::Win { winners: survivors }, rule, events);
            }
            ImmediateEnd::Extinction { seat } => {
                self.finish_value(seat, adj.extinction_value, EndRule::Extinction, events)
            }
            ImmediateEnd::Flag { seat } => {
                self.finish_value(seat, GameValue::Win, EndRule::Flag, events)
            }
            ImmediateEnd::BothFlags => self.finish(Outcome::Draw, EndRule::Flag, events),
            ImmediateEnd::CheckCount { seat } => {
                self.finish_value(seat, GameValue::Win, EndRule::CheckCount, events)
            }
            ImmediateEnd::Connect { seat } => {
                self.finish_value(seat, adj.connect_value, EndRule::Connect, events)
            }
            ImmediateEnd::FullBoard => self.finish_counted(EndRule::FullBoard, events),
            ImmediateEnd::CastledToWin { seat } => {
                self.finish_value(seat, GameValue::Win, EndRule::Castling, events)
            }
            ImmediateEnd::WinningCastlingLost { seat } => {
                self.finish_value(seat, GameValue::Loss, EndRule::Castling, events)
            }
            // Two stalemates in a row.
            ImmediateEnd::BothPassed => {
                // Passes that only a stalemate allows end as one.
                let rule = if rules.pass.contains(&true) {
                    EndRule::Passes
                } else {
                    EndRule::Stalemate
                };
                self.finish_counted(rule, events)
            }
            ImmediateEnd::Bikjang => self.finish_counted(EndRule::Bikjang, events),
        }
    }

    /// Ends the game with a value for one seat: a win for its team, a loss
    /// (the other teams still in win), or a draw.
    fn finish_value(
        &mut self,
        seat: Seat,
        value: GameValue,
        rule: EndRule,
        events: &mut Vec<Event>,
    ) {
        let team = self.rules().seats[seat].team;
        let of_team = |g: &Game, s: Seat| g.rules().seats[s].team == team;
        let outcome = match value {
            GameValue::Win => Outcome::Win {
                winners: self.seats().filter(|&s| of_team(self, s)).collect(),
            },
            GameValue::Loss => Outcome::Win {
                winners: self
                    .seats()
                    .filter(|&s| !of_team(self, s) && !self.pos.is_eliminated(s))
                    .collect(),
            },
            GameValue::Draw | GameValue::None => Outcome::Draw,
        };
        self.finish(outcome, rule, events);
    }

    /// Ends the game. In a points game every ending but an abort is a
    /// ranking: a draw first gives every seat still in its draw points, and
    /// the top scorers win.
    fn finish(&mut self, outcome: Outcome, rule: EndRule, events: &mut Vec<Event>) {
        let rules = self.pos.shared_rules().clone();
        let adj = &rules.adjudication;
        let outcome = if adj.ranking == Ranking::Survival || outcome == Outcome::Aborted {
            outcome
        } else {
            if outcome == Outcome::Draw || rule == EndRule::Agreement {
                let active: Vec<Seat> = self.pos.active_seats().collect();
                // The 20 of each walking king still on the board goes to the
                // players remaining, shared (chess.com's records 97969768
                // and 12101520; a last player alone takes it whole).
                let walking = adj.scoring.survivor_king_bonus * self.walking_kings();
                let points = share(walking, active.len());
                for &s in &active {
                    self.add_score(s, adj.scoring.draw, ScoreReason::Draw, events);
                    self.add_score(s, points, ScoreReason::SurvivorKings, events);
                }
            }
            let best = self.seats().map(|s| self.score(s)).max().unwrap_or(0);
            Outcome::Win {
                winners: self.seats().filter(|&s| self.score(s) == best).collect(),
            }
        };
        let result = GameResult { outcome, rule };
        events.push(Event::GameOver(result.clone()));
        self.result = Some(result);
        self.legal.clear();
        self.offer = None;
    }
}

/// Points for capturing a piece: nothing for a dead one; a promoted piece
/// scores `promotedCaptureScore` where the variant sets it.
fn capture_points(rules: &RuleTable, victim: Piece) -> i32 {
    let scoring = &rules.adjudication.scoring;
    if victim.dead() {
        return 0;
    }
    match scoring.promoted_capture {
        Some(points) if victim.promoted() || victim.from_pawn() => points,
        _ => scoring.capture[victim.kind()],
    }
}

/// The key by which positions repeat: the position's hash, counting an
/// en-passant target only when a legal en-passant capture exists.
fn repetition_key(pos: &Position, legal: &MoveList) -> u64 {
    let mut key = pos.hash();
    for target in pos.en_passant() {
        let takeable = legal.as_slice().iter().any(
            |m| matches!(m.unwalled(), Move::EnPassant { to, .. } if target.squares.contains(&to)),
        );
        if !takeable {
            key ^= pos.en_passant_hash(target);
        }
    }
    key
}
