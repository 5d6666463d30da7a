//! Game records: PGN and PGN4 written ([`pgn`], [`pgn4`], from a table's
//! [`transcript`]), and read back: PGN (two players: SAN as Fairy-Stockfish,
//! XBoard and lichess write it, or coordinates) and PGN4 (four players, as
//! chess.com and [`pgn4`] write it), each game replayed through the rules
//! so that every move is checked legal and the result the rules reach is
//! compared with the one recorded.

use std::sync::Arc;

pub mod pgn;
pub mod pgn4;
pub mod transcript;

use crate::catalog::Catalog;
use crate::definition::keys::Key;
use crate::game::{Action, Game};
use crate::moves::Move;
use crate::notation::san::{san, san_among};
use crate::rules::{RuleTable, compile};
use pgn::result_token;

/// One word of movetext and the line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word (a move, or in PGN4 `R`, `T`, `S`).
    pub text: String,
    /// Its 1-based line in the file.
    pub line: usize,
}

/// One game of a record file: its tags and its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedGame {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The movetext's moves (comments, variations, move numbers and the
    /// result left out).
    pub words: Vec<Word>,
    /// The result written at the end of the movetext, if any.
    pub result: Option<String>,
    /// The 1-based line where the game starts.
    pub line: usize,
}

impl RecordedGame {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Whether the game is a PGN4 record (four players).
    pub fn is_pgn4(&self) -> bool {
        self.tag("StartFen4").is_some()
            || matches!(self.tag("Variant"), Some("Teams" | "FFA" | "Solo"))
    }
}

/// Why a record cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The file is not PGN: a tag or comment is not closed.
    #[error("line {line}: {why}")]
    Syntax {
        /// Where.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The game names a variant tetrarch does not have or cannot play.
    #[error("{0}")]
    Variant(String),
    /// The start position is not valid.
    #[error("the start position `{fen}` is not valid: {why}")]
    Start {
        /// The FEN or FEN4.
        fen: String,
        /// Why.
        why: String,
    },
    /// A move is not legal (or not a move) where it is played.
    #[error("line {line}, ply {ply}: `{word}` is not a legal move here{legal}")]
    Move {
        /// The line.
        line: usize,
        /// The ply (1-based).
        ply: usize,
        /// The word.
        word: String,
        /// The legal moves, for the message.
        legal: String,
    },
}

/// How to read a record.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Replay every game as this variant, whatever its tags say.
    pub variant: Option<String>,
    /// Ranks are numbered from 0 on boards of ten ranks, as XBoard writes
    /// them.
    pub xboard_ranks: bool,
}

/// A game replayed through the rules.
pub struct Replayed {
    /// The game after the last move.
    pub game: Game,
    /// The variant's name.
    pub variant: String,
    /// The moves played.
    pub plies: usize,
    /// The result the rules give, written as the record writes results
    /// (`1-0`, `*`, or PGN4's result text).
    pub result: String,
}

/// Reads the games of a PGN or PGN4 file.
pub fn read_games(text: &str) -> Result<Vec<RecordedGame>, RecordError> {
    let text = crate::text_file::strip_bom(text);
    let mut games = Vec::new();
    let mut game = RecordedGame::default();
    let mut in_moves = false;
    let mut chars = text.char_indices().peekable();
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    while let Some(&(at, c)) = chars.peek() {
        let line = line_of(at);
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '[' => {
                if in_moves || game.result.is_some() {
                    games.push(std::mem::take(&mut game));
                    in_moves = false;
                }
                if game.tags.is_empty() {
                    game.line = line;
                }
                chars.next();
                let (key, value) = read_tag(&mut chars).ok_or_else(|| RecordError::Syntax {
                    line,
                    why: "a tag is not closed: write `[Name \"value\"]`".into(),
                })?;
                game.tags.push((key, value));
            }
            '{' => {
                chars.find(|&(_, c)| c == '}').ok_or(RecordError::Syntax {
                    line,
                    why: "a `{` comment is not closed".into(),
                })?;
            }
            ';' | '%' => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                let mut depth = 0;
                loop {
                    match chars.next() {
                        Some((_, '(')) => depth += 1,
                        Some((_, ')')) => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        Some((_, '{')) => {
                            chars.find(|&(_, c)| c == '}');
                        }
                        Some(_) => {}
                        None => {
                            return Err(RecordError::Syntax {
                                line,
                                why: "a `(` variation is not closed".into(),
                            });
                        }
                    }
                }
            }
            _ => {
                let mut word = String::new();
                while let Some(&(_, c)) = chars.peek() {
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                if game.tags.is_empty() && !in_moves {
                    game.line = line;
                }
                in_moves = true;
                if word.is_empty() {
                    // A stray closing bracket.
                    chars.next();
                    continue;
                }
                if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = Some(word);
                    continue;
                }
                // Move numbers ("12.", "12...", "1.e4"), PGN4's `..`, NAGs.
                let word = match word.trim_start_matches(|c: char| c.is_ascii_digit()) {
                    rest if rest.starts_with('.') => rest.trim_start_matches('.'),
                    _ => word.as_str(),
                };
                if word.is_empty() || word.starts_with('$') {
                    continue;
                }
                game.words.push(Word {
                    text: word.to_string(),
                    line,
                });
            }
        }
    }
    if !game.tags.is_empty() || !game.words.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// Reads `Name "value"]` after the `[`.
