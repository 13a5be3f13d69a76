//! The review after a game: `v` on the result screen asks for each
//! person's costliest decisions (carolus-core's `review`, the same
//! decisions and sentences as `carolus analyse` and the browser's review),
//! worked out off the screen's thread with its progress shown
//! ([`Screen::Review`]); then one decision a page, the board as it was,
//! the move made and the better one with their "why?" sentences, and `t`
//! to try the position again against the computer.

use carolus_core::explain::Names;
use carolus_core::review::{self, Progress, Review};
use carolus_rules::{Destination, Game, Move, Record, Seat};

use super::{App, Screen};
use crate::ai::{ReviewRequest, ReviewUpdate};
use crate::event::{Effect, Key};

/// The review of the game on the table, or the work towards it.
#[derive(Clone, Debug)]
pub(super) struct Reviewing {
    id: u64,
    /// The length of the record reviewed: a review of another length is
    /// about a game no longer on the table.
    moves: usize,
    status: ReviewStatus,
}

/// How far the review is.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewStatus {
    /// Searching: done of total.
    Working(Progress),
    /// Each person's costliest decisions, person by person, costliest
    /// first (empty when no decision of anybody is known to have cost).
    Ready(Vec<Reviewed>),
    /// The review failed, for this reason.
    Failed(String),
}

/// One decision of the review, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    pub seat: Seat,
    /// The decision's move in the record, from 1.
    pub index: usize,
    /// The mover's chance given up, in points.
    pub points: f64,
    /// The position before the decision.
    pub game: Game,
    pub played: Move,
    pub best: Move,
    /// What the move played brings that the better one does not, then
    /// the better one's, in the game's language.
    pub played_text: String,
    pub best_text: String,
}

impl Reviewed {
    /// The region a move names or lands the emperor on, to point at on the
    /// board.
    pub fn region_of(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Place {
                to: Destination::Region(territory),
                ..
            } => Some(self.game.region_index(territory)),
            Move::Emperor { steps } => crate::preview::landing(&self.game, steps),
            _ => None,
        }
    }
}

impl App {
    /// The review's state, for drawing: none until `v` asked for it.
    pub fn review_status(&self) -> Option<&ReviewStatus> {
        self.reviewing
            .as_ref()
            .filter(|r| r.moves == self.record().moves.len())
            .map(|r| &r.status)
    }

    /// `v`: shows the review of the finished game, asking for it first if
    /// it is not there yet.
    pub(super) fn open_review(&mut self) -> Vec<Effect> {
        if !self.game().is_over() {
            self.refuse(tr!(self.tr, "tui-review-not-over"));
            return Vec::new();
        }
        self.screen = Screen::Review { page: 0 };
        if self.review_status().is_some() {
            return Vec::new();
        }
        let id = self.next_id;
        self.next_id += 1;
        let record: Record = self.record().clone();
        let seats = review::people(&record);
        self.reviewing = Some(Reviewing {
            id,
            moves: record.moves.len(),
            status: ReviewStatus::Working(Progress { done: 0, total: 0 }),
        });
        let mut effects = vec![Effect::CancelReview];
        effects.push(Effect::Review(Box::new(ReviewRequest {
            id,
            record,
            seats,
        })));
        effects
    }

    /// A word of the review: its progress, or its result made ready to
    /// show. Words of a review given up are ignored.
    pub(super) fn on_review(&mut self, update: ReviewUpdate) -> Vec<Effect> {
        let (id, status) = match update {
            ReviewUpdate::Progress { id, progress } => (id, ReviewStatus::Working(progress)),
            ReviewUpdate::Done { id, result } => (
                id,
                match result {
                    Ok(review) => ReviewStatus::Ready(self.reviewed(&review)),
                    Err(error) => ReviewStatus::Failed(error),
                },
            ),
        };
        if let Some(reviewing) = self.reviewing.as_mut().filter(|r| r.id == id) {
            reviewing.status = status;
        }
        Vec::new()
    }

