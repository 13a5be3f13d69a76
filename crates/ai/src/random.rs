//! The random bot: every legal token equally likely.

use carolus_rules::{Game, GameRng, RandomSource};

use crate::eval::{EvalWeights, win_chances};
use crate::{AiError, Analysis, Bot, Budget, Candidate, deciding_seat, seat_vector};

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot drawing from a generator seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: GameRng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, game: &Game, _budget: &Budget) -> Result<Analysis, AiError> {
        let seat = deciding_seat(game)?;
        let count = game.legal_move_count();
        let pick = self.rng.below(count as u32) as usize;
        let best = game.nth_legal_move(pick).ok_or(AiError::NoDecision {
            phase: game.phase(),
        })?;
        // The estimate costs a microsecond and makes the answer useful to
        // an analysing front end; the move itself ignores it.
        let win = win_chances(game, &EvalWeights::default());
        Ok(Analysis {
            best,
            win: seat_vector(game, &win),
            iterations: 0,
            candidates: vec![Candidate {
                mv: best,
                visits: 0,
                value: win[seat.index()],
            }],
        })
    }
}
