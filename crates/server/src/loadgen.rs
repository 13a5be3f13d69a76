//! The load generator: many games at once over WebSocket against a running
//! server, with clients that answer as fast as they can, and what the
//! server achieved (acknowledged moves a second, latency from sending a
//! move to receiving its update, failures, memory).
//!
//! Each seat of each game is a client of its own with its own WebSocket,
//! as people on their own devices would be. A client checks that the
//! updates it receives are contiguous (each starts where the previous one
//! ended), so a lost or doubled move shows up as a failure.
//!
//! With [`LoadPlan::logins_per_second`], sign-ins run beside the games:
//! accounts made before the measured part (each a sign-up, so each a
//! password hash, which is why they are made first), then, from the start
//! of the measured part until the games end, sign-ins through `POST
//! /api/session` at that rate, each followed by `GET /api/me` with the
//! session cookie it received, as a browser does. A sign-in counts as
//! failed unless both answer 200; its latency is that of the sign-in.
//!
//! A game that cannot be set up — not created, or a seat's WebSocket not
//! opened after a few brief tries — stops the whole run: figures of games
//! that never started say nothing, and the games already waiting for the
//! start would otherwise wait for it for ever.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, Semaphore, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::{self, Message};

use crate::api::{ClientMessage, CreateGame, CreatedGame, SeatToken, ServerMessage, Status};
use crate::client::{Client, ClientError, LONGEST_WAIT};

/// How long a game may go without an update before its clients give up.
const STALL: Duration = Duration::from_secs(30);

/// How often a game's creation or a seat's WebSocket is tried before the
/// run stops, and the pause before the first try again (doubled after
/// each): long enough for a server that is restarting or briefly
/// overloaded, short enough that a server that is down stops the run
/// within a couple of seconds.
const TRIES: u32 = 4;
const FIRST_PAUSE: Duration = Duration::from_millis(200);

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    /// Games to play to the end.
    pub games: usize,
    /// Games in play at once.
    pub concurrency: usize,
    /// Players per game (2, 3, or 4 for the team game).
    pub players: usize,
    /// Moves a second across all games, or `None` for clients that answer
    /// as fast as they can.
    pub rate: Option<f64>,
    /// Sign-ins a second beside the games, or `None` for none.
    pub logins_per_second: Option<f64>,
}

/// The most accounts a run makes to sign in with: sign-ins go round them.
/// The login throttle counts only failures, so that an account may sign in
/// again and again; a few dozen are enough to spread the rows touched.
const MAX_LOGIN_ACCOUNTS: usize = 50;

/// The start of the measured run: it opens once every client of the first
/// wave of games is connected and authenticated, so that the figures are
/// of games in play, not of a thousand games being set up at once.
struct Gate {
    waiting: AtomicUsize,
    opened: watch::Sender<Option<Instant>>,
    /// Spaces the clients' moves evenly at this many a second over the
    /// run, so that latency can be measured at a given load instead of at
    /// saturation; `None` for clients that answer at once.
    rate: Option<f64>,
    slots: AtomicU64,
}

impl Gate {
    fn new(seats: usize, rate: Option<f64>) -> Gate {
        Gate {
            waiting: AtomicUsize::new(seats),
            opened: watch::channel(None).0,
            rate,
            slots: AtomicU64::new(0),
        }
    }

    /// Opens the gate now if it is not open yet: the run is stopping, and
    /// clients waiting for the start must not wait for ever.
    fn open(&self) {
        self.opened.send_if_modified(|opened| {
            let closed = opened.is_none();
            if closed {
                *opened = Some(Instant::now());
            }
            closed
        });
    }

    /// When the run started, if it has.
    fn started(&self) -> Option<Instant> {
        *self.opened.borrow()
    }

    /// A client of the first wave is ready, or has failed and will not
    /// be; clients after the first wave change nothing.
    fn arrive(&self) {
        let before = self
            .waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
        if before == Ok(1) {
            self.opened.send_replace(Some(Instant::now()));
        }
    }

