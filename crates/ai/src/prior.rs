//! The tree search's prior: how likely each legal move is to be the best,
//! before any search.
//!
//! PUCT weighs its exploration by the prior, and progressive widening opens
//! a node's moves in the prior's order, so the prior decides which moves a
//! short search looks at at all. It is built from the turn planner
//! ([`crate::planner`]) and the evaluation ([`crate::eval`]):
//!
//! - a placement's weight is a base by destination (the court, a region
//!   the emperor can reach this turn, one beyond reach) plus, for every
//!   planned turn that places this family there, a term that falls off
//!   with how much worse that plan is than the best one;
//! - discs and jokers are scored by the planner's values, emperor moves by
//!   the evaluation of the position they reach;
//! - a softmax turns the scores into probabilities.
//!
//! Every constant is a field of [`PriorWeights`], so that
//! `examples/fit_priors.rs` can fit them to what long searches choose and
//! experiments can set them with `MctsConfig::tune` (feature
//! `experiments`).

use carolus_rules::{Destination, Game, Move, Phase, Seat};

use crate::eval::{EvalWeights, win_chances};
use crate::planner::{disc_value, disc_values, joker_values, plans_by_steps};

/// The constants of the prior.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PriorWeights {
    /// The base weight of a placement in the court.
    pub court: f64,
    /// The base weight of a placement in a region the emperor can reach
    /// this turn.
    pub in_reach: f64,
    /// The base weight of a placement in a region beyond the emperor's
    /// reach.
    pub beyond_reach: f64,
    /// The weight of a planned turn that makes the placement, when that
    /// turn is the best one.
    pub plan: f64,
    /// How fast a planned turn's weight falls off with its shortfall from
    /// the best turn (in win chance): the weight is `plan` times
    /// exp(-shortfall / plan_temperature).
    pub plan_temperature: f64,
    /// The softmax temperature over the placements' log-weights: 1 makes
    /// a placement's prior proportional to its weight, less sharpens it.
    pub placement_temperature: f64,
    /// The softmax temperature over the planner's disc values.
    pub disc_temperature: f64,
    /// The softmax temperature over the planner's joker values.
    pub joker_temperature: f64,
    /// The softmax temperature over the win chance an emperor move
    /// reaches.
    pub emperor_temperature: f64,
}

impl Default for PriorWeights {
    /// The constants set by hand ([`PriorWeights::HAND_SET`]); the search's
    /// own defaults differ by player count ([`PRIOR_DEFAULTS`]).
    fn default() -> PriorWeights {
        PriorWeights::HAND_SET
    }
}

/// The prior the tree search uses by player count (two, three, the team
/// game): each fitted to long searches of its own player count.
pub const PRIOR_DEFAULTS: [PriorWeights; 3] = [
    PriorWeights::FITTED_TWO_PLAYERS,
    PriorWeights::FITTED_THREE_PLAYERS,
    PriorWeights::FITTED_TEAM,
];

#[cfg(feature = "experiments")]
impl std::str::FromStr for PriorWeights {
    type Err = String;

    /// The name of a set in [`PriorWeights::NAMED`], such as `hand_set`.
    fn from_str(name: &str) -> Result<PriorWeights, String> {
        let known = PriorWeights::NAMED.iter().find(|(known, _)| *known == name);
        known.map(|(_, weights)| *weights).ok_or_else(|| {
            let names: Vec<&str> = PriorWeights::NAMED
                .iter()
                .map(|(known, _)| *known)
                .collect();
            format!(
                "no prior is called {name:?}; there are {}",
                names.join(", ")
            )
        })
    }
}

impl PriorWeights {
    /// The constants set by hand when the tree search was first built.
    pub const HAND_SET: PriorWeights = PriorWeights {
        court: 0.4,
        in_reach: 0.15,
        beyond_reach: 0.03,
        plan: 2.0,
        plan_temperature: 0.3,
        placement_temperature: 1.0,
        disc_temperature: 0.3,
        joker_temperature: 0.3,
        emperor_temperature: 0.05,
    };

