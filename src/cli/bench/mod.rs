//! `tetrarch bench`: perft speed in nodes per CPU second on fixed
//! positions (or, with `--corpus`, on every supported variant of a perft
//! file), side by side with any Fairy-Stockfish binaries given, run in the
//! same process run, repetitions paired, medians reported; then random
//! playouts through the adjudicator, against perft(1) on the same
//! positions.

mod reference;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::Exit;
use super::output::{say, tell};
use crate::catalog::{Catalog, SHIPPED};
use crate::cpu_time as cpu;
use crate::game::Game;
use crate::perft::{PerftRecord, perft, read_perft_records};
use crate::position::Position;
use crate::rng::SplitMix64;
use reference::Reference;

/// Fairy-Stockfish's Debian binary (`apt-get install fairy-stockfish`),
/// the reference when no `--fsf` is given.
const DEBIAN_FSF: &str = "/usr/games/fairy-stockfish";

/// The benchmark positions: name, variant, FEN (empty: the variant's
/// start), depth: issue 13's workloads (chess perft 6, Kiwipete perft 5,
/// Tetrarchy perft 6, 4pc-teams perft 6) and issue 10's crazyhouse
/// perft 5, each about a second of tetrarch's time or less.
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    (
        "chess start",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "Kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    (
        "tetrarchy start",
        "tetrarchy",
        "+knb+kkbn+k/pppppppp/8/8/8/8/PPPPPPPP/+KNB+KKBN+K w - - 0 1",
        6,
    ),
    ("crazyhouse start", "crazyhouse", "", 5),
    ("4pc-teams start", "4pc-teams", "", 6),
];

/// The node counts a `--corpus` workload aims between.
const CORPUS_NODES: (u64, u64) = (1_000_000, 5_000_000);

/// Fewer nodes than this take too little time to compare.
const MIN_TIMED_NODES: u64 = 100_000;

/// The fewest nodes one timed sample counts: a smaller tree is counted
/// several times in a row per sample, by every engine alike, so that a
/// sample of a few milliseconds does not carry the machine's noise.
const MIN_SAMPLE_NODES: u64 = 1_000_000;

/// What `tetrarch bench` measures.
pub struct BenchArgs<'a> {
    /// Paired repetitions; the median counts.
    pub repeat: u32,
    /// Fairy-Stockfish binaries to compare with (Debian's when none).
    pub fsf: &'a [PathBuf],
    /// A perft file whose supported variants are all timed.
    pub corpus: Option<&'a Path>,
    /// Variant files, loaded after the shipped ones by tetrarch and given
    /// to Fairy-Stockfish as `VariantPath`.
    pub variants: &'a [PathBuf],
}

/// One workload.
struct Workload {
    name: String,
    variant: String,
    fen: String,
    depth: u32,
    /// The count the reference data gives, when it gives one.
    expected: Option<u64>,
}

/// Runs the benchmark.
pub fn run(args: &BenchArgs) -> Result<(), Exit> {
    let catalog = super::load::load_catalog(args.variants)?;
    let binaries: Vec<PathBuf> = if args.fsf.is_empty() && Path::new(DEBIAN_FSF).exists() {
        vec![PathBuf::from(DEBIAN_FSF)]
    } else {
        args.fsf.to_vec()
    };
    // Fairy-Stockfish reads the shipped two-player variants from a file.
    let shipped = std::env::temp_dir().join(format!("tetrarch-bench-{}.ini", std::process::id()));
    let text: String = SHIPPED
        .iter()
        .map(|(_, text)| format!("{text}\n"))
        .collect();
    if let Err(e) = std::fs::write(&shipped, text) {
        tell(format_args!(
            "error: cannot write `{}`: {e}",
            shipped.display()
        ));
        return Err(Exit::Usage);
    }
    let mut files = vec![shipped.clone()];
    files.extend(args.variants.iter().cloned());
    let mut references = Vec::new();
    for path in &binaries {
        match Reference::start(path, &files) {
            Ok(engine) => references.push(engine),
            Err(why) => {
                tell(format_args!("error: {why}"));
                let _ = std::fs::remove_file(&shipped);
                return Err(Exit::Usage);
            }
        }
    }
    if references.is_empty() {
        tell(format_args!(
            "note: no Fairy-Stockfish to compare with ({DEBIAN_FSF} is not installed; give one \
             with --fsf PATH): ratios are skipped"
        ));
    }
    let workloads = match args.corpus {
        None => fixed_workloads(&catalog)?,
        Some(path) => corpus_workloads(&catalog, path)?,
    };
    let outcome = time_workloads(&catalog, &workloads, &mut references, args.repeat);
    let _ = std::fs::remove_file(&shipped);
    outcome?;
    if args.corpus.is_none() {
        playouts(&catalog, args.repeat)?;
    }
    Ok(())
}

