//! A game in play: one task per game that owns its [`Table`] and does one
//! thing at a time — a move, a claim, a computer's answer, a clock running
//! out — so that no two changes to a game can interleave on this server.
//!
//! Each change is computed by the pure [`Table`], committed to the store,
//! and only then applied and sent to everyone watching; a change the store
//! refused is answered with an error and leaves the game as it was.
//!
//! When several servers share the store, another server's task may hold
//! the same game: the task follows the changes the others commit (their
//! notices, or the store itself when a notice was missed), and does the
//! work no person does, a computer's move or a clock running out, only
//! while it holds the store's claim on it, so that it is done once.
//!
//! Following costs a replay and a fresh state for every change, which only
//! those watching here need: a task nobody here watches lets the others'
//! changes pass and dozes, and reads the game back from the store when it
//! is next used. So a server holding a game whose players are all on
//! another server (it was created here, or its players moved) spends
//! nothing on it, and, since the others' changes are not a use, drops it
//! from memory after a while as it does any game nobody uses.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use carolus_rules::{Move, Seat, StateView};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::sync::{OnceCell, broadcast, mpsc, oneshot, watch};
use tokio::time::{Instant, sleep_until};
use tracing::{error, info, warn};

use crate::api::{
    GameView, MoveAccepted, RematchCreated, RematchOffer, SeatToken, Seats, ServerMessage, Status,
    Update,
};
use crate::clock::Clock;
use crate::error::ApiError;
use crate::invite;
use crate::metrics::Metrics;
use crate::secret::{self, OsRandom};
use crate::store::{CLAIM_LEASE, CommitError, Notice, OwnedSeat, Store};
use crate::table::{Change, Mover, Player, Rematch, Table};
use crate::thinking::Thinkers;
use carolus_ai::{Analysis, ThinkError};
use carolus_core::lessons;

/// How many messages a watcher may fall behind before it is sent the game
/// afresh instead.
const WATCH_BACKLOG: usize = 256;
/// How long to wait before offering a computer's move again after the
/// store failed to take it.
const RETRY_AFTER: Duration = Duration::from_secs(1);
/// How many commands may wait for a game's task.
pub const MAILBOX: usize = 64;
/// How long a finished game nobody uses stays in memory (at most; less if
/// the server's `rest_after` is shorter): it changes no more, so nothing
/// is saved by keeping it, and the next request reads it back.
pub const FINISHED_REST: Duration = Duration::from_secs(30);

/// What the game's task is asked to do.
pub enum Command {
    Move {
        token: String,
        text: String,
        at: usize,
        /// Whether the answer carries the state after the move (an HTTP
        /// client's); a WebSocket client gets it with the update instead.
        with_state: bool,
        answer: oneshot::Sender<Result<Accepted, ApiError>>,
    },
    /// Takes back the last decision of the seat holding `token`, seen at
    /// `at` moves.
    TakeBack {
        token: String,
        at: usize,
        with_state: bool,
        answer: oneshot::Sender<Result<Accepted, ApiError>>,
    },
    Claim {
        seat: usize,
        name: String,
        /// Whether the claim comes with a session: a rated game's seats
        /// are claimed only by accounts.
        signed_in: bool,
        answer: oneshot::Sender<Result<SeatToken, ApiError>>,
    },
    View {
        answer: oneshot::Sender<GameView>,
    },
    /// Subscribes to the game's messages, with the update from `from` on;
    /// or from the start if moves were taken back since the client saw
    /// `takebacks` of them (`None`: it does not say).
    Watch {
        from: usize,
        takebacks: Option<u32>,
        answer: oneshot::Sender<Result<Watch, ApiError>>,
    },
    /// Which seat holds `token`, for a WebSocket's `auth`.
    Authenticate {
        token: String,
        answer: oneshot::Sender<Option<Seat>>,
    },
    /// The position a hint is asked for, with the seat of `token` and the
    /// level that advises it.
    HintPosition {
        token: String,
        answer: oneshot::Sender<Result<HintPosition, ApiError>>,
    },
    /// A client holding `seat`'s token connected (`true`) or left.
    Presence {
        seat: Seat,
        connected: bool,
    },
    /// Whether a client holding `seat`'s token is connected here: a turn's
    /// mail is not sent to a person at the table.
    Connected {
        seat: Seat,
        answer: oneshot::Sender<bool>,
    },
    /// Another server committed a change to the game (`None`: perhaps, and
    /// what it was is not known): follow it.
    Follow {
        notice: Option<Box<Notice>>,
    },
    /// Work on the game is due and unclaimed: try to claim it again.
    Due,
    /// Ends the game as abandoned, for the seat holding `token`.
    Abandon {
        token: String,
        answer: oneshot::Sender<Result<Accepted, ApiError>>,
    },
    /// Offers (or finds) the rematch of a finished game, for the seat
    /// holding `token`.
    Rematch {
        token: String,
        answer: oneshot::Sender<Result<RematchCreated, ApiError>>,
    },
}

/// The position a hint is asked for, the level that advises it and the
/// seats' names, for the hint's words.
pub struct HintPosition {
    pub game: carolus_rules::Game,
    pub level: carolus_ai::Level,
    pub names: Option<Vec<String>>,
}

/// An accepted move: the record's length after it and the draws it made
/// due, and the state then if it was asked for.
pub struct Accepted {
    pub at: usize,
    pub state: Option<Box<RawValue>>,
}

impl Accepted {
    /// The HTTP answer.
    pub fn into_answer(self) -> MoveAccepted {
        MoveAccepted {
            at: self.at,
            state: self
                .state
                .unwrap_or_else(|| RawValue::from_string("null".to_owned()).expect("null is JSON")),
        }
    }
}

/// A new watcher's start: what it missed, and the messages from then on.
pub struct Watch {
    pub update: Utf8Bytes,
    pub length: usize,
    pub takebacks: u32,
    pub messages: broadcast::Receiver<Message>,
}

/// A message to a game's watchers, serialised once for all of them.
#[derive(Clone, Debug)]
pub struct Message {
    /// The record's length after the message (for updates).
    pub length: usize,
    /// The game's take backs after the message.
    pub takebacks: u32,
    /// The text, shared by every watcher's copy.
    pub text: Utf8Bytes,
}

