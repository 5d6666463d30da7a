//! One room: a task that alone owns its table (seats, clocks, the game),
//! takes the requests of its connections one at a time, lets time pass
//! (flags, reconnection windows), runs its bots on blocking threads, saves
//! finished games, and after every change sends each connection the room
//! as that connection may see it. A bad request is answered with an error
//! to its sender and changes nothing.
//!
//! Before the first game the room is seating: people take free seats, the
//! host seats bots; the game starts when every seat is taken.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Semaphore, mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::messages::{ClientMessage, KindView, RoomView, SeatView, ServerMessage, YouView};
use super::step_log::StepLog;
use super::store::{Store, StoredGame, now_seconds};
use super::view::{coord, hands_view, legal_view, pieces_view};
use crate::engine::{Bot, Player, machine_accepts_draw, machine_move, think_time};
use crate::game::{
    Action, Actor, Game, Occupant, PauseReason, Request, Table, TableEvent, TableRefusal,
    TimeControl,
};
use crate::moves::Move;
use crate::notation::move_name;
use crate::position::Position;
use crate::record::transcript::{RecordFormat, Transcript};
use crate::rng::SplitMix64;
use crate::rules::{Direction, RuleTable, Sq};
use crate::seat::Seat;

/// How a room is set up.
#[derive(Clone, Debug)]
pub struct RoomConfig {
    /// The room's id.
    pub id: String,
    /// The variant's rules.
    pub rules: Arc<RuleTable>,
    /// The position games start from.
    pub start: String,
    /// The variant's own start (left out of PGN).
    pub variant_start: String,
    /// The clock, if any.
    pub control: Option<TimeControl>,
    /// Per seat: a bot of this level from the start, or a free seat.
    pub bots: Vec<Option<u8>>,
    /// The host's key.
    pub host: String,
    /// Seeds the game and the bots.
    pub seed: u64,
    /// The least time a bot takes for a move, so people can follow.
    pub bot_pace: Duration,
    /// The longest a bot thinks without a clock.
    pub bot_think: Duration,
    /// How long a room without connections stays open.
    pub idle_close: Duration,
}

/// What a room is told.
#[derive(Debug)]
pub enum RoomInput {
    /// A connection joined, with the client's key and name and where its
    /// messages go.
    Join {
        /// The connection's number.
        conn: u64,
        /// The client's key (the same across its reconnections).
        token: String,
        /// The name it plays under.
        name: String,
        /// Where the room as this connection sees it goes (JSON text); a
        /// slow connection skips states, it only needs the latest.
        state: watch::Sender<String>,
        /// Where refusals of its requests go (JSON text).
        errors: mpsc::Sender<String>,
    },
    /// A connection sent a message.
    Message {
        /// The connection.
        conn: u64,
        /// What it asked.
        message: ClientMessage,
    },
    /// A connection sent something that is not a message.
    Garbage {
        /// The connection.
        conn: u64,
        /// Why it was not understood.
        why: String,
    },
    /// A connection closed.
    Leave {
        /// The connection.
        conn: u64,
    },
    /// The server is stopping: the room saves its steps and ends, left
    /// open in the database for the next start to resume.
    Shutdown,
}

/// A change to a room, recorded as it happens (as JSON, in the database)
/// so that a restarted server replays the room's steps to the same state:
/// every request the table saw and every moment time changed it, each at
/// its time on the room's clock.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// A person's message changed the room (or time had changed it first).
    Said {
        /// When, in microseconds on the room's clock.
        at_us: u64,
        /// The person's key.
        token: String,
        /// The name the person plays under.
        name: String,
        /// What the person asked.
        message: ClientMessage,
    },
    /// A key's last connection closed.
    Away {
        /// When.
        at_us: u64,
        /// The key.
        token: String,
    },
    /// A key's first connection opened.
    Back {
        /// When.
        at_us: u64,
        /// The key.
        token: String,
    },
    /// A bot moved.
    BotMoved {
        /// When.
        at_us: u64,
        /// Its seat.
        seat: usize,
        /// The move, in the variant's notation.
        text: String,
    },
    /// A bot answered a draw offer.
    BotAnswered {
        /// When.
        at_us: u64,
        /// Its seat.
        seat: usize,
        /// Whether it accepted.
        accepts: bool,
    },
    /// Time passing changed the table (a flag, a player away too long).
    Time {
        /// When.
        at_us: u64,
    },
}

/// What the lobby shows of a room.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct RoomSummary {
    /// `seating`, `playing`, `over` or `closed`.
    pub phase: &'static str,
    /// Who sits in each seat (`open` for a free one).
    pub seats: Vec<String>,
    /// Connections watching or playing.
    pub connections: usize,
}

/// A handle to a running room.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    /// Requests to the room.
    pub tx: mpsc::Sender<RoomInput>,
    /// What the lobby shows, kept current by the room.
    pub summary: Arc<Mutex<RoomSummary>>,
}

/// A connection.
struct Connection {
    token: String,
    name: String,
    state: watch::Sender<String>,
    errors: mpsc::Sender<String>,
}

