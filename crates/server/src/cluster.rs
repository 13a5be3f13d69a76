//! Several servers on one database (PostgreSQL): what a server does so
//! that the others' changes reach its clients and no work is left undone
//! when one of them dies.
//!
//! Two background tasks, started by [`crate::run`] when the store is
//! shared. The listener hears every server's notices and hands each to
//! the game's task if the game is in play here; when its connection was
//! lost, notices may have been lost with it, so every game in play reads
//! itself back. The listener never waits for one game: a game whose
//! mailbox is full (its task is busy, say with a slow read) is noted, and
//! told to read itself back once it has room, which brings it every
//! change it missed, while the other games' notices go on. The sweep asks
//! the store, every second, for games whose work (a computer's move, a
//! clock running out) is due and unclaimed, in play here or not, and
//! starts them and pokes them, so that a server that died with a claim is
//! taken over once its claim lapses; now and then it also sets the
//! server's clock to the database's time ([`crate::clock`]).

use std::collections::HashSet;
use std::time::Duration;

use tokio::task::JoinHandle;
use tracing::{info, warn};

use crate::live::Command;
use crate::state::AppState;
use crate::store::{Heard, Notice};

/// How often the sweep looks for work due.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// The most games one sweep takes up.
const SWEEP_LIMIT: usize = 100;

/// How many sweeps pass between two readings of the database's time.
const CLOCK_EVERY_SWEEPS: u32 = 60;

/// How often the listener offers the games whose mailbox was full their
/// read-back again.
const CATCH_UP_EVERY: Duration = Duration::from_millis(50);

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
    let mut courier = Courier::new(&state);
    // Whatever changed before listening began is read back.
    courier.everyone();
    let mut catch_up = tokio::time::interval(CATCH_UP_EVERY);
    catch_up.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let heard = tokio::select! {
            heard = notices.next() => heard,
            _ = catch_up.tick(), if courier.is_behind() => {
                courier.catch_up();
                continue;
            }
            _ = shutdown.changed() => return,
        };
        match heard {
            Heard::Notice(notice) => courier.deliver(notice),
            Heard::Lost => {
                info!("heard the other servers again; every game in play reads itself back");
                courier.everyone();
            }
            Heard::Closed => return,
        }
    }
}

/// Hands the other servers' notices to the games in play here, without
/// waiting on any one of them.
struct Courier {
    state: AppState,
    /// This server's name: its own notices are not for it.
    own: String,
    /// Games whose mailbox was full when something came for them: each is
    /// told to read itself back once its mailbox has room, which brings
    /// it every change it missed meanwhile.
    behind: HashSet<String>,
}

impl Courier {
    fn new(state: &AppState) -> Courier {
        Courier {
            state: state.clone(),
            own: state.store().server_name().unwrap_or_default().to_owned(),
            behind: HashSet::new(),
        }
    }

    /// Hands `notice` to its game if the game is in play here.
    fn deliver(&mut self, notice: Notice) {
        if notice.server == self.own || self.behind.contains(&notice.game) {
            // A game behind reads itself back, which brings this change too.
            return;
        }
        let Some(game) = self.state.live_game(&notice.game) else {
            return;
        };
        let id = notice.game.clone();
        if !game.try_tell(Command::Follow {
            notice: Some(Box::new(notice)),
        }) {
            warn!(game = %id, "a game's mailbox is full; it reads itself back once it has room");
            self.behind.insert(id);
        }
    }

    /// Tells every game in play here to read itself back.
    fn everyone(&mut self) {
        for (id, game) in self.state.live_games() {
            if !game.try_tell(Command::Follow { notice: None }) {
                self.behind.insert(id);
            }
        }
    }

    /// Whether a game still waits for its read-back.
    fn is_behind(&self) -> bool {
        !self.behind.is_empty()
    }

    /// Tells the games behind that now have room to read themselves back.
    fn catch_up(&mut self) {
        let state = &self.state;
        self.behind.retain(|id| {
            state
                .live_game(id)
                .is_some_and(|game| !game.try_tell(Command::Follow { notice: None }))
        });
    }
}

async fn sweep(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut sweeps = 0u32;
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => return,
        }
        if sweeps.is_multiple_of(CLOCK_EVERY_SWEEPS)
            && let Err(error) = state.store().set_clock(state.clock()).await
        {
            warn!(%error, "cannot read the database's time");
        }
        sweeps = sweeps.wrapping_add(1);
        let due = match state.store().unclaimed_due(SWEEP_LIMIT).await {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::MAILBOX;
    use crate::live::tests::{create, server, two_people, view};

    /// A notice of another server's change to game `id` from `from` on;
    /// `reload`: one that makes the game read itself back.
    fn notice(id: &str, from: usize, moves: Vec<String>, reload: bool) -> Notice {
        Notice {
            server: "another".to_owned(),
            game: id.to_owned(),
            from,
            moves,
            turn_started_ms: None,
            clocks: Vec::new(),
            reload,
            takebacks: 0,
        }
    }

    fn followed(state: &AppState) -> u64 {
        let text = state.metrics().render(0);
        let line = text
            .lines()
            .find(|line| line.contains(r#"handled="followed""#))
            .expect("the counter of changes followed");
        line.rsplit(' ').next().unwrap().parse().unwrap()
    }

    #[tokio::test(start_paused = true)]
    async fn a_game_whose_mailbox_is_full_holds_up_no_other_games_notices() {
        let state = server().await;
        let (stuck_id, stuck) = create(&state, two_people()).await;
        let mut others = Vec::new();
        for _ in 0..3 {
            others.push(create(&state, two_people()).await);
        }
        let mut courier = Courier::new(&state);

        // The stuck game reads itself back from a store that does not
        // answer (its one connection is held), and its mailbox fills up.
        let held = state.store().hold_connection().await;
        courier.deliver(notice(&stuck_id, 0, Vec::new(), true));
        for _ in 0..2 * MAILBOX {
            courier.deliver(notice(&stuck_id, 0, Vec::new(), true));
        }
        assert!(courier.is_behind());

        // The other games still take their notices: each follows one (a
        // change it already holds, so that following needs no read).
        for (id, game) in &others {
            let record = view(game).await.record;
            let first = record["moves"][0].as_str().unwrap().to_owned();
            courier.deliver(notice(id, 0, vec![first], false));
        }
        for (_, game) in &others {
            view(game).await;
        }
        assert_eq!(followed(&state), 1 + others.len() as u64);

        // Once the store answers, the stuck game works through its mail
        // (the notices that filled it, the first among them), and is then
        // told once to read itself back.
        drop(held);
        view(&stuck).await;
        courier.catch_up();
        assert!(!courier.is_behind());
        view(&stuck).await;
        assert_eq!(followed(&state), others.len() as u64 + MAILBOX as u64 + 1);
    }
}
