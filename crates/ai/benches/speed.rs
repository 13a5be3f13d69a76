//! Speed of the bots: tree-search iterations per second on one thread and on
//! every core, and the time of a greedy turn search, over positions taken
//! from games between greedy bots at several stages. It also reports the
//! worst time by which a search overran its time budget.
//!
//! Run with `cargo bench -p carolus-ai` (optionally followed by `-- SECONDS`,
//! the search time per position, default 1). It prints a small table; it
//! asserts nothing, because speed depends on the machine.

use std::time::{Duration, Instant};

#[path = "../examples/support/greedy_positions.rs"]
mod greedy_positions;

use carolus_ai::{Bot, BotSpec, Budget, Greedy, Mcts, MctsConfig};
use carolus_rules::{Game, Phase};
use greedy_positions::greedy_positions;

/// Positions where a decision is due: the first placement of rounds 2, 4
/// and 6 of games between greedy bots, from three seeds.
fn sample_positions(players: usize) -> Vec<Game> {
    greedy_positions(players, 1..=3, |game| {
        game.phase() == Phase::Place
            && game.placed_this_turn() == 0
            && game.round() % 2 == 0
            && game.round() <= 6
            && game.order().next() == game.to_act()
    })
}

fn main() {
    let seconds: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("search time per position: {seconds} s; cores: {cores}");
    println!(
        "{:<8} {:>8} {:>16} {:>16} {:>14} {:>12}",
        "players", "threads", "iterations/s", "greedy turn ms", "positions", "overrun ms"
    );
    for players in 2..=4 {
        let positions = sample_positions(players);
        let mut greedy_time = Duration::ZERO;
        for game in &positions {
            let mut greedy = Greedy::new(0.0, 3);
            let start = Instant::now();
            let _ = greedy.choose(game, &Budget::default());
            greedy_time += start.elapsed();
        }
        for threads in [1, cores] {
            let mut iterations = 0;
            let mut elapsed = Duration::ZERO;
            let mut worst_overrun = Duration::ZERO;
            for game in &positions {
                // Raw speed: a search that stopped early would measure
                // its stopping rule, not its iterations.
                let config = MctsConfig {
                    threads,
                    early_stop: false,
                    ..MctsConfig::default()
                };
                let mut bot = Mcts::new(config, 7, BotSpec::MCTS.to_string());
                let start = Instant::now();
                if let Ok(analysis) =
                    bot.choose(game, &Budget::time(Duration::from_secs_f64(seconds)))
                {
                    iterations += analysis.iterations;
                }
                let taken = start.elapsed();
                worst_overrun =
                    worst_overrun.max(taken.saturating_sub(Duration::from_secs_f64(seconds)));
                elapsed += taken;
            }
            println!(
                "{:<8} {:>8} {:>16.0} {:>16.1} {:>14} {:>12.1}",
                players,
                threads,
                iterations as f64 / elapsed.as_secs_f64().max(1e-9),
                greedy_time.as_secs_f64() * 1000.0 / positions.len().max(1) as f64,
                positions.len(),
                worst_overrun.as_secs_f64() * 1000.0
            );
        }
    }
}