/// The handle to a game's task. Cheap to clone.
#[derive(Clone)]
pub struct GameHandle {
    commands: mpsc::Sender<Command>,
    /// Which task of the game this is: a game that rested and was started
    /// again has a new one, so that a resting task removes only its own
    /// entry from the registry.
    serial: u64,
}

impl GameHandle {
    /// Sends a command made with its answer channel and waits for the
    /// answer.
    pub async fn ask<T>(
        &self,
        command: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, ApiError> {
        let (answer, receiver) = oneshot::channel();
        let gone = || ApiError::unavailable("the game is shutting down; try again");
        self.commands
            .send(command(answer))
            .await
            .map_err(|_| gone())?;
        receiver.await.map_err(|_| gone())
    }

    /// Whether the game's task has ended (it rested or the server is
    /// stopping).
    pub fn is_closed(&self) -> bool {
        self.commands.is_closed()
    }

    /// Sends a command that has no answer.
    pub async fn tell(&self, command: Command) {
        let _ = self.commands.send(command).await;
    }

    /// Hands over a command that has no answer if the game's mailbox has
    /// room, without waiting: whether it was handed over (or the task has
    /// ended, and needs nothing).
    pub fn try_tell(&self, command: Command) -> bool {
        !matches!(
            self.commands.try_send(command),
            Err(mpsc::error::TrySendError::Full(_))
        )
    }

    /// Completes when the game's task has ended.
    #[cfg(test)]
    pub async fn closed(&self) {
        self.commands.closed().await;
    }
}

/// The games whose task runs on this server, by id, each started once: the
/// cell makes concurrent first requests for one game share one load from
/// the store and one task. Shared by the server's state and the tasks,
/// which leave it when they rest.
pub type Registry = Arc<Mutex<HashMap<String, Arc<OnceCell<GameHandle>>>>>;

/// What a game's task needs from the server.
#[derive(Clone)]
pub struct Services {
    pub store: Store,
    pub thinkers: Thinkers,
    pub metrics: Arc<Metrics>,
    pub think_time: Duration,
    /// How long a game nobody uses stays in memory.
    pub rest_after: Duration,
    pub shutdown: watch::Receiver<bool>,
    pub clock: Clock,
    /// The games in memory, which a task leaves when it rests.
    pub games: Registry,
    /// Mail: the changes committed here queue the mails they call for.
    pub post: crate::mail::Post,
}

/// Starts the task of `table` and answers its handle.
pub fn spawn(table: Table, services: Services) -> GameHandle {
    static SERIALS: AtomicU64 = AtomicU64::new(0);
    let serial = SERIALS.fetch_add(1, Ordering::Relaxed);
    let (commands, receiver) = mpsc::channel(MAILBOX);
    let (messages, _) = broadcast::channel(WATCH_BACKLOG);
    let connected = vec![0; table.seats.len()];
    if table.status() != Status::Over {
        services.metrics.game_started();
    }
    services.metrics.game_in_memory(true);
    let state = state_text(&table);
    let used = services.clock.instant();
    let live = Live {
        state,
        table,
        services,
        messages,
        connected,
        mode: Mode::Awake,
        used,
        serial,
    };
    tokio::spawn(live.run(receiver));
    GameHandle { commands, serial }
}

/// A computer's search under way.
struct Pending {
    at: usize,
    takebacks: u32,
    seat: Seat,
    answer: oneshot::Receiver<Result<Analysis, ThinkError>>,
}

/// What a game's task is doing besides answering commands: exactly one
/// of these at a time.
enum Mode {
    /// Up to date; waits for commands and for the clock's next deadline.
    Awake,
    /// A computer's search under way, on this server's claim (on a shared
    /// store) renewed at `renew_at`.
    Thinking {
        pending: Pending,
        renew_at: Option<Instant>,
    },
    /// Another server holds the claim on the work due: the task waits for
    /// a change or for [`Command::Due`] before it tries again.
    Blocked,
    /// The store failed: at `at` the task tries again, having read the
    /// game back first if `reread` (a commit failed on the way to a shared
    /// store, so it may have been made all the same; or a notice arrived
    /// while the store could not be read).
    Retrying { at: Instant, reread: bool },
    /// Another server changed the game while nobody here watched it: the
    /// table is out of date, and the game is read back before it is used.
    Dozing,
}

struct Live {
    table: Table,
    /// The `carolus-state/1` of the table's position, serialised once per
    /// change for every answer and update that carries it.
    state: Box<RawValue>,
    services: Services,
    messages: broadcast::Sender<Message>,
    /// Connections holding each seat's token.
    connected: Vec<u32>,
    mode: Mode,
    /// When a command last came from this server's clients: other servers'
    /// changes do not keep a game nobody here uses in memory.
    used: Instant,
    /// This task's [`GameHandle::serial`].
    serial: u64,
}

impl Live {
    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        let mut shutdown = self.services.shutdown.clone();
        loop {
            self.start_computer().await;
            let deadline = self.deadline();
            let renew_at = match self.mode {
                Mode::Thinking { renew_at, .. } => renew_at,
                _ => None,
            };
            let thinking = matches!(self.mode, Mode::Thinking { .. });
            let rest_at = self.used + self.rest_after();
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                answer = async {
                    match &mut self.mode {
                        Mode::Thinking { pending, .. } => (&mut pending.answer).await,
                        _ => std::future::pending().await,
                    }
                }, if thinking => {
                    if let Mode::Thinking { pending, .. } = std::mem::replace(&mut self.mode, Mode::Awake) {
                        self.computer_answered(&pending, answer).await;
                    }
                }
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    match std::mem::replace(&mut self.mode, Mode::Awake) {
                        Mode::Retrying { reread: true, .. } | Mode::Dozing => self.wake().await,
                        Mode::Retrying { reread: false, .. } => {}
                        other => self.mode = other,
                    }
                    self.clock_ran_out().await;
                }
                () = sleep_until(renew_at.unwrap_or_else(Instant::now)), if renew_at.is_some() => {
                    self.renew_claim().await;
                }
                () = sleep_until(rest_at) => {
                    if self.may_rest() && self.leave(&mut commands) {
                        break;
                    }
                    self.used = self.services.clock.instant();
                }
                _ = shutdown.changed() => break,
            }
        }
        if self.table.status() != Status::Over {
            self.services.metrics.game_ended();
        }
        self.services.metrics.game_in_memory(false);
    }

    /// How long the game stays in memory once nobody uses it: a finished
    /// game changes no more and leaves sooner.
    fn rest_after(&self) -> Duration {
        if self.table.status() == Status::Over {
            self.services.rest_after.min(FINISHED_REST)
        } else {
            self.services.rest_after
        }
    }

    /// Whether the task may end: nobody watches, and nothing is due by
    /// itself. The game stays in the store, and the next request for it
    /// starts a task again, so a server's memory holds only the games in
    /// use.
    fn may_rest(&self) -> bool {
        self.messages.receiver_count() == 0
            && match self.mode {
                Mode::Thinking { .. } | Mode::Retrying { .. } => false,
                Mode::Dozing => true,
                Mode::Awake | Mode::Blocked => self.table.deadline_ms().is_none(),
            }
    }

    /// Takes the game out of the server's registry and closes its mailbox,
    /// unless a command is waiting in it: whether the task may end. Under
    /// the registry's lock, so that no request finds the game there and
    /// then finds its task gone.
    fn leave(&self, commands: &mut mpsc::Receiver<Command>) -> bool {
        let mut games = self
            .services
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if !commands.is_empty() {
            return false;
        }
        let id = &self.table.id;
        if games
            .get(id)
            .and_then(|cell| cell.get())
            .is_some_and(|handle| handle.serial == self.serial)
        {
            games.remove(id);
        }
        commands.close();
        true
    }

    /// Whether another server's change may be left unfollowed: nobody
    /// here watches, and no search here awaits the position it changes.
    /// Work falling due meanwhile is found by the store's sweep, which
    /// wakes the task.
    fn may_doze(&self) -> bool {
        self.services.store.is_shared()
            && self.messages.receiver_count() == 0
            && !matches!(self.mode, Mode::Thinking { .. })
    }

    /// Reads back the game a doze left out of date.
    async fn wake(&mut self) {
        self.mode = Mode::Awake;
        if !self.follow(None).await {
            // Read back later, like a change whose notice was lost.
            self.retry(true);
        }
    }

    /// Tries again after [`RETRY_AFTER`] (or sooner, if a retry was
    /// already due), reading the game back first if `reread`.
    fn retry(&mut self, reread: bool) {
        let soon = self.services.clock.instant() + RETRY_AFTER;
        self.mode = match self.mode {
            Mode::Retrying { at, reread: before } => Mode::Retrying {
                at: at.min(soon),
                reread: reread || before,
            },
            _ => Mode::Retrying { at: soon, reread },
        };
    }

    /// The next moment something is due by itself: a clock running out or
    /// a try again.
    fn deadline(&self) -> Option<Instant> {
        let clock = self
            .table
            .deadline_ms()
            .filter(|_| !matches!(self.mode, Mode::Blocked | Mode::Dozing))
            .map(|deadline| self.services.clock.instant_at(deadline));
        let retry = match self.mode {
            Mode::Retrying { at, .. } => Some(at),
            _ => None,
        };
        match (clock, retry) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    async fn handle(&mut self, command: Command) {
        if !matches!(command, Command::Follow { .. }) {
            self.used = self.services.clock.instant();
            if matches!(self.mode, Mode::Dozing) {
                self.wake().await;
            }
        }
        match command {
            Command::Move {
                token,
                text,
                at,
                with_state,
                answer,
            } => {
                let started = std::time::Instant::now();
                let result = self.play(Mover::Token(&token), &text, at).await;
                if result.is_ok() {
                    self.services.metrics.move_played(started.elapsed());
                }
                let _ = answer.send(result.map(|at| Accepted {
                    at,
                    state: with_state.then(|| self.state.clone()),
                }));
            }
            Command::TakeBack {
                token,
                at,
                with_state,
                answer,
            } => {
                let result = self.take_back(&token, at).await;
                let _ = answer.send(result.map(|at| Accepted {
                    at,
                    state: with_state.then(|| self.state.clone()),
                }));
            }
            Command::Claim {
                seat,
                name,
                signed_in,
                answer,
            } => {
                let result = if self.table.hosting.rated && !signed_in {
                    Err(ApiError::forbidden(
                        "a rated game's seats are claimed only by people signed in",
                    ))
                } else {
                    self.claim(seat, &name).await
                };
                let _ = answer.send(result);
            }
            Command::View { answer } => {
                let _ = answer.send(self.view());
            }
            Command::Watch {
                from,
                takebacks,
                answer,
            } => {
                let ahead = from > self.table.length()
                    || takebacks.is_some_and(|seen| seen > self.table.takebacks);
                if ahead && self.services.store.is_shared() {
                    // The client saw more on another server than this
                    // task has heard of yet.
                    self.follow(None).await;
                }
                let length = self.table.length();
                // A client that saw the record before moves were taken
                // back may hold moves that are no longer in it: it gets
                // the whole record again.
                let from = if takebacks.unwrap_or(0) == self.table.takebacks {
                    from
                } else {
                    0
                };
                let result = if from > length {
                    let mut error = ApiError::conflict(format!(
                        "from={from}, but the record holds {length} moves"
                    ));
                    error.body.length = Some(length);
                    Err(error)
                } else {
                    Ok(Watch {
                        update: Utf8Bytes::from(self.update_text(from)),
                        length,
                        takebacks: self.table.takebacks,
                        messages: self.messages.subscribe(),
                    })
                };
                let _ = answer.send(result);
            }
            Command::Authenticate { token, answer } => {
                let seat = secret::is_token_syntax(&token)
                    .then(|| self.table.seat_of_token(&token))
                    .flatten();
                // The person is here (and an invited seat claimed) in the
                // store before the client hears that its token holds the
                // seat, so that nothing it does next finds them away.
                if let Some(seat) = seat {
                    self.keep_presence(seat.index(), true).await;
                }
                let _ = answer.send(seat);
            }
            Command::HintPosition { token, answer } => {
                let result = self
                    .table
                    .hint_for(&token)
                    .map(|(_, level)| HintPosition {
                        game: self.table.position().clone(),
                        level,
                        names: self.table.record().names.clone(),
                    })
                    .map_err(ApiError::from);
                let _ = answer.send(result);
            }
            Command::Presence { seat, connected } => {
                let count = &mut self.connected[seat.index()];
                let before = *count > 0;
                *count = if connected {
                    count.saturating_add(1)
                } else {
                    count.saturating_sub(1)
                };
                if before != (*count > 0) {
                    self.keep_presence(seat.index(), connected).await;
                    self.send_seats();
                }
            }
            Command::Connected { seat, answer } => {
                let _ = answer.send(self.connected.get(seat.index()).is_some_and(|&n| n > 0));
            }
            Command::Abandon { token, answer } => {
                let result = self.abandon(&token).await;
                let _ = answer.send(result.map(|at| Accepted {
                    at,
                    state: Some(self.state.clone()),
                }));
            }
            Command::Rematch { token, answer } => {
                let _ = answer.send(self.rematch(&token).await);
            }
            Command::Follow { notice } => {
                let doze = matches!(self.mode, Mode::Dozing) || self.may_doze();
                self.services.metrics.other_server_changed(!doze);
                if doze {
                    self.mode = Mode::Dozing;
                } else if !self.follow(notice.as_deref()).await {
                    // Read back later, so that a change heard of while the
                    // store was away is not missed for good.
                    self.retry(true);
                }
            }
            Command::Due => {
                if matches!(self.mode, Mode::Blocked) {
                    self.mode = Mode::Awake;
                }
            }
        }
    }

    /// Plays a move for `mover`, commits it and tells everyone; answers
    /// the record's length after it.
    async fn play(&mut self, mover: Mover<'_>, text: &str, at: usize) -> Result<usize, ApiError> {
        if at > self.table.length() && self.services.store.is_shared() {
            // The client saw more on another server than this task has
            // heard of yet: catch up before judging the move.
            self.follow(None).await;
        }
        let now = self.services.clock.now_ms();
        let change = if self.table.is_lesson() {
            // The guided game's draws are its deal's (carolus-core's
            // `lessons`), continued from the record; its record always
            // replays, being the table's.
            let mut draws = lessons::draws(self.table.record()).map_err(|error| {
                ApiError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    format!("the lesson's record: {error}"),
                )
            })?;
            self.table.play(mover, text, at, now, &mut draws)?
        } else {
            self.table.play(mover, text, at, now, &mut OsRandom)?
        };
        self.commit(change, now).await?;
        Ok(self.table.length())
    }

    /// Takes back the last decision of `token`'s seat, commits it and tells
    /// everyone; answers the record's length after it.
    async fn take_back(&mut self, token: &str, at: usize) -> Result<usize, ApiError> {
        if at > self.table.length() && self.services.store.is_shared() {
            self.follow(None).await;
        }
        let now = self.services.clock.now_ms();
        let change = self.table.take_back(token, at, now)?;
        self.commit(change, now).await?;
        info!(game = %self.table.id, length = self.table.length(), "a decision was taken back");
        Ok(self.table.length())
    }

    /// Keeps in the store when a seat's person came or left, so that
    /// "away since" outlives this server and other servers see it; a
    /// person's first coming also claims an invited seat. A failure is
    /// logged: presence is no change of the game, and the next one puts
    /// it right.
    async fn keep_presence(&mut self, seat: usize, connected: bool) {
        if !matches!(self.table.seats[seat].player, Player::Person { .. }) {
            return;
        }
        let since = (!connected).then(|| self.services.clock.now_ms());
        if self.table.away_since_ms[seat].is_none() && since.is_none() {
            // Already here (the `auth` that preceded this connection's
            // presence kept it).
            return;
        }
        self.table.away_since_ms[seat] = since;
        if let Err(error) = self
            .services
            .store
            .set_presence(&self.table.id, seat, since)
            .await
        {
            warn!(game = %self.table.id, seat, %error, "a seat's presence could not be kept");
        }
    }

    /// Ends the game as abandoned for `token`'s seat, if the person to act
    /// has been away long enough by the store's account (another server
    /// may hold their connection) and this server's; answers the record's
    /// length.
    async fn abandon(&mut self, token: &str) -> Result<usize, ApiError> {
        let mut away = self
            .services
            .store
            .away_since(&self.table.id)
            .await
            .map_err(|_| ApiError::unavailable("the store cannot be reached; try again"))?;
        for (seat, away) in away.iter_mut().enumerate() {
            if self.connected.get(seat).is_some_and(|&count| count > 0) {
                *away = None;
            }
        }
        let now = self.services.clock.now_ms();
        let change = self.table.abandon(token, &away, now)?;
        self.commit(change, now).await?;
        info!(game = %self.table.id, "the game was ended as abandoned");
        Ok(self.table.length())
    }

    /// The rematch of this finished game for `token`'s seat: the one
    /// offered already, or a new game stored now and offered to the
    /// others.
    async fn rematch(&mut self, token: &str) -> Result<RematchCreated, ApiError> {
        let seat = self
            .table
            .seat_of_token(token)
            .ok_or_else(|| ApiError::from(crate::table::TableError::NotASeat))?
            .index();
        if self.table.rematch.is_none() {
            let (mut new, by) = self.table.rematch_table(token)?;
            let unreachable = |error: crate::store::StoreError| {
                error!(game = %self.table.id, %error, "a rematch could not be stored");
                ApiError::unavailable("the rematch could not be stored; try again")
            };
            // The invitations nobody claimed go with their seats, so that
            // the host reads them again at the new table; they are read
            // from the store, since a claim may have come through another
            // server.
            if let Some(hosted) = self
                .services
                .store
                .invitations(&self.table.id)
                .await
                .map_err(unreachable)?
            {
                new.hosting.invites = hosted
                    .invites
                    .iter()
                    .map(|(seat, _, sealed)| {
                        let carried = invite::carry(sealed, &self.table.id, *seat);
                        (self.table.rematch_seat(*seat), carried)
                    })
                    .collect();
            }
            // A rated game's rematch is rated when every person's seat is
            // an account's: each owner then owns the seat their token
            // plays in the rematch, so that it is rated as the game was.
            let owners = if self.table.hosting.rated {
                self.services
                    .store
                    .seat_owners_with_tokens(&self.table.id)
                    .await
                    .map_err(unreachable)?
            } else {
                Vec::new()
            };
            let owned = |index: usize| owners.iter().any(|(seat, ..)| *seat == index);
            new.hosting.rated = self.table.hosting.rated
                && self.table.seats.iter().enumerate().all(|(index, seat)| {
                    !matches!(seat.player, crate::table::Player::Person { .. }) || owned(index)
                });
            let now = self.services.clock.now_ms();
            let table = Table::create(secret::new_game_id(), new, now, &mut OsRandom)?;
            // The owners own their seats from the rematch's first write.
            let owners: Vec<OwnedSeat> = if table.hosting.rated {
                owners
                    .iter()
                    .map(|(seat, account, token)| OwnedSeat {
                        seat: self.table.rematch_seat(*seat),
                        account_id: *account,
                        token: token.clone(),
                    })
                    .collect()
            } else {
                Vec::new()
            };
            self.services
                .store
                .insert_owned(&table, &owners)
                .await
                .map_err(unreachable)?;
            let offered = Rematch {
                game: table.id.clone(),
                by,
            };
            let standing = self
                .services
                .store
                .offer_rematch(&self.table.id, &offered)
                .await
                .map_err(unreachable)?;
            info!(game = %self.table.id, rematch = %standing.game, "a rematch was offered");
            self.table.rematch = Some(standing);
            if let Some(offer) = self.rematch_offer() {
                self.send(self.table.length(), &ServerMessage::Rematch(offer));
            }
        }
        let game = self
            .table
            .rematch
            .as_ref()
            .map(|rematch| rematch.game.clone())
            .unwrap_or_default();
        Ok(RematchCreated {
            id: game,
            seat: self.table.rematch_seat(seat),
        })
    }

    /// The rematch offered, as clients read it.
    fn rematch_offer(&self) -> Option<RematchOffer> {
        let rematch = self.table.rematch.as_ref()?;
        Some(RematchOffer {
            game: rematch.game.clone(),
            by: rematch.by,
            seats: (0..self.table.seats.len())
                .map(|seat| self.table.rematch_seat(seat))
                .collect(),
        })
    }

    async fn claim(&mut self, seat: usize, name: &str) -> Result<SeatToken, ApiError> {
        let token = secret::new_token();
        let now = self.services.clock.now_ms();
        let change = self
            .table
            .claim(seat, name, secret::token_hash(&token), now)?;
        self.commit(change, now).await?;
        Ok(SeatToken { seat, token })
    }

    /// Commits `change` and makes it the game's state, or leaves the game
    /// as it was and says why.
    async fn commit(&mut self, change: Change, now: i64) -> Result<(), ApiError> {
        match self.services.store.commit(&self.table, &change, now).await {
            Ok(()) => {}
            Err(CommitError::Conflict) => {
                // Another server changed this game first; take what the
                // store holds now as the truth, and tell the watchers.
                warn!(game = %self.table.id, "the store refused a change as stale; reloading");
                self.follow(None).await;
                return Err(ApiError::stale(change.from, self.table.length()));
            }
            Err(CommitError::Store(error)) => {
                error!(game = %self.table.id, %error, "a change could not be committed");
                if self.services.store.is_shared() {
                    // The connection may have failed after the database
                    // committed: read the game back shortly, or this
                    // server would serve a game that moved on without it
                    // (its own notices are not for itself).
                    self.retry(true);
                }
                return Err(ApiError::unavailable(
                    "the game could not be saved, so the change was refused; try again",
                ));
            }
        }
        // The server that committed a change is the one that queues its
        // mails: every change is committed by exactly one.
        self.services.post.after_change(
            &self.services.store,
            &self.services.clock,
            &self.table,
            &change.next,
            &self.connected_flags(),
        );
        let Change {
            from, moves, next, ..
        } = change;
        self.adopt(from, &moves, next);
        Ok(())
    }

    /// Makes `next`, whose record is this game's up to `from` and then
    /// `moves`, the game's state, and tells the watchers.
    fn adopt(&mut self, from: usize, moves: &[Move], next: Table) {
        let was_over = self.table.status() == Status::Over;
        let offered = next.rematch.is_some() && next.rematch != self.table.rematch;
        let shortened = from < self.table.length();
        let taken_back = next.takebacks != self.table.takebacks;
        if matches!(self.mode, Mode::Blocked)
            || (taken_back && matches!(self.mode, Mode::Thinking { .. }))
        {
            // A search of a position taken back is dropped, and a new one
            // starts if the computer is to act again; work another server
            // held may have been done by this change.
            self.mode = Mode::Awake;
        }
        self.table = next;
        self.state = state_text(&self.table);
        if self.table.status() == Status::Over && !was_over {
            self.services.metrics.game_ended();
            info!(game = %self.table.id, "game over");
        }
        let ended = self.table.status() == Status::Over && !was_over;
        if ended && self.table.hosting.rated {
            self.rate();
        }
        if moves.is_empty() && !shortened && !ended {
            self.send_seats();
        } else {
            self.send_update(from, moves);
        }
        // A rematch offered through another server, read back.
        if offered && let Some(offer) = self.rematch_offer() {
            self.send(self.table.length(), &ServerMessage::Rematch(offer));
        }
    }

    /// Applies the rating update of this finished rated game, apart from
    /// the game's task (the watchers need not wait for it). Every server
    /// that sees the game end tries; the store applies it once.
    fn rate(&self) {
        let store = self.services.store.clone();
        let table = self.table.clone();
        let now = self.services.clock.now_ms();
        tokio::spawn(async move {
            match crate::rating::apply(&store, &table, now).await {
                Ok(true) => info!(game = %table.id, "ratings updated"),
                Ok(false) => {}
                Err(error) => {
                    error!(game = %table.id, %error, "the ratings could not be updated; tried again at the next start")
                }
            }
        });
    }

    /// Follows a change another server committed: from its `notice` when
    /// it continues this task's game, else from the store. Answers whether
    /// the game could be read (or needed no reading).
    async fn follow(&mut self, notice: Option<&Notice>) -> bool {
        let length = self.table.length();
        let takebacks = self.table.takebacks;
        if let Some(notice) =
            notice.filter(|notice| !notice.reload && notice.takebacks == takebacks)
        {
            if notice.from + notice.moves.len() <= length && notice.from < length {
                // Already followed (read back from the store meanwhile).
                return true;
            }
            if notice.from == length {
                let moves: Result<Vec<Move>, _> =
                    notice.moves.iter().map(|token| token.parse()).collect();
                if let Some(next) = moves.ok().and_then(|moves| {
                    let next =
                        self.table
                            .followed(&moves, &notice.clocks, notice.turn_started_ms)?;
                    Some((moves, next))
                }) {
                    let (moves, next) = next;
                    self.adopt(length, &moves, next);
                    return true;
                }
            }
        }
        match self.services.store.load(&self.table.id).await {
            Ok(Some(stored)) if stored.takebacks != takebacks => {
                // Moves were taken back: the watchers are sent the record
                // from where the two part.
                let common = self
                    .table
                    .record()
                    .moves
                    .iter()
                    .zip(&stored.record().moves)
                    .take_while(|(ours, theirs)| ours == theirs)
                    .count();
                let moves = stored.record().moves[common..].to_vec();
                self.adopt(common, &moves, stored);
                true
            }
            Ok(Some(stored)) if stored.length() >= length => {
                let unchanged = stored.length() == length
                    && stored.seats == self.table.seats
                    && stored.turn_started_ms == self.table.turn_started_ms
                    && stored.status() == self.table.status()
                    && stored.rematch == self.table.rematch;
                if !unchanged {
                    let moves = stored.record().moves[length..].to_vec();
                    self.adopt(length, &moves, stored);
                }
                true
            }
            Ok(_) => true,
            Err(error) => {
                warn!(game = %self.table.id, %error, "the game could not be read back");
                false
            }
        }
    }

    /// Claims the work due for this server: on a store shared with other
    /// servers, only one of them does it.
    async fn claim_work(&mut self) -> bool {
        if !self.services.store.is_shared() {
            return true;
        }
        match self.services.store.claim(&self.table.id).await {
            Ok(true) => true,
            Ok(false) => {
                self.mode = Mode::Blocked;
                false
            }
            Err(error) => {
                warn!(game = %self.table.id, %error, "the work due could not be claimed; trying again shortly");
                self.retry(false);
                false
            }
        }
    }

    /// Renews the claim on the search under way; if another server has
    /// taken the work over meanwhile, leaves it to that server.
    async fn renew_claim(&mut self) {
        let now = self.services.clock.instant();
        let next = match self.services.store.claim(&self.table.id).await {
            Ok(true) => now + CLAIM_LEASE / 3,
            Ok(false) => {
                warn!(game = %self.table.id, "another server took over the computer's move");
                self.mode = Mode::Blocked;
                return;
            }
            Err(error) => {
                warn!(game = %self.table.id, %error, "the claim on the computer's move could not be renewed");
                now + RETRY_AFTER
            }
        };
        if let Mode::Thinking { renew_at, .. } = &mut self.mode {
            *renew_at = Some(next);
        }
    }

    /// Starts the computer's search when a computer is to act and this
    /// server may do it.
    async fn start_computer(&mut self) {
        if !matches!(self.mode, Mode::Awake) {
            return;
        }
        let Some((seat, level)) = self.table.computer_to_act() else {
            return;
        };
        if !self.claim_work().await {
            return;
        }
        // The guided game's computer answers as the lesson fixes it, so
        // that its lessons come when they matter.
        let lesson_at = self.table.is_lesson().then(|| self.table.length());
        let answer = self.services.thinkers.ask(
            self.table.position(),
            level,
            self.services.think_time,
            lesson_at,
        );
        let renew_at = self
            .services
            .store
            .is_shared()
            .then(|| self.services.clock.instant() + CLAIM_LEASE / 3);
        self.mode = Mode::Thinking {
            pending: Pending {
                at: self.table.length(),
                takebacks: self.table.takebacks,
                seat,
                answer,
            },
            renew_at,
        };
        self.send(
            self.table.length(),
            &ServerMessage::Thinking { seat: seat.index() },
        );
    }

    async fn computer_answered(
        &mut self,
        pending: &Pending,
        answer: Result<Result<Analysis, ThinkError>, oneshot::error::RecvError>,
    ) {
        let Pending {
            at,
            takebacks,
            seat,
            ..
        } = *pending;
        if at != self.table.length() || takebacks != self.table.takebacks {
            return;
        }
        let mv = match answer {
            Ok(Ok(analysis)) => analysis.best,
            Ok(Err(error)) => {
                error!(game = %self.table.id, seat = seat.index(), %error, "the computer player failed; it plays a random move");
                self.any_legal_move()
            }
            // The search threads are gone: the server is shutting down.
            Err(_) => return,
        };
        if let Err(error) = self.play(Mover::Computer(seat), &mv.to_string(), at).await {
            warn!(game = %self.table.id, error = %error.body.error, "the computer's move was not played; offering it again shortly");
            self.retry(false);
        } else {
            self.services.metrics.move_played(Duration::ZERO);
        }
    }

    fn any_legal_move(&self) -> Move {
        let legal = self.table.position().legal_moves();
        let index = carolus_rules::RandomSource::below(&mut OsRandom, legal.len() as u32);
        legal[index as usize]
    }

    async fn clock_ran_out(&mut self) {
        let now = self.services.clock.now_ms();
        let Some(change) = self.table.time_out(now) else {
            return;
        };
        if !self.claim_work().await {
            return;
        }
        let seat = self.table.position().to_act().map(Seat::index);
        if self.commit(change, now).await.is_ok() {
            info!(game = %self.table.id, ?seat, "time ran out; the computer plays the seat");
        } else {
            self.retry(false);
        }
    }

    fn view(&self) -> GameView {
        let table = &self.table;
        GameView {
            id: table.id.clone(),
            status: table.status(),
            players: table.position().players(),
            teams: table.position().variant().teams,
            hints: table.hints,
            clock: table.clock.map(crate::api::ClockSpec::of),
            seats: table.seat_infos(&self.connected_flags(), self.services.clock.now_ms()),
            thinking: self.thinking(),
            take_back: table.allows_take_back(),
            takebacks: table.takebacks,
            record: record_json(table),
            state: serde_json::from_str(self.state.get()).unwrap_or(Value::Null),
            host: table.hosting.host,
            abandon_after_s: table
                .clock
                .is_none()
                .then_some((table.hosting.abandon_after_ms / 1000) as u64),
            rematch: self.rematch_offer(),
            rated: table.hosting.rated,
            // Read by `GET /api/games/{id}` from the store, once over.
            rating_changes: Vec::new(),
        }
    }

    fn connected_flags(&self) -> Vec<bool> {
        self.connected.iter().map(|&count| count > 0).collect()
    }

    fn thinking(&self) -> Option<usize> {
        match &self.mode {
            Mode::Thinking { pending, .. } => Some(pending.seat.index()),
            _ => None,
        }
    }

    /// The update message holding the moves from `from` on.
    fn update_text(&self, from: usize) -> String {
        let moves: Vec<String> = self.table.record().moves[from..]
            .iter()
            .map(Move::to_string)
            .collect();
        self.update_message(from, &moves)
    }

    fn update_message(&self, from: usize, moves: &[String]) -> String {
        ServerMessage::Update(Update {
            from,
            moves: Cow::Borrowed(moves),
            status: self.table.status(),
            seats: self
                .table
                .seat_infos(&self.connected_flags(), self.services.clock.now_ms()),
            thinking: self.thinking(),
            takebacks: self.table.takebacks,
            result: self.table.record().result.as_ref().map(Cow::Borrowed),
            state: &self.state,
        })
        .to_text()
    }

    fn send_update(&self, from: usize, moves: &[Move]) {
        let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
        let text = self.update_message(from, &moves);
        let _ = self.messages.send(Message {
            length: self.table.length(),
            takebacks: self.table.takebacks,
            text: Utf8Bytes::from(text),
        });
    }

    fn send_seats(&self) {
        self.send(
            self.table.length(),
            &ServerMessage::Seats(Seats {
                status: self.table.status(),
                seats: self
                    .table
                    .seat_infos(&self.connected_flags(), self.services.clock.now_ms()),
            }),
        );
    }

    fn send(&self, length: usize, message: &ServerMessage<'_>) {
        // Nobody watching is not an error.
        let _ = self.messages.send(Message {
            length,
            takebacks: self.table.takebacks,
            text: Utf8Bytes::from(message.to_text()),
        });
    }
}

