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
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use carolus_rules::{Move, Seat, StateView};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::time::{Instant, sleep_until};
use tracing::{error, info, warn};

use crate::api::{GameView, MoveAccepted, SeatToken, Seats, ServerMessage, Status, Update};
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::secret::{self, OsRandom};
use crate::store::{CLAIM_LEASE, CommitError, Notice, Store};
use crate::table::{Change, Mover, Table};
use crate::thinking::Thinkers;
use carolus_ai::{Analysis, ThinkError};

/// How many messages a watcher may fall behind before it is sent the game
/// afresh instead.
const WATCH_BACKLOG: usize = 256;
/// How long to wait before offering a computer's move again after the
/// store failed to take it.
const RETRY_AFTER: Duration = Duration::from_secs(1);

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
        answer: oneshot::Sender<Result<(carolus_rules::Game, carolus_ai::Level), ApiError>>,
    },
    /// A client holding `seat`'s token connected (`true`) or left.
    Presence {
        seat: Seat,
        connected: bool,
    },
    /// Another server committed a change to the game (`None`: perhaps, and
    /// what it was is not known): follow it.
    Follow {
        notice: Option<Box<Notice>>,
    },
    /// Work on the game is due and unclaimed: try to claim it again.
    Due,
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
}

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
}

/// Starts the task of `table` and answers its handle.
pub fn spawn(table: Table, services: Services) -> GameHandle {
    let (commands, receiver) = mpsc::channel(64);
    let (messages, _) = broadcast::channel(WATCH_BACKLOG);
    let connected = vec![0; table.seats.len()];
    if table.status() != Status::Over {
        services.metrics.game_started();
    }
    let state = state_text(&table);
    let live = Live {
        state,
        table,
        services,
        messages,
        connected,
        computer: None,
        retry_at: None,
        blocked: false,
        renew_at: None,
        reread: false,
        dozing: false,
        used: Instant::now(),
    };
    tokio::spawn(live.run(receiver));
    GameHandle { commands }
}

/// A computer's search under way.
struct Pending {
    at: usize,
    takebacks: u32,
    seat: Seat,
    answer: oneshot::Receiver<Result<Analysis, ThinkError>>,
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
    computer: Option<Pending>,
    /// When to offer a computer's move again after a failed commit.
    retry_at: Option<Instant>,
    /// Another server holds the claim on the work due: this task waits
    /// for a change or for [`Command::Due`] before it tries again.
    blocked: bool,
    /// When to renew this server's claim on the search under way.
    renew_at: Option<Instant>,
    /// A commit failed on the way to a shared store, so it may have been
    /// made all the same: the game is read back at `retry_at`.
    reread: bool,
    /// Another server changed the game while nobody here watched it: the
    /// table is out of date, and the game is read back before it is used.
    dozing: bool,
    /// When a command last came from this server's clients: other servers'
    /// changes do not keep a game nobody here uses in memory.
    used: Instant,
}