/// Before the first game, or playing.
enum Phase {
    Seating(Vec<Occupant>),
    Playing(Box<Table>),
}

/// A seat or a reservation a key takes once the table agrees.
enum Taking {
    Seat(String),
    Reservation(String),
}

/// What a bot was asked, answered on a blocking thread.
enum BotTask {
    Move(Seat),
    Draw(Seat),
}

/// A bot's answer, with its bot and generator handed back.
struct BotAnswer {
    version: u64,
    task: BotTask,
    mv: Option<Move>,
    accepts: bool,
    bot: Bot,
    rng: SplitMix64,
}

/// What woke a room's task.
enum Arrived {
    Input(Option<RoomInput>),
    Answer(Result<Option<BotAnswer>, tokio::task::JoinError>),
    Tick,
}

/// The state of a room; see the module documentation.
struct Room {
    config: RoomConfig,
    phase: Phase,
    transcript: Option<Transcript>,
    /// Two players: the moves in SAN, and the position they are written
    /// from (the one before the next move).
    san: Option<(Position, Vec<String>)>,
    /// The key of the person in each seat.
    holders: Vec<Option<String>>,
    /// The key of the person who reserved a bot's seat.
    reservers: Vec<Option<String>>,
    connections: HashMap<u64, Connection>,
    log: VecDeque<String>,
    games: Vec<String>,
    /// The room's clock reads `offset` at `origin`: a resumed room's clock
    /// goes on from its last step, not counting the time the server was
    /// down.
    origin: Instant,
    offset: Duration,
    /// While steps are replayed: the clock reading of the step.
    replaying: Option<Duration>,
    /// While an input is taken: the clock reading when it arrived, so
    /// that the table and the step written see one time.
    frozen: Option<Duration>,
    /// Steps not written to the database yet (JSON), and how many were.
    unsaved: Vec<String>,
    saved_steps: i64,
    /// The server is stopping: the room ends without closing.
    stopping: bool,
    /// Changed since its views were last sent.
    changed: bool,
    /// Bumped by every change; a bot's answer to an older state is dropped.
    version: u64,
    bot: Option<(Bot, SplitMix64)>,
    thinking: Option<JoinHandle<Option<BotAnswer>>>,
    /// Permits to search: one per core for all rooms, so that bots never
    /// starve the rooms' own work.
    searchers: Arc<Semaphore>,
    /// When the bot to move may start thinking.
    bot_wake: Option<Instant>,
    /// Since when no connection is open.
    empty_since: Option<Instant>,
    store: Store,
    step_log: StepLog,
    summary: Arc<Mutex<RoomSummary>>,
    closed: bool,
}

const LOG_LINES: usize = 100;

/// A step's time on the room's clock, in microseconds.
fn step_time(step: &Step) -> u64 {
    match step {
        Step::Said { at_us, .. }
        | Step::Away { at_us, .. }
        | Step::Back { at_us, .. }
        | Step::BotMoved { at_us, .. }
        | Step::BotAnswered { at_us, .. }
        | Step::Time { at_us } => *at_us,
    }
}

/// Starts a room's task, after replaying `steps` (a room resumed after a
/// restart); the task ends when the room closes or the server stops, after
/// which `done` is called with the room's id.
pub(super) fn spawn(
    config: RoomConfig,
    steps: Vec<Step>,
    store: Store,
    step_log: StepLog,
    searchers: Arc<Semaphore>,
    done: impl FnOnce(String) + Send + 'static,
) -> RoomHandle {
    let (tx, rx) = mpsc::channel(256);
    let summary = Arc::new(Mutex::new(RoomSummary::default()));
    let seats = config.rules.seats.len();
    let occupants = config
        .bots
        .iter()
        .map(|b| b.map_or(Occupant::Open, |level| Occupant::Bot { level }))
        .collect();
    let bot = Bot::new(&config.rules, config.seed);
    let rng = SplitMix64::new(config.seed ^ 0x5EED);
    let mut room = Room {
        phase: Phase::Seating(occupants),
        transcript: None,
        san: None,
        holders: vec![None; seats],
        reservers: vec![None; seats],
        connections: HashMap::new(),
        log: VecDeque::new(),
        games: Vec::new(),
        origin: Instant::now(),
        offset: Duration::ZERO,
        replaying: None,
        frozen: None,
        unsaved: Vec::new(),
        saved_steps: steps.len() as i64,
        stopping: false,
        changed: false,
        version: 0,
        bot: Some((bot, rng)),
        thinking: None,
        searchers,
        bot_wake: None,
        empty_since: Some(Instant::now()),
        store,
        step_log,
        summary: summary.clone(),
        closed: false,
        config,
    };
    let id = room.config.id.clone();
    let store = room.store.clone();
    tokio::spawn(async move {
        let running = tokio::spawn(async move {
            room.replaying = Some(Duration::ZERO);
            room.start_if_full();
            room.replay(steps);
            room.send_views();
            room.run(rx).await;
        });
        // A room that fails is closed (its connections end) and leaves
        // the registry; the others go on.
        if let Err(e) = running.await {
            eprintln!("tetrarch serve: room {id} failed and closed: {e}");
            let _ = store.close_room(&id).await;
        }
        done(id);
    });
    RoomHandle { tx, summary }
}

