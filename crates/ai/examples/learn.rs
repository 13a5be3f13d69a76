//! Fits the learned evaluation ([`carolus_ai::value`]): the planner plays
//! games against itself exactly as in the tree search's playouts (one disc
//! and one turn's target in `--randomness` chosen at random), the inputs of
//! every side are stored at every turn start together with the game's
//! result, and Newton's method fits a multinomial logistic model (with a
//! small ridge penalty) for each player count.
//!
//! With `--bot SPEC` (for example `--bot mcts:iterations=1000`) that bot
//! plays every seat instead of the planner, so the model learns who wins
//! between stronger players (much slower: seconds a game instead of a
//! fraction of a millisecond).
//!
//! The last fifth of the games is held out: the report (on stderr) compares
//! the held-out log loss of the fitted model with the calibrated
//! hand-written evaluation and with knowing nothing (equal chances). The
//! table of weights for `value.rs` goes to stdout.
//!
//! ```text
//! cargo run --release -p carolus-ai --example learn -- --games 40000 --seed 1 > weights.rs
//! ```

#[path = "support/usage.rs"]
mod usage;

use std::thread;

use carolus_ai::eval::{EvalWeights, honest_win_chances, outcome, side_count, side_of};
use carolus_ai::planner::playout_step;
use carolus_ai::value::{BASE_FEATURES, FEATURE_NAMES, INPUTS, at_turn_start, side_inputs};
use carolus_ai::{Bot, BotSpec, Budget};
use carolus_rules::{Game, GameRng, Phase, Seat, Variant};

/// The positions of one player count: for each sample, the inputs of every
/// side (side-major), the sides' shares of the result and the hand-written
/// evaluation's chances for the sides.
#[derive(Default)]
struct Samples {
    sides: usize,
    inputs: Vec<f32>,
    results: Vec<f64>,
    hand: Vec<f64>,
}

impl Samples {
    fn len(&self) -> usize {
        self.results.len() / self.sides.max(1)
    }

    fn append(&mut self, other: Samples) {
        self.sides = other.sides;
        self.inputs.extend(other.inputs);
        self.results.extend(other.results);
        self.hand.extend(other.hand);
    }

    fn row(&self, sample: usize, side: usize) -> &[f32] {
        let start = (sample * self.sides + side) * INPUTS;
        &self.inputs[start..start + INPUTS]
    }
}

struct Options {
    games: u64,
    seed: u64,
    randomness: u32,
    ridge: f64,
    players: Vec<usize>,
    bot: Option<BotSpec>,
}

fn main() {
    usage::answer_help(include_str!("learn.rs"));
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("learn: {message}");
            std::process::exit(2);
        }
    };
    let mut table = Vec::new();
    for &players in &options.players {
        let held_out = options.games / 5;
        let train = play_games(players, options.seed, options.games - held_out, &options);
        let test = play_games(
            players,
            options.seed + options.games - held_out,
            held_out,
            &options,
        );
        eprintln!(
            "{players} players: {} training positions, {} held out",
            train.len(),
            test.len()
        );
        let weights = fit(&train, options.ridge);
        let uniform = vec![0.0; INPUTS];
        for (name, data) in [("training", &train), ("held out", &test)] {
            eprintln!(
                "  {name:>8} log loss: equal chances {:.4}, hand-written evaluation {:.4}, fitted model {:.4}",
                log_loss(data, &uniform),
                hand_log_loss(data),
                log_loss(data, &weights),
            );
        }
        for (index, name) in FEATURE_NAMES.iter().enumerate() {
            eprintln!(
                "  {name:<42} {:>8.4} {:>+8.4} x progress",
                weights[index],
                weights[BASE_FEATURES + index]
            );
        }
        table.push((players, weights));
    }
    println!("pub const FITTED: [[f64; INPUTS]; 3] = [");
    for (players, weights) in &table {
        println!("    // {players} players");
        println!("    [");
        for weight in weights {
            println!("        {weight:.6},");
        }
        println!("    ],");
    }
    println!("];");
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        games: 12_000,
        seed: 1,
        randomness: 4,
        ridge: 1e-4,
        players: vec![2, 3, 4],
        bot: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |what: &str| format!("{flag}: {what}, not {value:?}");
        match flag.as_str() {
            "--games" => options.games = value.parse().map_err(|_| bad("a number"))?,
            "--seed" => options.seed = value.parse().map_err(|_| bad("a number"))?,
            "--randomness" => options.randomness = value.parse().map_err(|_| bad("a number"))?,
            "--ridge" => options.ridge = value.parse().map_err(|_| bad("a number"))?,
            "--bot" => options.bot = Some(value.parse().map_err(|e| format!("--bot: {e}"))?),
            "--players" => {
                options.players = value
                    .split(',')
                    .map(|part| match part.parse() {
                        Ok(players @ 2..=4) => Ok(players),
                        _ => Err(bad("player counts 2, 3 or 4 separated by commas")),
                    })
                    .collect::<Result<_, _>>()?;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.games < 5 {
        return Err("--games must be at least 5".to_owned());
    }
    Ok(options)
}

/// Plays `games` games from seeds `first_seed..` on every core.
fn play_games(players: usize, first_seed: u64, games: u64, options: &Options) -> Samples {
    let workers = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut all = Samples::default();
    thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                scope.spawn(move || {
                    let mut samples = Samples::default();
                    let mut game_index = worker;
                    while game_index < games {
                        play_game(players, first_seed + game_index, options, &mut samples);
                        game_index += workers;
                    }
                    samples
                })
            })
            .collect();
        for handle in handles {
            if let Ok(samples) = handle.join() {
                all.append(samples);
            }
        }
    });
    all
}

