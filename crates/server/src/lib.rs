//! The Carolus game server: people and computer players at tables over
//! HTTP and WebSocket, every move checked by the rules engine and committed
//! to a database before anyone hears of it.
//!
//! [`app`] builds the routes over an [`AppState`] (testable without a
//! network, with `tower::ServiceExt::oneshot`); [`run`] serves them on a
//! listener until a shutdown future completes. API.md describes the API;
//! `GET /api/openapi.json` serves its OpenAPI document.
//!
//! Inside, each game in play is a task of its own (`live.rs`) that owns
//! the game's pure table (`table.rs`), so changes to one game happen one
//! at a time; the store ([`Store`]) is the authority shared by every
//! server process (with PostgreSQL, `cluster.rs` keeps several servers'
//! games in step), and the computer players think on threads of their own
//! (`thinking.rs`). Clients of a server use [`api`], [`client`] and
//! [`loadgen`].

// The crate's public surface is what its users need: `carolus serve` and
// the tests build an `AppState` over a `Store` with `Limits` and serve it
// (`app`, `run`); `carolus connect`, `carolus loadtest` and the tests talk
// to a server as clients (`api`, `client`, `loadgen`, and `soak` for the
// soak run); `serve` and the tests set its time and trusted proxies
// (`clock`, `proxy`, `Setup`) and how it sends mail, with the seam through
// which accounts say who is written to (`mail`); the fuzz target reads client messages
// (`api::ClientMessage`). Everything else is the server's inside, free to
// change.
pub mod api;
pub mod client;
pub mod clock;
pub mod loadgen;
pub mod lobby;
pub mod mail;
pub mod proxy;
/// Scratch PostgreSQL databases, for the tests of this crate and others
/// (the feature `test-support`).
#[cfg(any(test, feature = "test-support"))]
pub mod scratch;
/// A small SMTP server for tests of mail (the feature `test-support`).
#[cfg(any(test, feature = "test-support"))]
pub mod smtp_sink;
pub mod soak;

mod accounts;
mod analysis;
mod chances;
mod cluster;
mod error;
mod explain;
mod extract;
mod invite;
mod lesson;
mod limits;
mod live;
mod metrics;
mod openapi;
mod pool;
mod rating;
mod replay;
mod responses;
mod routes;
mod secret;
mod state;
mod store;
mod table;
mod thinking;
mod ws;

use std::future::Future;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

pub use error::ApiError;
pub use limits::Limits;
pub use state::{AppState, Setup};
pub use store::{AccountRow, OwnedGame, OwnedSeat, Store, StoreError, without_password};

/// The server's routes over `state`, testable without a network: every
/// route of the API, the browser client's pages, and JSON answers for
/// paths and methods the server does not have.
pub fn app(state: AppState) -> Router {
    use routes::*;
    Router::new()
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/practice", post(practice))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/seats/{seat}", post(claim_seat))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/takeback", post(take_back))
        .route("/api/games/{id}/record", get(get_record))
        .route("/api/games/{id}/analysis", get(get_analysis))
        .route("/api/games/{id}/chances", get(get_chances))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/invitations", get(get_invitations))
        .route("/api/games/{id}/abandon", post(abandon))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/ws", get(websocket))
        .route("/api/games/{id}/mine", get(accounts::my_seats))
        .route("/api/accounts", post(accounts::sign_up))
        .route(
            "/api/session",
            post(accounts::sign_in).delete(accounts::sign_out),
        )
        .route("/api/sessions", delete(accounts::sign_out_everywhere))
        .route(
            "/api/me",
            get(accounts::me)
                .patch(accounts::change_settings)
                .delete(accounts::delete_account),
        )
        .route("/api/me/password", post(accounts::change_password))
        .route("/api/password-reset", post(accounts::reset_password))
        .route("/api/password-reset/request", post(accounts::request_reset))
        .route("/api/me/games", get(accounts::my_games))
        .route("/api/players/{name}", get(accounts::profile))
        .route("/api/leaderboard", get(rating::leaderboard))
        .route(
            "/api/pool",
            post(pool::join_pool)
                .get(pool::pool_state)
                .delete(pool::leave_pool),
        )
        .route("/api/replay", post(replay::replay))
        .route("/api/outcomes", post(replay::outcomes))
        .route("/api/explain", post(explain::explain))
        .route("/api/lessons", post(lesson::start_lesson))
        .route("/api/lessons/step", post(lesson::lesson_step))
        .route("/api/openapi.json", get(openapi_document))
        .route(
            "/unsubscribe",
            get(mail::unsubscribe::unsubscribe_page).post(mail::unsubscribe::unsubscribe),
        )
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
        .merge(carolus_web::pages())
        .fallback(|| async { ApiError::not_found("no such page") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed here",
            )
        })
        // Cross-site requests that carry the session cookie are refused
        // before any route sees them.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            accounts::guard,
        ))
        .with_state(state)
}

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
    let mut background = cluster::start(&state);
    background.extend(mail::start(&state));
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
