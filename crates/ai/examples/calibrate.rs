//! Fits the temperature that turns the evaluation's side scores into honest
//! win chances (see `eval::calibrated_chances`): greedy bots play each other,
//! every decision position is stored with its side scores, its progress and
//! the final result, and a grid search finds the temperature schedule
//! `t0 * (1 - k * progress)` with the best log-likelihood of the results.
//!
//! ```text
//! cargo run --release -p carolus-ai --example calibrate -- --players 2 --games 2000
//! ```
//! Options: `--players N` (2, 3 or 4; default 2), `--games N` (default
//! 1000) and `--noise X` (the greedy bots' noise; default 0).

#[path = "support/usage.rs"]
mod usage;

use carolus_ai::eval::{EvalWeights, outcome, progress, side_count, side_scores};
use carolus_ai::{Bot, Budget, Greedy};
use carolus_rules::{Game, GameRng, Move, Phase, Variant};

struct Sample {
    scores: Vec<f64>,
    progress: f64,
    result: Vec<f64>,
}

/// The options: `--players N` (2, 3 or 4), `--games N` and `--noise X`
/// (the greedy bots' noise), each refused with a message when malformed.
fn parse_options() -> Result<(usize, u64, f64), String> {
    let (mut players, mut games, mut noise) = (2, 1000, 0.0);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |what: &str| format!("{flag}: {what}, not {value:?}");
        match flag.as_str() {
            "--players" => match value.parse() {
                Ok(count @ 2..=4) => players = count,
                _ => return Err(bad("2, 3 or 4")),
            },
            "--games" => games = value.parse().map_err(|_| bad("a number"))?,
            "--noise" => noise = value.parse().map_err(|_| bad("a number"))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok((players, games, noise))
}

fn main() {
    usage::answer_help(include_str!("calibrate.rs"));
    let (players, games, noise) = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("calibrate: {message}");
            std::process::exit(2);
        }
    };
    let weights = EvalWeights::default();
    let mut samples = Vec::new();
    for game_index in 0..games {
        let mut rng = GameRng::seed_from_u64(game_index);
        let Some(mut game) = Game::random(players, Variant::for_players(players), &mut rng) else {
            return;
        };
        let mut bots: Vec<Greedy> = (0..players)
            .map(|s| Greedy::new(noise, game_index * 7 + s as u64))
            .collect();
        let mut positions: Vec<(Vec<f64>, f64)> = Vec::new();
        while !game.is_over() {
            if let Some(draw) = game.sample_draw(&mut rng) {
                game.play(Move::Draw(draw)).ok();
                continue;
            }
            if matches!(game.phase(), Phase::Disc | Phase::Move) {
                let scores = side_scores(&game, &weights);
                positions.push((scores[..side_count(&game)].to_vec(), progress(&game)));
            }
            let seat = game.to_act().map_or(0, |s| s.index());
            let Ok(analysis) = bots[seat].choose(&game, &Budget::default()) else {
                break;
            };
            game.play(analysis.best).ok();
        }
        let result = outcome(&game)[..side_count(&game)].to_vec();
        for (scores, progress) in positions {
            samples.push(Sample {
                scores,
                progress,
                result: result.clone(),
            });
        }
    }
    let mut exponent = 1.0;
    let loss = |t0: f64, k: f64, e: f64| -> f64 {
        let mut total = 0.0;
        for s in &samples {
            let t = (t0 * (1.0 - k * s.progress.powf(e))).max(0.05);
            let top = s.scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let w: Vec<f64> = s.scores.iter().map(|x| ((x - top) / t).exp()).collect();
            let sum: f64 = w.iter().sum();
            for (wi, ri) in w.iter().zip(&s.result) {
                total -= ri * (wi / sum).max(1e-9).ln();
            }
        }
        total / samples.len() as f64
    };
    let mut best = (f64::INFINITY, 0.0, 0.0);
    for e in [0.5, 1.0, 1.5, 2.0, 3.0] {
        for i in 1..=50 {
            let t0 = 0.2 * i as f64;
            for j in 0..=19 {
                let k = 0.05 * j as f64;
                let l = loss(t0, k, e);
                if l < best.0 {
                    best = (l, t0, k);
                    exponent = e;
                }
            }
        }
    }
    println!(
        "{players} players, {} samples: best t0 = {:.2}, k = {:.2}, exponent {exponent}, loss {:.4} (current 1.0/0.6: {:.4})",
        samples.len(),
        best.1,
        best.2,
        best.0,
        loss(1.0, 0.6, 1.0)
    );
    // Reliability by decile of the predicted chance of the first side.
    let mut bins = vec![(0.0, 0.0, 0usize); 10];
    for s in &samples {
        let t = (best.1 * (1.0 - best.2 * s.progress.powf(exponent))).max(0.05);
        let top = s.scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let w: Vec<f64> = s.scores.iter().map(|x| ((x - top) / t).exp()).collect();
        let sum: f64 = w.iter().sum();
        let p = w[0] / sum;
        let bin = ((p * 10.0) as usize).min(9);
        bins[bin].0 += p;
        bins[bin].1 += s.result[0];
        bins[bin].2 += 1;
    }
    for (i, (p, r, n)) in bins.iter().enumerate() {
        if *n > 0 {
            println!(
                "  bin {i}: predicted {:.3} observed {:.3} ({n})",
                p / *n as f64,
                r / *n as f64
            );
        }
    }
}
