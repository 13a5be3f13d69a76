//! Playing a move: a person's or a computer's, then the draws that are
//! due and the next decision.

use carolus_rules::Move;

use super::{App, MessageKind, Screen};
use crate::event::Effect;
use crate::words;

impl App {
    /// Plays a person's move `mv`, ending a hint still being worked out.
    pub(super) fn play_human(&mut self, mv: Move) -> Vec<Effect> {
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            // A hint still being worked out is for a position about to go.
            effects.push(Effect::CancelThinking);
        }
        if let Move::Place { to, .. } = mv {
            self.last_destination = Some(to);
        }
        match self.apply(mv) {
            Ok(()) => {
                self.message = None;
                effects.extend(self.advance());
            }
            Err(error) => self.refuse(error),
        }
        effects
    }

    /// Plays `mv` and writes it into the log.
    pub(super) fn apply(&mut self, mv: Move) -> Result<(), String> {
        let before = self.game().clone();
        let index = self.record().moves.len();
        let result = self.session.play(mv);
        result.map_err(|error| {
            tr!(
                self.tr,
                "tui-move-failed",
                token = mv.to_string(),
                reason = words::illegal_words(self.tr, self.seats(), &error)
            )
        })?;
        self.log_played(before, index, &[mv]);
        self.decided();
        Ok(())
    }

    /// After decisions were played: the game has moves nobody saved, a
    /// hint is for a position gone, and the log shows the newest lines.
    pub(super) fn decided(&mut self) {
        self.dirty = true;
        self.hint = None;
        self.log_scroll = 0;
    }

    /// After a move: the draws that are due, the next person's first step,
    /// the result screen, or the next computer's thinking.
    pub(super) fn advance(&mut self) -> Vec<Effect> {
        let before = self.game().clone();
        let start = self.record().moves.len();
        let drawn = self.session.draw_while_due();
        if !drawn.is_empty() {
            self.log_played(before, start, &drawn);
        }
        self.follow_lesson();
        self.reset_pick();
        // A refusal from while the computer was thinking is stale once it
        // is a person's turn again.
        if self.human_to_act().is_some()
            && self
                .message
                .as_ref()
                .is_some_and(|m| m.kind == MessageKind::Error)
        {
            self.message = None;
        }
        if self.game().is_over() {
            if self.screen == Screen::Board {
                self.screen = Screen::Result;
            }
            return Vec::new();
        }
        self.schedule()
    }
}
