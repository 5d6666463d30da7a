//! The match layer (`Table`): every transition of RULES.md §5 (clocks,
//! pause, offers, claims, resignation, leaving, reconnection, an empty
//! table, new games, bots in seats) and the four-player table rules
//! (timeouts eliminate, walking kings, the abort rule, reconnection, the
//! rotating first seat), with time given by each call: exact, instant.

use std::sync::Arc;
use std::time::Duration;

use tetrarch::catalog::Catalog;
use tetrarch::game::{
    Action, Actor, EndRule, Event, Occupant, Outcome, PauseReason, Refusal, Request, Table,
    TableEvent, TableRefusal, TimeControl,
};
use tetrarch::rules::compile;
use tetrarch::seat::Seat;

const WHITE: Seat = Seat::new(0);
const BLACK: Seat = Seat::new(1);

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn person(name: &str) -> Occupant {
    Occupant::Person(name.to_string())
}

fn table(variant: &str, control: Option<&str>, occupants: Vec<Occupant>) -> Table {
    table_from(variant, None, control, occupants)
}

fn table_from(
    variant: &str,
    fen: Option<&str>,
    control: Option<&str>,
    occupants: Vec<Occupant>,
) -> Table {
    let catalog = Catalog::shipped();
    let definition = catalog.checked(variant).expect("shipped");
    let rules = Arc::new(compile(definition).expect("supported"));
    let control = control.map(|c| c.parse::<TimeControl>().expect("a time control"));
    Table::new(
        rules,
        fen.unwrap_or(definition.start_fen()),
        control,
        occupants,
        7,
        secs(0),
    )
    .expect("a valid start")
}

fn chess(control: Option<&str>) -> Table {
    table("chess", control, vec![person("Ana"), person("Ben")])
}

/// A request that must be carried out; returns its events.
fn ok(table: &mut Table, at: u64, actor: Actor, request: Request) -> Vec<TableEvent> {
    let reply = table.request(secs(at), actor, request.clone());
    assert_eq!(
        reply.refused, None,
        "{request:?} at {at} s: {:?}",
        reply.events
    );
    reply.events
}

fn play(table: &mut Table, at: u64, seat: Seat, text: &str) -> Vec<TableEvent> {
    ok(
        table,
        at,
        Actor::Seat(seat),
        Request::Move(text.to_string()),
    )
}

fn refused(table: &mut Table, at: u64, actor: Actor, request: Request) -> TableRefusal {
    let reply = table.request(secs(at), actor, request.clone());
    reply
        .refused
        .unwrap_or_else(|| panic!("{request:?} at {at} s was carried out: {:?}", reply.events))
}

fn rule(table: &Table) -> EndRule {
    table.game().result().expect("the game is over").rule
}

fn winners(table: &Table) -> Vec<Seat> {
    match &table.game().result().expect("the game is over").outcome {
        Outcome::Win { winners } => winners.clone(),
        other => panic!("not a win: {other:?}"),
    }
}

#[test]
fn the_movers_clock_runs_from_the_start_and_gains_the_increment() {
    let mut t = chess(Some("5+3"));
    assert_eq!(t.remaining(WHITE, secs(10)), Some(secs(290)));
    assert_eq!(t.remaining(BLACK, secs(10)), Some(secs(300)));
    play(&mut t, 10, WHITE, "e2e4");
    assert_eq!(t.remaining(WHITE, secs(10)), Some(secs(293)));
    assert_eq!(t.remaining(BLACK, secs(25)), Some(secs(285)));
    play(&mut t, 25, BLACK, "e7e5");
    assert_eq!(t.remaining(BLACK, secs(25)), Some(secs(288)));
    // Without a clock there is no time at all.
    let t = chess(None);
    assert_eq!(t.remaining(WHITE, secs(10)), None);
}

