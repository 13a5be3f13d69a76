//! Handing out a match's games to its worker threads, in set order.
//!
//! Every worker asks for its next game here; the match's main thread tells
//! the schedule when a set has been counted, when to stop starting sets
//! (the SPRT decided) and when to stop altogether (an error).
//!
//! Under `--sprt` the sets are also played **in order**: no game of a set
//! starts before every earlier set has been counted and the test has seen
//! it. Otherwise a worker could start the next set while the main thread
//! was still counting the last one, and whether that set is played (it is
//! finished once begun) would depend on which thread ran first: a match
//! with a fixed seed could end after 23 sets on a busy machine and after 24
//! on an idle one. In order, the set where the test decides is fixed by the
//! seed, and so is everything the match reports. The price is that workers
//! may idle at the end of each set while its last game finishes; without
//! `--sprt` every set is played anyway and nothing waits.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use crate::args::Players;
use crate::duplicate::{Deal, Plan};

/// The games of a match, handed out in set order.
pub struct Schedule {
    state: Mutex<State>,
    /// Woken whenever a set is counted or the match stops, for workers
    /// waiting for the sets before theirs.
    turn: Condvar,
}

struct State {
    master_seed: u64,
    plan: Plan,
    players: Players,
    next_set: u64,
    total_sets: u64,
    /// The set being handed out and its next rotation.
    current: Option<(Arc<Deal>, usize)>,
    /// Whether a set may start only once every earlier set is counted.
    in_order: bool,
    /// The sets before this one have all been counted.
    counted_before: u64,
    /// No new set is started (the SPRT decided).
    stopped: bool,
    /// Nothing more is handed out (an error).
    aborted: bool,
}

/// What a worker is to do next.
enum Next {
    Play(Arc<Deal>, usize),
    Wait,
    Done,
}

impl Schedule {
    /// The schedule of a match whose first game to play is `(set,
    /// rotation)` (later than `(0, 0)` when it resumes); every set gets the
    /// deal it has in a match played from the start. With `in_order`, sets
    /// are played one after another (see the module documentation).
    pub fn new(
        master_seed: u64,
        (set, rotation): (u64, usize),
        total_sets: u64,
        plan: &Plan,
        players: Players,
        in_order: bool,
    ) -> Schedule {
        let current = (rotation > 0).then(|| {
            let deal = Deal::of_match(master_seed, set, plan, players.variant());
            (Arc::new(deal), rotation)
        });
        let state = State {
            master_seed,
            plan: plan.clone(),
            players,
            next_set: if current.is_some() { set + 1 } else { set },
            total_sets,
            current,
            in_order,
            counted_before: set,
            stopped: false,
            aborted: false,
        };
        Schedule {
            state: Mutex::new(state),
            turn: Condvar::new(),
        }
    }

    /// The next game to play, as its set's deal and its rotation, or
    /// `None` when there is none left. In order, this waits until the sets
    /// before the game's own have been counted.
    pub fn next(&self) -> Option<(Arc<Deal>, usize)> {
        let mut state = self.lock()?;
        loop {
            match state.next() {
                Next::Play(deal, rotation) => return Some((deal, rotation)),
                Next::Done => return None,
                Next::Wait => state = self.turn.wait(state).ok()?,
            }
        }
    }

    /// Set `set` has been counted; with `stop`, no new set is started.
    pub fn counted(&self, set: u64, stop: bool) {
        if let Some(mut state) = self.lock() {
            state.counted_before = state.counted_before.max(set + 1);
            state.stopped |= stop;
        }
        self.turn.notify_all();
    }

    /// Starts no new set; the sets begun are finished.
    pub fn stop(&self) {
        if let Some(mut state) = self.lock() {
            state.stopped = true;
        }
        self.turn.notify_all();
    }

    /// Hands out nothing more.
    pub fn abort(&self) {
        if let Some(mut state) = self.lock() {
            state.aborted = true;
        }
        self.turn.notify_all();
    }

    /// The state, unless a thread panicked while holding it; then the
    /// schedule hands out nothing more.
    fn lock(&self) -> Option<MutexGuard<'_, State>> {
        self.state.lock().ok()
    }
}

impl State {
    fn next(&mut self) -> Next {
        if self.aborted {
            return Next::Done;
        }
        if let Some((deal, rotation)) = &mut self.current
            && *rotation < self.plan.set_size()
        {
            let job = Next::Play(Arc::clone(deal), *rotation);
            *rotation += 1;
            return job;
        }
        if self.stopped || self.next_set >= self.total_sets {
            return Next::Done;
        }
        if self.in_order && self.counted_before < self.next_set {
            return Next::Wait;
        }
        let set = self.next_set;
        self.next_set += 1;
        let deal = Arc::new(Deal::of_match(
            self.master_seed,
            set,
            &self.plan,
            self.players.variant(),
        ));
        self.current = Some((Arc::clone(&deal), 1));
        Next::Play(deal, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_players() -> Players {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            players: Players,
        }
        Cli::parse_from(["test"]).players
    }

    fn schedule(in_order: bool, first_game: (u64, usize)) -> Schedule {
        let plan = Plan::new(2, 2).unwrap();
        Schedule::new(7, first_game, 3, &plan, two_players(), in_order)
    }

    fn game(schedule: &Schedule) -> Option<(u64, usize)> {
        schedule.next().map(|(deal, rotation)| (deal.set, rotation))
    }

    #[test]
    fn games_come_in_set_order_until_the_sets_run_out() {
        let schedule = schedule(false, (0, 0));
        let games: Vec<_> = std::iter::from_fn(|| game(&schedule)).collect();
        assert_eq!(games, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]);
    }

    #[test]
    fn in_order_a_set_waits_for_the_sets_before_it_to_be_counted() {
        let schedule = schedule(true, (0, 0));
        assert_eq!(game(&schedule), Some((0, 0)));
        assert_eq!(game(&schedule), Some((0, 1)));
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| game(&schedule));
            std::thread::sleep(std::time::Duration::from_millis(50));
            assert!(!waiting.is_finished(), "set 1 must wait for set 0");
            schedule.counted(0, false);
            assert_eq!(waiting.join().unwrap(), Some((1, 0)));
        });
        // A decision while a worker waits ends the match for it.
        assert_eq!(game(&schedule), Some((1, 1)));
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| game(&schedule));
            schedule.counted(1, true);
            assert_eq!(waiting.join().unwrap(), None);
        });
    }

    #[test]
    fn a_resumed_match_finishes_its_begun_set_first() {
        let schedule = schedule(true, (1, 1));
        assert_eq!(game(&schedule), Some((1, 1)));
        schedule.counted(1, false);
        assert_eq!(game(&schedule), Some((2, 0)));
        schedule.abort();
        assert_eq!(game(&schedule), None);
    }
}
