//! The playground's API and websocket without a browser: hostile and
//! mistaken requests get a status or an `error` message with a sentence,
//! never a crash, and the room goes on working after each one.

use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::serve::{Reply, Server, http};

/// `tetrarch serve` with an in-memory database and bots that move at once.
fn serve() -> Server {
    Server::start(
        Path::new(env!("CARGO_BIN_EXE_tetrarch")),
        &["--db", "sqlite::memory:", "--bot-pace-ms", "0"],
    )
}

/// An exchange with the server at `base`: status and body.
fn exchange(method: &str, base: &str, path: &str, body: &str) -> (u16, String) {
    let Reply { code, body, .. } = http(method, &format!("{base}{path}"), body);
    (code, body)
}

fn error_of(body: &str) -> String {
    let value: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {body}"))
        .to_string()
}

#[test]
fn mistaken_http_requests_are_refused_with_a_sentence() {
    let server = serve();
    let base = &server.base;
    let refused = |path: &str, body: &str| {
        let (code, reply) = exchange("POST", base, path, body);
        assert!((400..500).contains(&code), "{path} {body}: {code} {reply}");
        reply
    };
    let host = r#""host":"a-good-host-key""#;
    let cases = [
        (r#"{"variant":"chess"}"#.to_string(), "missing field `host`"),
        (
            r#"{"variant":"chess","host":"short"}"#.to_string(),
            "`host` must be 8 to 64",
        ),
        (
            format!(r#"{{"variant":"chesss",{host}}}"#),
            "unknown variant `chesss` (did you mean `chess`?)",
        ),
        (
            format!(r#"{{"variant":"chess","clock":"soon",{host}}}"#),
            "clock:",
        ),
        (
            format!(r#"{{"variant":"chess","clock":"1500",{host}}}"#),
            "at most 24 hours",
        ),
        (
            format!(r#"{{"variant":"chess","clock":"5+99999",{host}}}"#),
            "at most an hour",
        ),
        (
            format!(r#"{{"variant":"chess","bots":[1],{host}}}"#),
            "`bots` has 1 entries; chess has 2 seats",
        ),
        (
            format!(r#"{{"variant":"chess","bots":[99,null],{host}}}"#),
            "a bot's level is 0 (random) to 12, not 99",
        ),
        (
            format!(r#"{{"text":"[x:chess]\ncastlng = 1\n",{host}}}"#),
            "no section that can be played",
        ),
        (
            format!(r#"{{"variant":"chess","text":"[x:chess]",{host}}}"#),
            "give one of `variant`, `text` or `variant_id`",
        ),
        (
            format!(r#"{{"variant_id":"nothing-here",{host}}}"#),
            "no variant `nothing-here`",
        ),
        (
            format!(r#"{{"variant":"chess","start":"random",{host}}}"#),
            "start: `chess` does not start from shuffled positions",
        ),
        (
            format!(r#"{{"variant":"fischerandom","start":"960",{host}}}"#),
            "start: Chess960's starts are numbered 0 to 959, not 960",
        ),
        (
            format!(r#"{{"variant":"fischerandom","start":"any",{host}}}"#),
            "start: a shuffled start is `random` or a number from 0 to 959",
        ),
    ];
    for (body, expected) in cases {
        let reply = refused("/api/rooms", &body);
        let text = error_of(&reply);
        assert!(text.contains(expected), "{body}: {text}");
    }
    // Every refusal is JSON with a sentence, the framework's own too: not
    // JSON at all, an unknown route, a wrong method, a body far too large.
    let reply = refused("/api/check", "{not json");
    assert!(error_of(&reply).contains("JSON"), "{reply}");
    let (code, reply) = exchange("GET", base, "/api/nothing-here", "");
    assert_eq!(
        (code, error_of(&reply)),
        (404, "no such page or API route".into())
    );
    let (code, reply) = exchange("DELETE", base, "/api/rooms", "");
    assert_eq!(code, 405, "{reply}");
    error_of(&reply);
    let (code, reply) = exchange("POST", base, "/api/check", &"x".repeat(2 << 20));
    assert_eq!(code, 413, "{reply}");
    error_of(&reply);
    // A file over the limit gets the limit in a sentence, even when JSON
    // doubles its size (every line break written as two characters).
    for long in ["#".repeat(300 * 1024), "\n".repeat(300 * 1024)] {
        let body = json!({ "text": long }).to_string();
        let (code, reply) = exchange("POST", base, "/api/check", &body);
        assert_eq!(
            (code, error_of(&reply)),
            (400, "the file is over 256 KiB".to_string())
        );
    }
    let many_lines = json!({ "text": "\n".repeat(200 * 1024) }).to_string();
    let (code, reply) = exchange("POST", base, "/api/check", &many_lines);
    assert_eq!(
        code, 200,
        "a 200 KiB file of line breaks is checked: {reply}"
    );
    // Saving a broken file is refused; unknown ids are 404 with a sentence.
    let reply = refused(
        "/api/variants",
        r#"{"text":"[x:chess]\nmaxRank = 99\n","visibility":"public"}"#,
    );
    assert!(error_of(&reply).contains("fix its errors first"), "{reply}");
    let (code, reply) = exchange("GET", base, "/api/games/none", "");
    assert_eq!(
        (code, error_of(&reply)),
        (404, "no game `none`".to_string())
    );
    let (code, reply) = exchange("GET", base, "/ws/rooms/none?token=abcdefgh1", "");
    assert_eq!(
        (code, error_of(&reply)),
        (404, "no open room `none`".to_string())
    );
    // The server is still there.
    let (code, _) = exchange("GET", base, "/api/rooms", "");
    assert_eq!(code, 200);
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next text message, skipping pings, within 10 s.
async fn next(socket: &mut Socket) -> Value {
    let text = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => return text.to_string(),
                Some(Ok(_)) => continue,
                other => panic!("the connection ended: {other:?}"),
            }
        }
    })
    .await
    .expect("a message within 10 s");
    serde_json::from_str(&text).expect("JSON")
}

/// The next `error` message's sentence (states in between are skipped).
async fn refusal(socket: &mut Socket) -> String {
    loop {
        let message = next(socket).await;
        if message["type"] == "error" {
            return message["message"].as_str().expect("a sentence").to_string();
        }
    }
}

/// The next state that satisfies `accept`.
async fn state_where(socket: &mut Socket, accept: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = next(socket).await;
        if message["type"] == "state" && accept(&message) {
            return message;
        }
    }
}

async fn connect(base: &str, room: &str, token: &str) -> Socket {
    let url = format!(
        "{}/ws/rooms/{room}?token={token}&name=p",
        base.replacen("http://", "ws://", 1)
    );
    tokio_tungstenite::connect_async(url)
        .await
        .expect("connected")
        .0
}

/// Opens a room with this request body; returns its id.
fn open_room(base: &str, body: &str) -> String {
    let (code, reply) = exchange("POST", base, "/api/rooms", body);
    assert_eq!(code, 200, "{reply}");
    let room: Value = serde_json::from_str(&reply).expect("JSON");
    room["id"].as_str().expect("an id").to_string()
}

#[tokio::test]
async fn a_room_opens_on_a_numbered_chess960_start() {
    let server = serve();
    let base = server.base.clone();
    let room = open_room(
        &base,
        r#"{"variant":"fischerandom","start":"0","host":"the-host-key-1"}"#,
    );
    let mut white = connect(&base, &room, "the-host-key-1").await;
    let state = state_where(&mut white, |_| true).await;
    let pieces = state["pieces"].as_array().expect("pieces");
    let letter = |file: u8| {
        pieces
            .iter()
            .find(|p| p["at"] == json!([file, 0]))
            .and_then(|p| p["letter"].as_str())
            .unwrap_or("-")
            .to_string()
    };
    // Chess960 start 0 by Scharnagl's numbering.
    assert_eq!((0..8).map(letter).collect::<String>(), "BBQNNRKR");
}

#[tokio::test]
async fn bad_websocket_messages_are_refused_and_the_room_plays_on() {
    let server = serve();
    let base = server.base.clone();
    let room = open_room(&base, r#"{"variant":"chess","host":"the-host-key-1"}"#);
    let mut white = connect(&base, &room, "the-host-key-1").await;
    let mut stranger = connect(&base, &room, "a-stranger-key").await;
    state_where(&mut white, |_| true).await;
    state_where(&mut stranger, |_| true).await;

    let cases: [(&str, &str); 9] = [
        ("{not json", "not a message"),
        (r#"{"type":"fly"}"#, "unknown variant `fly`"),
        (r#"{"type":"sit"}"#, "missing field `seat`"),
        (r#"{"type":"sit","seat":7}"#, "the variant has no seat 7"),
        (r#"{"type":"sit","seat":-1}"#, "not a message"),
        (
            r#"{"type":"seat_bot","seat":1,"level":2}"#,
            "only the host may seat a bot",
        ),
        (
            r#"{"type":"move","text":"e2e4"}"#,
            "the game has not started",
        ),
        (r#"{"type":"pause"}"#, "only the host may do that"),
        (
            r#"{"type":"move","text":"e2e4","extra":1}"#,
            "unknown field `extra`",
        ),
    ];
    for (text, expected) in cases {
        stranger
            .send(Message::Text(text.into()))
            .await
            .expect("sent");
        let why = refusal(&mut stranger).await;
        assert!(why.contains(expected), "{text}: {why}");
    }
    stranger
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .expect("sent");
    assert_eq!(refusal(&mut stranger).await, "messages are JSON text");

    // The host sits, seats a bot; the game starts and the room still plays.
    white
        .send(Message::Text(r#"{"type":"sit","seat":0}"#.into()))
        .await
        .expect("sent");
    white
        .send(Message::Text(
            r#"{"type":"seat_bot","seat":1,"level":1}"#.into(),
        ))
        .await
        .expect("sent");
    state_where(&mut white, |s| s["phase"] == "playing" && s["to_move"] == 0).await;
    for (text, expected) in [
        (r#"{"type":"move","text":"e2e5"}"#, "legal"),
        (r#"{"type":"move","text":"hello"}"#, "not a move"),
        (r#"{"type":"sit","seat":1}"#, "Black is taken"),
        (r#"{"type":"accept"}"#, "no draw offer awaits your answer"),
        (r#"{"type":"resume"}"#, "not paused"),
    ] {
        white.send(Message::Text(text.into())).await.expect("sent");
        let why = refusal(&mut white).await;
        assert!(why.contains(expected), "{text}: {why}");
    }
    stranger
        .send(Message::Text(r#"{"type":"move","text":"e2e4"}"#.into()))
        .await
        .expect("sent");
    assert_eq!(
        refusal(&mut stranger).await,
        "you have no seat in this game"
    );
    // A message over 16 KiB ends that connection only.
    let huge = format!(r#"{{"type":"move","text":"{}"}}"#, "x".repeat(20_000));
    let _ = stranger.send(Message::Text(huge.into())).await;
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stranger.next().await {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the oversized message closes the connection");

    white
        .send(Message::Text(r#"{"type":"move","text":"e2e4"}"#.into()))
        .await
        .expect("sent");
    let after = state_where(&mut white, |s| {
        s["moves"].as_array().is_some_and(|m| m.len() >= 2)
    })
    .await;
    assert_eq!(after["moves"][0], "e4", "SAN for two players");
    assert_eq!(
        after["to_move"], 0,
        "the bot answered and it is White's move again"
    );
}
