//! Helpers shared by the integration tests: games reached by random play
//! and hand-built positions.

#![allow(dead_code)] // Each test file uses its own part of the helpers.

use carolus_rules::{Family, Game, GameRng, Move, RandomSource, Setup, Variant};

/// A game of `players` players advanced by `steps` uniformly random steps
/// (draws included), then by draws until a decision or the end is due.
pub fn random_position(players: usize, seed: u64, steps: usize) -> Game {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Game::random(players, Variant::for_players(players), &mut rng)
        .expect("2 to 4 players have a game");
    for _ in 0..steps {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    while let Some(draw) = game.sample_draw(&mut rng) {
        game.play(Move::Draw(draw))
            .expect("sampled draws are legal");
    }
    game
}

/// The game set up with `territories` (fifteen family letters) and the
/// initial order `order`, after playing `tokens`.
pub fn position(territories: &str, order: &[usize], tokens: &[&str]) -> Game {
    let families: Vec<Family> = territories
        .chars()
        .map(|c| Family::from_letter(c).expect("a family letter"))
        .collect();
    let setup = Setup {
        players: order.len(),
        variant: Variant::for_players(order.len()),
        territories: families.try_into().expect("fifteen territories"),
        order: order.to_vec(),
    };
    let mut game = Game::from_setup(&setup).expect("a valid set-up");
    for token in tokens {
        let mv: Move = token.parse().expect("a well-formed token");
        game.play(mv)
            .unwrap_or_else(|e| panic!("{token} is legal here: {e}"));
    }
    game
}

/// Two players; seat 0 holds seven red knights and seat 1 seven green ones.
/// Seat 0 chose disc 3 and seat 1 disc 5, so seat 0 acts first, with the
/// emperor on territory 1 and red on territories 1, 6 and 11 only.
pub fn red_against_green() -> Game {
    position(
        "RGBYPRGBYPRGBYP",
        &[0, 1],
        &["draw RRRRRRR", "draw GGGGGGG", "disc 3", "disc 5"],
    )
}

/// Plays `rng`-chosen draws while one is due.
pub fn draw_while_due(game: &mut Game, rng: &mut impl RandomSource) {
    while let Some(draw) = game.sample_draw(rng) {
        game.play(Move::Draw(draw))
            .expect("sampled draws are legal");
    }
}
