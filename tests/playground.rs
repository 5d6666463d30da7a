//! The playground in a real browser: `tetrarch serve` with an in-memory
//! database, Debian's headless Chromium driven through chromedriver with
//! fantoccini. An author sees an error at its line and then the diagrams;
//! two browsers play chess to mate, one of them dropping and returning;
//! four browsers play a free-for-all with a resignation and see the same
//! scores. Screenshots go to `target/screenshots/`.
//!
//! Needs `chromium` and `chromedriver` (Debian's `chromium-driver`), which
//! `tests/run.sh` installs.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

mod common;
use common::serve::{KillOnDrop, Server, http};

/// `tetrarch serve` on a free port with an in-memory database.
fn server() -> Server {
    Server::start(
        Path::new(env!("CARGO_BIN_EXE_tetrarch")),
        &["--db", "sqlite::memory:", "--bot-pace-ms", "50"],
    )
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// chromedriver on a free port, once it accepts connections.
fn chromedriver() -> (KillOnDrop, String) {
    let port = free_port();
    // Chromium's profiles, which a killed browser leaves behind, go to the
    // target directory's scratch folder, not the system's temporary one.
    let scratch = common::scratch_dir().join("chromium");
    std::fs::create_dir_all(&scratch).expect("a scratch folder for Chromium");
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .env("TMPDIR", &scratch)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver is installed (Debian's chromium-driver; tests/run.sh installs it)");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (KillOnDrop(child), format!("http://127.0.0.1:{port}"))
}

/// A headless Chromium session.
async fn browser(driver: &str) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1300,1000"],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(driver)
        .await
        .expect("a Chromium session")
}

/// Runs `script` (which returns a value) until `accept` takes its result,
/// for at most 15 s.
async fn until(
    client: &Client,
    what: &str,
    script: &str,
    accept: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let value = client.execute(script, vec![]).await.unwrap_or(Value::Null);
        if accept(&value) {
            return value;
        }
        if Instant::now() >= deadline {
            screenshot(client, &format!("failed-{}.png", what.replace(' ', "-"))).await;
            panic!("timed out waiting for {what}; last: {value}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn click(client: &Client, css: &str) {
    // The room page redraws a panel whenever a state arrives, so an element
    // found a moment ago may be gone by the time it is clicked: find it again,
    // as a person would look again.
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let found = client
            .wait()
            .at_most(left.max(Duration::from_millis(100)))
            .for_element(Locator::Css(css))
            .await;
        let element = match found {
            Ok(element) => element,
            Err(e) => {
                screenshot(client, "failed-click.png").await;
                let movable = client
                    .execute(
                        "return [...document.querySelectorAll('g.movable')].map(g => g.dataset.square).join(' ')",
                        vec![],
                    )
                    .await
                    .unwrap_or(Value::Null);
                panic!("no `{css}` (movable: {movable}): {e}");
            }
        };
        match element.click().await {
            Ok(_) => return,
            Err(e) if e.is_stale_element_reference() && Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("cannot click `{css}`: {e}"),
        }
    }
}

/// Plays a move on the board by clicking its two squares, once this
/// browser may move that piece.
async fn play(client: &Client, from: &str, to: &str) {
    play_squares(client, from, to).await;
}

/// Clicks a piece that may move, then one of its target squares.
async fn play_squares(client: &Client, from: &str, to: &str) {
    click(client, &format!("g.square.movable[data-square='{from}']")).await;
    click_target(client, to, from).await;
}

/// Clicks `to` once it is marked as a target of the chosen piece (`of`
/// names it for the failure message).
async fn click_target(client: &Client, to: &str, of: &str) {
    client
        .wait()
        .at_most(Duration::from_secs(15))
        .for_element(Locator::Css(&format!(
            "g[data-square='{to}'] circle.target"
        )))
        .await
        .unwrap_or_else(|e| panic!("{to} is not a target of {of}: {e}"));
    click(client, &format!("g[data-square='{to}']")).await;
}

/// One browser, identified as `key`, opens a room for the variant `text`
/// and takes both seats.
async fn hot_seat(client: &Client, base: &str, key: &str, name: &str, text: &str) {
    identify(client, base, key, name).await;
    let room = open_room(base, json!({ "text": text, "host": key }));
    client
        .goto(&format!("{base}/room/{room}"))
        .await
        .expect("the room");
    click(client, ".seat[data-seat='0'] button.sit").await;
    click(client, ".seat[data-seat='1'] button.sit").await;
}

/// The pieces on the board as seat and letter (`0K`), sorted.
async fn pieces_on_board(client: &Client) -> Value {
    client
        .execute(
            "return [...document.querySelectorAll('g.piece')].map(p => p.dataset.piece).sort().join(' ')",
            vec![],
        )
        .await
        .expect("pieces")
}

async fn screenshot(client: &Client, name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(name), png).expect("the screenshot is written");
}

/// Gives a browser a known key (so a test can make it a room's host) and
/// a name.
/// The author page, once it has made its first check and listed the
/// shipped variants to start from.
async fn open_author_page(client: &Client, base: &str) {
    client.goto(base).await.expect("the author page");
    until(
        client,
        "the page's first check",
        "return document.body.dataset.ready === 'true' && document.querySelector('#template option[value=chess]') !== null",
        |v| v == &json!(true),
    )
    .await;
}

async fn identify(client: &Client, base: &str, key: &str, name: &str) {
    client
        .goto(&format!("{base}/assets/style.css"))
        .await
        .expect("the server answers");
    client
        .execute(
            "localStorage.setItem('tetrarch.key', arguments[0]); localStorage.setItem('tetrarch.name', arguments[1]); return true;",
            vec![json!(key), json!(name)],
        )
        .await
        .expect("local storage");
}

fn open_room(base: &str, body: Value) -> String {
    let reply = http("POST", &format!("{base}/api/rooms"), &body.to_string()).body;
    let reply: Value = serde_json::from_str(&reply).unwrap_or_else(|e| panic!("{e}: {reply}"));
    reply["id"].as_str().expect("a room id").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn author_sees_an_error_at_its_line_then_the_diagrams() {
    let server = server();
    let base = server.base.clone();
    let (_driver, driver) = chromedriver();
    let author = browser(&driver).await;
    open_author_page(&author, &base).await;
    let editor = author
        .wait()
        .at_most(Duration::from_secs(15))
        .for_element(Locator::Css("#text"))
        .await
        .expect("the editor");
    editor.clear().await.expect("cleared");
    editor
        .send_keys("[mini:chess]\nmaxRank = 6\ncastlng = false\n")
        .await
        .expect("typed");
    let found = until(
        &author,
        "the error at line 3",
        "const d = document.querySelector('.diagnostic[data-severity=error][data-line=\"3\"]'); \
         const mark = document.querySelector('#backdrop .mark-error[data-line=\"3\"]'); \
         return d && mark ? d.textContent : null;",
        Value::is_string,
    )
    .await;
    assert!(
        found
            .as_str()
            .unwrap_or_default()
            .contains("unknown key `castlng`"),
        "{found}"
    );
    assert!(
        found
            .as_str()
            .unwrap_or_default()
            .contains("did you mean `castling`"),
        "{found}"
    );
    // The play button waits for a file without errors.
    let disabled = author
        .execute("return document.querySelector('#play').disabled", vec![])
        .await
        .expect("a value");
    assert_eq!(disabled, json!(true));
    screenshot(&author, "author-error.png").await;

    editor.clear().await.expect("cleared");
    editor
        .send_keys("[mini:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
        .await
        .expect("typed");
    let pieces = until(
        &author,
        "six movement diagrams and no error",
        "const errors = document.querySelectorAll('.diagnostic[data-severity=error]').length; \
         const figures = document.querySelectorAll('#diagrams figure img').length; \
         const start = document.querySelector('#start img'); \
         return errors === 0 && start ? figures : null;",
        |v| v.as_u64() == Some(6),
    )
    .await;
    assert_eq!(pieces, json!(6));
    let title = author
        .find(Locator::Css("#overview-title"))
        .await
        .expect("a title")
        .text()
        .await
        .expect("text");
    assert_eq!(title, "mini: 8 × 6, White, Black");
    screenshot(&author, "author.png").await;
    author.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_chess_to_mate_and_one_returns_after_a_drop() {
    let server = server();
    let base = server.base.clone();
    let (_driver, driver) = chromedriver();
    let white = browser(&driver).await;
    let black = browser(&driver).await;
    identify(&white, &base, "white-player-key", "Ana").await;
    identify(&black, &base, "black-player-key", "Bo").await;
    // White opens the room from the author page: chess as the template,
    // a 5+3 clock, two people.
    open_author_page(&white, &base).await;
    click(&white, "#load").await;
    until(
        &white,
        "my-chess described",
        "return document.querySelector('#play').disabled ? null : document.querySelector('#overview-title').textContent",
        |v| v.as_str() == Some("my-chess: 8 × 8, White, Black"),
    )
    .await;
    white
        .execute(
            "document.querySelector('#clock').value = '5+3'; return true;",
            vec![],
        )
        .await
        .expect("the clock chosen");
    click(&white, "#play").await;
    let url = until(
        &white,
        "the room's page",
        "return location.pathname.startsWith('/room/') ? location.href : null",
        Value::is_string,
    )
    .await;
    let url = url.as_str().expect("a URL").to_string();
    click(&white, ".seat[data-seat='0'] button.sit").await;
    black.goto(&url).await.expect("the room");
    click(&black, ".seat[data-seat='1'] button.sit").await;
    until(
        &white,
        "the game to start",
        "return document.querySelector('#banner').textContent",
        |v| v.as_str() == Some("Your move (White)."),
    )
    .await;
    // Black's board is turned toward Black: h-file on the left.
    let viewer = black
        .execute(
            "return document.querySelector('svg.board').dataset.viewer",
            vec![],
        )
        .await
        .expect("a value");
    assert_eq!(viewer, json!("Black"));

    play(&white, "e2", "e4").await;
    play(&black, "e7", "e5").await;

    // Black's connection drops: White sees it away; Black comes back
    // within the window and plays on.
    black
        .goto(&format!("{base}/assets/style.css"))
        .await
        .expect("left");
    until(
        &white,
        "Black away",
        "return document.querySelector('.seat[data-seat=\"1\"]').textContent",
        |v| v.as_str().is_some_and(|t| t.contains("away")),
    )
    .await;
    play(&white, "f1", "c4").await;
    black.goto(&url).await.expect("back");
    until(
        &white,
        "Black back",
        "return document.querySelector('.seat[data-seat=\"1\"]').textContent",
        |v| {
            v.as_str()
                .is_some_and(|t| !t.contains("away") && t.contains("Bo"))
        },
    )
    .await;
    play(&black, "b8", "c6").await;
    play(&white, "d1", "h5").await;
    play(&black, "g8", "f6").await;
    play(&white, "h5", "f7").await;
    for (who, client) in [("White", &white), ("Black", &black)] {
        until(
            client,
            &format!("{who} to see the mate"),
            "return document.querySelector('#banner').textContent",
            |v| v.as_str() == Some("Game over: win for White by checkmate"),
        )
        .await;
    }
    let moves = white
        .execute(
            "return [...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ')",
            vec![],
        )
        .await
        .expect("moves");
    assert_eq!(moves, json!("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"));
    screenshot(&white, "chess.png").await;

    // The finished game is stored and downloadable as PGN.
    let link = until(
        &black,
        "the game's download link",
        "const a = document.querySelector('#games a'); return a ? a.getAttribute('href') : null;",
        Value::is_string,
    )
    .await;
    let pgn = http(
        "GET",
        &format!("{base}{}", link.as_str().expect("a link")),
        "",
    )
    .body;
    assert!(pgn.contains("[White \"Ana\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Variant \"my-chess\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
        "{pgn}"
    );
    white.close().await.expect("closed");
    black.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_browsers_play_a_free_for_all_with_a_resignation() {
    let server = server();
    let base = server.base.clone();
    let (_driver, driver) = chromedriver();
    let mut players = Vec::new();
    for (seat, name) in ["Rita", "Ben", "Yara", "Gus"].iter().enumerate() {
        let client = browser(&driver).await;
        identify(&client, &base, &format!("four-player-key-{seat}"), name).await;
        players.push(client);
    }
    let room = open_room(
        &base,
        json!({ "variant": "4pc-ffa", "host": "four-player-key-0" }),
    );
    let url = format!("{base}/room/{room}");
    for (seat, client) in players.iter().enumerate() {
        client.goto(&url).await.expect("the room");
        click(client, &format!(".seat[data-seat='{seat}'] button.sit")).await;
    }
    // Each sees the board turned toward their own seat.
    for (client, seat) in players.iter().zip(["Red", "Blue", "Yellow", "Green"]) {
        until(
            client,
            "the board turned toward the seat",
            "const b = document.querySelector('svg.board'); return b && document.querySelector('#banner').textContent !== 'Waiting for players: take a free seat.' ? b.dataset.viewer : null;",
            |v| v.as_str() == Some(seat),
        )
        .await;
    }
    // Three rounds of pawn moves (a resignation before everyone has made
    // three moves would abort the game), then Red's fourth move.
    let rounds = [
        ["h2-h3", "b7-c7", "g13-g12", "m8-l8"],
        // Not m7: Red's queen pins it to Green's king since h2-h3.
        ["d2-d3", "b6-c6", "f13-f12", "m9-l9"],
        ["e2-e3", "b5-c5", "e13-e12", "m10-l10"],
    ];
    for round in rounds {
        for (client, mv) in players.iter().zip(round) {
            let (from, to) = mv.split_once('-').expect("a move");
            play(client, from, to).await;
        }
    }
    // (Not g2: Blue's queen pins it along a8-h1 since b7-c7.)
    play(&players[0], "j2", "j3").await;
    until(
        &players[1],
        "Blue to move",
        "return document.querySelector('#banner').textContent",
        |v| v.as_str() == Some("Your move (Blue)."),
    )
    .await;
    click(&players[1], "button[data-action='resign']").await;
    let mut seen = Vec::new();
    for client in &players {
        let scores = until(
            client,
            "Blue out",
            "const seats = [...document.querySelectorAll('.seat')]; \
             return seats[1].textContent.includes('out') ? seats.map(s => s.querySelector('.score').dataset.score).join(',') : null;",
            Value::is_string,
        )
        .await;
        seen.push(scores);
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
    // Yellow moves next; the game goes on for three.
    until(
        &players[2],
        "Yellow to move",
        "return document.querySelector('#banner').textContent",
        |v| v.as_str() == Some("Your move (Yellow)."),
    )
    .await;
    let dead = players[0]
        .execute(
            "return document.querySelectorAll('g.piece[data-dead=\"true\"]').length",
            vec![],
        )
        .await
        .expect("a count");
    assert_eq!(
        dead,
        json!(15),
        "Blue's army but its walking king turns grey"
    );
    screenshot(&players[0], "four-players.png").await;
    for client in players {
        client.close().await.expect("closed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_browser_plays_both_seats_and_chooses_promotions() {
    let server = server();
    let base = server.base.clone();
    let (_driver, driver) = chromedriver();
    let player = browser(&driver).await;
    hot_seat(
        &player,
        &base,
        "hot-seat-player",
        "Hal",
        "[promo:chess]\nstartFen = 8/P6k/8/8/8/8/6p1/K7 w - - 0 1\n",
    )
    .await;
    // White's pawn reaches the last rank: four choices; a knight.
    play_promotion(&player, "a7", "a8", "a7a8n").await;
    // Now Black is to move and the board turns toward Black.
    until(
        &player,
        "the board turned toward Black",
        "return document.querySelector('svg.board').dataset.viewer",
        |v| v.as_str() == Some("Black"),
    )
    .await;
    play_promotion(&player, "g2", "g1", "g2g1q").await;
    let moves = until(
        &player,
        "both promotions in the move list",
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ')",
        |v| v.as_str() == Some("a8=N g1=Q+"),
    )
    .await;
    assert_eq!(moves, json!("a8=N g1=Q+"));
    let pieces = pieces_on_board(&player).await;
    assert_eq!(pieces, json!("0K 0N 1K 1Q"));
    screenshot(&player, "promotion.png").await;
    player.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_browser_drops_pieces_from_both_hands() {
    let server = server();
    let base = server.base.clone();
    let (_driver, driver) = chromedriver();
    let player = browser(&driver).await;
    hot_seat(
        &player,
        &base,
        "drop-player",
        "Dora",
        "[handy:crazyhouse]\nstartFen = 4k3/8/8/8/8/8/8/4K3[QNn] w - - 0 1\n",
    )
    .await;
    // White's hand shows a queen and a knight, both droppable; Black's
    // knight waits for its turn.
    let hands = until(
        &player,
        "the hands",
        "return [...document.querySelectorAll('.hand')].map(h => h.dataset.seat + ':' + [...h.querySelectorAll('button')].map(b => b.dataset.hand + (b.disabled ? '-' : '+')).join('')).join(' ')",
        |v| v.as_str() == Some("White:Q+N+ Black:N-"),
    )
    .await;
    assert_eq!(hands, json!("White:Q+N+ Black:N-"));
    drop_piece(&player, "White", "N", "f3").await;
    drop_piece(&player, "Black", "N", "c6").await;
    let moves = until(
        &player,
        "both drops in the move list",
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ')",
        |v| v.as_str() == Some("N@f3 N@c6"),
    )
    .await;
    assert_eq!(moves, json!("N@f3 N@c6"));
    let pieces = pieces_on_board(&player).await;
    assert_eq!(pieces, json!("0K 0N 1K 1N"));
    screenshot(&player, "drops.png").await;
    player.close().await.expect("closed");
}

/// A drop: the piece in `seat`'s hand, then the square, which must be
/// marked as a target once the piece is chosen.
async fn drop_piece(client: &Client, seat: &str, letter: &str, to: &str) {
    click(
        client,
        &format!(".hand[data-seat='{seat}'] button[data-hand='{letter}']:not([disabled])"),
    )
    .await;
    click_target(client, to, &format!("the {letter} in hand")).await;
}

/// A promotion: the two squares, then the chooser's button for `text`,
/// after checking that it offers the four pieces.
async fn play_promotion(client: &Client, from: &str, to: &str, text: &str) {
    play_squares(client, from, to).await;
    let choices = until(
        client,
        "the promotion chooser",
        "const b = [...document.querySelectorAll('.chooser button[data-move]')]; return b.length ? b.map(x => x.textContent).join('') : null;",
        Value::is_string,
    )
    .await;
    let mut letters: Vec<char> = choices.as_str().expect("letters").chars().collect();
    letters.sort_unstable();
    assert_eq!(letters, ['B', 'N', 'Q', 'R']);
    click(client, &format!(".chooser button[data-move='{text}']")).await;
}