fn read_tag(chars: &mut impl Iterator<Item = (usize, char)>) -> Option<(String, String)> {
    let mut key = String::new();
    let mut value = String::new();
    let mut in_value = false;
    let mut escaped = false;
    for (_, c) in chars {
        match c {
            '"' if in_value && !escaped => in_value = false,
            '"' if !in_value && value.is_empty() => in_value = true,
            '\\' if in_value && !escaped => escaped = true,
            ']' if !in_value => return Some((key.trim().to_string(), value)),
            '\n' if !in_value => return None,
            c if in_value => {
                value.push(c);
                escaped = false;
            }
            c => key.push(c),
        }
    }
    None
}

/// The variant a recorded game is played in.
fn variant_of(record: &RecordedGame, catalog: &Catalog, options: &ReadOptions) -> String {
    if let Some(name) = &options.variant {
        return name.clone();
    }
    if let Some(name) = record.tag("TetrarchVariant") {
        return name.to_string();
    }
    let tag = record.tag("Variant").unwrap_or("");
    if record.is_pgn4() {
        // The first four-player variant with chess.com's name for the
        // game, preferring one whose start is the record's.
        let candidates: Vec<(String, Arc<RuleTable>, String)> = catalog
            .names()
            .into_iter()
            .filter_map(|name| {
                let def = catalog.checked(name).ok()?;
                let rules = compile(def).ok()?;
                (rules.seats.len() == 4 && crate::record::pgn4::variant_tag(&rules) == tag).then(
                    || {
                        (
                            name.to_string(),
                            Arc::new(rules),
                            def.start_fen().to_string(),
                        )
                    },
                )
            })
            .collect();
        let start = record.tag("StartFen4");
        let named = |name: &str| {
            catalog.checked(name).is_ok_and(|def| {
                def.names(Key::StartNames)
                    .iter()
                    .any(|n| Some(n.as_str()) == start)
            })
        };
        return candidates
            .iter()
            .find(|(name, _, s)| Some(s.as_str()) == start || named(name))
            .or(candidates.first())
            .map_or_else(|| tag.to_string(), |(name, _, _)| name.clone());
    }
    if tag.is_empty() {
        return "chess".to_string();
    }
    named_in_records(catalog, tag).unwrap_or_else(|| tag.to_ascii_lowercase())
}