#[test]
fn running_out_of_time_loses_and_a_late_move_is_refused() {
    let mut t = chess(Some("1+0"));
    play(&mut t, 5, WHITE, "e2e4");
    // Black's minute ends at 65 s; a move sent at 70 s comes too late.
    let reply = t.request(secs(70), Actor::Seat(BLACK), Request::Move("e7e5".into()));
    assert_eq!(reply.refused, Some(TableRefusal::GameOver));
    assert!(
        reply
            .events
            .iter()
            .any(|e| matches!(e, TableEvent::Game(Event::GameOver(_)))),
        "{:?}",
        reply.events
    );
    assert_eq!(rule(&t), EndRule::Timeout);
    assert_eq!(winners(&t), vec![WHITE]);
    assert_eq!(t.remaining(BLACK, secs(70)), Some(Duration::ZERO));
}

#[test]
fn a_flag_falls_exactly_when_the_time_is_up() {
    let mut t = chess(Some("1+0"));
    assert!(t.advance(secs(59)).is_empty());
    assert!(t.game().result().is_none());
    let events = t.advance(secs(60));
    assert!(!events.is_empty());
    assert_eq!(rule(&t), EndRule::Timeout);
}

#[test]
fn running_out_of_time_against_a_lone_king_draws() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let seats = || vec![person("Ana"), person("Ben")];
    // White (king and rook) flags against the lone king: a draw.
    let mut t = table_from("chess", Some(fen), Some("1+0"), seats());
    t.advance(secs(60));
    let result = t.game().result().expect("over");
    assert_eq!(
        (result.rule, &result.outcome),
        (EndRule::Timeout, &Outcome::Draw)
    );
    // The lone king flags against king and rook: a loss.
    let mut t = table_from("chess", Some(fen), Some("1+0"), seats());
    play(&mut t, 1, WHITE, "a1a2");
    t.advance(secs(100));
    assert_eq!((rule(&t), winners(&t)), (EndRule::Timeout, vec![WHITE]));
}

#[test]
fn the_host_pauses_no_moves_no_time_then_resumes() {
    let mut t = chess(Some("5+0"));
    play(&mut t, 10, WHITE, "e2e4");
    ok(&mut t, 20, Actor::Host, Request::Pause);
    assert_eq!(t.paused(), Some(PauseReason::Host));
    assert_eq!(
        refused(&mut t, 30, Actor::Seat(BLACK), Request::Move("e7e5".into())),
        TableRefusal::Paused
    );
    assert_eq!(
        refused(
            &mut t,
            30,
            Actor::Seat(BLACK),
            Request::Act(Action::OfferDraw)
        ),
        TableRefusal::Paused
    );
    // An hour of pause costs Black nothing.
    assert_eq!(t.remaining(BLACK, secs(3620)), Some(secs(290)));
    assert!(t.advance(secs(3620)).is_empty());
    ok(&mut t, 3620, Actor::Host, Request::Resume);
    assert_eq!(t.remaining(BLACK, secs(3630)), Some(secs(280)));
    play(&mut t, 3630, BLACK, "e7e5");
}

#[test]
fn only_the_host_pauses_and_only_a_paused_table_resumes() {
    let mut t = chess(Some("5+0"));
    assert_eq!(
        refused(&mut t, 1, Actor::Seat(WHITE), Request::Pause),
        TableRefusal::HostOnly
    );
    assert_eq!(
        refused(&mut t, 1, Actor::Host, Request::Resume),
        TableRefusal::NotPaused
    );
    assert_eq!(
        refused(&mut t, 1, Actor::Host, Request::Move("e2e4".into())),
        TableRefusal::PlayersOnly
    );
    assert_eq!(
        refused(&mut t, 1, Actor::Seat(BLACK), Request::Move("e7e5".into())),
        TableRefusal::NotToMove("Black".into())
    );
    assert_eq!(
        refused(&mut t, 1, Actor::Seat(WHITE), Request::Act(Action::Timeout)),
        TableRefusal::TimeoutRequested
    );
    assert_eq!(
        refused(&mut t, 1, Actor::Seat(WHITE), Request::Move("e2e5".into())),
        TableRefusal::Game(Refusal::Illegal("e2e5".into()))
    );
}

