//! A small match harness for experiments with the bots, in duplicate format.
//!
//! Each deal fixes the set-up and the sequence of chance draws (the n-th draw
//! of every game of the deal comes from the same random stream), and is
//! played once for each seat that bot A can take, the other seats held by
//! bot B. Luck thus evens out between the bots. A game counts 1 for a win,
//! 1/k for a win shared by k seats.
//!
//! ```text
//! cargo run --release -p carolus-ai --example match -- \
//!     --a mcts:ms=100,threads=1 --b greedy --players 2 --deals 50 --jobs 2
//! ```
//! Options: `--a SPEC`, `--b SPEC`, `--players N` (2, 3 or 4; in the team
//! game A holds one team), `--deals N`, `--seed S`, `--jobs N` (games played
//! at once), `--ms N` / `--iterations N` (a budget per move for both bots),
//! `--verbose`. A running score goes to stderr after every game.

#[path = "support/usage.rs"]
mod usage;

#[path = "support/tunes.rs"]
mod tunes;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use carolus_ai::{Bot, BotSpec, Budget, Mcts, MctsConfig};
use carolus_rules::{Game, GameRng, Move, Phase, Seat, Variant};
use tunes::parse_tunes;

/// A bot's specification with expert settings for the tree search
/// (`mcts:iterations=1000;explore=0.7,explore_base=0`, see `MctsConfig::tune`).
#[derive(Clone, Debug)]
struct Player {
    spec: BotSpec,
    tunes: Vec<(String, String)>,
}

impl Player {
    fn parse(text: &str) -> Result<Player, String> {
        let (spec, tunes) = text.split_once(';').unwrap_or((text, ""));
        let spec: BotSpec = spec.parse().map_err(|e| format!("{e}"))?;
        let player = Player {
            spec,
            tunes: parse_tunes(tunes)?,
        };
        player.config()?;
        Ok(player)
    }

    fn config(&self) -> Result<MctsConfig, String> {
        let mut config = self.spec.mcts_config();
        for (key, value) in &self.tunes {
            config.tune(key, value)?;
        }
        Ok(config)
    }

    fn build(&self, seed: u64) -> Box<dyn Bot> {
        if self.tunes.is_empty() {
            return self.spec.build(seed);
        }
        let config = self.config().unwrap_or_default();
        Box::new(Mcts::new(config, seed, self.to_string()))
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.spec)?;
        for (i, (key, value)) in self.tunes.iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ";" } else { "," })?;
        }
        Ok(())
    }
}

struct Options {
    a: Player,
    b: Player,
    players: usize,
    deals: usize,
    seed: u64,
    jobs: usize,
    budget: Budget,
    verbose: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        a: Player::parse("mcts").map_err(|e| e.to_string())?,
        b: Player::parse("greedy").map_err(|e| e.to_string())?,
        players: 2,
        deals: 20,
        seed: 1,
        jobs: 1,
        budget: Budget::default(),
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--verbose" {
            options.verbose = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--a" => options.a = Player::parse(&value)?,
            "--b" => options.b = Player::parse(&value)?,
            "--players" => options.players = number()? as usize,
            "--deals" => options.deals = number()? as usize,
            "--seed" => options.seed = number()?,
            "--jobs" => options.jobs = number()?.max(1) as usize,
            "--ms" => options.budget.time = Some(Duration::from_millis(number()?)),
            "--iterations" => options.budget.iterations = Some(number()?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

/// Plays one game: `a_seats` marks the seats of bot A. Returns A's share of
/// the win and the number of rounds.
fn play_game(options: &Options, deal: u64, a_seats: &[bool]) -> Result<(f64, u32), String> {
    let variant = Variant::for_players(options.players);
    let mut setup_rng = GameRng::seed_from_u64(deal);
    let mut game =
        Game::random(options.players, variant, &mut setup_rng).ok_or("no such game".to_owned())?;
    let mut draws = GameRng::seed_from_u64(deal ^ 0x5EED);
    let mut bots: Vec<Box<dyn Bot>> = a_seats
        .iter()
        .enumerate()
        .map(|(seat, &is_a)| {
            let player = if is_a { &options.a } else { &options.b };
            player.build(deal.wrapping_mul(31).wrapping_add(seat as u64))
        })
        .collect();
    while !game.is_over() {
        if game.phase() == Phase::Draw {
            let draw = game.sample_draw(&mut draws).ok_or("no draw")?;
            game.play(Move::Draw(draw)).map_err(|e| e.to_string())?;
            continue;
        }
        let seat = game.to_act().ok_or("nobody to act")?;
        let analysis = bots[seat.index()]
            .choose(&game, &options.budget)
            .map_err(|e| e.to_string())?;
        game.play(analysis.best)
            .map_err(|e| format!("{} played an illegal move: {e}", bots[seat.index()].name()))?;
    }
    let winners: Vec<Seat> = game.winners().collect();
    let a_wins = winners.iter().filter(|s| a_seats[s.index()]).count();
    Ok((a_wins as f64 / winners.len().max(1) as f64, game.round()))
}

fn main() {
    usage::answer_help(include_str!("match.rs"));
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("match: {message}");
            std::process::exit(2);
        }
    };
    // The seats of A in each game of a deal: every rotation (in the team
    // game, each team).
    let layouts: Vec<Vec<bool>> = if options.players == 4 {
        vec![
            vec![true, false, true, false],
            vec![false, true, false, true],
        ]
    } else {
        (0..options.players)
            .map(|a| (0..options.players).map(|seat| seat == a).collect())
            .collect()
    };
    let games: Vec<(u64, usize)> = (0..options.deals as u64)
        .flat_map(|d| {
            (0..layouts.len()).map(move |l| (options.seed.wrapping_mul(1_000_003) + d, l))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(deal, layout)) = games.get(index) else {
                        break;
                    };
                    let result = play_game(&options, deal, &layouts[layout]);
                    if options.verbose {
                        eprintln!("deal {deal} layout {layout}: {result:?}");
                    }
                    if let Ok(mut all) = results.lock() {
                        all.push(result);
                        // A running score on stderr, so that a long run
                        // that has to be stopped still says something.
                        let (played, score) = all
                            .iter()
                            .flatten()
                            .fold((0, 0.0), |(n, total), (score, _)| (n + 1, total + score));
                        eprintln!(
                            "{played} of {} games: A {score:.1} ({:.1}%), {:.0} s",
                            games.len(),
                            100.0 * score / f64::from(played.max(1)),
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let mut scores = Vec::new();
    let mut rounds = 0u64;
    for result in results {
        match result {
            Ok((score, r)) => {
                scores.push(score);
                rounds += u64::from(r);
            }
            Err(message) => eprintln!("error: {message}"),
        }
    }
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "A = {} vs B = {}, {} players: A scored {:.1} of {} games = {:.1}% ± {:.1}% (fair share {:.1}%), {:.1} rounds a game, {:.0} s",
        options.a,
        options.b,
        options.players,
        scores.iter().sum::<f64>(),
        scores.len(),
        100.0 * mean,
        100.0 * (variance / n).sqrt(),
        100.0
            * if options.players == 4 {
                0.5
            } else {
                1.0 / options.players as f64
            },
        rounds as f64 / n,
        start.elapsed().as_secs_f64()
    );
}