fn play_game(players: usize, seed: u64, options: &Options, samples: &mut Samples) {
    let mut rng = GameRng::seed_from_u64(seed);
    let Some(mut game) = Game::random(players, Variant::for_players(players), &mut rng) else {
        return;
    };
    let sides = side_count(&game);
    samples.sides = sides;
    let weights = EvalWeights::default();
    let mut bots: Vec<Box<dyn Bot>> = match &options.bot {
        Some(spec) => Seat::all(players)
            .map(|seat| spec.build(seed.wrapping_mul(31).wrapping_add(seat.index() as u64)))
            .collect(),
        None => Vec::new(),
    };
    let mut positions = 0;
    while !game.is_over() {
        if at_turn_start(&game) {
            let inputs = side_inputs(&game);
            for side_inputs in &inputs[..sides] {
                samples.inputs.extend(side_inputs.iter().map(|&x| x as f32));
            }
            let hand = honest_win_chances(&game, &weights);
            samples.hand.extend(by_side(&game, &hand));
            positions += 1;
        }
        let played = match (game.phase(), game.to_act()) {
            (Phase::Draw, _) | (_, None) => playout_step(&mut game, &mut rng, options.randomness),
            (_, Some(seat)) if !bots.is_empty() => {
                match bots[seat.index()].choose(&game, &Budget::default()) {
                    Ok(analysis) => game.play(analysis.best).is_ok(),
                    Err(_) => false,
                }
            }
            _ => playout_step(&mut game, &mut rng, options.randomness),
        };
        if !played {
            break;
        }
    }
    if !game.is_over() {
        // A game that could not be finished teaches nothing: forget it.
        let sides_kept = samples.results.len();
        samples.inputs.truncate(sides_kept * INPUTS);
        samples.hand.truncate(sides_kept);
        return;
    }
    let result = by_side(&game, &outcome(&game));
    for _ in 0..positions {
        samples.results.extend(&result);
    }
}

/// Per-seat values summed per side.
fn by_side(game: &Game, values: &[f64]) -> Vec<f64> {
    let mut sides = vec![0.0; side_count(game)];
    for seat in Seat::all(game.players()) {
        sides[side_of(game, seat)] += values[seat.index()];
    }
    sides
}

/// The softmax of the sides' scores under `weights` for one sample.
fn chances(data: &Samples, sample: usize, weights: &[f64]) -> Vec<f64> {
    let scores: Vec<f64> = (0..data.sides)
        .map(|side| {
            data.row(sample, side)
                .iter()
                .zip(weights)
                .map(|(&x, w)| f64::from(x) * w)
                .sum()
        })
        .collect();
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / total).collect()
}

fn cross_entropy(results: &[f64], chances: &[f64]) -> f64 {
    results
        .iter()
        .zip(chances)
        .map(|(y, p)| -y * p.max(1e-12).ln())
        .sum()
}

fn log_loss(data: &Samples, weights: &[f64]) -> f64 {
    let total: f64 = (0..data.len())
        .map(|sample| {
            let results = &data.results[sample * data.sides..(sample + 1) * data.sides];
            cross_entropy(results, &chances(data, sample, weights))
        })
        .sum();
    total / data.len().max(1) as f64
}

fn hand_log_loss(data: &Samples) -> f64 {
    let total: f64 = (0..data.len())
        .map(|sample| {
            let range = sample * data.sides..(sample + 1) * data.sides;
            cross_entropy(&data.results[range.clone()], &data.hand[range])
        })
        .sum();
    total / data.len().max(1) as f64
}

/// Newton's method on the mean log loss plus `ridge / 2 · |w|²`, on inputs
/// scaled to unit spread (the weights returned are for the raw inputs).
fn fit(data: &Samples, ridge: f64) -> Vec<f64> {
    let rows = (data.len() * data.sides).max(1) as f64;
    let mut scale = vec![0.0; INPUTS];
    for row in data.inputs.chunks_exact(INPUTS) {
        for (total, &x) in scale.iter_mut().zip(row) {
            *total += f64::from(x) * f64::from(x);
        }
    }
    for value in &mut scale {
        *value = (*value / rows).sqrt().max(1e-9);
    }
    // Work in scaled coordinates: w_raw = w_scaled / scale.
    let raw =
        |scaled: &[f64]| -> Vec<f64> { scaled.iter().zip(&scale).map(|(w, s)| w / s).collect() };
    let objective = |scaled: &[f64]| {
        log_loss(data, &raw(scaled)) + 0.5 * ridge * scaled.iter().map(|w| w * w).sum::<f64>()
    };
    let mut scaled = vec![0.0; INPUTS];
    let mut current = objective(&scaled);
    for step in 0..30 {
        let (gradient, hessian) = derivatives(data, &raw(&scaled), &scale, &scaled, ridge);
        let Some(direction) = solve(hessian, gradient) else {
            eprintln!("  the Hessian is singular; stopping after {step} steps");
            break;
        };
        let mut length = 1.0;
        let mut improved = false;
        while length > 1e-4 {
            let candidate: Vec<f64> = scaled
                .iter()
                .zip(&direction)
                .map(|(w, d)| w - length * d)
                .collect();
            let value = objective(&candidate);
            if value < current {
                let gain = current - value;
                scaled = candidate;
                current = value;
                improved = gain > 1e-9;
                break;
            }
            length /= 2.0;
        }
        if !improved {
            break;
        }
    }
    raw(&scaled)
}