#[test]
fn a_draw_offer_once_per_turn_declined_by_a_move_accepted_for_a_draw() {
    let mut t = chess(Some("5+0"));
    ok(
        &mut t,
        1,
        Actor::Seat(WHITE),
        Request::Act(Action::OfferDraw),
    );
    let again = refused(
        &mut t,
        2,
        Actor::Seat(WHITE),
        Request::Act(Action::OfferDraw),
    );
    assert!(
        matches!(again, TableRefusal::Game(Refusal::OfferedThisTurn(_))),
        "{again:?}"
    );
    play(&mut t, 3, WHITE, "e2e4");
    // Black answers with a move: that declines it. The clock ran all along.
    let events = play(&mut t, 10, BLACK, "e7e5");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TableEvent::Game(Event::DrawDeclined { .. }))),
        "{events:?}"
    );
    ok(
        &mut t,
        11,
        Actor::Seat(WHITE),
        Request::Act(Action::OfferDraw),
    );
    ok(
        &mut t,
        12,
        Actor::Seat(BLACK),
        Request::Act(Action::AcceptDraw),
    );
    assert_eq!(rule(&t), EndRule::Agreement);
    assert_eq!(
        t.remaining(BLACK, secs(100)),
        t.remaining(BLACK, secs(12)),
        "clocks stop at the result"
    );
}

#[test]
fn a_threefold_repetition_is_claimed_through_the_table() {
    let mut t = chess(Some("5+0"));
    let mut at = 0;
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        at += 1;
        let seat = t.game().to_move().expect("ongoing");
        play(&mut t, at, seat, text);
    }
    // Black claims with the move that repeats the start a third time.
    let claim = tetrarch::game::ClaimRule::Repetition;
    let mv = t.game().parse_move("f6g8").expect("legal");
    ok(
        &mut t,
        9,
        Actor::Seat(BLACK),
        Request::Act(Action::ClaimDraw(claim, Some(mv))),
    );
    assert_eq!(rule(&t), EndRule::Repetition);
}

#[test]
fn resigning_or_leaving_gives_the_win_to_the_opponent() {
    let mut t = chess(Some("5+0"));
    ok(&mut t, 1, Actor::Seat(BLACK), Request::Act(Action::Resign));
    assert_eq!((rule(&t), winners(&t)), (EndRule::Resignation, vec![WHITE]));
    let mut t = chess(None);
    let events = ok(&mut t, 1, Actor::Seat(WHITE), Request::Leave);
    assert_eq!(events[0], TableEvent::Left(WHITE));
    assert_eq!((rule(&t), winners(&t)), (EndRule::Resignation, vec![BLACK]));
    assert_eq!(t.occupant(WHITE), &Occupant::Open);
}

#[test]
fn a_dropped_player_has_two_minutes_while_its_clock_runs() {
    let mut t = chess(Some("10+0"));
    ok(&mut t, 5, Actor::Seat(WHITE), Request::Drop);
    assert!(t.is_away(WHITE));
    // Back after 119 s: nothing happened, but the clock ran.
    ok(&mut t, 124, Actor::Seat(WHITE), Request::Return);
    assert!(t.game().result().is_none());
    assert_eq!(t.remaining(WHITE, secs(124)), Some(secs(476)));
    assert_eq!(
        refused(&mut t, 125, Actor::Seat(WHITE), Request::Return),
        TableRefusal::Connection("White".into(), "not away")
    );
    // Away again, this time for good: at exactly 120 s it counts as leaving.
    ok(&mut t, 200, Actor::Seat(WHITE), Request::Drop);
    assert!(t.advance(secs(319)).is_empty());
    let events = t.advance(secs(320));
    assert_eq!(events[0], TableEvent::Left(WHITE));
    assert_eq!((rule(&t), winners(&t)), (EndRule::Resignation, vec![BLACK]));
}

