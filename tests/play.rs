//! `tetrarch play --script`: whole games through the real binary, the
//! commands read from a file, one second passing per line.

mod common;

use common::{scratch_dir, tetrarch, variant_file};

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
    insta::assert_snapshot!("paused", out);
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
    let pgn = scratch_dir().join(format!("tetrarch-play-{}.pgn", std::process::id()));
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
    // Three players would need a format neither PGN nor PGN4 is.
    let three = variant_file(
        "three.ini",
        "[three:4pc-ffa]\nplayers = 3\nseatNames = Red Blue Yellow\nseatLetters = r b y\n\
         seatForward = north east south\n\
         startFen = R-0,0,0-1,1,1-1,1,1-0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/\
         x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,12/bN,bP,12/bB,bP,12/\
         bQ,bP,12/bK,bP,12/bB,bP,12/bN,bP,12/bR,bP,12/x,x,x,8,x,x,x/\
         x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x\n\
         castlingSquares = Red:king:h1:j1:k1:i1 Red:queen:h1:f1:d1:g1 Blue:king:a7:a5:a4:a6 \
         Blue:queen:a7:a9:a11:a8 Yellow:king:g14:e14:d14:f14 Yellow:queen:g14:i14:k14:h14\n",
    );
    let (code, _, stderr) = tetrarch(&[
        "play",
        "three",
        "--variants",
        &three,
        "--pgn",
        pgn.to_str().expect("a path"),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "--pgn: games are saved as PGN (two players) or PGN4 (four players); three has 3 seats"
        ),
        "{stderr}"
    );
}

#[test]
fn four_players_a_resigned_king_walks_by_itself() {
    let pgn = scratch_dir().join(format!("tetrarch-walk-{}.pgn4", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
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
            "--pgn",
            pgn.to_str().expect("a path"),
        ],
        "resign\nwait 3\nquit\n",
    );
    assert!(out.contains("Blue resigns"), "{out}");
    assert!(
        out.contains("Blue is eliminated (pieces dead, king walks)"),
        "{out}"
    );
    // Blue resigned in its own turn: its king moves by itself in that turn
    // (chess.com's records, `Kh12-g13R`), and again on Blue's later turns.
    let after = out.split("Blue resigns").nth(1).expect("the resignation");
    assert!(
        after.contains("Blue plays "),
        "the walking king moved: {out}"
    );
    // In the PGN4, as chess.com writes it, the move in the turn Blue left
    // carries the `R`; the walking king's later moves are plain.
    let text = std::fs::read_to_string(&pgn).expect("the PGN4 was written");
    let moves = text.split("\n\n\n\n").nth(1).expect("the moves");
    let first = moves
        .strip_prefix("1. ")
        .and_then(|m| m.split(" .. ").next())
        .expect("Blue's first quarter-turn");
    assert!(first.starts_with('K') && first.ends_with('R'), "{text}");
    // A walking king attacks nothing, so none of its moves is a check.
    for round in moves.lines().skip(1).filter(|r| !r.is_empty()) {
        let blue = round.split(" .. ").nth(1).unwrap_or_default();
        assert!(blue.is_empty() || blue.starts_with('K'), "{round}");
        assert!(!blue.contains('+') && !blue.ends_with('R'), "{round}");
    }
    assert!(text.contains("[Result \"tetrarch bot:1 (Red): "), "{text}");
    // `tetrarch replay` reads it back: the resignation, the walking king's
    // moves, the same result.
    let replayed = std::process::Command::new(env!("CARGO_BIN_EXE_tetrarch"))
        .arg("replay")
        .arg(&pgn)
        .output()
        .expect("tetrarch runs");
    let said = String::from_utf8_lossy(&replayed.stdout);
    assert!(replayed.status.success(), "{said}");
    assert!(
        said.contains(": 4pc-ffa, ") && said.contains(", as recorded\n"),
        "{said}"
    );
    let shown = pgn.display().to_string();
    insta::assert_snapshot!("walking_king", out.replace(&shown, "<the PGN4 file>"));
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
    insta::assert_snapshot!("bot_takeover", out);
}

