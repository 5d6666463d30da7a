//! The server's routes: pages and assets, the JSON API (check, variants,
//! rooms, games) and each room's websocket. Every bad request is answered
//! with a status and `{"error": "…"}` in a sentence.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, watch};

use super::author::{CheckRequest, MAX_TEXT, Stopped, check_text};
use super::failure::{Failure, bad, json_errors, not_found, storage};
use super::listen::Held;
use super::messages::ClientMessage;
use super::resume::{RoomSetup, VariantSource};
use super::room::RoomInput;
use super::store::{StoredRoom, StoredVariant, Visibility, now_seconds};
use super::work::Budget;
use super::{App, assets, random_key};
use crate::catalog::Catalog;
use crate::game::TimeControl;
use crate::rules::compile;
use crate::shuffle::Shuffle;

type Shared = State<Arc<App>>;

/// The largest websocket message a client may send, in bytes.
const MAX_MESSAGE: usize = 16 * 1024;

/// How long a closing connection waits for the browser's close reply.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// How often the server pings a browser.
const PING_EVERY: Duration = Duration::from_secs(15);

/// The longest clock a room accepts.
const MAX_CLOCK: Duration = Duration::from_secs(24 * 3600);

/// The longest increment or delay a room accepts.
const MAX_BONUS: Duration = Duration::from_secs(3600);

/// The routes.
pub(super) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| async { page("index.html") }))
        .route("/room/{id}", get(room_page))
        .route("/assets/{name}", get(asset))
        .route("/api/check", post(check))
        .route("/api/variants", get(list_variants).post(save_variant))
        .route("/api/variants/{id}", get(get_variant))
        .route("/api/rooms", get(list_rooms).post(open_room))
        .route("/api/rooms/{id}", get(get_room))
        .route("/api/games/{id}", get(get_game))
        .route("/ws/rooms/{id}", get(websocket))
        // JSON writes a file's newlines and quotes as two characters, and
        // other control characters as six: the body may be six times the
        // text, whose own limit then answers in a sentence.
        .layer(DefaultBodyLimit::max(6 * MAX_TEXT + 4096))
        .fallback(|| async { not_found("no such page or API route") })
        .layer(axum::middleware::from_fn(json_errors))
        .with_state(app)
}

fn page(name: &str) -> Response {
    asset_response(name)
}

fn asset_response(name: &str) -> Response {
    match assets::get(name) {
        Some((body, mime)) => ([(header::CONTENT_TYPE, mime)], body).into_response(),
        None => not_found(format!("no asset `{name}`")).into_response(),
    }
}

async fn asset(Path(name): Path<String>) -> Response {
    asset_response(&name)
}

/// A room's page, or a redirect to the instance that hosts it.
async fn room_page(State(app): Shared, Path(id): Path<String>) -> Response {
    if app.local_room(&id).is_some() {
        return page("room.html");
    }
    match app.store.room(&id).await {
        Ok(Some(room)) if room.instance != app.instance => {
            Redirect::temporary(&format!("{}/room/{id}", room.instance)).into_response()
        }
        Ok(_) => page("room.html"),
        Err(e) => storage(e).into_response(),
    }
}

async fn check(
    State(app): Shared,
    ConnectInfo(client): ConnectInfo<std::net::SocketAddr>,
    Json(request): Json<CheckRequest>,
) -> Response {
    if request.text.len() > MAX_TEXT {
        return bad(format!("the file is over {} KiB", MAX_TEXT / 1024)).into_response();
    }
    let base = app.base.clone();
    let checked = app
        .work
        .run(client.ip(), move |budget: &Budget| {
            check_text(&base, &request, &|| budget.spent())
        })
        .await;
    match checked {
        Ok(Ok(reply)) => Json(reply).into_response(),
        Ok(Err(stopped)) => overrun(&app, stopped).into_response(),
        Err(failure) => failure.into_response(),
    }
}

