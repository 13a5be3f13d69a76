//! Positions for the AI's experiments and benchmarks: decisions due in games
//! between greedy bots, so that they look like the positions of real play
//! rather than of random games. Shared by `examples/stability.rs`,
//! `examples/gaps.rs` and `benches/speed.rs` through `#[path]`.

use carolus_ai::{Bot, Budget, Greedy};
use carolus_rules::{Game, GameRng, Phase, RecordedGame, Variant};

/// The positions that `keep` picks from games between greedy bots, one game
/// per seed in `seeds` (the seed of its set-up, draws and bots).
pub fn greedy_positions(
    players: usize,
    seeds: std::ops::RangeInclusive<u64>,
    keep: impl Fn(&Game) -> bool,
) -> Vec<Game> {
    let variant = Variant::for_players(players);
    let mut positions = Vec::new();
    for seed in seeds {
        let Ok(mut recorded) = RecordedGame::from_seed(players, variant, seed) else {
            continue;
        };
        let mut rng = GameRng::seed_from_u64(seed);
        let mut bot = Greedy::new(0.0, seed);
        while !recorded.game().is_over() {
            let game = recorded.game();
            if game.phase() == Phase::Draw {
                recorded.draw_while_due(&mut rng);
                continue;
            }
            if keep(game) {
                positions.push(game.clone());
            }
            let Ok(analysis) = bot.choose(game, &Budget::default()) else {
                break;
            };
            if recorded.play(analysis.best).is_err() {
                break;
            }
        }
    }
    positions
}

/// The positions the search experiments study: the first placement or disc
/// choice of the odd rounds up to 11 in two-player games between greedy
/// bots, one game per seed in `1..=seeds`.
#[allow(dead_code)] // The benchmark includes this file too but does not need it.
pub fn turn_start_positions(seeds: u64) -> Vec<Game> {
    greedy_positions(2, 1..=seeds, |game| {
        matches!(game.phase(), Phase::Place | Phase::Disc)
            && game.placed_this_turn() == 0
            && game.round() % 2 == 1
            && game.round() <= 11
    })
}
