//! Undo and redo: back to the last decision a person made, and forward
//! again over what was taken back.

use carolus_core::session::{RedoError, UndoError};

use super::{App, Pick, Screen};
use crate::event::Effect;
use crate::words;

impl App {
    /// Whether there are moves an undo took back that Ctrl-R plays again.
    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    /// Takes back everything since the last decision a person made.
    pub(super) fn undo(&mut self) -> Vec<Effect> {
        let undone = match self.session.undo() {
            Ok(undone) => undone,
            Err(UndoError::NoDecision) => {
                self.refuse(tr!(self.tr, "tui-undo-nothing"));
                return Vec::new();
            }
            Err(UndoError::Replay(error)) => {
                self.refuse(tr!(self.tr, "tui-undo-failed", error = error.to_string()));
                return Vec::new();
            }
        };
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        self.log.retain(|entry| entry.index < undone.index);
        self.log_scroll = 0;
        self.hint = None;
        self.dirty = true;
        self.screen = Screen::Board;
        self.pick = Pick::Wait;
        self.reset_pick();
        let mover = self.name_to_act();
        self.notice(tr!(
            self.tr,
            "tui-undone",
            count = undone.taken,
            name = mover
        ));
        effects.extend(self.schedule());
        effects
    }

    /// The name of the seat to decide, or nothing when the game is over.
    fn name_to_act(&self) -> String {
        self.game()
            .to_act()
            .map(|seat| words::seat_name(self.seats(), seat).to_owned())
            .unwrap_or_default()
    }

    /// Plays again what undo took back: the person's decision and every
    /// move after it, up to the next decision a person makes.
    pub(super) fn redo(&mut self) -> Vec<Effect> {
        if !self.session.can_redo() {
            self.refuse(tr!(self.tr, "tui-redo-nothing"));
            return Vec::new();
        }
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        let before = self.game().clone();
        let redone = match self.session.redo() {
            Ok(redone) => redone,
            Err(RedoError::Nothing) => return effects,
        };
        if !redone.moves.is_empty() {
            self.log_played(before, redone.index, &redone.moves);
            self.decided();
        }
        if let Some((mv, error)) = redone.stopped {
            let reason = words::illegal_words(self.tr, self.seats(), &error);
            self.refuse(tr!(
                self.tr,
                "tui-redo-stopped",
                token = mv.to_string(),
                reason = reason
            ));
        }
        self.screen = Screen::Board;
        let replayed = redone.moves.len();
        if replayed > 0 {
            let mover = self.name_to_act();
            self.notice(if mover.is_empty() {
                tr!(self.tr, "tui-redone-over", count = replayed)
            } else {
                tr!(self.tr, "tui-redone", count = replayed, name = mover)
            });
        }
        effects.extend(self.advance());
        effects
    }
}
