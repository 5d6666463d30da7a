//! The names other programs give variants in a record's `[Variant]` tag
//! (lichess, pychess-variants) reach our variants: by the variants'
//! `recordNames`, or by their names without case, spaces or hyphens.

mod common;

use common::{data, tetrarch};

#[test]
fn lichess_and_pychess_names_find_our_variants() {
    let path = data("pgn/other-sites/variant-tags.pgn");
    let (code, stdout, stderr) = tetrarch(&["replay", &path.display().to_string()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let variants: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("ok "))
        .filter_map(|l| l.split("): ").nth(1))
        .filter_map(|l| l.split(',').next())
        .collect();
    assert_eq!(
        variants,
        [
            "kingofthehill",
            "kingofthehill",
            "3check",
            "3check",
            "racingkings",
            "fischerandom",
            "seirawan960",
            "capahouse960",
            "caparandom",
            "seirawan",
        ],
        "{stdout}"
    );
    assert!(
        stdout.ends_with("10 games: 10 as recorded, 0 decided off the board, 0 failed\n"),
        "{stdout}"
    );
}

#[test]
fn a_pychess_export_replays() {
    let path = data("pgn/other-sites/pychess-grand-7sApQgpB.pgn");
    let (code, stdout, stderr) = tetrarch(&["replay", &path.display().to_string()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("grand, 49 plies, 1-0 decided off the board"),
        "{stdout}"
    );
}

#[test]
fn an_unknown_tag_is_named() {
    let path = common::variant_file("unknown-tag.pgn", "[Variant \"Yokai\"]\n\n1. e4 *\n");
    let (code, stdout, _) = tetrarch(&["replay", &path]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("FAILED") && stdout.contains("variant `yokai`"),
        "{stdout}"
    );
}

#[test]
fn s_chess_960_counts_as_fairy_stockfish_with_uci_chess960() {
    // pyffish 0.0.90, `seirawan` with `UCI_Chess960` on.
    for (fen, counts) in [
        (
            "qbrnkbrn/pppppppp/8/8/8/8/PPPPPPPP/QBRNKBRN[HEhe] w GCgc - 0 1",
            [361, 8145],
        ),
        (
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR[HEhe] w Gkq - 4 11",
            [1946, 75825],
        ),
    ] {
        for (depth, expected) in [(2, counts[0]), (3, counts[1])] {
            let (code, stdout, stderr) =
                tetrarch(&["perft", "seirawan960", &depth.to_string(), "--fen", fen]);
            assert_eq!(code, 0, "{stderr}");
            assert!(
                stdout.ends_with(&format!("Nodes searched: {expected}\n")),
                "{fen} depth {depth}: {stdout}"
            );
        }
    }
}
