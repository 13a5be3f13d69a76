//! Accounts on the server (issue 67): sign-up, sign-in and sessions in a
//! cookie, settings, deletion, public profiles, the seats an account owns,
//! and the guard against cross-site requests that carry the cookie.
//!
//! The rules are `carolus_accounts`'s (names, passwords, tokens, the login
//! throttle); this module wires them to the store, the clock and HTTP:
//!
//! - **Sessions** are 128-bit random ids in the cookie `carolus_session`
//!   (`HttpOnly; SameSite=Lax; Path=/`, and `Secure` when the server's
//!   `--public-url` is https), stored as hashes with their end, 30 days
//!   after their last renewal; a use renews them at most once a day (and
//!   sends the cookie again). They live in the database, so every server
//!   on one PostgreSQL database knows every session, and signing out ends
//!   a session on all of them.
//! - **Cross-site requests.** A request that changes something (any method
//!   but GET, HEAD and OPTIONS) and carries the cookie must come from this
//!   site: its `Origin` (or, lacking one, its `Referer`) must be the
//!   `--public-url`'s origin, or without one name the request's `Host`.
//!   Otherwise it is refused with 403 before any handler runs
//!   ([`guard`]). Requests without the cookie (seat tokens, bots) pass as
//!   before.
//! - **Password hashing** (Argon2id at OWASP's cost) runs on the blocking
//!   threads, at most [`Accounts::permits`] at once, half the machine's
//!   cores: sign-ins queue behind each other, never in front of the games'
//!   tasks. More than [`MAX_WAITING`] waiting sign-ins are refused with 503.
//! - **Sign-in attempts** pass the login throttle's [`Limit`]s first (per account,
//!   per address, per both): a refused attempt gets 429 and `Retry-After`
//!   without its password being looked at. An unknown name costs a dummy
//!   verification and gets the same 401 as a wrong password. The
//!   throttle's records are rows of the database (`login_failures`,
//!   `login_trust`), so that every server on it counts the same failures
//!   and a restart forgets none.
//! - **Seats.** A signed-in person who creates a game owns its person's
//!   seats named with their account's name (compared as names are, by
//!   their look-alike key), or its only person's seat; one who claims a
//!   seat owns it. An owned seat's token is kept with the ownership, and
//!   `GET /api/games/{id}/mine` gives it to its owner on any device. A
//!   seat token never gives the account.

use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use carolus_accounts::password::Verified;
use carolus_accounts::throttle::{AddressKey, Decision, Failures, Limit, TRUST_LIFETIME};
use carolus_accounts::token::{self, SessionState, Token, TokenKind};
use carolus_accounts::{PasswordHasher, PlayerName, Timestamp, check_password};
use serde::{Deserialize, Deserializer, Serialize};
use tokio::sync::{OnceCell, Semaphore};
use utoipa::{IntoParams, ToSchema};

use crate::api::{CreateGame, ErrorBody, SeatToken, Status};
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, PathOf, limited};
use crate::limits::RateLimiter;
use crate::live::Command;
use crate::responses::{BodyTooLarge, StoreUnreachable, TooManyRequests};
use crate::routes::GamePath;
use crate::state::AppState;
use crate::store::{AccountRow, NewAccount, OwnedGame, OwnedSeat, Settings, StoreError};

/// The session cookie's name.
pub const COOKIE: &str = "carolus_session";

/// The most sign-ins (or password changes) waiting for a hashing thread;
/// more are refused with 503 rather than queued without end.
pub const MAX_WAITING: usize = 64;

/// The languages an account may choose.
pub const LANGUAGES: [&str; 3] = ["en", "de", "fr"];

/// The longest e-mail address accepted (RFC 5321's path limit).
pub const MAX_EMAIL_CHARS: usize = 254;

/// The answer to a sign-in with an unknown name or a wrong password: the
/// same words for both.
const WRONG: &str = "the name or the password is wrong";

/// How often the login throttle forgets what time has forgiven.
const PRUNE_EVERY_MS: i64 = 60_000;

/// The most games in play, and the most finished games, that a profile or
/// "my games" lists.
const MAX_GAMES: usize = 200;

/// Password-reset requests from one client address: a burst of this
/// many, then one every [`RESETS_PER_CLIENT_EVERY_S`] seconds.
pub const RESETS_PER_CLIENT_BURST: f64 = 5.0;
pub const RESETS_PER_CLIENT_EVERY_S: f64 = 60.0;

/// Password-reset requests for one name or address, from anywhere: a
/// burst of this many, then one every [`RESETS_PER_TARGET_EVERY_S`]
/// seconds, so that nobody can fill a person's mailbox with resets.
pub const RESETS_PER_TARGET_BURST: f64 = 3.0;
pub const RESETS_PER_TARGET_EVERY_S: f64 = 600.0;

/// The accounts' share of the server's state.
pub struct Accounts {
    /// Made at the first use: making it costs one hash.
    hasher: OnceCell<Arc<PasswordHasher>>,
    hashing: Semaphore,
    permits: usize,
    waiting: AtomicUsize,
    /// When the throttle's rows were last pruned (ms).
    pruned_ms: AtomicI64,
    /// The `--public-url`'s origin (`https://carolus.example`), if given.
    site: Option<String>,
    secure: bool,
    /// Password-reset requests per client address.
    resets_by_client: RateLimiter,
    /// Password-reset requests per account asked for (the name's key or
    /// the address in lower case), whether or not it exists.
    resets_by_target: RateLimiter<String>,
}

impl Accounts {
    /// The accounts of a server reached at `public_url`, if it is known.
    pub fn new(public_url: Option<&str>) -> Accounts {
        let permits = std::thread::available_parallelism()
            .map_or(1, |cores| cores.get() / 2)
            .max(1);
        Accounts {
            hasher: OnceCell::new(),
            hashing: Semaphore::new(permits),
            permits,
            waiting: AtomicUsize::new(0),
            pruned_ms: AtomicI64::new(0),
            site: public_url.and_then(origin_of),
            secure: public_url.is_some_and(|url| url.starts_with("https://")),
            resets_by_client: RateLimiter::new(
                1.0 / RESETS_PER_CLIENT_EVERY_S,
                RESETS_PER_CLIENT_BURST,
            ),
            resets_by_target: RateLimiter::new(
                1.0 / RESETS_PER_TARGET_EVERY_S,
                RESETS_PER_TARGET_BURST,
            ),
        }
    }

    /// How many passwords may be hashed at once.
    pub fn permits(&self) -> usize {
        self.permits
    }