    /// When the run started, once it has.
    async fn start(&self) -> Instant {
        let mut opened = self.opened.subscribe();
        let start = *opened
            .wait_for(Option::is_some)
            .await
            .expect("the gate lives as long as the run");
        start.expect("waited for it")
    }

    /// Waits until the client may send its next move.
    async fn wait(&self) {
        let start = self.start().await;
        if let Some(rate) = self.rate {
            let slot = self.slots.fetch_add(1, Ordering::Relaxed);
            let due = start + Duration::from_secs_f64(slot as f64 / rate);
            tokio::time::sleep_until(due.into()).await;
        }
    }
}

/// What a run measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadReport {
    pub games: usize,
    pub concurrency: usize,
    pub games_finished: usize,
    /// Moves the clients sent that the server acknowledged (draws, which
    /// the server makes, not counted).
    pub moves: u64,
    pub seconds: f64,
    pub moves_per_second: f64,
    pub latency_p50_ms: f64,
    pub latency_p99_ms: f64,
    pub latency_max_ms: f64,
    /// Moves refused, games stalled, connections lost.
    pub failures: u64,
    /// Updates that did not start where the client's record ended: a lost
    /// or doubled move.
    pub out_of_order: u64,
    /// The server's resident memory before the run and at its fullest, if
    /// it reports it (`/metrics`).
    pub server_memory_before_mb: Option<f64>,
    pub server_memory_peak_mb: Option<f64>,
    /// (peak − before) ÷ concurrency.
    pub server_memory_per_game_kb: Option<f64>,
    /// With sign-ins: those that succeeded (a 200 and then `GET /api/me`
    /// answered 200 with the cookie), those that did not, and the sign-ins'
    /// latency (sending `POST /api/session` to its answer).
    pub logins: u64,
    pub login_failures: u64,
    pub logins_per_second: f64,
    pub login_latency_p50_ms: f64,
    pub login_latency_p99_ms: f64,
    pub login_latency_max_ms: f64,
}

/// What every client adds to.
#[derive(Default)]
struct Tally {
    latencies_us: Vec<u32>,
    failures: u64,
    out_of_order: u64,
    finished: usize,
    first_problem: Option<String>,
}

impl Tally {
    fn failed(&mut self, problem: String) {
        self.failures += 1;
        self.first_problem.get_or_insert(problem);
    }
}

