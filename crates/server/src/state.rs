//! The server's shared state behind one cheap-to-clone handle: the store,
//! the games in play, the computer players' threads, limits and counters.

use std::sync::Arc;

use tokio::sync::{OnceCell, watch};
use tracing::{info, warn};

use crate::accounts::Accounts;
use crate::analysis::Analyst;
use crate::chances::Chances;
use crate::clock::Clock;
use crate::error::ApiError;
use crate::limits::{Limits, RateLimiter};
use crate::live::{self, GameHandle, Registry, Services};
use crate::mail::{AccountRecipients, MailConfig, Post, SharedRecipients};
use crate::metrics::Metrics;
use crate::proxy::TrustedProxies;
use crate::secret;
use crate::store::{OwnedSeat, Store, StoreError};
use crate::table::Table;
use crate::thinking::Thinkers;

/// What a server is given besides its store and limits.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The clock every part asks for the time.
    pub clock: Clock,
    /// The proxies whose connections may name the client.
    pub trusted_proxies: TrustedProxies,
    /// The address at which people reach the server (`--public-url`),
    /// if it was given: the site of cross-site checks, and whether the
    /// session cookie is `Secure`.
    pub public_url: Option<String>,
    /// How mail is sent (`--smtp`); none without it.
    pub mail: Option<MailConfig>,
    /// Who is written to: the accounts of the store when none are given.
    pub recipients: Option<SharedRecipients>,
}

/// The handle every request works through. Clones share everything.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    analyst: Analyst,
    chances: Chances,
    limits: Limits,
    thinkers: Thinkers,
    metrics: Arc<Metrics>,
    /// The games in play on this server (see [`Registry`]).
    games: Registry,
    clock: Clock,
    trusted_proxies: TrustedProxies,
    /// Mail: its settings, recipients and unsubscribe key.
    post: Post,
    shutdown: watch::Sender<bool>,
    creates: RateLimiter,
    messages: RateLimiter,
    hints: RateLimiter,
    accounts: Accounts,
    public_url: Option<String>,
}

impl AppState {
    /// A server's state over `store`, within `limits`, on the machine's
    /// clock, trusting no proxy.
    pub fn new(store: Store, limits: Limits) -> AppState {
        AppState::with_setup(store, limits, Setup::default())
    }

    /// A server's state over `store`, within `limits`, with `setup`.
    pub fn with_setup(store: Store, limits: Limits, setup: Setup) -> AppState {
        let Setup {
            clock,
            trusted_proxies,
            public_url,
            mail,
            recipients,
        } = setup;
        let accounts_recipients = AccountRecipients(store.clone());
        let thinkers = Thinkers::new(limits.ai_threads);
        let messages = f64::from(limits.messages_per_second);
        AppState {
            inner: Arc::new(Inner {
                store,
                analyst: Analyst::new(limits.analysis_level),
                chances: Chances::default(),
                thinkers,
                metrics: Arc::new(Metrics::default()),
                games: Registry::default(),
                clock,
                trusted_proxies,
                post: Post::new(
                    mail,
                    recipients.unwrap_or_else(|| SharedRecipients(Arc::new(accounts_recipients))),
                ),
                shutdown: watch::channel(false).0,
                creates: RateLimiter::new(
                    f64::from(limits.creates_per_minute) / 60.0,
                    f64::from(limits.creates_per_minute),
                ),
                messages: RateLimiter::new(messages, 2.0 * messages),
                hints: RateLimiter::new(
                    f64::from(limits.hints_per_minute) / 60.0,
                    f64::from(limits.hints_per_minute),
                ),
                limits,
                accounts: Accounts::new(public_url.as_deref()),
                public_url,
            }),
        }
    }

    /// The accounts' hasher, throttle and cookie settings.
    pub fn accounts(&self) -> &Accounts {
        &self.inner.accounts
    }

    /// The address at which people reach the server (`--public-url`), if
    /// it was given: for links in mails.
    pub fn public_url(&self) -> Option<&str> {
        self.inner.public_url.as_deref()
    }

