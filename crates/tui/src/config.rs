//! What a game in the terminal starts from: the position (new or loaded),
//! who sits at each seat (a person or a computer player of some level),
//! their names, and how long computer players may think.
//!
//! The command line fills a [`PlayConfig`]; [`crate::App::new`] checks it,
//! so that mistakes are reported before the screen is taken over.

use std::time::Duration;

use carolus_ai::Level;
use carolus_rules::Record;

/// Default names, one per seat. Their initials differ, so that the short
/// badges on a crowded board stay readable.
pub const DEFAULT_NAMES: [&str; 4] = ["Anna", "Bruno", "Clara", "David"];

/// The castle colours of the older rulebooks, by owner (seat, or team in
/// the team game).
pub const CASTLE_COLOURS: [&str; 3] = ["black", "white", "grey"];

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at the keyboard.
    Human,
    /// A computer player of some level.
    Ai { level: Level },
}

impl SeatKind {
    /// Whether a person plays the seat.
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// One seat: its name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub name: String,
    pub kind: SeatKind,
}

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

/// The seats of a game of `players`, from the names and computer players
/// asked for. Fails with a message for people when they do not fit.
pub fn seats(
    players: usize,
    names: Option<&[String]>,
    ai: &[(usize, Level)],
) -> Result<Vec<SeatInfo>, String> {
    if let Some(names) = names {
        if names.len() != players {
            return Err(format!(
                "{} name{} given for {players} players; give exactly one per seat",
                names.len(),
                if names.len() == 1 { " is" } else { "s are" }
            ));
        }
        if let Some(seat) = names.iter().position(|name| name.trim().is_empty()) {
            return Err(format!("the name of seat {seat} is empty"));
        }
    }
    let mut seats: Vec<SeatInfo> = (0..players)
        .map(|i| SeatInfo {
            name: names
                .and_then(|names| names.get(i))
                .map(|name| clean_name(name))
                .unwrap_or_else(|| DEFAULT_NAMES.get(i).copied().unwrap_or("Player").to_owned()),
            kind: SeatKind::Human,
        })
        .collect();
    for &(seat, level) in ai {
        let Some(info) = seats.get_mut(seat) else {
            return Err(format!(
                "there is no seat {seat} in a game of {players}: seats are 0 to {}",
                players.saturating_sub(1)
            ));
        };
        info.kind = SeatKind::Ai { level };
    }
    Ok(seats)
}

/// A name made fit for one line of the screen: control characters become
/// spaces and surrounding space goes.
fn clean_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_take_names_and_levels() {
        let names = vec!["Ann".to_owned(), "Bo".to_owned()];
        let three = Level::new(3).unwrap();
        let seats = seats(2, Some(&names), &[(1, three)]).unwrap();
        assert_eq!(seats[0].name, "Ann");
        assert_eq!(seats[0].kind, SeatKind::Human);
        assert_eq!(seats[1].kind, SeatKind::Ai { level: three });
    }

    #[test]
    fn mistakes_are_explained() {
        assert!(
            seats(2, None, &[(2, Level::MIN)])
                .unwrap_err()
                .contains("no seat 2")
        );
        let one = vec!["Ann".to_owned()];
        assert!(
            seats(3, Some(&one), &[])
                .unwrap_err()
                .contains("1 name is given")
        );
        let blank = vec!["Ann".to_owned(), " ".to_owned()];
        assert!(seats(2, Some(&blank), &[]).unwrap_err().contains("seat 1"));
    }

    #[test]
    fn names_lose_control_characters() {
        assert_eq!(clean_name(" a\tb\n"), "a b");
    }
}
