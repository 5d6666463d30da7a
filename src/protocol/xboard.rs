//! The XBoard protocol (CECP version 2) for any two-player variant:
//! `protover` features (the playable variants, `setboard`, `usermove`,
//! `ping`, `time`), `new`, `variant` (with `setup` and `piece` lines for a
//! variant XBoard does not know), `force`, `go`, `playother`, `usermove`,
//! `?`, `setboard`, `undo`, `remove`, `level`, `st`, `sd`, `time`, `otim`,
//! `post`/`nopost`, `result`, `quit`. The engine announces `move …` and,
//! when its move ends the game, the result. Boards of ten ranks are
//! numbered 0 to 9, as XBoard and Fairy-Stockfish number them.

use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;

use super::searcher::{self, Announcer, Output, Searcher, clock_share, line_names, say};
use super::xboard_setup::setup_lines;
use crate::catalog::Catalog;
use crate::engine::{Choice, Limits};
use crate::game::{Game, Outcome};
use crate::moves::Move;
use crate::notation::move_name;
use crate::notation::xboard::{PASS, from_xboard, to_xboard};
use crate::rules::RuleTable;
use crate::seat::Seat;

/// How long the engine may think: XBoard's `level`, `st` and `sd`, and the
/// clocks from `time` and `otim`.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    /// Moves per session (`level`'s first number; 0 for the whole game).
    moves_per_session: u64,
    /// Increment per move, milliseconds.
    increment: u64,
    /// Fixed time per move (`st`), milliseconds.
    per_move: Option<u64>,
    /// The deepest search (`sd`).
    depth: Option<u32>,
    /// The engine's clock (`time`), milliseconds.
    own_clock: Option<u64>,
}

/// What the engine knows between commands.
struct Engine {
    out: Output,
    catalog: Catalog,
    rules: Arc<RuleTable>,
    start: String,
    /// The position the moves start from (the start, or `setboard`'s).
    from: String,
    /// The moves played since `from`, for `undo` and `remove`.
    moves: Vec<Move>,
    game: Game,
    /// The seat the engine plays, or `None` in force mode.
    plays: Option<Seat>,
    time: TimeControl,
    /// Print a line per search iteration (`post`).
    post: bool,
    searcher: Searcher,
}

/// Serves XBoard on `input` until `quit` or the end of the input; `catalog`
/// holds the variants offered (the shipped ones and any `--variants`).
pub fn serve(input: impl BufRead, out: Output, catalog: Catalog) {
    let (rules, start) = playable(&catalog, "chess").expect("the shipped chess plays");
    let game = Game::new(rules.clone(), &start, 0).expect("its own start");
    let mut engine = Engine {
        out,
        catalog,
        searcher: Searcher::new(&rules),
        from: start.clone(),
        rules,
        start,
        moves: Vec::new(),
        game,
        plays: None,
        time: TimeControl::default(),
        post: false,
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if !engine.command(word, rest.trim()) {
            return;
        }
    }
    engine.searcher.wait();
}

/// The compiled rules and start of a two-player variant that plays.
fn playable(catalog: &Catalog, name: &str) -> Result<(Arc<RuleTable>, String), String> {
    let (rules, start) = searcher::playable(catalog, name)?;
    if rules.seats.len() != 2 {
        return Err(format!(
            "{name} has {} seats; XBoard plays two-player variants",
            rules.seats.len()
        ));
    }
    Ok((rules, start))
}

/// XBoard's name of a variant: chess is `normal`.
fn xboard_name(name: &str) -> &str {
    if name == "chess" { "normal" } else { name }
}

/// The result line XBoard reads when a game is over: `1-0 {…}`, `0-1 {…}`
/// or `1/2-1/2 {…}`.
fn result_line(game: &Game) -> Option<String> {
    let result = game.result()?;
    let token = crate::record::pgn::result_token(game);
    let reason = match &result.outcome {
        Outcome::Win { winners } => format!(
            "{} wins by {}",
            winners.first().map_or("nobody", |&s| game.seat_name(s)),
            result.rule
        ),
        Outcome::Draw => format!("draw by {}", result.rule),
        Outcome::Aborted => format!("aborted ({})", result.rule),
    };
    Some(format!("{token} {{{reason}}}"))
}

/// XBoard's `move` lines, its thinking output, and the result when the
/// engine's move ends the game.
struct XBoardAnnouncer {
    post: bool,
}