    /// Drops the throttle's rows that time has forgiven and lapsed trust,
    /// at most once a minute, so that the rows follow recent failures only
    /// (an attack from many addresses leaves one small row per address for
    /// a few hours). A failure to prune is only logged.
    async fn prune(&self, state: &AppState, now: Timestamp) {
        let last = self.pruned_ms.load(Ordering::Relaxed);
        if now.unix_ms() - last < PRUNE_EVERY_MS
            || self
                .pruned_ms
                .compare_exchange(last, now.unix_ms(), Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let failures_before = now.unix_ms() - forgotten_after().as_millis() as i64;
        let trust_before = now.unix_ms() - TRUST_LIFETIME.as_millis() as i64;
        if let Err(error) = state
            .store()
            .prune_logins(failures_before, trust_before)
            .await
        {
            tracing::warn!(%error, "the login throttle's rows could not be pruned");
        }
    }

    /// Runs `work` with the hasher on a blocking thread, at most
    /// [`Accounts::permits`] at once.
    async fn hashing<T: Send + 'static>(
        &self,
        work: impl FnOnce(&PasswordHasher) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let busy = || ApiError::unavailable("too many sign-ins at once; try again in a moment");
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(busy());
        }
        let permit = self.hashing.acquire().await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let _permit = permit.map_err(|_| busy())?;
        let hasher = self
            .hasher
            .get_or_try_init(|| async {
                tokio::task::spawn_blocking(PasswordHasher::owasp)
                    .await
                    .map_err(|error| error.to_string())?
                    .map(Arc::new)
                    .map_err(|error| error.to_string())
            })
            .await
            .map_err(|error| {
                tracing::error!(%error, "the password hasher could not be made");
                ApiError::internal("passwords cannot be checked now")
            })?
            .clone();
        tokio::task::spawn_blocking(move || work(&hasher))
            .await
            .map_err(|error| {
                tracing::error!(%error, "a password hash failed");
                ApiError::internal("passwords cannot be checked now")
            })
    }

    /// The `Set-Cookie` value of a new or renewed session.
    fn cookie(&self, session: &str) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        let max_age = token::SESSION_LIFETIME.as_secs();
        // A token is 22 characters of base64url: always a valid header.
        HeaderValue::try_from(format!(
            "{COOKIE}={session}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}"
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    /// The `Set-Cookie` value that clears the session cookie.
    fn cleared(&self) -> HeaderValue {
        HeaderValue::from_static(if self.secure {
            "carolus_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Secure"
        } else {
            "carolus_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0"
        })
    }
}

/// The origin (`scheme://host[:port]`) of a URL, small letters.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    (!authority.is_empty() && !scheme.is_empty())
        .then(|| format!("{scheme}://{authority}").to_ascii_lowercase())
}

/// The session cookie's value in `headers`, if it is there.
fn cookie_value(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
}

/// Whether a request with `headers` comes from this site: its `Origin`,
/// or its `Referer`'s origin, is `site` (the public URL's), or, without
/// one, has the request's `Host` as its host.
fn from_this_site(headers: &HeaderMap, site: Option<&str>) -> bool {
    let text = |name| {
        headers
            .get(name)
            .and_then(|value: &HeaderValue| value.to_str().ok())
    };
    let origin = match text(header::ORIGIN) {
        Some(origin) => origin_of(origin),
        None => text(header::REFERER).and_then(origin_of),
    };
    let Some(origin) = origin else {
        return false;
    };
    match site {
        Some(site) => origin == site,
        None => {
            let host = origin.split_once("://").map_or("", |(_, host)| host);
            text(header::HOST).is_some_and(|expected| host.eq_ignore_ascii_case(expected))
        }
    }
}

/// Where a session renewed during a request puts its cookie, for
/// [`guard`] to send with the answer.
#[derive(Clone, Default)]
struct Renewed(Arc<Mutex<Option<HeaderValue>>>);

/// The middleware in front of every route: refuses a state-changing
/// request that carries the session cookie and does not come from this
/// site (403, nothing done), and sends a renewed session's cookie with the
/// answer.
pub async fn guard(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    if cookie_value(request.headers()).is_none() {
        return next.run(request).await;
    }
    let changes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if changes && !from_this_site(request.headers(), state.accounts().site.as_deref()) {
        return ApiError::forbidden(
            "a request that carries the session cookie must come from this site \
             (its Origin header); nothing was changed",
        )
        .into_response();
    }
    let renewed = Renewed::default();
    request.extensions_mut().insert(renewed.clone());
    let mut response = next.run(request).await;
    let cookie = renewed.0.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(cookie) = cookie
        && !response.headers().contains_key(header::SET_COOKIE)
    {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// A signed-in request's session.
#[derive(Clone, Debug)]
pub struct Session {
    pub account: AccountRow,
    /// The hash of the session's id.
    hash: Vec<u8>,
}

/// The session of the request's cookie, if it has a valid one; renewed
/// when it is due.
async fn session_of(parts: &Parts, state: &AppState) -> Result<Option<Session>, ApiError> {
    let Some(value) = cookie_value(&parts.headers) else {
        return Ok(None);
    };
    let Ok(token) = Token::parse(TokenKind::Session, value) else {
        return Ok(None);
    };
    let hash = token.hash().as_bytes().to_vec();
    let store = state.store();
    let Some((account, expires_ms)) = store.session(&hash).await.map_err(unreachable)? else {
        return Ok(None);
    };
    let now = Timestamp::from_unix_ms(state.clock().now_ms());
    match token::session_state(Timestamp::from_unix_ms(expires_ms), now) {
        SessionState::Expired => {
            store.delete_session(&hash).await.map_err(unreachable)?;
            Ok(None)
        }
        SessionState::Valid { renew_until } => {
            if let Some(until) = renew_until {
                store
                    .renew_session(&hash, until.unix_ms())
                    .await
                    .map_err(unreachable)?;
                if let Some(renewed) = parts.extensions.get::<Renewed>() {
                    *renewed.0.lock().unwrap_or_else(|e| e.into_inner()) =
                        Some(state.accounts().cookie(token.as_str()));
                }
            }
            Ok(Some(Session { account, hash }))
        }
    }
}

/// The request's session; 401 without one.
pub struct SignedIn(pub Session);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        session_of(parts, state)
            .await?
            .map(SignedIn)
            .ok_or_else(|| ApiError::unauthorized("sign in first: no valid session cookie"))
    }
}

/// The request's session, if it has one.
pub struct MaybeSignedIn(pub Option<Session>);

impl FromRequestParts<AppState> for MaybeSignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        session_of(parts, state).await.map(MaybeSignedIn)
    }
}

fn unreachable(error: StoreError) -> ApiError {
    tracing::warn!(%error, "the store failed for an account");
    ApiError::unavailable("the store cannot be reached; try again")
}

/// 422: a request that is well-formed but refused, saying why.
fn refused(error: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error)
}

/// The e-mail address `text` if it looks like one: a local part,
/// one `@`, a domain with a dot, no spaces or control characters, at most
/// [`MAX_EMAIL_CHARS`] characters. (Only a mail proves an address.)
fn checked_email(text: &str) -> Result<String, ApiError> {
    let email = text;
    let bad = |why: &str| refused(format!("field `email`: {why}"));
    if email.chars().count() > MAX_EMAIL_CHARS {
        return Err(bad(&format!(
            "an address has at most {MAX_EMAIL_CHARS} characters"
        )));
    }
    if email
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"' | ','))
    {
        return Err(bad("an address has no spaces, quotes, <, > or commas"));
    }
    match email.split_once('@') {
        Some((local, domain))
            if !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.') =>
        {
            Ok(email.to_owned())
        }
        _ => Err(bad("an address is name@domain.example")),
    }
}

