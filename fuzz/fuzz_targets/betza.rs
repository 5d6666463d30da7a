//! A Betza string on a board of fuzzed size: compiled as a lone piece and
//! its destinations listed from a fuzzed square among fuzzed blockers, as
//! `tetrarch`'s Betza tests do. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tetrarch::board::Square;
use tetrarch::piece_reach::PieceReach;

fuzz_target!(|data: &[u8]| {
    // Files, ranks, the square, eight bytes of blockers, then the Betza text.
    if data.len() < 11 {
        return;
    }
    let Ok(betza) = std::str::from_utf8(&data[11..]) else {
        return;
    };
    let (files, ranks, from) = (data[0] % 17, data[1] % 17, data[2]);
    let blockers = u64::from_le_bytes(data[3..11].try_into().expect("eight bytes"));
    let Ok(piece) = PieceReach::new(betza, files, ranks) else {
        return;
    };
    let from = Square::new(from % files, (from / files) % ranks);
    let enemy = |s: Square| blockers >> ((s.rank as u32 * 8 + s.file as u32) % 64) & 1 == 1;
    for to in piece.destinations(from, &enemy) {
        assert!(
            to.file < files && to.rank < ranks,
            "{betza}: {to} is off the board"
        );
        assert_ne!(to, from, "{betza}: a move to its own square");
    }
});