#[test]
fn when_everyone_drops_the_table_pauses_and_expires_after_two_minutes() {
    let mut t = chess(Some("10+0"));
    ok(&mut t, 10, Actor::Seat(WHITE), Request::Drop);
    let events = ok(&mut t, 20, Actor::Seat(BLACK), Request::Drop);
    assert_eq!(
        events,
        vec![
            TableEvent::Dropped(BLACK),
            TableEvent::Paused(PauseReason::Empty)
        ]
    );
    assert_eq!(
        t.remaining(WHITE, secs(100)),
        Some(secs(580)),
        "no time while empty"
    );
    // One comes back: play resumes, and the reconnection windows start over.
    let events = ok(&mut t, 100, Actor::Seat(BLACK), Request::Return);
    assert_eq!(
        events,
        vec![TableEvent::Returned(BLACK), TableEvent::Resumed]
    );
    assert!(
        t.advance(secs(219)).is_empty(),
        "White's window restarted at 100 s"
    );
    ok(&mut t, 150, Actor::Seat(WHITE), Request::Return);
    // Both gone again: after two minutes the table closes without a result.
    ok(&mut t, 300, Actor::Seat(WHITE), Request::Drop);
    ok(&mut t, 300, Actor::Seat(BLACK), Request::Drop);
    assert!(t.advance(secs(419)).is_empty());
    assert_eq!(t.advance(secs(420)), vec![TableEvent::Expired]);
    assert!(t.is_expired());
    assert!(t.game().result().is_none());
    assert_eq!(
        refused(&mut t, 421, Actor::Seat(WHITE), Request::Return),
        TableRefusal::Expired
    );
}

#[test]
fn a_bot_seat_is_taken_over_after_the_result_and_a_removed_bot_leaves_then() {
    let mut t = table(
        "chess",
        None,
        vec![person("Ana"), Occupant::Bot { level: 2 }],
    );
    assert_eq!(t.bot_to_move(), None);
    play(&mut t, 1, WHITE, "f2f3");
    assert_eq!(t.bot_to_move(), Some((BLACK, 2)));
    assert_eq!(
        refused(&mut t, 2, Actor::Seat(BLACK), Request::Drop),
        TableRefusal::NotAPerson("Black".into())
    );
    ok(&mut t, 2, Actor::Host, Request::Reserve(BLACK, "Cy".into()));
    assert_eq!(
        t.occupant(BLACK),
        &Occupant::Bot { level: 2 },
        "the bot plays on until the result"
    );
    play(&mut t, 3, BLACK, "e7e5");
    play(&mut t, 4, WHITE, "g2g4");
    let events = play(&mut t, 5, BLACK, "d8h4");
    assert_eq!(rule(&t), EndRule::Checkmate);
    assert!(
        events.contains(&TableEvent::Seated(BLACK, person("Cy"))),
        "{events:?}"
    );
    assert_eq!(t.occupant(BLACK), &person("Cy"));

    let mut t = table(
        "chess",
        None,
        vec![Occupant::Bot { level: 1 }, person("Ana")],
    );
    ok(&mut t, 1, Actor::Host, Request::RemoveBot(WHITE));
    assert_eq!(t.occupant(WHITE), &Occupant::Bot { level: 1 });
    ok(&mut t, 2, Actor::Seat(BLACK), Request::Act(Action::Resign));
    assert_eq!(t.occupant(WHITE), &Occupant::Open);
    assert_eq!(
        refused(&mut t, 3, Actor::Host, Request::RemoveBot(WHITE)),
        TableRefusal::NotABot("White".into())
    );
    ok(&mut t, 3, Actor::Host, Request::Sit(WHITE, person("Dee")));
    assert_eq!(
        refused(&mut t, 3, Actor::Host, Request::Sit(WHITE, person("Eve"))),
        TableRefusal::SeatTaken("White".into())
    );
}

