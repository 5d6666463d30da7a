//! Positions where the move generator judges moves legal without making
//! them (`Position::count_by_exposure`, the herds counted together and the
//! legal-move list): the counts are Fairy-Stockfish's (pyffish 0.0.90 with
//! the variant text below, or Fairy-Stockfish's own `variants.ini`), at
//! depth 1 (the counting path) and 2 (the list at the root).

mod common;

use common::{perft_nodes, variant_file};

/// Crazyhouse where the last knight is pseudo-royal, crazyhouse without
/// checks, placement without its bishops' rule, chess where the last
/// queen is pseudo-royal, and chess where a wazir promotes to a knight
/// that may demote.
const VARIANTS: &str = "\
[lastqueen:chess]
extinctionValue = loss
extinctionPieceTypes = q
extinctionPseudoRoyal = true

[prdrop:crazyhouse]
extinctionValue = loss
extinctionPieceTypes = n
extinctionPseudoRoyal = true

[nocheckhouse:crazyhouse]
checking = false

[kingdrop:placement]
dropOppositeColoredBishop = false

[herddemotion:chess]
customPiece1 = a:W
promotedPieceType = a:n
pieceDemotion = true
promotionRegionWhite = *5 *6 *7 *8
promotionRegionBlack = *4 *3 *2 *1
";

#[test]
fn a_pseudo_royal_piece_is_not_dropped_where_it_is_attacked() {
    // The knight in hand would be White's only knight, so pseudo-royal:
    // of the 61 empty squares, the 13 that the rook on h8 (h1-h7, f8,
    // g8) and the king on e8 (d7, e7, f7, d8) attack are closed: 48
    // drops and 5 king steps.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "4k2r/8/8/8/8/8/8/4K3[N] w - - 0 1";
    assert_eq!(perft_nodes("prdrop", "1", fen, &path), 53);
    assert_eq!(perft_nodes("prdrop", "2", fen, &path), 688);
}

#[test]
fn a_drop_may_not_give_check_where_checks_are_forbidden() {
    // Of the 62 empty squares, the knight may not be dropped on the four
    // (c7, d6, f6, g7) from which it attacks the king on e8: 58 drops and
    // 5 king steps.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
    assert_eq!(perft_nodes("nocheckhouse", "1", fen, &path), 63);
    assert_eq!(perft_nodes("nocheckhouse", "2", fen, &path), 291);
    let fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1";
    assert_eq!(perft_nodes("nocheckhouse", "2", fen, &path), 3885);
}

#[test]
fn gatings_are_counted_from_the_moves_that_leave_a_gate() {
    // Rooks on a1 and h1, king on e1, a hawk and an elephant in hand:
    // 34 moves without gating, and each of the two types gated after the
    // rooks' and the king's 8 plain moves (16) and on the king's or the
    // rook's square after each castling (8). perft counts the last ply's
    // gatings without listing the other moves (`Position::count_gatings`).
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "r3k2r/pppq1ppp/2n1pn2/3p4/3P4/2N1PN2/PPPQ1PPP/R3K2R[HEhe] w KQkq - 0 1";
    assert_eq!(perft_nodes("seirawan", "1", fen, &path), 58);
    assert_eq!(perft_nodes("seirawan", "2", fen, &path), 3363);
    // With drops besides (S-House).
    assert_eq!(perft_nodes("shouse", "1", fen, &path), 130);
    assert_eq!(perft_nodes("shouse", "2", fen, &path), 15606);
}

#[test]
fn a_king_is_not_placed_where_it_is_attacked() {
    // White has no piece on the board, so nothing it drops can expose a
    // king, except the king itself: of the eight squares of its first
    // rank, a1 is attacked by the rook on a8. 7 king drops, 8 knight drops.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "r3k3/8/8/8/8/8/8/8[KNn] w - - 0 1";
    assert_eq!(perft_nodes("kingdrop", "1", fen, &path), 15);
    assert_eq!(perft_nodes("kingdrop", "2", fen, &path), 90);
}

#[test]
fn placement_drops_keep_the_bishops_apart_and_no_king_lands_attacked() {
    // White's bishop stands on a dark square, so its second one may only
    // be dropped on a light one: b1, d1, f1, h1 (and the king and knight
    // on any of the seven empty squares). After B@h1, black's king in
    // hand may not land on a8, which that bishop attacks, though black
    // has a king on the board already. Counts from pyffish 0.0.90.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "4k3/8/8/8/8/8/8/2B5[KBNk] w - - 0 1";
    assert_eq!(perft_nodes("placement", "1", fen, &path), 18);
    assert_eq!(perft_nodes("placement", "2", fen, &path), 125);
    assert_eq!(perft_nodes("placement", "3", fen, &path), 1248);
}

#[test]
fn a_castling_rook_that_shields_the_destination_is_tested_moved() {
    // Chess960 rights: White's king on c1 may castle with the rook on b1
    // (the king stays on c1, the rook goes to d1). No square is attacked
    // with both in place, but once the rook has left b1 Black's rook on
    // a1 attacks c1: only the 4 king steps and Rxa1 remain. Without that
    // rook the castling is legal (c1b1 among 13 moves).
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "4k3/8/8/8/8/8/8/rRK5 w B - 0 1";
    assert_eq!(perft_nodes("chess", "1", fen, &path), 5);
    assert_eq!(perft_nodes("chess", "2", fen, &path), 57);
    let fen = "4k3/8/8/8/8/8/8/1RK5 w B - 0 1";
    assert_eq!(perft_nodes("chess", "1", fen, &path), 13);
    assert_eq!(perft_nodes("chess", "2", fen, &path), 58);
}

