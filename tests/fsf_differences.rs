//! Regressions for disagreements with Fairy-Stockfish that a differential
//! run found (issue 9). Each expected FEN was printed by Fairy-Stockfish
//! (pyffish 0.0.90, `get_fen(variant, fen, moves)` with
//! `tests/data/fsf/variants.ini` loaded).

mod common;

use common::data;
use tetrarch::catalog::Catalog;
use tetrarch::notation::uci::parse_uci;
use tetrarch::position::Position;
use tetrarch::rules::{RuleTable, compile};
use tetrarch::source::SourceFile;

/// The rule table of a section of FSF's file (plus `extra` sections).
fn rules_of(variant: &str, extra: &str) -> RuleTable {
    let ini = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    let mut catalog = Catalog::shipped();
    catalog.load(SourceFile::new("variants.ini", ini + extra));
    compile(catalog.checked(variant).expect("no errors")).expect("supported")
}

/// The FEN after playing `moves` from `fen` in a section of FSF's file.
fn fen_after(variant: &str, fen: &str, moves: &[&str]) -> String {
    fen_after_in(variant, "", fen, moves)
}

/// [`fen_after`] with `extra` sections loaded after FSF's file.
fn fen_after_in(variant: &str, extra: &str, fen: &str, moves: &[&str]) -> String {
    let rules = rules_of(variant, extra);
    let mut pos = Position::from_text(&rules, fen).expect("a valid FEN");
    for text in moves {
        let mv = parse_uci(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
    }
    pos.fen()
}

#[test]
fn promotions_reset_the_halfmove_clock() {
    assert_eq!(
        fen_after("allwayspawns", "4k3/P7/8/8/8/8/8/4K3 w - - 5 3", &["a7a8q"]),
        "Q3k3/8/8/8/8/8/8/4K3 b - - 0 3"
    );
    assert_eq!(
        fen_after("backrank", "4k3/8/8/8/8/8/2n5/K7 b - - 5 3", &["c2e1+"]),
        "4k3/8/8/8/8/8/8/K3+n3 w - - 0 4"
    );
}

/// Sections in which a move of a type that resets the n-move counter can
/// be reversible: a knight's always is, a pawn's sideways step is.
const REVERSIBLE: &str = "
[knightclock:chess]
nMoveRuleTypes = n

[sidepawn:chess]
customPiece1 = a:fmWsW
pawnTypes = a
";

#[test]
fn only_a_move_that_cannot_step_straight_back_resets_the_halfmove_clock() {
    let after = |variant, fen, mv| fen_after_in(variant, REVERSIBLE, fen, &[mv]);
    assert_eq!(
        after("knightclock", "4k3/8/8/8/8/8/8/1N2K3 w - - 5 3", "b1c3"),
        "4k3/8/8/8/8/2N5/8/4K3 b - - 6 3"
    );
    // The pawn is not among the types that reset the counter here.
    assert_eq!(
        after("knightclock", "4k3/8/8/8/8/8/4P3/1N2K3 w - - 5 3", "e2e3"),
        "4k3/8/8/8/8/4P3/8/1N2K3 b - - 6 3"
    );
    assert_eq!(
        after("sidepawn", "4k3/8/8/8/8/8/4A3/4K3 w - - 5 3", "e2d2"),
        "4k3/8/8/8/8/8/3A4/4K3 b - - 6 3"
    );
    assert_eq!(
        after("sidepawn", "4k3/8/8/8/8/8/4A3/4K3 w - - 5 3", "e2e3"),
        "4k3/8/8/8/8/4A3/8/4K3 b - - 0 3"
    );
}

#[test]
fn a_triple_step_leaves_only_the_squares_an_enemy_pawn_can_take_on() {
    // The Black pawn on e5 attacks f4 but not f3.
    assert_eq!(
        fen_after(
            "wildebeest",
            "5k5/11/11/11/11/4p6/11/11/5P5/5K5 w - - 0 1",
            &["f2f5"]
        ),
        "5k5/11/11/11/11/4pP5/11/11/11/5K5 b - f4 0 1"
    );
    assert_eq!(
        fen_after(
            "wildebeest",
            "5k5/11/11/11/11/4p6/11/11/5P5/5K5 w - - 0 1",
            &["f2f5", "e5f4"]
        ),
        "5k5/11/11/11/11/11/5p5/11/11/5K5 w - - 0 2"
    );
}

/// The legal moves of the piece on `from`, in UCI, sorted.
fn moves_from(variant: &str, extra: &str, fen: &str, from: &str) -> Vec<String> {
    let rules = rules_of(variant, extra);
    let mut pos = Position::from_text(&rules, fen).expect("a valid FEN");
    let mut list = tetrarch::moves::MoveList::default();
    pos.legal_moves(&mut list);
    let mut names: Vec<String> = list
        .as_slice()
        .iter()
        .map(|m| tetrarch::notation::uci::uci(&pos, m))
        .filter(|n| n.starts_with(from))
        .collect();
    names.sort();
    names
}

#[test]
fn castling_is_named_king_takes_rook_only_when_the_king_could_step_there() {
    // Fairy-Stockfish's legal moves (pyffish 0.0.90) of the king in each case.
    let cases: [(&str, &str, &str, &str, &[&str]); 6] = [
        (
            "chess",
            "",
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            "d1",
            &["d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1g1"],
        ),
        (
            "chess",
            "",
            "4k3/8/8/8/8/8/8/5K1R w K - 0 1",
            "f1",
            &["f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1h1"],
        ),
        (
            "chess",
            "",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "e1",
            &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
        ),
        (
            "chess",
            "",
            "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1",
            "c1",
            &["c1b1", "c1b2", "c1c1", "c1c2", "c1d1", "c1d2"],
        ),
        (
            "chess",
            "",
            "4k3/8/8/8/8/8/8/RK6 w Q - 0 1",
            "b1",
            &["b1a1", "b1a2", "b1b2", "b1c1", "b1c2"],
        ),
        (
            "kdchess",
            "\n[kdchess:chess]\nking = k:KD\n",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "e1",
            &[
                "e1c1", "e1d1", "e1d2", "e1e2", "e1e3", "e1f1", "e1f2", "e1g1", "e1h1",
            ],
        ),
    ];
    for (variant, extra, fen, from, expected) in cases {
        assert_eq!(
            moves_from(variant, extra, fen, from),
            expected,
            "{variant} {fen}"
        );
    }
}

#[test]
fn a_type_replaced_by_a_custom_piece_leaves_the_promotion_choices() {
    // dragon-chess gives the letters b, n and r to custom pieces: chess's
    // bishop, knight and rook leave `promotionPieceTypes`, and only the
    // queen is left (pyffish 0.0.90's legal moves).
    assert_eq!(
        moves_from("dragon-chess", "", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2"),
        ["a2a1q", "a2a3", "a2b1q", "a2b2", "a2b3"]
    );
}

/// The immediate end of a position of a section of FSF's file.
fn immediate_end(variant: &str, fen: &str) -> Option<tetrarch::position::ImmediateEnd> {
    let rules = rules_of(variant, "");
    Position::from_text(&rules, fen)
        .expect("a valid FEN")
        .immediate_end()
}

#[test]
fn a_safe_flag_piece_of_the_side_to_move_wins_and_any_attacker_makes_it_unsafe() {
    use tetrarch::position::ImmediateEnd;
    use tetrarch::seat::Seat;
    // squatter (flagPieceSafe): White's knight already stands safely on the
    // eighth rank with White to move: over at once (pyffish: +32000).
    assert_eq!(
        immediate_end("squatter", "N3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Some(ImmediateEnd::Flag { seat: Seat::FIRST })
    );
    // White's rook on a8 is attacked by the rook on b8 (pinned or not): not
    // safe, the game goes on (pyffish: no immediate end).
    assert_eq!(
        immediate_end("squatter", "Rr5k/8/8/8/8/8/8/K6R b - - 0 1"),
        None
    );
    // alapo (flagMove and flagPieceSafe, not kings): White's piece survived
    // Black's extra move on the sixth rank: White wins, no draw even though
    // Black stands on its own region too (pyffish: +32000 for White).
    assert_eq!(
        immediate_end("alapo", "r2Q1r/wK2w1/6/6/1F4/Rb4 w - - 0 15"),
        Some(ImmediateEnd::Flag { seat: Seat::FIRST })
    );
}

#[test]
fn a_pawn_with_a_promoted_type_offers_its_piece_promotion_on_the_last_rank() {
    // backrank: promotionPieceTypes = -, promotedPieceType p:k, mandatory
    // piece promotion. pyffish lists f7e8+ and f7f8+ for the pawn.
    assert_eq!(
        moves_from("backrank", "", "4k3/5P2/8/8/8/8/8/4K3 w - - 0 1", "f7"),
        ["f7e8+", "f7f8+"]
    );
}

#[test]
fn en_passant_only_where_the_piece_cannot_step_quietly() {
    // dragon-chess's pawn (KifmnD) can step sideways to d3, so e3d3 after
    // d2d4 is a quiet move there, not an en-passant capture (pyffish FEN).
    assert_eq!(
        fen_after(
            "dragon-chess",
            "4k3/8/8/8/8/4p3/3P4/4K3 w - - 0 1",
            &["d2d4", "e3d3"]
        ),
        "4k3/8/8/8/3P4/3p4/8/4K3 w - - 1 2"
    );
}

#[test]
fn a_piece_attacks_only_inside_its_mobility_region() {
    // chak: the promoted pawn on h5 could capture on h6 and i6 only from
    // outside its mobility region, so the king may step there (pyffish
    // lists i7h6 and i7i6).
    let moves = moves_from("chak", "", "4k4/9/8+K/9/7+p1/9/9/9/9 w - - 0 1", "i7");
    assert!(moves.contains(&"i7h6".to_string()), "{moves:?}");
    assert!(moves.contains(&"i7i6".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 10, "{moves:?}");
}

#[test]
fn a_piece_checking_along_two_geometries_is_one_checker() {
    // dragon-chess's bishop (BK) on d6 checks the king on e7 as a bishop and
    // as a king: a single check, so the three captures of d6 are legal
    // besides the king's three steps (pyffish lists the six moves; the
    // counting path used to see a double check and count three).
    let rules = rules_of("dragon-chess", "");
    let fen = "1b6/1ppnk3/p1PB2r1/r3P3/B7/1P6/2K5/RN4PR b - - 0 70";
    let mut pos = Position::from_text(&rules, fen).expect("a valid FEN");
    assert_eq!(tetrarch::perft::perft(&mut pos, 1), 6);
    assert_eq!(
        moves_from("dragon-chess", "", fen, ""),
        ["c7d6", "d7d6", "e7d8", "e7e8", "e7f7", "g6d6"]
    );
}

#[test]
fn a_castling_field_of_a_variant_without_castling_is_written_as_a_dash() {
    // cornerrook has castling = false: Fairy-Stockfish ignores the `KQkq`
    // it reads and writes `-` (pyffish get_fen).
    assert_eq!(
        fen_after(
            "cornerrook",
            "r6r/1nbqkbn1/pppppppp/8/8/PPPPPPPP/1NBQKBN1/R6R w KQkq - 0 1",
            &[]
        ),
        "r6r/1nbqkbn1/pppppppp/8/8/PPPPPPPP/1NBQKBN1/R6R w - - 0 1"
    );
}

#[test]
fn a_triple_step_written_with_its_first_passed_square_only_is_read_back() {
    // wildebeest: White's pawn went j2j5; only j3 is listed (no black pawn
    // could take on j4), so the pushed pawn stands two squares beyond it.
    // Black's pawn on i4 takes on j3 (pyffish: 39 moves, i4j3 among them).
    let fen = "1n4q4/6k4/10p/11/2pp1pP4/6c2P1/8p2/4C6/11/5K3N1 b - j3 0 38";
    let rules = rules_of("wildebeest", "");
    let mut pos = Position::from_text(&rules, fen).expect("a valid FEN");
    assert_eq!(tetrarch::perft::perft(&mut pos, 1), 39);
    assert_eq!(moves_from("wildebeest", "", fen, "i4"), ["i4i3", "i4j3"]);
    assert_eq!(pos.fen(), fen);
}

// Found by the differential once Fairy-Stockfish's built-ins shipped as data
// (issue 10); expected values printed by pyffish 0.0.90.

#[test]
fn a_promotion_leaves_no_en_passant_target_even_after_two_steps() {
    assert_eq!(
        fen_after("torpedo", "8/8/P7/5k2/8/8/8/4K3 w - - 0 1", &["a6a8q"]),
        "Q7/8/8/5k2/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn a_custom_piece_s_initial_step_leaves_targets_whatever_en_passant_types_say() {
    // Wolf chess's sergeant is not in `enPassantTypes`; its double step
    // still leaves the passed and the landing square.
    assert_eq!(
        fen_after("wolf", "4k3/8/8/8/8/8/8/8/1S6/4K3 w - - 0 1", &["b2b4"]),
        "4k3/8/8/8/8/8/1S6/8/8/4K3 b - b3b4 0 1"
    );
}

#[test]
fn a_berolina_pawn_s_diagonal_double_step_can_be_taken_en_passant() {
    assert_eq!(
        fen_after(
            "berolina",
            "r1bqkbnr/2ppp2p/1p6/2npp3/2BPP3/4PK2/P1PP2PP/RNB1Q1NR b kq - 1 8",
            &["a8a2", "e4e5", "d7f5"]
        ),
        "2bqkbnr/2p1p2p/1p6/2npPp2/2BP4/4PK2/r1PP2PP/RNB1Q1NR w k f5e6 0 10"
    );
    let moves = moves_from(
        "berolina",
        "",
        "2bqkbnr/2p1p2p/1p6/2npPp2/2BP4/4PK2/r1PP2PP/RNB1Q1NR w k f5e6 0 10",
        "e5",
    );
    assert!(moves.contains(&"e5e6".to_string()), "{moves:?}");
}

#[test]
fn a_re_lettered_piece_keeps_its_place_in_the_inherited_sets() {
    // gemini gives janus's archbishop (`j`) the letter `a`: it still
    // promotes, as Fairy-Stockfish's sets hold types, not letters.
    assert_eq!(
        moves_from("gemini", "", "4k5/9P/10/10/10/10/10/4K5 w - - 0 1", "j7"),
        ["j7j8a", "j7j8b", "j7j8n", "j7j8q", "j7j8r"]
    );
}

#[test]
fn a_fen_without_its_en_passant_field_loses_a_digit_as_in_fairy_stockfish() {
    assert_eq!(
        fen_after("petty", "qkbnr/ppppp/5/5/PPPPP/QKBNR w - 0 1", &[]),
        "qkbnr/ppppp/5/5/PPPPP/QKBNR w - - 1 1"
    );
}

#[test]
fn duple_check_forbids_leaving_every_king_attacked() {
    // Spartan's Black has two kings: neither is royal alone, but no move may
    // leave both attacked (c8b8 and c8c7 walk into the queen's diagonal
    // while the bishop attacks f8).
    let names = moves_from(
        "spartan",
        "",
        "l1kcckw1/h2h1hBh/2h3l1/h1h5/2P1PQg1/NP3N2/P2P1P1P/R3K2R b KQ - 1 13",
        "",
    );
    assert_eq!(names.len(), 41, "{names:?}");
    assert!(
        !names.iter().any(|m| m == "c8b8" || m == "c8c7"),
        "{names:?}"
    );
}

#[test]
fn a_pawn_may_not_promote_to_a_royal_queen_on_an_attacked_square() {
    // Coregal's queens are royal: h8=Q would stand attacked by the rook on
    // a8 (pyffish: only h7h8b, h7h8n, h7h8r).
    assert_eq!(
        moves_from("coregal", "", "r7/4k2P/8/8/8/8/8/4K3 w - - 0 1", "h7"),
        ["h7h8b", "h7h8n", "h7h8r"]
    );
}

/// lichess's three-check suffix, the checks each side has given (`+2+0`),
/// read as Fairy-Stockfish reads it: its `tests/perft.sh` counts 12,407
/// nodes at depth 3 here (Fairy-Stockfish at c19b5f6, the line
/// `3check "fen 7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0" 3 12407`).
#[test]
fn a_lichess_check_suffix_counts_the_checks_given() {
    let fen = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0";
    let ini = data("fsf/variants.ini");
    let ini = ini.to_str().expect("a path");
    assert_eq!(common::perft_nodes("3check", "3", fen, ini), 12407);
    // White has given two checks: its next one wins, Black needs three
    // (pyffish 0.0.90 prints the same FEN).
    assert_eq!(
        fen_after("3check", fen, &[]),
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"
    );
}

/// Fairy-Stockfish's `tests/perft.sh` atomic lines (at c19b5f6) that
/// python-chess's suite does not hold, among them a castling through a
/// square a rook attacks past a king that touches the enemy king.
#[test]
fn fairy_stockfish_perft_sh_atomic_lines_match() {
    let ini = data("fsf/variants.ini");
    let ini = ini.to_str().expect("a path");
    for (fen, depth, nodes) in [
        (
            "r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1",
            "2",
            148,
        ),
        ("1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", "4", 17915),
        ("r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", "4", 98729),
    ] {
        assert_eq!(
            common::perft_nodes("atomic", depth, fen, ini),
            nodes,
            "{fen}"
        );
    }
}
