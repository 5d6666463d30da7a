//! A move string, in a position some plies into a game of any variant (the
//! input's choice bytes pick the moves that lead there): a move read is one
//! of the legal moves, and a game refusing it is left unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tetrarch::game::Game;
use tetrarch::notation::{move_name, parse_move};
use tetrarch_fuzz::{pick, split};

fuzz_target!(|data: &[u8]| {
    let Some((name, text, choices)) = split(data) else {
        return;
    };
    let variant = pick(name, None);
    let mut game = Game::new(variant.rules.clone(), &variant.start, 1).expect("a valid start");
    for choice in choices.iter().take(40) {
        let moves = game.legal_moves();
        if game.result().is_some() || moves.is_empty() {
            break;
        }
        let mv = moves[*choice as usize % moves.len()];
        if game.play(mv).is_err() {
            break;
        }
    }
    let mut pos = game.position().clone();
    let legal: Vec<_> = game.legal_moves().to_vec();
    // A finished game (by repetition, say) has no legal moves left, while
    // its position still has.
    if game.result().is_none()
        && let Ok(mv) = parse_move(&mut pos, text)
    {
        assert!(
            legal.contains(&mv),
            "{}: `{text}` read as {}, not a legal move",
            variant.rules.name,
            move_name(&pos, &mv)
        );
    }
    let before = game.fen();
    if game.play_text(text).is_err() {
        assert_eq!(
            game.fen(),
            before,
            "a refused move leaves the game unchanged"
        );
    }
});