    /// The constants fitted to two-player searches by
    /// `examples/fit_priors.rs`: the root visits of 50 000-iteration
    /// searches (widening off) in 1 000 positions of
    /// `measurements/time2v1.jsonl`, fitted by phase on four fifths of them.
    /// On the fifth held out, the cross-entropy to the visits fell from 2.33
    /// to 2.20 for placements, 0.800 to 0.799 for emperor moves, 1.032 to
    /// 1.027 for discs and 2.22 to 1.64 for jokers; the move the prior
    /// ranks first agreed with the searches as often as before, and the
    /// search plays clearly better with it (EXPERIMENTS.md, "A fitted
    /// prior").
    ///
    /// The fit mostly flattens the prior where the hand-set one was too
    /// sure: the court weighs more against the regions, and discs and
    /// jokers are spread more evenly, so the search tries more of them.
    pub const FITTED_TWO_PLAYERS: PriorWeights = PriorWeights {
        court: 1.8924,
        in_reach: 0.1976,
        beyond_reach: 0.0952,
        plan: 2.0,
        plan_temperature: 0.3215,
        placement_temperature: 0.8105,
        disc_temperature: 0.7147,
        joker_temperature: 1.9767,
        emperor_temperature: 0.0541,
    };

    /// The constants fitted the same way to three-player searches: the
    /// root visits of 50 000-iteration searches in 1 000 positions of
    /// `measurements/three4000.jsonl`. On the fifth held out, the
    /// cross-entropy to the visits fell from 2.10 to 1.94 for placements,
    /// 1.05 to 0.98 for discs, 1.99 to 1.59 for jokers and 0.648 to 0.644
    /// for emperor moves, and one seat with them beats two with the
    /// hand-set constants (EXPERIMENTS.md, "A fitted prior").
    ///
    /// It weighs the court almost as much as the two-player fit (1.64)
    /// and sharpens the placements more than the other two fits do
    /// (temperature 0.58, against 0.81 and 0.91, and 1 by hand).
    pub const FITTED_THREE_PLAYERS: PriorWeights = PriorWeights {
        court: 1.6407,
        in_reach: 0.3325,
        beyond_reach: 0.1596,
        plan: 2.0,
        plan_temperature: 0.3806,
        placement_temperature: 0.5779,
        disc_temperature: 0.8527,
        joker_temperature: 1.5900,
        emperor_temperature: 0.0382,
    };

    /// The constants fitted the same way to team-game searches: the root
    /// visits of 50 000-iteration searches in 1 000 positions of
    /// `measurements/team2v1.jsonl`. On the fifth held out, the
    /// cross-entropy to the visits fell from 2.28 to 2.24 for placements,
    /// 0.962 to 0.928 for discs and 1.98 to 1.60 for jokers, and rose from
    /// 0.951 to 0.953 for emperor moves, and the search beats the hand-set
    /// constants with it (EXPERIMENTS.md, "A fitted prior").
    ///
    /// Like the two-player fit it spreads discs and jokers more evenly
    /// than the hand-set prior, but it raises the court's weight less
    /// (0.77, against 1.89 with two players and 0.4 by hand).
    pub const FITTED_TEAM: PriorWeights = PriorWeights {
        court: 0.7652,
        in_reach: 0.1246,
        beyond_reach: 0.0418,
        plan: 2.0,
        plan_temperature: 0.3673,
        placement_temperature: 0.9083,
        disc_temperature: 0.6702,
        joker_temperature: 2.3072,
        emperor_temperature: 0.0522,
    };