#[test]
fn only_a_lone_shield_is_tested_where_checks_are_forbidden() {
    // Racing kings: White's king on a1, Black's rook on a8 and bishop on
    // h8. The knight on a2 shields the king alone: none of its moves is
    // legal. On the long diagonal the bishop on b2 and the rook on d4
    // shield it together, so either may leave it; the rook's moves to d1
    // and h4 would check the king on h1. 16 moves: the king's step, the
    // bishop's 3 and the rook's 12.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "r6b/8/8/8/3R4/8/NB6/K6k w - - 0 1";
    assert_eq!(perft_nodes("racingkings", "1", fen, &path), 16);
    assert_eq!(perft_nodes("racingkings", "2", fen, &path), 291);
    // Without the rook, the bishop shields the king alone: it may only
    // move along the diagonal (6 moves), and the king may step to b1.
    let fen = "r6b/8/8/8/8/8/NB6/K6k w - - 0 1";
    assert_eq!(perft_nodes("racingkings", "1", fen, &path), 7);
    assert_eq!(perft_nodes("racingkings", "2", fen, &path), 114);
}

#[test]
fn cambodian_first_moves_are_judged_like_the_others() {
    // White's king on its gate d1 may leap to b2 or f2; Black's rook on
    // b8 covers b2: 5 steps and the leap to f2.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "1r2k3/8/8/8/8/8/8/3K4 w D - 0 1";
    assert_eq!(perft_nodes("cambodian", "1", fen, &path), 6);
    assert_eq!(perft_nodes("cambodian", "2", fen, &path), 90);
    // The fers on its gate e1 may also step two squares ahead to e3...
    let fen = "1r2k3/8/8/8/8/8/8/3KM3 w DE - 0 1";
    assert_eq!(perft_nodes("cambodian", "1", fen, &path), 8);
    assert_eq!(perft_nodes("cambodian", "2", fen, &path), 120);
    // ...but not while Black's rook on h1 pins it to the king.
    let fen = "1r2k3/8/8/8/8/8/8/3KM2r w DE - 0 1";
    assert_eq!(perft_nodes("cambodian", "1", fen, &path), 5);
    assert_eq!(perft_nodes("cambodian", "2", fen, &path), 125);
}

#[test]
fn promotions_off_the_judged_lines_are_counted_together() {
    // Chennis (Fairy-Stockfish's variants.ini): the whole board is each
    // side's promotion region and a commoner must promote to a knight, so
    // all its moves are promotions. Black's cannon on e7 would check the
    // king on e1 over a hurdle on the e-file: of the commoner's eight
    // moves from d3, those to e2, e3 and e4 are illegal (5 legal), beside
    // the king's 5 steps.
    let path = common::data("fsf/variants.ini").display().to_string();
    let fen = "2k1c2/7/7/7/3M3/7/4K2[] w - - 0 1";
    assert_eq!(perft_nodes("chennis", "1", fen, &path), 10);
    assert_eq!(perft_nodes("chennis", "2", fen, &path), 130);
    // With the soldier on e4 as the hurdle, the commoner on e3 shields
    // the king: only its step to e2 stays on the line.
    let fen = "2k1c2/7/7/4S2/4M2/7/4K2[] w - - 0 1";
    assert_eq!(perft_nodes("chennis", "1", fen, &path), 7);
    assert_eq!(perft_nodes("chennis", "2", fen, &path), 70);
}

#[test]
fn a_promotion_to_a_pseudo_royal_type_is_tested() {
    // The last queen is pseudo-royal: a pawn promoting to a queen on a8,
    // where Black's rook on c8 attacks it, would make the only queen and
    // leave it attacked. The three other promotions and the king's five
    // steps are legal.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let fen = "2r4k/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(perft_nodes("lastqueen", "1", fen, &path), 8);
    assert_eq!(perft_nodes("lastqueen", "2", fen, &path), 121);
    // With a queen on d1 already, the new one is not the last: legal.
    let fen = "2r4k/P7/8/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(perft_nodes("lastqueen", "1", fen, &path), 22);
    assert_eq!(perft_nodes("lastqueen", "2", fen, &path), 289);
}

#[test]
fn knights_that_may_demote_are_not_counted_as_a_herd() {
    // Two knights, promoted wazirs (`+A`), may demote on every move that
    // starts or ends on ranks 5 to 8: c6's eight moves give sixteen, f4's
    // four into the region give eight more besides its four others; the
    // king has five steps. Unpromoted, the same knights have 16 moves.
    let path = variant_file("shortcuts.ini", VARIANTS);
    let promoted = "4k3/8/2+A5/8/5+A2/8/8/4K3 w - - 0 1";
    assert_eq!(perft_nodes("herddemotion", "1", promoted, &path), 33);
    assert_eq!(perft_nodes("herddemotion", "2", promoted, &path), 122);
    let plain = "4k3/8/2N5/8/5N2/8/8/4K3 w - - 0 1";
    assert_eq!(perft_nodes("herddemotion", "1", plain, &path), 21);
    assert_eq!(perft_nodes("herddemotion", "2", plain, &path), 73);
}