/// Runs `plan` against the server of `client`: what it measured, and what
/// went wrong first if anything did (why the run stopped, if it did).
pub async fn run(
    client: &Client,
    plan: &LoadPlan,
) -> Result<(LoadReport, Option<String>), ClientError> {
    let tally = Arc::new(Mutex::new(Tally::default()));
    let permits = Arc::new(Semaphore::new(plan.concurrency.max(1)));
    let before = server_memory(client).await;
    let peak = Arc::new(Mutex::new(before));
    let sampling = {
        let client = client.clone();
        let peak = Arc::clone(&peak);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(500)).await;
                if let Some(now) = server_memory(&client).await {
                    let mut peak = peak.lock().await;
                    *peak = Some(peak.map_or(now, |p: f64| p.max(now)));
                }
            }
        })
    };
    let first_wave = plan.games.min(plan.concurrency.max(1)) * plan.players;
    let gate = Arc::new(Gate::new(first_wave, plan.rate));
    // The accounts are made before any game, so that their hashes fall
    // outside the measured part.
    let logins = match plan.logins_per_second {
        Some(rate) => {
            let accounts = match login_accounts(client, rate).await {
                Ok(accounts) => accounts,
                Err(problem) => {
                    sampling.abort();
                    return Ok((
                        LoadReport::default(),
                        Some(format!("the run stopped: {problem}")),
                    ));
                }
            };
            let logins = Arc::new(Mutex::new(Logins::default()));
            let (end, ended) = watch::channel(false);
            let signing_in = tokio::spawn(sign_ins(
                client.clone(),
                accounts,
                rate,
                Arc::clone(&gate),
                Arc::clone(&logins),
                ended,
            ));
            Some((logins, signing_in, end))
        }
        None => None,
    };
    // Why the run stops, once a game cannot be set up: no game starts
    // after it, and the games in play are ended.
    let (stop, mut stopping) = watch::channel(None::<String>);
    let stop = Arc::new(stop);
    let mut games = JoinSet::new();
    for _ in 0..plan.games {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => permit.expect("never closed"),
            () = stopped(&mut stopping) => break,
        };
        let client = client.clone();
        let tally = Arc::clone(&tally);
        let players = plan.players;
        let gate = Arc::clone(&gate);
        let stop = Arc::clone(&stop);
        games.spawn(async move {
            if let Err(problem) = play_game(&client, players, &tally, Arc::clone(&gate)).await {
                tally.lock().await.failures += 1;
                stop.send_if_modified(|reason| {
                    let first = reason.is_none();
                    reason.get_or_insert(problem);
                    first
                });
                gate.open();
            }
            drop(permit);
        });
    }
    loop {
        tokio::select! {
            joined = games.join_next() => if joined.is_none() { break },
            () = stopped(&mut stopping) => {
                games.abort_all();
                while games.join_next().await.is_some() {}
                break;
            }
        }
    }
    let seconds = gate
        .started()
        .map_or(0.0, |start| start.elapsed().as_secs_f64());
    sampling.abort();
    let logins = match logins {
        Some((logins, signing_in, end)) => {
            // No sign-in starts once the games have ended; those under
            // way are waited for and counted.
            end.send_replace(true);
            let _ = signing_in.await;
            let logins = std::mem::take(&mut *logins.lock().await);
            Some(logins)
        }
        None => None,
    };
    let peak = *peak.lock().await;
    let mut tally = tally.lock().await;
    tally.latencies_us.sort_unstable();
    let moves = tally.latencies_us.len() as u64;
    let quantile = |q: f64| quantile_ms(&tally.latencies_us, q);
    let mut logins = logins.unwrap_or_default();
    logins.latencies_us.sort_unstable();
    let login_quantile = |q: f64| quantile_ms(&logins.latencies_us, q);
    let report = LoadReport {
        games: plan.games,
        concurrency: plan.concurrency,
        games_finished: tally.finished,
        moves,
        seconds,
        moves_per_second: moves as f64 / seconds.max(1e-9),
        latency_p50_ms: quantile(0.5),
        latency_p99_ms: quantile(0.99),
        latency_max_ms: quantile(1.0),
        failures: tally.failures,
        out_of_order: tally.out_of_order,
        server_memory_before_mb: before.map(|b| b / 1e6),
        server_memory_peak_mb: peak.map(|p| p / 1e6),
        server_memory_per_game_kb: before
            .zip(peak)
            .map(|(b, p)| (p - b).max(0.0) / plan.concurrency.min(plan.games).max(1) as f64 / 1e3),
        logins: logins.latencies_us.len() as u64 - logins.failures,
        login_failures: logins.failures,
        logins_per_second: (logins.latencies_us.len() as u64 - logins.failures) as f64
            / seconds.max(1e-9),
        login_latency_p50_ms: login_quantile(0.5),
        login_latency_p99_ms: login_quantile(0.99),
        login_latency_max_ms: login_quantile(1.0),
    };
    let stopped = stopping.borrow().clone();
    let problem = match stopped {
        Some(reason) => Some(format!("the run stopped: {reason}")),
        None => tally
            .first_problem
            .as_ref()
            .or(logins.first_problem.as_ref())
            .map(|problem| format!("the first failure: {problem}")),
    };
    Ok((report, problem))
}

/// The `q` quantile of sorted latencies in microseconds, in milliseconds
/// (0 for none).
fn quantile_ms(sorted_us: &[u32], q: f64) -> f64 {
    if sorted_us.is_empty() {
        return 0.0;
    }
    let index = ((sorted_us.len() as f64 - 1.0) * q).round() as usize;
    f64::from(sorted_us[index]) / 1000.0
}

