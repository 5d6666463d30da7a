//! The UCI protocol for any two-player variant, as Fairy-Stockfish speaks
//! it: `UCI_Variant` (a combo of every playable two-player variant loaded)
//! and `VariantPath` (more variant files, `;`- or `:`-separated),
//! `position startpos|fen … moves …`, `go` with depth, nodes, movetime,
//! wtime/btime/winc/binc/movestogo or infinite, `stop`, `isready`,
//! `ucinewgame`, `quit`. The search runs on its own thread, so `stop` and
//! `isready` are answered while it thinks.

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::catalog::Catalog;
use crate::engine::{Bot, Limits};
use crate::game::Game;
use crate::rules::{RuleTable, compile};
use crate::source::SourceFile;

/// Where the engine writes: shared by the command loop and the search.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// What the engine knows between commands.
struct Engine {
    out: Output,
    catalog: Catalog,
    /// The selected variant's rules (its name is the `UCI_Variant`).
    rules: Arc<RuleTable>,
    start: String,
    game: Game,
    /// The bot, away on the search thread while it thinks.
    bot: Option<Bot>,
    search: Option<JoinHandle<Bot>>,
    /// The running search is `go infinite`.
    infinite: bool,
    stop: Arc<std::sync::atomic::AtomicBool>,
}

/// Serves UCI on `input` until `quit` or the end of the input (a search
/// under way finishes first).
pub fn serve(input: impl BufRead, out: Output) {
    let catalog = Catalog::shipped();
    let (rules, start) = playable(&catalog, "chess").expect("the shipped chess plays");
    let bot = Bot::new(&rules, 1);
    let stop = bot.stop_flag();
    let game = Game::new(rules.clone(), &start, 0).expect("its own start");
    let mut engine = Engine {
        out,
        catalog,
        rules,
        start,
        game,
        bot: Some(bot),
        search: None,
        infinite: false,
        stop,
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "" => {}
            "uci" => engine.uci(),
            "isready" => engine.say("readyok"),
            "setoption" => engine.setoption(rest),
            "ucinewgame" => {
                engine.finish_search();
                engine.game =
                    Game::new(engine.rules.clone(), &engine.start, 0).expect("the variant's start");
            }
            "position" => engine.position(rest),
            "go" => engine.go(rest),
            "stop" => engine.finish_search(),
            "quit" => {
                engine.finish_search();
                return;
            }
            other => engine.say(&format!("info string unknown command `{other}`")),
        }
    }
    // The input ended (a piped script): a limited search finishes, an
    // infinite one is stopped.
    if engine.infinite {
        engine.finish_search();
    } else {
        engine.join_search();
    }
}

/// The compiled rules and start of a two-player variant that plays.
fn playable(catalog: &Catalog, name: &str) -> Result<(Arc<RuleTable>, String), String> {
    let def = catalog.checked(name).map_err(|e| e.to_string())?;
    let rules = compile(def).map_err(|e| e.to_string())?;
    if rules.seats.len() != 2 {
        return Err(format!(
            "{name} has {} seats; UCI plays two-player variants",
            rules.seats.len()
        ));
    }
    Ok((Arc::new(rules), def.start_fen().to_string()))
}

impl Engine {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// The variants the `UCI_Variant` combo offers.
    fn variants(&self) -> Vec<String> {
        self.catalog
            .names()
            .into_iter()
            .filter(|name| playable(&self.catalog, name).is_ok())
            .map(str::to_string)
            .collect()
    }