impl Announcer for XBoardAnnouncer {
    fn iteration(
        &self,
        game: &Game,
        choice: &Choice,
        line: &[Move],
        elapsed: Duration,
    ) -> Option<String> {
        if !self.post {
            return None;
        }
        let score = match choice.result_in_plies() {
            // XBoard's convention for mates: 100000 + moves to mate.
            Some(plies) if plies > 0 => 100_000 + (plies + 1) / 2,
            Some(plies) => -100_000 - (-plies + 1) / 2,
            None => choice.score * 100 / crate::engine::PAWN,
        };
        let ranks = game.rules().ranks;
        let words = line_names(game, line, |g, mv| {
            to_xboard(&move_name(g.position(), &mv), ranks)
        });
        Some(format!(
            "{} {score} {} {} {}",
            choice.depth,
            elapsed.as_millis() / 10,
            choice.nodes,
            words.join(" ")
        ))
    }

    fn decision(&self, game: &Game, choice: Option<&Choice>) -> Vec<String> {
        let Some(choice) = choice else {
            return result_line(game).into_iter().collect();
        };
        let mut lines = vec![format!(
            "move {}",
            to_xboard(&move_name(game.position(), &choice.mv), game.rules().ranks)
        )];
        let mut after = game.clone();
        if after.play(choice.mv).is_ok()
            && let Some(result) = result_line(&after)
        {
            lines.push(result);
        }
        lines
    }
}

impl Engine {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Runs one command; `false` to quit.
    fn command(&mut self, word: &str, rest: &str) -> bool {
        // A move the engine announced is played here before anything else
        // is read into the position.
        if let Some(choice) = self.searcher.finished() {
            self.record(choice.mv);
        }
        match word {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" | "cores" | "memory" | "white"
            | "black" | "exit" => {}
            "protover" => self.features(),
            "ping" => self.say(&format!("pong {rest}")),
            "new" => {
                self.abort();
                self.select("chess");
                self.plays = Some(Seat::new(1));
                self.time.depth = None;
            }
            "variant" => {
                self.abort();
                let name = if rest == "normal" { "chess" } else { rest };
                self.select(name);
            }
            "force" | "result" => {
                self.abort();
                self.plays = None;
            }
            "go" => {
                self.abort();
                self.plays = self.game.to_move();
                self.think();
            }
            "playother" => {
                self.abort();
                self.plays = self.game.to_move().map(|s| Seat::new(1 - s.index()));
            }
            "?" => {
                if let Some(choice) = self.searcher.stop() {
                    self.record(choice.mv);
                }
            }
            "setboard" => self.setboard(rest),
            "usermove" => self.user_move(rest),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "level" => self.level(rest),
            "st" => match per_move_millis(rest) {
                Some(millis) => self.time.per_move = Some(millis),
                None => self.say(&format!("Error (bad number): st {rest}")),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(depth) => self.time.depth = Some(depth.clamp(1, 64)),
                Err(_) => self.say(&format!("Error (bad number): sd {rest}")),
            },
            "time" => match rest.parse::<u64>() {
                Ok(centis) => self.time.own_clock = Some(centis.saturating_mul(10)),
                Err(_) => self.say(&format!("Error (bad number): time {rest}")),
            },
            "otim" => {}
            "post" => self.post = true,
            "nopost" => self.post = false,
            "quit" => {
                self.abort();
                return false;
            }
            _ if self.game.parse_move(&self.ours(word)).is_ok() => self.user_move(word),
            _ => self.say(&format!("Error (unknown command): {word}")),
        }
        true
    }

