//! The Carolus game server: people and computer players at tables over
//! HTTP and WebSocket, every move checked by the rules engine and committed
//! to a database before anyone hears of it.
//!
//! [`app`] builds the routes over an [`AppState`] (testable without a
//! network, with `tower::ServiceExt::oneshot`); [`run`] serves them on a
//! listener until a shutdown future completes. API.md describes the API;
//! `GET /api/openapi.json` serves its OpenAPI document.
//!
//! Inside, each game in play is a task of its own ([`live`]) that owns the
//! game's pure [`table::Table`], so changes to one game happen one at a
//! time; the store ([`store`]) is the authority shared by every server
//! process (with PostgreSQL, [`cluster`] keeps several servers' games in
//! step), and the computer players think on threads of their own
//! ([`thinking`]).

pub mod analysis;
pub mod api;
pub mod chances;
pub mod client;
pub mod clock;
pub mod cluster;
pub mod error;
pub mod limits;
pub mod live;
pub mod loadgen;
pub mod metrics;
pub mod openapi;
pub mod proxy;
pub mod replay;
pub mod routes;
pub mod scratch;
pub mod secret;
pub mod soak;
pub mod state;
pub mod store;
pub mod table;
pub mod thinking;
pub mod ws;

use std::future::Future;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

pub use error::ApiError;
pub use limits::Limits;
pub use routes::app;
pub use state::AppState;
pub use store::{Store, StoreError};

/// How long connections may take to finish once the server stops.
const DRAIN: Duration = Duration::from_secs(5);

/// Serves `state` on `listener` until `shutdown` completes, then stops
/// gracefully: no new connections, moves in flight committed or refused,
/// WebSockets closed, searches stopped, the store closed.
///
/// A client that opens a connection and then sends no complete request
/// within the header time-out is disconnected, so that idle or half-open
/// connections cannot pile up.
pub async fn run(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = app(state.clone());
    // HTTP/1.1 alone: browsers and WebSockets speak it, and a server that
    // first had to guess the protocol would wait for a silent client's
    // first bytes with no time limit.
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(state.limits().header_timeout);
    // Every connection's task, so that shutting down can wait for them;
    // finished ones are reaped as new ones arrive.
    let mut connections = JoinSet::new();
    let (closing, _) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    let background = cluster::start(&state);
    loop {
        let (stream, address) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors and the like: wait a moment
                // instead of spinning, and go on serving.
                Err(error) => {
                    tracing::warn!(%error, "a connection could not be accepted");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Moves and updates are small messages that must go out at once,
        // not wait to be joined with later ones (Nagle's algorithm).
        let _ = stream.set_nodelay(true);
        let service =
            app.clone()
                .map_request(move |request: hyper::Request<hyper::body::Incoming>| {
                    let mut request = request.map(axum::body::Body::new);
                    request.extensions_mut().insert(ConnectInfo(address));
                    request
                });
        let connection = builder
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
            .with_upgrades();
        let mut closing = closing.subscribe();
        connections.spawn(async move {
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = closing.wait_for(|closing| *closing) => {}
            }
            // Finish the request in progress, then close.
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
        while connections.try_join_next().is_some() {}
    }
    tracing::info!("shutting down");
    state.begin_shutdown();
    closing.send_replace(true);
    let drained = tokio::time::timeout(DRAIN, async {
        while connections.join_next().await.is_some() {}
    });
    if drained.await.is_err() {
        tracing::warn!(
            "connections still open after {} s were cut",
            DRAIN.as_secs()
        );
        connections.abort_all();
    }
    for task in background {
        let _ = task.await;
    }
    state.store().close().await;
    Ok(())
}