/// The `carolus-state/1` view of the table's position, serialised.
fn state_text(table: &Table) -> Box<RawValue> {
    // Serialising plain structs of numbers, strings and options cannot
    // fail; `to_raw_value` keeps the text without parsing it again.
    serde_json::value::to_raw_value(&StateView::of(table.position()))
        .unwrap_or_else(|_| RawValue::from_string("null".to_owned()).expect("null is JSON"))
}

/// The table's record as JSON.
pub fn record_json(table: &Table) -> Value {
    serde_json::from_str(&table.record().to_json()).unwrap_or(Value::Null)
}

#[cfg(test)]
pub(crate) mod tests {
    //! The task's life under tokio's paused time: the tests advance time
    //! by hours without waiting, and the game's clocks run with it.
    //!
    //! Paused time also advances by itself whenever the runtime is idle,
    //! as it is while the database's or a search's thread works; a task
    //! that only yields keeps it busy, so that time moves only when a test
    //! advances it.

    use super::*;
    use crate::{AppState, Limits, Store};
    use axum::body::Body;
    use axum::http::{Request, header};
    use http_body_util::BodyExt;
    use serde_json::json;
    use tower::ServiceExt;

    /// How long a game in play that nobody uses stays in memory here.
    const REST: Duration = Duration::from_secs(600);

