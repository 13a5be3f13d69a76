//! Helpers for the server's behaviour tests: a server over a fresh store,
//! requests through `oneshot`, and JSON answers.

#![allow(dead_code)]

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use carolus_server::{AppState, Limits, Store, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// Limits for tests: generous rates, quick computer players.
pub fn test_limits() -> Limits {
    Limits {
        creates_per_minute: 10_000,
        messages_per_second: 100_000,
        hints_per_minute: 10_000,
        ai_threads: 2,
        think_time: std::time::Duration::from_millis(20),
        ..Limits::default()
    }
}

/// A server over a new in-memory store.
pub async fn server() -> (Router, AppState) {
    server_with(test_limits()).await
}

pub async fn server_with(limits: Limits) -> (Router, AppState) {
    let store = Store::open("sqlite::memory:").await.unwrap();
    let state = AppState::new(store, limits);
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
    let answer = post(app, "/api/games", &request).await;
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
