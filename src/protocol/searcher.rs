//! The search every engine protocol runs: the bot thinks on its own thread
//! so that the protocol keeps answering (`stop`, `isready`, `ping`, `?`)
//! while it does, and announces its move itself, under the output's lock,
//! unless the protocol aborted the search first. That makes "the move the
//! GUI saw" and "the move the protocol applies" one and the same.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::catalog::Catalog;
use crate::engine::{Bot, Choice, Limits};
use crate::game::Game;
use crate::moves::Move;
use crate::rules::{RuleTable, compile};

/// Where an engine writes: shared by the command loop and the search.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Writes one line to the GUI and flushes it.
pub fn say(out: &Output, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// The compiled rules and start of a variant of `catalog` that plays, or
/// why it does not.
pub fn playable(catalog: &Catalog, name: &str) -> Result<(Arc<RuleTable>, String), String> {
    let def = catalog.checked(name).map_err(|e| e.to_string())?;
    let rules = compile(def).map_err(|e| e.to_string())?;
    Ok((Arc::new(rules), def.start_fen().to_string()))
}

/// The moves of an expected line from `game`, each named by `name` in the
/// position it is played in.
pub fn line_names(game: &Game, line: &[Move], name: impl Fn(&Game, Move) -> String) -> Vec<String> {
    let mut game = game.clone();
    let mut words = Vec::new();
    for &mv in line {
        words.push(name(&game, mv));
        if game.play(mv).is_err() {
            break;
        }
    }
    words
}

/// The time to spend on a move with `left` milliseconds on the clock, an
/// increment of `inc` and `moves_to_go` moves to the next time control (30
/// when unknown): a share of the time left plus half the increment, never
/// more than the time left less 50 ms.
pub fn clock_share(left: u64, inc: u64, moves_to_go: Option<u64>) -> Duration {
    let moves = moves_to_go.unwrap_or(30).clamp(1, 30);
    let share = left / moves + inc / 2;
    Duration::from_millis(share.min(left.saturating_sub(50)).max(1))
}

/// The lines a protocol prints about a search.
pub trait Announcer: Send + 'static {
    /// A line for a finished iteration (`info …`, or a thinking line), if
    /// the protocol prints one; `line` is the expected play, the choice
    /// first, and `elapsed` the time since the start.
    fn iteration(
        &self,
        game: &Game,
        choice: &Choice,
        line: &[Move],
        elapsed: Duration,
    ) -> Option<String>;
    /// The lines that announce the chosen move, or that there is none.
    fn decision(&self, game: &Game, choice: Option<&Choice>) -> Vec<String>;
}

/// What a finished search thread hands back.
struct Finished {
    bot: Bot,
    /// The choice, when it was announced.
    announced: Option<Choice>,
}

/// The bot, at home or away thinking.
pub struct Searcher {
    rules: Arc<RuleTable>,
    bot: Option<Bot>,
    thread: Option<JoinHandle<Finished>>,
    stop: Arc<AtomicBool>,
    abort: Arc<AtomicBool>,
    infinite: bool,
}

impl Searcher {
    /// A searcher for the variant of `rules`.
    pub fn new(rules: &Arc<RuleTable>) -> Searcher {
        let bot = Bot::new(rules, 1);
        Searcher {
            rules: rules.clone(),
            stop: bot.stop_flag(),
            bot: Some(bot),
            thread: None,
            abort: Arc::new(AtomicBool::new(false)),
            infinite: false,
        }
    }

    /// A new game: any search under way is abandoned unannounced, and the
    /// bot starts afresh (an empty table, the first seed), so the same
    /// search after each new game gives the same moves and counts.
    pub fn new_game(&mut self) {
        self.abort();
        let bot = Bot::new(&self.rules, 1);
        self.stop = bot.stop_flag();
        self.bot = Some(bot);
    }

    /// Whether a search is under way.
    pub fn thinking(&self) -> bool {
        self.thread.is_some()
    }

    /// Whether the search under way runs until stopped.
    pub fn infinite(&self) -> bool {
        self.thinking() && self.infinite
    }

    /// Starts thinking about `game` (a running search is aborted first).
    pub fn start(
        &mut self,
        game: Game,
        limits: Limits,
        infinite: bool,
        out: Output,
        announcer: impl Announcer,
    ) {
        self.abort();
        let Some(mut bot) = self.bot.take() else {
            return;
        };
        self.stop.store(false, Ordering::Relaxed);
        self.abort.store(false, Ordering::Relaxed);
        self.infinite = infinite;
        let abort = self.abort.clone();
        self.thread = Some(std::thread::spawn(move || {
            let started = Instant::now();
            let choice = bot.choose_reporting(&game, limits, |choice, line| {
                if let Some(text) = announcer.iteration(&game, choice, line, started.elapsed()) {
                    say(&out, &text);
                }
            });
            let lines = announcer.decision(&game, choice.as_ref());
            let announced = match out.lock() {
                Ok(mut out) if !abort.load(Ordering::Relaxed) => {
                    for line in lines {
                        let _ = writeln!(out, "{line}");
                    }
                    let _ = out.flush();
                    choice
                }
                _ => None,
            };
            Finished { bot, announced }
        }));
    }

    /// Ends the search under way now; its choice is announced. Returns the
    /// announced choice.
    pub fn stop(&mut self) -> Option<Choice> {
        self.stop.store(true, Ordering::Relaxed);
        self.wait()
    }

    /// Ends the search under way now without announcing a move, unless it
    /// already did. Returns the choice that was announced, if one was.
    pub fn abort(&mut self) -> Option<Choice> {
        self.abort.store(true, Ordering::Relaxed);
        self.stop()
    }

    /// Waits for the search under way to end by itself. Returns the
    /// announced choice.
    pub fn wait(&mut self) -> Option<Choice> {
        let handle = self.thread.take()?;
        let finished = handle.join().unwrap_or_else(|_| Finished {
            bot: Bot::new(&self.rules, 1),
            announced: None,
        });
        self.stop = finished.bot.stop_flag();
        self.bot = Some(finished.bot);
        finished.announced
    }

    /// The choice of a search that has ended by itself, once it has.
    pub fn finished(&mut self) -> Option<Choice> {
        if self.thread.as_ref().is_some_and(|t| t.is_finished()) {
            self.wait()
        } else {
            None
        }
    }
}
