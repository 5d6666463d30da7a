//! `tetrarch play`: a game at the terminal, people and bots at one table,
//! through the match layer ([`Table`]): the board turned toward the person
//! to move, clocks, scores, eliminated seats, moves typed in the variant's
//! notation and commands for everything else. `--script FILE` reads the same
//! lines from a file, with a clock that moves one second a line (and
//! `wait SECONDS`), so a script plays the same game every time.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::Exit;
use super::board_view::draw;
use super::load::{checked, compiled, load_catalog};
use super::output::{say, tell};
use super::seats::{read_seats, seat_named};
use crate::engine::{Bot, Player, machine_accepts_draw, machine_move, think_time};
use crate::game::{Action, Actor, Occupant, Request, Table, TableEvent, TableRefusal, TimeControl};
use crate::record::transcript::Transcript;
use crate::rng::SplitMix64;
use crate::rules::RuleTable;
use crate::seat::Seat;
use crate::shuffle::{Shuffle, shuffled_start};

/// What `tetrarch play` was asked.
pub struct PlayArgs<'a> {
    /// The variant's name.
    pub variant: &'a str,
    /// `SEAT=human|bot[:LEVEL]|random` specs.
    pub seats: &'a [String],
    /// The time control (`5+3`), if any.
    pub clock: Option<&'a str>,
    /// The start position, if not the variant's.
    pub fen: Option<&'a str>,
    /// A shuffled start (Chess960), if asked.
    pub start: Option<Shuffle>,
    /// Commands read from this file instead of the terminal.
    pub script: Option<&'a PathBuf>,
    /// Seeds the bots and random movers.
    pub seed: u64,
    /// Finished games are appended here as PGN.
    pub pgn: Option<&'a PathBuf>,
    /// Extra variant files.
    pub variants: &'a [PathBuf],
}

const HELP: &str = "commands: a move in the variant's notation (e2e4, h2-h4, e7e8q, O-O), \
moves, board, offer, accept, decline, claim [MOVE], claim-win, resign, pause, resume, new, \
take SEAT (play a bot's seat from the next game), help, quit";

/// Where the time comes from: the wall clock, or one second a script line.
enum Time {
    Real(Instant),
    Script(Duration),
}

impl Time {
    fn now(&self) -> Duration {
        match self {
            Time::Real(start) => start.elapsed(),
            Time::Script(at) => *at,
        }
    }
}

/// Plays a game at the terminal (or from a script).
pub fn run(args: PlayArgs<'_>) -> Result<(), Exit> {
    Session::open(args)?.play()
}

/// A game at the terminal: the table, who plays each seat, where time comes
/// from, the commands still to read and the record kept.
struct Session {
    rules: Arc<RuleTable>,
    players: Vec<Player>,
    table: Table,
    time: Time,
    lines: Box<dyn Iterator<Item = String>>,
    colour: bool,
    bot: Bot,
    rng: SplitMix64,
    record: Record,
}

/// What a typed command comes to.
enum Command {
    /// Done at once; whether the board is to be drawn again.
    Done(bool),
    /// The player leaves.
    Quit,
    /// A request to the table by a seat or the host.
    Request(Actor, Request),
}