impl Room {
    async fn run(&mut self, mut rx: mpsc::Receiver<RoomInput>) {
        self.save_steps().await;
        while !self.closed {
            // A bot to move starts thinking (after the pace) from the
            // start, not at the room's first input.
            self.schedule_bot();
            let deadline = self.deadline();
            let thinking = self.thinking.is_some();
            let arrived = tokio::select! {
                input = rx.recv() => Arrived::Input(input),
                answer = async { self.thinking.as_mut().expect("checked").await }, if thinking => Arrived::Answer(answer),
                () = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => Arrived::Tick,
            };
            self.frozen = Some(self.now());
            match arrived {
                Arrived::Input(Some(input)) => self.input(input),
                Arrived::Input(None) => self.closed = true,
                Arrived::Answer(answer) => {
                    self.thinking = None;
                    if let Ok(Some(answer)) = answer {
                        self.bot_answer(answer);
                    }
                }
                Arrived::Tick => self.tick(),
            }
            self.frozen = None;
            self.save_steps().await;
            if std::mem::take(&mut self.changed) {
                self.send_views();
            }
        }
        if let Some(handle) = self.thinking.take() {
            handle.abort();
        }
        self.phase_closed();
        if !self.stopping {
            let _ = self.store.close_room(&self.config.id).await;
        }
    }

    /// Writes the steps taken since the last write. A room whose steps
    /// cannot be written goes on; a restart then resumes it as it was at
    /// its last written step.
    async fn save_steps(&mut self) {
        if self.unsaved.is_empty() {
            return;
        }
        let steps = std::mem::take(&mut self.unsaved);
        match self
            .step_log
            .write(&self.config.id, self.saved_steps, steps.clone())
            .await
        {
            Ok(()) => self.saved_steps += steps.len() as i64,
            Err(e) => {
                eprintln!(
                    "tetrarch serve: room {}: cannot save its steps: {e}",
                    self.config.id
                );
                self.unsaved = steps;
            }
        }
    }

    /// Replays a resumed room's steps, then goes on from the last one's
    /// time; the people who sat in it are away until they come back (a
    /// table whose people are all away pauses, its clocks stopped).
    fn replay(&mut self, steps: Vec<Step>) {
        let mut last = Duration::ZERO;
        for step in steps {
            let at = Duration::from_micros(step_time(&step));
            last = last.max(at);
            self.replaying = Some(at);
            self.take(step);
        }
        self.replaying = None;
        self.offset = last;
        self.origin = Instant::now();
        let tokens: Vec<String> = self.holders.iter().flatten().cloned().collect();
        for token in tokens {
            self.gone(&token);
        }
    }

    /// Takes a recorded step again.
    fn take(&mut self, step: Step) {
        match step {
            Step::Said {
                token,
                name,
                message,
                ..
            } => {
                let _ = self.said(token, name, message);
            }
            Step::Away { token, .. } => self.gone(&token),
            Step::Back { token, .. } => self.back(&token),
            Step::BotMoved { seat, text, .. } => {
                self.bot_request(Seat::new(seat), Request::Move(text));
            }
            Step::BotAnswered { seat, accepts, .. } => {
                let action = if accepts {
                    Action::AcceptDraw
                } else {
                    Action::DeclineDraw
                };
                self.bot_request(Seat::new(seat), Request::Act(action));
            }
            Step::Time { .. } => self.time_passes(),
        }
    }

    /// Keeps a step that changed the room, to write it (not while
    /// replaying: the step is written already).
    fn note(&mut self, step: impl FnOnce(u64) -> Step) {
        if self.replaying.is_none() {
            let at_us = self.now().as_micros() as u64;
            self.unsaved
                .push(serde_json::to_string(&step(at_us)).expect("a step serialises"));
        }
    }

    /// The table's clock reading now.
    fn now(&self) -> Duration {
        self.replaying
            .or(self.frozen)
            .unwrap_or_else(|| self.offset + self.origin.elapsed())
    }

    /// The next moment something is due: a table deadline, a bot's wake-up,
    /// closing an idle room.
    fn deadline(&self) -> Option<Instant> {
        let table = match &self.phase {
            Phase::Playing(table) => table
                .next_deadline()
                .map(|at| self.origin + at.saturating_sub(self.offset)),
            Phase::Seating(_) => None,
        };
        let idle = self.empty_since.map(|since| since + self.config.idle_close);
        [table, self.bot_wake, idle].into_iter().flatten().min()
    }

    fn tick(&mut self) {
        if let Some(since) = self.empty_since
            && since.elapsed() >= self.config.idle_close
        {
            self.closed = true;
            return;
        }
        let version = self.version;
        self.time_passes();
        if self.version != version {
            self.note(|at_us| Step::Time { at_us });
            self.publish();
        }
    }

    /// Lets the table judge what fell due by now.
    fn time_passes(&mut self) {
        let now = self.now();
        if let Phase::Playing(table) = &mut self.phase {
            let events = table.advance(now);
            self.events(events);
        }
    }