#[test]
fn a_new_game_resets_board_clocks_and_history_and_keeps_the_seats() {
    let mut t = chess(Some("5+0"));
    play(&mut t, 10, WHITE, "e2e4");
    assert_eq!(
        refused(&mut t, 11, Actor::Host, Request::NewGame),
        TableRefusal::GameNotOver
    );
    ok(&mut t, 20, Actor::Seat(BLACK), Request::Act(Action::Resign));
    let events = ok(&mut t, 30, Actor::Host, Request::NewGame);
    assert_eq!(
        events,
        vec![TableEvent::NewGame {
            number: 2,
            first: WHITE
        }]
    );
    assert_eq!(t.number(), 2);
    assert!(t.game().result().is_none());
    assert_eq!(
        t.game().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(t.remaining(WHITE, secs(40)), Some(secs(290)));
    assert_eq!(t.remaining(BLACK, secs(40)), Some(secs(300)));
    assert_eq!(t.occupant(BLACK), &person("Ben"));
}

#[test]
fn four_players_a_timeout_eliminates_and_the_kings_walk_by_themselves() {
    let seats = vec![person("R"), person("B"), person("Y"), person("G")];
    let mut t = table("4pc-ffa", Some("1+0"), seats);
    let (red, blue, yellow, green) = (Seat::new(0), Seat::new(1), Seat::new(2), Seat::new(3));
    // Three moves each first, and a capture for points, so that a timeout
    // is no abort.
    let mut at = 0;
    for text in [
        "h2-h3", "b7-c7", "g13-g12", "m8-l8", "h3-h4", "c7-d7", "g12-g11", "l8-k8", "h4-h5",
        "d7-e7", "g11-g10", "k8-j8",
    ] {
        at += 1;
        let seat = t.game().to_move().expect("ongoing");
        play(&mut t, at, seat, text);
    }
    assert_eq!(t.game().to_move(), Some(red));
    // Red's minute runs out: Red is out, its king walks on its own.
    let events = t.advance(secs(at + 60));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TableEvent::Game(Event::Eliminated { seat, .. }) if *seat == red)),
        "{events:?}"
    );
    assert!(t.game().result().is_none());
    assert_eq!(t.game().to_move(), Some(blue));
    // Blue moves; the table moves Red's walking king at once; Yellow is next.
    let now = at + 61;
    let events = play(&mut t, now, blue, "e7-f7");
    let walked = events
        .iter()
        .filter(|e| matches!(e, TableEvent::Game(Event::Moved { seat, .. }) if *seat == red))
        .count();
    assert_eq!(
        walked, 0,
        "Yellow and Green move before Red's turn: {events:?}"
    );
    play(&mut t, now, yellow, "g10-g9");
    let events = play(&mut t, now, green, "j8-i8");
    let walked = events
        .iter()
        .filter(|e| matches!(e, TableEvent::Game(Event::Moved { seat, .. }) if *seat == red))
        .count();
    assert_eq!(walked, 1, "{events:?}");
    assert_eq!(t.game().to_move(), Some(blue));
}

#[test]
fn four_players_an_early_resignation_aborts() {
    let seats = vec![person("R"), person("B"), person("Y"), person("G")];
    let mut t = table("4pc-ffa", Some("1+0"), seats);
    play(&mut t, 1, Seat::new(0), "h2-h3");
    ok(
        &mut t,
        2,
        Actor::Seat(Seat::new(1)),
        Request::Act(Action::Resign),
    );
    assert_eq!(t.game().result().expect("over").outcome, Outcome::Aborted);
}

#[test]
fn four_players_a_dropped_player_has_sixty_seconds() {
    let seats = vec![person("R"), person("B"), person("Y"), person("G")];
    let mut t = table("4pc-teams", None, seats);
    // Everyone moves once: leaving before one's first move aborts the game
    // (RULES.md §3a, revised 2026-12-07).
    for (seat, text) in ["h2-h3", "b7-c7", "i13-i12", "m10-l10"].iter().enumerate() {
        ok(
            &mut t,
            0,
            Actor::Seat(Seat::new(seat)),
            Request::Move(text.to_string()),
        );
    }
    ok(&mut t, 0, Actor::Seat(Seat::new(2)), Request::Drop);
    assert!(t.advance(secs(59)).is_empty());
    let events = t.advance(secs(60));
    assert_eq!(events[0], TableEvent::Left(Seat::new(2)));
    // Yellow leaving counts as resigning: it loses for Red + Yellow.
    assert_eq!(winners(&t), vec![Seat::new(1), Seat::new(3)]);
}

#[test]
fn the_first_seat_rotates_from_game_to_game_where_the_variant_says_so() {
    let seats = vec![person("R"), person("B"), person("Y"), person("G")];
    let mut t = table("cuatro-equipos", None, seats);
    let mut firsts = vec![t.game().to_move().expect("ongoing")];
    for _ in 0..4 {
        let seat = t.game().to_move().expect("ongoing");
        ok(&mut t, 1, Actor::Seat(seat), Request::Act(Action::Resign));
        ok(&mut t, 2, Actor::Host, Request::NewGame);
        firsts.push(t.game().to_move().expect("ongoing"));
    }
    let names: Vec<&str> = firsts.iter().map(|&s| t.game().seat_name(s)).collect();
    assert_eq!(names, ["Red", "Blue", "Yellow", "Green", "Red"]);
    // Four-player chess.com keeps Red first.
    let seats = vec![person("R"), person("B"), person("Y"), person("G")];
    let mut t = table("4pc-teams", None, seats);
    ok(
        &mut t,
        1,
        Actor::Seat(Seat::new(0)),
        Request::Act(Action::Resign),
    );
    ok(&mut t, 2, Actor::Host, Request::NewGame);
    assert_eq!(t.game().to_move(), Some(Seat::new(0)));
}

