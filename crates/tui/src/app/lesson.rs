//! The guided first game in the terminal (`carolus play --learn`): the
//! lessons of carolus-core's `lessons`, the same as the browser's, shown
//! as one line in the footer, with `m` to play the lesson's "show me",
//! `k` to skip a lesson and `K` to skip them all.
//!
//! The progress follows the record after every move ([`App::follow_lesson`],
//! from `advance`), so undo, redo, saving and loading need nothing of their
//! own: a saved guided game is recognised by its record and its lessons
//! are found again from its moves.

use carolus_core::lessons::{self, LESSONS, LessonError, Progress, Step};

use super::App;
use crate::event::Effect;

impl App {
    /// The lesson to show now, in the guided game.
    pub fn lesson_step(&self) -> Option<Step> {
        self.lesson
            .map(|progress| lessons::step(self.game(), progress))
    }

    /// The learner's progress, in the guided game.
    pub fn lesson_progress(&self) -> Option<Progress> {
        self.lesson
    }

    /// The footer's lesson line: which lesson of how many, and its words.
    pub fn lesson_line(&self) -> Option<String> {
        let step = self.lesson_step()?;
        let shown = (step.index + 1).min(LESSONS.len());
        Some(tr!(
            self.tr,
            "tui-lesson-line",
            lesson = shown,
            count = LESSONS.len(),
            text = step.text(self.tr)
        ))
    }

    /// The progress after the record's newest moves; after an undo, from
    /// where the record now ends. A record that is no longer the guided
    /// game's (a new game, another file) ends the lessons.
    pub(super) fn follow_lesson(&mut self) {
        let Some(progress) = self.lesson else {
            return;
        };
        let length = self.record().moves.len();
        let from = Progress {
            lesson: progress.lesson,
            at: progress.at.min(length),
        };
        self.lesson = match lessons::advance(self.record(), from) {
            Ok(next) => Some(next),
            Err(LessonError::NotTheDeal) => None,
            Err(_) => Some(from),
        };
    }

    /// `m`: plays the move the lesson shows, if the learner decides.
    pub(super) fn lesson_show(&mut self) -> Vec<Effect> {
        match self.lesson_step().and_then(|step| step.show_me) {
            Some(mv) if self.human_to_act().is_some() => self.play_human(mv),
            _ => Vec::new(),
        }
    }

    /// `k` and `K`: skips the lesson, or all that are left.
    pub(super) fn lesson_skip(&mut self, all: bool) -> Vec<Effect> {
        if let Some(progress) = self.lesson {
            self.lesson = Some(lessons::skip(progress, all, self.record().moves.len()));
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use carolus_rules::Move;

    use super::*;
    use crate::ai::{InlineThinker, Thinker};
    use crate::config::{PlayConfig, Start, ThinkLimits};
    use crate::event::{Event, Key};

    fn learner_app() -> App {
        let mut config = PlayConfig::new_game(2, 1);
        config.start = Start::Lesson;
        App::new(config).unwrap()
    }

    /// Carries out the app's effects the way the event loop does, with
    /// an inline thinker: the computer's moves are the lesson's replies.
    fn run(app: &mut App, thinker: &mut InlineThinker, mut effects: Vec<Effect>) {
        while !effects.is_empty() {
            for effect in std::mem::take(&mut effects) {
                if let Effect::Think(request) = effect {
                    thinker.start(*request);
                }
            }
            while let Some(reply) = thinker.poll() {
                effects.extend(app.handle(Event::Thought(reply)));
            }
        }
    }

    #[test]
    fn m_follows_the_lessons_to_the_end_of_the_guided_game() {
        let mut app = learner_app();
        let mut thinker = InlineThinker::new(3, ThinkLimits::default());
        let effects = app.start();
        run(&mut app, &mut thinker, effects);
        let first = app.lesson_step().unwrap();
        assert_eq!(first.lesson, Some(LESSONS[0]));
        assert!(first.active);
        assert!(
            app.lesson_line().unwrap().starts_with("Lesson 1/9"),
            "{:?}",
            app.lesson_line()
        );
        let mut completed = Vec::new();
        for _ in 0..500 {
            if app.game().is_over() {
                break;
            }
            let before = app.lesson_progress().unwrap().lesson;
            let effects = app.handle(Event::Key(Key::Char('m')));
            run(&mut app, &mut thinker, effects);
            let after = app.lesson_progress().unwrap().lesson;
            assert!(after == before || after == before + 1);
            if after == before + 1 {
                completed.push(LESSONS[before]);
            }
        }
        assert!(app.game().is_over());
        assert_eq!(completed, LESSONS);
        // The same game as the lesson script's: its deal, draws and replies.
        let script = lessons::rehearse(lessons::SEED).record.unwrap();
        assert_eq!(app.record().moves, script.moves);
    }

    #[test]
    fn k_skips_a_lesson_and_capital_k_skips_them_all() {
        let mut app = learner_app();
        let mut thinker = InlineThinker::new(3, ThinkLimits::default());
        let effects = app.start();
        run(&mut app, &mut thinker, effects);
        app.handle(Event::Key(Key::Char('k')));
        assert_eq!(app.lesson_progress().unwrap().lesson, 1);
        // The disc lesson skipped, the court lesson waits for the knights.
        assert_eq!(app.lesson_step().unwrap().lesson, Some(LESSONS[1]));
        app.handle(Event::Key(Key::Char('K')));
        assert_eq!(app.lesson_progress().unwrap().lesson, LESSONS.len());
        assert_eq!(app.lesson_step().unwrap().show_me, None);
        // Without lessons, `m` plays nothing: the learner decides alone.
        let length = app.record().moves.len();
        app.handle(Event::Key(Key::Char('m')));
        assert_eq!(app.record().moves.len(), length);
        assert!(matches!(app.game().legal_moves()[0], Move::Disc(_)));
    }

    #[test]
    fn a_saved_guided_game_goes_on_with_its_lessons() {
        let mut app = learner_app();
        let mut thinker = InlineThinker::new(3, ThinkLimits::default());
        let effects = app.start();
        run(&mut app, &mut thinker, effects);
        for _ in 0..6 {
            let effects = app.handle(Event::Key(Key::Char('m')));
            run(&mut app, &mut thinker, effects);
        }
        let progress = app.lesson_progress().unwrap();
        assert!(progress.lesson >= 2, "{progress:?}");
        let mut config = PlayConfig::new_game(2, 99);
        config.start = Start::Record(Box::new(app.record().clone()));
        let loaded = App::new(config).unwrap();
        assert_eq!(loaded.lesson_progress(), Some(progress));
        assert_eq!(loaded.lesson_step(), app.lesson_step());
    }
}
