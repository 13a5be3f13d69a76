//! How well the tree search's root statistics rank its best moves.
//!
//! For each position of `examples/stability.rs` one search (64 000
//! iterations, one thread) gives the three most visited root moves with
//! their visits and mean values. Each of those moves is then played and the
//! position after it searched afresh, twice (seeds 11 and 12), with a budget
//! of its own: the fresh searches value every candidate with the same
//! effort, which the root statistics cannot do (a rival with a tenth of the
//! leader's visits is valued over a much shallower subtree). Where a rival's
//! fresh values beat the leader's by more than the two seeds differ, the
//! root chose a worse move than its own search could tell apart.
//!
//! ```text
//! cargo run --release -p carolus-ai --example gaps -- [explore=2,...] [budget] [part/parts]
//! ```
//! The optional arguments set expert options (see `MctsConfig::tune`), the
//! fresh searches' budget (default 128 000) and which share of the
//! positions to study (`0/2` and `1/2` split the work over two processes).

#[path = "support/usage.rs"]
mod usage;

#[path = "support/greedy_positions.rs"]
mod greedy_positions;
#[path = "support/tunes.rs"]
mod tunes;

use carolus_ai::{Bot, Budget, Mcts};
use carolus_rules::Game;
use greedy_positions::turn_start_positions;
use tunes::one_thread_config;

/// The root search's budget.
const ROOT_ITERATIONS: u64 = 64_000;
/// How many root moves are searched afresh.
const CANDIDATES: usize = 3;

fn main() {
    usage::answer_help(include_str!("gaps.rs"));
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let config = match one_thread_config(arguments.first().map_or("", String::as_str)) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let fresh_budget = match arguments.get(1).map(|text| text.parse::<u64>()) {
        None => 128_000,
        Some(Ok(budget)) => budget,
        Some(Err(e)) => {
            eprintln!("budget: {e}");
            return;
        }
    };
    let (part, parts) = match arguments.get(2) {
        None => (0, 1),
        Some(text) => match text.split_once('/').map(|(a, b)| (a.parse(), b.parse())) {
            Some((Ok(part), Ok(parts))) if part < parts => (part, parts),
            _ => {
                eprintln!("expected part/parts such as 0/2, not {text:?}");
                return;
            }
        },
    };
    let search = |game: &Game, seed: u64, budget: u64| {
        let mut bot = Mcts::new(config.clone(), seed, "mcts".into());
        bot.choose(game, &Budget::iterations(budget))
    };
    for (index, game) in turn_start_positions(4).iter().enumerate() {
        if index % parts != part {
            continue;
        }
        let Some(mover) = game.to_act().map(|seat| seat.index()) else {
            continue;
        };
        let Ok(root) = search(game, 1, ROOT_ITERATIONS) else {
            continue;
        };
        let mut line = format!("position {index} ({}):", game.phase());
        for candidate in root.candidates.iter().take(CANDIDATES) {
            let mut after = game.clone();
            if after.play(candidate.mv).is_err() {
                continue;
            }
            let fresh: Vec<String> = [11, 12]
                .into_iter()
                .filter_map(|seed| search(&after, seed, fresh_budget).ok())
                .map(|analysis| format!("{:.3}", analysis.win[mover]))
                .collect();
            line += &format!(
                " | {}: {} visits, {:.3}; alone {}",
                candidate.mv,
                candidate.visits,
                candidate.value,
                fresh.join(" ")
            );
        }
        println!("{line}");
    }
}
