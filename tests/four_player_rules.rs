//! Four-player rule differences, each shown on a position worked out by hand
//! from RULES.md §1–3 and §6.

use tetrarch::catalog::Catalog;
use tetrarch::moves::{Move, MoveList};
use tetrarch::notation::four_player::{notation4, parse_move4};
use tetrarch::perft::perft;
use tetrarch::position::{Position, RuleHandle};
use tetrarch::rules::{RuleTable, compile};
use tetrarch::seat::Seat;

fn rules(variant: &str) -> RuleTable {
    compile(Catalog::shipped().checked(variant).expect("shipped")).expect("compiles")
}

/// A FEN4 with the given seat to move, no castling, and these pieces
/// (`("e7", "rP")`); everything else empty, corners holes.
fn fen4(to_move: char, pieces: &[(&str, &str)]) -> String {
    let mut rows = Vec::new();
    for rank in (1..=14).rev() {
        let mut items = Vec::new();
        let mut empty = 0;
        for file in 0..14u8 {
            let corner = !(3..=10).contains(&file) && !(4..=11).contains(&rank);
            let name = format!("{}{rank}", (b'a' + file) as char);
            let piece = pieces.iter().find(|(sq, _)| *sq == name).map(|(_, p)| *p);
            if piece.is_none() && !corner {
                empty += 1;
                continue;
            }
            if empty > 0 {
                items.push(empty.to_string());
                empty = 0;
            }
            items.push(if corner {
                "x".to_string()
            } else {
                piece.unwrap_or("").to_string()
            });
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        rows.push(items.join(","));
    }
    format!(
        "{to_move}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{}",
        rows.join("/")
    )
}

/// The four kings on their start squares.
const KINGS: [(&str, &str); 4] = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];

fn with_kings(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    KINGS.iter().copied().chain(extra.iter().copied()).collect()
}

fn moves(pos: &mut Position<impl RuleHandle>) -> Vec<String> {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    list.as_slice()
        .iter()
        .map(|m| notation4(pos.rules(), m))
        .collect()
}

fn moves_from(pos: &mut Position<impl RuleHandle>, from: &str) -> Vec<String> {
    let mut found: Vec<String> = moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{from}-")))
        .collect();
    found.sort();
    found
}

#[test]
fn the_cross_board_has_160_squares_for_every_four_player_variant() {
    let catalog = Catalog::shipped();
    for variant in [
        "tetrion-prime",
        "4pc-teams",
        "4pc-ffa",
        "4pc-solo",
        "cuatro-equipos",
        "cuatro-individual",
    ] {
        assert_eq!(
            catalog
                .get(variant)
                .expect("shipped")
                .board()
                .playable_squares(),
            160,
            "{variant}"
        );
    }
}

#[test]
fn free_for_all_promotes_on_the_centre_rank_to_the_one_point_queen() {
    let fen = fen4('R', &with_kings(&[("e7", "rP")]));
    let ffa = rules("4pc-ffa");
    let mut pos = Position::from_fen4(&ffa, &fen).expect("FEN4");
    assert_eq!(moves_from(&mut pos, "e7"), ["e7-e8=D"]);
    let teams = rules("4pc-teams");
    let mut pos = Position::from_fen4(&teams, &fen).expect("FEN4");
    assert_eq!(moves_from(&mut pos, "e7"), ["e7-e8"]);
    // Teams promote on relative rank 11, to queen, rook, bishop or knight.
    let fen = fen4('R', &with_kings(&[("e10", "rP")]));
    let mut pos = Position::from_fen4(&teams, &fen).expect("FEN4");
    assert_eq!(
        moves_from(&mut pos, "e10"),
        ["e10-e11=B", "e10-e11=N", "e10-e11=Q", "e10-e11=R"]
    );
    // Blue (moving east) promotes on file h in the free-for-all: relative rank 8.
    let fen = fen4('B', &with_kings(&[("g5", "bP")]));
    let mut pos = Position::from_fen4(&ffa, &fen).expect("FEN4");
    assert_eq!(moves_from(&mut pos, "g5"), ["g5-h5=D"]);
}