impl Session {
    /// Sets the table up as `args` say and greets the players.
    fn open(args: PlayArgs<'_>) -> Result<Session, Exit> {
        let catalog = load_catalog(args.variants)?;
        let def = checked(&catalog, args.variant)?;
        let rules = Arc::new(compiled(def)?);
        let mut players = read_seats(&rules, args.seats, Player::Bot(2))?;
        if args.pgn.is_some() && !matches!(rules.seats.len(), 2 | 4) {
            tell(format_args!(
                "error: --pgn: games are saved as PGN (two players) or PGN4 (four players); {} has {} seats",
                rules.name,
                rules.seats.len()
            ));
            return Err(Exit::Usage);
        }
        // Without a person, the first seat no `--seat` names is one; with
        // every seat named a bot, the bots play while you watch.
        if !players.contains(&Player::Human)
            && let Some(seat) = Seat::all(players.len()).find(|&s| {
                !args.seats.iter().any(|spec| {
                    seat_named(&rules, spec.split('=').next().unwrap_or_default()) == Some(s)
                })
            })
        {
            players[seat.index()] = Player::Human;
        }
        let control = match args.clock {
            Some(text) => Some(text.parse::<TimeControl>().map_err(|e| {
                tell(format_args!("error: --clock: {e}"));
                Exit::Usage
            })?),
            None => None,
        };
        let occupants = Seat::all(players.len())
            .map(|s| {
                players[s.index()]
                    .occupant()
                    .unwrap_or_else(|| Occupant::Person(rules.seats[s].name.clone()))
            })
            .collect();
        let shuffled = match args.start {
            Some(shuffle) => shuffled_start(def, shuffle.reseeded(args.seed)).map_err(|e| {
                tell(format_args!("error: {e}"));
                Exit::Usage
            })?,
            None => String::new(),
        };
        let start = match (args.fen, args.start) {
            (Some(fen), _) => fen,
            (None, Some(_)) => shuffled.as_str(),
            (None, None) => def.start_fen(),
        };
        let script = match args.script {
            Some(path) => Some(crate::text_file::read_text(path).map_err(|e| {
                tell(format_args!("error: cannot read `{}`: {e}", path.display()));
                Exit::Usage
            })?),
            None => None,
        };
        let time = if script.is_some() {
            Time::Script(Duration::ZERO)
        } else {
            Time::Real(Instant::now())
        };
        let table = Table::new(
            rules.clone(),
            start,
            control,
            occupants,
            args.seed,
            time.now(),
        )
        .map_err(|e| {
            tell(format_args!("error: {e}"));
            Exit::InputWrong
        })?;
        let colour = script.is_none() && std::io::stdout().is_terminal();
        let lines: Box<dyn Iterator<Item = String>> = match script {
            Some(text) => Box::new(
                text.lines()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
                    .into_iter(),
            ),
            None => Box::new(std::io::stdin().lock().lines().map_while(Result::ok)),
        };
        let bot = Bot::new(&rules, args.seed);
        let rng = SplitMix64::new(args.seed ^ 0x5EED);
        let record = Record {
            transcript: Transcript::new(&table, def.start_fen()),
            pgn: args.pgn.cloned(),
            names: Seat::all(players.len())
                .map(|s| match players[s.index()] {
                    Player::Human => rules.seats[s].name.clone(),
                    other => format!("tetrarch {other} ({})", rules.seats[s].name),
                })
                .collect(),
        };
        say(format_args!(
            "{}: {}. Type `help` for commands.",
            rules.name,
            Seat::all(players.len())
                .map(|s| format!("{} {}", rules.seats[s].name, players[s.index()]))
                .collect::<Vec<_>>()
                .join(", ")
        ))?;
        Ok(Session {
            rules,
            players,
            table,
            time,
            lines,
            colour,
            bot,
            rng,
            record,
        })
    }

    /// Plays until the player quits, the input ends or the table closes.
    fn play(&mut self) -> Result<(), Exit> {
        let mut show = true;
        loop {
            // The people at the table (a bot's seat taken over after a result
            // joins them); the board is turned toward the person to move, else
            // the first person (the first seat when only bots play).
            let humans: Vec<Seat> = Seat::all(self.players.len())
                .filter(|&s| matches!(self.table.occupant(s), Occupant::Person(_)))
                .collect();
            let first_person = humans.first().copied().unwrap_or(Seat::FIRST);
            let view = self
                .table
                .game()
                .to_move()
                .filter(|s| humans.contains(s))
                .unwrap_or(first_person);
            // The board is drawn when a person is to move or the game is over,
            // not after every bot move.
            if show && (self.table.bot_to_move().is_none() || self.table.paused().is_some()) {
                say(status(
                    &self.table,
                    view,
                    self.record.transcript.last_move(),
                    self.colour,
                    self.time.now(),
                ))?;
                show = false;
            }
            if self.table.is_expired() {
                return say("the table has closed");
            }
            if let Some(shown) = self.machine_turn()? {
                show |= shown;
                continue;
            }
            let prompt = match self.table.game().to_move() {
                Some(seat) if self.table.game().result().is_none() => {
                    format!("{} to move>", self.rules.seats[seat].name)
                }
                _ => "game over (new, quit)>".to_string(),
            };
            super::output::print(format_args!("{prompt} "))?;
            let Some(line) = self.lines.next() else {
                return say("");
            };
            if let Time::Script(at) = &mut self.time {
                *at += Duration::from_secs(1);
                say(line.trim())?;
            }
            let line = line.trim();
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            let rest = rest.trim();
            let to_move = self.table.game().to_move();
            let mover = to_move
                .filter(|s| humans.contains(s))
                .unwrap_or(first_person);
            let other = humans
                .iter()
                .copied()
                .find(|&s| Some(s) != to_move)
                .unwrap_or(mover);
            // An offer is answered by a person it waits for: the other player
            // when the mover has just offered, the mover when the offer was made
            // with (or after) the previous move.
            let answerer = self
                .table
                .game()
                .awaiting_draw_answer()
                .into_iter()
                .find(|s| humans.contains(s))
                .unwrap_or(other);
            let request = match self.command((word, rest, line), mover, answerer)? {
                Command::Done(shown) => {
                    show |= shown;
                    continue;
                }
                Command::Quit => return Ok(()),
                Command::Request(actor, request) => (actor, request),
            };
            let is_move = matches!(request.1, Request::Move(_));
            let reply = self.table.request(self.time.now(), request.0, request.1);
            if is_move && let Some(TableRefusal::Game(refusal)) = &reply.refused {
                report(&self.table, &reply.events, None, &mut self.record)?;
                say(format_args!("{refusal}; type `moves` for the legal moves"))?;
                continue;
            }
            report(
                &self.table,
                &reply.events,
                reply.refused.as_ref(),
                &mut self.record,
            )?;
            show = true;
        }
    }

