//! The tetrarch side of the Fairy-Stockfish differential
//! (`tests/differential/fsf_differential.py` drives it): one process answers JSON lines
//! on stdin, one game at a time, so the driver compares tetrarch with
//! pyffish at every ply without starting a process per position.
//!
//! Requests:
//! - `{"cmd": "list"}`: the two-seat variants tetrarch can play, by name.
//! - `{"cmd": "new", "variant": V, "fen": F}`: starts a game (F optional).
//! - `{"cmd": "play", "move": M}`: plays a move in the current game.
//!
//! Every game answer describes the position reached: its FEN, legal moves
//! (UCI, sorted), whether the legal moves set up from the FEN alone are the
//! same, check, how the game ended if it did (the rule and its value for
//! the side to move: 1, 0 or -1), whether Fairy-Stockfish's optional
//! ends (n-move, n-fold) hold at its thresholds (a claim's where the
//! variant has one) with their value, and every legal move in SAN.
//!
//! `cargo build --profile ci --bins --examples && target/ci/examples/fsf_differential [--variants FILE]...`

use std::io::{BufRead, Write};
use std::sync::Arc;

use serde_json::{Value, json};
use tetrarch::catalog::Catalog;
use tetrarch::definition::value::GameValue;
use tetrarch::game::{EndRule, Game, Outcome};
use tetrarch::moves::MoveList;
use tetrarch::notation::move_name;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::source::SourceFile;

fn main() {
    let mut catalog = Catalog::shipped();
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match pair {
            [flag, path] if flag == "--variants" => {
                let text = std::fs::read_to_string(path)
                    .unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
                catalog.load(SourceFile::new(path.clone(), text));
            }
            _ => panic!("usage: fsf_differential [--variants FILE]..."),
        }
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut game: Option<Game> = None;
    for line in stdin.lock().lines() {
        let line = line.expect("a line of input");
        let request: Value = serde_json::from_str(&line).expect("a JSON request");
        let answer = match request["cmd"].as_str() {
            Some("list") => json!({ "variants": playable(&catalog) }),
            Some("new") => {
                let name = request["variant"].as_str().expect("a variant name");
                match start(&catalog, name, request["fen"].as_str()) {
                    Ok(g) => {
                        let answer = describe(&g);
                        game = Some(g);
                        answer
                    }
                    Err(why) => json!({ "error": why }),
                }
            }
            Some("play") => {
                let text = request["move"].as_str().expect("a move");
                match game.as_mut() {
                    None => json!({ "error": "no game" }),
                    Some(g) => match g.play_text(text) {
                        Ok(_) => describe(g),
                        Err(refusal) => json!({ "error": refusal.to_string() }),
                    },
                }
            }
            _ => json!({ "error": format!("unknown request {line}") }),
        };
        writeln!(out, "{answer}").expect("stdout");
        out.flush().expect("stdout");
    }
}

/// The two-seat sections that compile.
fn playable(catalog: &Catalog) -> Vec<String> {
    catalog
        .names()
        .into_iter()
        .filter(|name| {
            catalog
                .checked(name)
                .ok()
                .and_then(|def| compile(def).ok())
                .is_some_and(|rules| rules.seats.len() == 2)
        })
        .map(str::to_string)
        .collect()
}

fn start(catalog: &Catalog, name: &str, fen: Option<&str>) -> Result<Game, String> {
    let def = catalog.checked(name).map_err(|e| e.to_string())?;
    let rules = compile(def).map_err(|e| e.to_string())?;
    let fen = fen.unwrap_or(def.start_fen()).to_string();
    Game::new(Arc::new(rules), &fen, 0).map_err(|e| e.to_string())
}

/// A game value for one side as 1, 0 or -1.
fn sign(value: GameValue) -> i32 {
    match value {
        GameValue::Win => 1,
        GameValue::Loss => -1,
        GameValue::Draw | GameValue::None => 0,
    }
}

