//! A FEN4 for a four-player variant: read (or refused with a message), and
//! a position read keeps every invariant of `check_position`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tetrarch::position::Position;
use tetrarch_fuzz::{check_position, pick, split};

fuzz_target!(|data: &[u8]| {
    let Some((name, fen4, _)) = split(data) else {
        return;
    };
    let variant = pick(name, Some(4));
    if let Ok(mut pos) = Position::from_text(variant.rules.clone(), fen4) {
        check_position(&mut pos);
    }
});