#[test]
fn the_one_point_queen_moves_as_a_queen() {
    let fen = fen4('R', &with_kings(&[("e8", "rD")]));
    let table = rules("4pc-ffa");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    // From e8 on the cross with only the four kings: rank 8 gives a8–d8 and
    // f8–m8 (12) and the capture of Green's king on n8, left in check
    // (RULES.md §3b, revised 2026-12-07: free-for-all captures such kings);
    // file e gives e1–e7 and e9–e14 (13); the diagonals d9 c10 b11 (a12 is
    // a hole), f9–k14 (6), d7 c6 b5 a4 (4) and f7–k2 (6; l1 is a hole): 45
    // moves.
    let list = moves_from(&mut pos, "e8");
    assert_eq!(list.len(), 45, "{list:?}");
    assert!(
        list.contains(&"e8-n8".to_string()),
        "a king left in check is captured in free-for-all"
    );
}

#[test]
fn partners_are_never_captured_but_free_for_all_opponents_are() {
    let fen = fen4('R', &with_kings(&[("d5", "rR"), ("d9", "yP")]));
    let table = rules("4pc-teams");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    let teams = moves_from(&mut pos, "d5");
    assert!(teams.contains(&"d5-d8".to_string()) && !teams.contains(&"d5-d9".to_string()));
    let table = rules("4pc-ffa");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    assert!(moves_from(&mut pos, "d5").contains(&"d5-d9".to_string()));
}

#[test]
fn partners_never_give_check() {
    // Yellow's rook on h10 faces Red's king on h1 down the open h-file: in
    // Teams it is a partner, so Red's king may stay and step along the file.
    let fen = fen4('R', &with_kings(&[("h10", "yR")]));
    let table = rules("4pc-teams");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    assert!(moves_from(&mut pos, "h1").contains(&"h1-h2".to_string()));
    // In free-for-all the same rook attacks the file: h1-h2 stays on it.
    let table = rules("4pc-ffa");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    assert!(!moves_from(&mut pos, "h1").contains(&"h1-h2".to_string()));
}

#[test]
fn kings_are_captured_in_teams_and_free_for_all_but_not_in_cuatro_individual() {
    // Blue's king on a7 stands in check from Red's queen on d7 (the row is
    // empty between them), and it is Red's turn.
    let fen = fen4('R', &with_kings(&[("d7", "rQ")]));
    let teams = rules("4pc-teams");
    let mut pos = Position::from_fen4(&teams, &fen).expect("FEN4");
    assert!(moves_from(&mut pos, "d7").contains(&"d7-a7".to_string()));
    let capture = parse_move4(&mut pos, "d7-a7").expect("legal");
    pos.make(capture);
    assert_eq!(perft(&mut pos, 1), 0, "a captured king ends the game");
    // Free-for-all (RULES.md §3b, revised 2026-12-07): the capture puts Blue
    // out, its army dead, and the others play on.
    let table = rules("4pc-ffa");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    let capture = parse_move4(&mut pos, "d7-a7").expect("legal");
    pos.make(capture);
    assert!(pos.is_eliminated(Seat::new(1)));
    assert!(perft(&mut pos, 1) > 0, "play goes on");
    let table = rules("cuatro-individual");
    let mut pos = Position::from_fen4(&table, &fen).expect("FEN4");
    assert!(!moves_from(&mut pos, "d7").contains(&"d7-a7".to_string()));
}

/// Red has just double-stepped e2-e4; Blue's pawn on d4 and Green's on f4
/// could both take en passant on e3.
fn en_passant_position(variant: &RuleTable) -> Position<impl RuleHandle> {
    let fen = fen4(
        'R',
        &with_kings(&[("e2", "rP"), ("d4", "bP"), ("f4", "gP"), ("i12", "yP")]),
    );
    let mut pos = Position::from_fen4(variant, &fen).expect("FEN4");
    let push = parse_move4(&mut pos, "e2-e4").expect("double step");
    pos.make(push);
    pos
}

#[test]
fn next_player_only_against_until_the_pusher_moves_again() {
    for (variant, green_may_take) in [("cuatro-equipos", false), ("4pc-teams", true)] {
        let rules = rules(variant);
        let mut pos = en_passant_position(&rules);
        // Blue, the next player, may take at once in both variants.
        assert!(
            moves(&mut pos).contains(&"d4-e3".to_string()),
            "{variant}: Blue"
        );
        for text in ["a7-a6", "i12-i11"] {
            let mv = parse_move4(&mut pos, text).expect("quiet move");
            pos.make(mv);
        }
        assert_eq!(
            moves(&mut pos).contains(&"f4-e3".to_string()),
            green_may_take,
            "{variant}: Green"
        );
    }
}

