//! The options of the decision at hand, taken from the engine's legal moves.
//!
//! The screen never works out legality itself: every button, every cursor
//! stop and every key that does something comes from
//! [`carolus_rules::Game::legal_moves`], split into the steps a person takes
//! (a family, then its destination).

use carolus_rules::{Destination, Disc, Family, Game, Move};

/// The discs that may be chosen, ascending.
pub fn discs(game: &Game) -> Vec<Disc> {
    game.legal_moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Disc(disc) => Some(*disc),
            _ => None,
        })
        .collect()
}

/// The families a joker may become.
pub fn joker_families(game: &Game) -> Vec<Family> {
    game.legal_moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Joker(family) => Some(*family),
            _ => None,
        })
        .collect()
}

/// The families that may be placed (those in the reserve), in notation order.
pub fn families(game: &Game) -> Vec<Family> {
    let mut families: Vec<Family> = game
        .legal_moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Place { family, .. } => Some(*family),
            _ => None,
        })
        .collect();
    families.dedup();
    families
}

/// Where a knight of `family` may go: the court first, then the regions
/// clockwise from the one holding territory 1.
pub fn destinations(game: &Game, family: Family) -> Vec<Destination> {
    game.legal_moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Place { family: f, to } if *f == family => Some(*to),
            _ => None,
        })
        .collect()
}

/// The steps the emperor may take, fewest first.
pub fn steps(game: &Game) -> Vec<u8> {
    game.legal_moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Emperor { steps } => Some(*steps),
            _ => None,
        })
        .collect()
}

/// The index in [`Game::regions`] of a destination, or `None` for the court.
pub fn region_of(game: &Game, to: Destination) -> Option<usize> {
    match to {
        Destination::Court => None,
        Destination::Region(territory) => Some(game.region_index(territory)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{Phase, RecordedGame, Variant};

    #[test]
    fn options_match_the_legal_moves() {
        let mut game = RecordedGame::from_seed(3, Variant::STANDARD, 11)
            .unwrap()
            .game()
            .clone();
        let mut rng = carolus_rules::GameRng::seed_from_u64(1);
        for _ in 0..400 {
            let legal = game.legal_move_count();
            let counted = match game.phase() {
                Phase::Disc => discs(&game).len(),
                Phase::Joker => joker_families(&game).len(),
                Phase::Place => families(&game)
                    .iter()
                    .map(|&f| destinations(&game, f).len())
                    .sum(),
                Phase::Move => steps(&game).len(),
                Phase::Draw | Phase::Over => 0,
            };
            assert_eq!(counted, legal);
            if game.play_random(&mut rng).is_none() {
                break;
            }
        }
    }
}
