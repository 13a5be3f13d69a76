//! The vocabulary of the game: families, seats, teams, discs, territories and
//! the knights a draw can produce.
//!
//! Every type here is a small `Copy` value with a `FromStr`/`Display` pair for
//! its notation (see NOTATION.md), so that the rest of the engine can speak in
//! these words instead of in bare integers.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The number of noble families.
pub const FAMILY_COUNT: usize = 5;
/// The number of territories on the board.
pub const TERRITORY_COUNT: usize = 15;
/// The most seats a game can have (the team game).
pub const MAX_SEATS: usize = 4;

/// One of the five noble families, written with one capital letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Family {
    Red = 0,
    Green = 1,
    Blue = 2,
    Yellow = 3,
    Pink = 4,
}

impl Family {
    /// All families in notation order (`R G B Y P`).
    pub const ALL: [Family; FAMILY_COUNT] = [
        Family::Red,
        Family::Green,
        Family::Blue,
        Family::Yellow,
        Family::Pink,
    ];

    /// The family's position in [`Family::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The family at `index` in [`Family::ALL`], if there is one.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Family> {
        match index {
            0 => Some(Family::Red),
            1 => Some(Family::Green),
            2 => Some(Family::Blue),
            3 => Some(Family::Yellow),
            4 => Some(Family::Pink),
            _ => None,
        }
    }

    /// The family's letter in the notation.
    pub const fn letter(self) -> char {
        match self {
            Family::Red => 'R',
            Family::Green => 'G',
            Family::Blue => 'B',
            Family::Yellow => 'Y',
            Family::Pink => 'P',
        }
    }

    /// The family written as `letter`, if `letter` names one.
    pub const fn from_letter(letter: char) -> Option<Family> {
        match letter {
            'R' => Some(Family::Red),
            'G' => Some(Family::Green),
            'B' => Some(Family::Blue),
            'Y' => Some(Family::Yellow),
            'P' => Some(Family::Pink),
            _ => None,
        }
    }

    /// The family's English colour name, for people.
    pub const fn colour_name(self) -> &'static str {
        match self {
            Family::Red => "red",
            Family::Green => "green",
            Family::Blue => "blue",
            Family::Yellow => "yellow",
            Family::Pink => "pink",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A word of the notation that is not what it should be.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseWordError {
    #[error("{0:?} is not a family (expected R, G, B, Y or P)")]
    Family(String),
    #[error("{0:?} is not a seat (expected 0, 1, 2 or 3)")]
    Seat(String),
    #[error("{0:?} is not a team (expected 0 or 1)")]
    Team(String),
    #[error("{0:?} is not a disc (expected 1 to 5)")]
    Disc(String),
    #[error("there is no territory {0}")]
    Territory(String),
    #[error("{0:?} is not a drawn knight (expected R, G, B, Y, P or J)")]
    Knight(String),
}

impl FromStr for Family {
    type Err = ParseWordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Family::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| ParseWordError::Family(s.to_owned()))
    }
}

/// A player's seat at the table, numbered from 0.
///
/// Seats are fixed for the whole game; the playing order is a separate,
/// changing permutation of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The seat numbered `index`, if a game can have it.
    #[inline]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's number, from 0.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The team this seat plays for in the team game: seats 0 and 2 form
    /// team 0, seats 1 and 3 form team 1.
    #[inline]
    pub const fn team(self) -> Team {
        Team(self.0 % 2)
    }

    /// Every seat of a game with `players` players, in seat order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Seat {
    type Err = ParseWordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_small_number(s)
            .and_then(|n| Seat::new(n as usize))
            .ok_or_else(|| ParseWordError::Seat(s.to_owned()))
    }
}

/// A team of the 4-player game: team 0 is seats 0 and 2, team 1 is seats 1 and 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Team(u8);

impl Team {
    /// Both teams.
    pub const ALL: [Team; 2] = [Team(0), Team(1)];

    /// The team numbered `index` (0 or 1).
    pub const fn new(index: usize) -> Option<Team> {
        if index < 2 {
            Some(Team(index as u8))
        } else {
            None
        }
    }

    /// The team's number.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The two partners of the team, lower seat first.
    pub const fn seats(self) -> [Seat; 2] {
        [Seat(self.0), Seat(self.0 + 2)]
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Team {
    type Err = ParseWordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_small_number(s)
            .and_then(|n| Team::new(n as usize))
            .ok_or_else(|| ParseWordError::Team(s.to_owned()))
    }
}

/// Who can own regions and castles: a seat in the standard game, a team in the
/// team game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    Seat(Seat),
    Team(Team),
}

impl Owner {
    /// The number the state view uses for this owner: the seat or team index.
    pub const fn index(self) -> usize {
        match self {
            Owner::Seat(seat) => seat.index(),
            Owner::Team(team) => team.index(),
        }
    }

