//! The soak run (`carolus loadtest --soak`): many two-player games played
//! to the end over plain HTTP, through servers that may be killed and
//! restarted meanwhile (DEPLOY.md's `tools/soak` does that), checking at
//! the end of each game that every move the server acknowledged is in the
//! stored record at its place and that the record replays; and the
//! servers' resident memory sampled every so many games, each time at
//! rest: no game in play and the finished ones let go, so that the
//! samples compare what the servers keep, not how many games happen to
//! be in flight at the moment.
//!
//! The client outlives the servers' deaths: a request that fails on the
//! way (no connection, a proxy's 502, a store's 503) is asked again after
//! a pause, and a move whose answer was lost is not counted as
//! acknowledged; the record's length in every move (`at`) makes sure that
//! asking again never plays a move twice.

use std::sync::Arc;
use std::time::{Duration, Instant};

use carolus_rules::{RandomSource, Record};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore};
use tokio::task::JoinSet;

use crate::client::{Answer, Client};
use crate::loadgen::{metric, metrics_text};
use crate::secret::OsRandom;

/// How often the servers are asked whether they let the games go.
const REST_POLL: Duration = Duration::from_millis(250);

/// The pause before a request that failed on the way is asked again.
const PAUSE: Duration = Duration::from_millis(100);
/// How long a game may go without a request getting through before its
/// client gives up on it.
const GIVE_UP: Duration = Duration::from_secs(120);

/// What to run.
#[derive(Clone, Debug)]
pub struct SoakPlan {
    /// Two-player games to play to the end.
    pub games: usize,
    /// Games in play at once.
    pub concurrency: usize,
    /// Games finished between two samples of the servers' memory.
    pub sample_every: usize,
    /// How long, at each sample, to wait for the servers to let the
    /// finished games go (their `carolus_games_in_memory` at 0).
    pub rest_wait: Duration,
}

/// The servers' resident memory once `games` games were finished and no
/// game was in play, in MB, in the order the servers were given (`None`:
/// the server did not answer, say while it restarted), with the games
/// each still held in memory when it was taken (0 once the servers let
/// the finished games go, as they do within a minute).
#[derive(Clone, Debug, Serialize)]
pub struct MemorySample {
    pub games: usize,
    pub servers_mb: Vec<Option<f64>>,
    pub games_in_memory: Vec<Option<i64>>,
}

/// What a soak run found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SoakReport {
    pub games: usize,
    /// Games played to the end and checked.
    pub games_checked: usize,
    /// Moves the server acknowledged with 200.
    pub moves_acknowledged: u64,
    /// Acknowledged moves that are not at their place in the record.
    pub lost: u64,
    /// Places in a record at which the server acknowledged two moves.
    pub duplicated: u64,
    /// Finished games whose stored record does not replay to its end.
    pub not_replaying: u64,
    /// Requests asked again after they failed on the way.
    pub retries: u64,
    /// Games given up (no request got through for two minutes), with the
    /// first reason.
    pub abandoned: u64,
    pub first_problem: Option<String>,
    pub seconds: f64,
    pub samples: Vec<MemorySample>,
}

impl SoakReport {
    /// Whether every game was played and checked and nothing was lost,
    /// duplicated or unreadable.
    pub fn passed(&self) -> bool {
        self.games_checked == self.games
            && self.lost == 0
            && self.duplicated == 0
            && self.not_replaying == 0
    }
}

