//! Random legal moves from a fuzzed position: a FEN or FEN4 for a fuzzed
//! variant (its start position where the text is not one), then moves the
//! fuzzer picks; every position on the way keeps the invariants of
//! `check_position`, and unmaking every move restores the first one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tetrarch::moves::MoveList;
use tetrarch::position::Position;
use tetrarch_fuzz::{check_position, pick, split};

fuzz_target!(|data: &[u8]| {
    let Some((name, text, choices)) = split(data) else {
        return;
    };
    let variant = pick(name, None);
    let rules = variant.rules.clone();
    let mut pos = Position::from_text(rules.clone(), text)
        .or_else(|_| Position::from_text(rules, &variant.start))
        .expect("a valid start");
    let first = (pos.text(), pos.hash());
    let mut list = MoveList::default();
    let mut made = 0;
    for choice in choices.iter().take(60) {
        check_position(&mut pos);
        pos.legal_moves(&mut list);
        if list.is_empty() {
            if pos.eliminate_if_stuck() {
                made += 1;
                continue;
            }
            break;
        }
        pos.make(list.as_slice()[*choice as usize % list.len()]);
        made += 1;
    }
    for _ in 0..made {
        pos.unmake();
    }
    assert_eq!(
        (pos.text(), pos.hash()),
        first,
        "{}: unmaking every move",
        variant.rules.name
    );
});
