//! How the tree search's choice depends on its budget and its seed.
//!
//! Positions come from games between greedy bots (the first placement or
//! disc choice of odd rounds up to 11, four seeds). Each is searched with
//! two seeds at 4 000, 16 000, 64 000 and 256 000 iterations on one thread.
//! The summary counts, per budget, how often the choice equals seed 1's at
//! 256 000 iterations and how often the two seeds agree. A search that uses
//! more time well should agree more with itself as the budget grows.
//!
//! ```text
//! cargo run --release -p carolus-ai --example stability -- [explore=2,...] [16000,64000]
//! ```
//! The optional first argument sets expert options (see `MctsConfig::tune`);
//! the second replaces the budgets (the last one is the reference).

#[path = "support/usage.rs"]
mod usage;

#[path = "support/greedy_positions.rs"]
mod greedy_positions;
#[path = "support/tunes.rs"]
mod tunes;

use carolus_ai::{Bot, Budget, Mcts};
use greedy_positions::turn_start_positions;
use tunes::one_thread_config;

const DEFAULT_BUDGETS: [u64; 4] = [4_000, 16_000, 64_000, 256_000];

fn main() {
    usage::answer_help(include_str!("stability.rs"));
    // One configuration serves every search.
    let config = match one_thread_config(&std::env::args().nth(1).unwrap_or_default()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    // A second argument replaces the budgets: `16000,64000`.
    let budgets: Vec<u64> = match std::env::args().nth(2) {
        Some(text) => match text.split(',').map(str::parse).collect() {
            Ok(budgets) => budgets,
            Err(e) => {
                eprintln!("budgets: {e}");
                return;
            }
        },
        None => DEFAULT_BUDGETS.to_vec(),
    };
    let games = turn_start_positions(4);
    println!("{} positions", games.len());
    let mut agree = vec![[0usize; 2]; budgets.len()];
    for (index, game) in games.iter().enumerate() {
        let mut picks = Vec::new();
        for &budget in &budgets {
            let mut pair = Vec::new();
            for seed in [1u64, 2] {
                let mut bot = Mcts::new(config.clone(), seed, "mcts".into());
                let Ok(analysis) = bot.choose(game, &Budget::iterations(budget)) else {
                    return;
                };
                pair.push(analysis);
            }
            picks.push(pair);
        }
        let reference = picks[budgets.len() - 1][0].best;
        let mut line = format!("position {index} ({}):", game.phase());
        for (slot, pair) in picks.iter().enumerate() {
            agree[slot][0] += usize::from(pair[0].best == reference);
            agree[slot][1] += usize::from(pair[0].best == pair[1].best);
            line += &format!(
                " [{}k: {} / {}]",
                budgets[slot] / 1000,
                pair[0].best,
                pair[1].best
            );
        }
        println!("{line}");
    }
    for (slot, budget) in budgets.iter().enumerate() {
        println!(
            "{}k: same as seed 1 at {}k in {} of {}; the two seeds agree in {}",
            budget / 1000,
            budgets[budgets.len() - 1] / 1000,
            agree[slot][0],
            games.len(),
            agree[slot][1]
        );
    }
}
