//! The message line under the prompt: refusals that say why, and notices.

use carolus_rules::{Game, Move};

use super::App;
use crate::words;

/// How a message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// A refusal or failure.
    Error,
    /// Information, such as a hint or "saved".
    Notice,
}

/// The line under the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub kind: MessageKind,
    pub text: String,
}

impl App {
    /// The line under the prompt, if any.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Says why something was not done.
    pub(super) fn refuse(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            kind: MessageKind::Error,
            text: text.into(),
        });
    }

    /// Tells something, such as a hint or "saved".
    pub(super) fn notice(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            kind: MessageKind::Notice,
            text: text.into(),
        });
    }

    /// Refuses `mv` with the engine's own reason.
    pub(super) fn refuse_move(&mut self, game: &Game, mv: Move) {
        let reason = match game.check(&mv) {
            Err(error) => words::illegal_words(self.tr, self.seats(), &error),
            Ok(()) => tr!(self.tr, "tui-illegal-other"),
        };
        self.refuse(tr!(
            self.tr,
            "tui-refuse-move",
            action = words::move_words(self.tr, game, mv),
            reason = reason
        ));
    }
}