    /// The seats whose castles count for this owner, in seat order: the seat
    /// itself, or both partners of the team.
    pub fn seats(self) -> impl Iterator<Item = Seat> {
        let (first, partner) = match self {
            Owner::Seat(seat) => (seat, None),
            Owner::Team(team) => {
                let [first, partner] = team.seats();
                (first, Some(partner))
            }
        };
        std::iter::once(first).chain(partner)
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Owner::Seat(seat) => write!(f, "seat {seat}"),
            Owner::Team(team) => write!(f, "team {team}"),
        }
    }
}

/// One of a player's five numbered discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Disc(u8);

impl Disc {
    /// All five discs in ascending order.
    pub const ALL: [Disc; 5] = [Disc(1), Disc(2), Disc(3), Disc(4), Disc(5)];

    /// The disc showing `number`, if it is 1 to 5.
    #[inline]
    pub const fn new(number: u8) -> Option<Disc> {
        if number >= 1 && number <= 5 {
            Some(Disc(number))
        } else {
            None
        }
    }

    /// The number on the disc.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Disc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Disc {
    type Err = ParseWordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_small_number(s)
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Disc::new)
            .ok_or_else(|| ParseWordError::Disc(s.to_owned()))
    }
}

/// A set of discs, such as a player's unused discs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DiscSet(u8);

impl DiscSet {
    /// No discs.
    pub const EMPTY: DiscSet = DiscSet(0);
    /// All five discs: a fresh or refilled set.
    pub const FULL: DiscSet = DiscSet(0b1_1111);

    #[inline]
    const fn bit(disc: Disc) -> u8 {
        1 << (disc.0 - 1)
    }

    /// Whether `disc` is in the set.
    #[inline]
    pub const fn contains(self, disc: Disc) -> bool {
        self.0 & Self::bit(disc) != 0
    }

    /// The set with `disc` added.
    #[inline]
    #[must_use]
    pub const fn with(self, disc: Disc) -> DiscSet {
        DiscSet(self.0 | Self::bit(disc))
    }

    /// The set with `disc` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, disc: Disc) -> DiscSet {
        DiscSet(self.0 & !Self::bit(disc))
    }

    /// The discs in both sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: DiscSet) -> DiscSet {
        DiscSet(self.0 & other.0)
    }

    /// The discs of `self` that are not in `other`.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: DiscSet) -> DiscSet {
        DiscSet(self.0 & !other.0)
    }

    /// Whether the set has no discs.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many discs the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The `n`-th disc of the set in ascending order, if there is one.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Disc> {
        if n >= self.len() {
            return None;
        }
        Some(Disc(NTH_SET_BIT[self.0 as usize][n] + 1))
    }

    /// The discs in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Disc> {
        Disc::ALL.into_iter().filter(move |&d| self.contains(d))
    }
}

/// `NTH_SET_BIT[mask][n]` is the position of the `n`-th set bit of a
/// five-bit `mask`: the `n`-th disc of a disc set, or the `n`-th family of a
/// family set. Random play picks by table because a bit-clearing loop's exit
/// is unpredictable and costs a branch misprediction.
pub(crate) const NTH_SET_BIT: [[u8; 5]; 32] = {
    let mut table = [[0u8; 5]; 32];
    let mut set = 0;
    while set < 32 {
        let mut found = 0;
        let mut bit = 0;
        while bit < 5 {
            if set & (1 << bit) != 0 {
                table[set][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        set += 1;
    }
    table
};

/// One of the fifteen territories of the board, numbered 1–15 clockwise.
///
/// Internally the territory is stored from 0 so that it can index arrays;
/// [`Territory::number`] and the notation use the printed 1–15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Territory(u8);

impl Territory {
    /// The territory printed `number` (1–15), if there is one.
    #[inline]
    pub const fn new(number: u8) -> Option<Territory> {
        if number >= 1 && number as usize <= TERRITORY_COUNT {
            Some(Territory(number - 1))
        } else {
            None
        }
    }

    /// The territory at position `index` (0–14) clockwise from territory 1.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Territory> {
        if index < TERRITORY_COUNT {
            Some(Territory(index as u8))
        } else {
            None
        }
    }

    /// The territory's printed number, 1–15.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The territory's position clockwise from territory 1, 0–14.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// All territories clockwise from territory 1.
    pub fn all() -> impl Iterator<Item = Territory> {
        (0..TERRITORY_COUNT as u8).map(Territory)
    }
}

impl fmt::Display for Territory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Territory {
    type Err = ParseWordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_small_number(s)
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Territory::new)
            .ok_or_else(|| ParseWordError::Territory(s.to_owned()))
    }
}

/// What one drawn knight turned out to be: a family, or a joker that its owner
/// assigns to a family afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Knight {
    Family(Family),
    Joker,
}

impl Knight {
    /// The six equally likely outcomes of a draw, in notation order.
    pub const OUTCOMES: [Knight; 6] = [
        Knight::Family(Family::Red),
        Knight::Family(Family::Green),
        Knight::Family(Family::Blue),
        Knight::Family(Family::Yellow),
        Knight::Family(Family::Pink),
        Knight::Joker,
    ];

    /// The knight's letter in a `draw` token.
    pub const fn letter(self) -> char {
        match self {
            Knight::Family(family) => family.letter(),
            Knight::Joker => 'J',
        }
    }

