//! The match layer: a [`Table`] is the seats, the clocks and the game being
//! played, for any variant. It takes requests from the host and the seats
//! (moves, offers, claims, resignations, pause, connection changes, seating)
//! and the passing of time, each at a moment the caller gives, and answers
//! with events: the game's own and the table's.
//!
//! Time is injected: the table never reads a clock. Every call says when it
//! happens (a [`Duration`] since any start the caller chose); the table
//! judges what fell due before then (a flag, a reconnection window, an
//! abandoned table expiring) in the order it fell due, so a test of a
//! two-minute window runs in microseconds.

use std::sync::Arc;
use std::time::Duration;

use super::action::{Action, Refusal};
use super::adjudicator::Game;
use super::clock::{Clocks, TimeControl};
use super::event::Event;
use crate::position::Position;
use crate::rules::RuleTable;
use crate::seat::Seat;
use crate::setup::FenError;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody: the seat is free.
    Open,
    /// A person, by name.
    Person(String),
    /// A bot of a strength level.
    Bot {
        /// Its level (search depth or the engine's own scale).
        level: u8,
    },
}

/// Who makes a request: the host of the table, or the player in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The table's host (pauses, new games, seating).
    Host,
    /// The player in a seat.
    Seat(Seat),
}

/// What the host or a player asks the table to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// The seat to move plays a move, written in the variant's notation.
    Move(String),
    /// A player resigns, offers, accepts or declines a draw, or claims
    /// (a timeout is the clock's to judge, never a request).
    Act(Action),
    /// The host stops the game: no moves and no time until it resumes.
    Pause,
    /// The host resumes a paused game.
    Resume,
    /// A player's connection dropped.
    Drop,
    /// A dropped player is back.
    Return,
    /// A player leaves the table: it counts as resigning.
    Leave,
    /// The host starts the next game, after the result: a fresh board,
    /// clocks and history, the same seats.
    NewGame,
    /// The host seats a person or a bot in a free seat.
    Sit(Seat, Occupant),
    /// A person reserves a bot's seat, to take it over after the result.
    Reserve(Seat, String),
    /// The host removes a bot; it leaves after the result.
    RemoveBot(Seat),
}

/// Why the table paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseReason {
    /// The host paused it.
    Host,
    /// Every person at the table dropped.
    Empty,
}

/// What happened at the table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableEvent {
    /// Something happened in the game.
    Game(Event),
    /// The table paused: no moves and no time.
    Paused(PauseReason),
    /// The table resumed; the seat to move's clock runs again.
    Resumed,
    /// A player's connection dropped.
    Dropped(Seat),
    /// A dropped player came back in time.
    Returned(Seat),
    /// A player left (or stayed away too long), which resigned it.
    Left(Seat),
    /// The table stayed empty too long and closed; the game has no result.
    Expired,
    /// A new game started, with this seat to move first.
    NewGame {
        /// The game's number at this table, from 1.
        number: u32,
        /// The seat that moves first.
        first: Seat,
    },
    /// Someone took a seat (a reservation coming true, or the host).
    Seated(Seat, Occupant),
    /// A person reserved a bot's seat.
    Reserved(Seat, String),
    /// A bot will leave its seat after the result.
    BotLeaving(Seat),
}

impl TableEvent {
    /// The event as a line for people (`White wins by checkmate`, `Blue
    /// dropped`, `game 2: Yellow moves first`).
    pub fn describe(&self, rules: &RuleTable) -> String {
        let name = |seat: &Seat| rules.seats[*seat].name.as_str();
        match self {
            TableEvent::Game(event) => event.describe(rules),
            TableEvent::Paused(PauseReason::Host) => "paused (host)".into(),
            TableEvent::Paused(PauseReason::Empty) => "paused (empty)".into(),
            TableEvent::Resumed => "resumed".into(),
            TableEvent::Dropped(seat) => format!("{} dropped", name(seat)),
            TableEvent::Returned(seat) => format!("{} is back", name(seat)),
            TableEvent::Left(seat) => format!("{} left", name(seat)),
            TableEvent::Expired => "the table has closed".into(),
            TableEvent::NewGame { number, first } => {
                format!("game {number}: {} moves first", name(first))
            }
            TableEvent::Seated(seat, occupant) => match occupant {
                Occupant::Person(who) => format!("{} is now played by {who}", name(seat)),
                Occupant::Bot { level: 0 } => {
                    format!("a random mover now plays {}", name(seat))
                }
                Occupant::Bot { level } => {
                    format!("a bot (level {level}) now plays {}", name(seat))
                }
                Occupant::Open => format!("{} is free", name(seat)),
            },
            TableEvent::Reserved(seat, by) => format!("{by} reserved {}", name(seat)),
            TableEvent::BotLeaving(seat) => {
                format!("the bot leaves {} after this game", name(seat))
            }
        }
    }
}

