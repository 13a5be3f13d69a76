//! The state view (`carolus-state/1`): the JSON picture of a position that
//! the command line prints and that bots and clients read.
//!
//! The field names and meanings are fixed by the notation (NOTATION.md);
//! fields may be added, never renamed. The types derive both `Serialize` and
//! `Deserialize` so that Rust bots can read what the project writes.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Phase};
use crate::types::{Family, FamilyCounts, Seat, Team};

/// One value for each family, written as an object with the keys `R G B Y P`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilyMap<T> {
    #[serde(rename = "R")]
    pub red: T,
    #[serde(rename = "G")]
    pub green: T,
    #[serde(rename = "B")]
    pub blue: T,
    #[serde(rename = "Y")]
    pub yellow: T,
    #[serde(rename = "P")]
    pub pink: T,
}

impl<T: Copy> FamilyMap<T> {
    /// The map whose value for each family is `value(family)`.
    pub fn from_fn(mut value: impl FnMut(Family) -> T) -> FamilyMap<T> {
        FamilyMap {
            red: value(Family::Red),
            green: value(Family::Green),
            blue: value(Family::Blue),
            yellow: value(Family::Yellow),
            pink: value(Family::Pink),
        }
    }

    /// The value for `family`.
    pub fn get(&self, family: Family) -> T {
        match family {
            Family::Red => self.red,
            Family::Green => self.green,
            Family::Blue => self.blue,
            Family::Yellow => self.yellow,
            Family::Pink => self.pink,
        }
    }
}

impl From<&FamilyCounts> for FamilyMap<u32> {
    fn from(counts: &FamilyCounts) -> FamilyMap<u32> {
        FamilyMap::from_fn(|family| counts[family])
    }
}

/// One region in the state view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegionView {
    /// Territory numbers clockwise from the region's first, e.g. `[14, 15, 1, 2]`.
    pub territories: Vec<u8>,
    pub knights: FamilyMap<u32>,
    /// The owning seat, or team in the team game.
    pub owner: Option<usize>,
    pub castles: usize,
}

/// One seat in the state view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub court: FamilyMap<u32>,
    pub reserve: FamilyMap<u32>,
    /// Unused discs, ascending.
    pub discs: Vec<u8>,
    /// The disc chosen this round, `null` before choosing.
    pub disc: Option<u8>,
    /// The seat's castles: its team's total in the team game.
    pub castles: usize,
    /// Jokers drawn and not yet assigned.
    pub jokers: usize,
}

/// A position as the notation's `carolus-state/1` describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    pub players: usize,
    /// The partners of each team, present only in the team game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<usize>>>,
    pub round: u32,
    pub phase: Phase,
    pub to_act: Option<usize>,
    pub order: Vec<usize>,
    /// Index into `regions` of the emperor's region.
    pub emperor: usize,
    pub regions: Vec<RegionView>,
    pub control: FamilyMap<Option<usize>>,
    pub seats: Vec<SeatView>,
    pub winners: Vec<usize>,
    /// Every legal move token in canonical form; empty in `draw` and `over`.
    pub legal: Vec<String>,
    /// Knights the acting player still has to place this turn (an addition
    /// to the notation's fixed fields; 0 outside the place phase).
    #[serde(default)]
    pub to_place: usize,
    /// Castles that end the game at once (rulings 11 and 13, team game
    /// ruling 7): 10 with two players and in the team game, 8 with three.
    /// In the team game a team's total counts.
    #[serde(default)]
    pub castles_to_win: u8,
    /// The seat whose decision the position waits for: `to_act` in the
    /// `joker`, `disc`, `place` and `move` phases, `null` when a draw is due
    /// (chance decides, not the seat whose reserve is filled) or the game is
    /// over. A move played from a position with a decider is that seat's
    /// decision; a move played without one is a draw.
    #[serde(default)]
    pub decider: Option<usize>,
    /// In the `move` phase, the index into `regions` where the emperor stops
    /// for each legal move: entry `k - 1` for `move k` (ruling 8: counted
    /// clockwise from his region, once round at most). Empty in every other
    /// phase.
    #[serde(default)]
    pub landings: Vec<usize>,
}

impl StateView {
    /// The view of `game`.
    pub fn of(game: &Game) -> StateView {
        let regions = game
            .regions()
            .iter()
            .map(|region| RegionView {
                territories: region.territories().map(|t| t.number()).collect(),
                knights: region.knights().into(),
                owner: region.owner_index(),
                castles: region.castles(),
            })
            .collect();
        let seats = Seat::all(game.players())
            .map(|seat| SeatView {
                court: game.court(seat).into(),
                reserve: game.reserve(seat).into(),
                discs: game.unused_discs(seat).iter().map(|d| d.number()).collect(),
                disc: game.chosen_disc(seat).map(|d| d.number()),
                castles: game.castles(seat),
                jokers: game.pending_jokers(seat),
            })
            .collect();
        StateView {
            players: game.players(),
            teams: game.variant().teams.then(|| {
                Team::ALL
                    .iter()
                    .map(|team| team.seats().iter().map(|s| s.index()).collect())
                    .collect()
            }),
            round: game.round(),
            phase: game.phase(),
            to_act: game.to_act().map(Seat::index),
            order: game.order().map(Seat::index).collect(),
            emperor: game.emperor(),
            regions,
            control: FamilyMap::from_fn(|family| game.controller(family).map(Seat::index)),
            seats,
            winners: game.winners().map(Seat::index).collect(),
            legal: game.legal_moves().iter().map(|m| m.to_string()).collect(),
            to_place: game.left_to_place(),
            castles_to_win: game.config().castle_target,
            decider: match game.phase() {
                Phase::Draw | Phase::Over => None,
                _ => game.to_act().map(Seat::index),
            },
            landings: if game.phase() == Phase::Move {
                (1..=game.emperor_reach())
                    .map(|steps| game.landing(steps as u8))
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    /// The view as one line of JSON.
    pub fn to_json(&self) -> String {
        // Serializing plain structs of numbers, strings and options into a
        // string cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}
