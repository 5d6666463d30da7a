//! `tetrarch bench`: nodes per second on fixed perft positions, and the
//! ratio to Fairy-Stockfish measured on the same machine in the same run;
//! then random playouts through the adjudicator, against perft(1) on the
//! same positions.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Instant;

use super::Exit;
use super::output::{say, tell};
use crate::catalog::Catalog;
use crate::game::Game;
use crate::perft::perft;
use crate::position::Position;
use crate::rng::SplitMix64;

/// Fairy-Stockfish's Debian binary (`apt-get install fairy-stockfish`).
const FSF_BINARY: &str = "/usr/games/fairy-stockfish";

/// The benchmark positions: name, variant, FEN (empty: the variant's
/// start), depth, whether Fairy-Stockfish 11.1 can play it.
const POSITIONS: &[(&str, &str, &str, u32, bool)] = &[
    (
        "chess start",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        true,
    ),
    (
        "Kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        true,
    ),
    (
        "tetrarchy start",
        "tetrarchy",
        "+knb+kkbn+k/pppppppp/8/8/8/8/PPPPPPPP/+KNB+KKBN+K w - - 0 1",
        5,
        false,
    ),
    ("4pc-teams start", "4pc-teams", "", 5, false),
];

/// Runs the benchmark; `repeat` runs of each position, the best one counts.
pub fn run(repeat: u32) -> Result<(), Exit> {
    let catalog = Catalog::shipped();
    let fsf = Path::new(FSF_BINARY).exists();
    if !fsf {
        tell(format_args!(
            "note: {FSF_BINARY} not found (apt-get install fairy-stockfish); ratios are skipped"
        ));
    }
    say(format_args!(
        "{:<16} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "nodes", "tetrarch n/s", "FSF n/s", "ratio"
    ))?;
    for &(name, variant, fen, depth, fsf_can) in POSITIONS {
        let def = super::load::checked(&catalog, variant)?;
        let rules = super::load::compiled(def)?;
        let fen = if fen.is_empty() { def.start_fen() } else { fen };
        let parsed = Position::from_text(&rules, fen);
        let mut pos = match parsed {
            Ok(p) => p,
            Err(e) => {
                tell(format_args!("error: {e}"));
                return Err(Exit::InputWrong);
            }
        };
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..repeat.max(1) {
            let start = Instant::now();
            nodes = perft(&mut pos, depth);
            best = best.min(start.elapsed().as_secs_f64());
        }
        let ours = nodes as f64 / best;
        let theirs = if fsf && fsf_can {
            fsf_speed(fen, depth, repeat)
        } else {
            None
        };
        match theirs {
            Some(t) => say(format_args!(
                "{name:<16} {depth:>5} {nodes:>12} {ours:>14.0} {t:>14.0} {:>6.2}x",
                ours / t
            ))?,
            None => say(format_args!(
                "{name:<16} {depth:>5} {nodes:>12} {ours:>14.0} {:>14} {:>7}",
                "-", "-"
            ))?,
        }
    }
    playouts(&catalog, repeat)
}

/// The variants whose random playouts are timed.
const PLAYOUTS: &[&str] = &["chess", "4pc-ffa"];

/// Plies played per playout measurement.
const PLAYOUT_PLIES: u64 = 100_000;

/// The longest playout, in plies.
const PLAYOUT_LENGTH: u32 = 300;

/// Random games through [`Game`] with full adjudication (events, checks,
/// repetition, scores, eliminations), against perft's work on the same
/// positions: perft(1), the legal move count, of every position a playout
/// plays a move in. (Perft from the start position visits mostly opening
/// positions, which have fewer moves than the middlegames playouts reach.)
fn playouts(catalog: &Catalog, repeat: u32) -> Result<(), Exit> {
    say("")?;
    say(format_args!(
        "{:<16} {:>10} {:>12} {:>12} {:>15} {:>7}",
        "playouts", "games/s", "plies/s", "ns per ply", "perft(1) ns", "ratio"
    ))?;
    for &variant in PLAYOUTS {
        let def = super::load::checked(catalog, variant)?;
        let rules = Arc::new(super::load::compiled(def)?);
        let play = |perft_too: bool| -> Result<(f64, f64, u64, u64), Exit> {
            let mut rng = SplitMix64::new(1);
            let (mut games, mut plies, mut counting) = (0u64, 0u64, 0f64);
            let start = Instant::now();
            while plies < PLAYOUT_PLIES {
                let Ok(mut game) = Game::new(rules.clone(), def.start_fen(), games) else {
                    tell(format_args!(
                        "error: the start of {variant} is not a valid position"
                    ));
                    return Err(Exit::InputWrong);
                };
                for _ in 0..PLAYOUT_LENGTH {
                    if perft_too {
                        let mut pos = game.position().clone();
                        let timer = Instant::now();
                        perft(&mut pos, 1);
                        counting += timer.elapsed().as_secs_f64();
                    }
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    if game.play(mv).is_err() {
                        break;
                    }
                    plies += 1;
                }
                games += 1;
            }
            Ok((start.elapsed().as_secs_f64(), counting, games, plies))
        };
        let (mut best, mut perft_best, mut games, mut plies) = (f64::MAX, f64::MAX, 0, 0);
        for _ in 0..repeat.max(1) {
            let (seconds, _, g, p) = play(false)?;
            best = best.min(seconds);
            (games, plies) = (g, p);
            perft_best = perft_best.min(play(true)?.1);
        }
        let per_ply = best * 1e9 / plies as f64;
        let per_position = perft_best * 1e9 / plies as f64;
        say(format_args!(
            "{variant:<16} {:>10.0} {:>12.0} {per_ply:>12.0} {per_position:>15.0} {:>6.2}x",
            games as f64 / best,
            plies as f64 / best,
            per_ply / per_position
        ))?;
    }
    Ok(())
}

/// Fairy-Stockfish's best nodes per second on `go perft`, timed from the
/// command to its `Nodes searched` line.
fn fsf_speed(fen: &str, depth: u32, repeat: u32) -> Option<f64> {
    let mut child = Command::new(FSF_BINARY)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let mut stdout = BufReader::new(child.stdout.take()?);
    let mut line = String::new();
    writeln!(stdin, "uci\nisready").ok()?;
    loop {
        line.clear();
        if stdout.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line.trim() == "readyok" {
            break;
        }
    }
    let mut best: Option<f64> = None;
    for _ in 0..repeat.max(1) {
        writeln!(stdin, "position fen {fen}\ngo perft {depth}").ok()?;
        let start = Instant::now();
        let nodes: f64 = loop {
            line.clear();
            if stdout.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if let Some(n) = line.strip_prefix("Nodes searched:") {
                break n.trim().parse().ok()?;
            }
        };
        let speed = nodes / start.elapsed().as_secs_f64();
        best = Some(best.map_or(speed, |b: f64| b.max(speed)));
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    best
}
