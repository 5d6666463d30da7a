//! The playground survives its own end: `kill -9` mid-game and a restart on
//! the same database resume every open room at the same position and
//! clocks (people away, clocks stopped until they return), with nothing
//! left dangling in the lobby; SIGTERM saves, closes websockets politely
//! and exits. Also the audit's quick DoS reproductions: the room cap under
//! concurrent creations, the header timeout, the connection cap and the
//! work budget.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::serve::{Reply, Server, heavy_rider_file, http};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tetrarch"))
}

fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_nanos();
    format!("{prefix}{}-{nanos}", std::process::id())
}

/// A port free now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port()
}

/// `tetrarch serve` on `port` and the SQLite file `db`.
fn serve(port: u16, db: &str) -> Server {
    Server::start_on(
        exe(),
        port,
        &["--db", db, "--bot-pace-ms", "0", "--bot-think-ms", "50"],
    )
}

fn open_room(base: &str, body: Value) -> String {
    let Reply { code, body, .. } = http("POST", &format!("{base}/api/rooms"), &body.to_string());
    assert_eq!(code, 200, "{body}");
    let reply: Value = serde_json::from_str(&body).expect("JSON");
    reply["id"].as_str().expect("an id").to_string()
}

async fn connect(base: &str, room: &str, token: &str) -> Socket {
    let url = format!(
        "{}/ws/rooms/{room}?token={token}&name=tester",
        base.replacen("http://", "ws://", 1)
    );
    tokio_tungstenite::connect_async(url)
        .await
        .expect("connected")
        .0
}

/// The next state that satisfies `accept`, within 10 s.
async fn state_where(socket: &mut Socket, accept: impl Fn(&Value) -> bool) -> Value {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    let message: Value = serde_json::from_str(&text).expect("JSON");
                    if message["type"] == "state" && accept(&message) {
                        return message;
                    }
                }
                Some(Ok(_)) => continue,
                other => panic!("the connection ended: {other:?}"),
            }
        }
    })
    .await
    .expect("a state within 10 s")
}

async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .expect("sent");
}

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect()
}

fn clock_ms(state: &Value, seat: usize) -> i64 {
    state["seats"][seat]["clock_ms"].as_i64().expect("a clock")
}

fn lobby(base: &str) -> Vec<Value> {
    let Reply { code, body, .. } = http("GET", &format!("{base}/api/rooms"), "");
    assert_eq!(code, 200, "{body}");
    serde_json::from_str(&body).expect("JSON")
}

#[tokio::test]
async fn kill_9_mid_game_loses_nothing() {
    let port = free_port();
    let db = common::scratch_dir()
        .join(unique("restart-") + ".db")
        .display()
        .to_string();
    let server = serve(port, &db);
    let base = server.base.clone();

    // A person (White) against a bot, with a clock.
    let chess = open_room(
        &base,
        json!({ "variant": "chess", "clock": "5+0", "bots": [null, 2], "host": "restart-host-1" }),
    );
    let mut white = connect(&base, &chess, "restart-white-1").await;
    send(&mut white, json!({ "type": "sit", "seat": 0 })).await;
    let mut before = state_where(&mut white, |s| s["phase"] == "playing").await;
    for mv in ["e2e4", "d2d4"] {
        let played = moves(&before).len();
        send(&mut white, json!({ "type": "move", "text": mv })).await;
        before = state_where(&mut white, |s| {
            moves(s).len() == played + 2 && s["to_move"] == 0
        })
        .await;
    }
    // Four bots in a free-for-all, playing on their own.
    let four = open_room(
        &base,
        json!({ "variant": "4pc-ffa", "bots": [0, 0, 0, 0], "host": "restart-host-1" }),
    );
    let mut watcher = connect(&base, &four, "restart-watch-1").await;
    let four_before = state_where(&mut watcher, |s| moves(s).len() >= 12).await;

    server.kill();
    drop((white, watcher));

    let server = serve(port, &db);
    let base = server.base.clone();
    let open: Vec<String> = lobby(&base)
        .iter()
        .map(|r| {
            assert!(!r["summary"].is_null(), "a listed room is live: {r}");
            r["id"].as_str().expect("an id").to_string()
        })
        .collect();
    assert_eq!(open.len(), 2, "{open:?}");
    assert!(open.contains(&chess) && open.contains(&four));

    // The person's room waits, clocks stopped, at the same position.
    let mut white = connect(&base, &chess, "restart-white-1").await;
    let after = state_where(&mut white, |s| s["to_move"] == 0).await;
    assert_eq!(moves(&after), moves(&before));
    for seat in [0, 1] {
        let (was, is) = (clock_ms(&before, seat), clock_ms(&after, seat));
        assert!(
            (was - is).abs() < 200,
            "seat {seat}: {was} ms before the kill, {is} ms after the restart"
        );
    }
    assert_eq!(
        after["you"]["seats"],
        json!([0]),
        "the seat is still theirs"
    );
    // And the game goes on.
    send(&mut white, json!({ "type": "move", "text": "g1f3" })).await;
    let on = state_where(&mut white, |s| moves(s).len() == moves(&before).len() + 2).await;
    assert_eq!(on["phase"], "playing");

    // The bots' room went on from where it was.
    let mut watcher = connect(&base, &four, "restart-watch-1").await;
    let four_after = state_where(&mut watcher, |_| true).await;
    let (was, is) = (moves(&four_before), moves(&four_after));
    assert!(
        is.len() >= was.len() && is[..was.len()] == was[..],
        "{was:?}\n{is:?}"
    );
    server.kill();
    let _ = std::fs::remove_file(&db);
}