/// The answer to a check that ran out of time (422).
fn overrun(app: &App, stopped: Stopped) -> Failure {
    Failure(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "checking this file takes more than the {} s the server gives a request: {} of its {} sections were checked; split it, or check it with `tetrarch check`",
            app.work.budget().as_secs_f64(),
            stopped.checked,
            stopped.sections
        ),
    )
}

/// A shipped (or `--variants`) variant, as the lobby lists it.
#[derive(Clone, Debug, Serialize)]
pub(super) struct VariantSummary {
    name: String,
    seats: Vec<String>,
    files: u8,
    ranks: u8,
}

#[derive(Serialize)]
struct PublicVariant {
    id: String,
    name: String,
    created: i64,
}

/// The server's own variants, compiled once (on a blocking thread) for
/// the first request that lists them.
fn summaries(catalog: &Catalog) -> Vec<VariantSummary> {
    let mut shipped = Vec::new();
    for name in catalog.names() {
        let Ok(def) = catalog.checked(name) else {
            continue;
        };
        let Ok(rules) = compile(def) else {
            continue;
        };
        shipped.push(VariantSummary {
            name: name.to_string(),
            seats: rules.seats.iter().map(|s| s.name.clone()).collect(),
            files: rules.files,
            ranks: rules.ranks,
        });
    }
    shipped
}

async fn list_variants(State(app): Shared) -> Response {
    let shipped = app
        .summaries
        .get_or_try_init(|| {
            let app = app.clone();
            async move { tokio::task::spawn_blocking(move || summaries(&app.catalog)).await }
        })
        .await;
    let Ok(shipped) = shipped else {
        return Failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "listing the variants failed".into(),
        )
        .into_response();
    };
    let public = match app.store.public_variants(100).await {
        Ok(list) => list,
        Err(e) => return storage(e).into_response(),
    };
    Json(serde_json::json!({
        "shipped": shipped,
        "public": public.into_iter().map(|v| PublicVariant { id: v.id, name: v.name, created: v.created }).collect::<Vec<_>>(),
    }))
    .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveVariant {
    text: String,
    visibility: Visibility,
    /// The owner's key (from an earlier save), to keep one owner.
    #[serde(default)]
    owner: Option<String>,
}

/// Saves a variant file that checks without errors.
async fn save_variant(
    State(app): Shared,
    ConnectInfo(client): ConnectInfo<std::net::SocketAddr>,
    Json(request): Json<SaveVariant>,
) -> Response {
    if request.text.len() > MAX_TEXT {
        return bad(format!("the file is over {} KiB", MAX_TEXT / 1024)).into_response();
    }
    let base = app.base.clone();
    let text = request.text.clone();
    let checked = app
        .work
        .run(client.ip(), move |budget: &Budget| {
            let request = CheckRequest {
                text,
                section: None,
            };
            check_text(&base, &request, &|| budget.spent())
        })
        .await;
    let reply = match checked {
        Ok(Ok(reply)) => reply,
        Ok(Err(stopped)) => return overrun(&app, stopped).into_response(),
        Err(failure) => return failure.into_response(),
    };
    let Some(name) = reply.described.filter(|_| reply.playable) else {
        return bad("the file has no section that can be played: fix its errors first")
            .into_response();
    };
    let owner = request
        .owner
        .filter(|o| valid_key(o))
        .unwrap_or_else(|| random_key(24));
    let variant = StoredVariant {
        id: random_key(10),
        visibility: request.visibility,
        name,
        text: request.text,
        created: now_seconds(),
        owner: owner.clone(),
    };
    match app.store.save_variant(&variant).await {
        Ok(()) => {
            Json(serde_json::json!({ "id": variant.id, "owner": owner, "name": variant.name }))
                .into_response()
        }
        Err(e) => storage(e).into_response(),
    }
}

#[derive(Deserialize)]
struct OwnerQuery {
    owner: Option<String>,
}

