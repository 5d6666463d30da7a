//! The playground under one client's attack, on the loopback: while that
//! client runs loops of `GET /api/variants` and loops of heavy `POST
//! /api/check` (a file of 3,000 sections of a 16 × 16 rider variant, each
//! check cut at the work budget), another times a cheap request (`GET
//! /api/rooms`) and a websocket round trip (a refused message in a room,
//! answered by the room's task). The same timings without the attack come
//! first. Figures in docs/serve.md.
//!
//! ```sh
//! cargo build --release --examples && target/release/examples/dos_bench --seconds 20
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

// Shared with the integration tests, of which this uses a part.
#[allow(dead_code)]
#[path = "../common/serve.rs"]
mod serve;
use serve::{Server, heavy_rider_file, http};

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: {} (p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms)",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        percentile(&times, 1.0)
    );
}

fn heavy_file() -> String {
    serde_json::json!({ "text": heavy_rider_file() }).to_string()
}

/// Times cheap requests and websocket round trips for `seconds`.
async fn measure(base: &str, room: &str, seconds: u64) -> (Vec<Duration>, Vec<Duration>) {
    let end = Instant::now() + Duration::from_secs(seconds);
    let url = format!("{base}/api/rooms");
    let cheap = tokio::task::spawn_blocking(move || {
        let mut times = Vec::new();
        while Instant::now() < end {
            let started = Instant::now();
            let reply = http("GET", &url, "");
            assert_eq!(reply.code, 200);
            times.push(started.elapsed());
            std::thread::sleep(Duration::from_millis(20));
        }
        times
    });
    let ws = format!(
        "{}/ws/rooms/{room}?token=bench-watcher-1&name=w",
        base.replacen("http://", "ws://", 1)
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(ws)
        .await
        .expect("connected");
    let mut trips = Vec::new();
    while Instant::now() < end {
        let started = Instant::now();
        socket
            .send(Message::Text(r#"{"type":"resign"}"#.into()))
            .await
            .expect("sent");
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) if text.contains("\"type\":\"error\"") => break,
                Some(Ok(_)) => continue,
                other => panic!("the websocket ended: {other:?}"),
            }
        }
        trips.push(started.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (cheap.await.expect("timed"), trips)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let mut seconds = 20;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [flag, value] if flag == "--seconds" && value.parse::<u64>().is_ok() => {
            seconds = value.parse().expect("checked");
        }
        _ => {
            eprintln!("usage: dos_bench [--seconds S]");
            std::process::exit(2);
        }
    }
    let exe = std::env::current_exe()
        .expect("the bench's path")
        .parent()
        .and_then(|examples| examples.parent())
        .expect("target/PROFILE/examples")
        .join("tetrarch");
    let server = Server::start(&exe, &["--db", "sqlite::memory:"]);
    let base = server.base.clone();
    let reply = http(
        "POST",
        &format!("{base}/api/rooms"),
        r#"{"variant":"chess","host":"bench-host-key"}"#,
    );
    assert_eq!(reply.code, 200, "{}", reply.body);
    let room: serde_json::Value = serde_json::from_str(&reply.body).expect("JSON");
    let room = room["id"].as_str().expect("an id").to_string();
    println!(
        "dos bench against {base} ({}), {seconds} s per phase",
        exe.display()
    );

    let (cheap, trips) = measure(&base, &room, seconds).await;
    println!("without an attack:");
    report("  GET /api/rooms", cheap);
    report("  websocket round trip", trips);

    let stop = Arc::new(AtomicBool::new(false));
    let counts = Arc::new((AtomicU64::new(0), AtomicU64::new(0), Mutex::new(Vec::new())));
    let heavy = Arc::new(heavy_file());
    let mut attackers = Vec::new();
    for loop_number in 0..8 {
        let (stop, counts, heavy, base) =
            (stop.clone(), counts.clone(), heavy.clone(), base.clone());
        attackers.push(std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if loop_number < 4 {
                    let reply = http("GET", &format!("{base}/api/variants"), "");
                    assert_eq!(reply.code, 200);
                    counts.0.fetch_add(1, Ordering::Relaxed);
                } else {
                    let reply = http("POST", &format!("{base}/api/check"), &heavy);
                    counts.1.fetch_add(1, Ordering::Relaxed);
                    counts.2.lock().expect("no panic").push(reply.code);
                }
            }
        }));
    }
    let (cheap, trips) = measure(&base, &room, seconds).await;
    stop.store(true, Ordering::Relaxed);
    println!("under 4 loops of GET /api/variants and 4 of heavy POST /api/check:");
    report("  GET /api/rooms", cheap);
    report("  websocket round trip", trips);
    for attacker in attackers {
        let _ = attacker.join();
    }
    let mut codes = counts.2.lock().expect("no panic").clone();
    codes.sort();
    codes.dedup();
    println!(
        "  the attack: {} variant lists, {} heavy checks answered (statuses {codes:?})",
        counts.0.load(Ordering::Relaxed),
        counts.1.load(Ordering::Relaxed)
    );
}