    fn input(&mut self, input: RoomInput) {
        match input {
            RoomInput::Join {
                conn,
                token,
                name,
                state,
                errors,
            } => {
                let connection = Connection {
                    token,
                    name,
                    state,
                    errors,
                };
                self.connections.insert(conn, connection);
                self.empty_since = None;
                self.returned(conn);
                self.publish();
            }
            RoomInput::Leave { conn } => {
                if let Some(left) = self.connections.remove(&conn) {
                    self.gone(&left.token);
                }
                if self.connections.is_empty() {
                    self.empty_since = Some(Instant::now());
                }
                self.publish();
            }
            RoomInput::Garbage { conn, why } => self.refuse(conn, why),
            RoomInput::Message { conn, message } => {
                let Some(c) = self.connections.get(&conn) else {
                    return;
                };
                let (token, name) = (c.token.clone(), c.name.clone());
                let version = self.version;
                // Steps the message causes (players dropping as a game
                // starts) are written after it, as they replay.
                let mark = self.unsaved.len();
                let said = self.said(token.clone(), name.clone(), message.clone());
                if self.version != version {
                    self.note(|at_us| Step::Said {
                        at_us,
                        token,
                        name,
                        message,
                    });
                    if let Some(step) = self.unsaved.pop() {
                        self.unsaved.insert(mark, step);
                    }
                    self.publish();
                }
                if let Err(why) = said {
                    self.refuse(conn, why);
                }
            }
            RoomInput::Shutdown => {
                self.stopping = true;
                self.closed = true;
            }
        }
    }

    /// Tells a connection why its request was refused (a connection that
    /// does not read its refusals loses the ones that do not fit).
    fn refuse(&mut self, conn: u64, message: String) {
        if let Some(c) = self.connections.get(&conn) {
            let text = serde_json::to_string(&ServerMessage::Error { message })
                .expect("a message serialises");
            let _ = c.errors.try_send(text);
        }
    }

    /// The seats a key holds.
    fn seats_of(&self, token: &str) -> Vec<Seat> {
        Seat::all(self.holders.len())
            .filter(|s| self.holders[s.index()].as_deref() == Some(token))
            .collect()
    }

    /// A connection's key came back: its seats' players return.
    fn returned(&mut self, conn: u64) {
        let token = self.connections[&conn].token.clone();
        let others = self
            .connections
            .iter()
            .filter(|(c, other)| **c != conn && other.token == token)
            .count();
        if others > 0 {
            return;
        }
        let version = self.version;
        self.back(&token);
        if self.version != version {
            self.note(|at_us| Step::Back { at_us, token });
        }
    }

    /// A key's first connection opened: its seats' players are back.
    fn back(&mut self, token: &str) {
        let now = self.now();
        for seat in self.seats_of(token) {
            if let Phase::Playing(table) = &mut self.phase
                && table.is_away(seat)
            {
                let reply = table.request(now, Actor::Seat(seat), Request::Return);
                self.events(reply.events);
            }
        }
    }

    /// A key's last connection closed: its seats are freed before the game,
    /// and their players drop during it.
    fn gone(&mut self, token: &str) {
        if self.connections.values().any(|c| c.token == token) {
            return;
        }
        let version = self.version;
        self.away(token);
        if self.version != version {
            self.note(|at_us| Step::Away {
                at_us,
                token: token.to_string(),
            });
        }
    }

    /// A key is away: see [`Room::gone`].
    fn away(&mut self, token: &str) {
        let now = self.now();
        for seat in self.seats_of(token) {
            match &mut self.phase {
                Phase::Seating(occupants) => {
                    occupants[seat.index()] = Occupant::Open;
                    self.holders[seat.index()] = None;
                    self.version += 1;
                }
                Phase::Playing(table) => {
                    if !table.is_away(seat) {
                        let reply = table.request(now, Actor::Seat(seat), Request::Drop);
                        self.events(reply.events);
                    }
                }
            }
        }
    }

