//! Measures how well the bot keeps a time budget: from a variant's start,
//! it chooses six moves in a row with `Limits { time: BUDGET }` and prints
//! the wall time, depth and nodes of each choice.
//!
//! `cargo run --release --example bot_budget -- [VARIANT] [MILLISECONDS]`
//! (chess and 1,000 by default).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tetrarch::catalog::Catalog;
use tetrarch::engine::{Bot, Limits};
use tetrarch::game::Game;
use tetrarch::rules::compile;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "chess".into());
    let millis: u64 = match args.next().map(|a| a.parse()) {
        None => 1_000,
        Some(Ok(m)) => m,
        Some(Err(e)) => {
            eprintln!("error: the budget must be a number of milliseconds: {e}");
            std::process::exit(2);
        }
    };
    let catalog = Catalog::shipped();
    let Ok(def) = catalog.checked(&variant) else {
        eprintln!("error: no shipped variant `{variant}`");
        std::process::exit(2);
    };
    let rules = Arc::new(compile(def).expect("shipped variants compile"));
    let mut game = Game::new(rules.clone(), def.start_fen(), 0).expect("its own start");
    let mut bot = Bot::new(&rules, 1);
    let limits = Limits {
        depth: 64,
        nodes: None,
        time: Some(Duration::from_millis(millis)),
    };
    for _ in 0..6 {
        let started = Instant::now();
        let Some(choice) = bot.choose(&game, limits) else {
            break;
        };
        let took = started.elapsed();
        println!(
            "{:>8.3} s  depth {:>2}  {:>9} nodes  {}",
            took.as_secs_f64(),
            choice.depth,
            choice.nodes,
            tetrarch::notation::move_name(game.position(), &choice.mv)
        );
        game.play(choice.mv).expect("a legal move");
    }
}
