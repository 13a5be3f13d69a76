//! Moves and their tokens: `disc N`, `place F court`, `place F T`, `move K`,
//! `joker F` and the chance event `draw S`.
//!
//! A token never names its player: who plays it always follows from the
//! state. Parsing checks only the syntax; whether a move is legal is the
//! game's business ([`crate::Game::play`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::types::{Disc, Family, Knight, ParseWordError, Territory, parse_small_number};

/// The most knights one draw can hold: the initial reserve of nine in the
/// 3-player game.
pub const MAX_DRAW: usize = 9;

/// Where a placed knight goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    /// The acting player's own court.
    Court,
    /// The region that holds this territory.
    Region(Territory),
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::Court => f.write_str("court"),
            Destination::Region(territory) => write!(f, "{territory}"),
        }
    }
}

/// The knights of one draw, in the order they were drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Draw {
    knights: [Knight; MAX_DRAW],
    len: u8,
}

impl Draw {
    /// A draw of `knights`, or `None` if there are more than [`MAX_DRAW`].
    pub fn new(knights: &[Knight]) -> Option<Draw> {
        if knights.len() > MAX_DRAW {
            return None;
        }
        let mut draw = Draw {
            knights: [Knight::Joker; MAX_DRAW],
            len: knights.len() as u8,
        };
        draw.knights[..knights.len()].copy_from_slice(knights);
        Some(draw)
    }

    /// A draw of the first `len` knights of `knights`, built without a
    /// copy loop: the playout step makes one every turn.
    #[inline]
    pub(crate) fn from_array(knights: [Knight; MAX_DRAW], len: usize) -> Draw {
        Draw {
            knights,
            len: len.min(MAX_DRAW) as u8,
        }
    }

    /// The drawn knights in order.
    #[inline]
    pub fn knights(&self) -> &[Knight] {
        &self.knights[..self.len as usize]
    }

    /// How many knights were drawn.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the draw is empty (never the case in a legal draw).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many of the knights are jokers.
    pub fn jokers(&self) -> usize {
        self.knights()
            .iter()
            .filter(|&&k| k == Knight::Joker)
            .count()
    }
}

impl fmt::Debug for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Draw(\"")?;
        for knight in self.knights() {
            write!(f, "{knight}")?;
        }
        write!(f, "\")")
    }
}

/// A decision of a player, or the chance event of a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `disc N`: choose the disc showing N for this round.
    Disc(Disc),
    /// `place F court` or `place F T`: put a knight of family F from the
    /// reserve into the court or into a region.
    Place { family: Family, to: Destination },
    /// `move K`: move the emperor K regions clockwise.
    Emperor { steps: u8 },
    /// `joker F`: assign the next unassigned joker to family F.
    Joker(Family),
    /// `draw S`: chance, the knights drawn into the reserve.
    Draw(Draw),
}

impl Move {
    /// Whether this is a player's decision, as opposed to the chance event of a draw.
    pub fn is_decision(&self) -> bool {
        !matches!(self, Move::Draw(_))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Disc(disc) => write!(f, "disc {disc}"),
            Move::Place { family, to } => write!(f, "place {family} {to}"),
            Move::Emperor { steps } => write!(f, "move {steps}"),
            Move::Joker(family) => write!(f, "joker {family}"),
            Move::Draw(draw) => {
                f.write_str("draw ")?;
                for knight in draw.knights() {
                    write!(f, "{knight}")?;
                }
                Ok(())
            }
        }
    }
}