    /// What a person asked, carried out or refused; a change bumps the
    /// room's version.
    fn said(&mut self, token: String, name: String, message: ClientMessage) -> Result<(), String> {
        let host = token == self.config.host;
        let seats = self.config.rules.seats.len();
        let seat_arg = |seat: usize| {
            if seat < seats {
                Ok(Seat::new(seat))
            } else {
                Err(format!("the variant has no seat {seat}"))
            }
        };
        let mine = self.seats_of(&token);
        let mut taking = None;
        let request = match message {
            ClientMessage::Sit { seat } => {
                let seat = seat_arg(seat)?;
                match &mut self.phase {
                    Phase::Seating(occupants) => {
                        if occupants[seat.index()] != Occupant::Open {
                            return Err(format!("{} is taken", self.seat_name(seat)));
                        }
                        occupants[seat.index()] = Occupant::Person(name.clone());
                        self.holders[seat.index()] = Some(token);
                        self.version += 1;
                        self.line(format!("{name} sits at {}", self.seat_name(seat)));
                        self.start_if_full();
                        return Ok(());
                    }
                    Phase::Playing(_) => {
                        taking = Some((seat, Taking::Seat(token)));
                        (Actor::Host, Request::Sit(seat, Occupant::Person(name)))
                    }
                }
            }
            ClientMessage::Stand { seat } => {
                let seat = seat_arg(seat)?;
                let Phase::Seating(occupants) = &mut self.phase else {
                    return Err("the game has started: resign instead".into());
                };
                if !mine.contains(&seat) {
                    return Err(format!("{} is not your seat", self.seat_name(seat)));
                }
                occupants[seat.index()] = Occupant::Open;
                self.holders[seat.index()] = None;
                self.version += 1;
                return Ok(());
            }
            ClientMessage::SeatBot { seat, level } => {
                let seat = seat_arg(seat)?;
                if !host {
                    return Err("only the host may seat a bot".into());
                }
                if level > crate::engine::MAX_LEVEL {
                    return Err(format!(
                        "a bot's level is 0 (random) to {}",
                        crate::engine::MAX_LEVEL
                    ));
                }
                match &mut self.phase {
                    Phase::Seating(occupants) => {
                        if occupants[seat.index()] != Occupant::Open {
                            return Err(format!("{} is taken", self.seat_name(seat)));
                        }
                        occupants[seat.index()] = Occupant::Bot { level };
                        self.version += 1;
                        self.line(format!(
                            "a bot (level {level}) sits at {}",
                            self.seat_name(seat)
                        ));
                        self.start_if_full();
                        return Ok(());
                    }
                    Phase::Playing(_) => (Actor::Host, Request::Sit(seat, Occupant::Bot { level })),
                }
            }
            ClientMessage::Reserve { seat } => {
                let seat = seat_arg(seat)?;
                taking = Some((seat, Taking::Reservation(token)));
                (Actor::Host, Request::Reserve(seat, name))
            }
            ClientMessage::RemoveBot { seat } => {
                if !host {
                    return Err("only the host may remove a bot".into());
                }
                (Actor::Host, Request::RemoveBot(seat_arg(seat)?))
            }
            ClientMessage::Move { text } => {
                let seat = self.acting_seat(&mine)?;
                (Actor::Seat(seat), Request::Move(text))
            }
            ClientMessage::Offer => (
                Actor::Seat(self.acting_seat(&mine)?),
                Request::Act(Action::OfferDraw),
            ),
            ClientMessage::Resign => (
                Actor::Seat(self.acting_seat(&mine)?),
                Request::Act(Action::Resign),
            ),
            ClientMessage::ClaimWin => (
                Actor::Seat(self.acting_seat(&mine)?),
                Request::Act(Action::ClaimWin),
            ),
            ClientMessage::Accept | ClientMessage::Decline => {
                let table = self.table()?;
                let asked = table.game().awaiting_draw_answer();
                let seat = mine
                    .iter()
                    .copied()
                    .find(|s| asked.contains(s))
                    .ok_or("no draw offer awaits your answer")?;
                let action = if message == ClientMessage::Accept {
                    Action::AcceptDraw
                } else {
                    Action::DeclineDraw
                };
                (Actor::Seat(seat), Request::Act(action))
            }
            ClientMessage::Claim { text } => {
                let seat = self.acting_seat(&mine)?;
                let game = self.table()?.game();
                let mv = match text {
                    Some(text) => Some(game.parse_move(&text).map_err(|e| e.to_string())?),
                    None => None,
                };
                let rule = game.claim_rule(seat, mv);
                (Actor::Seat(seat), Request::Act(Action::ClaimDraw(rule, mv)))
            }
            ClientMessage::Pause => (Actor::Host, Request::Pause),
            ClientMessage::Resume => (Actor::Host, Request::Resume),
            ClientMessage::NewGame => (Actor::Host, Request::NewGame),
        };
        self.carry_out(host, request, taking)
    }

    /// [`Room::said`]'s request put to the table, where the one who asked
    /// may ask it: a seat or reservation taken becomes theirs once the
    /// table agreed.
    fn carry_out(
        &mut self,
        host: bool,
        request: (Actor, Request),
        taking: Option<(Seat, Taking)>,
    ) -> Result<(), String> {
        let seats = self.config.rules.seats.len();
        if request.0 == Actor::Host
            && !host
            && !matches!(request.1, Request::Sit(..) | Request::Reserve(..))
        {
            return Err("only the host may do that".into());
        }
        if let (Request::NewGame, Phase::Playing(table)) = (&request.1, &self.phase)
            && let Some(seat) = Seat::all(seats).find(|&s| *table.occupant(s) == Occupant::Open)
        {
            return Err(format!(
                "{} is free: seat someone before the next game",
                self.seat_name(seat)
            ));
        }
        let now = self.now();
        let Phase::Playing(table) = &mut self.phase else {
            return Err("the game has not started: every seat must be taken".into());
        };
        let reply = table.request(now, request.0, request.1);
        let accepted = reply.refused.is_none();
        // A seat or reservation becomes this key's once the table agreed.
        if accepted && let Some((seat, taking)) = taking {
            match taking {
                Taking::Seat(token) => self.holders[seat.index()] = Some(token),
                Taking::Reservation(token) => self.reservers[seat.index()] = Some(token),
            }
        }
        self.events(reply.events);
        match reply.refused {
            None => Ok(()),
            Some(TableRefusal::Game(refusal)) => Err(refusal.to_string()),
            Some(refusal) => Err(refusal.to_string()),
        }
    }