/// Why the table refused a request; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableRefusal {
    /// The game refused it.
    #[error("{0}")]
    Game(#[from] Refusal),
    /// The table has closed.
    #[error("the table has closed")]
    Expired,
    /// The table is paused.
    #[error("the game is paused")]
    Paused,
    /// Only a paused table resumes; one emptied resumes when a player returns.
    #[error("the game is not paused by the host")]
    NotPaused,
    /// Only the host may do this.
    #[error("only the host may do that")]
    HostOnly,
    /// Only a seated player may do this.
    #[error("only a seated player may do that")]
    PlayersOnly,
    /// A move from a seat not to move.
    #[error("{0} is not the seat to move")]
    NotToMove(String),
    /// Time is the clock's to judge.
    #[error("a timeout is judged by the clock, not requested")]
    TimeoutRequested,
    /// The request needs the game to be over.
    #[error("the game is still being played")]
    GameNotOver,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat does not hold a person.
    #[error("{0} is not a person's seat")]
    NotAPerson(String),
    /// The seat does not hold a bot.
    #[error("{0} is not a bot's seat")]
    NotABot(String),
    /// The seat is taken.
    #[error("{0} is taken")]
    SeatTaken(String),
    /// A drop from a player already away, or a return of one present.
    #[error("{0} is {1}")]
    Connection(String, &'static str),
    /// The seat is not one of the variant's.
    #[error("the variant has no seat {0}")]
    NoSuchSeat(usize),
}

/// Why a table cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The start position cannot be read.
    #[error("the start position: {0}")]
    Fen(#[from] FenError),
    /// One occupant per seat is needed.
    #[error("the variant has {seats} seats, but {given} occupants were given")]
    Seats {
        /// The variant's seats.
        seats: usize,
        /// The occupants given.
        given: usize,
    },
}

/// The answer to a request: what happened (including what fell due before
/// it, such as a flag), and whether the request itself was refused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// Events in the order they happened.
    pub events: Vec<TableEvent>,
    /// Why the request was refused, if it was.
    pub refused: Option<TableRefusal>,
}

#[derive(Clone, Debug)]
struct SeatState {
    occupant: Occupant,
    /// When the player's connection dropped, while it is away.
    away_since: Option<Duration>,
    /// A person waiting to take over the bot's seat after the result.
    reserved_by: Option<String>,
    /// The bot leaves after the result.
    bot_leaves: bool,
}

/// What falls due at a moment.
enum Due {
    Flag(Seat),
    Gone(Seat),
    Expire,
}

/// A table: seats, clocks and the game being played. See the module
/// documentation.
#[derive(Clone, Debug)]
pub struct Table {
    rules: Arc<RuleTable>,
    start: Position,
    game: Game,
    control: Option<TimeControl>,
    clocks: Option<Clocks>,
    seats: Vec<SeatState>,
    host_paused: bool,
    /// Since when every person at the table is away.
    empty_since: Option<Duration>,
    expired: bool,
    number: u32,
    first: Seat,
    seed: u64,
    now: Duration,
    /// The result's seat changes (reservations, leaving bots) are done.
    settled: bool,
}