/// Plays `plan` through `client`, sampling the memory of the servers
/// `sampled` (each asked directly, not through a proxy) at the start and
/// after every `plan.sample_every` games; `on_sample` hears each sample as
/// it is taken. Before each sample the games in flight are played out,
/// none is started, and the servers are given `plan.rest_wait` to let the
/// finished games go.
pub async fn run(
    client: &Client,
    plan: &SoakPlan,
    sampled: &[Client],
    mut on_sample: impl FnMut(&MemorySample),
) -> SoakReport {
    let start = Instant::now();
    let report = Arc::new(Mutex::new(SoakReport {
        games: plan.games,
        ..SoakReport::default()
    }));
    let sample = |games, rest_wait| async move {
        let rested = Instant::now() + rest_wait;
        loop {
            // One reading of each server's metrics a round: its memory and
            // the games it still holds.
            let mut servers_mb = Vec::new();
            let mut held = Vec::new();
            for server in sampled {
                let text = metrics_text(server).await.unwrap_or_default();
                let bytes: Option<f64> = metric(&text, "process_resident_memory_bytes");
                servers_mb.push(bytes.map(|bytes| bytes / 1e6));
                held.push(metric(&text, "carolus_games_in_memory"));
            }
            if held.iter().all(|games| *games == Some(0)) || Instant::now() >= rested {
                break MemorySample {
                    games,
                    servers_mb,
                    games_in_memory: held,
                };
            }
            tokio::time::sleep(REST_POLL).await;
        }
    };
    let first = sample(0, Duration::ZERO).await;
    on_sample(&first);
    report.lock().await.samples.push(first);
    let permits = Arc::new(Semaphore::new(plan.concurrency.max(1)));
    let mut games = JoinSet::new();
    let mut finished = 0;
    let mut started = 0;
    let every = plan.sample_every.max(1);
    while finished < plan.games {
        // Games start up to the next sample only, so that when it is due
        // no game is in play.
        let due = (finished / every + 1) * every;
        while started < due.min(plan.games)
            && let Ok(permit) = Arc::clone(&permits).try_acquire_owned()
        {
            started += 1;
            let client = client.clone();
            let report = Arc::clone(&report);
            games.spawn(async move {
                let outcome = play(&client).await;
                report.lock().await.add(outcome);
                drop(permit);
            });
        }
        if games.join_next().await.is_none() {
            break;
        }
        finished += 1;
        if finished % every == 0 || finished == plan.games {
            let taken = sample(finished, plan.rest_wait).await;
            on_sample(&taken);
            report.lock().await.samples.push(taken);
        }
    }
    let mut report = report.lock().await.clone();
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// What one game's client found.
#[derive(Default)]
struct Outcome {
    checked: bool,
    acknowledged: u64,
    lost: u64,
    duplicated: u64,
    not_replaying: bool,
    retries: u64,
    problem: Option<String>,
}

impl SoakReport {
    fn add(&mut self, outcome: Outcome) {
        self.games_checked += usize::from(outcome.checked);
        self.moves_acknowledged += outcome.acknowledged;
        self.lost += outcome.lost;
        self.duplicated += outcome.duplicated;
        self.not_replaying += u64::from(outcome.not_replaying);
        self.retries += outcome.retries;
        if let Some(problem) = outcome.problem {
            self.abandoned += u64::from(!outcome.checked);
            self.first_problem.get_or_insert(problem);
        }
    }
}

/// A game's client: asks again what failed on the way, and gives up only
/// when nothing got through for [`GIVE_UP`].
struct Asker<'a> {
    client: &'a Client,
    retries: u64,
}

impl Asker<'_> {
    /// The answer to a request, asked again while it fails on the way
    /// (no connection or answer, 502, 503, 504) or is refused for its rate
    /// (429).
    async fn ask(
        &mut self,
        path: &str,
        body: Option<(&Value, Option<&str>)>,
    ) -> Result<Answer, String> {
        let since = Instant::now();
        loop {
            let answer = match body {
                Some((body, token)) => self.client.post(path, body, token).await,
                None => self.client.get(path).await,
            };
            let problem = match answer {
                Ok(answer) if !matches!(answer.status, 429 | 502 | 503 | 504) => {
                    return Ok(answer);
                }
                Ok(answer) => format!("{path}: {} {}", answer.status, answer.body),
                Err(error) => format!("{path}: {error}"),
            };
            if since.elapsed() > GIVE_UP {
                return Err(format!(
                    "nothing got through for {} s: {problem}",
                    GIVE_UP.as_secs()
                ));
            }
            self.retries += 1;
            tokio::time::sleep(PAUSE).await;
        }
    }
}

