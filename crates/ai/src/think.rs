//! Asking a bot for a move, the one way every front end does it: within a
//! budget, with the answer checked, and with a panic inside the bot turned
//! into an error, so that a fault in one search costs one answer and never
//! the program (a screen, a match of hundreds of games, a server of many
//! tables).

use std::panic::{AssertUnwindSafe, catch_unwind};

use carolus_rules::{Game, IllegalMove, Move};
use thiserror::Error;

use crate::{AiError, Analysis, Bot, Budget};

/// Why a bot gave no move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ThinkError {
    /// The bot declined, for example because no decision is due.
    #[error("the computer player refused: {0}")]
    Refused(#[from] AiError),
    /// The bot panicked; the message is the panic's. A bot that panicked
    /// may hold broken state and should be built afresh.
    #[error("the computer player failed: {0}")]
    Panicked(String),
    /// The bot chose a move that is not legal in the position (a bug in the
    /// bot, caught here so that no caller plays it).
    #[error("the computer player chose the illegal move {mv}: {error}")]
    Illegal { mv: Move, error: IllegalMove },
}

/// Asks `bot` for its move in `game` within `budget`.
///
/// The answer's move has been checked against the rules, so a caller may
/// play it, and it leads the candidates whenever the bot weighed it: a bot
/// may choose other than its highest-valued move (the noise of the lower
/// levels, a tie-break the values leave out), and whoever reads the
/// candidates beside the move (a protocol answer's `info.best`, a screen's
/// "Moves weighed") must find the move first. A panic inside the bot is
/// caught and reported as [`ThinkError::Panicked`].
pub fn think(bot: &mut dyn Bot, game: &Game, budget: &Budget) -> Result<Analysis, ThinkError> {
    let mut analysis = catch_unwind(AssertUnwindSafe(|| bot.choose(game, budget)))
        .map_err(|panic| ThinkError::Panicked(panic_message(panic.as_ref())))??;
    game.check(&analysis.best)
        .map_err(|error| ThinkError::Illegal {
            mv: analysis.best,
            error,
        })?;
    let chosen = game.canonical(analysis.best);
    if let Some(at) = analysis
        .candidates
        .iter()
        .position(|candidate| game.canonical(candidate.mv) == chosen)
    {
        let candidate = analysis.candidates.remove(at);
        analysis.candidates.insert(0, candidate);
    }
    Ok(analysis)
}

/// The message of a caught panic, for people and logs.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = panic.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text.clone()
    } else {
        "an unknown error".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use carolus_rules::{RecordedGame, Variant};

    use super::*;
    use crate::BotSpec;

    /// A bot that fails in one of the ways `think` guards against.
    struct Faulty(Fault);

    enum Fault {
        Panic,
        Illegal,
    }

    impl Bot for Faulty {
        fn name(&self) -> String {
            "faulty".to_owned()
        }

        fn choose(&mut self, game: &Game, _: &Budget) -> Result<Analysis, AiError> {
            match self.0 {
                Fault::Panic => panic!("a bug in the bot"),
                Fault::Illegal => Ok(Analysis {
                    // The emperor cannot move 9 steps in any position.
                    best: "move 9".parse().unwrap(),
                    win: vec![0.5; game.players()],
                    iterations: 0,
                    candidates: Vec::new(),
                }),
            }
        }
    }

    fn a_decision() -> RecordedGame {
        RecordedGame::from_seed(2, Variant::STANDARD, 3).unwrap()
    }

    #[test]
    fn a_working_bot_answers_a_legal_move() {
        let game = a_decision();
        let mut bot = BotSpec::Greedy { noise: 0.0 }.build(1);
        let analysis = think(bot.as_mut(), game.game(), &Budget::default()).unwrap();
        assert!(game.game().is_legal(&analysis.best));
    }

    #[test]
    fn the_move_chosen_leads_the_moves_weighed_even_with_noise() {
        // A noisy greedy bot often plays other than its best-valued move;
        // its report must still start with the move it plays.
        let mut bot = BotSpec::Greedy { noise: 0.5 }.build(4);
        let mut rng = carolus_rules::GameRng::seed_from_u64(9);
        let mut game = RecordedGame::from_rng(2, Variant::STANDARD, &mut rng).unwrap();
        let mut checked = 0;
        while !game.game().is_over() && checked < 200 {
            if game.game().draw_due().is_some() {
                game.play_random(&mut rng);
                continue;
            }
            let analysis = think(bot.as_mut(), game.game(), &Budget::default()).unwrap();
            if let Some(first) = analysis.candidates.first() {
                assert_eq!(
                    game.game().canonical(first.mv),
                    game.game().canonical(analysis.best),
                    "{:?}",
                    analysis.candidates
                );
                checked += 1;
            }
            game.play(analysis.best).unwrap();
        }
        assert!(checked > 50, "only {checked} decisions checked");
    }

    #[test]
    fn a_panic_in_the_bot_is_an_error_with_its_message() {
        let game = a_decision();
        let result = think(&mut Faulty(Fault::Panic), game.game(), &Budget::default());
        assert_eq!(
            result,
            Err(ThinkError::Panicked("a bug in the bot".to_owned()))
        );
    }

    #[test]
    fn panic_messages_are_read_from_both_kinds_of_payload() {
        let text: Box<dyn std::any::Any + Send> = Box::new("boom");
        assert_eq!(panic_message(text.as_ref()), "boom");
        let owned: Box<dyn std::any::Any + Send> = Box::new(String::from("bang"));
        assert_eq!(panic_message(owned.as_ref()), "bang");
        let other: Box<dyn std::any::Any + Send> = Box::new(7);
        assert_eq!(panic_message(other.as_ref()), "an unknown error");
    }

    #[test]
    fn an_illegal_answer_is_never_passed_on() {
        let game = a_decision();
        let result = think(&mut Faulty(Fault::Illegal), game.game(), &Budget::default());
        assert!(
            matches!(result, Err(ThinkError::Illegal { .. })),
            "{result:?}"
        );
    }
}
