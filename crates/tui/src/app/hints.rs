//! Hints: `h` asks a computer player what it would do in the person's
//! place, and the answer is shown as a notice with the cursor on the move.

use carolus_core::estimates;
use carolus_rules::{Game, Move, Seat};

use super::App;
use crate::ai::Purpose;
use crate::event::Effect;
use crate::words;

impl App {
    /// The move a hint suggested for the decision at hand.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// Shows the answer to `h`: the computer's move `mv` for `seat` in
    /// `game`, with the chance it gives the seat (`win` is everyone's), as
    /// a notice, and the cursor on the move so that Enter plays it. Every
    /// hint's answer arrives here, from [`App::on_thought`].
    pub(super) fn show_hint(&mut self, game: &Game, seat: Seat, mv: Move, win: &[f64]) {
        self.hint = Some(mv);
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
}