fn checked_language(text: &str) -> Result<String, ApiError> {
    LANGUAGES
        .contains(&text)
        .then(|| text.to_owned())
        .ok_or_else(|| {
            refused(format!(
                "field `language`: must be en, de or fr, not {text:?}"
            ))
        })
}

/// `POST /api/accounts`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    /// 2 to 20 letters (A-Z, a-z), digits, `_` and `-`, beginning with a
    /// letter or a digit; unique, ignoring case and look-alike letters.
    pub name: String,
    /// At least 10 characters, not one of the commonest passwords, not the
    /// name.
    pub password: String,
    /// An address for password resets and, if chosen, mails about games.
    #[serde(default)]
    pub email: Option<String>,
}

/// `POST /api/session`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// An account's name, as it was typed at sign-up.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AccountName {
    pub name: String,
}

/// `GET /api/me`: the signed-in account and its settings.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Me {
    pub name: String,
    /// The e-mail address, if one was given.
    pub email: Option<String>,
    /// Whether mails about games are wanted.
    pub mail_on: bool,
    /// `en`, `de` or `fr`.
    pub language: String,
    /// When the account was made, in milliseconds since 1970.
    pub created_ms: i64,
    /// Whether the address stopped mails about games by an unsubscribe
    /// link: then none are sent, even with `mail_on`, until mails are
    /// turned on again (`"mail_on": true` in `PATCH /api/me`).
    pub unsubscribed: bool,
}

impl Me {
    async fn of(state: &AppState, account: &AccountRow) -> Result<Me, ApiError> {
        let unsubscribed = match &account.email {
            Some(address) => crate::mail::unsubscribed(state.store(), address)
                .await
                .map_err(unreachable)?,
            None => false,
        };
        Ok(Me {
            name: account.name.clone(),
            email: account.email.clone(),
            mail_on: account.mail_on,
            language: account.language.clone(),
            created_ms: account.created_ms,
            unsubscribed,
        })
    }
}

/// `PATCH /api/me`: the settings to change; absent fields stay.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsChange {
    /// A new address, or `null` to remove it.
    #[serde(default, deserialize_with = "present")]
    pub email: Option<Option<String>>,
    pub mail_on: Option<bool>,
    /// `en`, `de` or `fr`.
    pub language: Option<String>,
}

/// A field that may be absent (outer `None`) or `null` (inner `None`).
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(deserializer).map(Some)
}

/// `POST /api/me/password`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The present password.
    pub password: String,
    /// The new one, under the same rules as at sign-up.
    pub new_password: String,
}

/// `DELETE /api/me`: the password, to confirm.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Confirm {
    pub password: String,
}

/// A game in a profile's lists.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PlayerGame {
    pub id: String,
    pub status: Status,
    pub players: usize,
    pub teams: bool,
    /// Moves in the record.
    pub length: usize,
    pub created_ms: i64,
    /// When the game last changed.
    pub updated_ms: i64,
    /// The player's seats in it.
    pub seats: Vec<usize>,
}

impl PlayerGame {
    fn of(game: &OwnedGame) -> PlayerGame {
        PlayerGame {
            id: game.id.clone(),
            status: game.status,
            players: game.players,
            teams: game.teams,
            length: game.length,
            created_ms: game.created_ms,
            updated_ms: game.updated_ms,
            seats: game.seats.clone(),
        }
    }
}

/// `GET /api/players/{name}`: a player as everyone may see them.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Profile {
    pub name: String,
    pub created_ms: i64,
    /// Ratings per mode, for the modes of the player's rated games.
    pub ratings: Vec<crate::rating::ModeRating>,
    /// The rating after each of the latest rated games (up to 200),
    /// oldest first: the profile's graph.
    pub history: Vec<crate::rating::RatingPoint>,
    /// The results against each computer level played, in the levels'
    /// order, from the latest finished games with a computer.
    pub computers: Vec<crate::rating::LevelResults>,
    /// Games in play (and open ones waiting for players), latest first.
    pub playing: Vec<PlayerGame>,
    /// Finished games, latest first; their records are at
    /// `/api/games/{id}/record`.
    pub finished: Vec<PlayerGame>,
}

/// A game of mine, in `GET /api/me/games`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MyGame {
    pub id: String,
    pub status: Status,
    pub players: usize,
    pub teams: bool,
    pub length: usize,
    pub created_ms: i64,
    pub updated_ms: i64,
    /// My seats in it.
    pub seats: Vec<usize>,
    /// Whether one of my seats is to act now.
    pub my_turn: bool,
}

/// `GET /api/me/games`: games where it is my turn first, then my other
/// games in play, then finished ones.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MyGames {
    pub games: Vec<MyGame>,
    /// How many of them wait for me.
    pub waiting: usize,
}

/// `GET /api/games/{id}/mine`: the tokens of my seats in a game.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MySeats {
    pub seats: Vec<SeatToken>,
}

/// The path of a player's profile.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PlayerPath {
    /// The player's name (case and look-alike letters do not matter).
    pub name: String,
}

/// A response with a body, a status and a `Set-Cookie`.
fn with_cookie(status: StatusCode, cookie: HeaderValue, body: impl IntoResponse) -> Response {
    (status, [(header::SET_COOKIE, cookie)], body).into_response()
}

/// Begins a session for `account`: its cookie's value.
async fn begin_session(state: &AppState, account: i64) -> Result<HeaderValue, ApiError> {
    let now = state.clock().now_ms();
    let (token, record) = token::new_session(Timestamp::from_unix_ms(now)).map_err(|error| {
        tracing::error!(%error, "a session id could not be made");
        ApiError::internal("a session could not be begun")
    })?;
    state
        .store()
        .insert_session(
            record.hash.as_bytes(),
            account,
            now,
            record.expires_at.unix_ms(),
        )
        .await
        .map_err(unreachable)?;
    Ok(state.accounts().cookie(token.as_str()))
}

