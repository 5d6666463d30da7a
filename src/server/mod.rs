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
mod http;
mod messages;
mod room;
mod store;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use author::{CheckReply, CheckRequest, check_text};
pub use messages::{ClientMessage, RoomView, ServerMessage};
pub use store::{
    Store, StoreError, StoredGame, StoredRoom, StoredVariant, Visibility, now_seconds,
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
    /// The same, loaded once, for rooms of a named variant.
    catalog: Catalog,
    store: Store,
    rooms: Mutex<HashMap<String, room::RoomHandle>>,
    /// This instance's URL, as recorded for its rooms.
    instance: String,
    config: ServeConfig,
    next_connection: AtomicU64,
    /// Bots search on blocking threads, at most one per core at a time.
    searchers: Arc<tokio::sync::Semaphore>,
}

/// Runs the server until the process is stopped; `ready` is called with
/// the bound address once it accepts connections.
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
    let app = Arc::new(App {
        base,
        catalog,
        store,
        rooms: Mutex::new(HashMap::new()),
        instance,
        config,
        next_connection: AtomicU64::new(1),
        searchers: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(1, usize::from),
        )),
    });
    let router = http::router(app);
    ready(address);
    axum::serve(listener, router).await.map_err(ServeError::Io)
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
