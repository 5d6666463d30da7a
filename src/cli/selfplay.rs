//! `tetrarch selfplay`: bots (or random movers) play each other, and the
//! results per seat tell an author whether a variant is balanced.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use indicatif::{ProgressBar, ProgressStyle};

use super::Exit;
use super::load::{checked, compiled, load_catalog};
use super::output::{say, tell};
use super::seats::read_seats;
use crate::engine::{Bot, Player, machine_move};
use crate::game::{Game, GameResult, Outcome};
use crate::rng::SplitMix64;
use crate::rules::RuleTable;
use crate::seat::Seat;
use crate::shuffle::{Shuffle, shuffled_start};

/// What `tetrarch selfplay` was asked.
pub struct SelfplayArgs<'a> {
    /// The variant's name.
    pub variant: &'a str,
    /// How many games.
    pub games: u32,
    /// `SEAT=bot[:LEVEL]|random` specs.
    pub seats: &'a [String],
    /// Games played at once.
    pub jobs: usize,
    /// The start position, if not the variant's.
    pub fen: Option<&'a str>,
    /// A shuffled start (Chess960) for each game, if asked.
    pub start: Option<Shuffle>,
    /// A game not over after this many plies counts as unfinished.
    pub max_plies: u32,
    /// Game `g` plays with seed `seed + g`.
    pub seed: u64,
    /// Extra variant files.
    pub variants: &'a [PathBuf],
}

/// One game's end.
struct Record {
    result: Option<GameResult>,
    plies: u32,
    scores: Vec<i32>,
}

/// Plays the games and prints the results per seat.
pub fn run(args: SelfplayArgs<'_>) -> Result<(), Exit> {
    let catalog = load_catalog(args.variants)?;
    let def = checked(&catalog, args.variant)?;
    let rules = Arc::new(compiled(def)?);
    let players = read_seats(&rules, args.seats, Player::Bot(2))?;
    if let Some(seat) = players.iter().position(|p| *p == Player::Human) {
        tell(format_args!(
            "error: selfplay has no people at the table; `{}` is human (use `tetrarch play`)",
            rules.seats[seat].name
        ));
        return Err(Exit::Usage);
    }
    if args.games == 0 || args.jobs == 0 {
        tell("error: --games and --jobs must be at least 1");
        return Err(Exit::Usage);
    }
    // Each game's start: a shuffled one is drawn anew by the game's seed.
    let mut starts = Vec::new();
    for g in 0..args.games {
        let start = match args.start {
            Some(shuffle) => {
                let seed = args.seed.wrapping_add(u64::from(g));
                shuffled_start(def, shuffle.reseeded(seed)).map_err(|e| {
                    tell(format_args!("error: {e}"));
                    Exit::Usage
                })?
            }
            None => args.fen.unwrap_or(def.start_fen()).to_string(),
        };
        if let Err(e) = Game::new(rules.clone(), &start, 0) {
            tell(format_args!("error: the start position: {e}"));
            return Err(Exit::InputWrong);
        }
        starts.push(start);
    }
    let progress = ProgressBar::new(u64::from(args.games));
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} ({eta} left)")
            .expect("a valid template"),
    );
    let next = AtomicU32::new(0);
    let records: Mutex<BTreeMap<u32, Record>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.min(args.games as usize) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= args.games {
                        break;
                    }
                    let record = play_one(
                        &rules,
                        &starts[g as usize],
                        &players,
                        args.seed.wrapping_add(u64::from(g)),
                        args.max_plies,
                    );
                    records
                        .lock()
                        .expect("no thread panics holding it")
                        .insert(g, record);
                    progress.inc(1);
                }
            });
        }
    });
    progress.finish_and_clear();
    let records = records.into_inner().expect("no thread panicked");
    say(report(&rules, &players, &args, records.values()))
}

