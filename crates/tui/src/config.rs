//! What a game in the terminal starts from: the position (new or loaded),
//! who sits at each seat (a person or a computer player of some level),
//! their names, and how long computer players may think.
//!
//! The command line fills a [`PlayConfig`]; [`crate::App::new`] checks it
//! (the seats with carolus-core's `session::seats`), so that mistakes are
//! reported before the screen is taken over.

use std::time::Duration;

use carolus_ai::Level;
use carolus_l10n::Language;
use carolus_rules::Record;

/// Where the game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// A new game of `players` seats (4 is the team game).
    New { players: usize },
    /// A game continuing a record, such as a saved game.
    Record(Box<Record>),
    /// The guided first game (`carolus play --learn`): carolus-core's
    /// lessons, on their deal, against the level-1 computer.
    Lesson,
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
    /// Computer players as (seat, level), each seat named by its number
    /// (from 0) or its player's name; the other seats are people. `None`
    /// keeps the computer players a loaded record names (none in a new
    /// game); a list, even an empty one, replaces them.
    pub ai: Option<Vec<(String, Level)>>,
    /// One name per seat, if given.
    pub names: Option<Vec<String>>,
    /// Whether to use colours (off for `NO_COLOR`).
    pub colour: bool,
    /// The thinking allowance of computer players and hints.
    pub think: ThinkLimits,
    /// The language of everything the game shows.
    pub language: Language,
}

impl PlayConfig {
    /// Computer players at the seats numbered in `ai`, replacing any a
    /// loaded record names.
    pub fn with_ai(mut self, ai: &[(usize, Level)]) -> PlayConfig {
        self.ai = Some(
            ai.iter()
                .map(|&(seat, level)| (seat.to_string(), level))
                .collect(),
        );
        self
    }

    /// A new game of `players` with seed `seed`, people at every seat, in
    /// English (`carolus play` sets the language from `--lang` or the
    /// environment).
    pub fn new_game(players: usize, seed: u64) -> PlayConfig {
        PlayConfig {
            start: Start::New { players },
            seed,
            ai: None,
            names: None,
            colour: true,
            think: ThinkLimits::default(),
            language: Language::English,
        }
    }
}

/// The seat `named` means among `names` (one per seat): its number from 0,
/// or the name of its player, in any case; or why it means none.
pub fn seat_named(named: &str, names: &[&str]) -> Result<usize, String> {
    let named = named.trim();
    if let Ok(seat) = named.parse::<usize>() {
        if seat < names.len() {
            return Ok(seat);
        }
    } else {
        let found: Vec<usize> = (0..names.len())
            .filter(|&seat| names[seat].to_lowercase() == named.to_lowercase())
            .collect();
        if let [seat] = found[..] {
            return Ok(seat);
        }
        if found.len() > 1 {
            return Err(format!(
                "{named:?} names seats {found:?}; give the seat's number instead"
            ));
        }
    }
    let seats: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| format!("{seat} {name}"))
        .collect();
    Err(format!(
        "there is no seat {named:?}: the seats are {} (a number or a name)",
        seats.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_named_by_its_number_or_its_player() {
        let names = ["Anna", "Bruno", "Clara"];
        assert_eq!(seat_named("2", &names), Ok(2));
        assert_eq!(seat_named("bruno", &names), Ok(1));
        assert_eq!(
            seat_named("3", &names),
            Err(
                "there is no seat \"3\": the seats are 0 Anna, 1 Bruno, 2 Clara \
                 (a number or a name)"
                    .to_owned()
            )
        );
        assert!(
            seat_named("Zoe", &names)
                .unwrap_err()
                .contains("no seat \"Zoe\"")
        );
        assert!(
            seat_named("Anna", &["Anna", "anna"])
                .unwrap_err()
                .contains("names seats [0, 1]")
        );
    }
}
