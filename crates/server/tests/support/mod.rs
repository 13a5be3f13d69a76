//! Helpers for the server's behaviour tests: a server over a fresh store
//! of either database, requests through `oneshot`, and JSON answers.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use carolus_server::scratch::{self, ScratchDatabase};
use carolus_server::{AppState, Limits, Store, app};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

pub mod accounts;

/// A token of a seat token's form that is no seat's: 43 characters of the
/// tokens' alphabet (a real one has 256 random bits, so none is this).
pub fn stranger_token() -> String {
    "S".repeat(43)
}

/// Limits for tests: generous rates, quick computer players.
pub fn test_limits() -> Limits {
    Limits {
        creates_per_minute: 10_000,
        messages_per_second: 100_000,
        hints_per_minute: 10_000,
        ai_threads: 2,
        think_time: std::time::Duration::from_millis(20),
        // Level 3 analyses without searching: quick in a debug build.
        analysis_level: carolus_ai::Level::new(3).expect("3 is a level"),
        ..Limits::default()
    }
}

/// The database a test runs on: SQLite in memory, or a scratch database
/// on the PostgreSQL server that `CAROLUS_TEST_POSTGRES` names.
pub enum Db {
    Sqlite,
    Postgres(ScratchDatabase),
}

impl Db {
    /// A scratch PostgreSQL database, or `None` if the tests skip them.
    pub async fn postgres() -> Option<Db> {
        scratch::create()
            .await
            .unwrap_or_else(|error| panic!("{error}"))
            .map(Db::Postgres)
    }

    pub fn url(&self) -> &str {
        match self {
            Db::Sqlite => "sqlite::memory:",
            Db::Postgres(database) => &database.url,
        }
    }

    /// A new store on this database (SQLite: a new one each time).
    pub async fn store(&self) -> Store {
        Store::open(self.url()).await.unwrap()
    }
}

/// Declares each named `async fn(&Db)` as two tests, `sqlite::NAME` and
/// `postgres::NAME`; the second skips when no PostgreSQL server is
/// configured (and fails if one is required).
#[macro_export]
macro_rules! on_every_store {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(&$crate::support::Db::Sqlite).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(db) = $crate::support::Db::postgres().await {
                        super::$name(&db).await;
                    }
                }
            )*
        }
    };
}

/// A server over a new store.
pub async fn server(db: &Db) -> (Router, AppState) {
    server_with(db, test_limits()).await
}

pub async fn server_with(db: &Db, limits: Limits) -> (Router, AppState) {
    let state = AppState::new(db.store().await, limits);
    (app(state.clone()), state)
}

/// An answer: its status, headers and body as JSON (`null` when not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub text: String,
}

pub async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Answer {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
        text,
    }
}

pub async fn get(app: &Router, uri: &str) -> Answer {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

pub async fn post(app: &Router, uri: &str, body: &Value) -> Answer {
    post_raw(app, uri, body.to_string(), None).await
}

pub async fn post_raw(app: &Router, uri: &str, body: String, token: Option<&str>) -> Answer {
    post_authorized(app, uri, body, token.map(|token| format!("Bearer {token}"))).await
}

/// A POST with `authorization` as the whole `Authorization` header.
pub async fn post_authorized(
    app: &Router,
    uri: &str,
    body: String,
    authorization: Option<String>,
) -> Answer {
    let mut request = Request::post(uri).header(header::CONTENT_TYPE, "application/json");
    if let Some(authorization) = authorization {
        request = request.header(header::AUTHORIZATION, authorization);
    }
    send(app, request.body(Body::from(body)).unwrap()).await
}

/// Creates a game of people named after their seats; answers its id and
/// the tokens by seat.
pub async fn people_game(app: &Router, players: usize) -> (String, Vec<String>) {
    let seats: Vec<Value> = (0..players)
        .map(|i| json!({"name": format!("P{i}")}))
        .collect();
    let mut request = json!({"players": players, "seats": seats});
    if players == 4 {
        request["variant"] = json!({"teams": true});
    }
    created(&post(app, "/api/games", &request).await)
}

/// The id and the seats' tokens of the game `answer` created.
pub fn created(answer: &Answer) -> (String, Vec<String>) {
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.body["id"].as_str().unwrap().to_owned();
    let tokens = answer.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["token"].as_str().unwrap().to_owned())
        .collect();
    (id, tokens)
}

