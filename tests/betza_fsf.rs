//! Betza meaning against Fairy-Stockfish's own destinations
//! (`tests/data/betza/fsf-betza.tsv`), and XBetza beyond it,
//! worked out by hand from the notation's definition.

mod common;

use common::{data, reach};
use tetrarch::betza::Betza;
use tetrarch::board::Square;

/// Strings tetrarch reads differently from Fairy-Stockfish, on purpose; each
/// gets a `check` warning and a hand-made case below.
const DELIBERATE: &[&str] = &["R12", "NN2", "AA", "DD", "pN", "gN"];

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name")
}

fn fsf_config(betza: &str, config: &str) -> String {
    let d4 = sq("d4");
    match config {
        "E" => reach(betza, 8, 8, "d4", &|_| false),
        "F" => reach(betza, 8, 8, "d4", &|s| s != d4),
        "R" => reach(betza, 8, 8, "d4", &|s| {
            s != d4 && (s.file as i32 - 3).abs() <= 1 && (s.rank as i32 - 3).abs() <= 1
        }),
        "E2" => reach(betza, 8, 8, "d2", &|_| false),
        _ => panic!("unknown config {config}"),
    }
}

#[test]
fn every_fsf_row_matches_or_is_a_documented_difference() {
    let table = std::fs::read_to_string(data("betza/fsf-betza.tsv")).expect("fsf-betza.tsv");
    let mut rows = 0;
    let mut mismatches = Vec::new();
    for line in table.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let betza = fields.next().expect("a Betza string");
        rows += 1;
        let mut differs = false;
        for field in fields {
            let (config, expected) = field.split_once(':').expect("CONFIG:squares");
            let got = fsf_config(betza, config);
            if got != expected {
                differs = true;
                if !DELIBERATE.contains(&betza) {
                    mismatches.push(format!("{betza} {config}: expected {expected}, got {got}"));
                }
            }
        }
        if DELIBERATE.contains(&betza) {
            assert!(
                differs,
                "{betza} was expected to differ from Fairy-Stockfish"
            );
            let parsed = Betza::parse(betza).expect("valid");
            assert!(
                !parsed.fsf_differences().is_empty(),
                "{betza} differs from Fairy-Stockfish but check would not warn"
            );
        }
    }
    assert!(
        rows >= 145,
        "the table has at least 145 Betza strings, read {rows}"
    );
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// One hand-worked case: Betza, board size, square, enemy squares, destinations.
type Case = (
    &'static str,
    u8,
    &'static str,
    Box<dyn Fn(Square) -> bool>,
    &'static str,
);

/// XBetza beyond Fairy-Stockfish; every expected set was worked out by hand
/// on the board described by the case.
#[test]
fn xbetza_beyond_fairy_stockfish() {
    let none = |_: Square| false;
    let d4 = sq("d4");
    let full = move |s: Square| s != d4;
    let only = |names: &'static [&'static str]| move |s: Square| names.iter().any(|n| sq(n) == s);
    let cases: Vec<Case> = vec![
        // Riders of any atom.
        ("AA", 8, "d4", Box::new(none), "b2,b6,f2,f6,h8"),
        ("DD", 8, "d4", Box::new(none), "b4,d2,d6,d8,f4,h4"),
        ("fAA", 8, "d4", Box::new(none), "b6,f6,h8"),
        ("cZZ", 8, "d4", Box::new(full), "a2,a6,b1,b7,f1,f7,g2,g6"),
        ("DD", 8, "d4", Box::new(only(&["d6"])), "b4,d2,d6,f4,h4"),
        // Multi-digit and limited ranges.
        (
            "R10",
            16,
            "a1",
            Box::new(none),
            "a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,b1,c1,d1,e1,f1,g1,h1,i1,j1,k1",
        ),
        (
            "R12",
            8,
            "d4",
            Box::new(none),
            "a4,b4,c4,d1,d2,d3,d5,d6,d7,d8,e4,f4,g4,h4",
        ),
        ("NN2", 8, "d2", Box::new(none), "b1,b3,b6,c4,e4,f1,f3,f6,h4"),
        (
            "mQ3",
            8,
            "d4",
            Box::new(none),
            "a1,a4,a7,b2,b4,b6,c3,c4,c5,d1,d2,d3,d5,d6,d7,e3,e4,e5,f2,f4,f6,g1,g4,g7",
        ),
        // Hoppers along any atom's lines.
        ("pN", 8, "d4", Box::new(full), "b8,f8,h2,h6"),
        ("pN", 8, "d4", Box::new(none), ""),
        ("gN", 8, "d4", Box::new(only(&["e6"])), "f8"),
        ("pD", 8, "d4", Box::new(full), "d8,h4"),
        // Lame leaps Fairy-Stockfish cannot make lame never move, as there
        // (elgam's `nC` piece is still in its perft records).
        ("nW", 8, "d4", Box::new(none), ""),
        ("nK", 8, "d4", Box::new(none), ""),
        ("nC", 8, "d4", Box::new(none), ""),
        ("nH", 8, "d4", Box::new(none), ""),
        ("nG", 8, "d4", Box::new(none), ""),
        ("nCW", 8, "d4", Box::new(none), "c4,d3,d5,e4"),
        (
            "nNN",
            8,
            "d4",
            Box::new(only(&["d5"])),
            "b3,b5,c2,e2,f3,f5,h2,h6",
        ),
        // Jumping: a leap over an occupied square, a ride skipping its first square.
        ("jD", 8, "d4", Box::new(only(&["d5"])), "d6"),
        (
            "jR",
            8,
            "d4",
            Box::new(none),
            "a4,b4,d1,d2,d6,d7,d8,f4,g4,h4",
        ),
        // Arbitrary leaps.
        ("(3,4)", 8, "d4", Box::new(none), "a8,g8,h1,h7"),
        ("(1,5)", 8, "a1", Box::new(none), "b6,f2"),
        ("f(1,2)", 8, "d4", Box::new(none), "c6,e6"),
    ];
    assert!(cases.len() >= 20);
    for (betza, size, from, enemy, expected) in cases {
        assert_eq!(
            reach(betza, size, size, from, &*enemy),
            expected,
            "{betza} from {from}"
        );
    }
}

#[test]
fn each_deliberate_difference_warns() {
    let cases = [
        ("R12", "first digit"),
        ("NN2", "ignores the range"),
        ("AA", "rider of `AA`"),
        ("DD", "rider of `DD`"),
        ("pN", "hopper along `N`"),
        ("gN", "hopper along `N`"),
        ("nW", "lame `W`"),
        ("nF", "lame `F`"),
        ("nK", "lame `K`"),
        ("nC", "lame `C`"),
        ("nNN", "ignores `n` on a rider"),
        ("jR", "ignores `j`"),
        ("(1,2)", "does not know"),
        ("feF", "`e` without `c`"),
    ];
    for (betza, phrase) in cases {
        let notes = Betza::parse(betza).expect("valid").fsf_differences();
        assert!(
            notes.iter().any(|n| n.message.contains(phrase)),
            "{betza}: expected a warning containing {phrase:?}, got {notes:?}"
        );
    }
    assert!(
        Betza::parse("fmWfceFifmnD")
            .expect("valid")
            .fsf_differences()
            .is_empty()
    );
}