/// Plays a whole four-player game of random movers, saves it as PGN4, and
/// reads it back with the `pgn4` crate (an outside reader of chess.com's
/// format): it must parse, print back to the same text, name a known
/// variant whose `StartFen4` the `fen4` crate reads, and replay move by
/// move to the same result and points.
fn four_player_game_round_trips_through_pgn4(variant: &str, seed: &str) -> String {
    let path = scratch_dir().join(format!(
        "tetrarch-{variant}-{seed}-{}.pgn4",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    let mut args = vec![variant];
    for seat in ["Red", "Blue", "Yellow", "Green"] {
        args.extend([
            "--seat",
            Box::leak(format!("{seat}=random").into_boxed_str()),
        ]);
    }
    args.extend(["--seed", seed, "--pgn", path.to_str().expect("a path")]);
    let out = play(&format!("{variant}-{seed}.txt"), &args, "wait 1\n");
    assert!(out.contains("saved to"), "{out}");
    let text = std::fs::read_to_string(&path).expect("the PGN4 was written");
    let parsed: pgn4::PGN4 = text.trim_end().parse().expect("the pgn4 crate reads it");
    assert_eq!(parsed.to_string(), text.trim_end(), "printed back the same");
    // The crate's own FEN4 reader (fen4 0.7) predates chess.com's `x`
    // holes, so the start is read by tetrarch below; the variant name and
    // rule switches must be ones the crate knows.
    let mut tags_only = parsed.clone();
    tags_only.bracketed.retain(|(key, _)| key != "StartFen4");
    tags_only
        .variant()
        .expect("a variant and rule switches the crate knows");
    let tag = |name: &str| parsed.tag(name).expect(name).to_string();

    // Replay it through a fresh game.
    let mut catalog = tetrarch::catalog::Catalog::shipped();
    let def = catalog.checked(variant).expect("shipped");
    let rules = std::sync::Arc::new(tetrarch::rules::compile(def).expect("supported"));
    let mut game = tetrarch::game::Game::new(rules, &tag("StartFen4"), 0).expect("its start");
    let mut quarters = 0;
    for turn in &parsed.turns {
        for quarter in &turn.turns {
            quarters += 1;
            use pgn4::Move as M;
            let step = match &quarter.main {
                M::Normal(m) => {
                    let mut text = format!("{}-{}", m.from, m.to);
                    if let Some(p) = m.promotion {
                        text += &format!("={p}");
                    }
                    Some(game.play_text(&text))
                }
                M::KingCastle(_) => Some(game.play_text("O-O")),
                M::QueenCastle(_) => Some(game.play_text("O-O-O")),
                M::Resign => Some(game.act(tetrarch::game::Action::Resign, None)),
                M::Timeout => Some(game.act(tetrarch::game::Action::Timeout, None)),
                // Mate and stalemate follow from the moves.
                M::Checkmate | M::Stalemate => None,
            };
            if let Some(step) = step {
                step.unwrap_or_else(|e| panic!("quarter-turn {quarters}: {e}"));
            }
        }
    }
    let result = game.result().expect("the replayed game is over");
    assert_eq!(tag("Termination"), result.rule.name());
    let scores: Vec<u16> = tetrarch::seat::Seat::all(4)
        .map(|s| u16::try_from(game.score(s)).expect("points are not negative"))
        .collect();
    match parsed.result() {
        pgn4::GameResult::FFA(points) => assert_eq!(points.to_vec(), scores),
        pgn4::GameResult::Team(first, second) => {
            assert_eq!(
                (first, second),
                (
                    result.outcome.winners().iter().any(|s| s.index() % 2 == 0),
                    result.outcome.winners().iter().any(|s| s.index() % 2 == 1)
                )
            )
        }
        other => panic!("result {other:?}"),
    }
    // tetrarch's own reader replays it to the same result.
    let records = tetrarch::record::read_games(&text).expect("tetrarch reads it");
    assert_eq!(records.len(), 1);
    let replayed = tetrarch::record::replay(
        &records[0],
        &mut catalog,
        &tetrarch::record::ReadOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed.variant, variant);
    assert_eq!(replayed.result, tag("Result"));
    text
}

#[test]
fn four_player_games_are_saved_as_pgn4_that_chess_com_readers_load() {
    let ffa = four_player_game_round_trips_through_pgn4("4pc-ffa", "3");
    assert!(
        ffa.starts_with(
            "[Variant \"FFA\"]\n[RuleVariants \"DeadKingWalking EnPassant PromoteTo=D\"]\n"
        ),
        "{ffa}"
    );
    let teams = four_player_game_round_trips_through_pgn4("4pc-teams", "5");
    assert!(teams.starts_with("[Variant \"Teams\"]\n"), "{teams}");
    let solo = four_player_game_round_trips_through_pgn4("4pc-solo", "7");
    assert!(solo.starts_with("[Variant \"Solo\"]\n"), "{solo}");
}

#[test]
fn a_bot_accepts_a_draw_when_behind_and_declines_when_ahead() {
    let behind = play(
        "draw-behind.txt",
        &[
            "chess",
            "--fen",
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "--seat",
            "Black=bot:2",
        ],
        "offer\nquit\n",
    );
    assert!(
        behind.contains("White offers a draw")
            && behind.contains("Black accepts the draw\ngame over: draw by agreement"),
        "{behind}"
    );
    let ahead = play(
        "draw-ahead.txt",
        &[
            "chess",
            "--fen",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--seat",
            "Black=bot:2",
        ],
        "offer\nKe1d2\nquit\n",
    );
    assert!(
        ahead.contains("White offers a draw") && ahead.contains("Black declines the draw"),
        "{ahead}"
    );
}

/// Two people at one terminal: `offer` is the mover's and `accept` or
/// `decline` belongs to whoever the offer waits for. White offers, moves,
/// and Black, now to move, answers (it was refused: "no draw offer is open
/// to White"); an offer just made is the other player's to answer.
#[test]
fn either_player_answers_the_offer_that_waits_for_them() {
    let seats = ["chess", "--seat", "White=human", "--seat", "Black=human"];
    let out = play("offer-accepted.txt", &seats, "offer\ne2e4\naccept\n");
    assert!(!out.contains("no draw offer is open"), "{out}");
    assert!(out.contains("result: draw by agreement"), "{out}");
    let out = play("offer-declined.txt", &seats, "offer\ne2e4\ndecline\ne7e5\n");
    assert!(!out.contains("refused"), "{out}");
    assert!(!out.contains("result:"), "{out}");
    let out = play("offer-answered.txt", &seats, "e2e4\noffer\naccept\n");
    assert!(out.contains("result: draw by agreement"), "{out}");
}