/// Why a token is not a well-formed move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    #[error("the move is empty")]
    Empty,
    #[error("words must be separated by single spaces, with none before or after")]
    Spacing,
    #[error("{0:?} is not a move (expected disc, place, move, joker or draw)")]
    UnknownWord(String),
    #[error("`{word}` takes {expected}")]
    WrongArity {
        word: &'static str,
        expected: &'static str,
    },
    #[error(transparent)]
    Word(#[from] ParseWordError),
    #[error("{0:?} is not a number of steps (expected 1 to 15)")]
    Steps(String),
    #[error("a draw holds 1 to {MAX_DRAW} knights, not {0}")]
    DrawSize(usize),
    #[error("{0:?} in a draw is not a knight (expected R, G, B, Y, P or J)")]
    DrawLetter(char),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(token: &str) -> Result<Move, ParseMoveError> {
        if token.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        // The notation fixes single spaces between words; anything else is a
        // sign of a hand-edited or corrupted record, so say so precisely.
        if token.starts_with(' ') || token.ends_with(' ') || token.contains("  ") {
            return Err(ParseMoveError::Spacing);
        }
        if token.chars().any(|c| c.is_whitespace() && c != ' ') {
            return Err(ParseMoveError::Spacing);
        }
        // At most three words are meaningful; a fourth only shows the token
        // is too long. A fixed array keeps parsing free of allocation.
        let mut words = token.split(' ');
        let verb = words.next().unwrap_or_default();
        let mut slots = [""; 3];
        let mut count = 0;
        for word in words {
            if count == slots.len() {
                count += 1;
                break;
            }
            slots[count] = word;
            count += 1;
        }
        let args: &[&str] = &slots[..count.min(slots.len())];
        match verb {
            "disc" => match args {
                [n] => Ok(Move::Disc(n.parse()?)),
                _ => Err(ParseMoveError::WrongArity {
                    word: "disc",
                    expected: "one number, e.g. `disc 3`",
                }),
            },
            "place" => match args {
                [family, to] => {
                    let family = family.parse()?;
                    let to = if *to == "court" {
                        Destination::Court
                    } else {
                        Destination::Region(to.parse()?)
                    };
                    Ok(Move::Place { family, to })
                }
                _ => Err(ParseMoveError::WrongArity {
                    word: "place",
                    expected: "a family and a destination, e.g. `place R court` or `place R 4`",
                }),
            },
            "move" => match args {
                [k] => {
                    let steps = parse_small_number(k)
                        .filter(|s| (1..=15).contains(s))
                        .ok_or_else(|| ParseMoveError::Steps((*k).to_owned()))?;
                    Ok(Move::Emperor { steps: steps as u8 })
                }
                _ => Err(ParseMoveError::WrongArity {
                    word: "move",
                    expected: "one number of steps, e.g. `move 2`",
                }),
            },
            "joker" => match args {
                [family] => Ok(Move::Joker(family.parse()?)),
                _ => Err(ParseMoveError::WrongArity {
                    word: "joker",
                    expected: "one family, e.g. `joker G`",
                }),
            },
            "draw" => match args {
                [letters] => {
                    let count = letters.chars().count();
                    if count == 0 || count > MAX_DRAW {
                        return Err(ParseMoveError::DrawSize(count));
                    }
                    let mut knights = [Knight::Joker; MAX_DRAW];
                    for (slot, letter) in knights.iter_mut().zip(letters.chars()) {
                        *slot = Knight::from_letter(letter)
                            .ok_or(ParseMoveError::DrawLetter(letter))?;
                    }
                    Ok(Move::Draw(Draw {
                        knights,
                        len: count as u8,
                    }))
                }
                _ => Err(ParseMoveError::WrongArity {
                    word: "draw",
                    expected: "one word of knights, e.g. `draw RGJ`",
                }),
            },
            other => Err(ParseMoveError::UnknownWord(other.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(token: &str) -> Result<Move, ParseMoveError> {
        token.parse()
    }

    #[test]
    fn every_kind_of_token_round_trips() {
        for token in [
            "disc 1",
            "disc 5",
            "place R court",
            "place P 15",
            "place G 1",
            "move 1",
            "move 15",
            "joker Y",
            "draw RGBYPJ",
            "draw J",
            "draw RRRRRRRRR",
        ] {
            assert_eq!(parse(token).unwrap().to_string(), token);
        }
    }

    #[test]
    fn malformed_tokens_say_what_is_wrong() {
        let message = |t: &str| parse(t).unwrap_err().to_string();
        assert_eq!(message("place R 16"), "there is no territory 16");
        assert_eq!(message(""), "the move is empty");
        assert!(message("disc  3").contains("single spaces"));
        assert!(message(" disc 3").contains("single spaces"));
        assert!(message("disc\t3").contains("single spaces"));
        assert!(message("roll 3").contains("is not a move"));
        assert!(message("disc 6").contains("is not a disc"));
        assert!(message("disc").contains("takes one number"));
        assert!(message("place X court").contains("is not a family"));
        assert!(message("move 0").contains("not a number of steps"));
        assert!(message("move 16").contains("not a number of steps"));
        assert!(message("move 02").contains("not a number of steps"));
        assert!(message("disc 03").contains("is not a disc"));
        assert_eq!(message("place R 004"), "there is no territory 004");
        assert!(message("draw RRRRRRRRRR").contains("not 10"));
        assert!(message("draw RXJ").contains("'X'"));
        assert!(message("joker J").contains("is not a family"));
        assert!(message("draw RGé").contains("'é'"));
    }

    #[test]
    fn draws_count_their_jokers() {
        let Ok(Move::Draw(draw)) = parse("draw JRJ") else {
            panic!("a draw token should parse");
        };
        assert_eq!(draw.len(), 3);
        assert_eq!(draw.jokers(), 2);
    }
}