    /// Keeps the runtime from idling, so that paused time stands still
    /// until the test advances it.
    pub(crate) fn hold_time() {
        tokio::spawn(async {
            loop {
                tokio::task::yield_now().await;
            }
        });
    }

    /// Lets the tasks that have work run to their next wait, when that
    /// work needs no database.
    async fn settle() {
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
    }

    /// Lets the tasks woken by an advance of time run to their next wait:
    /// whether `game`'s task has ended then.
    async fn has_ended(game: &GameHandle) -> bool {
        for _ in 0..1000 {
            if game.is_closed() {
                return true;
            }
            tokio::task::yield_now().await;
        }
        game.is_closed()
    }

    /// A server on a SQLite store in memory whose clock runs with tokio's
    /// paused time.
    pub(crate) async fn server() -> AppState {
        hold_time();
        let limits = Limits {
            ai_threads: 1,
            think_time: Duration::from_millis(1),
            rest_after: REST,
            ..Limits::default()
        };
        let store = Store::open("sqlite::memory:").await.unwrap();
        let setup = crate::state::Setup {
            clock: Clock::following_tokio(1_800_000_000_000),
            ..Default::default()
        };
        AppState::with_setup(store, limits, setup)
    }

    /// Creates a game through the API: its id and handle.
    pub(crate) async fn create(state: &AppState, body: Value) -> (String, GameHandle) {
        let request = Request::post("/api/games")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        let response = crate::app(state.clone()).oneshot(request).await.unwrap();
        assert_eq!(response.status(), 201);
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let created: Value = serde_json::from_slice(&bytes).unwrap();
        let id = created["id"].as_str().unwrap().to_owned();
        let handle = state.live_game(&id).expect("a new game is in play");
        (id, handle)
    }