/// Plays one game to its end or `max_plies`.
fn play_one(
    rules: &Arc<RuleTable>,
    start: &str,
    players: &[Player],
    seed: u64,
    max_plies: u32,
) -> Record {
    let mut game = Game::new(rules.clone(), start, seed).expect("the start was checked");
    let mut bots: Vec<Bot> = (0..players.len())
        .map(|s| Bot::new(rules, seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect();
    let mut rng = SplitMix64::new(seed ^ 0x9E37_79B9);
    let mut plies = 0;
    while plies < max_plies {
        let Some(seat) = game.to_move() else {
            break;
        };
        plies += 1;
        let played = if game.position().is_eliminated(seat) {
            game.play_auto()
        } else {
            let player = players[seat.index()];
            match machine_move(player, &mut bots[seat.index()], &mut rng, &game, None) {
                Some(mv) => game.play(mv),
                None => break,
            }
        };
        if played.is_err() {
            break;
        }
    }
    Record {
        result: game.result().cloned(),
        plies,
        scores: Seat::all(players.len()).map(|s| game.score(s)).collect(),
    }
}

/// The table of results.
fn report<'r>(
    rules: &RuleTable,
    players: &[Player],
    args: &SelfplayArgs<'_>,
    records: impl Iterator<Item = &'r Record> + Clone,
) -> String {
    let n = players.len();
    let (mut wins, mut draws, mut losses, mut points) =
        (vec![0; n], vec![0; n], vec![0; n], vec![0i64; n]);
    let (mut finished, mut unfinished, mut aborted, mut plies) = (0, 0, 0, 0u64);
    let mut rules_seen: BTreeMap<&'static str, u32> = BTreeMap::new();
    for record in records.clone() {
        plies += u64::from(record.plies);
        for (s, score) in record.scores.iter().enumerate() {
            points[s] += i64::from(*score);
        }
        let Some(result) = &record.result else {
            unfinished += 1;
            continue;
        };
        *rules_seen.entry(result.rule.name()).or_default() += 1;
        match &result.outcome {
            Outcome::Win { winners } => {
                finished += 1;
                for s in 0..n {
                    if winners.iter().any(|w| w.index() == s) {
                        wins[s] += 1;
                    } else {
                        losses[s] += 1;
                    }
                }
            }
            Outcome::Draw => {
                finished += 1;
                for d in draws.iter_mut() {
                    *d += 1;
                }
            }
            Outcome::Aborted => aborted += 1,
        }
    }
    let games = records.count().max(1) as f64;
    let seats: Vec<String> = (0..n)
        .map(|s| format!("{} {}", rules.seats[s].name, players[s]))
        .collect();
    let mut out = format!(
        "{}, {} games (seeds {} to {}): {}\n",
        rules.name,
        args.games,
        args.seed,
        args.seed.wrapping_add(u64::from(args.games) - 1),
        seats.join(", ")
    );
    let width = rules
        .seats
        .iter()
        .map(|s| s.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    out += &format!(
        "{:width$}  {:8}  {:>5}  {:>5}  {:>6}  {:>11}\n",
        "seat", "player", "wins", "draws", "losses", "mean points"
    );
    for s in 0..n {
        out += &format!(
            "{:width$}  {:8}  {:>5}  {:>5}  {:>6}  {:>11.1}\n",
            rules.seats[s].name,
            players[s].to_string(),
            wins[s],
            draws[s],
            losses[s],
            points[s] as f64 / games
        );
    }
    out += &format!(
        "games: {finished} finished, {aborted} aborted, {unfinished} unfinished after {} plies; mean length {:.1} plies\n",
        args.max_plies,
        plies as f64 / games
    );
    let ended: Vec<String> = rules_seen
        .iter()
        .map(|(rule, count)| format!("{rule} {count}"))
        .collect();
    out += &format!(
        "ended by: {}",
        if ended.is_empty() {
            "-".to_string()
        } else {
            ended.join(", ")
        }
    );
    out
}
