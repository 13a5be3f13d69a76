//! What a move would do, found by playing it on a copy of the position.
//!
//! The screen shows, for every step the emperor may take, where he lands,
//! the scores there, who would win and what follows (a castle built, castles
//! taken over, nothing, mergers, the end of the game). The engine decides
//! all of it: the move is played on a clone of the [`Game`] and the result
//! is read off the two positions; the scores and the landing region come
//! from [`Game::region_scores`] and [`Game::landing`].

use carolus_rules::{Destination, Family, Game, Move, Owner, Seat, Territory};

/// The score of each owner (seat, or team in the team game) in one region.
pub type Scores = Vec<(Owner, u32)>;

/// What resolving a region does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// The winner builds a castle in a region without one.
    Build(Owner),
    /// The winner replaces another owner's castles with as many of their own.
    TakeOver {
        winner: Owner,
        from: Owner,
        castles: usize,
    },
    /// The winner already owns the region: nothing changes.
    Hold(Owner),
    /// The highest score is shared: nothing happens.
    Tie { score: u32 },
    /// Nobody scores at all: nothing happens.
    NoScore,
}

/// Everything an emperor move leads to.
#[derive(Clone, Debug)]
pub struct EmperorOutcome {
    /// The steps of the move.
    pub steps: u8,
    /// The landing region's name (its smallest territory) before the move.
    pub name: Territory,
    /// The scores in the landing region.
    pub scores: Scores,
    /// What resolving it does.
    pub resolution: Resolution,
    /// The territories of the region after mergers, if it merged.
    pub merged: Option<Vec<Territory>>,
    /// How many regions became that one (1 when nothing merged).
    pub joined: usize,
    /// The winning seats, if the move ends the game.
    pub winners: Option<Vec<Seat>>,
}

/// The score of every owner in region `index`, as the engine counts them
/// (ruling 9): the knights there of the families its seats control, plus
/// its own castles there.
pub fn scores(game: &Game, index: usize) -> Scores {
    if index >= game.regions().len() {
        return Vec::new();
    }
    let by_owner = game.region_scores(index);
    game.owners()
        .map(|owner| (owner, by_owner[owner.index()]))
        .collect()
}

/// The index of the region where the emperor stops after `steps` steps
/// (ruling 8: clockwise, a merged region is one step, at most once round).
pub fn landing(game: &Game, steps: u8) -> Option<usize> {
    (!game.regions().is_empty()).then(|| game.landing(steps))
}

/// The outcome of moving the emperor `steps` steps, if that is legal now.
pub fn emperor_move(game: &Game, steps: u8) -> Option<EmperorOutcome> {
    let count = game.regions().len();
    if count == 0 {
        return None;
    }
    let mut after = game.clone();
    after.play(Move::Emperor { steps }).ok()?;
    let region = landing(game, steps)?;
    let landing = game.regions().get(region)?;
    let scores = scores(game, region);

    let gained = game
        .owners()
        .find(|&owner| after.castles_of(owner) > game.castles_of(owner));
    let previous = game.region_owner(region);
    let resolution = match (gained, previous) {
        (Some(winner), None) => Resolution::Build(winner),
        (Some(winner), Some(from)) => Resolution::TakeOver {
            winner,
            from,
            castles: landing.castles(),
        },
        (None, _) => {
            let best = scores.iter().map(|&(_, score)| score).max().unwrap_or(0);
            let leaders: Vec<Owner> = scores
                .iter()
                .filter(|&&(_, score)| score == best)
                .map(|&(owner, _)| owner)
                .collect();
            match (best, leaders.as_slice()) {
                (0, _) => Resolution::NoScore,
                (_, [only]) => Resolution::Hold(*only),
                _ => Resolution::Tie { score: best },
            }
        }
    };

    let merged = (after.regions().len() < count)
        .then(|| {
            let index = after.region_index(landing.first());
            after
                .regions()
                .get(index)
                .map(|r| r.territories().collect())
        })
        .flatten();
    let winners = after.is_over().then(|| after.winners().collect());
    Some(EmperorOutcome {
        steps,
        name: landing.name(),
        scores,
        resolution,
        merged,
        joined: count.saturating_sub(after.regions().len()) + 1,
        winners,
    })
}

/// The outcome of every legal emperor move, fewest steps first.
pub fn emperor_options(game: &Game) -> Vec<EmperorOutcome> {
    game.legal_moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Emperor { steps } => emperor_move(game, *steps),
            _ => None,
        })
        .collect()
}

/// Who controls `family` after the player to act places a knight of it in
/// their court, and who did before, if that changes anything.
pub fn court_control(game: &Game, family: Family) -> Option<(Option<Seat>, Seat)> {
    let mut after = game.clone();
    after
        .play(Move::Place {
            family,
            to: Destination::Court,
        })
        .ok()?;
    let before = game.controller(family);
    let now = after.controller(family)?;
    (before != Some(now)).then_some((before, now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, Phase, RecordedGame, Variant};

    /// A game played at random until the emperor is to move.
    fn at_move_phase(seed: u64, rounds: u32) -> Game {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = RecordedGame::from_seed(2, Variant::STANDARD, seed)
            .unwrap()
            .game()
            .clone();
        loop {
            if game.phase() == Phase::Move && game.round() >= rounds {
                return game;
            }
            assert!(game.play_random(&mut rng).is_some(), "the game ended early");
        }
    }

    #[test]
    fn every_legal_emperor_move_has_an_outcome() {
        let game = at_move_phase(3, 4);
        let options = emperor_options(&game);
        assert_eq!(options.len(), game.legal_move_count());
        for (i, option) in options.iter().enumerate() {
            assert_eq!(usize::from(option.steps), i + 1);
            assert_eq!(option.scores.len(), 2);
        }
    }

    #[test]
    fn a_build_shows_in_the_castle_count() {
        // Over many positions, every predicted build or takeover gives the
        // winner more castles, and every non-change leaves them alone.
        for seed in 0..40 {
            let game = at_move_phase(seed, 2);
            for option in emperor_options(&game) {
                let mut after = game.clone();
                after
                    .play(Move::Emperor {
                        steps: option.steps,
                    })
                    .unwrap();
                match option.resolution {
                    Resolution::Build(owner) => {
                        assert_eq!(after.castles_of(owner), game.castles_of(owner) + 1);
                    }
                    Resolution::TakeOver {
                        winner, castles, ..
                    } => {
                        assert_eq!(after.castles_of(winner), game.castles_of(winner) + castles);
                    }
                    _ => {
                        for owner in game.owners() {
                            assert_eq!(after.castles_of(owner), game.castles_of(owner));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn scores_of_an_unknown_region_are_empty() {
        let game = at_move_phase(1, 1);
        assert!(scores(&game, 99).is_empty());
    }
}
