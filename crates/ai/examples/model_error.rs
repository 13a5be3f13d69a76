//! How far the learned evaluation ([`carolus_ai::value`]) is from what it
//! predicts: the average result of planner playouts.
//!
//! The model is fitted to single playout results, and its held-out log loss
//! mixes two things: the luck of one playout, which no model can predict,
//! and the model's own error. This example separates them. For each of
//! `--positions` turn starts of planner games (the k-th turn start of the
//! deal with seed s, k = 1 to 40 chosen from s; deals that end sooner are
//! skipped), it plays `--playouts` playouts to the end with the planner,
//! exactly as the tree search's leaves do, and compares with their average:
//!
//! - the entropy of the average (the floor: the log loss of a perfect
//!   model of planner playouts on these positions);
//! - the model asked at the position itself;
//! - the model asked after `--turns` more turns of each playout, averaged
//!   over the playouts (what [`carolus_ai::LeafValue::Learned`] backs up on
//!   average; its spread is what the search averages away, its distance
//!   from the playouts' average is a bias the search cannot remove).
//!
//! The errors are given as log loss (cross-entropy summed over the seats)
//! and as the root mean square error of one seat's chance.
//!
//! ```text
//! cargo run --release -p carolus-ai --example model_error -- --players 3 --turns 8
//! ```

#[path = "support/usage.rs"]
mod usage;

use std::thread;

use carolus_ai::eval::{SeatValues, outcome};
use carolus_ai::planner::playout_step;
use carolus_ai::value::{at_turn_start, learned_chances};
use carolus_rules::{Game, GameRng, MAX_SEATS, Seat, Variant};

/// The planner's randomness in the playouts, as in the tree search.
const PLAYOUT_RANDOMNESS: u32 = 4;

/// The latest turn start a position may be taken from.
const LATEST_TURN_START: u64 = 40;

struct Options {
    players: usize,
    positions: u64,
    playouts: u64,
    turns: u32,
    seed: u64,
}

/// The errors at one position, summed over its seats.
#[derive(Clone, Copy, Default)]
struct Errors {
    floor: f64,
    model_loss: f64,
    later_loss: f64,
    model_squared: f64,
    later_squared: f64,
}

impl Errors {
    fn add(&mut self, other: &Errors) {
        self.floor += other.floor;
        self.model_loss += other.model_loss;
        self.later_loss += other.later_loss;
        self.model_squared += other.model_squared;
        self.later_squared += other.later_squared;
    }
}

fn main() {
    usage::answer_help(include_str!("model_error.rs"));
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("model_error: {message}");
            std::process::exit(2);
        }
    };
    let workers = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let options = &options;
    let (positions, total) = thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                scope.spawn(move || {
                    let mut found = 0u64;
                    let mut total = Errors::default();
                    let mut index = worker;
                    while index < options.positions {
                        if let Some(errors) = measure(options.seed + index, options) {
                            found += 1;
                            total.add(&errors);
                        }
                        index += workers;
                    }
                    (found, total)
                })
            })
            .collect();
        let mut positions = 0;
        let mut total = Errors::default();
        for handle in handles {
            if let Ok((found, errors)) = handle.join() {
                positions += found;
                total.add(&errors);
            }
        }
        (positions, total)
    });
    if positions == 0 {
        eprintln!("model_error: no position found");
        std::process::exit(1);
    }
    let per_position = |x: f64| x / positions as f64;
    // Every position contributes one error per seat.
    let seat_errors = (positions * options.players as u64) as f64;
    let rms = |x: f64| (x / seat_errors).sqrt();
    println!(
        "{} players, {positions} positions, {} playouts each (seeds {}..):",
        options.players, options.playouts, options.seed
    );
    println!(
        "  log loss against the playouts' average: floor {:.4}, model {:.4}, model after {} turns {:.4}",
        per_position(total.floor),
        per_position(total.model_loss),
        options.turns,
        per_position(total.later_loss)
    );
    println!(
        "  root mean square error of a seat's chance: model {:.3}, model after {} turns {:.3}",
        rms(total.model_squared),
        options.turns,
        rms(total.later_squared)
    );
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        players: 2,
        positions: 3000,
        playouts: 300,
        turns: 8,
        seed: 100_000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |what: &str| format!("{flag}: {what}, not {value:?}");
        match flag.as_str() {
            "--players" => {
                options.players = match value.parse() {
                    Ok(players @ 2..=4) => players,
                    _ => return Err(bad("2, 3 or 4")),
                }
            }
            "--positions" => options.positions = value.parse().map_err(|_| bad("a number"))?,
            "--playouts" => {
                options.playouts = match value.parse() {
                    Ok(playouts @ 1..) => playouts,
                    _ => return Err(bad("a number of at least 1")),
                }
            }
            "--turns" => options.turns = value.parse().map_err(|_| bad("a number"))?,
            "--seed" => options.seed = value.parse().map_err(|_| bad("a number"))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

/// The errors at the position the deal with `seed` yields, if it yields one.
fn measure(seed: u64, options: &Options) -> Option<Errors> {
    let position = position(seed, options.players)?;
    let seats: Vec<usize> = Seat::all(options.players).map(Seat::index).collect();
    let model = learned_chances(&position);
    let mut results = [0.0; MAX_SEATS];
    let mut later = [0.0; MAX_SEATS];
    for playout in 0..options.playouts {
        let mut rng = GameRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(playout));
        let (result, model_later) = play_out(position.clone(), options.turns, &mut rng);
        for &seat in &seats {
            results[seat] += result[seat];
            later[seat] += model_later[seat];
        }
    }
    let count = options.playouts as f64;
    let mut errors = Errors::default();
    for &seat in &seats {
        let average = results[seat] / count;
        let later = later[seat] / count;
        errors.floor += cross_entropy(average, average);
        errors.model_loss += cross_entropy(average, model[seat]);
        errors.later_loss += cross_entropy(average, later);
        errors.model_squared += (average - model[seat]).powi(2);
        errors.later_squared += (average - later).powi(2);
    }
    Some(errors)
}

/// The k-th turn start of a planner game from the deal with `seed`.
fn position(seed: u64, players: usize) -> Option<Game> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Game::random(players, Variant::for_players(players), &mut rng)?;
    let wanted = 1 + seed.wrapping_mul(2_654_435_761) % LATEST_TURN_START;
    let mut starts = 0;
    while !game.is_over() {
        if at_turn_start(&game) {
            starts += 1;
            if starts == wanted {
                return Some(game);
            }
        }
        if !playout_step(&mut game, &mut rng, PLAYOUT_RANDOMNESS) {
            return None;
        }
    }
    None
}

/// Plays `game` out with the planner: the result, and the model's chances
/// at the turn start `turns` turns later (the result if the game ends
/// sooner).
fn play_out(mut game: Game, turns: u32, rng: &mut GameRng) -> (SeatValues, SeatValues) {
    let mut starts = 0;
    let mut model_later = None;
    while !game.is_over() {
        if at_turn_start(&game) {
            if starts == turns && model_later.is_none() {
                model_later = Some(learned_chances(&game));
            }
            starts += 1;
        }
        if !playout_step(&mut game, rng, PLAYOUT_RANDOMNESS) {
            break;
        }
    }
    let result = outcome(&game);
    (result, model_later.unwrap_or(result))
}

/// `-p ln q`, with `q` kept away from zero.
fn cross_entropy(p: f64, q: f64) -> f64 {
    -p * q.clamp(1e-9, 1.0).ln()
}
