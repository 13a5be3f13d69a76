//! Fuzz target `play`: a real game driven by tokens from the whole token
//! space, legal or not.
//!
//! Input: a byte for the player count, eight bytes of seed (set-up and draw
//! letters come from a generator with that seed), then one byte per step. A
//! step byte below 0x80 plays a legal step (the due draw, or the n-th legal
//! move) so that games get deep; from 0x80 on it picks any token of the token
//! space (every disc, placement, emperor move and joker token, and draws of
//! every size), which is mostly illegal. Checked on every step:
//! - a refused move leaves the game exactly as it was (== its clone);
//! - a move is accepted exactly when its canonical form is in
//!   `legal_moves()` (decisions) or it is a draw of the due size;
//! - `is_legal` agrees with `play`, and `legal_move_count` with the list.
#![no_main]

use carolus_rules::{
    Destination, Draw, Family, Game, GameRng, Knight, Move, RandomSource, Territory, Variant,
};
use libfuzzer_sys::fuzz_target;

/// Every decision token: 5 discs, 5 x 16 placements, 15 emperor moves, 5 jokers.
fn decisions() -> Vec<Move> {
    let mut all = Vec::new();
    for n in 1..=5 {
        all.push(Move::Disc(carolus_rules::Disc::new(n).expect("disc")));
    }
    for family in Family::ALL {
        all.push(Move::Place {
            family,
            to: Destination::Court,
        });
        for t in Territory::all() {
            all.push(Move::Place {
                family,
                to: Destination::Region(t),
            });
        }
        all.push(Move::Joker(family));
    }
    for steps in 1..=15 {
        all.push(Move::Emperor { steps });
    }
    all
}

fn random_draw(rng: &mut GameRng, size: usize) -> Move {
    let knights: Vec<Knight> = (0..size)
        .map(|_| Knight::OUTCOMES[rng.below(6) as usize])
        .collect();
    Move::Draw(Draw::new(&knights).expect("draw of 1..=9 knights"))
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let players = 2 + usize::from(data[0] % 3);
    let seed = u64::from_le_bytes(data[1..9].try_into().expect("8 bytes"));
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Game::random(players, Variant::for_players(players), &mut rng).expect("game");
    let space = decisions();
    for &byte in &data[9..] {
        let legal = game.legal_moves();
        assert_eq!(game.legal_move_count(), legal.len());
        let mv = if byte < 0x80 {
            match game.sample_draw(&mut rng) {
                Some(draw) => Move::Draw(draw),
                None if legal.is_empty() => continue, // over
                None => legal[usize::from(byte) % legal.len()],
            }
        } else {
            let pick = usize::from(byte - 0x80);
            match space.get(pick) {
                Some(mv) => *mv,
                // The rest of the byte range: draws of sizes 1..=9.
                None => random_draw(&mut rng, 1 + (pick - space.len()) % 9),
            }
        };
        let expected = match mv {
            Move::Draw(draw) => game.draw_due().is_some_and(|due| due.size == draw.len()),
            decision => legal.contains(&game.canonical(decision)),
        };
        let before = game.clone();
        let checked = game.is_legal(&mv);
        let result = game.play(mv);
        assert_eq!(result.is_ok(), expected, "{mv} in {before:?}: {result:?}");
        assert_eq!(checked, expected, "is_legal({mv}) disagrees with play");
        if result.is_err() {
            assert_eq!(game, before, "refused {mv} changed the game");
        }
    }
});
