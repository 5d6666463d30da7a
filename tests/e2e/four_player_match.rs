//! Four-player Teams games between `tetrarch uci` and another engine that
//! speaks the open four-player engines' UCI dialect (obryanlouis/4pchess's
//! `cli` is the one it was written for), refereed by tetrarch's rules.
//!
//! ```text
//! cargo run --profile ci --example four_player_match -- \
//!     --engine PATH/TO/ENGINE [--games 20] [--movetime 100] [--max-plies 600]
//! ```
//!
//! The teams alternate from game to game: tetrarch plays Red and Yellow in
//! odd games, Blue and Green in even ones. Every `bestmove` is played
//! through [`Game`] (illegal there: the game stops and the move is reported)
//! and sent to the other engine, whose own rules must accept it; after every
//! move both rule sets count the legal moves of the seat to move (the other
//! engine answers `get_num_legal_moves`, as 4pchess does), and every
//! difference is reported with the moves that reached it. The summary's
//! last line is `N games: W won by tetrarch, L lost, D drawn, U unfinished,
//! S stalled; R refusals, C count differences in P positions` (a stalled
//! game: an engine sent no move in time, reported with the moves before
//! it); the exit code is 1 when any move was refused or any count differed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tetrarch::catalog::Catalog;
use tetrarch::game::{Game, Outcome};
use tetrarch::rules::compile;
use tetrarch::seat::Seat;

/// A running engine: its input, and its output lines as they come.
struct Engine {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(name: &str, program: &str, args: &[&str]) -> Result<Engine, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {name} (`{program}`): {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            name: name.to_string(),
            child,
            input,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").map_err(|e| format!("{} stopped reading: {e}", self.name))
    }

    /// The first line that starts with `prefix`, within `limit`.
    fn wait_for(&mut self, prefix: &str, limit: Duration) -> Result<String, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{} sent no `{prefix}` in {limit:?}", self.name));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} ended before `{prefix}`", self.name));
                }
            }
        }
    }

    /// Sets up the position after `moves` and asks for a move.
    fn best_move(&mut self, moves: &[String], movetime: u64) -> Result<String, String> {
        self.send(&position(moves))?;
        self.send(&format!("go movetime {movetime}"))?;
        let line = self.wait_for("bestmove", Duration::from_millis(movetime * 20 + 10_000))?;
        Ok(line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string())
    }

    /// The engine's number of legal moves after `moves`, or why it refused
    /// a move of them.
    fn legal_count(&mut self, moves: &[String]) -> Result<Result<usize, String>, String> {
        self.send(&position(moves))?;
        self.send("get_num_legal_moves")?;
        let limit = Duration::from_secs(10);
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(_) => return Err(format!("{} gave no legal-move count", self.name)),
            };
            if let Some(why) = line.strip_prefix("info string Invalid move") {
                // The count that follows is of the position before it.
                self.wait_for("info string n_legal", limit)?;
                return Ok(Err(format!("invalid move{why}")));
            }
            if let Some(n) = line.strip_prefix("info string n_legal ") {
                return Ok(Ok(n.trim().parse().map_err(|_| line.clone())?));
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

fn position(moves: &[String]) -> String {
    if moves.is_empty() {
        "position startpos".to_string()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    }
}

struct Options {
    engine: String,
    tetrarch: String,
    games: usize,
    movetime: u64,
    max_plies: usize,
}

/// The `tetrarch` binary of the build this example belongs to: beside its
/// `examples` folder.
fn default_tetrarch() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("tetrarch")))
        .map_or_else(|| "tetrarch".to_string(), |p| p.display().to_string())
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        engine: String::new(),
        tetrarch: default_tetrarch(),
        games: 20,
        movetime: 100,
        max_plies: 600,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("`{flag}` needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("`{flag} {value}`: not a whole number"))
        };
        match flag.as_str() {
            "--engine" => o.engine = value.clone(),
            "--tetrarch" => o.tetrarch = value.clone(),
            "--games" => o.games = number()? as usize,
            "--movetime" => o.movetime = number()?,
            "--max-plies" => o.max_plies = number()? as usize,
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    if o.engine.is_empty() {
        return Err("give the other engine with `--engine PATH`".to_string());
    }
    Ok(o)
}

/// What happened in the games.
#[derive(Default)]
struct Tally {
    won: usize,
    lost: usize,
    drawn: usize,
    unfinished: usize,
    refusals: usize,
    count_differences: usize,
    /// Positions whose legal moves both rule sets counted.
    compared: usize,
    /// Games where an engine sent no move in time.
    stalled: usize,
}

