//! `tetrarch play --script`: whole games through the real binary, the
//! commands read from a file, one second passing per line.

mod common;

use common::{tetrarch, variant_file};

/// Runs a script; returns stdout (asserting success).
fn play(name: &str, args: &[&str], script: &str) -> String {
    let path = variant_file(name, script);
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend(["--script", &path]);
    let (code, stdout, stderr) = tetrarch(&all);
    assert_eq!(code, 0, "{stderr}\n{stdout}");
    stdout
}

#[test]
fn a_chess_game_ends_in_a_claimed_threefold_repetition() {
    let out = play(
        "threefold.txt",
        &["chess", "--seat", "White=human", "--seat", "Black=human"],
        "g1f3\ng8f6\nf3g1\nf6g8\ng1f3\ng8f6\nf3g1\nclaim\nclaim f6g8\n",
    );
    assert!(out.contains("refused: the claim does not hold"), "{out}");
    assert!(out.contains("game over: draw by repetition"), "{out}");
    assert!(out.contains("result: draw by repetition"), "{out}");
}

#[test]
fn a_flag_against_a_lone_king_is_a_draw() {
    let out = play(
        "flag.txt",
        &[
            "chess",
            "--fen",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "--clock",
            "0.5+0",
            "--seat",
            "White=human",
            "--seat",
            "Black=human",
        ],
        "wait 40\n",
    );
    assert!(out.contains("[White 0:30]  Black 0:30"), "{out}");
    assert!(out.contains("White runs out of time"), "{out}");
    assert!(out.contains("result: draw by timeout"), "{out}");
}

#[test]
fn a_paused_game_takes_no_moves_and_no_time() {
    let out = play(
        "pause.txt",
        &[
            "chess",
            "--clock",
            "1+0",
            "--seat",
            "White=human",
            "--seat",
            "Black=human",
        ],
        "pause\ne2e4\nwait 600\nresume\ne2e4\n",
    );
    assert!(out.contains("refused: the game is paused"), "{out}");
    // One second ran before the pause, one after it: 58 s left.
    assert!(out.contains("White plays e2e4"), "{out}");
    assert!(out.contains("White 0:58  [Black 1:00]"), "{out}");
}

#[test]
fn a_four_player_resignation_before_three_moves_aborts() {
    let out = play(
        "abort.txt",
        &["4pc-ffa", "--seat", "Red=human"],
        "h2-h3\nresign\nnew\nquit\n",
    );
    assert!(out.contains("Red plays h2-h3"), "{out}");
    assert!(out.contains("Blue plays"), "{out}");
    assert!(out.contains("Red resigns"), "{out}");
    assert!(out.contains("result: aborted by abort"), "{out}");
    assert!(out.contains("game 2: Red moves first"), "{out}");
}

#[test]
fn an_illegal_move_is_explained_and_the_game_goes_on() {
    let out = play(
        "illegal.txt",
        &["chess", "--seat", "Black=random"],
        "e2e5\nzz\ne2e4\nquit\n",
    );
    assert!(
        out.contains("`e2e5` is not a legal move; type `moves` for the legal moves"),
        "{out}"
    );
    assert!(out.contains("`zz` is not a move"), "{out}");
    assert!(out.contains("White plays e2e4"), "{out}");
}

#[test]
fn bad_play_arguments_are_usage_errors() {
    for (args, message) in [
        (
            vec!["play", "chess", "--clock", "fast"],
            "`fast` is not a time control",
        ),
        (
            vec!["play", "chess", "--seat", "Red=human"],
            "chess has no seat `Red`",
        ),
        (vec!["play", "nochess"], "nochess"),
        (
            vec!["play", "chess", "--script", "/nonexistent/script.txt"],
            "cannot read",
        ),
    ] {
        let (code, _, stderr) = tetrarch(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn a_finished_game_is_saved_as_pgn() {
    let pgn = std::env::temp_dir().join(format!("tetrarch-play-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let out = play(
        "pgn.txt",
        &[
            "chess",
            "--seat",
            "White=human",
            "--seat",
            "Black=human",
            "--pgn",
            pgn.to_str().expect("a path"),
        ],
        "f2f3\ne7e5\ng2g4\nd8h4\n",
    );
    assert!(
        out.contains(&format!("saved to {}", pgn.display())),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).expect("the PGN was written");
    assert!(text.starts_with("[Event \"tetrarch game\"]\n"), "{text}");
    assert!(
        text.contains("[White \"White\"]\n[Black \"Black\"]\n[Result \"0-1\"]\n"),
        "{text}"
    );
    assert!(
        !text.contains("[Variant"),
        "chess needs no variant tag: {text}"
    );
    assert!(text.contains("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{text}");
    // Four players would need PGN4, which is not written yet.
    let (code, _, stderr) = tetrarch(&["play", "4pc-ffa", "--pgn", pgn.to_str().expect("a path")]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("PGN4, which tetrarch does not write yet"),
        "{stderr}"
    );
}

#[test]
fn four_players_a_resigned_king_walks_by_itself() {
    let fen4 = "B-0,0,0,0-0,0,0,0-0,0,0,0-1,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/13,gK/5,bK,8/1,bN,12/14/3,rR,10/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let out = play(
        "walk.txt",
        &[
            "4pc-ffa",
            "--fen",
            fen4,
            "--seat",
            "Blue=human",
            "--seat",
            "Red=bot:1",
            "--seat",
            "Yellow=random",
            "--seat",
            "Green=random",
        ],
        "resign\nquit\n",
    );
    assert!(out.contains("Blue resigns"), "{out}");
    assert!(
        out.contains("Blue is eliminated (pieces dead, king walks)"),
        "{out}"
    );
    // After Yellow, Green and Red, Blue's king moves by itself.
    let after = out.split("Blue resigns").nth(1).expect("the resignation");
    assert!(
        after.contains("Blue plays "),
        "the walking king moved: {out}"
    );
}

/// Whole transcripts, pinned after review: the board turned toward the
/// person to move, the marks of the last move, clocks and the result.
#[test]
fn transcripts_are_pinned() {
    let threefold = play(
        "snap-threefold.txt",
        &["chess", "--seat", "White=human", "--seat", "Black=human"],
        "g1f3\ng8f6\nf3g1\nf6g8\ng1f3\ng8f6\nf3g1\nclaim f6g8\n",
    );
    insta::assert_snapshot!("threefold", threefold);
    let flag = play(
        "snap-flag.txt",
        &[
            "chess",
            "--fen",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "--clock",
            "0.5+2",
            "--seat",
            "White=human",
            "--seat",
            "Black=human",
        ],
        "a1a7\nwait 10\ne8f8\nwait 40\n",
    );
    insta::assert_snapshot!("flag", flag);
}

#[test]
fn a_bot_seat_taken_over_after_the_result() {
    let out = play(
        "take.txt",
        &["chess", "--seat", "Black=bot:1"],
        "take Black\ne2e4\nresign\nnew\ne2e4\ne7e5\nquit\n",
    );
    assert!(out.contains("you reserved Black"), "{out}");
    // The bot plays Black until the result, then the seat is yours.
    assert!(out.contains("Black plays "), "{out}");
    let (first, second) = out
        .split_once("game 2: White moves first")
        .expect("a second game");
    assert!(first.contains("Black is now played by you"), "{out}");
    assert!(
        second.contains("Black to move> e7e5\nBlack plays e7e5"),
        "{out}"
    );
}