/// What the sign-ins add to: every sign-in's latency (failed ones too),
/// and how many failed.
#[derive(Default)]
struct Logins {
    latencies_us: Vec<u32>,
    failures: u64,
    first_problem: Option<String>,
}

/// An account to sign in with: its name and password.
struct LoginAccount {
    name: String,
    password: String,
}

/// Makes the accounts that the run's sign-ins use (one for each sign-in
/// a second, at most [`MAX_LOGIN_ACCOUNTS`]) through `POST /api/accounts`,
/// named for this run so that runs against one database do not collide.
async fn login_accounts(client: &Client, rate: f64) -> Result<Vec<LoginAccount>, String> {
    let count = (rate.ceil() as usize).clamp(1, MAX_LOGIN_ACCOUNTS);
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    let tag = format!("{:08x}", SplitMix(run).next() as u32);
    let mut accounts = Vec::with_capacity(count);
    for index in 0..count {
        let account = LoginAccount {
            name: format!("load-{tag}-{index}"),
            password: format!("sign-in load {tag} {index}"),
        };
        let body = serde_json::json!({"name": account.name, "password": account.password});
        let made = with_tries(
            || Client::patiently(|| client.post("/api/accounts", &body, None)),
            |error| matches!(error, ClientError::Connect { .. }),
        )
        .await
        .map_err(|error| format!("making account {}: {error}", account.name))?;
        if made.status != 201 {
            return Err(format!(
                "making account {}: the server answered {} {}",
                account.name, made.status, made.body
            ));
        }
        accounts.push(account);
    }
    Ok(accounts)
}

/// Signs in at `rate` a second, going round `accounts`, from the start of
/// the measured part until `ended` turns true, each sign-in on a task of
/// its own, so that a slow answer does not hold back the next; then waits
/// for those under way.
async fn sign_ins(
    client: Client,
    accounts: Vec<LoginAccount>,
    rate: f64,
    gate: Arc<Gate>,
    logins: Arc<Mutex<Logins>>,
    mut ended: watch::Receiver<bool>,
) {
    let start = tokio::select! {
        start = gate.start() => start,
        _ = ended.wait_for(|ended| *ended) => return,
    };
    let accounts = Arc::new(accounts);
    let mut running = JoinSet::new();
    for slot in 0u64.. {
        let due = start + Duration::from_secs_f64(slot as f64 / rate);
        tokio::select! {
            () = tokio::time::sleep_until(due.into()) => {}
            _ = ended.wait_for(|ended| *ended) => break,
        }
        let mut client = client.clone();
        let accounts = Arc::clone(&accounts);
        let logins = Arc::clone(&logins);
        running.spawn(async move {
            let account = &accounts[slot as usize % accounts.len()];
            let sent = Instant::now();
            let outcome = sign_in(&mut client, account).await;
            let micros = sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
            let mut logins = logins.lock().await;
            logins.latencies_us.push(micros);
            if let Err(problem) = outcome {
                logins.failures += 1;
                logins.first_problem.get_or_insert(problem);
            }
        });
        // Finished sign-ins are let go, so that the set stays small.
        while running.try_join_next().is_some() {}
    }
    while running.join_next().await.is_some() {}
}

/// One sign-in: `POST /api/session`, then `GET /api/me` with the cookie
/// received, which must name the account.
async fn sign_in(client: &mut Client, account: &LoginAccount) -> Result<(), String> {
    let name = &account.name;
    let answer = client
        .sign_in(name, &account.password)
        .await
        .map_err(|error| format!("signing in as {name}: {error}"))?;
    if answer.status != 200 || !client.is_signed_in() {
        return Err(format!(
            "signing in as {name}: the server answered {} {}",
            answer.status, answer.body
        ));
    }
    let me = client
        .get("/api/me")
        .await
        .map_err(|error| format!("GET /api/me as {name}: {error}"))?;
    if me.status != 200 || me.body["name"] != name.as_str() {
        return Err(format!(
            "GET /api/me as {name}: the server answered {} {}",
            me.status, me.body
        ));
    }
    Ok(())
}

