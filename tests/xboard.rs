//! `tetrarch xboard` driven as XBoard drives it.

mod common;

use common::EngineProcess;
use tetrarch::catalog::Catalog;
use tetrarch::game::Game;
use tetrarch::notation::xboard::{from_xboard, to_xboard};
use tetrarch::rules::compile;

/// The handshake, a variant taught with `setup` and `piece`, moves on a
/// ten-rank board in XBoard's numbering (checked legal by the library), and
/// bad input answered as the protocol says.
#[test]
fn xboard_learns_a_variant_and_gets_legal_moves() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/protocol/decima.ini"
    );
    let mut engine = EngineProcess::start(&["xboard", "--variants", file]);
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until("feature done=1");
    let offered: Vec<&str> = features[0]
        .split("variants=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a variants feature")
        .split(',')
        .collect();
    assert!(features[0].contains("usermove=1"), "{features:?}");
    assert_eq!(
        offered.iter().filter(|v| **v == "normal").count(),
        1,
        "chess is offered once, as `normal`: {offered:?}"
    );
    assert!(offered.contains(&"decima"), "{offered:?}");
    assert!(
        !offered.contains(&"4pc-ffa"),
        "two players only: {offered:?}"
    );
    engine.send("new");
    engine.send("variant decima");
    engine.send("ping 7");
    let lines = engine.read_until("pong 7");
    assert!(
        lines[0].starts_with("setup (PNBRQ..A.W...........Kpnbrq..a.w...........k) 10x10+0_fairy "),
        "{lines:?}"
    );
    assert!(lines.contains(&"piece A& BN".to_string()), "{lines:?}");
    assert!(lines.contains(&"piece W& WAD".to_string()), "{lines:?}");

    let mut catalog = Catalog::shipped();
    let text = std::fs::read_to_string(file).expect("the file");
    catalog.load(tetrarch::source::SourceFile::new(file, text));
    let def = catalog.checked("decima").expect("decima loads");
    let mut game = Game::new(
        std::sync::Arc::new(compile(def).expect("plays")),
        def.start_fen(),
        0,
    )
    .expect("its start");
    // XBoard's e1e3 is the double step e2e4; the engine answers for Black.
    engine.send("sd 2");
    engine.send("usermove e1e3");
    game.play_text("e2e4").expect("legal");
    for _ in 0..4 {
        let reply = engine.read_until("move ");
        let theirs = reply.last().expect("a move").trim_start_matches("move ");
        // From XBoard's ranks 0-9 to the notation's 1-10 (the conversion is
        // unit-tested on hand-worked moves).
        let ours = from_xboard(theirs, 10);
        game.play_text(&ours)
            .unwrap_or_else(|e| panic!("{theirs}: {e}"));
        // White plays any legal move, sent in XBoard's numbering.
        let mv = game.legal_moves()[0];
        let name = tetrarch::notation::move_name(game.position(), &mv);
        game.play(mv).expect("legal");
        let sent = to_xboard(&name, 10);
        engine.send(&format!("usermove {sent}"));
    }
    engine.send("force");
    engine.send("usermove a0a5");
    engine.send("setboard not a position");
    engine.send("frobnicate");
    engine.send("ping 8");
    let lines = engine.read_until("pong 8");
    let answers: Vec<&String> = lines.iter().filter(|l| !l.starts_with("move ")).collect();
    assert_eq!(answers[0], "Illegal move: a0a5", "{lines:?}");
    assert!(
        answers[1].starts_with("tellusererror Illegal position: "),
        "{lines:?}"
    );
    assert_eq!(answers[2], "Error (unknown command): frobnicate");
    engine.quit();
}

/// A mate in one is played and claimed with its result.
#[test]
fn the_engine_claims_the_mate_it_gives() {
    let mut engine = EngineProcess::start(&["xboard"]);
    engine.send("xboard");
    engine.send("new");
    engine.send("force");
    engine.send("setboard r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    engine.send("sd 2");
    engine.send("go");
    let lines = engine.read_until("1-0");
    assert_eq!(
        &lines[lines.len() - 2..],
        ["move h5f7", "1-0 {White wins by checkmate}"]
    );
    engine.quit();
}

/// A pass is `@@@@` both ways, as Fairy-Stockfish speaks it: the engine
/// takes White's pass in janggi and, asked to move, answers with a move of
/// Black's (a pass too, or a move of a piece).
#[test]
fn a_pass_is_four_at_signs() {
    let mut engine = EngineProcess::start(&["xboard"]);
    engine.send("xboard");
    engine.send("new");
    engine.send("variant janggi");
    engine.send("force");
    engine.send("usermove @@@@");
    engine.send("usermove @@@@@");
    engine.send("ping 1");
    let lines = engine.read_until("pong 1");
    let answers: Vec<&String> = lines
        .iter()
        .filter(|l| !l.starts_with("setup") && !l.starts_with("piece"))
        .collect();
    assert_eq!(answers, ["Illegal move: @@@@@", "pong 1"], "{lines:?}");
    engine.send("sd 1");
    engine.send("go");
    let reply = engine.read_until("move ");
    let played = reply.last().expect("a move");
    assert!(
        played == "move @@@@" || played.len() > "move ".len(),
        "{reply:?}"
    );
    engine.quit();
}

/// `st` takes seconds with a fraction, as python-chess sends
/// `Limit(time=0.05)` (`st 0.05`); a negative, endless or huge number is a
/// bad number, and a huge `time` does not overflow.
#[test]
fn st_takes_a_fraction_of_a_second() {
    let mut engine = EngineProcess::start(&["xboard"]);
    engine.send("xboard");
    engine.send("new");
    for bad in ["st -1", "st 1e400", "st abc", "st inf"] {
        engine.send(bad);
    }
    engine.send("time 99999999999999999999");
    engine.send("time 18446744073709551615");
    engine.send("st 0.05");
    engine.send("usermove e2e4");
    let lines = engine.read_until("move ");
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(
        errors,
        [
            "Error (bad number): st -1",
            "Error (bad number): st 1e400",
            "Error (bad number): st abc",
            "Error (bad number): st inf",
            "Error (bad number): time 99999999999999999999",
        ],
        "{lines:?}"
    );
    engine.quit();
}