/// A variant's name as records write it, compared without case, spaces,
/// hyphens or underscores (`King of the Hill`, `kingofthehill`).
fn record_key(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The variant a record's `[Variant]` tag names: the one whose own
/// `recordNames` hold it, else the one whose name it is (both compared by
/// [`record_key`]).
fn named_in_records(catalog: &Catalog, tag: &str) -> Option<String> {
    let wanted = record_key(tag);
    let names = catalog.names();
    let listed = names.iter().find(|&&name| {
        let Some(def) = catalog.get(name) else {
            return false;
        };
        // A child shares its parent's setting until it sets the key.
        let inherited = def
            .parent
            .as_deref()
            .and_then(|p| catalog.get(p))
            .is_some_and(|p| {
                std::ptr::eq(p.setting(Key::RecordNames), def.setting(Key::RecordNames))
            });
        !inherited
            && def
                .names(Key::RecordNames)
                .iter()
                .any(|n| record_key(n) == wanted)
    });
    listed
        .or_else(|| names.iter().find(|&&name| record_key(name) == wanted))
        .map(|name| name.to_string())
}

/// Replays a recorded game through the rules, every move checked legal.
pub fn replay(
    record: &RecordedGame,
    catalog: &mut Catalog,
    options: &ReadOptions,
) -> Result<Replayed, RecordError> {
    let mut variant = variant_of(record, catalog, options);
    if record.is_pgn4()
        && options.variant.is_none()
        && let Some(switches) = record.tag("RuleVariants")
    {
        variant = with_rule_switches(catalog, &variant, switches)?;
    }
    let def = catalog
        .checked(&variant)
        .map_err(|e| RecordError::Variant(format!("variant `{variant}`: {e}")))?;
    let rules = Arc::new(
        compile(def).map_err(|e| RecordError::Variant(format!("variant `{variant}`: {e}")))?,
    );
    let start = match record.tag("FEN").or(record.tag("StartFen4")) {
        // A name instead of a position (chess.com's `4PC`).
        Some(name) if record.is_pgn4() && !name.contains('-') => {
            if !def.names(Key::StartNames).iter().any(|n| n == name) {
                return Err(RecordError::Start {
                    fen: name.to_string(),
                    why: format!("`{variant}` has no start of that name (`startNames`)"),
                });
            }
            def.start_fen().to_string()
        }
        Some(fen) => fen.to_string(),
        None => def.start_fen().to_string(),
    };
    let mut game = Game::new(rules.clone(), &start, 0).map_err(|e| RecordError::Start {
        fen: start.clone(),
        why: e.to_string(),
    })?;
    let mut plies = 0;
    for word in &record.words {
        let step = if record.is_pgn4() {
            play_pgn4_word(&mut game, &word.text)
        } else {
            play_pgn_word(&mut game, &word.text, options.xboard_ranks)
        };
        if !step {
            let mut legal: Vec<String> = game
                .legal_moves()
                .iter()
                .map(|&mv| written(&game, mv, record.is_pgn4()))
                .collect();
            legal.sort();
            return Err(RecordError::Move {
                line: word.line,
                ply: plies + 1,
                word: word.text.clone(),
                legal: if game.result().is_some() {
                    " (the game is already over)".to_string()
                } else if legal.is_empty() {
                    String::new()
                } else {
                    format!(" (legal: {})", legal.join(" "))
                },
            });
        }
        plies += 1;
    }
    let result = if record.is_pgn4() {
        pgn4_result(record, &game)
    } else {
        result_token(&game).to_string()
    };
    Ok(Replayed {
        game,
        variant,
        plies,
        result,
    })
}

/// The game's result as PGN4's `[Result]` writes it, with the record's
/// player names.
fn pgn4_result(record: &RecordedGame, game: &Game) -> String {
    let names: Vec<String> = ["Red", "Blue", "Yellow", "Green"]
        .iter()
        .map(|seat| record.tag(seat).unwrap_or(seat).to_string())
        .collect();
    let scores: Vec<i32> = crate::seat::Seat::all(game.rules().seats.len())
        .map(|s| game.score(s))
        .collect();
    crate::record::pgn4::result_tag(game.rules(), game.result(), &names, &scores)
}

/// A leaving the record does not write: chess.com writes `R` or `T` only
/// on its own line or on the leaver's move, so a player who resigns or
/// runs out of time after the last move written, outside its turn, leaves
/// no trace but the result. For a PGN4 record whose moves stop before the
/// end, the player still in whose leaving there ends the game with the
/// recorded result (per player), with the game it gives; `None` when no
/// single leaving does, and the result stays unexplained.
pub fn unwritten_leaving(
    record: &RecordedGame,
    replayed: &Replayed,
    recorded: &str,
) -> Option<(String, Game)> {
    if !record.is_pgn4() || replayed.game.result().is_some() {
        return None;
    }
    let seats = crate::seat::Seat::all(replayed.game.rules().seats.len());
    seats
        .filter(|&seat| !replayed.game.position().is_eliminated(seat))
        .find_map(|seat| {
            let mut game = replayed.game.clone();
            game.act(Action::Resign, Some(seat)).ok()?;
            (game.result().is_some() && same_result(recorded, &pgn4_result(record, &game)))
                .then(|| (game.seat_name(seat).to_string(), game))
        })
}

/// Whether a recorded result and the one the rules give agree: the same
/// text, or for PGN4's points (`name: 72 - name: 14 - …`) the same points
/// per player, in any order (chess.com does not list seats in turn order).
pub fn same_result(recorded: &str, ours: &str) -> bool {
    let points = |text: &str| -> Option<Vec<(String, String)>> {
        let mut pairs: Vec<(String, String)> = text
            .split(" - ")
            .map(|part| {
                let (name, value) = part.rsplit_once(": ")?;
                value
                    .trim()
                    .parse::<i64>()
                    .ok()
                    .map(|v| (name.trim().to_string(), v.to_string()))
            })
            .collect::<Option<_>>()?;
        pairs.sort();
        Some(pairs)
    };
    recorded == ours || matches!((points(recorded), points(ours)), (Some(a), Some(b)) if a == b)
}

/// The variant `base` as a record's chess.com rule switches
/// (`[RuleVariants]`) play it: `base` itself where they agree with it, else
/// a child section with the keys they set, loaded into `catalog` once.
fn with_rule_switches(
    catalog: &mut Catalog,
    base: &str,
    switches: &str,
) -> Result<String, RecordError> {
    let variant_error = |e: String| RecordError::Variant(format!("variant `{base}`: {e}"));
    let def = catalog
        .checked(base)
        .map_err(|e| variant_error(e.to_string()))?;
    let rules = compile(def).map_err(|e| variant_error(e.to_string()))?;
    let keys = crate::record::pgn4::switch_keys(&rules, switches).map_err(RecordError::Variant)?;
    if keys.is_empty() {
        return Ok(base.to_string());
    }
    // One child per set of keys, named after them.
    let name = format!(
        "{base}-as-{}",
        keys.iter()
            .map(|k| k.replace([' ', '='], ""))
            .collect::<Vec<_>>()
            .join("-")
    );
    if catalog.checked(&name).is_err() {
        let text = format!("[{name}:{base}]\n{}\n", keys.join("\n"));
        catalog.load(crate::source::SourceFile::new(
            format!("<RuleVariants \"{switches}\">"),
            text,
        ));
    }
    Ok(name)
}

/// A legal move as the record would write it (for messages).
fn written(game: &Game, mv: crate::moves::Move, pgn4: bool) -> String {
    if pgn4 {
        crate::notation::move_name(game.position(), &mv)
    } else {
        san(&mut game.position().clone(), mv)
    }
}

/// A SAN (or coordinate) word without its check and annotation marks,
/// castling with letters, and promotion without `=`.
fn plain(word: &str) -> String {
    word.trim_end_matches(['+', '#', '!', '?'])
        .replace("0-0", "O-O")
        .replace('=', "")
}

/// Plays a PGN word: SAN as the writers of two-player variants write it, or
/// coordinates. `false` when it names no legal move.
fn play_pgn_word(game: &mut Game, word: &str, xboard_ranks: bool) -> bool {
    let word = if xboard_ranks {
        crate::notation::xboard::from_xboard(word, game.rules().ranks)
    } else {
        word.to_string()
    };
    let wanted = plain(&word);
    let legal = game.legal_moves();
    let mut scratch = game.position().clone();
    let found = legal
        .iter()
        .copied()
        .find(|&mv| plain(&san_among(&mut scratch, mv, legal)) == wanted);
    match found.or_else(|| game.parse_move(&word).ok()) {
        Some(mv) => game.play(mv).is_ok(),
        None => false,
    }
}

/// Plays a PGN4 word: a move (`h2-h3`, `Qg1xQn8`, `O-O`, a walking king's
/// `Ka4-b5R`), or how a player left: `R` resigned, `T` timed out, `S`
/// stalemated (which the rules already did).
fn play_pgn4_word(game: &mut Game, word: &str) -> bool {
    match word.trim_end_matches(['+', '#']) {
        "R" => game.act(Action::Resign, None).is_ok(),
        "T" => game.act(Action::Timeout, None).is_ok(),
        "S" | "" => true,
        text => {
            // A letter after a move: the player left in that turn (`T`, `R`)
            // and its king made the move first (`Ke12-e13T`, `Kh12-g13R`,
            // `O-OT`), or the move is a walking king's (tetrarch's own
            // records before 2026-12).
            let Some(body) = text
                .strip_suffix(['R', 'T', 'S'])
                .map(|b| b.trim_end_matches(['+', '#']))
                .filter(|b| b.ends_with(|c: char| c.is_ascii_digit() || c == 'O'))
            else {
                return play_pgn4_move(game, text);
            };
            let Some(seat) = game.to_move() else {
                return false;
            };
            let walking = game.eliminated().contains(&seat);
            let action = match text.chars().last() {
                Some('T') => Some(Action::Timeout),
                Some('R') => Some(Action::Resign),
                _ => None,
            };
            // The leaving player's king's move, made while the army still
            // stands, in the turn it leaves.
            let Some(mv) = pgn4_move(game, body) else {
                return false;
            };
            match action {
                Some(action) if !walking => game.leave_with(action, mv).is_ok(),
                _ => game.play(mv).is_ok(),
            }
        }
    }
}

/// Plays a PGN4 move (see `pgn4_move`).
fn play_pgn4_move(game: &mut Game, text: &str) -> bool {
    pgn4_move(game, text).is_some_and(|mv| game.play(mv).is_ok())
}

/// Reads a PGN4 move: a record writes `x` for every capture and `-` for
/// every other move (castling apart), so the mark must fit the move.
fn pgn4_move(game: &Game, text: &str) -> Option<Move> {
    let mv = game.parse_move(text).ok()?;
    let marked = text.contains('x');
    let castles = text.starts_with('O');
    (castles || marked == game.position().is_capture(&mv)).then_some(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_comments_variations_and_numbers_are_read_around_the_moves() {
        let text = "[Event \"a \\\"quoted\\\" name\"]\n[Variant \"decima\"]\n\n\
                    1. e4 {a comment [with a bracket]} e5 (1... c5 (1... e6) 2. Nf3) 2.Nf3 $1 \
                    Nc6 ; the rest of the line\n3... a6 1-0\n\n[Event \"two\"]\n1. d4 *\n";
        let games = read_games(text).expect("valid PGN");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"quoted\" name"));
        let words: Vec<&str> = games[0].words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(words, ["e4", "e5", "Nf3", "Nc6", "a6"]);
        assert_eq!(games[0].words[4].line, 5);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].words.len(), 1);
        assert_eq!(games[1].result.as_deref(), Some("*"));
    }

    #[test]
    fn points_results_agree_per_player_in_any_order() {
        assert!(same_result(
            "b: 16 - y: 45 - r: 21 - g: 68",
            "r: 21 - g: 68 - y: 45 - b: 16"
        ));
        assert!(!same_result(
            "b: 16 - y: 45 - r: 21 - g: 68",
            "r: 41 - g: 48 - y: 45 - b: 16"
        ));
        assert!(same_result("1-0", "1-0"));
        assert!(!same_result("1-0", "0-1"));
    }

    #[test]
    fn unclosed_parts_are_refused_with_their_line() {
        assert_eq!(
            read_games("1. e4 {never closed").unwrap_err().to_string(),
            "line 1: a `{` comment is not closed"
        );
        assert_eq!(
            read_games("[Event \"x\"\n1. e4").unwrap_err().to_string(),
            "line 1: a tag is not closed: write `[Name \"value\"]`"
        );
    }

    #[test]
    fn an_illegal_move_is_named_with_its_line_and_the_legal_moves() {
        let mut catalog = Catalog::shipped();
        let games = read_games("1. e4 e5 2. Ke3 *").expect("valid PGN");
        let err = replay(&games[0], &mut catalog, &ReadOptions::default())
            .err()
            .expect("Ke3 is illegal");
        let text = err.to_string();
        assert!(
            text.starts_with("line 1, ply 3: `Ke3` is not a legal move here (legal: "),
            "{text}"
        );
        assert!(text.contains(" Ke2 "), "{text}");
    }

    /// Scholar's mate, with checks, a capture and a coordinate move mixed
    /// in, ends in the mate the record claims.
    #[test]
    fn a_game_replays_to_its_result() {
        let mut catalog = Catalog::shipped();
        let games =
            read_games("1. e4 e5 2. Bc4 Nc6 3. d1h5 Nf6?? 4. Qxf7# 1-0").expect("valid PGN");
        let replayed = replay(&games[0], &mut catalog, &ReadOptions::default()).expect("legal");
        assert_eq!(replayed.plies, 7);
        assert_eq!(replayed.result, "1-0");
        assert_eq!(replayed.variant, "chess");
    }
}