    /// The seat a player acts for: the one of theirs to move, else their
    /// first.
    fn acting_seat(&self, mine: &[Seat]) -> Result<Seat, String> {
        let table = self.table()?;
        let to_move = table.game().to_move();
        mine.iter()
            .copied()
            .find(|&s| Some(s) == to_move)
            .or_else(|| mine.first().copied())
            .ok_or_else(|| "you have no seat in this game".to_string())
    }

    fn table(&self) -> Result<&Table, String> {
        match &self.phase {
            Phase::Playing(table) => Ok(table),
            Phase::Seating(_) => Err("the game has not started: every seat must be taken".into()),
        }
    }

    fn seat_name(&self, seat: Seat) -> &str {
        &self.config.rules.seats[seat].name
    }

    fn line(&mut self, line: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    /// Starts the first game once every seat is taken.
    fn start_if_full(&mut self) {
        let Phase::Seating(occupants) = &self.phase else {
            return;
        };
        if occupants.contains(&Occupant::Open) {
            return;
        }
        let table = Table::new(
            self.config.rules.clone(),
            &self.config.start,
            self.config.control,
            occupants.clone(),
            self.config.seed,
            self.now(),
        );
        match table {
            Ok(table) => {
                self.transcript = Some(Transcript::new(&table, &self.config.variant_start));
                self.san = (self.config.rules.seats.len() == 2)
                    .then(|| (table.game().position().clone(), Vec::new()));
                let first = table.game().to_move().unwrap_or(Seat::FIRST);
                self.phase = Phase::Playing(Box::new(table));
                self.line(format!("game 1: {} moves first", self.seat_name(first)));
                // Players who closed their page while seating drop now
                // (a replay takes those drops from their own steps).
                if self.replaying.is_none() {
                    let tokens: Vec<String> = self.holders.iter().flatten().cloned().collect();
                    for token in tokens {
                        self.gone(&token);
                    }
                }
            }
            Err(e) => self.line(format!("the game cannot start: {e}")),
        }
    }

    /// Takes note of what the table answered: the log, the record, seats
    /// changing hands, finished games saved.
    fn events(&mut self, events: Vec<TableEvent>) {
        if events.is_empty() {
            return;
        }
        self.version += 1;
        let Phase::Playing(table) = &self.phase else {
            return;
        };
        let table: &Table = table;
        if let Some(transcript) = &mut self.transcript {
            transcript.observe(table, &events);
        }
        let mut lines = Vec::new();
        let mut finished = false;
        let mut closed = false;
        for event in &events {
            lines.push(event.describe(&self.config.rules));
            match event {
                TableEvent::Game(crate::game::Event::Moved { text, .. }) => {
                    if let Some((position, sans)) = &mut self.san {
                        sans.push(crate::notation::san::san(position, text.mv));
                        position.make(text.mv);
                    }
                }
                TableEvent::NewGame { .. } => {
                    if let Some((position, sans)) = &mut self.san {
                        *position = table.game().position().clone();
                        sans.clear();
                    }
                }
                TableEvent::Game(crate::game::Event::GameOver(_)) => finished = true,
                TableEvent::Expired => closed = true,
                TableEvent::Seated(seat, occupant) => {
                    self.holders[seat.index()] = match occupant {
                        Occupant::Person(_) => self.reservers[seat.index()]
                            .take()
                            .or(self.holders[seat.index()].take()),
                        _ => None,
                    };
                }
                _ => {}
            }
        }
        let saved = finished.then(|| self.record(table)).flatten();
        for line in lines {
            self.line(line);
        }
        if let Some(game) = saved {
            self.games.push(game.id.clone());
            let store = self.store.clone();
            tokio::spawn(async move {
                if let Err(e) = store.save_game(&game).await {
                    eprintln!("tetrarch serve: cannot save game {}: {e}", game.id);
                }
            });
        }
        if closed {
            self.closed = true;
        }
    }

    /// The finished game as a stored record (PGN or PGN4), if the variant
    /// has a record format.
    fn record(&self, table: &Table) -> Option<StoredGame> {
        let rules = &self.config.rules;
        let format = RecordFormat::for_seats(rules.seats.len())?;
        let names: Vec<String> = Seat::all(rules.seats.len())
            .map(|s| match table.occupant(s) {
                Occupant::Person(name) => name.clone(),
                Occupant::Bot { level } => format!("tetrarch bot:{level}"),
                Occupant::Open => "?".into(),
            })
            .collect();
        let text = self.transcript.as_ref()?.write(table, &names).ok()?;
        let result = match format {
            RecordFormat::Pgn => crate::record::pgn::result_token(table.game()).to_string(),
            RecordFormat::Pgn4 => {
                let scores: Vec<i32> = Seat::all(names.len())
                    .map(|s| table.game().score(s))
                    .collect();
                crate::record::pgn4::result_tag(rules, table.game().result(), &names, &scores)
            }
        };
        Some(StoredGame {
            id: format!("{}-{}", self.config.id, table.number()),
            room: self.config.id.clone(),
            number: i64::from(table.number()),
            variant: rules.name.clone(),
            format: format.extension().into(),
            result,
            record: text,
            finished: now_seconds(),
        })
    }

    /// Starts a bot's search when a bot must move or answer a draw offer,
    /// after the room's pace.
    fn schedule_bot(&mut self) {
        if self.thinking.is_some() || self.closed {
            return;
        }
        let Phase::Playing(table) = &self.phase else {
            return;
        };
        let task = if let Some((seat, _)) = table.bot_to_answer_draw() {
            BotTask::Draw(seat)
        } else if let Some((seat, _)) = table.bot_to_move() {
            BotTask::Move(seat)
        } else {
            self.bot_wake = None;
            return;
        };
        let wake = *self
            .bot_wake
            .get_or_insert_with(|| Instant::now() + self.config.bot_pace);
        if Instant::now() < wake {
            return;
        }
        self.bot_wake = None;
        let Some((mut bot, mut rng)) = self.bot.take() else {
            return;
        };
        let seat = match task {
            BotTask::Move(seat) | BotTask::Draw(seat) => seat,
        };
        let level = match table.occupant(seat) {
            Occupant::Bot { level } => *level,
            _ => 0,
        };
        let player = Player::of(&Occupant::Bot { level }).unwrap_or(Player::Random);
        let time = Some(
            think_time(table.remaining(seat, self.now()))
                .unwrap_or(self.config.bot_think)
                .min(self.config.bot_think),
        );
        let game: Game = table.game().clone();
        let version = self.version;
        let searchers = self.searchers.clone();
        let search = move || {
            let (mv, accepts) = match task {
                BotTask::Move(_) => (machine_move(player, &mut bot, &mut rng, &game, time), false),
                BotTask::Draw(seat) => (
                    None,
                    machine_accepts_draw(player, &mut bot, &mut rng, &game, seat, time),
                ),
            };
            BotAnswer {
                version,
                task,
                mv,
                accepts,
                bot,
                rng,
            }
        };
        self.thinking = Some(tokio::spawn(async move {
            let _permit = searchers.acquire_owned().await.ok()?;
            tokio::task::spawn_blocking(search).await.ok()
        }));
    }

    fn bot_answer(&mut self, answer: BotAnswer) {
        self.bot = Some((answer.bot, answer.rng));
        if answer.version != self.version {
            return;
        }
        let Phase::Playing(table) = &self.phase else {
            return;
        };
        match answer.task {
            BotTask::Move(seat) => {
                let Some(mv) = answer.mv else {
                    return;
                };
                let text = move_name(table.game().position(), &mv);
                self.bot_request(seat, Request::Move(text.clone()));
                self.note(|at_us| Step::BotMoved {
                    at_us,
                    seat: seat.index(),
                    text,
                });
            }
            BotTask::Draw(seat) => {
                let accepts = answer.accepts;
                let action = if accepts {
                    Action::AcceptDraw
                } else {
                    Action::DeclineDraw
                };
                self.bot_request(seat, Request::Act(action));
                self.note(|at_us| Step::BotAnswered {
                    at_us,
                    seat: seat.index(),
                    accepts,
                });
            }
        }
        self.publish();
    }

    /// A bot's request to the table.
    fn bot_request(&mut self, seat: Seat, request: Request) {
        let now = self.now();
        if let Phase::Playing(table) = &mut self.phase {
            let reply = table.request(now, Actor::Seat(seat), request);
            self.events(reply.events);
        }
    }

    fn phase_closed(&mut self) {
        self.closed = true;
        self.send_views();
    }

    fn phase_name(&self) -> &'static str {
        match &self.phase {
            _ if self.closed => "closed",
            Phase::Seating(_) => "seating",
            Phase::Playing(table) if table.is_expired() => "closed",
            Phase::Playing(table) if table.game().result().is_some() => "over",
            Phase::Playing(_) => "playing",
        }
    }

