//! Accepting connections: HTTP/1.1 through hyper, with the limits a public
//! server needs and axum's own `serve` does not set: a request's headers
//! must arrive within a time limit (a client that opens connections and
//! never finishes a request cannot hold them), and connections are capped
//! in all and per client address. A connection over a cap is closed at
//! once. On shutdown the listener stops accepting and every connection
//! finishes the request in progress.

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_service::Service;

use super::quota::{Quota, Share};

/// How long connections may take to finish their requests at shutdown.
const DRAIN: Duration = Duration::from_secs(10);

/// The limits on connections.
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    /// The most connections open at once.
    pub max: usize,
    /// The most connections one client address has open at once.
    pub per_client: usize,
    /// How long a request's headers may take to arrive.
    pub header_timeout: Duration,
}

/// A connection's shares of the caps, held as long as the connection (or a
/// websocket it became) is open: every request carries it, and a websocket
/// keeps it.
#[derive(Clone, Debug)]
pub(super) struct Held {
    _shares: Arc<(Share<()>, Share<IpAddr>)>,
}

/// Serves `router` on `listener` until `stop` turns true, then waits for
/// the connections to finish their requests.
pub(super) async fn accept(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let all = Quota::<()>::new(limits.max);
    let per_client = Quota::<IpAddr>::new(limits.per_client);
    let (open_tx, mut open_rx) = tokio::sync::mpsc::channel::<()>(1);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of descriptors, or a connection reset before it was
                // accepted: wait a moment and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        let (Some(one), Some(theirs)) = (all.take(()), per_client.take(peer.ip())) else {
            drop(stream);
            continue;
        };
        let held = Held {
            _shares: Arc::new((one, theirs)),
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let mut stop = stop.clone();
        let open = open_tx.clone();
        tokio::spawn(async move {
            let _open = open;
            let service =
                hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    request.extensions_mut().insert(held.clone());
                    let mut router = router.clone();
                    async move {
                        Ok::<_, Infallible>(
                            router.call(request).await.unwrap_or_else(|e| match e {}),
                        )
                    }
                });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let connection = builder
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stop.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    // Every connection task holds a sender: when the last has ended, the
    // channel closes.
    drop(open_tx);
    let _ = tokio::time::timeout(DRAIN, open_rx.recv()).await;
    Ok(())
}