    fn features(&self) {
        let variants: Vec<&str> = self
            .catalog
            .names()
            .into_iter()
            // XBoard's `normal` is chess: the section of that name (Fairy-
            // Stockfish's chess) is not offered a second time.
            .filter(|name| *name != "normal")
            .filter(|name| playable(&self.catalog, name).is_ok())
            .map(xboard_name)
            .collect();
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=0 colors=0 name=0 nps=0 myname=\"tetrarch {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants.join(",")
        ));
        self.say("feature done=1");
    }

    /// Selects a variant; one XBoard does not know is taught with `setup`
    /// and `piece` lines.
    fn select(&mut self, name: &str) {
        let (rules, start) = match playable(&self.catalog, name) {
            Ok(found) => found,
            Err(why) => return self.say(&format!("Error (unknown variant): {name}: {why}")),
        };
        if name != "chess" {
            let def = self.catalog.checked(name).expect("playable, so checked");
            match setup_lines(def, &rules) {
                Ok(lines) => {
                    for line in lines {
                        self.say(&line);
                    }
                }
                Err(why) => self.say(&format!("telluser {why}")),
            }
        }
        self.searcher = Searcher::new(&rules);
        self.rules = rules;
        self.start = start.clone();
        self.reset(start);
    }

    /// A fresh game from `fen` (already checked).
    fn reset(&mut self, fen: String) {
        self.game = Game::new(self.rules.clone(), &fen, 0).expect("a checked FEN");
        self.from = fen;
        self.moves.clear();
    }

    fn setboard(&mut self, fen: &str) {
        self.abort();
        match Game::new(self.rules.clone(), fen, 0) {
            Ok(_) => self.reset(fen.to_string()),
            Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
        }
    }

    fn user_move(&mut self, text: &str) {
        self.abort();
        let ours = self.ours(text);
        match self.game.parse_move(&ours) {
            Ok(mv) => {
                self.record(mv);
                if self.game.to_move().is_some() && self.game.to_move() == self.plays {
                    self.think();
                }
            }
            Err(_) => self.say(&format!("Illegal move: {text}")),
        }
    }

    /// A move's text from XBoard's to the variant's notation; `@@@@` names
    /// the pass of the side to move, if it has one.
    fn ours(&self, word: &str) -> String {
        if word == PASS
            && let Some(pass) = self
                .game
                .legal_moves()
                .iter()
                .find(|m| matches!(m, Move::Pass { .. }))
        {
            return move_name(self.game.position(), pass);
        }
        from_xboard(word, self.rules.ranks)
    }

    /// Plays a move on the engine's board.
    fn record(&mut self, mv: Move) {
        if self.game.play(mv).is_ok() {
            self.moves.push(mv);
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.abort();
        let keep = self.moves.len().saturating_sub(plies);
        let moves: Vec<Move> = self.moves[..keep].to_vec();
        self.reset(self.from.clone());
        for mv in moves {
            self.record(mv);
        }
    }

    /// `level MPS BASE INC`: BASE in minutes or `minutes:seconds`, INC in
    /// seconds.
    fn level(&mut self, rest: &str) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [moves, _base, inc] = words[..] else {
            return self.say(&format!("Error (level needs MPS BASE INC): level {rest}"));
        };
        match (moves.parse::<u64>(), inc.parse::<f64>()) {
            (Ok(moves), Ok(inc)) if inc >= 0.0 => {
                self.time.moves_per_session = moves;
                self.time.increment = (inc * 1000.0) as u64;
                self.time.per_move = None;
            }
            _ => self.say(&format!("Error (bad level): level {rest}")),
        }
    }

    /// Thinks about the position for the engine's seat.
    fn think(&mut self) {
        if self.game.result().is_some() {
            return;
        }
        let t = self.time;
        let limits = Limits {
            depth: t.depth.unwrap_or(64),
            nodes: None,
            time: match (t.per_move, t.own_clock) {
                (Some(ms), _) => Some(Duration::from_millis(ms)),
                (None, Some(left)) => {
                    let to_go = (t.moves_per_session > 0).then(|| {
                        let played = (self.moves.len() / 2) as u64;
                        t.moves_per_session - played % t.moves_per_session
                    });
                    Some(clock_share(left, t.increment, to_go))
                }
                (None, None) if t.depth.is_some() => None,
                (None, None) => Some(Duration::from_secs(1)),
            },
        };
        self.searcher.start(
            self.game.clone(),
            limits,
            false,
            self.out.clone(),
            XBoardAnnouncer { post: self.post },
        );
    }

    /// Ends a search without a move, unless it already announced one, which
    /// is then played.
    fn abort(&mut self) {
        if let Some(choice) = self.searcher.abort() {
            self.record(choice.mv);
        }
    }
}

/// `st`'s seconds a move in milliseconds, at least one: a whole or a
/// decimal number (python-chess sends `st 0.05` for `Limit(time=0.05)`),
/// at most a year.
fn per_move_millis(text: &str) -> Option<u64> {
    const YEAR: f64 = 365.0 * 24.0 * 3600.0;
    let seconds: f64 = text.trim().parse().ok()?;
    (seconds.is_finite() && (0.0..=YEAR).contains(&seconds))
        .then(|| ((seconds * 1000.0).round() as u64).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walling_promotion_writes_its_piece_after_the_wall() {
        // Fairy-Stockfish: UCI `e7e8q,e8d5`, XBoard `e7e8,e8d5q`.
        assert_eq!(to_xboard("e7e8q,e8d5", 8), "e7e8,e8d5q");
        assert_eq!(from_xboard("e7e8,e8d5q", 8), "e7e8q,e8d5");
        assert_eq!(to_xboard("d1a1,a1b1", 10), "d0a0,a0b0");
        assert_eq!(from_xboard("d0a0,a0b0", 10), "d1a1,a1b1");
    }
}