    /// A machine's turn: a bot asked to agree to a draw answers, a bot (or
    /// random mover) to move plays. None when no machine is to act; else
    /// whether the board is to be drawn again.
    fn machine_turn(&mut self) -> Result<Option<bool>, Exit> {
        // A bot asked to agree to a draw answers at once.
        if let Some((seat, level)) = self.table.bot_to_answer_draw() {
            let (player, budget) = machine(&self.table, seat, level, self.time.now());
            let answer = if machine_accepts_draw(
                player,
                &mut self.bot,
                &mut self.rng,
                self.table.game(),
                seat,
                budget,
            ) {
                Action::AcceptDraw
            } else {
                Action::DeclineDraw
            };
            let reply =
                self.table
                    .request(self.time.now(), Actor::Seat(seat), Request::Act(answer));
            report(
                &self.table,
                &reply.events,
                reply.refused.as_ref(),
                &mut self.record,
            )?;
            return Ok(Some(true));
        }
        // A bot (or random mover) to move plays at once.
        if let Some((seat, level)) = self.table.bot_to_move() {
            let game = self.table.game();
            let (player, budget) = machine(&self.table, seat, level, self.time.now());
            let Some(mv) = machine_move(player, &mut self.bot, &mut self.rng, game, budget) else {
                return Ok(Some(false));
            };
            let text = crate::notation::move_name(game.position(), &mv);
            let reply = self
                .table
                .request(self.time.now(), Actor::Seat(seat), Request::Move(text));
            report(
                &self.table,
                &reply.events,
                reply.refused.as_ref(),
                &mut self.record,
            )?;
            return Ok(Some(true));
        }
        Ok(None)
    }

    /// A command typed by a person (`word`, the `rest` of the `line`):
    /// answered at once, or a request for the table. `mover` acts for the
    /// person to move, `answerer` answers a draw offer.
    fn command(
        &mut self,
        (word, rest, line): (&str, &str, &str),
        mover: Seat,
        answerer: Seat,
    ) -> Result<Command, Exit> {
        let request = match word {
            "" => return Ok(Command::Done(false)),
            "help" | "?" => {
                say(HELP)?;
                return Ok(Command::Done(false));
            }
            "quit" | "exit" => return Ok(Command::Quit),
            "board" => {
                return Ok(Command::Done(true));
            }
            "moves" => {
                let game = self.table.game();
                let mut names: Vec<String> = game
                    .legal_moves()
                    .iter()
                    .map(|m| crate::notation::move_name(game.position(), m))
                    .collect();
                names.sort();
                say(format_args!(
                    "{} legal moves: {}",
                    names.len(),
                    names.join(" ")
                ))?;
                return Ok(Command::Done(false));
            }
            "wait" => {
                match (&mut self.time, rest.parse::<u64>()) {
                    (Time::Script(at), Ok(seconds)) => *at += Duration::from_secs(seconds),
                    _ => {
                        say("`wait SECONDS` is for scripts")?;
                        return Ok(Command::Done(false));
                    }
                }
                let events = self.table.advance(self.time.now());
                report(&self.table, &events, None, &mut self.record)?;
                return Ok(Command::Done(!events.is_empty()));
            }
            "offer" => (Actor::Seat(mover), Request::Act(Action::OfferDraw)),
            "accept" => (Actor::Seat(answerer), Request::Act(Action::AcceptDraw)),
            "decline" => (Actor::Seat(answerer), Request::Act(Action::DeclineDraw)),
            "claim-win" => (Actor::Seat(mover), Request::Act(Action::ClaimWin)),
            "resign" => (Actor::Seat(mover), Request::Act(Action::Resign)),
            "pause" => (Actor::Host, Request::Pause),
            "resume" => (Actor::Host, Request::Resume),
            "new" => (Actor::Host, Request::NewGame),
            "take" => match seat_named(&self.rules, rest) {
                Some(seat) => (Actor::Host, Request::Reserve(seat, "you".to_string())),
                None => {
                    say(format_args!(
                        "`take SEAT`: {} has no seat `{rest}`",
                        self.rules.name
                    ))?;
                    return Ok(Command::Done(false));
                }
            },
            "claim" => {
                let mv = if rest.is_empty() {
                    None
                } else {
                    match self.table.game().parse_move(rest) {
                        Ok(mv) => Some(mv),
                        Err(e) => {
                            say(format_args!("{e}"))?;
                            return Ok(Command::Done(false));
                        }
                    }
                };
                let rule = self.table.game().claim_rule(mover, mv);
                let reply = self.table.request(
                    self.time.now(),
                    Actor::Seat(mover),
                    Request::Act(Action::ClaimDraw(rule, mv)),
                );
                report(
                    &self.table,
                    &reply.events,
                    reply.refused.as_ref(),
                    &mut self.record,
                )?;
                return Ok(Command::Done(true));
            }
            _ => (Actor::Seat(mover), Request::Move(line.to_string())),
        };
        Ok(Command::Request(request.0, request.1))
    }
}