fn fixed_workloads(catalog: &Catalog) -> Result<Vec<Workload>, Exit> {
    POSITIONS
        .iter()
        .map(|&(name, variant, fen, depth)| {
            let def = super::load::checked(catalog, variant)?;
            Ok(Workload {
                name: name.to_string(),
                variant: variant.to_string(),
                fen: if fen.is_empty() { def.start_fen() } else { fen }.to_string(),
                depth,
                expected: None,
            })
        })
        .collect()
}

/// One workload per variant of the perft file that tetrarch plays: the
/// position of its first record, at the depth [`corpus_depth`] picks.
fn corpus_workloads(catalog: &Catalog, path: &Path) -> Result<Vec<Workload>, Exit> {
    let text = crate::text_file::read_text(path).map_err(|e| {
        tell(format_args!("error: cannot read `{}`: {e}", path.display()));
        Exit::Usage
    })?;
    let records = read_perft_records(&text).map_err(|e| {
        tell(format_args!("error: {}: {e}", path.display()));
        Exit::InputWrong
    })?;
    let mut workloads: Vec<Workload> = Vec::new();
    let mut unsupported: Vec<&str> = Vec::new();
    for record in &records {
        if workloads.iter().any(|w| w.variant == record.variant)
            || unsupported.contains(&record.variant.as_str())
            || record.counts.is_empty()
        {
            continue;
        }
        let playable = catalog
            .checked(&record.variant)
            .ok()
            .and_then(|def| crate::rules::compile(def).ok());
        if playable.is_none() {
            unsupported.push(&record.variant);
            continue;
        }
        let (depth, expected) = corpus_depth(record);
        workloads.push(Workload {
            name: record.variant.clone(),
            variant: record.variant.clone(),
            fen: record.fen.clone(),
            depth,
            expected,
        });
    }
    if unsupported.is_empty() {
        tell(format_args!(
            "note: {} variants timed; tetrarch plays them all",
            workloads.len()
        ));
    } else {
        tell(format_args!(
            "note: {} variants timed; {} not played by tetrarch: {}",
            workloads.len(),
            unsupported.len(),
            unsupported.join(", ")
        ));
    }
    Ok(workloads)
}

/// The depth to time a record at, and the file's count there when it has
/// one: the deepest count within [`CORPUS_NODES`]; else the smallest above
/// it when that is at most ten times the ceiling; else, when every count is
/// below the floor, deeper than the file goes, at the depth the last
/// branching factor says reaches the floor (counts there are checked
/// between the engines only).
fn corpus_depth(record: &PerftRecord) -> (u32, Option<u64>) {
    let (low, high) = CORPUS_NODES;
    let counts = &record.counts;
    if let Some(&(depth, nodes)) = counts
        .iter()
        .filter(|&&(_, n)| (low..=high).contains(&n))
        .max_by_key(|&&(d, _)| d)
        .or_else(|| {
            counts
                .iter()
                .filter(|&&(_, n)| n > high && n <= 10 * high)
                .min_by_key(|&&(_, n)| n)
        })
    {
        return (depth, Some(nodes));
    }
    let &(mut depth, mut nodes) = counts.iter().max_by_key(|&&(d, _)| d).expect("a count");
    if nodes >= low {
        // Every count is far above the ceiling: the shallowest.
        let &(d, n) = counts.iter().min_by_key(|&&(d, _)| d).expect("a count");
        return (d, Some(n));
    }
    let previous = counts
        .iter()
        .find(|&&(d, _)| d + 1 == depth)
        .map_or(1, |&(_, n)| n.max(1));
    let branching = (nodes / previous).clamp(2, 1_000);
    let deepest = depth;
    while nodes < low && depth < deepest + 3 {
        nodes = nodes.saturating_mul(branching);
        depth += 1;
    }
    (depth, (depth == deepest).then_some(nodes))
}

