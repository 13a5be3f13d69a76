//! A learned evaluation: win chances from a multinomial logistic model over
//! features of each side, fitted to the results of planner playouts.
//!
//! The tree search values its leaves by playing the game out with the turn
//! planner ([`crate::planner`]). A playout's result is one noisy sample of
//! what the position is worth; this model predicts the *average* result of
//! such playouts from a position, so a search can stop a playout after a few
//! turns and ask the model instead ([`crate::mcts::LeafValue::Learned`], the
//! two-player default with eight turns; tune key `leaf=learned:N`).
//!
//! The hand-written evaluation ([`crate::eval`]) lost in that role because it
//! misjudges whose turn comes next. The model is therefore only asked at the
//! start of a turn (the place phase, before the first placement), and its
//! features say who is about to act: the mover's best planned turn, the
//! regions the mover's disc reaches now, the regions within reach of a later
//! turn, and which sides still act this round.
//!
//! Each side `s` gets a score `w · f(s)`, and the chances are a softmax of
//! the scores; in the team game the chance of a team is split between its
//! seats. Every feature also enters multiplied by the game's progress
//! ([`crate::eval::progress`]), so that the weight of a castle or a region
//! lead can grow towards the end. The weights, one set per player count,
//! are fitted by `examples/learn.rs` (`--games 40000 --seed 1`), which
//! prints this file's table; they are fitted to planner playouts because
//! that is where the search asks the model, at the end of such playouts.
//!
//! EXPERIMENTS.md ("A learned evaluation") has how well the model predicts
//! (log losses, its error against the average of many playouts), what it
//! gained as a leaf value with two players and lost with three or four,
//! and the models tried instead and not kept.

use carolus_rules::{Family, Game, MAX_SEATS, Phase, Seat};

use crate::eval::{
    SeatValues, castles_of_side, control_is_vulnerable, control_sides, knights_on_board, outcome,
    progress, side_count, side_of, softmax_by_side, strongest_challenger, unique_leader,
    usable_knights,
};
use crate::planner::best_plan;

/// The number of base features of a side.
pub const BASE_FEATURES: usize = 24;

/// The number of inputs of the model for a side: the base features, then
/// each multiplied by the game's progress.
pub const INPUTS: usize = 2 * BASE_FEATURES;

/// The names of the base features, in order (for the fitting report).
#[cfg(feature = "experiments")]
pub const FEATURE_NAMES: [&str; BASE_FEATURES] = [
    "castles",
    "castles x near target",
    "castles lead over best rival",
    "is the mover",
    "acts later this round",
    "mover's best planned turn",
    "lead gain, mover's reach, safe",
    "lead gain, mover's reach, thin",
    "lead gain, within 5, safe",
    "lead gain, within 5, thin",
    "lead gain, far, safe",
    "lead gain, far, thin",
    "castles at risk, mover's reach, safe",
    "castles at risk, mover's reach, thin",
    "castles at risk, within 5, safe",
    "castles at risk, within 5, thin",
    "castles at risk, far, safe",
    "castles at risk, far, thin",
    "families controlled",
    "knights on board of controlled families",
    "controls a rival can take next turn",
    "reserve knights of controlled families",
    "reserve knights of other families",
    "jokers to assign",
];

/// The inputs of every side (indexed by side, entries past the side count
/// are zero).
pub type SideInputs = [[f64; INPUTS]; MAX_SEATS];

/// How far clockwise a later turn can move the emperor: the largest disc.
const LARGEST_DISC: usize = 5;

/// Which group of weights a game uses: two players, three players, or the
/// four-player team game.
pub fn model_index(game: &Game) -> usize {
    match game.players() {
        3 => 1,
        4 => 2,
        _ => 0,
    }
}

/// Whether the model may be asked about `game`: a turn is about to start
/// (the place phase, nothing placed yet).
pub fn at_turn_start(game: &Game) -> bool {
    game.phase() == Phase::Place && game.placed_this_turn() == 0
}

/// The model's inputs for every side of a position at the start of a turn.
///
/// Defined for any position with a player to act; the weights were fitted
/// on turn starts only ([`at_turn_start`]).
pub fn side_inputs(game: &Game) -> SideInputs {
    let mut inputs = [[0.0; INPUTS]; MAX_SEATS];
    let Some(mover_seat) = game.to_act() else {
        return inputs;
    };
    let base = base_features(game, mover_seat);
    let progress = progress(game);
    for (side_inputs, side_base) in inputs.iter_mut().zip(base.iter()) {
        side_inputs[..BASE_FEATURES].copy_from_slice(side_base);
        for (scaled, value) in side_inputs[BASE_FEATURES..].iter_mut().zip(side_base) {
            *scaled = value * progress;
        }
    }
    inputs
}

