//! `tetrarch serve`: the playground. An axum server on tokio that serves
//! the web pages (embedded in the binary), checks and describes variant
//! files for the author page, stores user variants and finished games
//! (sqlx: SQLite or PostgreSQL), and runs rooms: one task per room owning
//! its table, talking to its browsers over websockets.
//!
//! Several instances may share one PostgreSQL database: each room lives on
//! the instance that opened it, and the database says which (a room page
//! asked of another instance is sent there); variants and games are read
//! from the database by every instance.

mod assets;
mod author;
mod failure;
mod http;
mod listen;
mod messages;
mod quota;
mod resume;
mod room;
mod rules_cache;
mod step_log;
mod store;
mod view;
mod work;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use author::{CheckReply, CheckRequest, Stopped, check_text};
pub use listen::ConnectionLimits;
pub use messages::{ClientMessage, RoomView, ServerMessage};
pub use store::{
    StepBatch, Store, StoreError, StoredGame, StoredRoom, StoredVariant, Visibility, now_seconds,
};

use crate::catalog::Catalog;
use crate::source::SourceFile;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// The database: a SQLite file path or URL, or a PostgreSQL URL.
    pub db: String,
    /// The URL browsers reach this instance at (default `http://BIND`).
    pub public_url: Option<String>,
    /// Variant files loaded after the shipped ones.
    pub variants: Vec<Arc<SourceFile>>,
    /// The least time a bot takes for a move.
    pub bot_pace: Duration,
    /// The longest a bot thinks for a move without a clock.
    pub bot_think: Duration,
    /// How long a room without connections stays open.
    pub idle_close: Duration,
    /// The most rooms open at once on this instance.
    pub max_rooms: usize,
    /// The most rooms one client address has open at once.
    pub max_rooms_per_client: usize,
    /// The limits on connections.
    pub connections: ConnectionLimits,
    /// The longest a request's work (a check, compiling a room's
    /// variant) may take.
    pub work_budget: Duration,
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// The database could not be opened.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The server stopped on an error.
    #[error("the server stopped: {0}")]
    Io(std::io::Error),
}

/// What every request handler shares.
struct App {
    /// The shipped files and `--variants`, loaded first for every check.
    base: Vec<Arc<SourceFile>>,
    /// The same, loaded once, to list them.
    catalog: Catalog,
    /// Their summaries, made for the first request that lists them.
    summaries: tokio::sync::OnceCell<Vec<http::VariantSummary>>,
    /// The rules rooms play, shared.
    rules: rules_cache::RulesCache,
    /// Where checks and compilations run.
    work: work::Work,
    /// The rooms open on this instance, counted against its cap, and per
    /// client.
    room_slots: Arc<quota::Quota<()>>,
    client_rooms: Arc<quota::Quota<std::net::IpAddr>>,
    /// Where rooms write their steps.
    step_log: step_log::StepLog,
    store: Store,
    rooms: Mutex<HashMap<String, room::RoomHandle>>,
    /// This instance's URL, as recorded for its rooms.
    instance: String,
    config: ServeConfig,
    next_connection: AtomicU64,
    /// Held by every open websocket: a stopping server waits until only
    /// this one is left.
    websockets: Arc<()>,
    /// Bots search on blocking threads, at most one per core at a time.
    searchers: Arc<tokio::sync::Semaphore>,
}

/// Runs the server until the process is asked to stop (SIGTERM or
/// Ctrl-C); `ready` is called with the bound address once it accepts
/// connections. The rooms this instance left open are resumed first; on a
/// stop they are saved and left open for the next start.
pub async fn serve(config: ServeConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let store = Store::open(&config.db).await?;
    let mut catalog = Catalog::shipped();
    for file in &config.variants {
        catalog.load(file.clone());
    }
    let base = catalog.files.iter().map(|f| f.source.clone()).collect();
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|e| ServeError::Bind(config.bind, e))?;
    let address = listener
        .local_addr()
        .map_err(|e| ServeError::Bind(config.bind, e))?;
    let instance = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{address}"));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let app = Arc::new(App {
        base,
        catalog,
        summaries: tokio::sync::OnceCell::new(),
        rules: rules_cache::RulesCache::default(),
        work: work::Work::new(cores, config.work_budget),
        room_slots: quota::Quota::new(config.max_rooms),
        client_rooms: quota::Quota::new(config.max_rooms_per_client),
        step_log: step_log::StepLog::start(store.clone()),
        store,
        rooms: Mutex::new(HashMap::new()),
        instance,
        next_connection: AtomicU64::new(1),
        websockets: Arc::new(()),
        searchers: Arc::new(tokio::sync::Semaphore::new(cores)),
        config,
    });
    let (resumed, closed) = app.resume_rooms().await?;
    if resumed + closed > 0 {
        eprintln!("tetrarch serve: {resumed} rooms resumed, {closed} closed");
    }
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        stop_signal().await;
        let _ = stop_tx.send(true);
    });
    let router = http::router(app.clone());
    ready(address);
    listen::accept(listener, router, app.config.connections, stop_rx)
        .await
        .map_err(ServeError::Io)?;
    app.stop_rooms(Duration::from_secs(10)).await;
    // The websockets send their close frames.
    let _ = tokio::time::timeout(Duration::from_secs(5), async {
        while Arc::strong_count(&app.websockets) > 1 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    Ok(())
}

/// SIGTERM or Ctrl-C (SIGINT).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// A random key of `len` characters from `[a-z0-9]`, from the system's
/// generator (room ids, game ids, owner keys).
fn random_key(len: usize) -> String {
    use std::io::Read;
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut bytes = vec![0u8; len];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if read.is_err() {
        // No system generator: the time and a counter, still unique.
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let mut rng = crate::rng::SplitMix64::new(
            store::now_seconds() as u64
                ^ COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        );
        for b in &mut bytes {
            *b = rng.below(256) as u8;
        }
    }
    bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect()
}
