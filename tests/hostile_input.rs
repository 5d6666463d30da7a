//! Reproductions of bad input found by a review and a mutation fuzzer over
//! the command line: each gets a clear message and its exit code (CLI.md),
//! never a panic, a hang or a silently wrong count.

mod common;

use std::process::{Command, Stdio};

use common::{data, perft_nodes, tetrarch, variant_file};

#[test]
fn multibyte_characters_in_a_fen_are_named_whole() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let (code, _, stderr) = tetrarch(&[
        "perft",
        "chess",
        "1",
        "--fen",
        &format!("{start} w KQkq é 0 1"),
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("`é` is not an en-passant square"),
        "{stderr}"
    );
    let (code, _, stderr) = tetrarch(&[
        "perft",
        "chess",
        "1",
        "--fen",
        "7é/8/8/8/8/8/8/K6k w - - 0 1",
    ]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`é` is not a piece letter"), "{stderr}");
    let (code, _, stderr) = tetrarch(&[
        "perft",
        "chess",
        "1",
        "--fen",
        &format!("{start} w KQké - 0 1"),
    ]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`é` is not a castling right"), "{stderr}");
}

#[test]
fn multibyte_characters_in_a_variant_file_are_rendered() {
    let path = variant_file("cjk.ini", "[z]\nstartFen=中\n");
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`中` is not a piece letter"), "{stderr}");
}

#[test]
fn a_section_with_errors_is_not_played() {
    for (name, text) in [
        (
            "castling-parts.ini",
            "[x:4pc-teams]\ncastlingSquares = Red:k:1:f1\n",
        ),
        (
            "castling-trailing.ini",
            "[x:4pc-teams]\ncastlingSquares = Red:\n",
        ),
        ("range.ini", "[x:chess]\ncustomPiece1 = a:W99999999999\n"),
        ("typo.ini", "[x:chess]\ncastlng = false\n"),
    ] {
        let path = variant_file(name, text);
        let (code, _, stderr) = tetrarch(&["check", &path]);
        assert_eq!(code, 1, "{name}: {stderr}");
        let (code, stdout, stderr) = tetrarch(&["perft", "x", "1", "--variants", &path]);
        assert_eq!(code, 1, "{name}: {stdout}{stderr}");
        assert!(
            stderr.contains("`x` has errors, so it cannot be played"),
            "{name}: {stderr}"
        );
        assert!(!stdout.contains("Nodes searched"), "{name}: {stdout}");
    }
}

#[test]
fn a_child_of_a_section_with_errors_has_errors() {
    let path = variant_file("broken-parent.ini", "[a:chess]\ncastlng = false\n[b:a]\n");
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1);
    assert!(stderr.contains("the parent `a` has errors"), "{stderr}");
}

/// A child that shrinks a four-player board inherits castling squares that
/// fall off it: a located error at the child's header, exit 1, in every
/// command (these files made `check`, `perft` and `describe` panic).
#[test]
fn inherited_castling_squares_off_a_smaller_board_are_located_errors() {
    // A 12 x 12 FEN4 of the same armies, moved in by one file and rank.
    let fen = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
               x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x/\
               x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x/\
               bR,bP,8,gP,gR/bN,bP,8,gP,gN/bB,bP,8,gP,gB/bQ,bP,8,gP,gK/\
               bK,bP,8,gP,gQ/bB,bP,8,gP,gB/bN,bP,8,gP,gN/bR,bP,8,gP,gR/\
               x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x/\
               x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x";
    for (name, text, square) in [
        (
            "shrunk-12.ini",
            format!("[x:4pc-ffa]\nmaxFile = 12\nmaxRank = 12\nstartFen = {fen}\n"),
            "`g14`",
        ),
        (
            "shrunk-10.ini",
            "[x:4pc-ffa]\nmaxFile = 10\n".to_string(),
            "`n8`",
        ),
    ] {
        let path = variant_file(name, &text);
        let (code, _, stderr) = tetrarch(&["check", &path]);
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(
            stderr.contains(square)
                && stderr.contains("in the value this section inherits")
                && stderr.contains(&format!("{name}:1:2")),
            "{name}: {stderr}"
        );
        for args in [
            vec!["perft", "x", "1"],
            vec!["describe", "x"],
            vec!["describe", "x", "--format", "json"],
        ] {
            let mut args = args;
            args.extend(["--variants", &path]);
            let (code, stdout, stderr) = tetrarch(&args);
            assert_eq!(code, 1, "{name} {args:?}: {stdout}{stderr}");
            assert!(
                stderr.contains("`x` has errors, so it cannot be played"),
                "{name} {args:?}: {stderr}"
            );
        }
    }
}

#[test]
fn perft_depth_is_bounded() {
    let (code, stdout, stderr) = tetrarch(&["perft", "chess", "20000"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("at most 64"), "{stderr}");
}

#[test]
fn a_closed_or_full_output_is_an_exit_code() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if let Ok(full) = full {
        let status = Command::new(env!("CARGO_BIN_EXE_tetrarch"))
            .arg("keys")
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        assert_eq!(status.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&status.stderr);
        assert!(
            stderr.contains("cannot write to standard output"),
            "{stderr}"
        );
    }
    // A reader that closes the pipe at once, like `| head -0` (depth 5 takes
    // long enough that nothing is written before the pipe is closed).
    let mut child = Command::new(env!("CARGO_BIN_EXE_tetrarch"))
        .args(["perft", "chess", "5", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("ends");
    assert_eq!(output.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

#[test]
fn move_text_of_another_form_is_a_notation_error() {
    for text in [
        "please move h2 to h4",
        "h2-h4-h99",
        "h2é-h4",
        "h2-h4=",
        "h2h4",
    ] {
        let (code, _, stderr) = tetrarch(&["perft", "4pc-teams", "1", "--moves", text]);
        assert_eq!(code, 1, "{text}");
        assert!(stderr.contains("is not a move:"), "{text}: {stderr}");
    }
    let (code, _, stderr) = tetrarch(&["perft", "chess", "1", "--moves", "e2-e4"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`e2-e4` is not a move: "), "{stderr}");
    let (code, _, stderr) = tetrarch(&["perft", "chess", "1", "--moves", "e2e5"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`e2e5` is not a legal move"), "{stderr}");
    let (code, stdout, _) = tetrarch(&["perft", "4pc-teams", "1", "--moves", "Ph2-h4+"]);
    assert_eq!(code, 0);
    assert!(stdout.ends_with("Nodes searched: 20\n"), "{stdout}");
}

#[test]
fn more_moves_than_the_inline_list_holds_are_all_counted() {
    // 45 white pieces moving as QNNCZHG on 12 × 10: 1,104 legal moves,
    // past the 1,024 a move list holds without allocating. Counts from
    // Fairy-Stockfish (pyffish 0.0.90, `legal_moves` of the position and of
    // every position after one move): 1,104 and 40,206.
    let path = variant_file(
        "amazons.ini",
        "[amazons12:chess]\nmaxFile = 12\nmaxRank = 10\nking = -\ncustomPiece1 = a:QNNCZHG\n\
         pawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\n\
         startFen = 12/12/12/12/12/12/12/12/12/12 w - - 0 1\nextinctionPieceTypes = a\n",
    );
    let fen = "1AAA1AAAAA2/A5A5/A2A7A/3AA2A1AA1/A3AAA5/AAA1AAAAA3/2A4A3a/A2A7A/6A1AA2/1AAAA1A2AA1 w - - 0 1";
    let run = |depth: &str, divide: bool| {
        let mut args = vec![
            "perft",
            "amazons12",
            depth,
            "--fen",
            fen,
            "--variants",
            &path,
        ];
        if divide {
            args.push("--divide");
        }
        let (code, stdout, stderr) = tetrarch(&args);
        assert_eq!(code, 0, "{stderr}");
        stdout
    };
    assert!(run("1", false).ends_with("Nodes searched: 1104\n"));
    assert_eq!(
        run("1", true)
            .lines()
            .filter(|l| l.ends_with(": 1"))
            .count(),
        1104
    );
    assert!(run("2", false).ends_with("Nodes searched: 40206\n"));
}

#[test]
fn diagnostics_are_capped_per_line_and_counted() {
    let tokens = vec!["X:y"; 24_000].join(" ");
    let path = variant_file(
        "long-line.ini",
        &format!("[x:4pc-teams]\ncastlingSquares = {tokens}\n"),
    );
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1);
    assert!(
        stderr.len() < 10_000,
        "{} bytes of diagnostics",
        stderr.len()
    );
    assert!(stderr.contains("more diagnostics not shown"), "{stderr}");
}

#[test]
fn a_long_inheritance_cycle_is_reported_briefly() {
    let mut text = String::new();
    for i in 0..1000 {
        text.push_str(&format!("[s{i}:s{}]\n", (i + 1) % 1000));
    }
    let path = variant_file("cycle.ini", &text);
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1);
    assert!(
        stderr.len() < 100_000,
        "{} bytes of diagnostics",
        stderr.len()
    );
    assert!(
        stderr.contains("more) …"),
        "{}",
        &stderr[..500.min(stderr.len())]
    );
}

#[test]
fn numbers_too_large_for_a_key_are_errors_at_their_column() {
    let path = variant_file(
        "narrowing.ini",
        "[c:chess]\ndoubleStepRelativeRank = 300\npromotionRelativeRank = 999999999999\n",
    );
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1);
    assert!(stderr.contains("narrowing.ini:2:26"), "{stderr}");
    assert!(stderr.contains("narrowing.ini:3:25"), "{stderr}");
    let (code, stdout, _) = tetrarch(&["perft", "c", "2", "--variants", &path]);
    assert_eq!(code, 1, "{stdout}");
    let path = variant_file(
        "off-board.ini",
        "[c:chess]\ndoubleStepRelativeRank = 9\ncastlingRank = 12\n",
    );
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("`doubleStepRelativeRank` names `9`, outside the 8 × 8 board"),
        "{stderr}"
    );
    assert!(
        stderr.contains("`castlingRank` names `12`, outside the 8 × 8 board"),
        "{stderr}"
    );
}

#[test]
fn repeated_betza_atoms_are_one_rule() {
    use tetrarch::betza::Betza;
    let once = Betza::parse("Q").expect("valid").rules();
    let often = Betza::parse(&"Q".repeat(10_000)).expect("valid").rules();
    assert_eq!(once, often);
    let once = Betza::parse("(1,2)").expect("valid").rules();
    let often = Betza::parse(&"(1,2)".repeat(1_000)).expect("valid").rules();
    assert_eq!(once, often);
}

#[test]
fn a_large_variants_file_gives_one_line_per_kind_of_problem() {
    // Fairy-Stockfish's file (every section of which tetrarch plays), with
    // three sections whose blasts petrify, which tetrarch does not
    // implement yet.
    let fsf = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    let stone = "petrifyBlastPieces = true";
    let text = format!(
        "{fsf}\n[stone1:atomic]\n{stone}\n[stone2:atomic]\n{stone}\n[stone3:atomic]\n{stone}\n"
    );
    let ini = variant_file("large-variants.ini", &text);
    let ini = ini.as_str();
    let (code, stdout, stderr) = tetrarch(&["perft", "wildebeest", "2", "--variants", ini]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.ends_with("Nodes searched: 2025\n"), "{stdout}");
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    // The same sections `check` counts as unsupported.
    let (_, summary, _) = tetrarch(&["check", ini]);
    let unsupported = summary
        .split(", ")
        .find_map(|part| part.strip_suffix(" with unsupported features\n"))
        .unwrap_or_else(|| panic!("{summary}"));
    assert!(
        warnings[0].starts_with(&format!("warning: {unsupported} sections of")),
        "{stderr}"
    );
    assert_eq!(unsupported, "3", "{summary}");
    assert!(warnings[0].contains("`stone2`"), "{stderr}");
}

#[test]
fn twenty_pinned_pieces_all_stay_pinned() {
    // A White king on h8 of a 16 × 16 board; on each of 20 lines through it
    // (4 diagonals, 8 nightrider and 8 camel-rider lines) a White wazir
    // stands next to the king and a Black rider of that line behind it.
    // A wazir steps orthogonally, so it can never stay on its line: worked
    // out from the rule text, none of the 20 wazirs has a legal move. (The
    // old pin list held 16, so four of them moved.)
    use tetrarch::board::Square;
    use tetrarch::catalog::Catalog;
    use tetrarch::moves::MoveList;
    use tetrarch::position::Position;
    use tetrarch::rules::compile;
    use tetrarch::source::SourceFile;
    let king = (7i32, 7i32);
    let mut board = [['.'; 16]; 16];
    board[king.1 as usize][king.0 as usize] = 'K';
    board[0][15] = 'k';
    let mut lines: Vec<((i32, i32), char)> = Vec::new();
    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        lines.push(((df, dr), 'b'));
    }
    for (a, b, rider) in [(1, 2, 'n'), (1, 3, 'c')] {
        for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            lines.push(((a * sf, b * sr), rider));
            lines.push(((b * sf, a * sr), rider));
        }
    }
    let mut wazirs = Vec::new();
    for &((df, dr), rider) in &lines {
        let (wf, wr) = (king.0 + df, king.1 + dr);
        board[wr as usize][wf as usize] = 'W';
        board[(king.1 + 2 * dr) as usize][(king.0 + 2 * df) as usize] = rider;
        wazirs.push(Square::new(wf as u8, wr as u8));
    }
    let rows: Vec<String> = (0..16)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut empty = 0;
            for &c in &board[r] {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let fen = format!("{} w - - 0 1", rows.join("/"));
    let text = format!(
        "[pins:chess]\nmaxFile = p\nmaxRank = 16\ncastling = false\npawn = -\nknight = -\n\
         customPiece1 = w:W\ncustomPiece2 = n:NN\ncustomPiece3 = c:CC\nstartFen = {fen}\n"
    );
    let mut catalog = Catalog::shipped();
    catalog.load(SourceFile::new("pins.ini", text));
    let rules = compile(catalog.checked("pins").expect("no errors")).expect("supported");
    let mut pos = Position::from_text(&rules, &fen).expect("a legal position");
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    assert_eq!(wazirs.len(), 20);
    for wazir in wazirs {
        let from = rules.square(wazir.file, wazir.rank);
        let moving: Vec<_> = list
            .as_slice()
            .iter()
            .filter(|m| m.from() == Some(from))
            .collect();
        assert!(
            moving.is_empty(),
            "the pinned wazir on {wazir} moves: {moving:?}"
        );
    }
}

#[test]
fn ten_pseudo_royal_pieces_are_all_guarded() {
    // Ten White commoners, each pseudo-royal (`extinctionPseudoRoyal` with
    // `extinctionPieceCount = 9`), against a Black rook on h8. Counts from
    // Fairy-Stockfish (pyffish 0.0.90, `legal_moves` of the position and of
    // every position after one move): 3 and 48. The old list of 8
    // pseudo-royals left two unguarded and counted 63 and 762.
    let path = variant_file(
        "tenkings.ini",
        "[tenkings:chess]\nking = -\ncommoner = k\nextinctionPieceTypes = k\n\
         extinctionPieceCount = 9\nextinctionPseudoRoyal = true\ncastling = false\n\
         startFen = k7/8/8/8/8/8/8/K7 w - - 0 1\n",
    );
    let fen = "k6r/8/8/1K1K1K1K/8/K1K1K1K1/8/2K5 w - - 0 1";
    assert_eq!(perft_nodes("tenkings", "1", fen, &path), 3);
    assert_eq!(perft_nodes("tenkings", "2", fen, &path), 48);
}

#[test]
fn seventeen_flag_pieces_are_all_judged() {
    // `flagPieceCount = 17` with `flagPieceSafe`: White's 17th flag piece,
    // on h8, can be taken by the rook, so White has not safely reached the
    // flag and Black plays on. Counts from Fairy-Stockfish (pyffish 0.0.90):
    // 14 moves and 144 at depth 2; without the rook the game is over (0).
    // The old list of 16 flag pieces never looked at h8 and counted 0.
    let path = variant_file(
        "flags.ini",
        "[flags:chess]\npawn = -\ncustomPiece1 = a:mW\nflagPiece = a\n\
         flagRegionWhite = *6 *7 *8\nflagRegionBlack = *1\nflagPieceCount = 17\n\
         flagPieceSafe = true\ncastling = false\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    let taken = "AAAAAAAA/AAAAAAA1/AA6/8/8/8/8/K3k2r b - - 0 1";
    assert_eq!(perft_nodes("flags", "2", taken, &path), 144);
    let safe = "AAAAAAAA/AAAAAAA1/AA6/8/8/8/8/K3k3 b - - 0 1";
    assert_eq!(perft_nodes("flags", "2", safe, &path), 0);
}

#[test]
fn a_rook_on_a_sixteen_file_rank_is_counted_to_its_blocker() {
    // 16 x 4 is 64 squares, but a rank ride of 15 squares has 14 squares
    // that can stop it: too many for one slide table, so it is walked.
    // Counted by hand: the rook on a1 has b1..o1 (14) and a2..a4 (3), the
    // king on p1 has o1, o2, p2: 20. With a knight on h1, the rook has
    // b1..g1 (6) and a2..a4, the knight f2, j2, g3, i3, the king 3: 16.
    let path = variant_file(
        "wide.ini",
        "[wide:chess]\nmaxFile = 16\nmaxRank = 4\ncastling = false\n\
         startFen = 15k/16/16/R14K w - - 0 1\n",
    );
    assert_eq!(
        perft_nodes("wide", "1", "15k/16/16/R14K w - - 0 1", &path),
        20
    );
    assert_eq!(
        perft_nodes("wide", "1", "15k/16/16/R6N7K w - - 0 1", &path),
        16
    );
}

#[test]
fn check_refuses_a_start_position_that_cannot_arise() {
    // Black, not to move, is in check from the rook: perft refuses such a
    // position, so `check` must too (they set it up the same way).
    let path = variant_file(
        "cannot-arise.ini",
        "[arise:chess]\nstartFen = 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n\
         [arise2:chess]\nstartFen = 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\n",
    );
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("the start position cannot be played"),
        "{stderr}"
    );
    assert!(stderr.contains("cannot-arise.ini:4:"), "{stderr}");
    let (code, _, _) = tetrarch(&["perft", "arise", "1", "--variants", &path]);
    assert_eq!(code, 0, "a legal start still plays");
}

/// Found by `cargo fuzz run variant_file`: rank 0 in a region overflowed
/// (a panic with debug assertions, a wrong square without).
#[test]
fn a_region_naming_rank_zero_is_an_error() {
    let path = variant_file(
        "rank-zero.ini",
        "[squat:chess]\nflagRegionWhite = *8\nflagRegionBlack = *0\n",
    );
    let (code, _, stderr) = tetrarch(&["check", &path]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("`*0` is not a square"), "{stderr}");
}

/// Found by `cargo fuzz run fen4`: a count of empty squares near 2^32
/// overflowed (a panic with debug assertions; without, a rank could wrap
/// around to the right width).
#[test]
fn a_huge_count_of_empty_squares_in_a_fen4_is_an_error() {
    let start = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-";
    let board = "x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
    let wrapped = board.replacen("x,x,x,8,x,x,x", "x,x,x,4294967295,9,x,x,x", 1);
    let (code, _, stderr) = tetrarch(&[
        "perft",
        "4pc-teams",
        "1",
        "--fen",
        &format!("{start}{wrapped}"),
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("`4294967295` is not a count of empty squares (1 to 16)"),
        "{stderr}"
    );
}

#[test]
fn bad_pockets_and_drops_are_refused_with_reasons() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let many = "Q".repeat(300);
    for (variant, fen, expected) in [
        (
            "crazyhouse",
            format!("{board}[Z] w KQkq - 0 1"),
            "`z` in the pocket is not a piece of `crazyhouse`",
        ),
        (
            "chess",
            format!("{board}[Q] w KQkq - 0 1"),
            "`chess` has no pieces in hand, but the pocket lists some",
        ),
        (
            "crazyhouse",
            format!("{board}[{many}] w KQkq - 0 1"),
            "more than 255 pieces of one type",
        ),
        (
            "crazyhouse",
            format!("{board}[Q!] w KQkq - 0 1"),
            "`!` in the pocket is not a piece letter",
        ),
    ] {
        let (code, stdout, stderr) = tetrarch(&["perft", variant, "1", "--fen", &fen]);
        assert_eq!(code, 1, "{fen}: {stdout}{stderr}");
        assert!(stderr.contains(expected), "{fen}: {stderr}");
    }
    for (variant, mv, expected) in [
        ("crazyhouse", "P@e4", "is not a legal move"),
        ("crazyhouse", "Z@e4", "`Z` is not a piece of `crazyhouse`"),
        ("crazyhouse", "P@z9", "`z9` is not a square of the board"),
        ("crazyhouse", "PP@e4", "write a drop as a piece letter"),
        ("crazyhouse", "@e4", "write a drop as a piece letter"),
        ("chess", "P@e4", "this variant has no pieces in hand"),
    ] {
        let (code, stdout, stderr) = tetrarch(&["perft", variant, "1", "--moves", mv]);
        assert_eq!(code, 1, "{mv}: {stdout}{stderr}");
        assert!(stderr.contains(expected), "{variant} {mv}: {stderr}");
    }
}

#[test]
fn a_device_is_not_read_as_a_variant_file() {
    // The audit's `/dev/zero`: read without a limit it filled memory.
    for args in [
        &["check", "/dev/zero"][..],
        &["describe", "chess", "--variants", "/dev/zero"][..],
    ] {
        let (code, _, stderr) = tetrarch(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot read `/dev/zero`: it is not a regular file"),
            "{args:?}: {stderr}"
        );
    }
}