    /// Marks the room changed: its views are sent once the steps that
    /// changed it are written, so that no one sees a state a restart
    /// would lose.
    fn publish(&mut self) {
        self.changed = true;
    }

    /// Sends every connection its view of the room (serialised once per
    /// kind of viewer: the seats it holds and whether it hosts), and
    /// updates the lobby's summary.
    fn send_views(&mut self) {
        let mut texts: HashMap<(Vec<Seat>, bool), String> = HashMap::new();
        for c in self.connections.values() {
            let key = (self.seats_of(&c.token), c.token == self.config.host);
            let text = texts.entry(key).or_insert_with(|| {
                serde_json::to_string(&ServerMessage::State(Box::new(self.view(&c.token))))
                    .expect("a view serialises")
            });
            c.state.send_replace(text.clone());
        }
        let seats = Seat::all(self.config.rules.seats.len())
            .map(|s| occupant_words(self.occupant(s)))
            .collect();
        let summary = RoomSummary {
            phase: self.phase_name(),
            seats,
            connections: self.connections.len(),
        };
        *self.summary.lock().expect("the room alone writes it") = summary;
    }

    fn occupant(&self, seat: Seat) -> &Occupant {
        match &self.phase {
            Phase::Seating(occupants) => &occupants[seat.index()],
            Phase::Playing(table) => table.occupant(seat),
        }
    }

