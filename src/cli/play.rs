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
    let mut time = if script.is_some() {
        Time::Script(Duration::ZERO)
    } else {
        Time::Real(Instant::now())
    };
    let mut table = Table::new(
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
    let mut lines: Box<dyn Iterator<Item = String>> = match script {
        Some(text) => Box::new(
            text.lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
                .into_iter(),
        ),
        None => Box::new(std::io::stdin().lock().lines().map_while(Result::ok)),
    };
    let mut bot = Bot::new(&rules, args.seed);
    let mut rng = SplitMix64::new(args.seed ^ 0x5EED);
    let mut record = Record {
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
    let mut show = true;
    loop {
        // The people at the table (a bot's seat taken over after a result
        // joins them); the board is turned toward the person to move, else
        // the first person (the first seat when only bots play).
        let humans: Vec<Seat> = Seat::all(players.len())
            .filter(|&s| matches!(table.occupant(s), Occupant::Person(_)))
            .collect();
        let first_person = humans.first().copied().unwrap_or(Seat::FIRST);
        let view = table
            .game()
            .to_move()
            .filter(|s| humans.contains(s))
            .unwrap_or(first_person);
        // The board is drawn when a person is to move or the game is over,
        // not after every bot move.
        if show && (table.bot_to_move().is_none() || table.paused().is_some()) {
            say(status(
                &table,
                view,
                record.transcript.last_move(),
                colour,
                time.now(),
            ))?;
            show = false;
        }
        if table.is_expired() {
            return say("the table has closed");
        }
        // A bot asked to agree to a draw answers at once.
        if let Some((seat, level)) = table.bot_to_answer_draw() {
            let (player, budget) = machine(&table, seat, level, time.now());
            let answer =
                if machine_accepts_draw(player, &mut bot, &mut rng, table.game(), seat, budget) {
                    Action::AcceptDraw
                } else {
                    Action::DeclineDraw
                };
            let reply = table.request(time.now(), Actor::Seat(seat), Request::Act(answer));
            report(&table, &reply.events, reply.refused.as_ref(), &mut record)?;
            show = true;
            continue;
        }
        // A bot (or random mover) to move plays at once.
        if let Some((seat, level)) = table.bot_to_move() {
            let game = table.game();
            let (player, budget) = machine(&table, seat, level, time.now());
            let Some(mv) = machine_move(player, &mut bot, &mut rng, game, budget) else {
                continue;
            };
            let text = crate::notation::move_name(game.position(), &mv);
            let reply = table.request(time.now(), Actor::Seat(seat), Request::Move(text));
            report(&table, &reply.events, reply.refused.as_ref(), &mut record)?;
            show = true;
            continue;
        }
        let prompt = match table.game().to_move() {
            Some(seat) if table.game().result().is_none() => {
                format!("{} to move>", rules.seats[seat].name)
            }
            _ => "game over (new, quit)>".to_string(),
        };
        super::output::print(format_args!("{prompt} "))?;
        let Some(line) = lines.next() else {
            return say("");
        };
        if let Time::Script(at) = &mut time {
            *at += Duration::from_secs(1);
            say(line.trim())?;
        }
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let to_move = table.game().to_move();
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
        let answerer = table
            .game()
            .awaiting_draw_answer()
            .into_iter()
            .find(|s| humans.contains(s))
            .unwrap_or(other);
        let request = match word {
            "" => continue,
            "help" | "?" => {
                say(HELP)?;
                continue;
            }
            "quit" | "exit" => return Ok(()),
            "board" => {
                show = true;
                continue;
            }
            "moves" => {
                let game = table.game();
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
                continue;
            }
            "wait" => {
                match (&mut time, rest.parse::<u64>()) {
                    (Time::Script(at), Ok(seconds)) => *at += Duration::from_secs(seconds),
                    _ => {
                        say("`wait SECONDS` is for scripts")?;
                        continue;
                    }
                }
                let events = table.advance(time.now());
                report(&table, &events, None, &mut record)?;
                show = !events.is_empty();
                continue;
            }
            "offer" => (Actor::Seat(mover), Request::Act(Action::OfferDraw)),
            "accept" => (Actor::Seat(answerer), Request::Act(Action::AcceptDraw)),
            "decline" => (Actor::Seat(answerer), Request::Act(Action::DeclineDraw)),
            "claim-win" => (Actor::Seat(mover), Request::Act(Action::ClaimWin)),
            "resign" => (Actor::Seat(mover), Request::Act(Action::Resign)),
            "pause" => (Actor::Host, Request::Pause),
            "resume" => (Actor::Host, Request::Resume),
            "new" => (Actor::Host, Request::NewGame),
            "take" => match seat_named(&rules, rest) {
                Some(seat) => (Actor::Host, Request::Reserve(seat, "you".to_string())),
                None => {
                    say(format_args!(
                        "`take SEAT`: {} has no seat `{rest}`",
                        rules.name
                    ))?;
                    continue;
                }
            },
            "claim" => {
                let mv = if rest.is_empty() {
                    None
                } else {
                    match table.game().parse_move(rest) {
                        Ok(mv) => Some(mv),
                        Err(e) => {
                            say(format_args!("{e}"))?;
                            continue;
                        }
                    }
                };
                let rule = table.game().claim_rule(mover, mv);
                let reply = table.request(
                    time.now(),
                    Actor::Seat(mover),
                    Request::Act(Action::ClaimDraw(rule, mv)),
                );
                report(&table, &reply.events, reply.refused.as_ref(), &mut record)?;
                show = true;
                continue;
            }
            _ => (Actor::Seat(mover), Request::Move(line.to_string())),
        };
        let is_move = matches!(request.1, Request::Move(_));
        let reply = table.request(time.now(), request.0, request.1);
        if is_move && let Some(TableRefusal::Game(refusal)) = &reply.refused {
            report(&table, &reply.events, None, &mut record)?;
            say(format_args!("{refusal}; type `moves` for the legal moves"))?;
            continue;
        }
        report(&table, &reply.events, reply.refused.as_ref(), &mut record)?;
        show = true;
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