impl Live {
    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        let mut shutdown = self.services.shutdown.clone();
        loop {
            self.start_computer().await;
            let deadline = self.deadline();
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                answer = async { (&mut self.computer.as_mut().expect("guarded").answer).await },
                    if self.computer.is_some() => {
                    let pending = self.computer.take().expect("guarded");
                    self.computer_answered(&pending, answer).await;
                }
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.retry_at = None;
                    if self.reread || self.dozing {
                        self.reread = false;
                        self.wake().await;
                    }
                    self.clock_ran_out().await;
                }
                () = sleep_until(self.renew_at.unwrap_or_else(Instant::now)),
                    if self.renew_at.is_some() && self.computer.is_some() => {
                    self.renew_claim().await;
                }
                () = sleep_until(self.used + self.services.rest_after) => {
                    if self.may_rest() {
                        break;
                    }
                    self.used = Instant::now();
                }
                _ = shutdown.changed() => break,
            }
        }
        if self.table.status() != Status::Over {
            self.services.metrics.game_ended();
        }
    }

    /// Whether the task may end: nobody watches, and nothing is due by
    /// itself. The game stays in the store, and the next request for it
    /// starts a task again, so a server's memory holds only the games in
    /// use.
    fn may_rest(&self) -> bool {
        self.messages.receiver_count() == 0
            && self.computer.is_none()
            && self.retry_at.is_none()
            && (self.dozing || self.table.deadline_ms().is_none())
    }

    /// Whether another server's change may be left unfollowed: nobody
    /// here watches, and no search here awaits the position it changes.
    /// Work falling due meanwhile is found by the store's sweep, which
    /// wakes the task.
    fn may_doze(&self) -> bool {
        self.services.store.is_shared()
            && self.messages.receiver_count() == 0
            && self.computer.is_none()
    }

    /// Reads back the game a doze left out of date.
    async fn wake(&mut self) {
        self.dozing = false;
        if !self.follow(None).await {
            // Read back later, like a change whose notice was lost.
            self.reread = true;
            self.retry_at.get_or_insert(Instant::now() + RETRY_AFTER);
        }
    }

    /// The next moment something is due by itself: a clock running out or
    /// a computer's move to offer again.
    fn deadline(&self) -> Option<Instant> {
        let clock = self
            .table
            .deadline_ms()
            .filter(|_| !self.blocked && !self.dozing)
            .map(|deadline| {
                let wait = deadline.saturating_sub(now_ms()).max(0) as u64;
                Instant::now() + Duration::from_millis(wait)
            });
        match (clock, self.retry_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    async fn handle(&mut self, command: Command) {
        if !matches!(command, Command::Follow { .. }) {
            self.used = Instant::now();
            if self.dozing {
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
            Command::Claim { seat, name, answer } => {
                let _ = answer.send(self.claim(seat, &name).await);
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
                let _ = answer.send(seat);
            }
            Command::HintPosition { token, answer } => {
                let result = self
                    .table
                    .hint_for(&token)
                    .map(|(_, level)| (self.table.position().clone(), level))
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
                    self.send_seats();
                }
            }
            Command::Follow { notice } => {
                let doze = self.dozing || self.may_doze();
                self.services.metrics.other_server_changed(!doze);
                if doze {
                    self.dozing = true;
                } else if !self.follow(notice.as_deref()).await {
                    // Read back later, so that a change heard of while the
                    // store was away is not missed for good.
                    self.reread = true;
                    self.retry_at.get_or_insert(Instant::now() + RETRY_AFTER);
                }
            }
            Command::Due => self.blocked = false,
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
        let now = now_ms();
        let change = self.table.play(mover, text, at, now, &mut OsRandom)?;
        self.commit(change, now).await?;
        Ok(self.table.length())
    }

    /// Takes back the last decision of `token`'s seat, commits it and tells
    /// everyone; answers the record's length after it.
    async fn take_back(&mut self, token: &str, at: usize) -> Result<usize, ApiError> {
        if at > self.table.length() && self.services.store.is_shared() {
            self.follow(None).await;
        }
        let now = now_ms();
        let change = self.table.take_back(token, at, now)?;
        self.commit(change, now).await?;
        info!(game = %self.table.id, length = self.table.length(), "a decision was taken back");
        Ok(self.table.length())
    }

    async fn claim(&mut self, seat: usize, name: &str) -> Result<SeatToken, ApiError> {
        let token = secret::new_token();
        let now = now_ms();
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
                    self.reread = true;
                    self.retry_at.get_or_insert(Instant::now() + RETRY_AFTER);
                }
                return Err(ApiError::unavailable(
                    "the game could not be saved, so the change was refused; try again",
                ));
            }
        }
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
        let shortened = from < self.table.length();
        if next.takebacks != self.table.takebacks && self.computer.take().is_some() {
            // The search was of a position taken back; a new one starts
            // if the computer is to act again.
            self.renew_at = None;
        }
        self.table = next;
        self.state = state_text(&self.table);
        self.blocked = false;
        if self.table.status() == Status::Over && !was_over {
            self.services.metrics.game_ended();
            info!(game = %self.table.id, "game over");
        }
        if moves.is_empty() && !shortened {
            self.send_seats();
        } else {
            self.send_update(from, moves);
        }
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
                    && stored.turn_started_ms == self.table.turn_started_ms;
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
            Ok(true) => {
                self.renew_at = Some(Instant::now() + CLAIM_LEASE / 3);
                true
            }
            Ok(false) => {
                self.blocked = true;
                false
            }
            Err(error) => {
                warn!(game = %self.table.id, %error, "the work due could not be claimed; trying again shortly");
                self.retry_at = Some(Instant::now() + RETRY_AFTER);
                false
            }
        }
    }

    /// Renews the claim on the search under way; if another server has
    /// taken the work over meanwhile, leaves it to that server.
    async fn renew_claim(&mut self) {
        match self.services.store.claim(&self.table.id).await {
            Ok(true) => self.renew_at = Some(Instant::now() + CLAIM_LEASE / 3),
            Ok(false) => {
                warn!(game = %self.table.id, "another server took over the computer's move");
                self.computer = None;
                self.renew_at = None;
                self.blocked = true;
            }
            Err(error) => {
                warn!(game = %self.table.id, %error, "the claim on the computer's move could not be renewed");
                self.renew_at = Some(Instant::now() + RETRY_AFTER);
            }
        }
    }

    /// Starts the computer's search when a computer is to act and this
    /// server may do it.
    async fn start_computer(&mut self) {
        if self.computer.is_some() || self.retry_at.is_some() || self.blocked || self.dozing {
            return;
        }
        let Some((seat, level)) = self.table.computer_to_act() else {
            return;
        };
        if !self.claim_work().await {
            return;
        }
        let answer =
            self.services
                .thinkers
                .ask(self.table.position(), level, self.services.think_time);
        self.computer = Some(Pending {
            at: self.table.length(),
            takebacks: self.table.takebacks,
            seat,
            answer,
        });
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
            self.retry_at = Some(Instant::now() + RETRY_AFTER);
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
        let now = now_ms();
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
            self.retry_at = Some(Instant::now() + RETRY_AFTER);
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
            seats: table.seat_infos(&self.connected_flags(), now_ms()),
            thinking: self.thinking(),
            take_back: table.allows_take_back(),
            takebacks: table.takebacks,
            record: record_json(table),
            state: serde_json::from_str(self.state.get()).unwrap_or(Value::Null),
        }
    }

    fn connected_flags(&self) -> Vec<bool> {
        self.connected.iter().map(|&count| count > 0).collect()
    }

    fn thinking(&self) -> Option<usize> {
        self.computer.as_ref().map(|pending| pending.seat.index())
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
            seats: self.table.seat_infos(&self.connected_flags(), now_ms()),
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
                seats: self.table.seat_infos(&self.connected_flags(), now_ms()),
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

/// Milliseconds since 1970 by the system clock.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64)
}