#[tokio::test]
async fn sigterm_closes_websockets_politely_and_the_room_resumes() {
    let port = free_port();
    let db = common::scratch_dir()
        .join(unique("sigterm-") + ".db")
        .display()
        .to_string();
    let server = serve(port, &db);
    let base = server.base.clone();
    let room = open_room(
        &base,
        json!({ "variant": "chess", "bots": [null, 1], "host": "sigterm-host-1" }),
    );
    let mut white = connect(&base, &room, "sigterm-white-1").await;
    send(&mut white, json!({ "type": "sit", "seat": 0 })).await;
    state_where(&mut white, |s| s["phase"] == "playing").await;
    send(&mut white, json!({ "type": "move", "text": "e2e4" })).await;
    let before = state_where(&mut white, |s| moves(s).len() == 2).await;

    let stopped = tokio::task::spawn_blocking(move || server.terminate());
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match white.next().await {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => continue,
                other => panic!("no close frame: {other:?}"),
            }
        }
    })
    .await
    .expect("closed within 10 s");
    assert_eq!(closed.map(|f| u16::from(f.code)), Some(1001));
    // The client answers the close (tungstenite does by itself when read).
    while white.next().await.is_some() {}
    let status = stopped.await.expect("the stop is awaited");
    assert!(
        status.success(),
        "SIGTERM ends the server cleanly: {status}"
    );

    let server = serve(port, &db);
    let mut white = connect(&server.base, &room, "sigterm-white-1").await;
    let after = state_where(&mut white, |s| s["to_move"] == 0).await;
    assert_eq!(moves(&after), moves(&before));
    server.kill();
    let _ = std::fs::remove_file(&db);
}

#[test]
fn concurrent_creations_never_pass_the_room_cap() {
    let server = Server::start(
        exe(),
        &[
            "--db",
            "sqlite::memory:",
            "--max-rooms",
            "5",
            "--max-rooms-per-client",
            "100",
        ],
    );
    let base = server.base.clone();
    let codes: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..40)
            .map(|_| {
                let base = base.clone();
                scope.spawn(move || {
                    http(
                        "POST",
                        &format!("{base}/api/rooms"),
                        r#"{"variant":"chess","host":"cap-host-key-1"}"#,
                    )
                    .code
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 5, "{codes:?}");
    assert!(codes.iter().all(|&c| c == 200 || c == 503), "{codes:?}");
    assert_eq!(lobby(&base).len(), 5);
}

#[test]
fn a_client_cannot_hold_connections_with_unfinished_headers() {
    let server = Server::start(
        exe(),
        &[
            "--db",
            "sqlite::memory:",
            "--header-timeout-s",
            "1",
            "--max-connections-per-client",
            "8",
        ],
    );
    let address = server.base.trim_start_matches("http://").to_string();
    // Eight connections that never finish their headers fill the client's
    // share; a ninth is closed at once.
    let mut slow: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(&address).expect("connects");
            s.write_all(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\n")
                .expect("half a request");
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut ninth = TcpStream::connect(&address).expect("the kernel accepts");
    ninth
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a timeout");
    let _ = ninth.write_all(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let mut reply = Vec::new();
    let _ = ninth.read_to_end(&mut reply);
    assert!(reply.is_empty(), "over the cap: closed without an answer");
    // Within the header timeout the server closes the slow ones, and the
    // client is served again.
    let started = Instant::now();
    for s in &mut slow {
        s.set_read_timeout(Some(Duration::from_secs(5)))
            .expect("a timeout");
        let mut rest = Vec::new();
        let _ = s.read_to_end(&mut rest);
        let text = String::from_utf8_lossy(&rest);
        assert!(
            rest.is_empty() || text.starts_with("HTTP/1.1 408"),
            "a slow request gets no answer but a timeout: {text}"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "closed after {:?}",
        started.elapsed()
    );
    assert_eq!(
        http("GET", &format!("{}/api/rooms", server.base), "").code,
        200
    );
}

#[test]
fn a_check_stops_at_its_budget_with_a_sentence() {
    let server = Server::start(
        exe(),
        &["--db", "sqlite::memory:", "--work-budget-ms", "300"],
    );
    let text = heavy_rider_file();
    let started = Instant::now();
    let Reply { code, body, .. } = http(
        "POST",
        &format!("{}/api/check", server.base),
        &json!({ "text": text }).to_string(),
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code, 422, "{body}");
    let error: Value = serde_json::from_str(&body).expect("JSON");
    let error = error["error"].as_str().expect("a sentence");
    assert!(
        error.starts_with(
            "checking this file takes more than the 0.3 s the server gives a request: "
        ) && error.contains("of its 3001 sections were checked"),
        "{error}"
    );
    // A room of the same file is refused the same way.
    let Reply { code, body, .. } = http(
        "POST",
        &format!("{}/api/rooms", server.base),
        &json!({ "text": text, "host": "budget-host-1" }).to_string(),
    );
    assert_eq!(code, 422, "{body}");
}