/// Completes once the run is stopping. The value read is let go at once:
/// held, it would keep the games from saying why they stop.
async fn stopped(stopping: &mut watch::Receiver<Option<String>>) {
    let _ = stopping.wait_for(Option::is_some).await;
}

/// The server's resident memory in bytes, from its `/metrics`.
pub async fn server_memory(client: &Client) -> Option<f64> {
    metric(
        &metrics_text(client).await?,
        "process_resident_memory_bytes",
    )
}

/// The text of the server's `/metrics`; `None` if it cannot be read.
pub async fn metrics_text(client: &Client) -> Option<String> {
    client.get_text("/metrics").await.ok()
}

/// The value of the metric `name` (a line `name value`) in `text`.
pub fn metric<T: std::str::FromStr>(text: &str, name: &str) -> Option<T> {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .and_then(|value| value.trim().parse().ok())
}

/// Creates a game of `players` people and plays it to the end with one
/// client per seat. Fails, with what went wrong, if the game cannot be set
/// up: its creation or a seat's WebSocket fails after [`TRIES`] tries;
/// what goes wrong later is counted in `tally`.
async fn play_game(
    client: &Client,
    players: usize,
    tally: &Arc<Mutex<Tally>>,
    gate: Arc<Gate>,
) -> Result<(), String> {
    let request = CreateGame::of_people((0..players).map(|seat| format!("Load {seat}")));
    // Only a request that never reached the server is tried again: a
    // game that was created but whose answer was lost would be played by
    // nobody.
    // A 429 or 503 asks for the request again later, and it is sent again
    // after the wait it names.
    let created = with_tries(
        || Client::patiently(|| client.post("/api/games", &request, None)),
        |error| matches!(error, ClientError::Connect { .. }),
    )
    .await
    .map_err(|error| format!("creating a game: {error}"))?;
    if created.status != 201 {
        return Err(format!(
            "creating a game: the server answered {} {}",
            created.status, created.body
        ));
    }
    let CreatedGame { id, seats } = serde_json::from_value(created.body)
        .map_err(|error| format!("creating a game: the answer does not read: {error}"))?;
    // Dropped (when a seat cannot connect, or the run is stopped), the
    // set ends the game's other clients too.
    let mut clients = JoinSet::new();
    for SeatToken { token, .. } in seats {
        let client = client.clone();
        let id = id.clone();
        let tally = Arc::clone(tally);
        let gate = Arc::clone(&gate);
        clients.spawn(async move { play_seat(&client, &id, &token, &tally, &gate).await });
    }
    let mut over = true;
    while let Some(seat) = clients.join_next().await {
        match seat {
            Ok(Ok(())) => {}
            Ok(Err(Trouble::Setup(problem))) => return Err(format!("game {id}: {problem}")),
            Ok(Err(Trouble::Play(problem))) => {
                over = false;
                tally.lock().await.failed(format!("game {id}: {problem}"));
            }
            Err(_) => over = false,
        }
    }
    if over {
        tally.lock().await.finished += 1;
    }
    Ok(())
}

/// What went wrong with a seat's client: before it could play (its
/// WebSocket did not open), which stops the run, or while it played.
enum Trouble {
    Setup(String),
    Play(String),
}

impl From<String> for Trouble {
    fn from(problem: String) -> Trouble {
        Trouble::Play(problem)
    }
}

