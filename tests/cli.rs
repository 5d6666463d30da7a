//! The command line end to end: output and exit codes of CLI.md.

mod common;

use common::tetrarch;

use clap::CommandFactory;
use tetrarch::cli::Cli;

#[test]
fn clap_definition_is_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn shipped_variants_check_clean() {
    let (code, stdout, stderr) = tetrarch(&["check"]);
    assert_eq!(code, 0, "{stderr}");
    // tetrarch's own eleven variants, Fairy-Stockfish's 120 built-ins and
    // pychess-variants' two 960 forms, all played; the only findings are
    // the keys read but not enforced yet.
    assert!(stdout.starts_with("133 variants: "), "{stdout}");
    assert!(!stdout.contains("with errors"), "{stdout}");
    assert!(stdout.contains(" 0 with unsupported features"), "{stdout}");
    for line in stderr
        .lines()
        .filter(|l| !l.starts_with(' ') && l.contains(": "))
    {
        assert!(
            line.starts_with("warning: `") && line.ends_with("` is read but not enforced yet"),
            "shipped variants have no other findings: {line}\n{stderr}"
        );
    }
}

#[test]
fn fairy_stockfish_variants_ini_loads_without_errors() {
    let path = common::data("fsf/variants.ini");
    let (code, stdout, stderr) = tetrarch(&["check", path.to_str().expect("utf-8 path")]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("error:"), "{stderr}");
    let summary = stdout.trim_end();
    assert!(summary.starts_with("143 variants: "), "{summary}");
    assert!(summary.ends_with("with unsupported features"), "{summary}");
}

#[test]
fn errors_exit_with_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/broken/unknown-key.ini");
    let (code, stdout, stderr) = tetrarch(&["check", path]);
    assert_eq!(code, 1);
    assert!(stderr.contains("did you mean `castling`?"), "{stderr}");
    assert!(stdout.contains("1 with errors"), "{stdout}");
}

#[test]
fn a_missing_file_is_a_usage_problem() {
    let (code, _, stderr) = tetrarch(&["check", "/no/such/file.ini"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot read `/no/such/file.ini`"),
        "{stderr}"
    );
}

#[test]
fn bad_arguments_exit_with_two() {
    let (code, _, _) = tetrarch(&["frobnicate"]);
    assert_eq!(code, 2);
}

#[test]
fn perft_prints_divide_lines_then_the_total() {
    let (code, stdout, _) = tetrarch(&["perft", "chess", "2", "--divide", "--moves", "e2e4"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 20 + 2, "{stdout}");
    // After 1.e4 e5 White has 14 pawn moves, 5 knight (a3 c3 e2 f3 h3), 5 bishop,
    // 4 queen and 1 king move.
    assert!(lines.contains(&"e7e5: 29"), "{stdout}");
    assert_eq!(lines[lines.len() - 2], "");
    assert_eq!(lines[lines.len() - 1], "Nodes searched: 600");
}

#[test]
fn four_player_perft_takes_fen4_moves() {
    let (code, stdout, _) = tetrarch(&[
        "perft",
        "4pc-teams",
        "1",
        "--divide",
        "--moves",
        "h2-h4",
        "b7-d7",
    ]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("k13-k11: 1"), "{stdout}");
    assert!(stdout.ends_with("Nodes searched: 20\n"), "{stdout}");
}

#[test]
fn perft_errors_have_their_exit_codes() {
    assert_eq!(tetrarch(&["perft", "chesss", "1"]).0, 2, "unknown variant");
    assert_eq!(
        tetrarch(&["perft", "chess", "1", "--fen", "8/8/8 w - - 0 1"]).0,
        1,
        "bad FEN"
    );
    assert_eq!(
        tetrarch(&["perft", "chess", "1", "--moves", "e2e5"]).0,
        1,
        "illegal move"
    );
    let ini = common::variant_file(
        "unsupported.ini",
        "[stoneblast:atomic]\npetrifyBlastPieces = true\n",
    );
    assert_eq!(
        tetrarch(&["perft", "stoneblast", "1", "--variants", &ini]).0,
        2,
        "unsupported variant"
    );
}

#[test]
fn a_variants_file_overrides_a_shipped_section_and_names_broken_ones() {
    // `chess` without castling, and a broken section beside it.
    let file = common::variant_file(
        "override.ini",
        "[chess]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\ncastling = false\n[broken:chess]\ncastlng = false\n",
    );
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (code, stdout, stderr) = tetrarch(&[
        "perft",
        "chess",
        "1",
        "--fen",
        kiwipete,
        "--variants",
        &file,
    ]);
    assert_eq!(code, 0, "{stderr}");
    // Kiwipete has 48 moves, 2 of them castling.
    assert_eq!(stdout, "Nodes searched: 46\n");
    assert!(
        stderr.contains("warning: 1 section of")
            && stderr.contains("has errors")
            && stderr.contains("`broken`"),
        "{stderr}"
    );
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("warning")).count(),
        1,
        "{stderr}"
    );
}

