//! The UCI protocol for any variant, as Fairy-Stockfish speaks it for two
//! players: `UCI_Variant` (a combo of every playable variant loaded),
//! `VariantPath` (more variant files, `;`- or `:`-separated), `load FILE`
//! and `load <<EOF … EOF` (a variant file given at run time),
//! `position startpos|fen … moves …`, `go` with depth, nodes, movetime,
//! clocks or infinite, `stop`, `isready`, `ucinewgame`, `quit`. The search
//! runs on its own thread, so `stop` and `isready` are answered while it
//! thinks.
//!
//! For three or four seats it speaks the dialect of the open four-player
//! engines: `position fen <FEN4>`, moves in the four-player notation
//! (`h2-h4`), and one clock per seat named by the seat's first letter
//! (`go rtime … btime … ytime … gtime …`, `rinc` …). See docs/uci.md.

use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;

use super::searcher::{Announcer, Searcher, clock_share, line_names, playable, say};
use crate::catalog::Catalog;
use crate::engine::{Choice, Limits};
use crate::game::{Game, Refusal};
use crate::moves::Move;
use crate::notation::uci::uci_text;
use crate::rules::RuleTable;
use crate::source::SourceFile;

use super::searcher::Output;

/// What the engine knows between commands.
struct Engine {
    out: Output,
    catalog: Catalog,
    /// The selected variant's rules (its name is the `UCI_Variant`).
    rules: Arc<RuleTable>,
    start: String,
    game: Game,
    searcher: Searcher,
    /// `UCI_Chess960`: castlings are written as the king taking its rook.
    chess960: bool,
}

/// Serves UCI on `input` until `quit` or the end of the input (a search
/// under way finishes first); `catalog` holds the variants offered (the
/// shipped ones and any `--variants`).
pub fn serve(input: impl BufRead, out: Output, catalog: Catalog) {
    let (rules, start) = playable(&catalog, "chess").expect("the shipped chess plays");
    let game = Game::new(rules.clone(), &start, 0).expect("its own start");
    let mut engine = Engine {
        out,
        catalog,
        searcher: Searcher::new(&rules),
        rules,
        start,
        game,
        chess960: false,
    };
    let mut lines = input.lines();
    while let Some(Ok(line)) = lines.next() {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "" => {}
            "uci" => engine.uci(),
            "isready" => engine.say("readyok"),
            "setoption" => engine.setoption(rest),
            "ucinewgame" => {
                engine.searcher.new_game();
                engine.game =
                    Game::new(engine.rules.clone(), &engine.start, 0).expect("the variant's start");
            }
            "position" => engine.position(rest),
            "go" => engine.go(rest),
            "stop" => {
                engine.searcher.stop();
            }
            "load" => {
                let rest = rest.trim();
                if let Some(marker) = rest.strip_prefix("<<") {
                    let marker = marker.trim();
                    let mut text = String::new();
                    for line in lines.by_ref() {
                        let Ok(line) = line else { break };
                        if line.trim_end() == marker {
                            break;
                        }
                        text += &line;
                        text.push('\n');
                    }
                    engine.load(SourceFile::new("<load>", text));
                } else {
                    match crate::text_file::read_text(rest) {
                        Ok(text) => engine.load(SourceFile::new(rest, text)),
                        Err(e) => engine.say(&format!("info string cannot read `{rest}`: {e}")),
                    }
                }
            }
            "quit" => {
                engine.searcher.stop();
                return;
            }
            other => engine.say(&format!("info string unknown command `{other}`")),
        }
    }
    // The input ended (a piped script): a limited search finishes, an
    // infinite one is stopped.
    if engine.searcher.infinite() {
        engine.searcher.stop();
    } else {
        engine.searcher.wait();
    }
}