/// Runs `attempt` up to [`TRIES`] times while it fails in a way that
/// `passing` says may pass, pausing a little longer each time; answers
/// its last outcome, with the number of tries it took if it failed more
/// than once.
async fn with_tries<T, F>(
    mut attempt: impl FnMut() -> F,
    passing: impl Fn(&ClientError) -> bool,
) -> Result<T, String>
where
    F: Future<Output = Result<T, ClientError>>,
{
    let mut pause = FIRST_PAUSE;
    let mut tries = 1;
    loop {
        match attempt().await {
            Ok(value) => return Ok(value),
            Err(error) if tries < TRIES && passing(&error) => {
                tokio::time::sleep(pause).await;
                pause *= 2;
                tries += 1;
            }
            Err(error) if tries > 1 => return Err(format!("{error} (tried {tries} times)")),
            Err(error) => return Err(error.to_string()),
        }
    }
}

/// Whether a WebSocket that did not open may open if tried again: the
/// server (or a proxy before it) was unreachable, did not answer in time,
/// closed the connection, or answered with a server error such as a
/// proxy's 502 for a server it marked down. A refusal of the request
/// itself (a 4xx status: no such game, too many requests) will not pass.
fn may_pass(error: &ClientError) -> bool {
    match error {
        ClientError::Connect { .. } | ClientError::Timeout { .. } => true,
        ClientError::WebSocket { source, .. } => match source.as_ref() {
            tungstenite::Error::Http(response) => response.status().is_server_error(),
            tungstenite::Error::Io(_)
            | tungstenite::Error::ConnectionClosed
            | tungstenite::Error::AlreadyClosed
            | tungstenite::Error::Protocol(_) => true,
            _ => false,
        },
        ClientError::Url { .. } | ClientError::Http { .. } => false,
    }
}

/// One seat's client: answers every decision of its seat with a random
/// legal move as soon as it is due, until the game is over.
async fn play_seat(
    client: &Client,
    id: &str,
    token: &str,
    tally: &Arc<Mutex<Tally>>,
    gate: &Gate,
) -> Result<(), Trouble> {
    let mut ready = Ready {
        gate,
        arrived: false,
    };
    let result = play_authenticated(client, id, token, tally, &mut ready).await;
    if !ready.arrived {
        gate.arrive();
    }
    result
}

/// Whether a client has told the gate it is ready.
struct Ready<'a> {
    gate: &'a Gate,
    arrived: bool,
}

async fn play_authenticated(
    client: &Client,
    id: &str,
    token: &str,
    tally: &Arc<Mutex<Tally>>,
    ready: &mut Ready<'_>,
) -> Result<(), Trouble> {
    let gate = ready.gate;
    let mut socket = with_tries(|| client.websocket(id, 0, 0), may_pass)
        .await
        .map_err(|error| Trouble::Setup(format!("cannot open its WebSocket: {error}")))?;
    socket
        .send(Message::text(
            ClientMessage::Auth {
                token: token.to_owned(),
            }
            .to_text(),
        ))
        .await
        .map_err(|error| error.to_string())?;
    let mut seat = None;
    let mut length = 0;
    let mut to_act = None;
    let mut legal: Vec<String> = Vec::new();
    let mut sent: Option<(usize, Instant)> = None;
    let mut random = SplitMix(id.bytes().fold(u64::from(token.as_bytes()[0]), |h, b| {
        h.rotate_left(5) ^ u64::from(b)
    }));
    loop {
        let frame = tokio::time::timeout(STALL, socket.next())
            .await
            .map_err(|_| format!("no update for {} s", STALL.as_secs()))?;
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | None => {
                return Err("the server closed the connection".to_owned().into());
            }
            Some(Ok(_)) => continue,
            Some(Err(error)) => return Err(error.to_string().into()),
        };
        let message = ServerMessage::read(&text).map_err(|error| format!("{error}: {text}"))?;
        match message {
            ServerMessage::Auth { seat: given } => {
                if !ready.arrived {
                    ready.arrived = true;
                    gate.arrive();
                }
                seat = Some(given);
            }
            ServerMessage::Update(update) => {
                let from = update.from;
                if from != length {
                    tally.lock().await.out_of_order += 1;
                }
                length = from.saturating_add(update.moves.len());
                if let Some((at, when)) = sent
                    && from == at
                {
                    let micros = when.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                    tally.lock().await.latencies_us.push(micros);
                    sent = None;
                }
                if update.status == Status::Over {
                    return Ok(());
                }
                let state: StateBrief<'_> = serde_json::from_str(update.state.get())
                    .map_err(|error| format!("{error}: {text}"))?;
                to_act = state.to_act;
                legal = state.legal.into_iter().map(Cow::into_owned).collect();
            }
            ServerMessage::Error(error) => {
                tally.lock().await.failed(format!("game {id}: {text}"));
                sent = None;
                // A message past the address's rate: the next goes after
                // the wait the server names.
                if let Some(wait) = error
                    .retry_after_s
                    .map(Duration::from_secs)
                    .filter(|wait| *wait <= LONGEST_WAIT)
                {
                    tokio::time::sleep(wait).await;
                }
            }
            ServerMessage::Seats(_)
            | ServerMessage::Thinking { .. }
            | ServerMessage::Rematch(_) => {}
        }
        if sent.is_none() && seat.is_some() && to_act == seat && !legal.is_empty() {
            gate.wait().await;
            let mv = &legal[random.below(legal.len())];
            sent = Some((length, Instant::now()));
            let message = ClientMessage::Move {
                mv: mv.clone(),
                at: length,
            };
            socket
                .send(Message::text(message.to_text()))
                .await
                .map_err(|error| error.to_string())?;
        }
    }
}