    pub(crate) fn two_people() -> Value {
        json!({"players": 2, "seats": [{"name": "Anna"}, {"name": "Bruno"}]})
    }

    pub(crate) async fn view(game: &GameHandle) -> GameView {
        game.ask(|answer| Command::View { answer }).await.unwrap()
    }

    async fn watch(game: &GameHandle) -> Watch {
        game.ask(|answer| Command::Watch {
            from: 0,
            takebacks: None,
            answer,
        })
        .await
        .unwrap()
        .unwrap()
    }

    /// Waits for the watcher's first message that holds `text`.
    async fn heard(watcher: &mut Watch, text: &str) {
        loop {
            match watcher.messages.recv().await {
                Ok(message) if message.text.as_str().contains(text) => return,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => panic!("the game's task ended"),
            }
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_game_in_play_that_nobody_uses_rests_and_leaves_the_servers_memory() {
        let state = server().await;
        let (id, game) = create(&state, two_people()).await;
        assert_eq!(state.games_in_memory(), 1);
        assert_eq!(state.metrics().games_in_memory(), 1);

        tokio::time::advance(REST - Duration::from_secs(1)).await;
        assert!(!has_ended(&game).await, "the game rested too soon");

        tokio::time::advance(Duration::from_secs(2)).await;
        assert!(
            has_ended(&game).await,
            "the game rests once nobody used it for a while"
        );
        assert_eq!(state.games_in_memory(), 0, "its entry left the registry");
        assert_eq!(state.metrics().games_in_memory(), 0);

        // The next request reads it back from the store.
        let again = state.game(&id).await.unwrap();
        assert_eq!(view(&again).await.id, id);
        assert_eq!(state.games_in_memory(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_game_someone_watches_stays() {
        let state = server().await;
        let (_, game) = create(&state, two_people()).await;
        let watcher = watch(&game).await;
        tokio::time::advance(3 * REST).await;
        assert!(!has_ended(&game).await);
        assert_eq!(state.games_in_memory(), 1);

        drop(watcher);
        tokio::time::advance(REST + Duration::from_secs(1)).await;
        assert!(
            has_ended(&game).await,
            "the game rests once its watcher left"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_finished_game_nobody_watches_leaves_memory_within_a_minute() {
        let state = server().await;
        let (_, game) = create(
            &state,
            json!({"players": 2, "seats": [{"ai": 1}, {"ai": 1}]}),
        )
        .await;
        let mut watcher = watch(&game).await;
        heard(&mut watcher, r#""status":"over""#).await;
        drop(watcher);

        tokio::time::advance(Duration::from_secs(60)).await;
        assert!(
            has_ended(&game).await,
            "a finished game leaves memory within a minute"
        );
        assert_eq!(state.games_in_memory(), 0);
        assert_eq!(state.metrics().games_in_memory(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_clock_runs_out_at_its_deadline_and_not_before() {
        let state = server().await;
        let mut body = two_people();
        body["clock"] = json!({"initial_s": 60, "increment_s": 0});
        let (_, game) = create(&state, body).await;
        let to_act = view(&game).await.state["to_act"].as_u64().unwrap() as usize;
        let mut watcher = watch(&game).await;

        // Nobody acts, and the clock counts down with the paused time.
        tokio::time::advance(Duration::from_secs(59)).await;
        let seat = &view(&game).await.seats[to_act];
        assert!(!seat.timed_out);
        assert_eq!(seat.clock_ms, Some(1_000));

        tokio::time::advance(Duration::from_secs(1)).await;
        heard(&mut watcher, r#""timed_out":true"#).await;
        let seat = &view(&game).await.seats[to_act];
        assert!(seat.timed_out, "the seat's time ran out at 60 s");
        assert_eq!(seat.clock_ms, Some(0));
    }

    /// The count of other servers' changes `handled` ("followed" or
    /// "deferred") in the server's metrics.
    fn changes(state: &AppState, handled: &str) -> u64 {
        let text = state.metrics().render(0);
        let label = format!("handled=\"{handled}\"}} ");
        text.lines()
            .find_map(|line| line.split_once(&label).map(|(_, count)| count))
            .and_then(|count| count.parse().ok())
            .expect("the counter of other servers' changes")
    }

    #[tokio::test(start_paused = true)]
    async fn on_a_shared_store_an_unwatched_game_dozes_and_a_watched_one_follows() {
        hold_time();
        let Some(database) = crate::scratch::create().await.unwrap() else {
            return;
        };
        let clock = Clock::following_tokio(1_800_000_000_000);
        let limits = Limits {
            rest_after: REST,
            ..Limits::default()
        };
        let server = |clock: Clock| {
            let url = database.url.clone();
            let limits = limits.clone();
            async move {
                let setup = crate::state::Setup {
                    clock,
                    ..Default::default()
                };
                AppState::with_setup(Store::open(&url).await.unwrap(), limits, setup)
            }
        };
        let here = server(clock.clone()).await;
        let there = server(clock).await;
        let request = Request::post("/api/games")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(two_people().to_string()))
            .unwrap();
        let response = crate::app(here.clone()).oneshot(request).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let created: Value = serde_json::from_slice(&bytes).unwrap();
        let id = created["id"].as_str().unwrap().to_owned();
        let tokens: Vec<String> = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| seat["token"].as_str().unwrap().to_owned())
            .collect();
        let game = here.live_game(&id).unwrap();

        // The other server plays a move; nobody here watches the game, so
        // the notice of it is let pass, and the game dozes.
        let play_there = |at: usize, view: GameView| {
            let there = there.clone();
            let id = id.clone();
            let token = tokens[view.state["to_act"].as_u64().unwrap() as usize].clone();
            let text = view.state["legal"][0].as_str().unwrap().to_owned();
            async move {
                let game = there.game(&id).await.unwrap();
                game.ask(|answer| Command::Move {
                    token,
                    text,
                    at,
                    with_state: false,
                    answer,
                })
                .await
                .unwrap()
                .unwrap()
                .at
            }
        };
        let before = view(&game).await;
        let length = before.record["moves"].as_array().unwrap().len();
        let after = play_there(length, before).await;
        game.tell(Command::Follow { notice: None }).await;
        settle().await;
        assert_eq!(changes(&here, "deferred"), 1);
        assert_eq!(changes(&here, "followed"), 0);

        // Used again, it reads the game back first.
        let woken = view(&game).await;
        assert_eq!(woken.record["moves"].as_array().unwrap().len(), after);

        // Watched, it follows the other server's changes at once.
        let mut watcher = watch(&game).await;
        let again = play_there(after, woken).await;
        game.tell(Command::Follow { notice: None }).await;
        heard(&mut watcher, &format!(r#""from":{after}"#)).await;
        assert_eq!(changes(&here, "followed"), 1);
        assert_eq!(
            view(&game).await.record["moves"].as_array().unwrap().len(),
            again
        );

        // A dozing game nobody uses leaves memory as any other does.
        drop(watcher);
        game.tell(Command::Follow { notice: None }).await;
        settle().await;
        assert_eq!(changes(&here, "deferred"), 2);
        tokio::time::advance(REST + Duration::from_secs(1)).await;
        assert!(has_ended(&game).await);
        assert_eq!(here.games_in_memory(), 0);
        here.store().close().await;
        there.store().close().await;
    }

    #[tokio::test(start_paused = true)]
    async fn a_game_whose_clock_runs_stays_though_nobody_uses_it() {
        let state = server().await;
        let mut body = two_people();
        body["clock"] = json!({"days_per_move": 1});
        let (_, game) = create(&state, body).await;
        tokio::time::advance(10 * REST).await;
        assert!(
            !has_ended(&game).await,
            "its clock keeps the game in memory"
        );
        assert_eq!(state.games_in_memory(), 1);
    }
}
