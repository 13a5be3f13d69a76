//! Several servers on one database (PostgreSQL): what a server does so
//! that the others' changes reach its clients and no work is left undone
//! when one of them dies.
//!
//! Two background tasks, started by [`crate::run`] when the store is
//! shared. The listener hears every server's notices and hands each to
//! the game's task if the game is in play here; when its connection was
//! lost, notices may have been lost with it, so every game in play reads
//! itself back. The sweep asks the store, every second, for games whose
//! work (a computer's move, a clock running out) is due and unclaimed, in
//! play here or not, and starts them and pokes them, so that a server that
//! died with a claim is taken over once its claim lapses.

use std::time::Duration;

use tokio::task::JoinHandle;
use tracing::{info, warn};

use crate::live::{Command, now_ms};
use crate::state::AppState;
use crate::store::Heard;

/// How often the sweep looks for work due.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// The most games one sweep takes up.
const SWEEP_LIMIT: usize = 100;

/// Starts the listener and the sweep if other servers may share the
/// store; they end when the server shuts down.
pub fn start(state: &AppState) -> Vec<JoinHandle<()>> {
    if !state.store().is_shared() {
        return Vec::new();
    }
    vec![
        tokio::spawn(listen(state.clone())),
        tokio::spawn(sweep(state.clone())),
    ]
}

async fn listen(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    let own = state.store().server_name().unwrap_or_default().to_owned();
    let mut notices = loop {
        match state.store().notices().await {
            Ok(Some(notices)) => break notices,
            Ok(None) => return,
            Err(error) => {
                warn!(%error, "cannot listen to the other servers' notices yet");
                tokio::select! {
                    () = tokio::time::sleep(SWEEP_EVERY) => {}
                    _ = shutdown.changed() => return,
                }
            }
        }
    };
    // Whatever changed before listening began is read back.
    follow_all(&state).await;
    loop {
        let heard = tokio::select! {
            heard = notices.next() => heard,
            _ = shutdown.changed() => return,
        };
        match heard {
            Heard::Notice(notice) => {
                if notice.server == own {
                    continue;
                }
                if let Some(game) = state.live_game(&notice.game) {
                    game.tell(Command::Follow {
                        notice: Some(Box::new(notice)),
                    })
                    .await;
                }
            }
            Heard::Lost => {
                info!("heard the other servers again; every game in play reads itself back");
                follow_all(&state).await;
            }
            Heard::Closed => return,
        }
    }
}

/// Tells every game in play to read itself back from the store.
async fn follow_all(state: &AppState) {
    for game in state.live_games() {
        game.tell(Command::Follow { notice: None }).await;
    }
}

async fn sweep(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => return,
        }
        let due = match state.store().unclaimed_due(now_ms(), SWEEP_LIMIT).await {
            Ok(due) => due,
            Err(error) => {
                warn!(%error, "cannot look for work due");
                continue;
            }
        };
        for id in due {
            match state.game(&id).await {
                Ok(game) => game.tell(Command::Due).await,
                Err(error) => {
                    warn!(game = %id, error = %error.body.error, "work due on a game that cannot be started")
                }
            }
        }
    }
}
