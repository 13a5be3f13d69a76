//! Requests as a browser of the test site sends them, with a session
//! cookie: the accounts' and the pool's tests share them.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode, header};
use carolus_server::clock::Clock;
use carolus_server::{AppState, Setup, app};
use serde_json::{Value, json};

use super::*;

/// The `Host` every test request names, and the origin of this site.
pub const HOST: &str = "carolus.test";
pub const SITE: &str = "http://carolus.test";

/// A good password for the tests' accounts.
pub const PASSWORD: &str = "zwei Ritter im Turm";

/// A request as a browser of this site sends it: `Host`, `Origin` (for
/// anything but GET), the session cookie if given, from `address`.
pub struct Call<'a> {
    method: Method,
    uri: &'a str,
    body: Option<Value>,
    cookie: Option<&'a str>,
    origin: Option<&'a str>,
    address: IpAddr,
    bearer: Option<&'a str>,
}

impl<'a> Call<'a> {
    pub fn new(method: Method, uri: &'a str) -> Call<'a> {
        let origin = (method != Method::GET).then_some(SITE);
        Call {
            method,
            uri,
            body: None,
            cookie: None,
            origin,
            address: IpAddr::V4(Ipv4Addr::LOCALHOST),
            bearer: None,
        }
    }

    pub fn body(mut self, body: Value) -> Self {
        self.body = Some(body);
        self
    }

    pub fn cookie(mut self, cookie: &'a str) -> Self {
        self.cookie = Some(cookie);
        self
    }

    pub fn origin(mut self, origin: Option<&'a str>) -> Self {
        self.origin = origin;
        self
    }

    pub fn from(mut self, address: IpAddr) -> Self {
        self.address = address;
        self
    }

    pub fn bearer(mut self, token: &'a str) -> Self {
        self.bearer = Some(token);
        self
    }

    pub async fn send(self, app: &Router) -> Answer {
        let mut request = Request::builder()
            .method(self.method)
            .uri(self.uri)
            .header(header::HOST, HOST);
        if let Some(cookie) = self.cookie {
            request = request.header(header::COOKIE, format!("carolus_session={cookie}"));
        }
        if let Some(origin) = self.origin {
            request = request.header(header::ORIGIN, origin);
        }
        if let Some(token) = self.bearer {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match self.body {
            Some(body) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(body.to_string())
            }
            None => Body::empty(),
        };
        let mut request = request.body(body).unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::new(self.address, 40_000)));
        send(app, request).await
    }
}

/// The session id a `Set-Cookie` header of `answer` gives.
pub fn session_of(answer: &Answer) -> String {
    let cookie = answer
        .headers
        .get(header::SET_COOKIE)
        .unwrap_or_else(|| panic!("no cookie: {}", answer.text))
        .to_str()
        .unwrap();
    let value = cookie
        .strip_prefix("carolus_session=")
        .unwrap()
        .split(';')
        .next()
        .unwrap();
    assert_eq!(value.len(), 22, "{cookie}");
    value.to_owned()
}

pub async fn sign_up(app: &Router, name: &str) -> String {
    let answer = Call::new(Method::POST, "/api/accounts")
        .body(json!({"name": name, "password": PASSWORD}))
        .send(app)
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    session_of(&answer)
}

pub async fn sign_in(app: &Router, name: &str, password: &str) -> Answer {
    Call::new(Method::POST, "/api/session")
        .body(json!({"name": name, "password": password}))
        .send(app)
        .await
}

pub async fn me(app: &Router, cookie: &str) -> Answer {
    Call::new(Method::GET, "/api/me")
        .cookie(cookie)
        .send(app)
        .await
}

/// A server on `db` whose clock the test moves.
pub async fn server_on_clock(db: &Db) -> (Router, AppState, Clock) {
    let clock = Clock::system();
    let setup = Setup {
        clock: clock.clone(),
        ..Setup::default()
    };
    let state = AppState::with_setup(db.store().await, test_limits(), setup);
    (app(state.clone()), state, clock)
}

/// Moves `clock` on by `ms` milliseconds.
pub fn advance(clock: &Clock, ms: i64) {
    let own = clock.own_now_ms();
    clock.set_database_ms(own + clock.offset_ms() + ms, own, own);
}

/// Creates the game `body` signed in with `cookie`; its id and its seats'
/// tokens.
pub async fn create_signed_in(app: &Router, cookie: &str, body: Value) -> (String, Vec<String>) {
    let answer = Call::new(Method::POST, "/api/games")
        .body(body)
        .cookie(cookie)
        .send(app)
        .await;
    created(&answer)
}

/// Plays game `id` to its end with the seats' `tokens`, each seat its
/// n-th legal move.
pub async fn play_to_the_end(app: &Router, id: &str, tokens: &[String]) {
    for moves in 0.. {
        let game = view(app, id).await;
        if game["status"] == "over" {
            return;
        }
        let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
        let mv = pick(&game["state"]["legal"], moves);
        let answer = play(app, id, &tokens[seat], &mv, length(&game)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        assert!(moves < 5_000, "the game does not end");
    }
}
