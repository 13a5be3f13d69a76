//! Leaving the game on the table: quitting, opening another and starting a
//! new one, asking first when unsaved moves would be left behind.

use carolus_ai::Level;
use carolus_core::session::SeatKind;
use carolus_l10n::Catalog;

use super::{App, PromptKind, Screen};
use crate::config::PlayConfig;
use crate::event::Effect;

/// What would leave a game's unsaved moves behind, and so is asked first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// Quitting the program.
    Quit,
    /// Opening a saved game in place of this one.
    Open,
    /// Starting a new game with the same seats.
    NewGame,
}

impl Leaving {
    /// What `y` does, in the words of the question.
    pub fn action(self, tr: &Catalog) -> String {
        match self {
            Leaving::Quit => tr!(tr, "tui-leave-quit"),
            Leaving::Open => tr!(tr, "tui-leave-open"),
            Leaving::NewGame => tr!(tr, "tui-leave-new"),
        }
    }
}

impl App {
    /// Does what `leaving` asks at once if no unsaved move would be left
    /// behind, and otherwise asks first. A finished game's moves are not
    /// asked about: its result has been shown.
    pub(super) fn ask_before(&mut self, leaving: Leaving) -> Vec<Effect> {
        if self.dirty && !self.game().is_over() {
            self.screen = Screen::Confirm(leaving);
            return Vec::new();
        }
        self.leave(leaving)
    }

    /// Does what `leaving` asks, unsaved moves or not.
    pub(super) fn leave(&mut self, leaving: Leaving) -> Vec<Effect> {
        match leaving {
            Leaving::Quit => self.quit_now(),
            Leaving::Open => self.open_prompt(PromptKind::Load),
            Leaving::NewGame => self.new_game(),
        }
    }

    /// A new game at this table: the same number of players, the same
    /// names and computer players in the same seats, a new deal.
    fn new_game(&mut self) -> Vec<Effect> {
        let ai: Vec<(usize, Level)> = self
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(seat, info)| match info.kind {
                SeatKind::Ai { level } => Some((seat, level)),
                SeatKind::Human => None,
            })
            .collect();
        let mut config = PlayConfig::new_game(self.game().players(), self.next_seed).with_ai(&ai);
        config.names = Some(self.seats().iter().map(|seat| seat.name.clone()).collect());
        config.colour = self.theme.has_colour();
        config.language = self.tr.language();
        let mut fresh = match App::new(config) {
            Ok(fresh) => fresh,
            Err(error) => {
                self.refuse(tr!(self.tr, "tui-new-game-failed", error = error));
                return Vec::new();
            }
        };
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        if self.reviewing.take().is_some() {
            effects.push(Effect::CancelReview);
        }
        // The screen, the clock and the numbering of thinking requests go on,
        // so that a late answer about the old game is recognised as stale.
        fresh.area = self.area;
        fresh.now = self.now;
        fresh.next_id = self.next_id;
        *self = fresh;
        self.notice(tr!(self.tr, "tui-new-game", seed = self.seed.to_string()));
        effects.extend(self.advance());
        effects
    }

    /// Ends the program, and any thinking with it.
    pub(super) fn quit_now(&mut self) -> Vec<Effect> {
        self.quit = true;
        let mut effects = Vec::new();
        if self.thinking.take().is_some() {
            effects.push(Effect::CancelThinking);
        }
        effects.push(Effect::Quit);
        effects
    }
}
