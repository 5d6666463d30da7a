//! Shuffled (Chess960) starts: Scharnagl's numbering, the placement rules,
//! and the refusals.

use std::collections::HashSet;
use std::sync::Arc;

use tetrarch::catalog::Catalog;
use tetrarch::game::Game;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::shuffle::{Shuffle, ShuffleError, shuffled_start};

/// White's back rank of a FEN.
fn back_rank(fen: &str) -> String {
    fen.split(' ')
        .next()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string()
}

/// Whether a rank keeps the rules: bishops on squares of both colours, the
/// king between the rooks, and Black's rank the same pieces in lower case.
fn well_placed(fen: &str) -> bool {
    let rank: Vec<char> = back_rank(fen).chars().collect();
    let at = |c: char| -> Vec<usize> { (0..rank.len()).filter(|&i| rank[i] == c).collect() };
    let (bishops, rooks, king) = (at('B'), at('R'), at('K'));
    let black = fen.split('/').next().unwrap();
    bishops.len() == 2
        && bishops[0] % 2 != bishops[1] % 2
        && rooks.len() == 2
        && king.len() == 1
        && rooks[0] < king[0]
        && king[0] < rooks[1]
        && black == back_rank(fen).to_lowercase()
}

#[test]
fn scharnagl_numbers_give_the_known_starts() {
    let catalog = Catalog::shipped();
    let def = catalog.checked("fischerandom").expect("shipped");
    // From the numbering's published table: 0, 518 (chess) and 959.
    for (n, rank) in [(0, "BBQNNRKR"), (518, "RNBQKBNR"), (959, "RKRNNQBB")] {
        let fen = shuffled_start(def, Shuffle::Numbered(n)).unwrap();
        assert_eq!(back_rank(&fen), rank, "start {n}");
    }
}

#[test]
fn the_960_numbers_are_960_different_well_placed_starts_that_set_up() {
    let catalog = Catalog::shipped();
    let def = catalog.checked("fischerandom").expect("shipped");
    let rules = Arc::new(compile(def).unwrap());
    let mut seen = HashSet::new();
    for n in 0..960 {
        let fen = shuffled_start(def, Shuffle::Numbered(n)).unwrap();
        assert!(well_placed(&fen), "start {n}: {fen}");
        let game = Game::new(rules.clone(), &fen, 0).unwrap();
        assert!(!game.legal_moves().is_empty(), "start {n}: {fen}");
        seen.insert(back_rank(&fen));
    }
    assert_eq!(seen.len(), 960);
}

#[test]
fn numbered_starts_count_as_fairy_stockfish_counts() {
    let catalog = Catalog::shipped();
    let def = catalog.checked("fischerandom").expect("shipped");
    let rules = compile(def).unwrap();
    // pyffish 0.0.90 (fsf_oracle.py perft 3) from these starts' FENs; start
    // 3 can castle at once (king f1, rook g1).
    for (n, nodes) in [(0, 9_006), (3, 10_238), (20, 7_822), (959, 9_006)] {
        let fen = shuffled_start(def, Shuffle::Numbered(n)).unwrap();
        let mut position = Position::from_text(&rules, &fen).unwrap();
        assert_eq!(perft(&mut position, 3), nodes, "start {n}: {fen}");
    }
}

#[test]
fn random_capablanca_starts_keep_the_rules_and_follow_the_seed() {
    let catalog = Catalog::shipped();
    let def = catalog.checked("caparandom").expect("shipped");
    let rules = Arc::new(compile(def).unwrap());
    let mut seen = HashSet::new();
    for seed in 0..200 {
        let fen = shuffled_start(def, Shuffle::Random(seed)).unwrap();
        assert_eq!(fen, shuffled_start(def, Shuffle::Random(seed)).unwrap());
        assert!(well_placed(&fen), "seed {seed}: {fen}");
        let mut sorted: Vec<char> = back_rank(&fen).chars().collect();
        sorted.sort_unstable();
        assert_eq!(sorted.iter().collect::<String>(), "ABBCKNNQRR");
        Game::new(rules.clone(), &fen, 0).unwrap();
        seen.insert(fen);
    }
    assert!(seen.len() > 150, "{} different starts of 200", seen.len());
}

#[test]
fn shuffles_are_refused_with_the_reason() {
    let catalog = Catalog::shipped();
    let chess = catalog.checked("chess").expect("shipped");
    let capa = catalog.checked("caparandom").expect("shipped");
    let fischer = catalog.checked("fischerandom").expect("shipped");
    assert_eq!(
        shuffled_start(chess, Shuffle::Random(1)),
        Err(ShuffleError::NotChess960("chess".into()))
    );
    assert_eq!(
        shuffled_start(capa, Shuffle::Numbered(3)),
        Err(ShuffleError::NoNumbering("caparandom".into()))
    );
    assert_eq!(
        shuffled_start(fischer, Shuffle::Numbered(960)),
        Err(ShuffleError::OutOfRange(960))
    );
    assert_eq!(
        ShuffleError::OutOfRange(960).to_string(),
        "Chess960's starts are numbered 0 to 959, not 960"
    );
    assert!("961x".parse::<Shuffle>().is_err());
    assert_eq!("random".parse::<Shuffle>(), Ok(Shuffle::Random(0)));
}
