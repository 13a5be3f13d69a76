//! What a game in the terminal starts from: the position (new or loaded),
//! who sits at each seat (a person or a computer player of some level),
//! their names, and how long computer players may think.
//!
//! The command line fills a [`PlayConfig`]; [`crate::App::new`] checks it
//! (the seats with carolus-core's `session::seats`), so that mistakes are
//! reported before the screen is taken over.

use std::time::Duration;

use carolus_ai::Level;
use carolus_rules::Record;

/// The castle colours of the older rulebooks, by owner (seat, or team in
/// the team game).
pub const CASTLE_COLOURS: [&str; 3] = ["black", "white", "grey"];

/// Where the game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// A new game of `players` seats (4 is the team game).
    New { players: usize },
    /// A game continuing a record, such as a saved game.
    Record(Box<Record>),
}

/// How long a computer player may think about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkLimits {
    /// A wall-clock limit; the tree search levels need one, since a stop
    /// flag alone would let them think until stopped.
    pub time: Option<Duration>,
    /// An iteration limit, for reproducible play (tests use it).
    pub iterations: Option<u64>,
}

impl Default for ThinkLimits {
    fn default() -> ThinkLimits {
        ThinkLimits {
            time: Some(Level::THINKING_TIME),
            iterations: None,
        }
    }
}

/// Everything `carolus play` is started with.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// A new game or a record to continue.
    pub start: Start,
    /// The seed of the game: the set-up and every draw of a new game come
    /// from it; for a loaded game, the draws still to come.
    pub seed: u64,
    /// Computer players as (seat, level); the other seats are people.
    pub ai: Vec<(usize, Level)>,
    /// One name per seat, if given.
    pub names: Option<Vec<String>>,
    /// Whether to use colours (off for `NO_COLOR`).
    pub colour: bool,
    /// The thinking allowance of computer players and hints.
    pub think: ThinkLimits,
}

impl PlayConfig {
    /// A new game of `players` with seed `seed`, people at every seat.
    pub fn new_game(players: usize, seed: u64) -> PlayConfig {
        PlayConfig {
            start: Start::New { players },
            seed,
            ai: Vec::new(),
            names: None,
            colour: true,
            think: ThinkLimits::default(),
        }
    }
}