fn play_game(
    index: usize,
    o: &Options,
    rules: &Arc<tetrarch::rules::RuleTable>,
    start: &str,
    tally: &mut Tally,
) -> Result<(), String> {
    let mut ours = Engine::start("tetrarch", &o.tetrarch, &["uci"])?;
    let mut theirs = Engine::start("the other engine", &o.engine, &[])?;
    for engine in [&mut ours, &mut theirs] {
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(10))?;
    }
    ours.send("setoption name UCI_Variant value 4pc-teams")?;
    for engine in [&mut ours, &mut theirs] {
        engine.send("isready")?;
        engine.wait_for("readyok", Duration::from_secs(30))?;
    }
    // Odd games (1, 3, …): tetrarch is Red and Yellow.
    let tetrarch_team = rules.seats[Seat::new(index % 2)].team;
    let mut game = Game::new(rules.clone(), start, index as u64).map_err(|e| e.to_string())?;
    let mut moves: Vec<String> = Vec::new();
    while game.result().is_none() && moves.len() < o.max_plies {
        let seat = game
            .to_move()
            .expect("a seat to move while the game goes on");
        let ours_to_move = rules.seats[seat].team == tetrarch_team;
        let mover = if ours_to_move { &mut ours } else { &mut theirs };
        let mv = match mover.best_move(&moves, o.movetime) {
            Ok(mv) => mv,
            Err(why) => {
                tally.stalled += 1;
                println!(
                    "game {}: stalled: {why}, after `{}`",
                    index + 1,
                    moves.join(" ")
                );
                return Ok(());
            }
        };
        let who = format!("{} ({})", mover.name, game.seat_name(seat));
        if let Err(why) = game.play_text(&mv) {
            tally.refusals += 1;
            println!(
                "game {}: tetrarch's rules refuse {who}'s `{mv}` after `{}`: {why}",
                index + 1,
                moves.join(" ")
            );
            return Ok(());
        }
        moves.push(mv.clone());
        match theirs.legal_count(&moves)? {
            Err(why) => {
                tally.refusals += 1;
                println!(
                    "game {}: the other engine refuses {who}'s `{mv}` after `{}`: {why}",
                    index + 1,
                    moves[..moves.len() - 1].join(" ")
                );
                return Ok(());
            }
            Ok(count) if game.result().is_none() && count != game.legal_moves().len() => {
                tally.compared += 1;
                tally.count_differences += 1;
                println!(
                    "game {}: after `{}`, {} legal moves for tetrarch, {count} for the other engine",
                    index + 1,
                    moves.join(" "),
                    game.legal_moves().len()
                );
            }
            Ok(_) => tally.compared += usize::from(game.result().is_none()),
        }
    }
    let team_name = if tetrarch_team == rules.seats[Seat::new(0)].team {
        "Red+Yellow"
    } else {
        "Blue+Green"
    };
    let verdict = match game.result().map(|r| (&r.outcome, r.rule)) {
        None => {
            tally.unfinished += 1;
            format!("unfinished after {} plies", moves.len())
        }
        Some((Outcome::Win { winners }, rule)) => {
            if winners
                .iter()
                .any(|&w| rules.seats[w].team == tetrarch_team)
            {
                tally.won += 1;
                format!("tetrarch wins by {rule}")
            } else {
                tally.lost += 1;
                format!("the other engine wins by {rule}")
            }
        }
        Some((_, rule)) => {
            tally.drawn += 1;
            format!("drawn by {rule}")
        }
    };
    println!(
        "game {}: tetrarch {team_name}, {} plies: {verdict}; moves: {}",
        index + 1,
        moves.len(),
        moves.join(" ")
    );
    Ok(())
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(why) => {
            eprintln!("four_player_match: {why}");
            std::process::exit(2);
        }
    };
    let catalog = Catalog::shipped();
    let def = catalog.checked("4pc-teams").expect("shipped");
    let rules = Arc::new(compile(def).expect("compiles"));
    let mut tally = Tally::default();
    for index in 0..o.games {
        if let Err(why) = play_game(index, &o, &rules, def.start_fen(), &mut tally) {
            eprintln!("four_player_match: game {}: {why}", index + 1);
            std::process::exit(2);
        }
    }
    println!(
        "{} games: {} won by tetrarch, {} lost, {} drawn, {} unfinished, {} stalled; {} refusals, {} count differences in {} positions",
        o.games,
        tally.won,
        tally.lost,
        tally.drawn,
        tally.unfinished,
        tally.stalled,
        tally.refusals,
        tally.count_differences,
        tally.compared
    );
    if tally.refusals > 0 || tally.count_differences > 0 {
        std::process::exit(1);
    }
}