    /// Drops this server's copy of game `id`, if it has one, so that the
    /// game is read from the store when next asked for (after its rows
    /// were changed outside its task, as a deleted account's names are).
    pub fn forget(&self, id: &str) {
        let mut games = self.inner.games.lock().unwrap_or_else(|e| e.into_inner());
        games.remove(id);
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The estimates of games' present positions, for spectators.
    pub fn chances(&self) -> &Chances {
        &self.inner.chances
    }

    /// The thread that analyses finished games.
    pub fn analyst(&self) -> &Analyst {
        &self.inner.analyst
    }

    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The proxies whose connections may name the client (see
    /// [`crate::proxy`]).
    pub fn trusted_proxies(&self) -> &TrustedProxies {
        &self.inner.trusted_proxies
    }

    /// The server's mail (see [`crate::mail`]).
    pub(crate) fn post(&self) -> &Post {
        &self.inner.post
    }

    /// The server's clock (see [`crate::clock`]).
    pub fn clock(&self) -> &Clock {
        &self.inner.clock
    }

    /// How many games the server's registry holds: those in play here and
    /// those being loaded.
    pub fn games_in_memory(&self) -> usize {
        self.inner
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    pub fn thinkers(&self) -> &Thinkers {
        &self.inner.thinkers
    }

    /// The limiter of game creation per client address.
    pub fn creates(&self) -> &RateLimiter {
        &self.inner.creates
    }

    /// The limiter of requests and messages per client address.
    pub fn messages(&self) -> &RateLimiter {
        &self.inner.messages
    }

    /// The limiter of hints per client address.
    pub fn hints(&self) -> &RateLimiter {
        &self.inner.hints
    }

    /// A receiver that changes when the server begins to shut down.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    fn services(&self) -> Services {
        Services {
            store: self.inner.store.clone(),
            thinkers: self.inner.thinkers.clone(),
            metrics: Arc::clone(&self.inner.metrics),
            think_time: self.inner.limits.think_time,
            rest_after: self.inner.limits.rest_after,
            shutdown: self.shutdown_signal(),
            clock: self.inner.clock.clone(),
            games: Arc::clone(&self.inner.games),
            post: self.inner.post.clone(),
        }
    }

    /// The game `id`, loaded from the store and started if it is not in
    /// play yet.
    pub async fn game(&self, id: &str) -> Result<GameHandle, ApiError> {
        if !secret::is_game_id_syntax(id) {
            return Err(ApiError::no_game(id));
        }
        let cell = {
            let mut games = self.inner.games.lock().unwrap_or_else(|e| e.into_inner());
            // A game whose task has rested is started again from the store.
            if games
                .get(id)
                .and_then(|cell| cell.get())
                .is_some_and(GameHandle::is_closed)
            {
                games.remove(id);
            }
            Arc::clone(games.entry(id.to_owned()).or_default())
        };
        let loaded = cell
            .get_or_try_init(|| async {
                match self.inner.store.load(id).await {
                    Ok(Some(table)) => Ok(live::spawn(table, self.services())),
                    Ok(None) => Err(ApiError::no_game(id)),
                    Err(error) => {
                        warn!(game = id, %error, "a game could not be loaded");
                        Err(match error {
                            StoreError::Damaged { .. } => ApiError::internal(format!(
                                "game {id} cannot be read back from the store"
                            )),
                            _ => ApiError::unavailable("the store cannot be reached; try again"),
                        })
                    }
                }
            })
            .await
            .cloned();
        if loaded.is_err() {
            // Forget the empty cell, so that unknown ids take no memory.
            let mut games = self.inner.games.lock().unwrap_or_else(|e| e.into_inner());
            if games.get(id).is_some_and(|cell| cell.get().is_none()) {
                games.remove(id);
            }
        }
        loaded
    }

    /// The game `id` if it is in play on this server, without loading it.
    pub fn live_game(&self, id: &str) -> Option<GameHandle> {
        let games = self.inner.games.lock().unwrap_or_else(|e| e.into_inner());
        games
            .get(id)
            .and_then(|cell| cell.get())
            .filter(|handle| !handle.is_closed())
            .cloned()
    }

    /// Every game in play on this server, with its id.
    pub fn live_games(&self) -> Vec<(String, GameHandle)> {
        let games = self.inner.games.lock().unwrap_or_else(|e| e.into_inner());
        games
            .iter()
            .filter_map(|(id, cell)| Some((id.clone(), cell.get()?.clone())))
            .filter(|(_, handle)| !handle.is_closed())
            .collect()
    }

    /// Stores a new game and starts it.
    pub async fn start(&self, table: Table) -> Result<(), StoreError> {
        self.start_owned(table, &[]).await
    }

    /// Stores the new game `table` with the seats accounts own from its
    /// start (`owners`, in the same transaction) and starts its task.
    pub async fn start_owned(&self, table: Table, owners: &[OwnedSeat]) -> Result<(), StoreError> {
        self.inner.store.insert_owned(&table, owners).await?;
        let id = table.id.clone();
        let handle = live::spawn(table, self.services());
        let mut games = self.inner.games.lock().unwrap_or_else(|e| e.into_inner());
        games.insert(id, Arc::new(OnceCell::new_with(Some(handle))));
        Ok(())
    }

    /// Starts every game the store holds that is not over, so that their
    /// computer seats and clocks go on after a restart. Answers how many.
    ///
    /// A store shared by several servers starts none here: each server's
    /// sweep (`cluster.rs`) starts the games whose work falls due
    /// and nobody has claimed, and the others start when a client asks.
    pub async fn resume(&self) -> Result<usize, StoreError> {
        if let Err(error) = self.rate_missed().await {
            // The games stay unrated until the next start; the server
            // plays on.
            warn!(%error, "the missed rating updates could not be applied");
        }
        if self.inner.store.is_shared() {
            return Ok(0);
        }
        let ids = self.inner.store.unfinished().await?;
        let mut resumed = 0;
        for id in &ids {
            match self.game(id).await {
                Ok(_) => resumed += 1,
                Err(error) => warn!(game = %id, error = %error.body.error, "not resumed"),
            }
        }
        if resumed > 0 {
            info!(games = resumed, "resumed the games in play");
        }
        Ok(resumed)
    }

    /// Applies the rating updates of finished rated games that a server
    /// stopped before applying (between the game's end and its update),
    /// at most `rating::MISSED_PER_START` of them on each start; the
    /// store applies each once, also when several servers start together.
    async fn rate_missed(&self) -> Result<(), StoreError> {
        let (applied, more) = crate::rating::rate_missed(
            &self.inner.store,
            self.clock().now_ms(),
            crate::rating::MISSED_PER_START,
        )
        .await?;
        if applied > 0 {
            info!(games = applied, "applied the rating updates missed before");
        }
        if more {
            warn!(
                limit = crate::rating::MISSED_PER_START,
                "more missed rating updates wait; the next starts apply them"
            );
        }
        Ok(())
    }

    /// Begins shutting down: games finish what they are doing and stop,
    /// WebSockets close, searches stop.
    pub fn begin_shutdown(&self) {
        let _ = self.inner.shutdown.send(true);
        self.inner.thinkers.stop_all();
    }
}