/// The last line of a perft run, as a number.
fn perft_nodes(args: &[&str]) -> u64 {
    let (code, stdout, stderr) = tetrarch(args);
    assert_eq!(code, 0, "{stderr}");
    let last = stdout.lines().last().expect("a last line");
    last.strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not a perft line: {last}"))
}

/// Azul's rook mates Violeta (RULES.md §2, worked by hand in
/// tests/scenarios/tetrion-prime/mate-at-turn-arrival-removes-army.toml).
const VIOLETA_MATED: &str = "A-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,vK,7,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/13,tK/lK,13/14/4,aR,9/2,aR,11/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,aK,3,x,x,x";

#[test]
fn perft_moves_eliminate_a_player_mated_by_the_listed_moves() {
    // After Laranja's move Violeta is mated: perft takes Violeta out and
    // counts Turquesa's five king moves (before, it counted Violeta's none).
    let args = [
        "perft",
        "tetrion-prime",
        "1",
        "--fen",
        VIOLETA_MATED,
        "--moves",
        "c4-d4",
        "a7-b7",
    ];
    assert_eq!(perft_nodes(&args), 5);
    // Turquesa's move is then accepted as the next listed move.
    let args = [
        "perft",
        "tetrion-prime",
        "1",
        "--fen",
        VIOLETA_MATED,
        "--moves",
        "c4-d4",
        "a7-b7",
        "n8-n7",
    ];
    let (code, _, stderr) = tetrarch(&args);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn perft_moves_give_a_walking_king_its_turn() {
    // Blue resigned and its king walks on a7; after Red's move it is
    // Blue's turn: a6 and a8 (the b-file rook covers b6, b7 and b8).
    let fen = "R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/1,rR,12/14/14/13,gK/bK,13/14/14/3,rR,10/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    assert_eq!(
        perft_nodes(&["perft", "4pc-ffa", "1", "--fen", fen, "--moves", "h1-g1"]),
        2
    );
}

#[test]
fn perft_moves_capturing_a_king_with_loser_scope_seat_eliminates_only_that_seat() {
    // Yellow takes Green's checked king; Red then has 11 moves (worked out
    // in tests/scenarios/custom/king-capture-eliminates-one-seat.toml).
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/custom/king-capture-ffa.ini"
    );
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/10,yQ,3/14/12,rN,1/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let args = [
        "perft",
        "ffa-king-capture",
        "1",
        "--variants",
        file,
        "--fen",
        fen,
        "--moves",
        "m9-l7",
        "a7-a6",
        "k11xn8",
    ];
    assert_eq!(perft_nodes(&args), 11);
}

fn scenario_error(name: &str) -> String {
    format!(
        "{}/tests/scenario-errors/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn test_reports_a_failing_expectation_with_step_line_expected_and_got() {
    let file = scenario_error("failing-expectation.toml");
    let (code, stdout, _) = tetrarch(&["test", &file]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        format!(
            "FAILED {file}: step 4: expected rule = \"stalemate\", got \"checkmate\" (line 10)\n0 passed, 1 failed\n"
        )
    );
    let file = scenario_error("accepted-against-refused.toml");
    let (code, stdout, _) = tetrarch(&["test", &file]);
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with(&format!(
            "FAILED {file}: step 1: expected the step to be refused, got it accepted (line 3)\n"
        )),
        "{stdout}"
    );
}

