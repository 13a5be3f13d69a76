//! Clicks: what is under the mouse comes from [`crate::hit`], the same
//! module the drawing places the prompt's buttons with, so a click always
//! does what was drawn at its cell.

use carolus_rules::{Destination, Territory};

use super::{App, Pick, Screen};
use crate::choices;
use crate::event::{Effect, Key};
use crate::hit::{self, Action, Target};
use crate::layout::Layout;

impl App {
    /// A click at a cell: back to the board from an overlay, or what the
    /// cell of the board holds.
    pub(super) fn on_click(&mut self, x: u16, y: u16) -> Vec<Effect> {
        match self.screen {
            Screen::Board => {}
            Screen::Result
            | Screen::Help { .. }
            | Screen::Log { .. }
            | Screen::Chances
            | Screen::Why { .. } => {
                self.screen = Screen::Board;
                return Vec::new();
            }
            // A click on the review goes back to the result, as a key does.
            Screen::Review { .. } => {
                self.screen = Screen::Result;
                return Vec::new();
            }
            Screen::Prompt { .. } | Screen::Confirm(_) => return Vec::new(),
        }
        let layout = Layout::compute(self.area);
        let buttons = self.prompt_buttons(layout.prompt_row());
        match hit::target_at(&layout, &buttons, self.game().players(), x, y) {
            Some(Target::Button(action)) => self.on_action(action),
            Some(Target::Territory(territory)) => self.on_region_click(territory),
            // A click on one's own row of the seat table places the knight
            // at one's court.
            Some(Target::Seat(seat))
                if self.human_to_act() == Some(seat)
                    && matches!(self.pick, Pick::Destination { .. }) =>
            {
                self.choose_destination(Destination::Court);
                self.confirm()
            }
            Some(Target::Seat(_)) | None => Vec::new(),
        }
    }

    /// A click on a button of the prompt line.
    pub fn on_action(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Select(index) => {
                if let Pick::Family { .. } = self.pick {
                    self.set_cursor(index);
                    return self.confirm();
                }
                if self.cursor() == Some(index) || !matches!(self.pick, Pick::Emperor { .. }) {
                    self.set_cursor(index);
                    return self.confirm();
                }
                self.set_cursor(index);
                Vec::new()
            }
            Action::Back => {
                self.on_pick_key(Key::Esc);
                Vec::new()
            }
            Action::Result => {
                self.screen = Screen::Result;
                Vec::new()
            }
        }
    }

    /// A click in the slot of territory `territory_index` (0–14): there
    /// the knight goes, or the emperor (selected first, moved by a second
    /// click).
    fn on_region_click(&mut self, territory_index: usize) -> Vec<Effect> {
        let Some(territory) = Territory::from_index(territory_index) else {
            return Vec::new();
        };
        let game = self.game().clone();
        let region = game.region_index(territory);
        match self.pick {
            Pick::Destination { family, .. } => {
                let destinations = choices::destinations(&game, family);
                match destinations
                    .iter()
                    .position(|&to| choices::region_of(&game, to) == Some(region))
                {
                    Some(index) => {
                        self.set_cursor(index);
                        self.confirm()
                    }
                    None => Vec::new(),
                }
            }
            Pick::Family { .. } => {
                self.refuse(tr!(self.tr, "tui-refuse-region-family"));
                Vec::new()
            }
            Pick::Emperor { cursor } => {
                let steps = choices::steps(&game);
                match steps
                    .iter()
                    .position(|&s| crate::preview::landing(&game, s) == Some(region))
                {
                    Some(index) if index == cursor => self.confirm(),
                    Some(index) => {
                        self.set_cursor(index);
                        Vec::new()
                    }
                    None => {
                        self.refuse(tr!(self.tr, "tui-refuse-unreachable"));
                        Vec::new()
                    }
                }
            }
            _ => Vec::new(),
        }
    }
}