    /// The decisions of `review` as the screen shows them.
    fn reviewed(&self, review: &Review) -> Vec<Reviewed> {
        let names: Vec<String> = self.seats().iter().map(|seat| seat.name.clone()).collect();
        let mut shown = Vec::new();
        let mut game = match self.record().start() {
            Ok(game) => game,
            Err(_) => return shown,
        };
        let mut positions = Vec::new();
        for &mv in &self.record().moves {
            positions.push(game.clone());
            if game.play(mv).is_err() {
                break;
            }
        }
        for &seat in &review.seats {
            for decision in review.costliest(seat) {
                let (Some(explanation), Some(game)) = (
                    &decision.explanation,
                    positions.get(decision.moves_before()),
                ) else {
                    continue;
                };
                let words = Names::new(self.tr, game, Some(&names));
                let played = &explanation.explained;
                let (played_text, best_text) = match explanation.better() {
                    Some(better) => (
                        played.text_against(better, self.tr, &words),
                        better.text_against(played, self.tr, &words),
                    ),
                    None => (played.text(self.tr, &words), String::new()),
                };
                let points = match decision.cost {
                    carolus_core::analysis::Cost::Weighed(cost) => cost * 100.0,
                    _ => 0.0,
                };
                shown.push(Reviewed {
                    seat,
                    index: decision.index,
                    points,
                    game: game.clone(),
                    played: decision.played,
                    best: decision.best,
                    played_text,
                    best_text,
                });
            }
        }
        shown
    }

    /// A key on the review: the next and previous decision, `t` to try the
    /// shown one again, any other key back to the result.
    pub(super) fn on_review_key(&mut self, page: usize, key: Key) -> Vec<Effect> {
        let count = match self.review_status() {
            Some(ReviewStatus::Ready(shown)) => shown.len(),
            _ => 0,
        };
        match key {
            Key::Right | Key::Down | Key::Char(' ' | 'n') | Key::Tab if page + 1 < count => {
                self.screen = Screen::Review { page: page + 1 };
            }
            Key::Left | Key::Up | Key::Char('p') | Key::BackTab if page > 0 => {
                self.screen = Screen::Review { page: page - 1 };
            }
            Key::Right
            | Key::Down
            | Key::Char(' ' | 'n' | 'p')
            | Key::Tab
            | Key::Left
            | Key::Up
            | Key::BackTab => {}
            Key::Char('t') if page < count => return self.try_again_from(page),
            Key::Char('q') => return self.quit_now(),
            _ => self.screen = Screen::Result,
        }
        Vec::new()
    }

    /// `t`: the game again from the position before the decision on page
    /// `page`, with the same seats, the computer players answering.
    fn try_again_from(&mut self, page: usize) -> Vec<Effect> {
        let Some(ReviewStatus::Ready(shown)) = self.review_status() else {
            return Vec::new();
        };
        let Some(index) = shown.get(page).map(|r| r.index) else {
            return Vec::new();
        };
        let mut record = self.record().clone();
        record.moves.truncate(index - 1);
        self.reviewing = None;
        let mut effects = vec![Effect::CancelReview];
        effects.extend(self.try_again(record, index));
        effects
    }
}

#[cfg(test)]
mod tests {
    use carolus_ai::Level;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    use super::*;
    use crate::ai::{InlineThinker, ReviewUpdate, Thinker};
    use crate::config::{PlayConfig, Start, ThinkLimits};

    /// A finished two-player game played at random, seat 1 the level-2
    /// computer, opened at the table.
    fn finished() -> App {
        let mut rng = GameRng::seed_from_u64(11);
        let mut game = RecordedGame::from_rng(2, Variant::STANDARD, &mut rng).unwrap();
        while game.play_random(&mut rng).is_some() {}
        let mut record = game.into_record();
        record
            .meta
            .get_or_insert_with(Default::default)
            .insert("levels".to_owned(), serde_json::json!([null, 2]));
        let mut config = PlayConfig::new_game(2, 5);
        config.start = Start::Record(Box::new(record));
        let mut app = App::new(config).unwrap();
        app.start();
        assert!(app.game().is_over());
        app
    }

    fn key(app: &mut App, key: Key) -> Vec<Effect> {
        app.handle(crate::event::Event::Key(key))
    }

    /// Carries out the review the effects ask for, as the session would,
    /// with small searches, and hands every word of it to the app.
    fn run(app: &mut App, effects: Vec<Effect>) {
        let mut thinker = InlineThinker::new(
            3,
            ThinkLimits {
                time: None,
                iterations: Some(40),
            },
        );
        for effect in effects {
            if let Effect::Review(request) = effect {
                thinker.start_review(*request);
            }
        }
        while let Some(update) = thinker.poll_review() {
            app.handle(crate::event::Event::Review(update));
        }
    }