#[test]
fn a_pawn_taking_en_passant_onto_an_occupied_square_takes_both() {
    // Red double-stepped e2-e4 (target e3, written in the extras); since
    // then a Yellow knight landed on e3. Green's pawn on f4 takes en passant
    // onto e3: the knight and Red's pawn both go.
    let rules = rules("4pc-teams");
    let fen = fen4(
        'G',
        &with_kings(&[("e4", "rP"), ("e3", "yN"), ("f4", "gP"), ("i11", "yP")]),
    )
    .replacen("-0-x", "-0-{'enPassant':('e3:e4','','','')}-x", 1);
    let mut pos = Position::from_fen4(&rules, &fen).expect("FEN4 with extras");
    let take = parse_move4(&mut pos, "f4-e3").expect("en passant onto the knight");
    assert!(matches!(take, Move::EnPassant { .. }), "{take:?}");
    pos.make(take);
    let after = pos.fen4();
    assert!(
        !after.contains("yN") && !after.contains("rP") && after.contains("gP"),
        "{after}"
    );
    pos.unmake();
    assert_eq!(pos.fen4(), fen);
}

/// Blue's king on a4 is checkmated: Red's rook on c4 attacks the rank,
/// the rook on c5 covers a5 and b5; a3 and b3 are holes.
fn mated_blue(seat_letters: [&str; 4]) -> String {
    let [r, b, y, g] = seat_letters;
    let pieces: Vec<(&str, String)> = vec![
        ("h1", format!("{r}K")),
        ("a4", format!("{b}K")),
        ("g14", format!("{y}K")),
        ("n8", format!("{g}K")),
        ("c4", format!("{r}R")),
        ("c5", format!("{r}R")),
        ("h13", format!("{y}P")),
    ];
    let borrowed: Vec<(&str, &str)> = pieces.iter().map(|(s, p)| (*s, p.as_str())).collect();
    fen4(
        b.to_ascii_uppercase().chars().next().expect("a letter"),
        &borrowed,
    )
}

#[test]
fn a_mated_player_is_eliminated_and_play_goes_on() {
    // Tétrion Prime removes the army; free-for-all turns it dead.
    for (variant, letters, removed) in [
        ("tetrion-prime", ["a", "l", "v", "t"], true),
        ("4pc-ffa", ["r", "b", "y", "g"], false),
    ] {
        let rules = rules(variant);
        let blue = Seat::new(1);
        let fen = mated_blue(letters);
        let mut pos = Position::from_fen4(&rules, &fen).expect("FEN4");
        assert!(moves(&mut pos).is_empty(), "{variant}: Blue has no move");
        assert!(pos.in_check(blue), "{variant}: Blue is in check");
        // Perft goes on with Yellow, the next seat, without using a ply.
        let yellow = perft(&mut pos, 1);
        assert!(yellow > 0, "{variant}");
        assert!(pos.eliminate_if_stuck());
        assert!(pos.is_eliminated(blue));
        assert!(
            pos.pieces_of(blue).is_empty(),
            "{variant}: Blue no longer moves"
        );
        // Dead pieces belong to no one: chess.com's `dK`.
        let dead_king = "dK";
        assert_eq!(
            pos.fen4().contains(dead_king),
            !removed,
            "{variant}: {}",
            pos.fen4()
        );
        assert_eq!(moves(&mut pos).len() as u64, yellow, "{variant}");
        pos.unmake();
        assert!(!pos.is_eliminated(blue));
        assert_eq!(pos.fen4(), fen);
    }
}

#[test]
fn a_mated_team_player_ends_the_game() {
    let rules = rules("4pc-teams");
    let mut pos = Position::from_fen4(&rules, &mated_blue(["r", "b", "y", "g"])).expect("FEN4");
    assert_eq!(perft(&mut pos, 1), 0);
    assert!(!pos.eliminate_if_stuck());
}