/// The machine player of a bot seat at `level` and how long it may think.
fn machine(table: &Table, seat: Seat, level: u8, now: Duration) -> (Player, Option<Duration>) {
    let player = Player::of(&Occupant::Bot { level }).unwrap_or(Player::Random);
    (player, think_time(table.remaining(seat, now)))
}

/// The game being played, as far as the terminal keeps it.
struct Record {
    /// The game's moves and events.
    transcript: Transcript,
    /// Where finished games are saved as PGN.
    pgn: Option<PathBuf>,
    /// Who plays each seat, for the PGN.
    names: Vec<String>,
}

/// Prints what happened, remembers the moves, and saves a finished game.
fn report(
    table: &Table,
    events: &[TableEvent],
    refused: Option<&TableRefusal>,
    record: &mut Record,
) -> Result<(), Exit> {
    record.transcript.observe(table, events);
    for event in events {
        if let (TableEvent::Game(crate::game::Event::GameOver(_)), Some(path)) =
            (event, &record.pgn)
        {
            save_pgn(table, record, path)?;
        }
        say(event.describe(table.rules()))?;
    }
    if let Some(refused) = refused {
        say(format_args!("refused: {refused}"))?;
    }
    Ok(())
}

/// Appends the finished game to the PGN file: PGN for two players, PGN4
/// for four.
fn save_pgn(table: &Table, record: &Record, path: &PathBuf) -> Result<(), Exit> {
    use std::io::Write;
    let text = record.transcript.write(table, &record.names).map_err(|e| {
        tell(format_args!("error: --pgn: {e}"));
        Exit::Usage
    })?;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| writeln!(file, "{text}"))
        .map_err(|e| {
            tell(format_args!(
                "error: cannot write `{}`: {e}",
                path.display()
            ));
            Exit::Usage
        })?;
    say(format_args!("saved to {}", path.display()))
}

/// The board toward `view`, then clocks, scores and whose turn it is.
fn status(
    table: &Table,
    view: Seat,
    last: Option<(crate::rules::Sq, crate::rules::Sq)>,
    colour: bool,
    now: Duration,
) -> String {
    let game = table.game();
    let rules = table.rules();
    let mut out = draw(game.position(), view, last, colour);
    let mut seats = Vec::new();
    for seat in Seat::all(rules.seats.len()) {
        let mut item = rules.seats[seat].name.clone();
        if let Some(left) = table.remaining(seat, now) {
            let secs = left.as_secs();
            item += &format!(" {}:{:02}", secs / 60, secs % 60);
        }
        if game.score(seat) != 0
            || matches!(
                rules.adjudication.ranking,
                crate::rules::Ranking::Points | crate::rules::Ranking::PointsWinnerOnly
            )
        {
            item += &format!(" {} pts", game.score(seat));
        }
        if game.position().is_eliminated(seat) {
            item += " (out)";
        }
        if game.to_move() == Some(seat) && game.result().is_none() {
            item = format!("[{item}]");
        }
        seats.push(item);
    }
    out += &seats.join("  ");
    if let Some(reason) = table.paused() {
        out += &format!("  (paused: {reason:?})").to_lowercase();
    }
    if let Some(result) = game.result() {
        out += &format!("\nresult: {}", result.describe(rules));
    }
    out
}