/// Times every workload: tetrarch, then each reference, `repeat` times in
/// turn; prints a line per workload and, with references, the ratios'
/// minimum and median.
fn time_workloads(
    catalog: &Catalog,
    workloads: &[Workload],
    references: &mut [Reference],
    repeat: u32,
) -> Result<(), Exit> {
    for (i, r) in references.iter().enumerate() {
        say(format_args!(
            "FSF {}: {} ({})",
            i + 1,
            r.name,
            r.path.display()
        ))?;
    }
    say(
        "speeds in million nodes per CPU second, medians of the runs; ratios: medians of the paired runs' ratios",
    )?;
    let mut header = format!(
        "{:<20} {:>5} {:>11} {:>13}",
        "workload", "depth", "nodes", "tetrarch M/s"
    );
    for i in 0..references.len() {
        header += &format!(" {:>13} {:>7}", format!("FSF {} M/s", i + 1), "ratio");
    }
    say(format_args!("{header}"))?;
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); references.len()];
    for w in workloads {
        let def = super::load::checked(catalog, &w.variant)?;
        let rules = super::load::compiled(def)?;
        let mut pos = match Position::from_text(&rules, &w.fen) {
            Ok(p) => p,
            Err(e) => {
                tell(format_args!("error: {}: {e}", w.name));
                return Err(Exit::InputWrong);
            }
        };
        let mut ours = Vec::new();
        let mut theirs: Vec<Result<Vec<Duration>, String>> = vec![Ok(Vec::new()); references.len()];
        // A run counted before the timed ones gives the count, and so how
        // many perfts in a row make one sample of a small tree.
        let nodes = perft(&mut pos, w.depth);
        let runs = MIN_SAMPLE_NODES
            .div_ceil(nodes.max(1))
            .clamp(1, u64::from(u32::MAX)) as u32;
        for _ in 0..repeat.max(1) {
            let (cpu_before, wall) = (cpu::this_thread(), Instant::now());
            for _ in 0..runs {
                perft(&mut pos, w.depth);
            }
            let spent = match (cpu_before, cpu::this_thread()) {
                (Some(before), Some(after)) => after.saturating_sub(before),
                _ => wall.elapsed(),
            };
            ours.push(spent / runs);
            for (engine, times) in references.iter_mut().zip(theirs.iter_mut()) {
                if times.is_err() {
                    continue;
                }
                let mut spent = Duration::ZERO;
                for _ in 0..runs {
                    match engine.perft(&w.variant, &w.fen, w.depth) {
                        Ok(t) if t.nodes == nodes => spent += t.time,
                        Ok(t) => {
                            *times = Err(format!("counts {} (tetrarch {nodes})", t.nodes));
                            break;
                        }
                        Err(why) => {
                            *times = Err(why);
                            break;
                        }
                    }
                }
                if let Ok(list) = times {
                    list.push(spent / runs);
                }
            }
        }
        if w.expected.is_some_and(|e| e != nodes) {
            tell(format_args!(
                "error: {}: tetrarch counts {nodes} at depth {}, the reference data {}",
                w.name,
                w.depth,
                w.expected.unwrap_or_default()
            ));
            return Err(Exit::InputWrong);
        }
        if nodes < MIN_TIMED_NODES {
            say(format_args!(
                "{:<20} {:>5} {nodes:>11} (too few nodes to time: the game tree is small)",
                w.name, w.depth
            ))?;
            continue;
        }
        let speed = |times: &[Duration]| nodes as f64 / median(times).as_secs_f64().max(1e-9) / 1e6;
        let mut line = format!(
            "{:<20} {:>5} {nodes:>11} {:>13.2}",
            w.name,
            w.depth,
            speed(&ours)
        );
        for (i, times) in theirs.iter().enumerate() {
            match times {
                Ok(times) => {
                    let ratio = paired_ratio(&ours, times);
                    ratios[i].push(ratio);
                    line += &format!(" {:>13.2} {ratio:>6.2}x", speed(times));
                }
                Err(why) => {
                    line += &format!(" {:>13} {:>7}", "-", "-");
                    tell(format_args!("note: {}: {why}", w.name));
                }
            }
        }
        say(format_args!("{line}"))?;
    }
    for (i, (engine, list)) in references.iter().zip(&mut ratios).enumerate() {
        if list.is_empty() {
            continue;
        }
        list.sort_by(f64::total_cmp);
        say(format_args!(
            "against FSF {} ({}): {} workloads, ratio minimum {:.2}x, median {:.2}x",
            i + 1,
            engine.name,
            list.len(),
            list[0],
            list[list.len() / 2]
        ))?;
    }
    Ok(())
}

/// How many times faster tetrarch was than a reference: the median, over
/// the repetitions, of the reference's time over tetrarch's in the same
/// repetition (the upper one of an even count). Each pair ran within a
/// fraction of a second, so a slow spell of the machine that lasts
/// seconds slows both of a pair alike and leaves its ratio, where a ratio
/// of medians would compare runs from different spells.
fn paired_ratio(ours: &[Duration], theirs: &[Duration]) -> f64 {
    let mut ratios: Vec<f64> = ours
        .iter()
        .zip(theirs)
        .map(|(o, t)| t.as_secs_f64() / o.as_secs_f64().max(1e-9))
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios.get(ratios.len() / 2).copied().unwrap_or_default()
}

/// The median of some durations (the upper one of an even count).
fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(list: &[u64]) -> Vec<Duration> {
        list.iter().map(|&s| Duration::from_secs(s)).collect()
    }

    #[test]
    fn the_ratio_is_the_median_of_the_pairs_ratios() {
        // Pairs 3/1, 4/2 and 50/10: ratios 3, 2 and 5, median 3 (the
        // medians' ratio, 4/2, would say 2).
        assert_eq!(paired_ratio(&secs(&[1, 2, 10]), &secs(&[3, 4, 50])), 3.0);
        // Of an even count, the upper one: ratios 1, 2, 3, 4.
        assert_eq!(
            paired_ratio(&secs(&[1, 1, 1, 1]), &secs(&[4, 1, 3, 2])),
            3.0
        );
    }
}