/// The `go` word for a seat's clock and increment: `wtime`/`winc` for the
/// first of two seats, `btime`/`binc` for the second, and with more seats
/// the seat name's first letter (`rtime` for red).
fn clock_words(rules: &RuleTable, seat: usize) -> (String, String) {
    let letter = if rules.seats.len() == 2 {
        ['w', 'b'][seat]
    } else {
        rules.seats[seat]
            .name
            .chars()
            .next()
            .map_or('?', |c| c.to_ascii_lowercase())
    };
    (format!("{letter}time"), format!("{letter}inc"))
}

/// A legal move's name: the variant's notation, except that with
/// `UCI_Chess960` a castling is the king taking its own rook (`e1h1`).
fn move_text(game: &Game, mv: Move, chess960: bool) -> String {
    match mv.unwalled() {
        Move::Castle { .. } if chess960 => uci_text(game.rules(), &mv, true),
        _ => crate::notation::move_name(game.position(), &mv),
    }
}

/// Plays a move named as [`move_text`] names it (with `UCI_Chess960`, the
/// variant's own castling notation is read too).
fn play_text(game: &mut Game, text: &str, chess960: bool) -> Result<(), Refusal> {
    let castling = chess960
        .then(|| {
            game.legal_moves().iter().copied().find(|&mv| {
                matches!(mv.unwalled(), Move::Castle { .. }) && move_text(game, mv, true) == text
            })
        })
        .flatten();
    match castling {
        Some(mv) => game.play(mv).map(drop),
        None => game.play_text(text).map(drop),
    }
}

/// UCI's `info` and `bestmove` lines.
struct UciAnnouncer {
    chess960: bool,
}

impl Announcer for UciAnnouncer {
    fn iteration(
        &self,
        game: &Game,
        choice: &Choice,
        line: &[Move],
        elapsed: Duration,
    ) -> Option<String> {
        let score = match choice.result_in_plies() {
            Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
            Some(plies) => format!("mate -{}", (-plies + 1) / 2),
            None => format!("cp {}", choice.score * 100 / crate::engine::PAWN),
        };
        let millis = elapsed.as_millis().max(1) as u64;
        Some(format!(
            "info depth {} score {score} nodes {} nps {} time {millis} pv {}",
            choice.depth,
            choice.nodes,
            choice.nodes * 1000 / millis,
            line_names(game, line, |g, mv| move_text(g, mv, self.chess960)).join(" ")
        ))
    }

