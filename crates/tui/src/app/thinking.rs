//! Computer players at work: asking for a move or a hint, taking the
//! answer, and the latest estimate of everyone's chances.

use std::time::Duration;

use carolus_ai::{Candidate, Level};
use carolus_core::estimates::Trail;
use carolus_rules::{Game, Seat};

use super::App;
use crate::ai::{Purpose, ThinkReply, ThinkRequest};
use crate::event::Effect;

/// The spinner's frames, one every tenth of a second.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// A computer player at work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub id: u64,
    pub seat: Seat,
    pub level: Level,
    pub purpose: Purpose,
    /// When it started, in the time of [`crate::Event::Tick`].
    pub since: Duration,
}

/// The latest estimate of a computer player: everyone's chances to win.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Who estimated (the seat it played or hinted for).
    pub seat: Seat,
    pub level: Level,
    pub purpose: Purpose,
    /// Chance of winning by seat, summing to 1.
    pub win: Vec<f64>,
    /// The moves it weighed, best first (at most a few).
    pub candidates: Vec<Candidate>,
    /// Iterations or positions searched.
    pub iterations: u64,
    /// The position the estimate is about.
    pub game: Game,
}

impl App {
    /// The computer player at work, if any.
    pub fn thinking(&self) -> Option<Thinking> {
        self.thinking
    }

    /// The spinner frame and the seconds elapsed of the thinking under
    /// way, if any.
    pub fn spinner(&self) -> Option<(char, f64)> {
        let thinking = self.thinking?;
        let elapsed = self.now.saturating_sub(thinking.since);
        let frame = SPINNER[(elapsed.as_millis() / 100 % SPINNER.len() as u128) as usize];
        Some((frame, elapsed.as_secs_f64()))
    }

    /// The latest estimate of a computer player, if any.
    pub fn estimate(&self) -> Option<&Estimate> {
        self.estimate.as_ref()
    }

    /// The estimates made during this game, for the win-chance graph.
    pub fn trail(&self) -> &Trail {
        self.session.trail()
    }

    /// Asks a computer player for its move if one is to act.
    pub(super) fn schedule(&mut self) -> Vec<Effect> {
        if self.thinking.is_some() {
            return Vec::new();
        }
        match self.session.computer_to_act() {
            Some((seat, level)) => vec![self.think(seat, level, Purpose::Play)],
            None => Vec::new(),
        }
    }

    /// Asks the computer at `level` to think for `seat`, about its move or
    /// a hint; the answer comes back as [`crate::Event::Thought`].
    pub(super) fn think(&mut self, seat: Seat, level: Level, purpose: Purpose) -> Effect {
        let id = self.next_id;
        self.next_id += 1;
        self.thinking = Some(Thinking {
            id,
            seat,
            level,
            purpose,
            since: self.now,
        });
        Effect::Think(Box::new(ThinkRequest {
            id,
            seat,
            level,
            purpose,
            game: self.game().clone(),
            lesson_at: self.lesson.is_some().then(|| self.record().moves.len()),
        }))
    }

    /// A computer's answer: its estimate is kept, and its move played or
    /// its hint shown. An answer about a position gone is ignored.
    pub(super) fn on_thought(&mut self, reply: ThinkReply) -> Vec<Effect> {
        let Some(thinking) = self.thinking.filter(|t| t.id == reply.id) else {
            return Vec::new();
        };
        self.thinking = None;
        let game = self.game().clone();
        let analysis = match reply.result {
            Ok(analysis) => Some(analysis),
            Err(error) => {
                self.refuse(tr!(self.tr, "tui-computer-failed", error = error));
                None
            }
        };
        if let Some(analysis) = &analysis {
            self.session.record_estimate(analysis.win.clone());
            self.estimate = Some(Estimate {
                seat: thinking.seat,
                level: thinking.level,
                purpose: thinking.purpose,
                win: analysis.win.clone(),
                candidates: analysis.candidates.iter().take(8).cloned().collect(),
                iterations: analysis.iterations,
                game: game.clone(),
            });
        }
        match thinking.purpose {
            Purpose::Hint => {
                if let Some(analysis) = analysis {
                    // A thinker answers every hint with its explanation;
                    // one that did not is named in the refusal `x` gives.
                    let explanation = reply
                        .explanation
                        .unwrap_or_else(|| Err(tr!(self.tr, "tui-why-missing")));
                    self.show_hint(
                        &game,
                        thinking.seat,
                        analysis.best,
                        &analysis.win,
                        explanation,
                    );
                }
                Vec::new()
            }
            Purpose::Play => {
                // A computer player that failed (its move is checked by
                // `carolus_ai::think`) would stall the game; the first legal
                // move keeps it going, and the message says what happened.
                let chosen = match analysis {
                    Some(analysis) => Some(analysis.best),
                    None => game.legal_moves().first().copied(),
                };
                let Some(mv) = chosen else {
                    return Vec::new();
                };
                match self.apply(mv) {
                    Ok(()) => self.advance(),
                    Err(error) => {
                        self.refuse(error);
                        Vec::new()
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::{App, Effect, Event, Key, PlayConfig};

    #[test]
    fn the_spinner_turns_a_frame_every_tenth_of_a_second_of_thinking() {
        let mut app = App::new(PlayConfig::new_game(2, 7)).unwrap();
        app.start();
        assert_eq!(app.spinner(), None, "nobody thinks yet");
        app.handle(Event::Tick(Duration::from_millis(1000)));
        let asked = app.handle(Event::Key(Key::Char('h')));
        assert!(matches!(asked.as_slice(), [Effect::Think(_)]));
        assert_eq!(app.spinner(), Some(('⠋', 0.0)));
        app.handle(Event::Tick(Duration::from_millis(1250)));
        assert_eq!(app.spinner(), Some(('⠹', 0.25)));
        // Ten frames make a turn.
        app.handle(Event::Tick(Duration::from_millis(2500)));
        assert_eq!(app.spinner(), Some(('⠴', 1.5)));
    }
}