    /// The named sets of constants, as [`PriorWeights`]'s `FromStr` takes them:
    /// experiments name one to compare a prior with another whatever the
    /// player count's default is.
    #[cfg(feature = "experiments")]
    pub const NAMED: [(&'static str, PriorWeights); 4] = [
        ("hand_set", PriorWeights::HAND_SET),
        ("fitted_two_players", PriorWeights::FITTED_TWO_PLAYERS),
        ("fitted_three_players", PriorWeights::FITTED_THREE_PLAYERS),
        ("fitted_team", PriorWeights::FITTED_TEAM),
    ];

    /// The names of the constants, as [`PriorWeights::set`] takes them
    /// and in the order of [`PriorWeights::values`].
    #[cfg(feature = "experiments")]
    pub const NAMES: [&'static str; 9] = [
        "court",
        "in_reach",
        "beyond_reach",
        "plan",
        "plan_temperature",
        "placement_temperature",
        "disc_temperature",
        "joker_temperature",
        "emperor_temperature",
    ];

    /// The constants in the order of [`PriorWeights::NAMES`].
    #[cfg(feature = "experiments")]
    pub fn values(&self) -> [f64; 9] {
        [
            self.court,
            self.in_reach,
            self.beyond_reach,
            self.plan,
            self.plan_temperature,
            self.placement_temperature,
            self.disc_temperature,
            self.joker_temperature,
            self.emperor_temperature,
        ]
    }

    /// Sets the constant called `name`; every one must be positive.
    #[cfg(feature = "experiments")]
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        if !(value > 0.0 && value.is_finite()) {
            return Err(format!(
                "the prior's {name} must be a positive number, not {value}"
            ));
        }
        let field = match name {
            "court" => &mut self.court,
            "in_reach" => &mut self.in_reach,
            "beyond_reach" => &mut self.beyond_reach,
            "plan" => &mut self.plan,
            "plan_temperature" => &mut self.plan_temperature,
            "placement_temperature" => &mut self.placement_temperature,
            "disc_temperature" => &mut self.disc_temperature,
            "joker_temperature" => &mut self.joker_temperature,
            "emperor_temperature" => &mut self.emperor_temperature,
            _ => {
                return Err(format!(
                    "the prior has no constant {name}; it has {}",
                    PriorWeights::NAMES.join(", ")
                ));
            }
        };
        *field = value;
        Ok(())
    }
}

/// A prior probability for each legal move of a decision position, in the
/// order of [`Game::legal_moves`]; empty when nobody is to decide.
pub fn move_priors(game: &Game, evaluation: &EvalWeights, prior: &PriorWeights) -> Vec<f64> {
    let count = game.legal_move_count();
    let Some(seat) = game.to_act() else {
        return Vec::new();
    };
    let moves: Vec<Move> = (0..count).filter_map(|i| game.nth_legal_move(i)).collect();
    let scores: Vec<f64> = match game.phase() {
        Phase::Disc => {
            let values = disc_values(game, seat);
            moves
                .iter()
                .map(|mv| disc_value(&values, mv) / prior.disc_temperature)
                .collect()
        }
        Phase::Joker => {
            let values = joker_values(game, seat);
            moves
                .iter()
                .map(|mv| match mv {
                    Move::Joker(family) => values[family.index()] / prior.joker_temperature,
                    _ => 0.0,
                })
                .collect()
        }
        Phase::Move => moves
            .iter()
            .map(|mv| {
                let mut next = game.clone();
                next.play_unchecked(*mv);
                win_chances(&next, evaluation)[seat.index()] / prior.emperor_temperature
            })
            .collect(),
        Phase::Place => placement_scores(game, seat, &moves, prior),
        Phase::Draw | Phase::Over => vec![0.0; moves.len()],
    };
    softmax(&scores)
}