/// The gradient and Hessian of the objective in scaled coordinates.
fn derivatives(
    data: &Samples,
    raw_weights: &[f64],
    scale: &[f64],
    scaled: &[f64],
    ridge: f64,
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let workers = thread::available_parallelism().map_or(1, |n| n.get());
    let count = data.len();
    let chunk = count.div_ceil(workers).max(1);
    let mut gradient = vec![0.0; INPUTS];
    let mut hessian = vec![0.0; INPUTS * INPUTS];
    thread::scope(|scope| {
        let handles: Vec<_> = (0..count)
            .step_by(chunk)
            .map(|first| {
                scope.spawn(move || {
                    let mut gradient = vec![0.0; INPUTS];
                    let mut hessian = vec![0.0; INPUTS * INPUTS];
                    let mut mean = vec![0.0; INPUTS];
                    for sample in first..(first + chunk).min(count) {
                        let p = chances(data, sample, raw_weights);
                        let results = &data.results[sample * data.sides..(sample + 1) * data.sides];
                        let rows: Vec<Vec<f64>> = (0..data.sides)
                            .map(|side| {
                                data.row(sample, side)
                                    .iter()
                                    .zip(scale)
                                    .map(|(&x, s)| f64::from(x) / s)
                                    .collect()
                            })
                            .collect();
                        mean.fill(0.0);
                        for ((row, p), y) in rows.iter().zip(&p).zip(results) {
                            for ((m, g), x) in mean.iter_mut().zip(gradient.iter_mut()).zip(row) {
                                *m += p * x;
                                *g += (p - y) * x;
                            }
                        }
                        for (row, p) in rows.iter().zip(&p) {
                            let centred: Vec<f64> =
                                row.iter().zip(&mean).map(|(x, m)| x - m).collect();
                            for (i, xi) in centred.iter().enumerate() {
                                if *xi == 0.0 {
                                    continue;
                                }
                                let weighted = p * xi;
                                let hessian_row = &mut hessian[i * INPUTS..(i + 1) * INPUTS];
                                for (h, xj) in hessian_row.iter_mut().zip(&centred) {
                                    *h += weighted * xj;
                                }
                            }
                        }
                    }
                    (gradient, hessian)
                })
            })
            .collect();
        for handle in handles {
            if let Ok((part_gradient, part_hessian)) = handle.join() {
                for (total, part) in gradient.iter_mut().zip(part_gradient) {
                    *total += part;
                }
                for (total, part) in hessian.iter_mut().zip(part_hessian) {
                    *total += part;
                }
            }
        }
    });
    let samples = count.max(1) as f64;
    let gradient: Vec<f64> = gradient
        .iter()
        .zip(scaled)
        .map(|(g, w)| g / samples + ridge * w)
        .collect();
    let hessian: Vec<Vec<f64>> = (0..INPUTS)
        .map(|i| {
            (0..INPUTS)
                .map(|j| hessian[i * INPUTS + j] / samples + if i == j { ridge } else { 0.0 })
                .collect()
        })
        .collect();
    (gradient, hessian)
}

/// Solves `matrix · x = vector` by Gaussian elimination with partial
/// pivoting; `None` if the matrix is singular.
fn solve(mut matrix: Vec<Vec<f64>>, mut vector: Vec<f64>) -> Option<Vec<f64>> {
    let n = vector.len();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-12 {
            return None;
        }
        matrix.swap(column, pivot);
        vector.swap(column, pivot);
        let (upper, lower) = matrix.split_at_mut(column + 1);
        let pivot_row = &upper[column];
        for (offset, row) in lower.iter_mut().enumerate() {
            let factor = row[column] / pivot_row[column];
            if factor == 0.0 {
                continue;
            }
            for (value, pivot_value) in row[column..].iter_mut().zip(&pivot_row[column..]) {
                *value -= factor * pivot_value;
            }
            vector[column + 1 + offset] -= factor * vector[column];
        }
    }
    let mut solution = vec![0.0; n];
    for row in (0..n).rev() {
        let known: f64 = (row + 1..n).map(|k| matrix[row][k] * solution[k]).sum();
        solution[row] = (vector[row] - known) / matrix[row][row];
    }
    Some(solution)
}
