//! The bot: legal, deterministic, within its limits, and stronger than
//! chance in every shipped system.

use std::sync::Arc;

use tetrarch::catalog::Catalog;
use tetrarch::engine::{Bot, Limits};
use tetrarch::game::{Game, Outcome};
use tetrarch::rng::SplitMix64;
use tetrarch::rules::{RuleTable, compile};
use tetrarch::seat::Seat;

fn rules(variant: &str) -> (Arc<RuleTable>, String) {
    let catalog = Catalog::shipped();
    let definition = catalog.checked(variant).expect("shipped");
    (
        Arc::new(compile(definition).expect("supported")),
        definition.start_fen().to_string(),
    )
}

/// Plays one game: `bot_seats` by a bot at `depth`, the others by
/// `other_depth` (0: uniformly random legal moves); returns the result, or
/// `None` when `max_plies` pass first.
fn play(
    variant: &str,
    bot_seats: &[usize],
    depth: u32,
    other_depth: u32,
    seed: u64,
    max_plies: usize,
) -> Option<Outcome> {
    let (rules, start) = rules(variant);
    let mut game = Game::new(rules.clone(), &start, seed).expect("a valid start");
    let mut bot = Bot::new(&rules, seed);
    let mut rng = SplitMix64::new(seed ^ 0x5555);
    for _ in 0..max_plies {
        let seat = game.to_move()?;
        if game.position().is_eliminated(seat) {
            game.play_auto().expect("a walking king moves");
            continue;
        }
        let level = if bot_seats.contains(&seat.index()) {
            depth
        } else {
            other_depth
        };
        let mv = if level == 0 {
            let moves = game.legal_moves();
            moves[rng.below(moves.len())]
        } else {
            bot.choose(&game, Limits::depth(level)).expect("a move").mv
        };
        game.play(mv).expect("the bot plays legal moves");
        if game.result().is_some() {
            break;
        }
    }
    game.result().map(|r| r.outcome.clone())
}

/// The bot at depth 2 in seat 0 against uniformly random movers in the
/// other seats: 20 seeded games per system, a game unfinished after
/// `max_plies` counted as not won.
#[test]
fn the_bot_beats_random_movers_in_every_system() {
    for (variant, max_plies) in [
        ("chess", 400),
        ("tetrarchy", 400),
        ("tetrion-prime", 2000),
        ("4pc-ffa", 2000),
        ("cuatro-individual", 2000),
    ] {
        let mut lost = Vec::new();
        for seed in 0..20 {
            let outcome = play(variant, &[0], 2, 0, seed, max_plies);
            if !matches!(&outcome, Some(Outcome::Win { winners }) if winners.contains(&Seat::new(0)))
            {
                lost.push((seed, outcome));
            }
        }
        assert!(lost.len() <= 1, "{variant}: the bot did not win {lost:?}");
    }
}

/// Depth 3 against depth 1, ten games each, sides alternating.
#[test]
fn depth_three_beats_depth_one() {
    for (variant, first, second) in [
        ("chess", vec![0], vec![1]),
        ("4pc-teams", vec![0, 2], vec![1, 3]),
    ] {
        let mut deep_wins = 0;
        let mut outcomes = Vec::new();
        for seed in 0..10u64 {
            let deep: &[usize] = if seed % 2 == 0 { &first } else { &second };
            let outcome = play(variant, deep, 3, 1, seed, 600);
            if matches!(&outcome, Some(Outcome::Win { winners }) if winners.iter().any(|w| deep.contains(&w.index())))
            {
                deep_wins += 1;
            }
            outcomes.push(outcome);
        }
        assert!(
            deep_wins >= 7,
            "{variant}: depth 3 won {deep_wins} of 10: {outcomes:?}"
        );
    }
}

#[test]
fn the_same_seed_chooses_the_same_moves() {
    let game = |seed| {
        let (rules, start) = rules("4pc-ffa");
        let mut game = Game::new(rules.clone(), &start, 0).expect("a valid start");
        let mut bot = Bot::new(&rules, seed);
        let mut moves = Vec::new();
        for _ in 0..12 {
            let choice = bot.choose(&game, Limits::depth(2)).expect("a move");
            moves.push(tetrarch::notation::move_name(game.position(), &choice.mv));
            game.play(choice.mv).expect("legal");
        }
        moves
    };
    assert_eq!(game(3), game(3));
}

#[test]
fn node_and_time_limits_cut_the_search_short() {
    let (rules, start) = rules("chess");
    let game = Game::new(rules.clone(), &start, 0).expect("a valid start");
    let mut bot = Bot::new(&rules, 0);
    let limits = Limits {
        depth: 40,
        nodes: Some(5_000),
        time: None,
    };
    let choice = bot.choose(&game, limits).expect("a move");
    assert!(choice.depth < 40 && choice.depth >= 1, "{choice:?}");
    // The node that hits the limit ends the search (quiescence nodes may
    // still be counted on the way out).
    assert!(choice.nodes < 5_100, "{choice:?}");
    let limits = Limits {
        depth: 40,
        nodes: None,
        time: Some(std::time::Duration::from_millis(50)),
    };
    let choice = bot.choose(&game, limits).expect("a move");
    assert!(choice.depth < 40, "{choice:?}");
    assert!(game.legal_moves().contains(&choice.mv));
}

#[test]
fn a_finished_game_has_no_move_to_choose() {
    let (rules, _) = rules("chess");
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let game = Game::new(rules.clone(), mated, 0).expect("a valid FEN");
    assert!(game.result().is_some());
    assert_eq!(Bot::new(&rules, 0).choose(&game, Limits::depth(3)), None);
}