async fn get_variant(
    State(app): Shared,
    Path(id): Path<String>,
    Query(query): Query<OwnerQuery>,
) -> Response {
    match app.store.variant(&id).await {
        Ok(Some(v))
            if v.visibility != Visibility::Private
                || query.owner.as_deref() == Some(v.owner.as_str()) =>
        {
            Json(v).into_response()
        }
        Ok(_) => not_found(format!(
            "no variant `{id}` (a private one needs its owner's key)"
        ))
        .into_response(),
        Err(e) => storage(e).into_response(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenRoom {
    /// A variant by name (shipped or `--variants`).
    #[serde(default)]
    variant: Option<String>,
    /// Or a variant file's text and the section to play.
    #[serde(default)]
    text: Option<String>,
    /// Or a stored variant by id (a private one with its owner's key).
    #[serde(default)]
    variant_id: Option<String>,
    #[serde(default)]
    owner: Option<String>,
    /// The section of `text` or of the stored file (default: the first
    /// playable one).
    #[serde(default)]
    section: Option<String>,
    /// A time control (`5+3`), or none.
    #[serde(default)]
    clock: Option<String>,
    /// A shuffled start, for variants with `chess960 = true`: `random` (a
    /// new one for the room) or a Chess960 start number (0 to 959).
    #[serde(default)]
    start: Option<String>,
    /// Per seat: a bot's level, or null for a person.
    #[serde(default)]
    bots: Option<Vec<Option<u8>>>,
    /// The host's key (the browser's own).
    host: String,
}

/// Opens a room.
async fn open_room(
    State(app): Shared,
    ConnectInfo(client): ConnectInfo<std::net::SocketAddr>,
    Json(request): Json<OpenRoom>,
) -> Response {
    match open_room_inner(&app, client.ip(), request).await {
        Ok(reply) => Json(reply).into_response(),
        Err(failure) => failure.into_response(),
    }
}

async fn open_room_inner(
    app: &Arc<App>,
    client: std::net::IpAddr,
    request: OpenRoom,
) -> Result<serde_json::Value, Failure> {
    if !valid_key(&request.host) {
        return Err(bad("`host` must be 8 to 64 letters, digits or dashes"));
    }
    let control = match request.clock.as_deref().filter(|c| !c.trim().is_empty()) {
        Some(text) => {
            let control: TimeControl = text
                .trim()
                .parse()
                .map_err(|e: crate::game::TimeControlError| bad(format!("clock: {e}")))?;
            if control.base.is_zero() || control.base > MAX_CLOCK {
                return Err(bad(
                    "clock: the time per player must be above 0 and at most 24 hours",
                ));
            }
            if control.increment > MAX_BONUS || control.delay > MAX_BONUS {
                return Err(bad("clock: an increment or delay is at most an hour"));
            }
            Some(control)
        }
        None => None,
    };
    let source = match (request.variant, request.text, request.variant_id) {
        (Some(name), None, None) => VariantSource::Named(name),
        (None, Some(text), None) => VariantSource::Text {
            text,
            section: request.section,
        },
        (None, None, Some(id)) => match app.store.variant(&id).await.map_err(storage)? {
            Some(v)
                if v.visibility != Visibility::Private
                    || request.owner.as_deref() == Some(v.owner.as_str()) =>
            {
                VariantSource::Text {
                    text: v.text,
                    section: request.section,
                }
            }
            _ => return Err(not_found(format!("no variant `{id}`"))),
        },
        _ => return Err(bad("give one of `variant`, `text` or `variant_id`")),
    };
    if let VariantSource::Text { text, .. } = &source
        && text.len() > MAX_TEXT
    {
        return Err(bad(format!("the file is over {} KiB", MAX_TEXT / 1024)));
    }
    let shuffle = match request.start.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(text) => {
            let shuffle: Shuffle = text
                .trim()
                .parse()
                .map_err(|e| bad(format!("start: {e}")))?;
            Some(shuffle.reseeded(u64::from_str_radix(&random_key(6), 36).unwrap_or(1)))
        }
        None => None,
    };
    // The caps are taken before anything is awaited, so that requests
    // arriving together cannot pass them together.
    let slot = app.room_slots.take(()).ok_or_else(|| {
        Failure(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "this server holds at most {} rooms, and all are open; try again later",
                app.room_slots.max()
            ),
        )
    })?;
    let theirs = app.client_rooms.take(client).ok_or_else(|| {
        Failure(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "this client has {} rooms open already; close one first",
                app.client_rooms.max()
            ),
        )
    })?;
    let (compiled, start) = app.variant(client, &source, shuffle).await?;
    let rules = compiled.rules.clone();
    let seats = rules.seats.len();
    let bots = request.bots.unwrap_or_else(|| vec![None; seats]);
    if bots.len() != seats {
        return Err(bad(format!(
            "`bots` has {} entries; {} has {seats} seats",
            bots.len(),
            rules.name
        )));
    }
    if let Some(level) = bots
        .iter()
        .flatten()
        .find(|&&l| l > crate::engine::MAX_LEVEL)
    {
        return Err(bad(format!(
            "a bot's level is 0 (random) to {}, not {level}",
            crate::engine::MAX_LEVEL
        )));
    }
    let id = random_key(8);
    let setup = RoomSetup {
        source,
        start,
        control: control.map(|c| c.to_string()),
        bots,
        host: request.host,
        seed: u64::from_str_radix(&random_key(6), 36).unwrap_or(1),
    };
    let stored = StoredRoom {
        id: id.clone(),
        variant: rules.name.clone(),
        clock: setup.control.clone(),
        instance: app.instance.clone(),
        created: now_seconds(),
    };
    let setup_text = serde_json::to_string(&setup).expect("a setup serialises");
    app.store
        .open_room(&stored, &setup_text)
        .await
        .map_err(storage)?;
    app.start_room(
        id.clone(),
        &setup,
        compiled,
        Vec::new(),
        (slot, Some(theirs)),
    )
    .map_err(bad)?;
    Ok(serde_json::json!({ "id": id, "url": format!("{}/room/{id}", app.instance) }))
}

