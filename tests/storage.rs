//! The playground's storage on both databases it supports: SQLite (a file)
//! always, PostgreSQL where `tests/system.sh` has started one (it runs the
//! ignored tests here with `TETRARCH_POSTGRES_URL` set). On PostgreSQL two
//! server instances also share one database: a room opened on one is found
//! through the other, and a variant saved on one is listed by the other.

use std::path::Path;

mod common;
use common::serve::{Reply, Server, http};
use tetrarch::server::{
    StepBatch, Store, StoredGame, StoredRoom, StoredVariant, Visibility, now_seconds,
};

fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_nanos();
    format!("{prefix}{}-{nanos}", std::process::id())
}

async fn round_trip(target: &str) {
    // Opening twice applies the migrations once.
    Store::open(target).await.expect("the database opens");
    let store = Store::open(target).await.expect("and opens again");

    let private = StoredVariant {
        id: unique("v"),
        visibility: Visibility::Private,
        name: "mini".into(),
        text: "[mini:chess]\nmaxRank = 6\n".into(),
        created: now_seconds(),
        owner: unique("owner"),
    };
    let public = StoredVariant {
        id: unique("w"),
        visibility: Visibility::Public,
        name: "wide".into(),
        text: "[wide:chess]\n".into(),
        created: now_seconds() + 1,
        owner: private.owner.clone(),
    };
    store.save_variant(&private).await.expect("saved");
    store.save_variant(&public).await.expect("saved");
    let back = store
        .variant(&private.id)
        .await
        .expect("read")
        .expect("found");
    assert_eq!(
        (
            back.name.as_str(),
            back.text.as_str(),
            back.owner.as_str(),
            back.visibility
        ),
        (
            "mini",
            private.text.as_str(),
            private.owner.as_str(),
            Visibility::Private
        )
    );
    let listed = store.public_variants(1000).await.expect("listed");
    assert!(listed.iter().any(|v| v.id == public.id));
    assert!(
        listed.iter().all(|v| v.id != private.id),
        "a private variant is never listed"
    );
    assert!(
        store
            .variant("no-such-variant")
            .await
            .expect("read")
            .is_none()
    );

    let room = StoredRoom {
        id: unique("r"),
        variant: "chess".into(),
        clock: Some("5+3".into()),
        instance: "http://127.0.0.1:1".into(),
        created: now_seconds(),
    };
    store
        .open_room(&room, r#"{"setup":1}"#)
        .await
        .expect("opened");
    let batch = |first: i64, steps: &[&str]| StepBatch {
        room: room.id.clone(),
        first,
        steps: steps.iter().map(|s| s.to_string()).collect(),
    };
    store
        .add_steps(&[batch(0, &["a", "b"])])
        .await
        .expect("steps added");
    store
        .add_steps(&[batch(2, &["c"])])
        .await
        .expect("more steps added");
    assert_eq!(
        store.room_steps(&room.id).await.expect("read"),
        ["a", "b", "c"]
    );
    let resumable = store
        .rooms_to_resume("http://127.0.0.1:1")
        .await
        .expect("listed");
    assert!(
        resumable
            .iter()
            .any(|(r, setup)| r.id == room.id && setup.as_deref() == Some(r#"{"setup":1}"#)),
        "a room is resumed by its instance, with its setup"
    );
    assert!(
        store
            .open_rooms(1000)
            .await
            .expect("listed")
            .iter()
            .any(|r| r.id == room.id)
    );
    let found = store.room(&room.id).await.expect("read").expect("open");
    assert_eq!(
        (found.clock.as_deref(), found.instance.as_str()),
        (Some("5+3"), "http://127.0.0.1:1")
    );
    for number in [2, 1] {
        let game = StoredGame {
            id: format!("{}-{number}", room.id),
            room: room.id.clone(),
            number,
            variant: "chess".into(),
            format: "pgn".into(),
            result: "1-0".into(),
            record: format!("[Event \"game {number}\"]\n\n1. e4 1-0\n"),
            finished: now_seconds(),
        };
        store.save_game(&game).await.expect("saved");
        // A replayed room finishes its game again: the first record stays.
        let again = StoredGame {
            record: "replayed".into(),
            ..game
        };
        store.save_game(&again).await.expect("saved again");
    }
    let games = store.room_games(&room.id).await.expect("listed");
    assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), [1, 2]);
    let game = store
        .game(&games[1].id)
        .await
        .expect("read")
        .expect("found");
    assert_eq!(game.record, "[Event \"game 2\"]\n\n1. e4 1-0\n");
    store.close_room(&room.id).await.expect("closed");
    assert!(
        store.room(&room.id).await.expect("read").is_none(),
        "a closed room is not open"
    );
    assert!(
        store.room_steps(&room.id).await.expect("read").is_empty(),
        "a closed room's steps are dropped"
    );
    assert_eq!(
        store.room_games(&room.id).await.expect("listed").len(),
        2,
        "its games stay"
    );
}

#[tokio::test]
async fn sqlite_file_stores_variants_rooms_and_games() {
    let path = common::scratch_dir().join(unique("store-") + ".db");
    round_trip(&path.display().to_string()).await;
    assert!(path.exists(), "the database is a file");
    let _ = std::fs::remove_file(path);
}

fn postgres_url() -> String {
    std::env::var("TETRARCH_POSTGRES_URL")
        .expect("TETRARCH_POSTGRES_URL names the PostgreSQL database (tests/system.sh sets it)")
}

#[tokio::test]
#[ignore = "needs a PostgreSQL server: tests/system.sh starts one and runs this with --ignored"]
async fn postgres_stores_variants_rooms_and_games() {
    round_trip(&postgres_url()).await;
}

/// `tetrarch serve` on the database `db`.
fn serve(db: &str) -> Server {
    Server::start(Path::new(env!("CARGO_BIN_EXE_tetrarch")), &["--db", db])
}

#[test]
#[ignore = "needs a PostgreSQL server: tests/system.sh starts one and runs this with --ignored"]
fn two_instances_share_rooms_and_variants_through_postgres() {
    let url = postgres_url();
    let a = serve(&url);
    let b = serve(&url);
    let Reply { code, body, .. } = http(
        "POST",
        &format!("{}/api/rooms", a.base),
        r#"{"variant":"chess","host":"instance-test-host"}"#,
    );
    assert_eq!(code, 200, "{body}");
    let room: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let id = room["id"].as_str().expect("an id");
    // B knows the room from the database and sends the browser to A.
    let Reply { code, head, .. } = http("GET", &format!("{}/room/{id}", b.base), "");
    assert_eq!(code, 307, "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains(&format!("location: {}/room/{id}", a.base)),
        "{head}"
    );
    let Reply { code, body, .. } = http(
        "GET",
        &format!("{}/ws/rooms/{id}?token=abcdefgh123", b.base),
        "",
    );
    assert_eq!(code, 421, "{body}");
    assert!(body.contains(&format!("hosted at {}", a.base)), "{body}");
    let Reply { body: listing, .. } = http("GET", &format!("{}/api/rooms", b.base), "");
    assert!(listing.contains(id), "B lists A's room: {listing}");
    // A variant saved through A is listed and served by B.
    let name = unique("shared");
    let text = format!("[{name}:chess]\\ncastling = false\\n");
    let Reply { code, body, .. } = http(
        "POST",
        &format!("{}/api/variants", a.base),
        &format!(r#"{{"text":"{text}","visibility":"public"}}"#),
    );
    assert_eq!(code, 200, "{body}");
    let saved: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let Reply { body: listing, .. } = http("GET", &format!("{}/api/variants", b.base), "");
    assert!(listing.contains(&name), "{listing}");
    let Reply { code, body, .. } = http(
        "GET",
        &format!(
            "{}/api/variants/{}",
            b.base,
            saved["id"].as_str().expect("an id")
        ),
        "",
    );
    assert_eq!(code, 200, "{body}");
    assert!(body.contains("castling = false"), "{body}");
}
