//! Set-ups and variants: what a game starts from, and the numbers each player
//! count plays with.

use std::fmt;

use thiserror::Error;

use crate::rng::RandomSource;
use crate::types::{FAMILY_COUNT, Family, TERRITORY_COUNT};

/// Which rules a game follows beyond the player count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The 4-player team game: seats 0 and 2 against seats 1 and 3.
    pub teams: bool,
}

impl Variant {
    /// The standard game for 2 or 3 players.
    pub const STANDARD: Variant = Variant { teams: false };
    /// The 4-player team game.
    pub const TEAMS: Variant = Variant { teams: true };

    /// The variant a game of `players` players usually means: the team game
    /// for four, the standard game otherwise.
    pub const fn for_players(players: usize) -> Variant {
        Variant {
            teams: players == 4,
        }
    }
}

/// The numbers that depend on the player count and variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// How many people play.
    pub players: u8,
    /// Whether this is the team game.
    pub teams: bool,
    /// Knights placed in a turn, and drawn after it.
    pub knights_per_turn: u8,
    /// Knights in the initial reserve.
    pub initial_reserve: u8,
    /// Castles that end the game at once.
    pub castle_target: u8,
}

impl Config {
    /// The configuration for `players` players in `variant`, if the variant
    /// allows that many: 2 or 3 in the standard game, 4 in the team game.
    pub const fn new(players: usize, variant: Variant) -> Option<Config> {
        match (players, variant.teams) {
            (2, false) => Some(Config {
                players: 2,
                teams: false,
                knights_per_turn: 3,
                initial_reserve: 7,
                castle_target: 10,
            }),
            (3, false) => Some(Config {
                players: 3,
                teams: false,
                knights_per_turn: 4,
                initial_reserve: 9,
                castle_target: 8,
            }),
            (4, true) => Some(Config {
                players: 4,
                teams: true,
                knights_per_turn: 3,
                initial_reserve: 7,
                castle_target: 10,
            }),
            _ => None,
        }
    }

    /// The variant of this configuration.
    pub const fn variant(&self) -> Variant {
        Variant { teams: self.teams }
    }

    /// How many sides compete for regions: the players, or the two teams.
    pub const fn sides(&self) -> usize {
        if self.teams { 2 } else { self.players as usize }
    }
}

/// What a game starts from: the knights on the territories and the initial
/// playing order. Reserves are not part of it; they come from the first
/// draws, which are moves of the record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// How many people play.
    pub players: usize,
    /// The rules variant.
    pub variant: Variant,
    /// The family of the knight on each territory, from territory 1 clockwise.
    pub territories: [Family; TERRITORY_COUNT],
    /// The initial playing order, as seat numbers. It is checked when a game
    /// is built from the set-up, so it may hold anything here.
    pub order: Vec<usize>,
}

/// Why a set-up cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{players} players cannot play {}: the standard game is for 2 or 3 players, the team game for 4", variant_name(*.variant))]
    PlayerCount { players: usize, variant: Variant },
    #[error("family {family} has {count} knights on the territories; each family has exactly 3")]
    KnightCount { family: Family, count: usize },
    #[error("the order {order:?} is not a permutation of the seats 0 to {}", .players.saturating_sub(1))]
    Order { order: Vec<usize>, players: usize },
}

impl SetupError {
    /// The field of a record (`carolus-record/1`) that holds what is
    /// wrong, so that a reader can be pointed at it in any language.
    pub fn record_field(&self) -> &'static str {
        match self {
            SetupError::PlayerCount { .. } => "players",
            SetupError::KnightCount { .. } => "setup.territories",
            SetupError::Order { .. } => "setup.order",
        }
    }
}

fn variant_name(variant: Variant) -> &'static str {
    if variant.teams {
        "the team game"
    } else {
        "the standard game"
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(variant_name(*self))
    }
}

impl Setup {
    /// The fifteen starting knights before shuffling: three of each family in
    /// notation order.
    pub const fn unshuffled_territories() -> [Family; TERRITORY_COUNT] {
        let mut knights = [Family::Red; TERRITORY_COUNT];
        let mut i = 0;
        while i < TERRITORY_COUNT {
            knights[i] = match Family::from_index(i / 3) {
                Some(family) => family,
                None => Family::Red,
            };
            i += 1;
        }
        knights
    }

    /// A random set-up: the fifteen knights shuffled onto the territories,
    /// then the seats shuffled into the initial order, both with Fisher–Yates
    /// from `rng` (in that order, so a seed fixes both).
    pub fn random<R: RandomSource>(players: usize, variant: Variant, rng: &mut R) -> Setup {
        let mut territories = Setup::unshuffled_territories();
        rng.shuffle(&mut territories);
        let mut order: Vec<usize> = (0..players).collect();
        rng.shuffle(&mut order);
        Setup {
            players,
            variant,
            territories,
            order,
        }
    }

    /// The configuration of this set-up, or why there is none.
    pub fn config(&self) -> Result<Config, SetupError> {
        Config::new(self.players, self.variant).ok_or(SetupError::PlayerCount {
            players: self.players,
            variant: self.variant,
        })
    }

    /// Checks everything a game needs of its set-up.
    pub fn validate(&self) -> Result<Config, SetupError> {
        let config = self.config()?;
        let mut counts = [0usize; FAMILY_COUNT];
        for family in self.territories {
            counts[family.index()] += 1;
        }
        for family in Family::ALL {
            if counts[family.index()] != 3 {
                return Err(SetupError::KnightCount {
                    family,
                    count: counts[family.index()],
                });
            }
        }
        let mut seen = [false; 4];
        let is_permutation = self.order.len() == self.players
            && self
                .order
                .iter()
                .all(|&seat| seat < self.players && !std::mem::replace(&mut seen[seat], true));
        if !is_permutation {
            return Err(SetupError::Order {
                order: self.order.clone(),
                players: self.players,
            });
        }
        Ok(config)
    }

    /// The territories written as the notation does: fifteen family letters.
    pub fn territories_string(&self) -> String {
        self.territories.iter().map(|f| f.letter()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    #[test]
    fn random_setups_are_valid_for_every_player_count() {
        let mut rng = GameRng::seed_from_u64(5);
        for players in 2..=4 {
            let setup = Setup::random(players, Variant::for_players(players), &mut rng);
            assert!(setup.validate().is_ok(), "{setup:?}");
        }
    }

    #[test]
    fn the_team_game_needs_four_players_and_four_players_need_teams() {
        let mut setup = Setup::random(4, Variant::STANDARD, &mut GameRng::seed_from_u64(1));
        assert!(matches!(
            setup.validate(),
            Err(SetupError::PlayerCount { players: 4, .. })
        ));
        setup.players = 3;
        setup.variant = Variant::TEAMS;
        setup.order = vec![0, 1, 2];
        assert!(matches!(
            setup.validate(),
            Err(SetupError::PlayerCount { players: 3, .. })
        ));
    }
}
