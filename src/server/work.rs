//! CPU-heavy requests (checking a file, compiling a room's rules) run off
//! the async threads, at most one per core at a time and at most a few per
//! client (a client's further requests wait their turn, so that one client
//! cannot take every core), within a time budget; the work stops when the
//! budget is spent or when the client goes away (its request is dropped).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use super::failure::Failure;

/// The most heavy requests one client has in progress at once.
pub(super) const PER_CLIENT: usize = 2;

/// Where heavy work runs.
#[derive(Debug)]
pub(super) struct Work {
    cores: Arc<Semaphore>,
    /// Each client's turns, while it has work in progress or waiting.
    per_client: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
    budget: Duration,
}

/// What a job may spend: it asks [`Budget::spent`] between steps and gives
/// up when told.
#[derive(Debug)]
pub(super) struct Budget {
    until: Instant,
    cancelled: Arc<AtomicBool>,
}

impl Budget {
    /// Whether the time is up or the client has gone.
    pub(super) fn spent(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || Instant::now() >= self.until
    }
}

/// Cancels a job when the request that waits for it is dropped.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Work {
    /// Heavy work on `cores` threads at most, each job within `budget`.
    pub(super) fn new(cores: usize, budget: Duration) -> Work {
        Work {
            cores: Arc::new(Semaphore::new(cores.max(1))),
            per_client: Mutex::new(HashMap::new()),
            budget,
        }
    }

    /// The time a job may take.
    pub(super) fn budget(&self) -> Duration {
        self.budget
    }

    /// Runs `job` for `client` on a blocking thread once the client's turn
    /// has come and a core is free.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        client: IpAddr,
        job: impl FnOnce(&Budget) -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let turns = {
            let mut clients = self.per_client.lock().expect("no panic holds it");
            // A client no request holds or waits for is forgotten.
            clients.retain(|_, turns| Arc::strong_count(turns) > 1);
            clients
                .entry(client)
                .or_insert_with(|| Arc::new(Semaphore::new(PER_CLIENT)))
                .clone()
        };
        let stopping = || {
            Failure(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is stopping".into(),
            )
        };
        let turn = turns.acquire_owned().await.map_err(|_| stopping())?;
        let permit = self
            .cores
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| stopping())?;
        let cancelled = Arc::new(AtomicBool::new(false));
        let _cancel = CancelOnDrop(cancelled.clone());
        let budget = Budget {
            until: Instant::now() + self.budget,
            cancelled,
        };
        tokio::task::spawn_blocking(move || {
            // The core and the client's share are held until the job ends,
            // even when the request was dropped before.
            let _held = (permit, turn);
            job(&budget)
        })
        .await
        .map_err(|_| {
            Failure(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the work on this request failed".into(),
            )
        })
    }
}
