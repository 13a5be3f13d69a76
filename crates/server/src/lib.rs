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
//! process, and the computer players think on threads of their own
//! ([`thinking`]).

pub mod api;
pub mod client;
pub mod error;
pub mod limits;
pub mod live;
pub mod loadgen;
pub mod metrics;
pub mod openapi;
pub mod routes;
pub mod secret;
pub mod state;
pub mod store;
pub mod table;
pub mod thinking;
pub mod ws;

use std::future::Future;
use std::net::SocketAddr;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;

pub use error::ApiError;
pub use limits::Limits;
pub use routes::app;
pub use state::AppState;
pub use store::{Store, StoreError};

/// Serves `state` on `listener` until `shutdown` completes, then stops
/// gracefully: no new connections, moves in flight committed or refused,
/// WebSockets closed, searches stopped, the store closed.
pub async fn run(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let service = app(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let stopping = state.clone();
    // Moves and updates are small messages that must go out at once, not
    // wait to be joined with later ones (Nagle's algorithm).
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    axum::serve(listener, service)
        .with_graceful_shutdown(async move {
            shutdown.await;
            tracing::info!("shutting down");
            stopping.begin_shutdown();
        })
        .await?;
    state.store().close().await;
    Ok(())
}