/// Makes an account and signs it in.
#[utoipa::path(
    post, path = "/api/accounts", request_body = SignUp,
    responses(
        (status = 201, description = "The account, signed in", body = AccountName,
            headers(("Set-Cookie" = String, description = "`carolus_session=…; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000` (and `Secure` over https)"))),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 403, description = "The request carries a session cookie and comes from another site", body = ErrorBody),
        (status = 409, description = "The name, or one differing only by case or look-alike letters, is taken", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "The name, password or e-mail address is refused; the answer says why", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, description = "The store cannot be reached, or too many sign-ins wait", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn sign_up(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<SignUp>,
) -> Result<Response, ApiError> {
    limited(&state, client)?;
    let name = PlayerName::parse(&request.name)
        .map_err(|error| refused(format!("field `name`: {error}")))?;
    check_password(&request.password, &name)
        .map_err(|error| refused(format!("field `password`: {error}")))?;
    let email = request.email.as_deref().map(checked_email).transpose()?;
    let key = name.skeleton();
    let taken = || {
        ApiError::conflict(format!(
            "the name {name} is taken (or one that differs from it only by case or look-alike letters)"
        ))
    };
    let store = state.store();
    if store
        .account_by_key(&key)
        .await
        .map_err(unreachable)?
        .is_some()
    {
        return Err(taken());
    }
    let password = request.password;
    let hash = state
        .accounts()
        .hashing(move |hasher| hasher.hash(&password))
        .await?
        .map_err(|error| {
            tracing::error!(%error, "a password could not be hashed");
            ApiError::internal("the password could not be kept")
        })?;
    let id = store
        .create_account(&NewAccount {
            name: name.as_str(),
            name_key: &key,
            password_hash: &hash,
            email: email.as_deref(),
            language: LANGUAGES[0],
            created_ms: state.clock().now_ms(),
        })
        .await
        .map_err(unreachable)?
        .ok_or_else(taken)?;
    let cookie = begin_session(&state, id).await?;
    tracing::info!(account = id, "account made");
    Ok(with_cookie(
        StatusCode::CREATED,
        cookie,
        Json(AccountName {
            name: name.to_string(),
        }),
    ))
}

/// The outcome of checking a password for a sign-in or a confirmation.
enum Check {
    Right(AccountRow),
    Wrong,
}

/// A sign-in attempt's keys in the login throttle's rows (see
/// `carolus_accounts::throttle`): the address (IPv4, or IPv6's /64), the
/// account (the name's look-alike key, whether or not an account has it)
/// and the account at the address.
struct Attempt {
    name_key: String,
    address: String,
    address_row: String,
    account_row: String,
    pair_row: String,
}

/// The throttle's rows of an attempt as they stood before it.
struct LoginRows {
    address: Option<Failures>,
    account: Option<Failures>,
    pair: Option<Failures>,
    /// Whether the account signed in from the address within the trust
    /// lifetime: then the account's own limit does not apply there.
    trusted: bool,
}

impl LoginRows {
    fn decision(&self, now: Timestamp) -> Decision {
        let decision = Limit::ADDRESS
            .check(self.address.as_ref(), now)
            .max(Limit::ACCOUNT_AT_ADDRESS.check(self.pair.as_ref(), now));
        if self.trusted {
            decision
        } else {
            decision.max(Limit::ACCOUNT.check(self.account.as_ref(), now))
        }
    }
}

/// How long after its last failure a row is forgiven whatever its count.
fn forgotten_after() -> std::time::Duration {
    [Limit::ADDRESS, Limit::ACCOUNT, Limit::ACCOUNT_AT_ADDRESS]
        .iter()
        .map(|limit| limit.forgive_after * limit.cap_count())
        .max()
        .unwrap_or_default()
}

impl Attempt {
    fn of(name: &str, client: IpAddr) -> Attempt {
        let name_key = carolus_accounts::name::skeleton_of(name);
        let address = AddressKey::of(client).address().to_string();
        Attempt {
            address_row: format!("a:{address}"),
            account_row: format!("n:{name_key}"),
            pair_row: format!("p:{name_key} {address}"),
            name_key,
            address,
        }
    }

    /// The rows as they stand; the store's rows are also pruned now and
    /// then.
    async fn limits(&self, state: &AppState, now: Timestamp) -> Result<LoginRows, ApiError> {
        let store = state.store();
        state.accounts().prune(state, now).await;
        let rows = store
            .login_failures(&[&self.address_row, &self.account_row, &self.pair_row])
            .await
            .map_err(unreachable)?;
        let row = |key: &str| {
            rows.iter()
                .find(|(row, _, _)| row == key)
                .map(|&(_, count, last)| Failures {
                    count: u32::try_from(count).unwrap_or(u32::MAX),
                    last: Timestamp::from_unix_ms(last),
                })
        };
        let since = now.unix_ms() - TRUST_LIFETIME.as_millis() as i64;
        Ok(LoginRows {
            address: row(&self.address_row),
            account: row(&self.account_row),
            pair: row(&self.pair_row),
            trusted: store
                .is_trusted(&self.name_key, &self.address, since)
                .await
                .map_err(unreachable)?,
        })
    }

    /// Counts a wrong password (or an unknown name). Two servers failing
    /// the same key at the same moment may count one failure for both:
    /// the rows are written as computed from what was read.
    async fn failed(
        &self,
        state: &AppState,
        limits: &LoginRows,
        now: Timestamp,
    ) -> Result<(), ApiError> {
        let row = |key, limit: Limit, failures: &Option<Failures>| {
            let next = limit.record_failure(failures.as_ref(), now);
            (key, i64::from(next.count), next.last.unix_ms())
        };
        let mut rows = vec![
            row(self.address_row.as_str(), Limit::ADDRESS, &limits.address),
            row(
                self.pair_row.as_str(),
                Limit::ACCOUNT_AT_ADDRESS,
                &limits.pair,
            ),
        ];
        // Failures at a trusted address do not count against the account,
        // whose limit does not apply there either.
        if !limits.trusted {
            rows.push(row(
                self.account_row.as_str(),
                Limit::ACCOUNT,
                &limits.account,
            ));
        }
        state
            .store()
            .put_login_failures(&rows)
            .await
            .map_err(unreachable)
    }

    /// A right password: the address becomes trusted for the account and
    /// their pair's failures are forgotten (the account's and the
    /// address's stay, to decay with time).
    async fn succeeded(&self, state: &AppState, now: Timestamp) -> Result<(), ApiError> {
        state
            .store()
            .trust(&self.name_key, &self.address, &self.pair_row, now.unix_ms())
            .await
            .map_err(unreachable)
    }
}

/// Checks `password` for the account named `name` from `client`, under
/// the login throttle: 429 while attempts are limited; an unknown name
/// costs a dummy verification and is [`Check::Wrong`] like a wrong
/// password.
async fn check(
    state: &AppState,
    client: IpAddr,
    name: &str,
    password: String,
) -> Result<Check, ApiError> {
    let accounts = state.accounts();
    let now = Timestamp::from_unix_ms(state.clock().now_ms());
    let attempt = Attempt::of(name, client);
    let limits = attempt.limits(state, now).await?;
    if let Decision::RetryAfter(wait) = limits.decision(now) {
        return Err(ApiError::too_many(
            "too many attempts to sign in to this account or from this address; wait",
            wait,
        ));
    }
    let account = match PlayerName::parse(name) {
        Ok(name) => state
            .store()
            .account_by_key(&name.skeleton())
            .await
            .map_err(unreachable)?,
        Err(_) => None,
    };
    let stored = account
        .as_ref()
        .map(|account| account.password_hash.clone());
    let verified = accounts
        .hashing(move |hasher| match stored {
            Some(stored) => hasher.verify(&password, &stored).map(|verified| {
                let rehash = match verified {
                    Verified::Yes { needs_rehash: true } => hasher.hash(&password).ok(),
                    _ => None,
                };
                (verified, rehash)
            }),
            None => {
                hasher.dummy_verify(&password);
                Ok((Verified::No, None))
            }
        })
        .await?
        .map_err(|error| {
            tracing::error!(%error, "a stored password hash could not be read");
            ApiError::internal("the password could not be checked")
        })?;
    match (verified, account) {
        ((Verified::Yes { .. }, rehash), Some(account)) => {
            attempt.succeeded(state, now).await?;
            if let Some(hash) = rehash {
                state
                    .store()
                    .set_password_hash(account.id, &hash)
                    .await
                    .map_err(unreachable)?;
            }
            Ok(Check::Right(account))
        }
        _ => {
            attempt.failed(state, &limits, now).await?;
            Ok(Check::Wrong)
        }
    }
}

/// Signs in.
#[utoipa::path(
    post, path = "/api/session", request_body = Credentials,
    responses(
        (status = 200, description = "Signed in", body = AccountName,
            headers(("Set-Cookie" = String, description = "`carolus_session=…; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000` (and `Secure` over https)"))),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 401, description = "The name or the password is wrong (the same answer for both)", body = ErrorBody),
        (status = 403, description = "The request carries a session cookie and comes from another site", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, description = "Attempts for this account or from this address are limited for now", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until the next attempt may be made"))),
        (status = 503, description = "The store cannot be reached, or too many sign-ins wait", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn sign_in(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    match check(&state, client, &request.name, request.password).await? {
        Check::Right(account) => {
            let cookie = begin_session(&state, account.id).await?;
            Ok(with_cookie(
                StatusCode::OK,
                cookie,
                Json(AccountName { name: account.name }),
            ))
        }
        Check::Wrong => Err(ApiError::unauthorized(WRONG)),
    }
}

/// Signs out: ends this session.
#[utoipa::path(
    delete, path = "/api/session",
    responses(
        (status = 204, description = "Signed out (also when no session was open)",
            headers(("Set-Cookie" = String, description = "The cookie, cleared"))),
        (status = 403, description = "The request comes from another site", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn sign_out(
    State(state): State<AppState>,
    MaybeSignedIn(session): MaybeSignedIn,
) -> Result<Response, ApiError> {
    if let Some(session) = session {
        state
            .store()
            .delete_session(&session.hash)
            .await
            .map_err(unreachable)?;
    }
    Ok(with_cookie(
        StatusCode::NO_CONTENT,
        state.accounts().cleared(),
        (),
    ))
}

/// Signs out everywhere: ends every session of the account.
#[utoipa::path(
    delete, path = "/api/sessions",
    security(("session_cookie" = [])),
    responses(
        (status = 204, description = "Every session of the account ended",
            headers(("Set-Cookie" = String, description = "The cookie, cleared"))),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The request comes from another site", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn sign_out_everywhere(
    State(state): State<AppState>,
    SignedIn(session): SignedIn,
) -> Result<Response, ApiError> {
    state
        .store()
        .delete_sessions(session.account.id, None)
        .await
        .map_err(unreachable)?;
    Ok(with_cookie(
        StatusCode::NO_CONTENT,
        state.accounts().cleared(),
        (),
    ))
}

/// The signed-in account.
#[utoipa::path(
    get, path = "/api/me",
    security(("session_cookie" = [])),
    responses(
        (status = 200, description = "The account and its settings", body = Me),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn me(
    State(state): State<AppState>,
    SignedIn(session): SignedIn,
) -> Result<Json<Me>, ApiError> {
    Ok(Json(Me::of(&state, &session.account).await?))
}

/// Changes the account's settings.
#[utoipa::path(
    patch, path = "/api/me", request_body = SettingsChange,
    security(("session_cookie" = [])),
    responses(
        (status = 200, description = "The account with its new settings", body = Me),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The request comes from another site", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "An e-mail address or language that is refused", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn change_settings(
    State(state): State<AppState>,
    SignedIn(session): SignedIn,
    JsonBody(change): JsonBody<SettingsChange>,
) -> Result<Json<Me>, ApiError> {
    let settings = Settings {
        email: change
            .email
            .map(|email| email.as_deref().map(checked_email).transpose())
            .transpose()?,
        mail_on: change.mail_on,
        language: change
            .language
            .as_deref()
            .map(checked_language)
            .transpose()?,
    };
    let id = session.account.id;
    let store = state.store();
    store
        .update_settings(id, &settings)
        .await
        .map_err(unreachable)?;
    let account = store
        .account(id)
        .await
        .map_err(unreachable)?
        .ok_or_else(|| ApiError::unauthorized("the account was deleted meanwhile"))?;
    // Turning mails on is the person's word against an earlier unsubscribe
    // link of their address: the settings and the outbox agree again.
    if change.mail_on == Some(true)
        && let Some(address) = &account.email
    {
        crate::mail::resubscribe(store, address)
            .await
            .map_err(unreachable)?;
    }
    Ok(Json(Me::of(&state, &account).await?))
}

/// Changes the password and ends the account's other sessions.
#[utoipa::path(
    post, path = "/api/me/password", request_body = PasswordChange,
    security(("session_cookie" = [])),
    responses(
        (status = 204, description = "The password is changed; every other session ended"),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The present password is wrong, or the request comes from another site", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "The new password is refused; the answer says why", body = ErrorBody),
        (status = 429, description = "Attempts for this account or from this address are limited for now", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until the next attempt may be made"))),
        (status = 503, description = "The store cannot be reached, or too many sign-ins wait", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn change_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    SignedIn(session): SignedIn,
    JsonBody(change): JsonBody<PasswordChange>,
) -> Result<StatusCode, ApiError> {
    let name = PlayerName::parse(&session.account.name)
        .map_err(|error| ApiError::internal(format!("a stored name does not read: {error}")))?;
    check_password(&change.new_password, &name)
        .map_err(|error| refused(format!("field `new_password`: {error}")))?;
    confirmed(&state, client, &session, change.password).await?;
    let new = change.new_password;
    let hash = state
        .accounts()
        .hashing(move |hasher| hasher.hash(&new))
        .await?
        .map_err(|error| {
            tracing::error!(%error, "a password could not be hashed");
            ApiError::internal("the password could not be kept")
        })?;
    let store = state.store();
    store
        .set_password_hash(session.account.id, &hash)
        .await
        .map_err(unreachable)?;
    store
        .delete_sessions(session.account.id, Some(&session.hash))
        .await
        .map_err(unreachable)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Checks that `password` is the signed-in account's: 403 if not.
async fn confirmed(
    state: &AppState,
    client: IpAddr,
    session: &Session,
    password: String,
) -> Result<(), ApiError> {
    match check(state, client, &session.account.name, password).await? {
        Check::Right(account) if account.id == session.account.id => Ok(()),
        _ => Err(ApiError::forbidden("the present password is wrong")),
    }
}

/// Deletes the account.
#[utoipa::path(
    delete, path = "/api/me", request_body = Confirm,
    security(("session_cookie" = [])),
    responses(
        (status = 204, description = "The account, its sessions and personal data are gone; \
            finished games keep their records, its seats named \"deleted player\"",
            headers(("Set-Cookie" = String, description = "The cookie, cleared"))),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The password is wrong, or the request comes from another site", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, description = "Attempts for this account or from this address are limited for now", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until the next attempt may be made"))),
        (status = 500, description = "A finished game's stored record cannot be read; nothing was deleted", body = ErrorBody),
        (status = 503, description = "The store cannot be reached, or too many sign-ins wait", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn delete_account(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    SignedIn(session): SignedIn,
    JsonBody(confirm): JsonBody<Confirm>,
) -> Result<Response, ApiError> {
    confirmed(&state, client, &session, confirm.password).await?;
    let renamed = state
        .store()
        .delete_account(session.account.id)
        .await
        .map_err(|error| match error {
            StoreError::Damaged { .. } => {
                tracing::error!(%error, "an account's game cannot be read");
                ApiError::internal(format!("nothing was deleted: {error}"))
            }
            error => unreachable(error),
        })?;
    // This server's copies of the renamed games are read again when next
    // asked for.
    for id in &renamed {
        state.forget(id);
    }
    tracing::info!(
        account = session.account.id,
        games = renamed.len(),
        "account deleted"
    );
    Ok(with_cookie(
        StatusCode::NO_CONTENT,
        state.accounts().cleared(),
        (),
    ))
}

/// A player's public profile.
#[utoipa::path(
    get, path = "/api/players/{name}",
    params(PlayerPath),
    responses(
        (status = 200, description = "The player's ratings and games", body = Profile),
        (status = 404, description = "No player has this name", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn profile(
    State(state): State<AppState>,
    PathOf(PlayerPath { name }): PathOf<PlayerPath>,
) -> Result<Json<Profile>, ApiError> {
    let nobody = || ApiError::not_found("no player has this name");
    let key = PlayerName::parse(&name).map_err(|_| nobody())?.skeleton();
    let store = state.store();
    let account = store
        .account_by_key(&key)
        .await
        .map_err(unreachable)?
        .ok_or_else(nobody)?;
    let games = store
        .owned_games(account.id, MAX_GAMES)
        .await
        .map_err(unreachable)?;
    let (finished, playing): (Vec<_>, Vec<_>) = games
        .iter()
        .map(PlayerGame::of)
        .partition(|game| game.status == Status::Over);
    let (ratings, history) = crate::rating::profile_ratings(store, account.id).await?;
    let computers = crate::rating::profile_computers(store, account.id).await?;
    Ok(Json(Profile {
        name: account.name,
        created_ms: account.created_ms,
        ratings,
        history,
        computers,
        playing,
        finished,
    }))
}

/// My games: where it is my turn first, then my other games in play, then
/// finished ones.
#[utoipa::path(
    get, path = "/api/me/games",
    security(("session_cookie" = [])),
    responses(
        (status = 200, description = "My games", body = MyGames),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn my_games(
    State(state): State<AppState>,
    SignedIn(session): SignedIn,
) -> Result<Json<MyGames>, ApiError> {
    let owned = state
        .store()
        .owned_games(session.account.id, MAX_GAMES)
        .await
        .map_err(unreachable)?;
    let mut games = Vec::with_capacity(owned.len());
    for game in owned {
        // Whose turn it is lives in the position, which the game's task
        // has: only games in play are asked.
        let my_turn = if game.status == Status::Running {
            match state.game(&game.id).await {
                Ok(handle) => handle
                    .ask(|answer| Command::View { answer })
                    .await
                    .ok()
                    .and_then(|view| view.state["to_act"].as_u64())
                    .is_some_and(|seat| game.seats.contains(&(seat as usize))),
                Err(_) => false,
            }
        } else {
            false
        };
        let PlayerGame {
            id,
            status,
            players,
            teams,
            length,
            created_ms,
            updated_ms,
            seats,
        } = PlayerGame::of(&game);
        games.push(MyGame {
            id,
            status,
            players,
            teams,
            length,
            created_ms,
            updated_ms,
            seats,
            my_turn,
        });
    }
    // A stable sort keeps the latest first within each group.
    games.sort_by_key(|game| match (game.my_turn, game.status) {
        (true, _) => 0,
        (false, Status::Running | Status::Open) => 1,
        (false, Status::Over) => 2,
    });
    let waiting = games.iter().filter(|game| game.my_turn).count();
    Ok(Json(MyGames { games, waiting }))
}

/// The tokens of my seats in a game, on any device where I am signed in.
#[utoipa::path(
    get, path = "/api/games/{id}/mine",
    params(GamePath),
    security(("session_cookie" = [])),
    responses(
        (status = 200, description = "My seats in the game with their tokens", body = MySeats),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such game, or no seat of it is mine", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn my_seats(
    State(state): State<AppState>,
    PathOf(GamePath { id }): PathOf<GamePath>,
    SignedIn(session): SignedIn,
) -> Result<Json<MySeats>, ApiError> {
    let seats = state
        .store()
        .owned_seats(&id, session.account.id)
        .await
        .map_err(unreachable)?;
    if seats.is_empty() {
        return Err(ApiError::not_found(format!(
            "no seat of game {id:?} is yours"
        )));
    }
    Ok(Json(MySeats {
        seats: seats
            .into_iter()
            .map(|(seat, token)| SeatToken { seat, token })
            .collect(),
    }))
}

/// `POST /api/password-reset`: a reset link's token and the new password.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetRequest {
    /// The token from the link.
    pub token: String,
    /// The new password, under the same rules as at sign-up.
    pub new_password: String,
}

/// Makes a one-time password-reset token for the account `account_id`,
/// valid for an hour, and stores its hash: the token for the link of a
/// reset mail (`{public_url}/reset#token=TOKEN`), made when a person who
/// gave an address asks for a reset ([`request_reset`]).
pub async fn issue_reset(state: &AppState, account_id: i64) -> Result<Token, ApiError> {
    let now = Timestamp::from_unix_ms(state.clock().now_ms());
    let (token, record) = token::new_reset(now).map_err(|error| {
        tracing::error!(%error, "a reset token could not be made");
        ApiError::internal("a reset link could not be made")
    })?;
    state
        .store()
        .insert_reset(
            record.hash.as_bytes(),
            account_id,
            record.expires_at.unix_ms(),
        )
        .await
        .map_err(unreachable)?;
    Ok(token)
}

/// `POST /api/password-reset/request`: whose password to reset, by the
/// account's name or by its e-mail address (exactly one of the two).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetAsk {
    pub name: Option<String>,
    pub email: Option<String>,
}

/// The answer to every well-formed reset request, whether or not an
/// account was found: the same words for all.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ResetAsked {
    /// What happens now, the same for every request.
    pub status: String,
}

/// What [`ResetAsked::status`] says.
const RESET_ASKED: &str = "if an account with an e-mail address matches, a link to set a new password was sent to it; the link is valid for one hour";

/// The longest name or address a reset request may carry.
const MAX_RESET_TARGET_CHARS: usize = MAX_EMAIL_CHARS;

/// Whose password to reset: one account by name, or every account (at most
/// ten) with an address.
enum ResetTarget {
    Name(String),
    Email(String),
}

impl ResetTarget {
    fn of(ask: ResetAsk) -> Result<ResetTarget, ApiError> {
        let target = match (ask.name, ask.email) {
            (Some(name), None) => ResetTarget::Name(name.trim().to_owned()),
            (None, Some(email)) => ResetTarget::Email(email.trim().to_owned()),
            _ => {
                return Err(refused("give exactly one of the fields `name` and `email`"));
            }
        };
        let (field, text) = match &target {
            ResetTarget::Name(text) => ("name", text),
            ResetTarget::Email(text) => ("email", text),
        };
        if text.is_empty() || text.chars().count() > MAX_RESET_TARGET_CHARS {
            return Err(refused(format!(
                "field `{field}`: must have 1 to {MAX_RESET_TARGET_CHARS} characters"
            )));
        }
        Ok(target)
    }

    /// The limiter's key: the name's look-alike key, or the address in
    /// lower case.
    fn key(&self) -> String {
        match self {
            ResetTarget::Name(name) => format!("n:{}", carolus_accounts::name::skeleton_of(name)),
            ResetTarget::Email(email) => format!("e:{}", email.to_lowercase()),
        }
    }
}

/// Asks for a password-reset mail. The answer is 202 with the same body
/// whether or not an account matches, and comes before the account is
/// looked up (the lookup and the mail happen on a task of their own), so
/// that neither its words nor its time tell whether a name or address is
/// known. Without `--smtp` the server sends no mail: it answers the same,
/// and queues nothing.
#[utoipa::path(
    post, path = "/api/password-reset/request", request_body = ResetAsk,
    responses(
        (status = 202, description = "Asked: a mail is sent if an account with an address matches (the same answer when none does)", body = ResetAsked),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "Neither or both of `name` and `email`, or one that is empty or too long", body = ErrorBody),
        (status = 429, description = "Too many reset requests from this address or for this account", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until the request may be sent again"))),
    )
)]
pub async fn request_reset(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(ask): JsonBody<ResetAsk>,
) -> Result<(StatusCode, Json<ResetAsked>), ApiError> {
    limited(&state, client)?;
    let target = ResetTarget::of(ask)?;
    let too_many = |wait| ApiError::too_many("too many password-reset requests; wait", wait);
    let accounts = state.accounts();
    accounts
        .resets_by_client
        .take(AddressKey::of(client).address())
        .map_err(too_many)?;
    accounts
        .resets_by_target
        .take(target.key())
        .map_err(too_many)?;
    if state.post().config().is_some() {
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(error) = send_resets(&state, &target).await {
                tracing::warn!(?error, "a password-reset mail could not be queued");
            }
        });
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(ResetAsked {
            status: RESET_ASKED.to_owned(),
        }),
    ))
}

/// Queues a reset mail, with a fresh one-time link, to each account that
/// `target` names and that has an address.
async fn send_resets(state: &AppState, target: &ResetTarget) -> Result<(), ApiError> {
    let Some(config) = state.post().config() else {
        return Ok(());
    };
    let store = state.store();
    let accounts = match target {
        ResetTarget::Name(name) => store
            .account_by_key(&carolus_accounts::name::skeleton_of(name))
            .await
            .map_err(unreachable)?
            .into_iter()
            .collect(),
        ResetTarget::Email(email) => store.accounts_by_email(email).await.map_err(unreachable)?,
    };
    for account in accounts {
        let Some(address) = account.email.clone() else {
            continue;
        };
        let token = issue_reset(state, account.id).await?;
        let link = format!("{}/reset#token={}", config.public_url(), token.as_str());
        let recipient = crate::mail::Recipient {
            address,
            // The accounts keep only the site's languages; an older one
            // reads as English, as the game mails do.
            language: account
                .language
                .parse()
                .unwrap_or(carolus_l10n::Language::English),
            name: account.name.clone(),
        };
        let request = hex_of(token.hash().as_bytes());
        state
            .post()
            .queue_password_reset(store, state.clock(), &recipient, &request, &link)
            .await
            .map_err(unreachable)?;
    }
    Ok(())
}

/// `bytes` in lower-case hexadecimal.
fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Sets a new password with a reset link's token: once, within its hour.
/// Every session of the account ends.
#[utoipa::path(
    post, path = "/api/password-reset", request_body = ResetRequest,
    responses(
        (status = 204, description = "The password is set; every session of the account ended"),
        (status = 400, description = "The body is not JSON or not these fields", body = ErrorBody),
        (status = 403, description = "The link is not valid, has expired or was used", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "The new password is refused; the answer says why (the link stays usable)", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, description = "The store cannot be reached, or too many sign-ins wait", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<ResetRequest>,
) -> Result<StatusCode, ApiError> {
    limited(&state, client)?;
    let invalid = || {
        ApiError::forbidden(
            "this password-reset link is not valid, has expired or was used; ask for a new one",
        )
    };
    let token = Token::parse(TokenKind::Reset, &request.token).map_err(|_| invalid())?;
    let hash = token.hash().as_bytes().to_vec();
    let store = state.store();
    let now = state.clock().now_ms();
    let account = match store.reset_account(&hash, now).await.map_err(unreachable)? {
        Some(id) => store.account(id).await.map_err(unreachable)?,
        None => None,
    }
    .ok_or_else(invalid)?;
    let name = PlayerName::parse(&account.name)
        .map_err(|error| ApiError::internal(format!("a stored name does not read: {error}")))?;
    // The new password is checked before the token is used, so that a
    // refused one leaves the link usable.
    check_password(&request.new_password, &name)
        .map_err(|error| refused(format!("field `new_password`: {error}")))?;
    // One conditional write: of two uses at once, on any servers, one wins.
    if store.redeem_reset(&hash, now).await.map_err(unreachable)? != Some(account.id) {
        return Err(invalid());
    }
    let new = request.new_password;
    let password_hash = state
        .accounts()
        .hashing(move |hasher| hasher.hash(&new))
        .await?
        .map_err(|error| {
            tracing::error!(%error, "a password could not be hashed");
            ApiError::internal("the password could not be kept")
        })?;
    store
        .set_password_hash(account.id, &password_hash)
        .await
        .map_err(unreachable)?;
    store
        .delete_sessions(account.id, None)
        .await
        .map_err(unreachable)?;
    Ok(StatusCode::NO_CONTENT)
}

/// The seats of a new game that the signed-in creator owns: the person's
/// seats named with the account's name, or the only person's seat. They
/// are stored with the game, in its first write.
pub fn created_owners(
    session: &Session,
    request: &CreateGame,
    tokens: &[SeatToken],
) -> Vec<OwnedSeat> {
    let named = |token: &&SeatToken| {
        request
            .seats
            .get(token.seat)
            .and_then(|spec| spec.name.as_deref())
            .is_some_and(|name| {
                carolus_accounts::name::skeleton_of(name.trim()) == session.account.name_key
            })
    };
    let mine: Vec<&SeatToken> = if tokens.len() == 1 {
        tokens.iter().collect()
    } else {
        tokens.iter().filter(named).collect()
    };
    mine.into_iter()
        .map(|token| OwnedSeat {
            seat: token.seat,
            account_id: session.account.id,
            token: token.token.clone(),
        })
        .collect()
}

/// Records that the signed-in person owns the seat `token` is for.
pub async fn own(state: &AppState, session: &Session, id: &str, token: &SeatToken) {
    if let Err(error) = state
        .store()
        .own_seat(id, token.seat, session.account.id, &token.token)
        .await
    {
        tracing::warn!(game = id, seat = token.seat, %error, "a seat's owner could not be kept");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use axum::body::Body;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use crate::clock::Clock;
    use crate::limits::Limits;
    use crate::state::Setup;
    use crate::store::Store;

    /// Sends `body` with `method` to `uri`, with the session cookie if
    /// given (from this site): the status and the session a `Set-Cookie`
    /// gives.
    async fn call(
        app: &axum::Router,
        method: Method,
        uri: &str,
        body: serde_json::Value,
        session: Option<&str>,
    ) -> (StatusCode, Option<String>) {
        let mut request = axum::http::Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, "carolus.test")
            .header(header::ORIGIN, "http://carolus.test")
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(session) = session {
            request = request.header(header::COOKIE, format!("{COOKIE}={session}"));
        }
        let response = app
            .clone()
            .oneshot(request.body(Body::from(body.to_string())).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let session = response
            .headers()
            .get(header::SET_COOKIE)
            .and_then(|value| value.to_str().ok())
            .and_then(|cookie| cookie.strip_prefix("carolus_session="))
            .map(|rest| rest.split(';').next().unwrap_or_default().to_owned());
        let _ = response.into_body().collect().await;
        (status, session)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn passwords_are_hashed_on_at_most_the_permitted_threads_at_once() {
        use std::sync::atomic::AtomicUsize;
        let accounts = Arc::new(Accounts::new(None));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..4 * accounts.permits() + 4)
            .map(|n| {
                let (accounts, running, most) = (
                    Arc::clone(&accounts),
                    Arc::clone(&running),
                    Arc::clone(&most),
                );
                tokio::spawn(async move {
                    accounts
                        .hashing(move |hasher| {
                            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(now, Ordering::SeqCst);
                            // Real work, so that the jobs overlap if the
                            // pool lets them.
                            let hash = hasher.hash(&format!("password number {n}"));
                            running.fetch_sub(1, Ordering::SeqCst);
                            hash.is_ok()
                        })
                        .await
                })
            })
            .collect();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Ok(true));
        }
        let most = most.load(Ordering::SeqCst);
        assert!(
            (1..=accounts.permits()).contains(&most),
            "{most} hashes at once, {} permitted",
            accounts.permits()
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_reset_link_sets_a_new_password_once_within_its_hour() {
        let clock = Clock::system();
        let setup = Setup {
            clock: clock.clone(),
            ..Setup::default()
        };
        let store = Store::open("sqlite::memory:").await.unwrap();
        let state = AppState::with_setup(store, Limits::default(), setup);
        let app = crate::app(state.clone());
        let password = "zwei Ritter im Turm";
        let (status, session) = call(
            &app,
            Method::POST,
            "/api/accounts",
            serde_json::json!({"name": "Karl", "password": password}),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        let account = state.store().account_by_key("karl").await.unwrap().unwrap();
        let token = issue_reset(&state, account.id).await.unwrap();
        let reset = |token: &str, new: &str| {
            call(
                &app,
                Method::POST,
                "/api/password-reset",
                serde_json::json!({"token": token, "new_password": new}),
                None,
            )
        };
        // A refused password leaves the link usable.
        assert_eq!(
            reset(token.as_str(), "password123").await.0,
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(
            reset("AAAAAAAAAAAAAAAAAAAAAA", "a new long passphrase")
                .await
                .0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            reset(token.as_str(), "a new long passphrase").await.0,
            StatusCode::NO_CONTENT
        );
        assert_eq!(
            reset(token.as_str(), "another long passphrase").await.0,
            StatusCode::FORBIDDEN,
            "used once"
        );
        let me = call(
            &app,
            Method::GET,
            "/api/me",
            serde_json::json!({}),
            session.as_deref(),
        )
        .await;
        assert_eq!(me.0, StatusCode::UNAUTHORIZED, "every session ended");
        let sign_in = |password: &str| {
            call(
                &app,
                Method::POST,
                "/api/session",
                serde_json::json!({"name": "Karl", "password": password}),
                None,
            )
        };
        assert_eq!(sign_in(password).await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(sign_in("a new long passphrase").await.0, StatusCode::OK);
        // An hour later a link no longer works.
        let late = issue_reset(&state, account.id).await.unwrap();
        let own = clock.own_now_ms();
        clock.set_database_ms(own + clock.offset_ms() + 3_600_000, own, own);
        assert_eq!(
            reset(late.as_str(), "a third long passphrase").await.0,
            StatusCode::FORBIDDEN
        );
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let map = headers(&[("cookie", "a=1; carolus_session=abc ; b=2")]);
        assert_eq!(cookie_value(&map), Some("abc"));
        let map = headers(&[("cookie", "a=1"), ("cookie", "carolus_session=x")]);
        assert_eq!(cookie_value(&map), Some("x"));
        assert_eq!(
            cookie_value(&headers(&[("cookie", "xcarolus_session=1")])),
            None
        );
    }

    #[test]
    fn only_requests_from_this_site_pass() {
        let host = [("host", "carolus.example:8080")];
        let from = |origin: &str| {
            let mut pairs = host.to_vec();
            pairs.push(("origin", origin));
            headers(&pairs)
        };
        assert!(from_this_site(&from("http://carolus.example:8080"), None));
        assert!(from_this_site(&from("https://CAROLUS.example:8080"), None));
        assert!(!from_this_site(&from("http://evil.example"), None));
        assert!(!from_this_site(&from("null"), None));
        assert!(!from_this_site(&headers(&host), None), "no origin at all");
        let referred = headers(&[
            ("host", "carolus.example:8080"),
            ("referer", "http://carolus.example:8080/games/abc?x=1"),
        ]);
        assert!(from_this_site(&referred, None));
        // With a public URL, its origin is the site, whatever the Host.
        let site = origin_of("https://carolus.example/base/").unwrap();
        assert_eq!(site, "https://carolus.example");
        assert!(from_this_site(
            &from("https://carolus.example"),
            Some(&site)
        ));
        assert!(!from_this_site(
            &from("http://carolus.example"),
            Some(&site)
        ));
        assert!(!from_this_site(
            &from("http://carolus.example:8080"),
            Some(&site)
        ));
    }

    #[test]
    fn addresses_are_checked_for_their_shape() {
        assert_eq!(
            checked_email("karl@example.org").unwrap(),
            "karl@example.org"
        );
        for bad in [
            "karl",
            "karl@",
            "@example.org",
            "karl@example",
            "karl@@example.org",
            "karl @example.org",
            "<karl@example.org>",
            "karl@.example.org",
            " karl@example.org",
        ] {
            assert_eq!(
                checked_email(bad).unwrap_err().status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{bad}"
            );
        }
    }

    #[test]
    fn the_cookie_is_secure_over_https_only() {
        let plain = Accounts::new(Some("http://localhost:8080"));
        let cookie = plain.cookie("AAAAAAAAAAAAAAAAAAAAAA");
        assert_eq!(
            cookie.to_str().unwrap(),
            "carolus_session=AAAAAAAAAAAAAAAAAAAAAA; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000"
        );
        let secure = Accounts::new(Some("https://carolus.example"));
        assert!(
            secure
                .cookie("AAAAAAAAAAAAAAAAAAAAAA")
                .to_str()
                .unwrap()
                .ends_with("; Secure")
        );
        assert!(secure.cleared().to_str().unwrap().contains("Max-Age=0"));
    }
}