/// Creates a two-player game, plays it to the end and checks its record.
async fn play(client: &Client) -> Outcome {
    let mut asker = Asker { client, retries: 0 };
    let mut outcome = Outcome::default();
    let result = play_checked(&mut asker, &mut outcome).await;
    outcome.retries = asker.retries;
    if let Err(problem) = result {
        outcome.problem = Some(problem);
    }
    outcome
}

async fn play_checked(asker: &mut Asker<'_>, outcome: &mut Outcome) -> Result<(), String> {
    let request = json!({"players": 2, "seats": [{"name": "Soak 0"}, {"name": "Soak 1"}]});
    // A game whose creation's answer was lost is left to nobody; another
    // is created.
    let created = asker.ask("/api/games", Some((&request, None))).await?;
    if created.status != 201 {
        return Err(format!(
            "creating a game: {} {}",
            created.status, created.body
        ));
    }
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let tokens: Vec<String> = created.body["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|seat| seat["token"].as_str().unwrap_or_default().to_owned())
        .collect();
    let game = format!("/api/games/{id}");
    let moves = format!("{game}/moves");
    let mut acknowledged: Vec<(usize, String)> = Vec::new();
    let mut view = asker.ask(&game, None).await?.body;
    let mut length = view["record"]["moves"].as_array().map_or(0, Vec::len);
    let mut state = view["state"].take();
    // Since when the views have been behind the game's end.
    let mut behind = Instant::now();
    loop {
        let (Some(seat), Some(legal)) = (state["to_act"].as_u64(), state["legal"].as_array())
        else {
            // Nobody to act: the game is over, which its view says once
            // the server asked has heard of the last move (another server
            // may not have yet, DEPLOY.md).
            view = asker.ask(&game, None).await?.body;
            if view["status"] == "over" {
                break;
            }
            if behind.elapsed() > GIVE_UP {
                return Err(format!(
                    "game {id}: over, but its view still says otherwise"
                ));
            }
            length = view["record"]["moves"].as_array().map_or(0, Vec::len);
            state = view["state"].take();
            tokio::time::sleep(PAUSE).await;
            continue;
        };
        behind = Instant::now();
        if legal.is_empty() {
            return Err(format!("game {id}: no legal move for seat {seat}"));
        }
        let index = OsRandom.below(legal.len() as u32) as usize;
        let mv = legal[index].as_str().unwrap_or_default().to_owned();
        let token = tokens.get(seat as usize).map(String::as_str);
        let body = json!({"move": mv, "at": length});
        let mut answer = asker.ask(&moves, Some((&body, token))).await?;
        match answer.status {
            200 => {
                acknowledged.push((length, mv));
                length = answer.body["at"].as_u64().unwrap_or_default() as usize;
                state = answer.body["state"].take();
            }
            // Played meanwhile (its answer lost on the way) or stale: the
            // view says where the game is.
            409 => {
                view = asker.ask(&game, None).await?.body;
                length = view["record"]["moves"].as_array().map_or(0, Vec::len);
                state = view["state"].take();
            }
            status => {
                return Err(format!(
                    "game {id}: move {mv} at {length}: {status} {}",
                    answer.body
                ));
            }
        }
    }
    let record: Vec<String> = view["record"]["moves"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|mv| mv.as_str().unwrap_or_default().to_owned())
        .collect();
    outcome.acknowledged = acknowledged.len() as u64;
    outcome.lost = acknowledged
        .iter()
        .filter(|(at, mv)| record.get(*at) != Some(mv))
        .count() as u64;
    let mut places: Vec<usize> = acknowledged.iter().map(|(at, _)| *at).collect();
    places.sort_unstable();
    outcome.duplicated = places.windows(2).filter(|pair| pair[0] == pair[1]).count() as u64;
    outcome.not_replaying = !Record::from_value(&view["record"])
        .ok()
        .and_then(|record| record.replay().ok())
        .is_some_and(|game| game.is_over());
    outcome.checked = true;
    Ok(())
}
