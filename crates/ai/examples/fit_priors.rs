//! Fits the tree search's prior ([`carolus_ai::prior`]) to what long
//! searches choose.
//!
//! The prior decides which moves a short search looks at (progressive
//! widening opens them in its order), so it should put its weight where a
//! long search ends up putting its visits. This example does that in two
//! steps:
//!
//! 1. `collect` picks decision positions from game records (JSON lines, as
//!    `carolus match --records` writes them), searches each with widening
//!    off (so that the visits do not follow the present prior's order) and
//!    the hand-set prior ([`PriorWeights::HAND_SET`]), and
//!    writes one line per position: the record's line, the number of moves
//!    played before the position, and the visits of every legal move.
//! 2. `fit` reads those lines back and, for each kind of decision, finds the
//!    constants that minimise the cross-entropy between the visit shares
//!    and the prior (Nelder–Mead on the logarithms of the constants). The
//!    last fifth of the positions is held out: the report compares the
//!    held-out cross-entropy and the share of positions whose most likely
//!    move by prior is the most visited one, before and after.
//!
//! ```text
//! cargo run --release -p carolus-ai --example fit_priors -- collect \
//!     --records measurements/time2v1.jsonl --positions 1000 --iterations 50000 \
//!     --seed 7 --jobs 2 > visits.txt
//! cargo run --release -p carolus-ai --example fit_priors -- fit \
//!     --records measurements/time2v1.jsonl --visits visits.txt
//! ```

#[path = "support/usage.rs"]
mod usage;

use std::sync::Mutex;
use std::thread;

use carolus_ai::eval::EvalWeights;
use carolus_ai::prior::move_priors;
use carolus_ai::{Bot, BotSpec, Budget, Mcts, PriorWeights};
use carolus_rules::{Game, GameRng, Phase, RandomSource, Record};

fn main() {
    usage::answer_help(include_str!("fit_priors.rs"));
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match arguments.first().map(String::as_str) {
        Some("collect") => Options::parse(&arguments[1..]).and_then(|o| collect(&o)),
        Some("fit") => Options::parse(&arguments[1..]).and_then(|o| fit(&o)),
        _ => Err("expected `collect` or `fit` (see the example's documentation)".into()),
    };
    if let Err(message) = outcome {
        eprintln!("fit_priors: {message}");
        std::process::exit(2);
    }
}

struct Options {
    records: String,
    visits: Option<String>,
    positions: usize,
    iterations: u64,
    seed: u64,
    jobs: usize,
}

impl Options {
    fn parse(arguments: &[String]) -> Result<Options, String> {
        let mut options = Options {
            records: String::new(),
            visits: None,
            positions: 600,
            iterations: 50_000,
            seed: 1,
            jobs: 1,
        };
        let mut rest = arguments.iter();
        while let Some(flag) = rest.next() {
            let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|e| format!("{flag} {value}: {e}"))
            };
            match flag.as_str() {
                "--records" => options.records = value.clone(),
                "--visits" => options.visits = Some(value.clone()),
                "--positions" => options.positions = number()? as usize,
                "--iterations" => options.iterations = number()?,
                "--seed" => options.seed = number()?,
                "--jobs" => options.jobs = (number()? as usize).max(1),
                _ => return Err(format!("unknown option {flag}")),
            }
        }
        if options.records.is_empty() {
            return Err("--records FILE is required".into());
        }
        Ok(options)
    }
}

/// The records of a JSON-lines file, by line number (from 1).
fn read_records(path: &str) -> Result<Vec<(usize, Record)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            Record::from_json(line)
                .map(|record| (index + 1, record))
                .map_err(|e| format!("{path}, line {}: {e}", index + 1))
        })
        .collect()
}

/// The position after the first `ply` moves of `record`.
fn position(record: &Record, ply: usize) -> Result<Game, String> {
    let mut prefix = record.clone();
    prefix.moves.truncate(ply);
    prefix.replay().map_err(|e| format!("{e}"))
}

/// A position where a choice is due between at least two moves.
fn is_choice(game: &Game) -> bool {
    game.to_act().is_some() && game.legal_move_count() > 1
}