    /// The room as the holder of `token` may see it.
    fn view(&self, token: &str) -> RoomView {
        let rules = &self.config.rules;
        let coord = |sq: Sq| coord(rules, sq);
        let now = self.now();
        let mine = self.seats_of(token);
        let holes = (0..rules.square_count())
            .filter(|&i| !rules.playable[i])
            .map(|i| coord(i as Sq))
            .collect();
        let table = match &self.phase {
            Phase::Playing(table) => Some(table.as_ref()),
            Phase::Seating(_) => None,
        };
        let game = table.map(Table::game);
        let position = match game {
            Some(game) => game.position().clone(),
            None => Position::from_text(rules.clone(), &self.config.start)
                .expect("the start was checked when the room opened"),
        };
        let pieces = pieces_view(rules, &position);
        let hands = hands_view(rules, &position);
        let to_move = game
            .and_then(Game::to_move)
            .filter(|_| table.is_some_and(|t| t.paused().is_none() && !t.is_expired()));
        let legal = match (game, to_move) {
            (Some(game), Some(seat)) if mine.contains(&seat) => legal_view(game),
            _ => Vec::new(),
        };
        let checks = game
            .map(|g| {
                g.checked_seats()
                    .into_iter()
                    .filter_map(|s| g.position().royal(s))
                    .map(coord)
                    .collect()
            })
            .unwrap_or_default();
        let moves = match (&self.transcript, game) {
            (_, Some(_)) if self.san.is_some() => self
                .san
                .as_ref()
                .map(|(_, sans)| sans.clone())
                .unwrap_or_default(),
            (Some(transcript), Some(_)) => transcript.move_names(rules),
            _ => Vec::new(),
        };
        let seats = Seat::all(rules.seats.len())
            .map(|s| {
                let occupant = self.occupant(s);
                SeatView {
                    name: rules.seats[s].name.clone(),
                    forward: direction_name(rules.seats[s].forward),
                    team: rules.seats[s].team,
                    occupant: match occupant {
                        Occupant::Open => "open",
                        Occupant::Person(_) => "person",
                        Occupant::Bot { .. } => "bot",
                    },
                    player: match occupant {
                        Occupant::Open => None,
                        other => Some(occupant_words(other)),
                    },
                    away: table.is_some_and(|t| t.is_away(s)),
                    out: position.is_eliminated(s),
                    score: position.score(s),
                    clock_ms: table
                        .and_then(|t| t.remaining(s, now))
                        .map(|d| d.as_millis() as u64)
                        .or(self.config.control.map(|c| c.base.as_millis() as u64)),
                    running: to_move == Some(s) && self.config.control.is_some(),
                    reserved_by: table.and_then(|t| t.reserved_by(s)).map(str::to_string),
                }
            })
            .collect();
        let result = game.and_then(Game::result);
        RoomView {
            room: self.config.id.clone(),
            variant: rules.name.clone(),
            clock: self.config.control.map(|c| c.to_string()),
            phase: self.phase_name(),
            number: table.map_or(1, Table::number),
            files: rules.files,
            ranks: rules.ranks,
            holes,
            seats,
            you: YouView {
                seats: mine.iter().map(|s| s.index()).collect(),
                host: token == self.config.host,
            },
            kinds: rules
                .pieces
                .iter()
                .map(|p| KindView {
                    letter: p.letter.to_ascii_uppercase(),
                    key: p.key.clone(),
                })
                .collect(),
            pieces,
            hands,
            to_move: to_move.map(Seat::index),
            last: self
                .transcript
                .as_ref()
                .and_then(Transcript::last_move)
                .filter(|_| game.is_some())
                .map(|(from, to)| [coord(from), coord(to)]),
            checks,
            moves,
            legal,
            paused: table.and_then(Table::paused).map(|reason| match reason {
                PauseReason::Host => "host",
                PauseReason::Empty => "empty",
            }),
            result: result.map(|r| r.describe(rules)),
            winners: result
                .map(|r| r.outcome.winners().iter().map(|s| s.index()).collect())
                .unwrap_or_default(),
            draw_offer: game
                .map(|g| g.awaiting_draw_answer().iter().map(|s| s.index()).collect())
                .unwrap_or_default(),
            log: self.log.iter().cloned().collect(),
            games: self.games.clone(),
        }
    }
}

fn occupant_words(occupant: &Occupant) -> String {
    match occupant {
        Occupant::Open => "open".into(),
        Occupant::Person(name) => name.clone(),
        Occupant::Bot { level: 0 } => "random mover".into(),
        Occupant::Bot { level } => format!("bot (level {level})"),
    }
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::North => "north",
        Direction::East => "east",
        Direction::South => "south",
        Direction::West => "west",
    }
}