    fn decision(&self, game: &Game, choice: Option<&Choice>) -> Vec<String> {
        vec![match choice {
            Some(choice) => format!("bestmove {}", move_text(game, choice.mv, self.chess960)),
            None => "bestmove (none)".to_string(),
        }]
    }
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
        self.say("option name UCI_Chess960 type check default false");
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
        self.searcher.stop();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.select(value),
            "uci_chess960" => match value {
                "true" => self.chess960 = true,
                "false" => self.chess960 = false,
                _ => self.say(&format!(
                    "info string UCI_Chess960 is `true` or `false`, not `{value}`"
                )),
            },
            "variantpath" => {
                for path in value
                    .split([';', ':'])
                    .filter(|p| !p.is_empty() && *p != "<empty>")
                {
                    match crate::text_file::read_text(path) {
                        Ok(text) => self.load(SourceFile::new(path, text)),
                        Err(e) => self.say(&format!("info string cannot read `{path}`: {e}")),
                    }
                }
            }
            _ => self.say(&format!("info string unknown option `{name}`")),
        }
    }

    /// Loads a variant file after those loaded so far; each error in it is
    /// an `info string` with its line and column, and its variants join the
    /// `UCI_Variant` combo.
    fn load(&mut self, file: Arc<SourceFile>) {
        let path = file.name.clone();
        let index = self.catalog.load(file);
        let report = &self.catalog.files[index];
        let mut lines = Vec::new();
        for d in report
            .diagnostics
            .iter()
            .chain(report.sections.iter().flat_map(|s| &s.diagnostics))
            .filter(|d| d.is_error())
        {
            let place = d
                .location
                .as_ref()
                .map_or_else(|| path.clone(), |l| l.to_string());
            lines.push(format!("info string {place}: {}", d.message));
        }
        let names: Vec<String> = report.sections.iter().map(|s| s.name.clone()).collect();
        for line in lines {
            self.say(&line);
        }
        self.say(&format!(
            "info string loaded {path}: {}",
            if names.is_empty() {
                "no variant".to_string()
            } else {
                names.join(", ")
            }
        ));
    }

    /// Selects a variant and says what it is, as Fairy-Stockfish does.
    fn select(&mut self, name: &str) {
        match playable(&self.catalog, name) {
            Ok((rules, start)) => {
                self.say(&format!(
                    "info string variant {name} files {} ranks {} pocket {} template fairy startpos {start}",
                    rules.files,
                    rules.ranks,
                    rules.pocket_size()
                ));
                self.searcher = Searcher::new(&rules);
                self.game = Game::new(rules.clone(), &start, 0).expect("its own start");
                self.rules = rules;
                self.start = start;
            }
            Err(why) => self.say(&format!("info string cannot play `{name}`: {why}")),
        }
    }

    fn position(&mut self, rest: &str) {
        self.searcher.stop();
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
            if let Err(e) = play_text(&mut game, text, self.chess960) {
                self.say(&format!("info string {e}; the moves after it are ignored"));
                break;
            }
        }
        self.game = game;
    }

    fn go(&mut self, rest: &str) {
        self.searcher.stop();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let number = |key: &str| -> Option<u64> {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        let seat = self.game.to_move().map_or(0, |s| s.index());
        let (time_word, inc_word) = clock_words(&self.rules, seat);
        let clock = number(&time_word).map(|left| {
            clock_share(
                left,
                number(&inc_word).unwrap_or(0),
                number("movestogo").or(number("moves_to_go")),
            )
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
        self.searcher.start(
            self.game.clone(),
            limits,
            infinite,
            self.out.clone(),
            UciAnnouncer {
                chess960: self.chess960,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With `UCI_Chess960`, castling is the king taking its rook, both
    /// ways; other moves are unchanged.
    #[test]
    fn chess960_names_castling_by_the_rook() {
        let catalog = Catalog::shipped();
        let (chess, _) = playable(&catalog, "chess").expect("shipped");
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let game = Game::new(chess, fen, 0).expect("a FEN");
        let names = |chess960| -> Vec<String> {
            let mut names: Vec<String> = game
                .legal_moves()
                .iter()
                .filter(|m| matches!(m, Move::Castle { .. }))
                .map(|&m| move_text(&game, m, chess960))
                .collect();
            names.sort();
            names
        };
        assert_eq!(names(false), ["e1c1", "e1g1"]);
        assert_eq!(names(true), ["e1a1", "e1h1"]);
        let mut castled = game.clone();
        play_text(&mut castled, "e1h1", true).expect("castling");
        assert!(
            castled.fen().starts_with("r3k2r/8/8/8/8/8/8/R4RK1 b kq"),
            "{}",
            castled.fen()
        );
        let mut rook_move = game.clone();
        play_text(&mut rook_move, "a1b1", true).expect("a rook move");
        let mut refused = game.clone();
        assert!(play_text(&mut refused, "e1h1", false).is_err());
    }

    #[test]
    fn each_seat_has_its_clock_word() {
        let catalog = Catalog::shipped();
        let (chess, _) = playable(&catalog, "chess").expect("shipped");
        assert_eq!(clock_words(&chess, 1), ("btime".into(), "binc".into()));
        let (teams, _) = playable(&catalog, "4pc-teams").expect("shipped");
        let words: Vec<String> = (0..4).map(|s| clock_words(&teams, s).0).collect();
        assert_eq!(words, ["rtime", "btime", "ytime", "gtime"]);
    }
}