impl Table {
    /// A table for the variant from `start` (FEN or FEN4), with a clock or
    /// none, its seats taken by `occupants` (one per seat, in turn order,
    /// [`Occupant::Open`] for a free one). The first game starts at `at`:
    /// the first mover's clock runs.
    pub fn new(
        rules: Arc<RuleTable>,
        start: &str,
        control: Option<TimeControl>,
        occupants: Vec<Occupant>,
        seed: u64,
        at: Duration,
    ) -> Result<Table, TableError> {
        let start = Position::from_text(rules.clone(), start)?;
        if occupants.len() != rules.seats.len() {
            return Err(TableError::Seats {
                seats: rules.seats.len(),
                given: occupants.len(),
            });
        }
        let seats = occupants
            .into_iter()
            .map(|occupant| SeatState {
                occupant,
                away_since: None,
                reserved_by: None,
                bot_leaves: false,
            })
            .collect();
        let first = start.to_move();
        let mut table = Table {
            game: Game::from_position(start.clone(), seed),
            rules,
            start,
            control,
            clocks: None,
            seats,
            host_paused: false,
            empty_since: None,
            expired: false,
            number: 1,
            first,
            seed,
            now: at,
            settled: false,
        };
        table.begin(at, &mut Vec::new());
        Ok(table)
    }

    /// The game being played (or just finished).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The variant's rules.
    pub fn rules(&self) -> &RuleTable {
        &self.rules
    }