    #[test]
    fn v_asks_for_the_review_of_the_people_and_shows_its_progress() {
        let mut app = finished();
        assert_eq!(app.screen(), &Screen::Result);
        let effects = key(&mut app, Key::Char('v'));
        let request = effects
            .iter()
            .find_map(|e| match e {
                Effect::Review(request) => Some(request.clone()),
                _ => None,
            })
            .expect("a review is asked for");
        assert_eq!(
            request.seats,
            vec![Seat::new(0).unwrap()],
            "only the person"
        );
        assert_eq!(request.record, *app.record());
        assert_eq!(app.screen(), &Screen::Review { page: 0 });
        app.handle(crate::event::Event::Review(ReviewUpdate::Progress {
            id: request.id,
            progress: Progress { done: 3, total: 9 },
        }));
        assert_eq!(
            app.review_status(),
            Some(&ReviewStatus::Working(Progress { done: 3, total: 9 }))
        );
        // A word of another review changes nothing.
        app.handle(crate::event::Event::Review(ReviewUpdate::Progress {
            id: request.id + 7,
            progress: Progress { done: 8, total: 9 },
        }));
        assert_eq!(
            app.review_status(),
            Some(&ReviewStatus::Working(Progress { done: 3, total: 9 }))
        );
        // Asked again, the review under way is shown, not begun anew.
        key(&mut app, Key::Esc);
        assert_eq!(app.screen(), &Screen::Result);
        assert!(key(&mut app, Key::Char('v')).is_empty());
    }

    #[test]
    fn the_finished_review_pages_through_the_persons_costliest_decisions() {
        let mut app = finished();
        let effects = key(&mut app, Key::Char('v'));
        run(&mut app, effects);
        let Some(ReviewStatus::Ready(shown)) = app.review_status().cloned() else {
            panic!("the review is ready: {:?}", app.review_status());
        };
        assert!(!shown.is_empty() && shown.len() <= 3, "{}", shown.len());
        for (a, b) in shown.iter().zip(shown.iter().skip(1)) {
            assert!(a.points >= b.points, "costliest first");
        }
        for item in &shown {
            assert_eq!(item.seat.index(), 0);
            assert_ne!(item.played, item.best);
            assert!(item.points > 0.0);
            assert!(!item.played_text.is_empty() && !item.best_text.is_empty());
            assert!(item.game.is_legal(&item.played) && item.game.is_legal(&item.best));
            assert_eq!(item.game.to_act(), Some(item.seat));
        }
        key(&mut app, Key::Right);
        let last = shown.len() - 1;
        assert_eq!(app.screen(), &Screen::Review { page: 1.min(last) });
        for _ in 0..5 {
            key(&mut app, Key::Right);
        }
        assert_eq!(app.screen(), &Screen::Review { page: last });
        key(&mut app, Key::Left);
        assert_eq!(
            app.screen(),
            &Screen::Review {
                page: last.saturating_sub(1)
            }
        );
    }

    #[test]
    fn t_tries_the_position_again_with_the_same_seats() {
        let mut app = finished();
        let effects = key(&mut app, Key::Char('v'));
        run(&mut app, effects);
        let Some(ReviewStatus::Ready(shown)) = app.review_status().cloned() else {
            panic!("the review is ready");
        };
        let first = shown[0].clone();
        key(&mut app, Key::Char('t'));
        assert_eq!(app.screen(), &Screen::Board);
        assert_eq!(app.record().moves.len(), first.index - 1);
        assert_eq!(app.game().to_act(), Some(first.seat));
        assert_eq!(app.human_to_act(), Some(first.seat));
        assert_eq!(app.ai_level(Seat::new(1).unwrap()), Level::new(2).ok());
        assert!(
            app.review_status().is_none(),
            "the review was of another game"
        );
    }

    #[test]
    fn the_review_is_only_for_a_finished_game() {
        let mut app = App::new(PlayConfig::new_game(2, 5)).unwrap();
        app.start();
        assert!(!app.game().is_over());
        app.open_review();
        assert!(app.review_status().is_none());
        assert_eq!(app.screen(), &Screen::Board);
    }
}