fn base_features(game: &Game, mover_seat: Seat) -> [[f64; BASE_FEATURES]; MAX_SEATS] {
    let mut features = [[0.0; BASE_FEATURES]; MAX_SEATS];
    let sides = side_count(game);
    let players = game.players();
    let mover = side_of(game, mover_seat);
    let target = usize::from(game.config().castle_target);
    let control = control_sides(game);

    let castles: Vec<usize> = (0..sides).map(|side| castles_of_side(game, side)).collect();
    for side in 0..sides {
        let own = castles[side];
        let best_rival = (0..sides)
            .filter(|&other| other != side)
            .map(|other| castles[other])
            .max()
            .unwrap_or(0);
        features[side][0] = own as f64;
        features[side][1] = if own + 2 >= target { own as f64 } else { 0.0 };
        features[side][2] = own as f64 - best_rival as f64;
    }

    // Turn order: the mover, and the sides with a turn still to come this
    // round (in the team game a side counts once, whichever seat acts).
    features[mover][3] = 1.0;
    let order: Vec<Seat> = game.order().collect();
    if let Some(position) = order.iter().position(|&seat| seat == mover_seat) {
        for &later in &order[position + 1..] {
            let side = side_of(game, later);
            if side != mover {
                features[side][4] = 1.0;
            }
        }
    }

    let left = game.left_to_place() as u32;
    let reach = game.emperor_reach();
    if reach > 0
        && let Some(plan) = best_plan(game, mover_seat, left, reach)
    {
        features[mover][5] = plan.value;
    }

    let usable = usable_knights(game, &control);

    let regions = game.regions();
    let region_count = regions.len();
    let emperor = game.emperor();
    let on_board = knights_on_board(game);
    for (index, region) in regions.iter().enumerate() {
        let scores = game.region_scores(index);
        let Some((leader, best, _)) = unique_leader(&scores[..sides]) else {
            continue;
        };
        let challenger = strongest_challenger(&scores[..sides], &usable, leader);
        let thin = usize::from(best <= challenger);
        let distance = (index + region_count - emperor) % region_count;
        let within = |steps: usize| {
            (1..=steps).contains(&distance) || (distance == 0 && region_count <= steps)
        };
        let class = if within(reach) {
            0
        } else if within(LARGEST_DISC) {
            1
        } else {
            2
        };
        let slot = 2 * class + thin;
        let castles_here = region.castles();
        match region.owner_index() {
            None => features[leader][6 + slot] += 1.0,
            Some(owner) if owner != leader => {
                features[leader][6 + slot] += castles_here as f64;
                features[owner][12 + slot] += castles_here as f64;
            }
            Some(_) => {}
        }
    }

    for family in Family::ALL {
        let Some(holder) = game.controller(family) else {
            continue;
        };
        let side = side_of(game, holder);
        features[side][18] += 1.0;
        features[side][19] += f64::from(on_board[family.index()]);
        if control_is_vulnerable(game, family, holder) {
            features[side][20] += 1.0;
        }
    }

    for seat in Seat::all(players) {
        let side = side_of(game, seat);
        let reserve = game.reserve(seat);
        for family in Family::ALL {
            let slot = if control[family.index()] == Some(side) {
                21
            } else {
                22
            };
            features[side][slot] += f64::from(reserve[family]);
        }
        features[side][23] += game.pending_jokers(seat) as f64;
    }
    features
}

/// Every side's score under a set of weights.
pub fn side_scores(game: &Game, inputs: &SideInputs, weights: &[f64; INPUTS]) -> SeatValues {
    let mut scores = [0.0; MAX_SEATS];
    for (score, side_inputs) in scores.iter_mut().zip(inputs).take(side_count(game)) {
        *score = side_inputs.iter().zip(weights).map(|(x, w)| x * w).sum();
    }
    scores
}

/// The model's win chances per seat, summing to 1 (exact for a finished
/// game). Meant for positions at the start of a turn ([`at_turn_start`]).
pub fn learned_chances(game: &Game) -> SeatValues {
    if game.is_over() {
        return outcome(game);
    }
    let weights = &FITTED[model_index(game)];
    let scores = side_scores(game, &side_inputs(game), weights);
    // The scores are in log-odds units already: temperature 1.
    softmax_by_side(game, &scores, 1.0)
}