fn collect(options: &Options) -> Result<(), String> {
    let records = read_records(&options.records)?;
    // Every choice of every record, then a seeded sample of them.
    let mut choices = Vec::new();
    for (line, record) in &records {
        let mut ply = 0;
        record
            .replay_with(|game| {
                if is_choice(game) {
                    choices.push((*line, ply));
                }
                ply += 1;
            })
            .map_err(|e| format!("{}, line {line}: {e}", options.records))?;
    }
    let mut rng = GameRng::seed_from_u64(options.seed);
    for i in (1..choices.len()).rev() {
        choices.swap(i, rng.below(i as u32 + 1) as usize);
    }
    choices.truncate(options.positions);
    eprintln!(
        "searching {} positions for {} iterations each",
        choices.len(),
        options.iterations
    );

    let mut config = BotSpec::MCTS.mcts_config();
    config.threads = 1;
    config.widening = [0.0; 3];
    // The searches weigh their exploration by the hand-set prior, whatever
    // the defaults are now, so that the visits (and so the fit) do not
    // depend on an earlier fit and the data can be collected again.
    config.priors = [PriorWeights::HAND_SET; 3];
    let next = Mutex::new(0_usize);
    let output = Mutex::new(());
    thread::scope(|scope| {
        for _ in 0..options.jobs {
            scope.spawn(|| {
                loop {
                    let index = {
                        let mut next = next.lock().unwrap();
                        *next += 1;
                        *next - 1
                    };
                    let Some(&(line, ply)) = choices.get(index) else {
                        break;
                    };
                    let record = &records.iter().find(|(l, _)| *l == line).unwrap().1;
                    let Ok(game) = position(record, ply) else {
                        continue;
                    };
                    let mut bot =
                        Mcts::new(config.clone(), options.seed ^ index as u64, "mcts".into());
                    let Ok(analysis) = bot.choose(&game, &Budget::iterations(options.iterations))
                    else {
                        continue;
                    };
                    let visits: Vec<String> = game
                        .legal_moves()
                        .iter()
                        .map(|mv| {
                            analysis
                                .candidates
                                .iter()
                                .find(|c| c.mv == *mv)
                                .map_or(0, |c| c.visits)
                                .to_string()
                        })
                        .collect();
                    let _guard = output.lock().unwrap();
                    println!("{line} {ply} {}", visits.join(","));
                    eprintln!("{} of {}", index + 1, choices.len());
                }
            });
        }
    });
    Ok(())
}

/// A searched position: the game and the share of visits of each legal
/// move, in the order of `Game::legal_moves`.
struct Sample {
    game: Game,
    shares: Vec<f64>,
}

fn read_samples(options: &Options) -> Result<Vec<Sample>, String> {
    let path = options
        .visits
        .as_deref()
        .ok_or("--visits FILE is required")?;
    let records = read_records(&options.records)?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut samples = Vec::new();
    for (index, text_line) in text.lines().enumerate() {
        let at = || format!("{path}, line {}", index + 1);
        let fields: Vec<&str> = text_line.split_whitespace().collect();
        let [line, ply, visits] = fields[..] else {
            return Err(format!("{}: expected `line ply visits`", at()));
        };
        let line: usize = line.parse().map_err(|e| format!("{}: {e}", at()))?;
        let ply: usize = ply.parse().map_err(|e| format!("{}: {e}", at()))?;
        let visits: Vec<f64> = visits
            .split(',')
            .map(|v| v.parse::<f64>().map_err(|e| format!("{}: {e}", at())))
            .collect::<Result<_, _>>()?;
        let record = &records
            .iter()
            .find(|(l, _)| *l == line)
            .ok_or_else(|| format!("{}: the records have no line {line}", at()))?
            .1;
        let game = position(record, ply).map_err(|e| format!("{}: {e}", at()))?;
        if visits.len() != game.legal_move_count() {
            return Err(format!(
                "{}: {} visit counts for {} legal moves",
                at(),
                visits.len(),
                game.legal_move_count()
            ));
        }
        let total: f64 = visits.iter().sum();
        if total > 0.0 {
            let shares = visits.iter().map(|v| v / total).collect();
            samples.push(Sample { game, shares });
        }
    }
    Ok(samples)
}

/// The constants each kind of decision depends on.
fn constants_of(phase: Phase) -> &'static [&'static str] {
    match phase {
        Phase::Place => &[
            "court",
            "in_reach",
            "beyond_reach",
            "plan_temperature",
            "placement_temperature",
        ],
        Phase::Disc => &["disc_temperature"],
        Phase::Joker => &["joker_temperature"],
        Phase::Move => &["emperor_temperature"],
        Phase::Draw | Phase::Over => &[],
    }
}

/// The mean cross-entropy of the prior against the visit shares, and the
/// share of samples whose likeliest move by prior is the most visited.
fn score(samples: &[&Sample], prior: &PriorWeights) -> (f64, f64) {
    let evaluation = EvalWeights::default();
    let mut entropy = 0.0;
    let mut agreed = 0;
    for sample in samples {
        let priors = move_priors(&sample.game, &evaluation, prior);
        entropy -= sample
            .shares
            .iter()
            .zip(&priors)
            .map(|(share, p)| share * p.max(1e-12).ln())
            .sum::<f64>();
        if argmax(&priors) == argmax(&sample.shares) {
            agreed += 1;
        }
    }
    let count = samples.len().max(1) as f64;
    (entropy / count, f64::from(agreed) / count)
}

