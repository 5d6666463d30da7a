//! Chess perft against cozy-chess, the fastest chess-only Rust move
//! generator: `cargo bench --bench versus_cozy`. Both count the same
//! positions with bulk counting at the last ply; each run is timed by the
//! thread's CPU time, tetrarch and cozy-chess alternate, and the median of
//! seven runs counts. The counts must agree.

use std::time::{Duration, Instant};

use cozy_chess::Board;
use tetrarch::catalog::Catalog;
use tetrarch::cpu_time;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::compile;

/// Name, FEN, depth: issue 13's workloads, chess perft 6 and Kiwipete
/// perft 5 (about a second each for tetrarch, long beside the machine's
/// noise).
const POSITIONS: &[(&str, &str, u32)] = &[
    (
        "chess start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

const RUNS: usize = 7;

/// cozy-chess's perft, counting the last ply in bulk.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Runs `f` and returns its result and the CPU time it took (wall time
/// where the system does not report CPU time).
fn timed(f: impl FnOnce() -> u64) -> (u64, Duration) {
    let (cpu, wall) = (cpu_time::this_thread(), Instant::now());
    let nodes = f();
    let time = match (cpu, cpu_time::this_thread()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => wall.elapsed(),
    };
    (nodes, time)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let catalog = Catalog::shipped();
    let chess = catalog.checked("chess").expect("shipped");
    let rules = compile(chess).expect("chess compiles");
    println!(
        "{:<12} {:>5} {:>10} {:>14} {:>16} {:>22}",
        "position", "depth", "nodes", "tetrarch M/s", "cozy-chess M/s", "cozy-chess ÷ tetrarch"
    );
    for &(name, fen, depth) in POSITIONS {
        let mut pos = Position::from_text(&rules, fen).expect("a valid FEN");
        let board: Board = fen.parse().expect("cozy-chess reads it");
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let mut nodes = 0;
        for _ in 0..RUNS {
            let (n, t) = timed(|| perft(&mut pos, depth));
            let (m, u) = timed(|| cozy_perft(&board, depth));
            assert_eq!(n, m, "{name}: tetrarch and cozy-chess disagree");
            nodes = n;
            ours.push(t);
            theirs.push(u);
        }
        let speed = |t: Duration| nodes as f64 / t.as_secs_f64() / 1e6;
        let (ours, theirs) = (speed(median(ours)), speed(median(theirs)));
        println!(
            "{name:<12} {depth:>5} {nodes:>10} {ours:>14.1} {theirs:>16.1} {:>21.2}x",
            theirs / ours
        );
    }
}
