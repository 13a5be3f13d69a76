//! The levels offered to people: which bot plays at each of the levels 1 to
//! 5, how long it thinks, and which level gives hints.
//!
//! Every front end (the terminal game, the command line, the server) asks
//! this module, so that "level 4" means the same bot everywhere.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::{AiError, BotSpec};

/// A strength for people, from 1 (a beginner) to 5 (the strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// The level that gives hints unless a stronger one sits at the table:
    /// a tree search of a few thousand iterations answers in a moment and
    /// advises far better than the one-turn look-ahead of level 3.
    pub const HINT: Level = Level(4);
    /// How long a computer player thinks about one decision unless told
    /// otherwise. Only level 5 uses all of it; levels 1 to 3 answer in well
    /// under a millisecond and level 4 stops at its iteration cap first.
    pub const THINKING_TIME: Duration = Duration::from_secs(2);

    /// The level `number`, if it is one of 1 to 5.
    pub fn new(number: u8) -> Result<Level, AiError> {
        if (Level::MIN.0..=Level::MAX.0).contains(&number) {
            Ok(Level(number))
        } else {
            Err(AiError::BadLevel { level: number })
        }
    }

    /// The level's number, 1 to 5.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// The bot that plays at this level:
    ///
    /// 1. `greedy:noise=0.5`: often picks a poor turn,
    /// 2. `greedy:noise=0.03`: sensible with slips,
    /// 3. `greedy`: the best turn by the evaluation,
    /// 4. `mcts:level=4`: a tree search of a few thousand iterations,
    /// 5. `mcts`: a tree search using all the time it is given.
    pub fn spec(self) -> BotSpec {
        match self.0 {
            1 => BotSpec::Greedy { noise: 0.5 },
            2 => BotSpec::Greedy { noise: 0.03 },
            3 => BotSpec::Greedy { noise: 0.0 },
            4 => BotSpec::Mcts {
                level: Some(4),
                ms: None,
                iterations: None,
                threads: None,
                explore: None,
                playout: None,
            },
            _ => BotSpec::MCTS,
        }
    }

    /// The level whose bot gives hints at a table where `seated` are the
    /// computer players' levels: [`Level::HINT`], or the strongest seated
    /// level if that is stronger, so that a hint is never weaker than the
    /// opponent it is meant to help against.
    pub fn for_hints(seated: impl IntoIterator<Item = Level>) -> Level {
        seated.into_iter().fold(Level::HINT, Level::max)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = AiError;

    /// Reads a level's number; anything but 1 to 5 is
    /// [`AiError::BadLevel`] (or [`AiError::BadSpec`] for what is not a
    /// number at all).
    fn from_str(text: &str) -> Result<Level, AiError> {
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        match text.parse::<u8>() {
            Ok(number) if digits => Level::new(number),
            // A long run of digits is still a level that does not exist.
            _ if digits => Err(AiError::BadLevel { level: u8::MAX }),
            _ => Err(AiError::BadSpec {
                spec: text.to_owned(),
                reason: "a level is a number from 1 to 5".to_owned(),
            }),
        }
    }
}

impl TryFrom<u8> for Level {
    type Error = AiError;

    fn try_from(number: u8) -> Result<Level, AiError> {
        Level::new(number)
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_go_from_one_to_five() {
        assert_eq!(
            Level::all().map(Level::number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
        assert_eq!(Level::new(0), Err(AiError::BadLevel { level: 0 }));
        assert_eq!(Level::new(6), Err(AiError::BadLevel { level: 6 }));
        assert_eq!("3".parse::<Level>(), Ok(Level(3)));
        assert!("three".parse::<Level>().is_err());
        assert!("+3".parse::<Level>().is_err());
        assert_eq!(
            "300".parse::<Level>(),
            Err(AiError::BadLevel { level: u8::MAX })
        );
    }

    #[test]
    fn the_weak_levels_are_greedy_and_the_strong_ones_search() {
        assert!(matches!(Level::MIN.spec(), BotSpec::Greedy { noise } if noise > 0.0));
        assert_eq!(
            Level::new(3).unwrap().spec(),
            BotSpec::Greedy { noise: 0.0 }
        );
        assert!(matches!(
            Level::new(4).unwrap().spec(),
            BotSpec::Mcts { level: Some(4), .. }
        ));
        assert_eq!(Level::MAX.spec(), BotSpec::MCTS);
    }

    #[test]
    fn hints_come_from_level_four_or_the_strongest_at_the_table() {
        assert_eq!(Level::for_hints([]), Level::HINT);
        assert_eq!(Level::for_hints([Level::MIN, Level(3)]), Level::HINT);
        assert_eq!(Level::for_hints([Level::MIN, Level::MAX]), Level::MAX);
    }
}