/// The fitted weights: two players, three players, the team game.
pub const FITTED: [[f64; INPUTS]; 3] = [
    // 2 players
    [
        -0.007105, -0.057207, -0.060917, -0.138523, -0.372171, -0.118421, 0.016707, -0.022843,
        -0.042985, -0.018845, -0.018653, -0.003526, -0.059662, -0.061457, -0.153621, -0.029784,
        -0.038938, -0.023839, 0.038003, -0.015944, 0.032134, 0.003227, -0.001903, 0.000000,
        0.035279, 0.058725, 0.259948, 1.041789, 2.213282, 0.502519, -0.040624, 0.073586, 0.102225,
        0.062373, 0.008825, 0.016303, 0.058014, 0.110295, 0.152335, 0.016333, -0.035649, -0.020525,
        0.489799, 0.030043, -0.536044, -0.030019, 0.021569, 0.000000,
    ],
    // 3 players
    [
        0.294040, -0.115122, -0.148562, -0.832760, -0.611815, 0.238073, 0.085387, 0.029087,
        0.035576, -0.020463, -0.024140, 0.006703, -0.353250, -0.247964, -0.489975, -0.339126,
        -0.570181, -0.380620, 0.087100, -0.102778, 0.290798, -0.081810, 0.013769, 0.000000,
        -0.128796, 0.168583, 0.294592, 1.548539, 2.421882, 0.253790, 0.086001, 0.050288, 0.183311,
        0.152236, 0.356541, 0.100557, 0.498904, 0.314010, 0.710460, 0.476461, 0.911251, 0.555571,
        0.255476, 0.135396, -0.961404, 0.193304, -0.031288, 0.000000,
    ],
    // 4 players
    [
        -0.004557, 0.030710, -0.039984, -0.513351, -0.629663, -0.066502, 0.015083, -0.010052,
        0.050049, 0.006443, 0.061656, 0.011308, -0.326130, -0.050600, -0.373475, -0.144074,
        0.029252, 0.104239, 0.015194, -0.054618, 0.064841, 0.014444, -0.008838, 0.000000, 0.024623,
        -0.013509, 0.193633, 1.504694, 2.181595, 0.422146, 0.051028, 0.051526, -0.120348,
        -0.004492, -0.270175, -0.011428, 0.383870, 0.059272, 0.306313, 0.091438, -0.368624,
        -0.253909, 0.558854, 0.062199, -0.958729, 0.003432, -0.002425, 0.000000,
    ],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::playout_step;
    use carolus_rules::{GameRng, Variant};

    #[test]
    fn learned_chances_sum_to_one_at_every_turn_start_of_every_player_count() {
        for players in 2..=4 {
            let mut rng = GameRng::seed_from_u64(40 + players as u64);
            let Some(mut game) = Game::random(players, Variant::for_players(players), &mut rng)
            else {
                panic!("a random game exists for {players} players");
            };
            let mut turn_starts = 0;
            while !game.is_over() {
                if at_turn_start(&game) {
                    turn_starts += 1;
                    let chances = learned_chances(&game);
                    let sum: f64 = chances.iter().sum();
                    assert!((sum - 1.0).abs() < 1e-9, "{chances:?}");
                    assert!(chances.iter().all(|c| c.is_finite() && *c >= 0.0));
                }
                game.play_random(&mut rng);
            }
            assert!(turn_starts > 0);
        }
    }

    /// The mean log loss of the model at the turn starts of planner games
    /// (the games it was fitted to), and that of equal chances.
    fn log_losses(players: usize, games: u64) -> (f64, f64) {
        let mut model_loss = 0.0;
        let mut equal_loss = 0.0;
        let mut positions = 0;
        for seed in 0..games {
            // Seeds far from the fitting run's (1 to 40 000).
            let mut rng = GameRng::seed_from_u64(1_000_000 + seed);
            let Some(mut game) = Game::random(players, Variant::for_players(players), &mut rng)
            else {
                panic!("a random game exists for {players} players");
            };
            let mut predictions = Vec::new();
            while !game.is_over() {
                if at_turn_start(&game) {
                    predictions.push(learned_chances(&game));
                }
                assert!(playout_step(&mut game, &mut rng, 4));
            }
            let result = outcome(&game);
            for chances in predictions {
                for seat in 0..players {
                    model_loss -= result[seat] * chances[seat].max(1e-12).ln();
                    equal_loss -= result[seat] * (1.0 / players as f64).ln();
                }
                positions += 1;
            }
        }
        (model_loss / positions as f64, equal_loss / positions as f64)
    }

    #[test]
    fn the_fitted_model_predicts_planner_games_better_than_equal_chances() {
        for players in 2..=4 {
            let (model, equal) = log_losses(players, 120);
            assert!(
                model < equal - 0.02,
                "{players} players: model {model:.4}, equal chances {equal:.4}"
            );
        }
    }

    #[test]
    fn the_mover_and_only_the_mover_is_marked_as_such() {
        let mut rng = GameRng::seed_from_u64(7);
        let Some(mut game) = Game::random(3, Variant::for_players(3), &mut rng) else {
            panic!("a random game exists");
        };
        while !at_turn_start(&game) {
            game.play_random(&mut rng);
        }
        let inputs = side_inputs(&game);
        let Some(mover) = game.to_act() else {
            panic!("a turn start has a mover");
        };
        for (side, side_inputs) in inputs.iter().enumerate().take(3) {
            let expected = if side == mover.index() { 1.0 } else { 0.0 };
            assert_eq!(side_inputs[3], expected);
            if side == mover.index() {
                assert_eq!(side_inputs[4], 0.0, "the mover does not act later");
            }
        }
    }
}