#[derive(Serialize)]
struct RoomListing {
    #[serde(flatten)]
    room: StoredRoom,
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<super::room::RoomSummary>,
}

async fn list_rooms(State(app): Shared) -> Response {
    match app.store.open_rooms(200).await {
        Ok(rooms) => Json(
            rooms
                .into_iter()
                .map(|room| RoomListing {
                    summary: app.summary(&room.id),
                    room,
                })
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => storage(e).into_response(),
    }
}

async fn get_room(State(app): Shared, Path(id): Path<String>) -> Response {
    let games = match app.store.room_games(&id).await {
        Ok(games) => games,
        Err(e) => return storage(e).into_response(),
    };
    let games: Vec<serde_json::Value> = games
        .into_iter()
        .map(|g| serde_json::json!({ "id": g.id, "number": g.number, "result": g.result, "format": g.format }))
        .collect();
    match app.store.room(&id).await {
        Ok(Some(room)) => Json(serde_json::json!({
            "summary": app.summary(&id),
            "games": games,
            "room": room,
        }))
        .into_response(),
        Ok(None) if !games.is_empty() => {
            Json(serde_json::json!({ "closed": true, "games": games })).into_response()
        }
        Ok(None) => not_found(format!("no room `{id}`")).into_response(),
        Err(e) => storage(e).into_response(),
    }
}

/// A finished game's record, as a download.
async fn get_game(State(app): Shared, Path(id): Path<String>) -> Response {
    match app.store.game(&id).await {
        Ok(Some(game)) => (
            [
                (
                    header::CONTENT_TYPE,
                    "application/x-chess-pgn; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}.{}\"", game.id, game.format),
                ),
            ],
            game.record,
        )
            .into_response(),
        Ok(None) => not_found(format!("no game `{id}`")).into_response(),
        Err(e) => storage(e).into_response(),
    }
}

#[derive(Deserialize)]
struct Identity {
    token: Option<String>,
    name: Option<String>,
}