fn describe(game: &Game) -> Value {
    let pos = game.position();
    let us = pos.to_move();
    let legal: Vec<String> = {
        let mut names: Vec<String> = game
            .legal_moves()
            .iter()
            .map(|m| move_name(pos, m))
            .collect();
        names.sort();
        names
    };
    let fen = game.fen();
    // The same position set up from its FEN alone must have the same moves.
    let from_fen = {
        let mut fresh =
            Position::from_text(Arc::new(pos.rules().clone()), &fen).map_err(|e| e.to_string());
        match fresh.as_mut() {
            Ok(p) => {
                let mut list = MoveList::default();
                p.legal_moves(&mut list);
                let mut names: Vec<String> =
                    list.as_slice().iter().map(|m| move_name(p, m)).collect();
                names.sort();
                json!(names)
            }
            Err(e) => json!(e),
        }
    };
    // Sittuyin's stalemate by promotion is one of its optional ends too.
    let promotion_stalemate = {
        let mut scratch = pos.clone();
        let mut list = MoveList::default();
        scratch.legal_moves(&mut list);
        pos.promotion_stalemate(list.as_slice())
    };
    let end = game.result().map(|r| {
        let value = match &r.outcome {
            Outcome::Win { winners } if winners.contains(&us) => 1,
            Outcome::Win { .. } => -1,
            Outcome::Draw | Outcome::Aborted => 0,
        };
        // Two passes in a row end the game at once (rule `stalemate` where
        // only a stalemate lets a side pass).
        let kind = match r.rule {
            _ if pos.immediate_end().is_some() => "immediate",
            EndRule::Stalemate if promotion_stalemate => "optional",
            EndRule::Checkmate | EndRule::Stalemate => "no-moves",
            EndRule::Repetition | EndRule::NMove => "optional",
            EndRule::InsufficientMaterial => "tetrarch-only",
            _ => "immediate",
        };
        json!({ "kind": kind, "rule": r.rule.name(), "value": value })
    });
    let adj = &pos.rules().adjudication;
    let threshold = |claim: u32, rule: u32| if claim > 0 { claim } else { rule };
    let n_move = threshold(adj.n_move_claim, adj.n_move);
    let n_fold = threshold(adj.n_fold_claim, adj.n_fold);
    let in_check = pos.checked(us);
    let stuck = game
        .result()
        .is_some_and(|r| matches!(r.rule, EndRule::Checkmate | EndRule::Stalemate))
        || (game.result().is_none() && game.legal_moves().is_empty());
    // A count run past its limit (`countingRule`) is such an end too.
    let n_move_holds = (n_move > 0 && game.n_move_count() >= n_move + game.check_extension()
        || pos.count_exceeded())
        && !(in_check && stuck);
    let n_fold_holds = n_fold > 0 && game.repetitions() >= n_fold;
    // A draw counted by material is White's value, seen from the side to move.
    let counted = game.material_count_value().map(|v| {
        let value = sign(v);
        if us.index() == 1 { -value } else { value }
    });
    let optional_value = if n_move_holds || promotion_stalemate && !n_fold_holds {
        counted.unwrap_or(0)
    } else if let Some(value) = game.repetition_value() {
        // Perpetual check or chasing decides, for the side to move.
        match value {
            GameValue::Draw => counted.unwrap_or(0),
            value => sign(value),
        }
    } else {
        let value = sign(adj.n_fold_value);
        let value = if adj.n_fold_absolute && us.index() == 1 {
            -value
        } else {
            value
        };
        if value == 0 {
            counted.unwrap_or(0)
        } else {
            value
        }
    };
    // Every legal move in SAN, as a PGN writes it.
    let san: serde_json::Map<String, Value> = {
        let mut scratch = pos.clone();
        let legal = game.legal_moves();
        legal
            .iter()
            .map(|&m| {
                (
                    move_name(pos, &m),
                    json!(tetrarch::notation::san::san_among(&mut scratch, m, legal)),
                )
            })
            .collect()
    };
    json!({
        "fen": fen,
        "legal": legal,
        "san": san,
        "legal_from_fen": from_fen,
        "in_check": in_check,
        "end": end,
        "optional": { "holds": n_move_holds || n_fold_holds || promotion_stalemate, "value": optional_value },
    })
}
