//! The playground under load, on the loopback: `tetrarch serve` (the
//! test profile's binary, `cargo build --profile ci --bins --examples`) with ROOMS rooms whose every seat is a bot (three in
//! four play chess, one in four the four-player free-for-all), and CLIENTS
//! websocket clients spread over them. One client per room holds the
//! host's key and starts the next game whenever one ends, so the bots never
//! stop. Every client sends a request at random moments that the room
//! must refuse (a spectator resigning) and times the answer.
//!
//! At the end it reports the answer latency percentiles, the state
//! messages received, the games finished and the server's memory, and
//! checks that no room was lost (each still answers and lists as open),
//! no client was dropped, and no game was corrupted (every finished game's
//! record is replayed through the rules by `tetrarch replay`, which must
//! find each one as recorded). Exit 1 on any failure.
//!
//! ```sh
//! cargo build --profile ci --bins --examples && target/ci/examples/load_test [--rooms 200] [--clients 1000] [--seconds 60] [--bot-pace-ms 150]
//! ```

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

// Shared with the integration tests, of which this uses a part.
#[allow(dead_code)]
#[path = "../common/serve.rs"]
mod serve;
use serve::{Reply, Server, http};

struct Options {
    rooms: usize,
    clients: usize,
    seconds: u64,
    pace_ms: u64,
}

fn options() -> Options {
    let mut o = Options {
        rooms: 200,
        clients: 1000,
        seconds: 60,
        pace_ms: 150,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok());
        match (pair[0].as_str(), value) {
            ("--rooms", Some(v)) => o.rooms = v,
            ("--clients", Some(v)) => o.clients = v,
            ("--seconds", Some(v)) => o.seconds = v as u64,
            ("--bot-pace-ms", Some(v)) => o.pace_ms = v as u64,
            _ => {
                eprintln!(
                    "usage: load_test [--rooms N] [--clients N] [--seconds S] [--bot-pace-ms MS]"
                );
                std::process::exit(2);
            }
        }
    }
    o
}

/// Kilobytes of a process's memory: (resident now, peak resident).
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[derive(Default)]
struct Tally {
    states: AtomicU64,
    answered: AtomicU64,
    dropped: AtomicUsize,
    new_games: AtomicU64,
    latencies: Mutex<Vec<Duration>>,
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let o = options();
    let exe = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ci/tetrarch");
    let pace = o.pace_ms.to_string();
    let server = Server::start(
        &exe,
        &[
            "--db",
            "sqlite::memory:",
            "--bot-pace-ms",
            &pace,
            "--bot-think-ms",
            "200",
            // Every client of the test is on the loopback: one address.
            "--max-rooms-per-client",
            "100000",
            "--max-connections-per-client",
            "100000",
        ],
    );
    let base = server.base.clone();
    println!(
        "load test: {} rooms, {} clients, {} s, bots move every {} ms at least, against {base}",
        o.rooms, o.clients, o.seconds, o.pace_ms
    );

    let mut rooms = Vec::new();
    for i in 0..o.rooms {
        let body = if i % 4 == 3 {
            r#"{"variant":"4pc-ffa","bots":[1,1,1,1],"host":"load-host-key"}"#
        } else {
            r#"{"variant":"chess","clock":"3+2","bots":[1,1],"host":"load-host-key"}"#
        };
        let Reply {
            code, body: reply, ..
        } = http("POST", &format!("{base}/api/rooms"), body);
        assert_eq!(code, 200, "opening a room: {reply}");
        let reply: serde_json::Value = serde_json::from_str(&reply).expect("JSON");
        rooms.push(reply["id"].as_str().expect("an id").to_string());
    }