#[test]
fn test_reports_a_broken_scenario_file_at_its_line_and_column() {
    for (name, place, message) in [
        ("unknown-key.toml", ":4:1", "unknown field `expct`"),
        ("bad-move-notation.toml", ":3:8", "`e2-e4` is not a move"),
        (
            "unknown-seat.toml",
            ":4:6",
            "unknown seat `Purple`; this variant's seats are White, Black",
        ),
    ] {
        let file = scenario_error(name);
        let (code, stdout, stderr) = tetrarch(&["test", &file]);
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(stdout.starts_with(&format!("FAILED {file}: ")), "{stdout}");
        assert!(stdout.contains(message), "{name}: {stdout}");
        assert!(
            stderr.contains(&format!("{file}{place}")),
            "{name}: {stderr}"
        );
        assert!(stdout.ends_with("0 passed, 1 failed\n"), "{stdout}");
    }
}

#[test]
fn test_exits_two_for_an_unknown_variant_or_a_missing_file() {
    let unknown = scenario_error("unknown-variant.toml");
    let (code, stdout, stderr) = tetrarch(&["test", &unknown]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.contains("unknown variant `nochess`"), "{stdout}");
    let (code, _, stderr) = tetrarch(&["test", "no/such/scenario.toml"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot read `no/such/scenario.toml`"),
        "{stderr}"
    );
}

#[test]
fn test_runs_a_folder_and_passes() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/chess");
    let (code, stdout, stderr) = tetrarch(&["test", folder]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout
            .lines()
            .all(|l| l.starts_with("ok ") || l.ends_with(" passed, 0 failed")),
        "{stdout}"
    );
}

#[test]
fn selfplay_reports_results_per_seat() {
    let (code, stdout, stderr) = tetrarch(&[
        "selfplay",
        "chess",
        "--games",
        "4",
        "--jobs",
        "2",
        "--seat",
        "Black=random",
        "--seat",
        "w=bot:1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "chess, 4 games (seeds 1 to 4): White bot:1, Black random"
    );
    assert!(lines[1].starts_with("seat   player"), "{stdout}");
    assert!(lines[2].starts_with("White  bot:1 "), "{stdout}");
    assert!(lines[3].starts_with("Black  random"), "{stdout}");
    assert!(lines[4].starts_with("games: "), "{stdout}");
    assert!(lines[5].starts_with("ended by: "), "{stdout}");
    // The same seeds give the same games, however many run at once.
    let (_, again, _) = tetrarch(&[
        "selfplay",
        "chess",
        "--games",
        "4",
        "--seat",
        "Black=random",
        "--seat",
        "w=bot:1",
    ]);
    assert_eq!(stdout, again);
}

#[test]
fn selfplay_plays_each_game_from_its_own_shuffled_start() {
    let args = [
        "selfplay",
        "fischerandom",
        "--start",
        "random",
        "--games",
        "3",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--max-plies",
        "30",
    ];
    let (code, stdout, stderr) = tetrarch(&args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("fischerandom, 3 games"), "{stdout}");
    let (_, again, _) = tetrarch(&args);
    assert_eq!(stdout, again);
}

#[test]
fn selfplay_refuses_bad_seats_and_starts() {
    for (args, code, message) in [
        (
            vec!["--seat", "Purple=bot"],
            2,
            "chess has no seat `Purple`; its seats are White, Black",
        ),
        (
            vec!["--seat", "White=bot:13"],
            2,
            "a bot's level is 1 to 12",
        ),
        (vec!["--seat", "White"], 2, "write SEAT=human"),
        (
            vec!["--seat", "White=human"],
            2,
            "selfplay has no people at the table",
        ),
        (
            vec!["--games", "0"],
            2,
            "--games and --jobs must be at least 1",
        ),
        (vec!["--fen", "8/8 w"], 1, "the start position: "),
        (
            vec!["--start", "random"],
            2,
            "`chess` does not start from shuffled positions: it does not set `chess960 = true`",
        ),
        (
            vec!["--start", "12", "--fen", "8/8 w"],
            2,
            "cannot be used with",
        ),
    ] {
        let mut all = vec!["selfplay", "chess"];
        all.extend(args.iter().copied());
        let (got, _, stderr) = tetrarch(&all);
        assert_eq!(got, code, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