    /// The knight written as `letter`, if `letter` is one of `RGBYPJ`.
    pub const fn from_letter(letter: char) -> Option<Knight> {
        match letter {
            'J' => Some(Knight::Joker),
            _ => match Family::from_letter(letter) {
                Some(family) => Some(Knight::Family(family)),
                None => None,
            },
        }
    }
}

impl fmt::Display for Knight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Knight {
    type Err = ParseWordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Knight::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| ParseWordError::Knight(s.to_owned()))
    }
}

/// A count of knights for each family, as in a court, a reserve or a region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FamilyCounts(pub [u32; FAMILY_COUNT]);

impl FamilyCounts {
    /// No knights at all.
    pub const ZERO: FamilyCounts = FamilyCounts([0; FAMILY_COUNT]);

    /// The number of knights of `family`.
    #[inline]
    pub const fn get(&self, family: Family) -> u32 {
        self.0[family as usize]
    }

    /// All knights together.
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Families with at least one knight, in notation order.
    pub fn present(&self) -> impl Iterator<Item = Family> + '_ {
        Family::ALL.into_iter().filter(|&f| self.get(f) > 0)
    }
}

impl std::ops::Index<Family> for FamilyCounts {
    type Output = u32;

    fn index(&self, family: Family) -> &u32 {
        &self.0[family as usize]
    }
}

impl std::ops::IndexMut<Family> for FamilyCounts {
    fn index_mut(&mut self, family: Family) -> &mut u32 {
        &mut self.0[family as usize]
    }
}

/// Parses a small decimal number written the one way the notation writes
/// numbers: ASCII digits only, no sign, no spaces and no leading zeros, so
/// that every token has a single spelling (`disc 3`, never `disc 03`).
pub(crate) fn parse_small_number(s: &str) -> Option<u32> {
    let plain = !s.is_empty()
        && s.len() <= 9
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'));
    if plain { s.parse().ok() } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_is_its_own_seat_or_both_partners_of_a_team() {
        let seats = |owner: Owner| owner.seats().map(Seat::index).collect::<Vec<_>>();
        assert_eq!(seats(Owner::Seat(Seat::new(2).unwrap())), [2]);
        assert_eq!(seats(Owner::Team(Team::ALL[0])), [0, 2]);
        assert_eq!(seats(Owner::Team(Team::ALL[1])), [1, 3]);
        for seat in Seat::all(4) {
            assert!(Owner::Team(seat.team()).seats().any(|s| s == seat));
        }
    }

    #[test]
    fn families_round_trip_through_their_letters() {
        for family in Family::ALL {
            assert_eq!(family.to_string().parse::<Family>(), Ok(family));
        }
        assert!("r".parse::<Family>().is_err());
        assert!("RG".parse::<Family>().is_err());
        assert!("".parse::<Family>().is_err());
    }

    #[test]
    fn territories_are_numbered_one_to_fifteen() {
        assert_eq!("1".parse::<Territory>().map(Territory::index), Ok(0));
        assert_eq!("15".parse::<Territory>().map(Territory::index), Ok(14));
        assert_eq!(
            "16".parse::<Territory>().unwrap_err().to_string(),
            "there is no territory 16"
        );
        assert!("0".parse::<Territory>().is_err());
        assert!("+3".parse::<Territory>().is_err());
        assert!("03".parse::<Territory>().is_err());
        assert!("0".parse::<Seat>().is_ok());
        assert!("99999999999999999999".parse::<Territory>().is_err());
    }

    #[test]
    fn discs_are_one_to_five() {
        assert!("0".parse::<Disc>().is_err());
        assert_eq!("5".parse::<Disc>(), Ok(Disc(5)));
        assert!("6".parse::<Disc>().is_err());
    }

    #[test]
    fn disc_sets_enumerate_in_ascending_order() {
        let set = DiscSet::EMPTY.with(Disc(4)).with(Disc(2)).with(Disc(5));
        assert_eq!(set.len(), 3);
        assert_eq!(set.nth(0), Some(Disc(2)));
        assert_eq!(set.nth(1), Some(Disc(4)));
        assert_eq!(set.nth(2), Some(Disc(5)));
        assert_eq!(set.nth(3), None);
        assert_eq!(set.iter().collect::<Vec<_>>(), [Disc(2), Disc(4), Disc(5)]);
        assert!(DiscSet::FULL.without(Disc(1)).without(Disc(2)).len() == 3);
    }

    #[test]
    fn partners_sit_opposite() {
        assert_eq!(Team(0).seats(), [Seat(0), Seat(2)]);
        assert_eq!(Team(1).seats(), [Seat(1), Seat(3)]);
        assert_eq!(Seat(3).team(), Team(1));
    }

    #[test]
    fn knights_include_the_joker() {
        assert_eq!("J".parse::<Knight>(), Ok(Knight::Joker));
        assert_eq!("Y".parse::<Knight>(), Ok(Knight::Family(Family::Yellow)));
        assert!("X".parse::<Knight>().is_err());
    }
}