    fn uci(&self) {
        self.say(&format!("id name tetrarch {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the tetrarch developers");
        let vars: Vec<String> = self.variants().iter().map(|v| format!("var {v}")).collect();
        self.say(&format!(
            "option name UCI_Variant type combo default {} {}",
            self.rules.name,
            vars.join(" ")
        ));
        self.say("option name VariantPath type string default <empty>");
        self.say("uciok");
    }

    fn setoption(&mut self, rest: &str) {
        let Some(rest) = rest.strip_prefix("name ") else {
            return self.say("info string setoption needs `name NAME value VALUE`");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        self.finish_search();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.select(value),
            "variantpath" => {
                for path in value
                    .split([';', ':'])
                    .filter(|p| !p.is_empty() && *p != "<empty>")
                {
                    match std::fs::read_to_string(path) {
                        Ok(text) => {
                            let file = self.catalog.load(SourceFile::new(path, text));
                            let report = &self.catalog.files[file];
                            for d in report
                                .diagnostics
                                .iter()
                                .chain(report.sections.iter().flat_map(|s| &s.diagnostics))
                                .filter(|d| d.is_error())
                            {
                                self.say(&format!("info string {path}: {}", d.message));
                            }
                        }
                        Err(e) => self.say(&format!("info string cannot read `{path}`: {e}")),
                    }
                }
            }
            _ => self.say(&format!("info string unknown option `{name}`")),
        }
    }

    /// Selects a variant and says what it is, as Fairy-Stockfish does.
    fn select(&mut self, name: &str) {
        match playable(&self.catalog, name) {
            Ok((rules, start)) => {
                self.say(&format!(
                    "info string variant {name} files {} ranks {} pocket 0 template fairy startpos {start}",
                    rules.files, rules.ranks
                ));
                self.bot = Some(Bot::new(&rules, 1));
                self.stop = self.bot.as_ref().expect("just made").stop_flag();
                self.game = Game::new(rules.clone(), &start, 0).expect("its own start");
                self.rules = rules;
                self.start = start;
            }
            Err(why) => self.say(&format!("info string cannot play `{name}`: {why}")),
        }
    }

    fn position(&mut self, rest: &str) {
        self.finish_search();
        let (setup, moves) = match rest.split_once(" moves") {
            Some((setup, moves)) => (setup.trim(), moves.trim()),
            None => (rest.trim(), ""),
        };
        let fen = if setup == "startpos" {
            self.start.clone()
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            fen.trim().to_string()
        } else {
            return self.say("info string position needs `startpos` or `fen FEN`");
        };
        let mut game = match Game::new(self.rules.clone(), &fen, 0) {
            Ok(game) => game,
            Err(e) => return self.say(&format!("info string bad FEN `{fen}`: {e}")),
        };
        for text in moves.split_whitespace() {
            if let Err(e) = game.play_text(text) {
                self.say(&format!("info string {e}; the moves after it are ignored"));
                break;
            }
        }
        self.game = game;
    }

    fn go(&mut self, rest: &str) {
        self.finish_search();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let number = |key: &str| -> Option<u64> {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        let white = self.game.to_move().is_none_or(|s| s.index() == 0);
        let (time, inc) = if white {
            (number("wtime"), number("winc"))
        } else {
            (number("btime"), number("binc"))
        };
        // A clock: a thirtieth of the time left (or of the moves to go),
        // half the increment, never more than the time left less 50 ms.
        let clock = time.map(|left| {
            let moves = number("movestogo").unwrap_or(30).clamp(1, 30);
            let share = left / moves + inc.unwrap_or(0) / 2;
            Duration::from_millis(share.min(left.saturating_sub(50)).max(1))
        });
        let infinite = words.contains(&"infinite");
        let limits = Limits {
            depth: number("depth").map_or(64, |d| d.clamp(1, 64) as u32),
            nodes: number("nodes"),
            time: if infinite {
                None
            } else {
                number("movetime").map(Duration::from_millis).or(clock)
            },
        };
        let limits = if !infinite
            && limits.time.is_none()
            && limits.nodes.is_none()
            && number("depth").is_none()
        {
            // A bare `go`: a short fixed search.
            Limits { depth: 4, ..limits }
        } else {
            limits
        };
        let Some(mut bot) = self.bot.take() else {
            return;
        };
        self.stop.store(false, Ordering::Relaxed);
        self.infinite = infinite;
        let game = self.game.clone();
        let out = self.out.clone();
        self.search = Some(std::thread::spawn(move || {
            let started = Instant::now();
            let info = |choice: &crate::engine::Choice| {
                let score = match choice.result_in_plies() {
                    Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
                    Some(plies) => format!("mate -{}", (-plies + 1) / 2),
                    None => format!("cp {}", choice.score * 100 / crate::engine::PAWN),
                };
                let millis = started.elapsed().as_millis().max(1) as u64;
                let mv = crate::notation::move_name(game.position(), &choice.mv);
                say(
                    &out,
                    &format!(
                        "info depth {} score {score} nodes {} nps {} time {millis} pv {mv}",
                        choice.depth,
                        choice.nodes,
                        choice.nodes * 1000 / millis
                    ),
                );
            };
            match bot.choose_reporting(&game, limits, info) {
                Some(choice) => {
                    let mv = crate::notation::move_name(game.position(), &choice.mv);
                    say(&out, &format!("bestmove {mv}"));
                }
                None => say(&out, "bestmove (none)"),
            }
            bot
        }));
    }

    /// Stops a running search (it still answers `bestmove`) and takes the
    /// bot back.
    fn finish_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.join_search();
    }

    /// Waits for a running search to end by itself and takes the bot back.
    fn join_search(&mut self) {
        if let Some(handle) = self.search.take() {
            let bot = handle.join().unwrap_or_else(|_| {
                self.say("info string the search failed; a new one starts next time");
                Bot::new(&self.rules, 1)
            });
            self.stop = bot.stop_flag();
            self.bot = Some(bot);
        }
    }
}

fn say(out: &Output, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}