/// Plays `mv` at `at` with `token`.
pub async fn play(app: &Router, id: &str, token: &str, mv: &str, at: usize) -> Answer {
    post_raw(
        app,
        &format!("/api/games/{id}/moves"),
        json!({"move": mv, "at": at}).to_string(),
        Some(token),
    )
    .await
}

/// The game's view.
pub async fn view(app: &Router, id: &str) -> Value {
    let answer = get(app, &format!("/api/games/{id}")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.body
}

/// The record's length in a view.
pub fn length(view: &Value) -> usize {
    view["record"]["moves"].as_array().unwrap().len()
}

/// One of the `legal` moves, spread over them by `n` (a fixed scramble,
/// so that games differ from move to move yet every run is the same).
pub fn pick(legal: &Value, n: usize) -> String {
    let legal = legal.as_array().unwrap();
    let index = (n.wrapping_mul(2_654_435_761) >> 7) % legal.len();
    legal[index].as_str().unwrap().to_owned()
}

// The game's WebSocket on a real socket.

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect(address: SocketAddr, id: &str, from: usize) -> Socket {
    connect_query(address, id, &format!("from={from}")).await
}

/// The game's WebSocket with the query `query`.
pub async fn connect_query(address: SocketAddr, id: &str, query: &str) -> Socket {
    let url = format!("ws://{address}/api/games/{id}/ws?{query}");
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// The next JSON message, skipping pings.
pub async fn next(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(text) = frame {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// A client's copy of the game: the moves it was sent and the last state.
#[derive(Default)]
pub struct Copy {
    pub moves: Vec<String>,
    pub state: Value,
    pub status: String,
    pub takebacks: u64,
}

impl Copy {
    /// Takes in an update; other messages are ignored.
    pub fn take(&mut self, message: &Value) {
        if message["type"] != "update" {
            return;
        }
        let from = message["from"].as_u64().unwrap() as usize;
        let takebacks = message["takebacks"].as_u64().unwrap();
        if takebacks == self.takebacks {
            assert_eq!(
                from,
                self.moves.len(),
                "an update starts where the client is"
            );
        } else {
            assert!(
                takebacks > self.takebacks && from <= self.moves.len(),
                "only a take back starts an update before the client's end: {message}"
            );
            self.moves.truncate(from);
            self.takebacks = takebacks;
        }
        for mv in message["moves"].as_array().unwrap() {
            self.moves.push(mv.as_str().unwrap().to_owned());
        }
        self.state = message["state"].clone();
        self.status = message["status"].as_str().unwrap().to_owned();
    }
}

impl Copy {
    /// Takes in `socket`'s messages up to and with the first after which
    /// `done` holds; an error message fails the test.
    pub async fn take_until(&mut self, socket: &mut Socket, done: impl Fn(&Copy, &Value) -> bool) {
        loop {
            let message = next(socket).await;
            assert_ne!(message["type"], "error", "{message}");
            self.take(&message);
            if done(self, &message) {
                return;
            }
        }
    }

    /// Takes in `socket`'s messages up to and with the next update.
    pub async fn take_next_update(&mut self, socket: &mut Socket) {
        self.take_until(socket, |_, message| message["type"] == "update")
            .await;
    }

    /// Authenticates `socket` as `token`'s seat and answers the seat. The
    /// game's updates that arrive before the answer (a computer may move
    /// meanwhile) are taken in.
    pub async fn auth(&mut self, socket: &mut Socket, token: &str) -> usize {
        socket
            .send(Message::text(
                json!({"type": "auth", "token": token}).to_string(),
            ))
            .await
            .unwrap();
        loop {
            let message = next(socket).await;
            if message["type"] == "auth" {
                return message["seat"].as_u64().unwrap() as usize;
            }
            assert_ne!(message["type"], "error", "{message}");
            self.take(&message);
        }
    }
}

/// The next error message, skipping the game's own messages.
pub async fn next_error(socket: &mut Socket) -> Value {
    loop {
        let message = next(socket).await;
        if message["type"] == "error" {
            return message;
        }
    }
}