    let tally = Arc::new(Tally::default());
    let started = Instant::now();
    let end = started + Duration::from_secs(o.seconds);
    let ws_base = base.replacen("http://", "ws://", 1);
    let mut tasks = Vec::new();
    for c in 0..o.clients {
        let room = rooms[c % rooms.len()].clone();
        let host = c < rooms.len();
        let token = if host {
            "load-host-key".to_string()
        } else {
            format!("load-client-{c:06}")
        };
        let url = format!("{ws_base}/ws/rooms/{room}?token={token}&name=client{c}");
        let tally = tally.clone();
        tasks.push(tokio::spawn(async move {
            client(url, host, c as u64, end, tally).await;
        }));
        if c % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let connected_after = started.elapsed();
    for task in tasks {
        let _ = task.await;
    }
    let (rss, peak) = memory(server.pid());

    // Every room's task is alive: a new connection gets the room's state.
    let mut alive = Vec::new();
    for room in &rooms {
        let url = format!("{ws_base}/ws/rooms/{room}?token=late-visitor&name=late");
        alive.push(tokio::spawn(async move {
            let mut socket = match tokio_tungstenite::connect_async(&url).await {
                Ok((socket, _)) => socket,
                Err(e) => {
                    eprintln!("{url}: {e}");
                    return false;
                }
            };
            let first = tokio::time::timeout(Duration::from_secs(5), async {
                loop {
                    match socket.next().await {
                        Some(Ok(Message::Text(text))) => return Some(text),
                        Some(Ok(_)) => continue,
                        _ => return None,
                    }
                }
            })
            .await;
            let ok = matches!(&first, Ok(Some(text)) if text.contains("\"type\":\"state\""));
            if !ok {
                eprintln!("{url}: {first:?}");
            }
            ok
        }));
    }
    let mut lost = 0;
    for (room, alive) in rooms.iter().zip(alive) {
        if !alive.await.unwrap_or(false) {
            lost += 1;
            eprintln!("room {room} does not answer a new connection");
        }
    }
    // Every room still lists as open.
    let mut games = Vec::new();
    for room in &rooms {
        let Reply { code, body, .. } = http("GET", &format!("{base}/api/rooms/{room}"), "");
        let reply: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        if code != 200 || reply["summary"].is_null() {
            lost += 1;
            eprintln!("room {room} lost: {code} {body}");
        }
        for game in reply["games"].as_array().into_iter().flatten() {
            games.push((
                game["id"].as_str().unwrap_or_default().to_string(),
                game["format"].as_str().unwrap_or_default().to_string(),
            ));
        }
    }
    // Every finished game replays through the rules as recorded.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/load-games");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the games");
    let mut files = Vec::new();
    for (id, format) in &games {
        let Reply {
            code, body: record, ..
        } = http("GET", &format!("{base}/api/games/{id}"), "");
        assert_eq!(code, 200, "game {id}: {record}");
        let path = dir.join(format!("{id}.{format}"));
        std::fs::write(&path, record).expect("written");
        files.push(path);
    }
    let mut corrupted = 0;
    let mut as_recorded = 0;
    for chunk in files.chunks(200) {
        let out = Command::new(&exe)
            .arg("replay")
            .args(chunk)
            .output()
            .expect("tetrarch replay");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let last = text.lines().last().unwrap_or_default().to_string();
        if !out.status.success() || !last.ends_with(" 0 failed") {
            corrupted += 1;
            eprintln!("{text}");
        }
        as_recorded += last
            .split_once(" games: ")
            .and_then(|(_, rest)| rest.split(' ').next()?.parse::<usize>().ok())
            .unwrap_or(0);
    }
    drop(server);

    let mut latencies = tally.latencies.lock().await.clone();
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let states = tally.states.load(Ordering::Relaxed);
    println!(
        "clients connected in {:.1} s",
        connected_after.as_secs_f64()
    );
    println!(
        "answers: {} (p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms)",
        latencies.len(),
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
    println!(
        "state messages received: {states} ({:.0}/s)",
        states as f64 / o.seconds as f64
    );
    println!(
        "games finished: {} (new games started: {}); replayed by `tetrarch replay`: {as_recorded} as recorded",
        games.len(),
        tally.new_games.load(Ordering::Relaxed)
    );
    println!(
        "server memory: {:.1} MiB resident at the end, {:.1} MiB peak",
        rss as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    let dropped = tally.dropped.load(Ordering::Relaxed);
    println!("rooms lost: {lost}, clients dropped: {dropped}, corrupted game files: {corrupted}");
    let unanswered = tally.answered.load(Ordering::Relaxed) < latencies.len() as u64;
    if lost > 0
        || dropped > 0
        || corrupted > 0
        || games.is_empty()
        || as_recorded != games.len()
        || latencies.is_empty()
        || unanswered
    {
        println!("load test: FAILED");
        std::process::exit(1);
    }
    println!("load test: ok");
}

/// One websocket client until `end`.
async fn client(url: String, host: bool, seed: u64, end: Instant, tally: Arc<Tally>) {
    let Ok((mut socket, _)) = tokio_tungstenite::connect_async(&url).await else {
        tally.dropped.fetch_add(1, Ordering::Relaxed);
        eprintln!("cannot connect {url}");
        return;
    };
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut asked: Option<Instant> = None;
    let mut ask_at = Instant::now() + Duration::from_millis(500 + next() % 3000);
    loop {
        let now = Instant::now();
        if now >= end {
            break;
        }
        let wake = if asked.is_none() {
            ask_at.min(end)
        } else {
            end
        };
        tokio::select! {
            message = socket.next() => {
                let Some(Ok(message)) = message else {
                    tally.dropped.fetch_add(1, Ordering::Relaxed);
                    eprintln!("dropped: {url}");
                    return;
                };
                let Message::Text(text) = message else { continue };
                let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
                match value["type"].as_str() {
                    Some("state") => {
                        tally.states.fetch_add(1, Ordering::Relaxed);
                        if host && value["phase"] == "over" {
                            tally.new_games.fetch_add(1, Ordering::Relaxed);
                            let _ = socket.send(Message::Text(r#"{"type":"new_game"}"#.into())).await;
                        }
                    }
                    Some("error") => {
                        if let Some(at) = asked.take() {
                            tally.latencies.lock().await.push(at.elapsed());
                            tally.answered.fetch_add(1, Ordering::Relaxed);
                            ask_at = Instant::now() + Duration::from_millis(1000 + next() % 2000);
                        }
                    }
                    _ => {}
                }
            }
            () = tokio::time::sleep_until(wake.into()) => {
                if asked.is_none() && Instant::now() >= ask_at && !host {
                    asked = Some(Instant::now());
                    if socket.send(Message::Text(r#"{"type":"resign"}"#.into())).await.is_err() {
                        tally.dropped.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                } else if host {
                    ask_at = end;
                }
            }
        }
    }
    let _ = socket.close(None).await;
}
