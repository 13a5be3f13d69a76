//! Every seat's chance of winning at a running game's present position, as
//! the computer estimates it (`GET /api/games/{id}/chances`), for the
//! people watching a game: the browser shows it to spectators as the game
//! goes on, and to the players only once the game is over.
//!
//! The estimate comes from the hint level's search on the server's search
//! threads, within the hint's time. However many spectators ask about one
//! position, the search runs once: the answer (or the search under way) is
//! kept per game until the game moves on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use carolus_ai::Level;
use carolus_rules::Game;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};

use crate::thinking::Thinkers;

/// Positions kept at most; beyond it the oldest knowledge is dropped (it
/// is only ever asked again for games still in play).
const KEPT: usize = 10_000;

type Estimate = Shared<BoxFuture<'static, Result<Vec<f64>, String>>>;

/// A game's position: the record's length and the game's take backs.
type Moment = (usize, u32);

/// The estimates of games' present positions. Cheap to clone.
#[derive(Clone, Default)]
pub struct Chances {
    known: Arc<Mutex<HashMap<String, (Moment, Estimate)>>>,
}

impl Chances {
    /// Every seat's chance in `game`, the position after `at` moves of game
    /// `id` with `takebacks` take backs (after a take back, the same length
    /// can be another position): searched once for all who ask.
    pub async fn of(
        &self,
        id: &str,
        at: usize,
        takebacks: u32,
        game: &Game,
        thinkers: &Thinkers,
        time: Duration,
    ) -> Result<Vec<f64>, String> {
        let estimate = {
            let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
            match known.get(id) {
                Some((seen, estimate)) if *seen == (at, takebacks) => estimate.clone(),
                _ => {
                    if known.len() >= KEPT {
                        known.clear();
                    }
                    let answer = thinkers.ask(game, Level::HINT, time, None);
                    let estimate = async move {
                        match answer.await {
                            Ok(Ok(analysis)) => Ok(analysis.win),
                            Ok(Err(error)) => Err(error.to_string()),
                            Err(_) => Err("the server is shutting down".to_owned()),
                        }
                    }
                    .boxed()
                    .shared();
                    known.insert(id.to_owned(), ((at, takebacks), estimate.clone()));
                    estimate
                }
            }
        };
        estimate.await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    #[tokio::test]
    async fn one_search_answers_everyone_who_asks_about_a_position() {
        let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, 3).unwrap();
        let mut rng = GameRng::seed_from_u64(3);
        while recorded.game().legal_moves().is_empty() {
            recorded.play_random(&mut rng).unwrap();
        }
        let game = recorded.game().clone();
        let at = recorded.record().moves.len();
        let thinkers = Thinkers::new(1);
        let chances = Chances::default();
        let time = Duration::from_millis(50);
        let search = |at, takebacks| {
            let (chances, thinkers, game) = (chances.clone(), thinkers.clone(), game.clone());
            async move {
                chances
                    .of("g", at, takebacks, &game, &thinkers, time)
                    .await
                    .unwrap()
            }
        };
        let kept = |chances: &Chances| chances.known.lock().unwrap()["g"].1.clone();
        let (first, second) = tokio::join!(search(at, 0), search(at, 0));
        assert_eq!(first.len(), 2);
        assert!((first.iter().sum::<f64>() - 1.0).abs() < 1e-6);
        assert_eq!(first, second);
        let asked_twice = kept(&chances);
        search(at, 0).await;
        assert!(
            kept(&chances).ptr_eq(&asked_twice),
            "the same search answers again"
        );
        // The game moved on: a new search, in place of the old one.
        search(at + 1, 0).await;
        assert!(!kept(&chances).ptr_eq(&asked_twice));
        // A take back brought the game back to a length it had: another
        // position, so a new search.
        let moved_on = kept(&chances);
        search(at + 1, 1).await;
        assert!(!kept(&chances).ptr_eq(&moved_on));
        assert_eq!(chances.known.lock().unwrap().len(), 1);
    }
}