/// A key: 8 to 64 letters, digits or dashes.
fn valid_key(key: &str) -> bool {
    (8..=64).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// A player's name: trimmed, control characters removed, at most 32
/// characters; `guest` when empty.
fn clean_name(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(32)
        .collect::<String>()
        .trim()
        .to_string();
    if name.is_empty() {
        "guest".into()
    } else {
        name
    }
}

async fn websocket(
    State(app): Shared,
    Path(id): Path<String>,
    Query(identity): Query<Identity>,
    held: Option<axum::Extension<Held>>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let Some(token) = identity.token.filter(|t| valid_key(t)) else {
        return bad("connect with ?token=KEY (8 to 64 letters, digits or dashes)&name=NAME")
            .into_response();
    };
    let Some(room) = app.local_room(&id) else {
        return match app.store.room(&id).await {
            Ok(Some(room)) if room.instance != app.instance => Failure(
                StatusCode::MISDIRECTED_REQUEST,
                format!("room `{id}` is hosted at {}", room.instance),
            )
            .into_response(),
            _ => not_found(format!("no open room `{id}`")).into_response(),
        };
    };
    let Ok(upgrade) = upgrade else {
        return bad("this address takes websocket connections").into_response();
    };
    let name = clean_name(identity.name.as_deref().unwrap_or(""));
    let conn = app.next_connection.fetch_add(1, Ordering::Relaxed);
    let open = app.websockets.clone();
    upgrade
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            // The connection's share of the caps lasts as long as the
            // websocket; a stopping server waits for its last words.
            let _held = (held, open);
            connection(socket, room.tx, conn, token, name).await;
        })
}

/// One browser in a room: its messages to the room, the room's to it.
async fn connection(
    mut socket: WebSocket,
    room: mpsc::Sender<RoomInput>,
    conn: u64,
    token: String,
    name: String,
) {
    let (state, mut states) = watch::channel(String::new());
    let (errors, mut refusals) = mpsc::channel::<String>(16);
    if room
        .send(RoomInput::Join {
            conn,
            token,
            name,
            state,
            errors,
        })
        .await
        .is_err()
    {
        return;
    }
    let mut heartbeat =
        tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            _ = heartbeat.tick() => {
                // A browser that vanished without closing its connection
                // (a network gone) is dropped after three silent pings.
                if heard.elapsed() > 3 * PING_EVERY
                    || socket.send(Message::Ping(Vec::new().into())).await.is_err()
                {
                    break;
                }
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                let input = match incoming {
                    Some(Ok(Message::Text(text))) => match serde_json::from_str::<ClientMessage>(&text) {
                        Ok(message) => RoomInput::Message { conn, message },
                        Err(e) => RoomInput::Garbage { conn, why: format!("not a message: {e}") },
                    },
                    Some(Ok(Message::Binary(_))) => RoomInput::Garbage {
                        conn,
                        why: "messages are JSON text".into(),
                    },
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                if room.send(input).await.is_err() {
                    break;
                }
            }
            changed = states.changed() => {
                if changed.is_err() {
                    room_gone(&mut socket).await;
                    break;
                }
                let text = states.borrow_and_update().clone();
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            refusal = refusals.recv() => match refusal {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => {
                    room_gone(&mut socket).await;
                    break;
                }
            },
        }
    }
    let _ = room.send(RoomInput::Leave { conn }).await;
}

/// The room closed, or the server is stopping: the browser is told with a
/// close frame (1001), and reconnects once the room is back.
async fn room_gone(socket: &mut WebSocket) {
    let close = axum::extract::ws::CloseFrame {
        code: axum::extract::ws::close_code::AWAY,
        reason: "the room has closed, or the server is restarting".into(),
    };
    let _ = socket.send(Message::Close(Some(close))).await;
    // The closing handshake: the browser's reply, briefly.
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

impl App {
    fn local_room(&self, id: &str) -> Option<super::room::RoomHandle> {
        self.rooms
            .lock()
            .expect("no panic holds it")
            .get(id)
            .cloned()
    }

    fn summary(&self, id: &str) -> Option<super::room::RoomSummary> {
        self.local_room(id)
            .map(|room| room.summary.lock().expect("no panic holds it").clone())
    }
}
