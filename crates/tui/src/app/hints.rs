//! Hints: `h` asks a computer player what it would do in the person's
//! place, and the answer is shown as a notice with the cursor on the move;
//! `x` then says why, in the sentences of [`carolus_core::explain`], on a
//! screen of their own ([`Screen::Why`]), since one to three sentences do
//! not fit the message line.

use carolus_core::estimates;
use carolus_core::explain::{Explanation, Names};
use carolus_rules::{Game, Move, Seat};

use super::{App, Screen};
use crate::ai::Purpose;
use crate::event::Effect;
use crate::words;

/// A hint for the decision at hand.
pub(super) struct Hint {
    mv: Move,
    /// What the move does and allows, from the hint's own search, or why
    /// that could not be worked out.
    explanation: Result<Explanation, String>,
}

impl App {
    /// The move a hint suggested for the decision at hand.
    pub fn hint(&self) -> Option<Move> {
        self.hint.as_ref().map(|hint| hint.mv)
    }

    /// Shows the answer to `h`: the computer's move `mv` for `seat` in
    /// `game`, with the chance it gives the seat (`win` is everyone's), as
    /// a notice, and the cursor on the move so that Enter plays it; its
    /// `explanation` is kept for `x`. Every hint's answer arrives here,
    /// from [`App::on_thought`].
    pub(super) fn show_hint(
        &mut self,
        game: &Game,
        seat: Seat,
        mv: Move,
        win: &[f64],
        explanation: Result<Explanation, String>,
    ) {
        self.hint = Some(Hint { mv, explanation });
        let action = words::move_words(self.tr, game, mv);
        let text = match estimates::seat_chance(game, win, seat) {
            Some(chance) => tr!(
                self.tr,
                "tui-hint-chance",
                action = action,
                percent = format!("{:.0}", chance * 100.0)
            ),
            None => tr!(self.tr, "tui-hint", action = action),
        };
        self.notice(text);
        self.point_at(game, mv);
    }

    /// `h`: asks the table's hint level for the move of the person to act;
    /// the answer comes back through [`App::on_thought`] to
    /// [`App::show_hint`].
    pub(super) fn ask_hint(&mut self) -> Vec<Effect> {
        let Some(seat) = self.human_to_act() else {
            self.refuse(tr!(self.tr, "tui-hint-not-yours"));
            return Vec::new();
        };
        if self.thinking.is_some() {
            self.notice(tr!(self.tr, "tui-hint-still"));
            return Vec::new();
        }
        self.notice(tr!(self.tr, "tui-hint-thinking"));
        let level = self.session.hint_level();
        vec![self.think(seat, level, Purpose::Hint)]
    }

    /// `x`: why the last hint's move, in the words of the game's language,
    /// on a screen of its own; a plain refusal when there is no hint for
    /// the decision at hand, or its explanation failed.
    pub(super) fn explain_hint(&mut self) -> Vec<Effect> {
        let Some(hint) = &self.hint else {
            self.refuse(tr!(self.tr, "tui-why-no-hint"));
            return Vec::new();
        };
        let explanation = match &hint.explanation {
            Ok(explanation) => explanation,
            Err(error) => {
                let text = tr!(self.tr, "tui-why-failed", error = error.as_str());
                self.refuse(text);
                return Vec::new();
            }
        };
        let game = self.game();
        let names: Vec<String> = self.seats().iter().map(|seat| seat.name.clone()).collect();
        let text = explanation.text(self.tr, &Names::new(self.tr, game, Some(&names)));
        let title = tr!(
            self.tr,
            "tui-why-title",
            action = words::move_words(self.tr, game, hint.mv)
        );
        self.screen = Screen::Why { title, text };
        Vec::new()
    }
}