fn argmax(values: &[f64]) -> usize {
    (0..values.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]))
        .unwrap_or(0)
}

fn with_constants(base: &PriorWeights, names: &[&str], logs: &[f64]) -> PriorWeights {
    let mut prior = *base;
    for (name, log) in names.iter().zip(logs) {
        // The logarithms keep every constant positive; `set` refuses the
        // rest, which the simplex cannot reach.
        let _ = prior.set(name, log.exp().clamp(1e-6, 1e6));
    }
    prior
}

/// Nelder–Mead minimisation of `cost` from `start`.
fn minimise(cost: impl Fn(&[f64]) -> f64, start: &[f64], rounds: usize) -> Vec<f64> {
    let n = start.len();
    let mut simplex: Vec<(Vec<f64>, f64)> = (0..=n)
        .map(|i| {
            let mut point = start.to_vec();
            if i > 0 {
                point[i - 1] += 0.5;
            }
            let value = cost(&point);
            (point, value)
        })
        .collect();
    for _ in 0..rounds {
        simplex.sort_by(|a, b| a.1.total_cmp(&b.1));
        let centroid: Vec<f64> = (0..n)
            .map(|d| simplex[..n].iter().map(|(p, _)| p[d]).sum::<f64>() / n as f64)
            .collect();
        let toward = |t: f64| -> Vec<f64> {
            (0..n)
                .map(|d| centroid[d] + t * (simplex[n].0[d] - centroid[d]))
                .collect()
        };
        let reflected = toward(-1.0);
        let reflected_value = cost(&reflected);
        if reflected_value < simplex[0].1 {
            let expanded = toward(-2.0);
            let expanded_value = cost(&expanded);
            simplex[n] = if expanded_value < reflected_value {
                (expanded, expanded_value)
            } else {
                (reflected, reflected_value)
            };
        } else if reflected_value < simplex[n - 1].1 {
            simplex[n] = (reflected, reflected_value);
        } else {
            let contracted = toward(0.5);
            let contracted_value = cost(&contracted);
            if contracted_value < simplex[n].1 {
                simplex[n] = (contracted, contracted_value);
            } else {
                let best = simplex[0].0.clone();
                for (point, value) in simplex.iter_mut().skip(1) {
                    for d in 0..n {
                        point[d] = best[d] + 0.5 * (point[d] - best[d]);
                    }
                    *value = cost(point);
                }
            }
        }
    }
    simplex.sort_by(|a, b| a.1.total_cmp(&b.1));
    simplex.swap_remove(0).0
}

fn fit(options: &Options) -> Result<(), String> {
    let samples = read_samples(options)?;
    let held_out_from = samples.len() * 4 / 5;
    let mut fitted = PriorWeights::HAND_SET;
    for phase in [Phase::Place, Phase::Move, Phase::Disc, Phase::Joker] {
        let names = constants_of(phase);
        let train: Vec<&Sample> = samples[..held_out_from]
            .iter()
            .filter(|s| s.game.phase() == phase)
            .collect();
        let held_out: Vec<&Sample> = samples[held_out_from..]
            .iter()
            .filter(|s| s.game.phase() == phase)
            .collect();
        if train.is_empty() {
            eprintln!("{phase:?}: no positions");
            continue;
        }
        let start: Vec<f64> = names
            .iter()
            .map(|name| {
                let index = PriorWeights::NAMES
                    .iter()
                    .position(|n| n == name)
                    .unwrap_or(0);
                fitted.values()[index].ln()
            })
            .collect();
        let base = fitted;
        let best = minimise(
            |logs| score(&train, &with_constants(&base, names, logs)).0,
            &start,
            60 * names.len(),
        );
        fitted = with_constants(&base, names, &best);
        let before = score(&held_out, &base);
        let after = score(&held_out, &fitted);
        eprintln!(
            "{phase:?}: {} positions ({} held out); held-out cross-entropy {:.4} -> {:.4}, \
             likeliest move most visited {:.1}% -> {:.1}%",
            train.len() + held_out.len(),
            held_out.len(),
            before.0,
            after.0,
            100.0 * before.1,
            100.0 * after.1,
        );
    }
    let tunes: Vec<String> = PriorWeights::NAMES
        .iter()
        .zip(fitted.values())
        .map(|(name, value)| format!("prior.{name}={value:.4}"))
        .collect();
    println!("{}", tunes.join(","));
    Ok(())
}