#[test]
fn a_table_needs_one_occupant_per_seat() {
    let catalog = Catalog::shipped();
    let definition = catalog.checked("chess").expect("shipped");
    let rules = Arc::new(compile(definition).expect("supported"));
    let error = Table::new(
        rules.clone(),
        definition.start_fen(),
        None,
        vec![person("Ana")],
        0,
        secs(0),
    )
    .expect_err("one occupant for two seats");
    assert_eq!(
        error.to_string(),
        "the variant has 2 seats, but 1 occupants were given"
    );
    let error = Table::new(
        rules,
        "8/8 w",
        None,
        vec![person("Ana"), Occupant::Open],
        0,
        secs(0),
    )
    .expect_err("a broken start");
    assert!(
        error.to_string().starts_with("the start position: "),
        "{error}"
    );
}

#[test]
fn the_chess_file_offers_its_clock_presets() {
    let catalog = Catalog::shipped();
    let rules = compile(catalog.checked("chess").expect("shipped")).expect("chess");
    let presets: Vec<String> = TimeControl::presets(&rules.match_rules)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        presets,
        [
            "5+0", "5+3", "5+5", "10+0", "10+3", "10+5", "15+0", "15+3", "15+5"
        ]
    );
    assert_eq!(rules.match_rules.reconnect_seconds, Some(120));
    assert_eq!(rules.match_rules.empty_table_seconds, Some(120));
}

#[test]
fn a_bot_seat_is_asked_to_answer_a_draw_offer_and_the_bot_weighs_it() {
    let bot = Occupant::Bot { level: 2 };
    // Four players: Red (a person) offers; the three bots must each answer,
    // in turn order, and only while the game runs.
    let mut t = table(
        "4pc-teams",
        None,
        vec![person("Ana"), bot.clone(), bot.clone(), bot.clone()],
    );
    assert_eq!(t.bot_to_answer_draw(), None);
    ok(
        &mut t,
        1,
        Actor::Seat(Seat::new(0)),
        Request::Act(Action::OfferDraw),
    );
    assert_eq!(t.bot_to_answer_draw(), Some((Seat::new(1), 2)));
    ok(&mut t, 2, Actor::Host, Request::Pause);
    assert_eq!(t.bot_to_answer_draw(), None, "a paused table waits");
    ok(&mut t, 3, Actor::Host, Request::Resume);
    ok(
        &mut t,
        4,
        Actor::Seat(Seat::new(1)),
        Request::Act(Action::AcceptDraw),
    );
    assert_eq!(t.bot_to_answer_draw(), Some((Seat::new(2), 2)));
    ok(
        &mut t,
        5,
        Actor::Seat(Seat::new(2)),
        Request::Act(Action::DeclineDraw),
    );
    assert_eq!(t.bot_to_answer_draw(), None, "a declined offer is closed");

    // The bot accepts when the draw is worth at least playing on: a lone
    // king against a queen accepts, the side with the queen declines.
    for (fen, accepts) in [
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", true),
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false),
    ] {
        let mut t = table_from("chess", Some(fen), None, vec![person("Ana"), bot.clone()]);
        ok(
            &mut t,
            1,
            Actor::Seat(WHITE),
            Request::Act(Action::OfferDraw),
        );
        assert_eq!(t.bot_to_answer_draw(), Some((BLACK, 2)));
        let rules = Arc::new(
            compile(Catalog::shipped().checked("chess").expect("shipped")).expect("chess"),
        );
        let mut engine = tetrarch::engine::Bot::new(&rules, 1);
        let answer = engine.accepts_draw(t.game(), BLACK, tetrarch::engine::Limits::depth(2));
        assert_eq!(answer, accepts, "{fen}");
    }
}