/// What a client reads of a state view; the rest is skipped.
#[derive(Deserialize)]
struct StateBrief<'a> {
    to_act: Option<usize>,
    #[serde(borrow)]
    legal: Vec<Cow<'a, str>>,
}

/// What an idle-spectators run measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SpectatorReport {
    pub spectators: usize,
    pub connected: usize,
    pub server_memory_before_mb: Option<f64>,
    pub server_memory_connected_mb: Option<f64>,
    pub server_memory_per_spectator_kb: Option<f64>,
}

/// Opens `spectators` idle WebSockets watching a few games, holds them
/// for `hold`, and measures the server's memory with them all open.
pub async fn spectate(
    client: &Client,
    spectators: usize,
    hold: Duration,
) -> Result<SpectatorReport, ClientError> {
    let mut ids = Vec::new();
    for _ in 0..10 {
        let created = client
            .post(
                "/api/games",
                &CreateGame::of_people(["A".to_owned(), "B".to_owned()]),
                None,
            )
            .await?;
        if let Ok(created) = serde_json::from_value::<CreatedGame>(created.body) {
            ids.push(created.id);
        }
    }
    let before = server_memory(client).await;
    let mut sockets = Vec::with_capacity(spectators);
    let mut opening = Vec::new();
    for index in 0..spectators {
        let client = client.clone();
        let id = ids
            .get(index % ids.len().max(1))
            .cloned()
            .unwrap_or_default();
        opening.push(tokio::spawn(async move {
            let mut socket = client.websocket(&id, 0, 0).await.ok()?;
            // The first update proves the watch is set up on the server.
            socket.next().await?.ok()?;
            Some(socket)
        }));
        // Opening in batches keeps the listen backlog from overflowing.
        if opening.len() == 500 {
            for task in opening.drain(..) {
                if let Ok(Some(socket)) = task.await {
                    sockets.push(socket);
                }
            }
        }
    }
    for task in opening {
        if let Ok(Some(socket)) = task.await {
            sockets.push(socket);
        }
    }
    tokio::time::sleep(hold).await;
    let connected = server_memory(client).await;
    let report = SpectatorReport {
        spectators,
        connected: sockets.len(),
        server_memory_before_mb: before.map(|b| b / 1e6),
        server_memory_connected_mb: connected.map(|c| c / 1e6),
        server_memory_per_spectator_kb: before
            .zip(connected)
            .map(|(b, c)| (c - b).max(0.0) / sockets.len().max(1) as f64 / 1e3),
    };
    drop(sockets);
    Ok(report)
}

/// A small, fast generator for the clients' choices (not the game's
/// draws, which the server makes).
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