    /// The time control, if the table plays with a clock.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.control
    }

    /// A seat's time left at `at` (`None` without a clock).
    pub fn remaining(&self, seat: Seat, at: Duration) -> Option<Duration> {
        let at = at.max(self.now);
        self.clocks.as_ref().map(|c| c.remaining(seat, at))
    }

    /// Who sits in a seat.
    pub fn occupant(&self, seat: Seat) -> &Occupant {
        &self.seats[seat].occupant
    }

    /// Whether a seat's player is away (its connection dropped).
    pub fn is_away(&self, seat: Seat) -> bool {
        self.seats[seat].away_since.is_some()
    }

    /// Why the table is paused, if it is.
    pub fn paused(&self) -> Option<PauseReason> {
        if self.empty_since.is_some() {
            Some(PauseReason::Empty)
        } else if self.host_paused {
            Some(PauseReason::Host)
        } else {
            None
        }
    }

    /// The person who reserved a bot's seat, if one did.
    pub fn reserved_by(&self, seat: Seat) -> Option<&str> {
        self.seats[seat].reserved_by.as_deref()
    }

    /// When the next thing falls due (a flag, a reconnection window, an
    /// empty table expiring), if anything will: the moment to call
    /// [`Table::advance`] next.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.next_due().map(|(_, when)| when)
    }

    /// Whether the table has closed.
    pub fn is_expired(&self) -> bool {
        self.expired
    }

    /// The number of the game being played, from 1.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The seat a bot should move for now: the seat to move, when a bot
    /// sits there and the game runs.
    pub fn bot_to_move(&self) -> Option<(Seat, u8)> {
        let seat = self.game.to_move()?;
        match self.seats[seat].occupant {
            Occupant::Bot { level } if self.runs() => Some((seat, level)),
            _ => None,
        }
    }

    /// A bot seat that must answer the open draw offer now (the first, in
    /// turn order), while the game runs.
    pub fn bot_to_answer_draw(&self) -> Option<(Seat, u8)> {
        if !self.runs() {
            return None;
        }
        self.game
            .awaiting_draw_answer()
            .into_iter()
            .find_map(|seat| match self.seats[seat].occupant {
                Occupant::Bot { level } => Some((seat, level)),
                _ => None,
            })
    }

    /// Lets time pass to `at`: judges what fell due (flags, players away
    /// too long, an empty table expiring) in order.
    pub fn advance(&mut self, at: Duration) -> Vec<TableEvent> {
        let mut events = Vec::new();
        self.advance_into(at, &mut events);
        events
    }

    /// A request by the host or a seat, at `at`. What fell due before `at`
    /// happens first; then the request is carried out or refused.
    pub fn request(&mut self, at: Duration, actor: Actor, request: Request) -> Reply {
        let mut events = Vec::new();
        self.advance_into(at, &mut events);
        let at = self.now;
        let refused = self.carry_out(at, actor, request, &mut events).err();
        Reply { events, refused }
    }

    fn runs(&self) -> bool {
        !self.expired
            && !self.host_paused
            && self.empty_since.is_none()
            && self.game.result().is_none()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.game.seat_name(seat).to_string()
    }

    fn carry_out(
        &mut self,
        at: Duration,
        actor: Actor,
        request: Request,
        events: &mut Vec<TableEvent>,
    ) -> Result<(), TableRefusal> {
        if self.expired {
            return Err(TableRefusal::Expired);
        }
        let host = || match actor {
            Actor::Host => Ok(()),
            Actor::Seat(_) => Err(TableRefusal::HostOnly),
        };
        let player = || match actor {
            Actor::Seat(seat) => Ok(seat),
            Actor::Host => Err(TableRefusal::PlayersOnly),
        };
        match request {
            Request::Move(text) => {
                let seat = player()?;
                self.require_running()?;
                if self.game.to_move() != Some(seat) {
                    return Err(TableRefusal::NotToMove(self.seat_name(seat)));
                }
                let played = self.game.play_text(&text)?;
                self.after_game_step(at, played, events);
            }
            Request::Act(Action::Timeout) => return Err(TableRefusal::TimeoutRequested),
            Request::Act(action) => {
                let seat = player()?;
                self.require_running()?;
                let happened = self.game.act(action, Some(seat))?;
                self.after_game_step(at, happened, events);
            }
            Request::Pause => {
                host()?;
                self.require_running()?;
                self.host_paused = true;
                self.stop_clock(at);
                events.push(TableEvent::Paused(PauseReason::Host));
            }
            Request::Resume => {
                host()?;
                if !self.host_paused {
                    return Err(TableRefusal::NotPaused);
                }
                self.host_paused = false;
                if self.empty_since.is_none() {
                    events.push(TableEvent::Resumed);
                }
                self.start_clock(at);
            }
            Request::Drop => {
                let seat = self.person(player()?)?;
                if self.seats[seat].away_since.is_some() {
                    return Err(TableRefusal::Connection(
                        self.seat_name(seat),
                        "already away",
                    ));
                }
                self.seats[seat].away_since = Some(at);
                events.push(TableEvent::Dropped(seat));
                if self.game.result().is_none() && self.all_away() {
                    self.empty_since = Some(at);
                    self.stop_clock(at);
                    events.push(TableEvent::Paused(PauseReason::Empty));
                }
            }
            Request::Return => {
                let seat = self.person(player()?)?;
                self.seat_returns(at, seat, events)?;
            }
            Request::Leave => {
                let seat = player()?;
                if self.seats[seat].occupant == Occupant::Open {
                    return Err(TableRefusal::PlayersOnly);
                }
                self.leave(at, seat, events);
            }
            Request::NewGame => {
                host()?;
                self.new_game(at, events)?;
            }
            Request::Sit(seat, occupant) => {
                host()?;
                let seat = self.seat(seat)?;
                if self.seats[seat].occupant != Occupant::Open {
                    return Err(TableRefusal::SeatTaken(self.seat_name(seat)));
                }
                self.seats[seat].occupant = occupant.clone();
                events.push(TableEvent::Seated(seat, occupant));
                self.check_empty(at, events);
            }
            Request::Reserve(seat, name) => {
                let seat = self.seat(seat)?;
                if !matches!(self.seats[seat].occupant, Occupant::Bot { .. }) {
                    return Err(TableRefusal::NotABot(self.seat_name(seat)));
                }
                if self.seats[seat].reserved_by.is_some() {
                    return Err(TableRefusal::SeatTaken(self.seat_name(seat)));
                }
                self.seats[seat].reserved_by = Some(name.clone());
                events.push(TableEvent::Reserved(seat, name));
                if self.game.result().is_some() {
                    self.settled = false;
                    self.settle(events);
                }
            }
            Request::RemoveBot(seat) => {
                host()?;
                let seat = self.seat(seat)?;
                if !matches!(self.seats[seat].occupant, Occupant::Bot { .. }) {
                    return Err(TableRefusal::NotABot(self.seat_name(seat)));
                }
                self.seats[seat].bot_leaves = true;
                events.push(TableEvent::BotLeaving(seat));
                if self.game.result().is_some() {
                    self.settled = false;
                    self.settle(events);
                }
            }
        }
        Ok(())
    }

    /// [`Table::carry_out`]'s new game, once the last is over: the result
    /// settled, the first seat rotated where the match says so.
    fn new_game(&mut self, at: Duration, events: &mut Vec<TableEvent>) -> Result<(), TableRefusal> {
        if self.game.result().is_none() {
            return Err(TableRefusal::GameNotOver);
        }
        self.settle(events);
        self.number += 1;
        if self.rules.match_rules.starting_seat_rotates {
            self.first = self.first.next(self.rules.seats.len());
        }
        let mut start = self.start.clone();
        start.set_to_move(self.first);
        self.game = Game::from_position(start, self.seed.wrapping_add(u64::from(self.number)));
        self.settled = false;
        events.push(TableEvent::NewGame {
            number: self.number,
            first: self.first,
        });
        self.begin(at, events);
        Ok(())
    }

    /// [`Table::carry_out`]'s person back at `seat`: the table resumes if it
    /// had emptied.
    fn seat_returns(
        &mut self,
        at: Duration,
        seat: Seat,
        events: &mut Vec<TableEvent>,
    ) -> Result<(), TableRefusal> {
        if self.seats[seat].away_since.take().is_none() {
            return Err(TableRefusal::Connection(self.seat_name(seat), "not away"));
        }
        events.push(TableEvent::Returned(seat));
        if self.empty_since.take().is_some() {
            // The others' windows start again from now.
            for other in &mut self.seats {
                if other.away_since.is_some() {
                    other.away_since = Some(at);
                }
            }
            if !self.host_paused {
                events.push(TableEvent::Resumed);
            }
            self.start_clock(at);
        }
        Ok(())
    }

    fn require_running(&self) -> Result<(), TableRefusal> {
        if self.game.result().is_some() {
            Err(TableRefusal::GameOver)
        } else if self.paused().is_some() {
            Err(TableRefusal::Paused)
        } else {
            Ok(())
        }
    }

    fn seat(&self, index: Seat) -> Result<Seat, TableRefusal> {
        if index.index() < self.seats.len() {
            Ok(index)
        } else {
            Err(TableRefusal::NoSuchSeat(index.index()))
        }
    }

    fn person(&self, seat: Seat) -> Result<Seat, TableRefusal> {
        match self.seats[self.seat(seat)?].occupant {
            Occupant::Person(_) => Ok(seat),
            _ => Err(TableRefusal::NotAPerson(self.seat_name(seat))),
        }
    }

    /// The seats people sit in.
    fn persons(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.seats.len())
            .filter(|&s| matches!(self.seats[s].occupant, Occupant::Person(_)))
    }

    /// Whether people sit at the table and all of them are away.
    fn all_away(&self) -> bool {
        let mut persons = self.persons().peekable();
        persons.peek().is_some() && persons.all(|s| self.seats[s].away_since.is_some())
    }

    /// An emptied table that has someone present again (a person seated,
    /// or the last away person gone) resumes.
    fn check_empty(&mut self, at: Duration, events: &mut Vec<TableEvent>) {
        if !self.all_away() && self.empty_since.take().is_some() {
            if !self.host_paused {
                events.push(TableEvent::Resumed);
            }
            self.start_clock(at);
        }
    }

    fn advance_into(&mut self, at: Duration, events: &mut Vec<TableEvent>) {
        while let Some((due, when)) = self.next_due() {
            if when > at {
                break;
            }
            self.now = self.now.max(when);
            let now = self.now;
            match due {
                Due::Flag(seat) => {
                    self.stop_clock(now);
                    if let Ok(happened) = self.game.act(Action::Timeout, Some(seat)) {
                        self.after_game_step(now, happened, events);
                    }
                }
                Due::Gone(seat) => self.leave(now, seat, events),
                Due::Expire => {
                    self.expired = true;
                    self.stop_clock(now);
                    events.push(TableEvent::Expired);
                }
            }
        }
        self.now = self.now.max(at);
    }

    /// The earliest thing that falls due, and when.
    fn next_due(&self) -> Option<(Due, Duration)> {
        if self.expired {
            return None;
        }
        if let Some(since) = self.empty_since {
            let seconds = self.rules.match_rules.empty_table_seconds?;
            return Some((Due::Expire, since + Duration::from_secs(u64::from(seconds))));
        }
        if self.game.result().is_some() {
            return None;
        }
        let mut next: Option<(Due, Duration)> = None;
        let mut consider = |due: Due, when: Duration| {
            if next.as_ref().is_none_or(|(_, w)| when < *w) {
                next = Some((due, when));
            }
        };
        if self.runs()
            && let Some(clocks) = &self.clocks
            && let Some((seat, when)) = clocks.flag_fall()
        {
            consider(Due::Flag(seat), when);
        }
        if let Some(seconds) = self.rules.match_rules.reconnect_seconds {
            for seat in Seat::all(self.seats.len()) {
                if let Some(since) = self.seats[seat].away_since {
                    consider(
                        Due::Gone(seat),
                        since + Duration::from_secs(u64::from(seconds)),
                    );
                }
            }
        }
        next
    }

    /// A seat leaves: it resigns if still playing, and its seat is free.
    fn leave(&mut self, at: Duration, seat: Seat, events: &mut Vec<TableEvent>) {
        self.seats[seat].away_since = None;
        self.seats[seat].occupant = Occupant::Open;
        events.push(TableEvent::Left(seat));
        if self.game.result().is_none()
            && !self.game.position().is_eliminated(seat)
            && let Ok(happened) = self.game.act(Action::Resign, Some(seat))
        {
            self.after_game_step(at, happened, events);
        }
        self.check_empty(at, events);
    }

    /// After the game moved on: the mover's clock stops (with its
    /// increment), walking kings move, the next clock starts, and a result
    /// settles the seats.
    fn after_game_step(
        &mut self,
        at: Duration,
        happened: Vec<Event>,
        events: &mut Vec<TableEvent>,
    ) {
        let moved = happened.iter().any(|e| matches!(e, Event::Moved { .. }));
        if moved && let Some(clocks) = &mut self.clocks {
            clocks.moved(at);
        }
        events.extend(happened.into_iter().map(TableEvent::Game));
        self.walk_kings(events);
        if self.game.result().is_some() {
            self.stop_clock(at);
            self.settle(events);
        } else {
            self.start_clock(at);
        }
    }

    /// A resigned player's walking king moves by itself, at once.
    fn walk_kings(&mut self, events: &mut Vec<TableEvent>) {
        while let Some(seat) = self.game.to_move() {
            if !self.game.position().is_eliminated(seat) {
                break;
            }
            match self.game.play_auto() {
                Ok(happened) => events.extend(happened.into_iter().map(TableEvent::Game)),
                Err(_) => break,
            }
        }
    }

    /// Starts the first game's clock (or the next game's).
    fn begin(&mut self, at: Duration, events: &mut Vec<TableEvent>) {
        self.clocks = self.control.map(Clocks::new);
        self.walk_kings(events);
        self.start_clock(at);
    }

    fn start_clock(&mut self, at: Duration) {
        if !self.runs() {
            return;
        }
        if let (Some(clocks), Some(seat)) = (&mut self.clocks, self.game.to_move())
            && clocks.running() != Some(seat)
        {
            clocks.start(seat, at);
        }
    }

    fn stop_clock(&mut self, at: Duration) {
        if let Some(clocks) = &mut self.clocks {
            clocks.stop(at);
        }
    }

    /// After the result: reserved seats pass to the people who reserved
    /// them, leaving bots go.
    fn settle(&mut self, events: &mut Vec<TableEvent>) {
        if self.settled {
            return;
        }
        self.settled = true;
        for seat in Seat::all(self.seats.len()) {
            let state = &mut self.seats[seat];
            if let Some(name) = state.reserved_by.take() {
                state.occupant = Occupant::Person(name);
                state.bot_leaves = false;
                events.push(TableEvent::Seated(seat, state.occupant.clone()));
            } else if std::mem::take(&mut state.bot_leaves) {
                state.occupant = Occupant::Open;
                events.push(TableEvent::Seated(seat, Occupant::Open));
            }
        }
    }
}