/// Scores for the placements: the log of a weight made of the planner's
/// turns for each emperor move, weighted by their worth, and a base for the
/// court, the regions within reach and those beyond, over the placement
/// temperature.
fn placement_scores(game: &Game, seat: Seat, moves: &[Move], prior: &PriorWeights) -> Vec<f64> {
    let reach = game.emperor_reach().max(1);
    let left = game.left_to_place() as u32;
    let (plans, reach) = plans_by_steps(game, seat, left, reach);
    let best = plans[..reach]
        .iter()
        .map(|p| p.value)
        .fold(f64::NEG_INFINITY, f64::max);
    let regions = game.regions();
    let mut weights = vec![0.0; moves.len()];
    for (weight, mv) in weights.iter_mut().zip(moves) {
        let Move::Place { family, to } = mv else {
            continue;
        };
        let f = family.index();
        let mut w = match to {
            Destination::Court => prior.court,
            Destination::Region(territory) => {
                let index = game.region_index(*territory);
                let distance = (index + regions.len() - game.emperor()) % regions.len();
                if (1..=reach).contains(&distance) {
                    prior.in_reach
                } else {
                    prior.beyond_reach
                }
            }
        };
        for plan in &plans[..reach] {
            let planned = match to {
                Destination::Court => plan.court[f],
                Destination::Region(territory) => {
                    if game.region_index(*territory) == plan.target {
                        plan.region[f]
                    } else {
                        0
                    }
                }
            };
            if planned > 0 {
                w += prior.plan * ((plan.value - best) / prior.plan_temperature).exp();
            }
        }
        *weight = w.ln() / prior.placement_temperature;
    }
    weights
}

/// Probabilities proportional to `exp(score)`.
fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = weights.iter().sum();
    if total > 0.0 && total.is_finite() {
        weights.iter().map(|w| w / total).collect()
    } else {
        vec![1.0 / scores.len().max(1) as f64; scores.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    /// The first position of a seeded two-player game where `phase` is due.
    fn first_position(phase: Phase, seed: u64) -> Game {
        let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, seed).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        loop {
            let game = recorded.game();
            assert!(!game.is_over(), "no {phase:?} position in game {seed}");
            if game.phase() == phase {
                return game.clone();
            }
            if game.phase() == Phase::Draw {
                recorded.draw_while_due(&mut rng);
            } else {
                recorded.play_random(&mut rng).unwrap();
            }
        }
    }

    #[test]
    fn every_decision_gets_a_probability_for_each_legal_move() {
        for phase in [Phase::Disc, Phase::Place, Phase::Move] {
            for seed in 1..=5 {
                let game = first_position(phase, seed);
                let priors = move_priors(&game, &EvalWeights::default(), &PriorWeights::default());
                assert_eq!(priors.len(), game.legal_moves().len(), "{phase:?}");
                assert!(priors.iter().all(|p| *p >= 0.0), "{priors:?}");
                let total: f64 = priors.iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "{phase:?}: {total}");
            }
        }
    }

    #[test]
    fn a_larger_base_for_the_court_raises_the_courts_placements() {
        let game = first_position(Phase::Place, 3);
        let court_share = |prior: &PriorWeights| -> f64 {
            let priors = move_priors(&game, &EvalWeights::default(), prior);
            game.legal_moves()
                .iter()
                .zip(priors)
                .filter(|(mv, _)| {
                    matches!(
                        mv,
                        Move::Place {
                            to: Destination::Court,
                            ..
                        }
                    )
                })
                .map(|(_, p)| p)
                .sum()
        };
        let mut courtly = PriorWeights::default();
        courtly.set("court", 4.0).unwrap();
        assert!(court_share(&courtly) > court_share(&PriorWeights::default()));
    }

    #[test]
    fn the_constants_are_set_by_name_and_must_be_positive() {
        let mut prior = PriorWeights::default();
        for (index, name) in PriorWeights::NAMES.iter().enumerate() {
            prior.set(name, 10.0 + index as f64).unwrap();
            assert_eq!(prior.values()[index], 10.0 + index as f64, "{name}");
        }
        assert!(prior.set("court", 0.0).is_err());
        assert!(prior.set("court", f64::NAN).is_err());
        let unknown = prior.set("castle", 1.0).unwrap_err();
        assert!(
            unknown.contains("castle") && unknown.contains("court"),
            "{unknown}"
        );
    }
}
