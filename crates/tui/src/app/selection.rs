//! The cursor: which option of the decision at hand is selected, moved by
//! arrows, digits and family letters, and taken with Enter.
//!
//! A person's decision is taken in small steps that are kept in [`Pick`]:
//! which option the cursor is on, and for a placement whether the family
//! has been chosen yet. The options are those of the `choices` module, so
//! only moves from the engine's legal moves can be selected.

use carolus_rules::{Destination, Disc, Family, Game, Move, Phase, Territory};

use super::App;
use crate::choices;
use crate::event::{Effect, Key};
use crate::words;

/// The step a person is at in the decision at hand; the cursors index the
/// options of the `choices` module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing to decide for a person: a computer plays, or the game is over.
    Wait,
    Disc {
        cursor: usize,
    },
    Joker {
        cursor: usize,
    },
    /// Choosing which family to place.
    Family {
        cursor: usize,
    },
    /// Choosing where the knight of `family` goes.
    Destination {
        family: Family,
        cursor: usize,
    },
    Emperor {
        cursor: usize,
    },
}

impl App {
    /// The step a person is at in the decision at hand.
    pub fn pick(&self) -> Pick {
        self.pick
    }

    /// The move the cursor is on, if the cursor is on a complete move.
    pub fn selected_move(&self) -> Option<Move> {
        let game = self.game();
        match self.pick {
            Pick::Wait | Pick::Family { .. } => None,
            Pick::Disc { cursor } => choices::discs(game).get(cursor).map(|&d| Move::Disc(d)),
            Pick::Joker { cursor } => choices::joker_families(game)
                .get(cursor)
                .map(|&f| Move::Joker(f)),
            Pick::Destination { family, cursor } => choices::destinations(game, family)
                .get(cursor)
                .map(|&to| Move::Place { family, to }),
            Pick::Emperor { cursor } => choices::steps(game)
                .get(cursor)
                .map(|&steps| Move::Emperor { steps }),
        }
    }

    /// The region index the cursor points at on the ring, if any.
    pub fn cursor_region(&self) -> Option<usize> {
        let game = self.game();
        match self.selected_move()? {
            Move::Place { to, .. } => choices::region_of(game, to),
            Move::Emperor { steps } => crate::preview::landing(game, steps),
            _ => None,
        }
    }

    /// Keys that move the cursor or decide, while a person is to act.
    pub(super) fn on_pick_key(&mut self, key: Key) -> Vec<Effect> {
        let count = self.option_count();
        match key {
            Key::Left | Key::Up | Key::BackTab => self.move_cursor(-1, count),
            Key::Right | Key::Down | Key::Tab => self.move_cursor(1, count),
            Key::Home => self.set_cursor(0),
            Key::End => self.set_cursor(count.saturating_sub(1)),
            Key::Enter | Key::Char(' ') => return self.confirm(),
            Key::Esc => {
                if let Pick::Destination { family, .. } = self.pick {
                    let cursor = self.family_cursor(family);
                    self.pick = Pick::Family { cursor };
                }
                self.message = None;
            }
            Key::Char(c) if c.is_ascii_digit() => self.on_digit(c as u8 - b'0'),
            Key::Char(c) => {
                if let Some(family) = Family::from_letter(c.to_ascii_uppercase()) {
                    return self.on_family_letter(family);
                } else if c == 'c' && matches!(self.pick, Pick::Destination { .. }) {
                    self.choose_destination(Destination::Court);
                } else {
                    self.refuse(tr!(self.tr, "tui-refuse-key", key = c.to_string()));
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// How many options the current step has.
    pub fn option_count(&self) -> usize {
        let game = self.game();
        match self.pick {
            Pick::Wait => 0,
            Pick::Disc { .. } => choices::discs(game).len(),
            Pick::Joker { .. } => choices::joker_families(game).len(),
            Pick::Family { .. } => choices::families(game).len(),
            Pick::Destination { family, .. } => choices::destinations(game, family).len(),
            Pick::Emperor { .. } => choices::steps(game).len(),
        }
    }

    /// Moves the cursor `delta` options on, round the `count` options.
    fn move_cursor(&mut self, delta: isize, count: usize) {
        if count == 0 {
            return;
        }
        let cursor = self.cursor().unwrap_or(0) as isize;
        let next = (cursor + delta).rem_euclid(count as isize) as usize;
        self.set_cursor(next);
    }

    /// The option the cursor is on, if a person decides.
    pub(super) fn cursor(&self) -> Option<usize> {
        match self.pick {
            Pick::Wait => None,
            Pick::Disc { cursor }
            | Pick::Joker { cursor }
            | Pick::Family { cursor }
            | Pick::Destination { cursor, .. }
            | Pick::Emperor { cursor } => Some(cursor),
        }
    }

    /// Puts the cursor on option `value`, ending a number being typed.
    pub(super) fn set_cursor(&mut self, value: usize) {
        self.typed = 0;
        match &mut self.pick {
            Pick::Wait => {}
            Pick::Disc { cursor }
            | Pick::Joker { cursor }
            | Pick::Family { cursor }
            | Pick::Destination { cursor, .. }
            | Pick::Emperor { cursor } => *cursor = value,
        }
    }

    /// A digit: a disc, a number of steps, or a territory (two digits for
    /// 10–15, typed one after the other).
    fn on_digit(&mut self, digit: u8) {
        let game = self.game().clone();
        match self.pick {
            Pick::Disc { .. } => {
                let Some(disc) = Disc::new(digit) else {
                    self.refuse(tr!(self.tr, "tui-refuse-no-disc", disc = digit));
                    return;
                };
                match choices::discs(&game).iter().position(|&d| d == disc) {
                    Some(index) => self.set_cursor(index),
                    None => self.refuse_move(&game, Move::Disc(disc)),
                }
            }
            Pick::Emperor { .. } => {
                let steps = choices::steps(&game);
                match steps.iter().position(|&s| s == digit) {
                    Some(index) => self.set_cursor(index),
                    None => {
                        let most = steps.last().copied().unwrap_or(1);
                        self.refuse(tr!(self.tr, "tui-refuse-steps", most = most, steps = digit));
                    }
                }
            }
            Pick::Destination { family, .. } => {
                let number = match self.typed * 10 + digit {
                    n @ 10..=15 if self.typed > 0 => n,
                    _ => digit,
                };
                let Some(territory) = Territory::new(number) else {
                    self.typed = 0;
                    self.refuse(tr!(self.tr, "tui-refuse-territory-zero"));
                    return;
                };
                let index = game.region_index(territory);
                let destinations = choices::destinations(&game, family);
                if let Some(cursor) = destinations
                    .iter()
                    .position(|&to| choices::region_of(&game, to) == Some(index))
                {
                    self.set_cursor(cursor);
                    self.message = None;
                }
                // Remember a leading 1, which may begin 10 to 15.
                self.typed = if number == 1 { 1 } else { 0 };
            }
            Pick::Joker { .. } | Pick::Family { .. } => {
                self.refuse(tr!(self.tr, "tui-refuse-digit-family"));
            }
            Pick::Wait => {}
        }
    }

    /// A family's letter chooses that family at once, wherever a family
    /// is asked for: a joker becomes it, and a knight of it is taken from
    /// the reserve to be placed. (Digits only move the cursor, since a
    /// number is often typed on the way to another, such as 1 before 12.)
    fn on_family_letter(&mut self, family: Family) -> Vec<Effect> {
        let game = self.game().clone();
        match self.pick {
            Pick::Joker { .. } => {
                if choices::joker_families(&game).contains(&family) {
                    return self.play_human(Move::Joker(family));
                }
                self.refuse_move(&game, Move::Joker(family));
            }
            Pick::Family { .. } | Pick::Destination { .. } => {
                if choices::families(&game).contains(&family) {
                    self.pick = Pick::Destination {
                        family,
                        cursor: self.destination_cursor(family),
                    };
                    self.message = None;
                } else {
                    self.refuse(tr!(
                        self.tr,
                        "tui-refuse-not-in-reserve",
                        family = words::family_word(self.tr, family)
                    ));
                }
            }
            Pick::Disc { .. } => self.refuse(tr!(self.tr, "tui-refuse-letter-disc")),
            Pick::Emperor { .. } => self.refuse(tr!(self.tr, "tui-refuse-letter-emperor")),
            Pick::Wait => {}
        }
        Vec::new()
    }

    /// Where the cursor starts for a knight of `family`: the last place a
    /// knight went, else the court.
    fn destination_cursor(&self, family: Family) -> usize {
        let game = self.game();
        let destinations = choices::destinations(game, family);
        self.last_destination
            .map(|last| game.canonical(Move::Place { family, to: last }))
            .and_then(|mv| match mv {
                Move::Place { to, .. } => destinations.iter().position(|&d| d == to),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Where the cursor is on `family` among the families to place.
    fn family_cursor(&self, family: Family) -> usize {
        choices::families(self.game())
            .iter()
            .position(|&f| f == family)
            .unwrap_or(0)
    }

    /// Puts the cursor on the destination `to`, if a knight may go there.
    pub(super) fn choose_destination(&mut self, to: Destination) {
        let Pick::Destination { family, .. } = self.pick else {
            return;
        };
        let game = self.game();
        if let Some(cursor) = choices::destinations(game, family)
            .iter()
            .position(|&d| d == to)
        {
            self.set_cursor(cursor);
        }
    }

    /// Enter: takes the step the cursor is on.
    pub(super) fn confirm(&mut self) -> Vec<Effect> {
        if let Pick::Family { cursor } = self.pick {
            if let Some(&family) = choices::families(self.game()).get(cursor) {
                self.pick = Pick::Destination {
                    family,
                    cursor: self.destination_cursor(family),
                };
            }
            return Vec::new();
        }
        match self.selected_move() {
            Some(mv) => self.play_human(mv),
            None => Vec::new(),
        }
    }

    /// The first step of the decision at hand, for a person.
    pub(super) fn reset_pick(&mut self) {
        self.typed = 0;
        if self.human_to_act().is_none() {
            self.pick = Pick::Wait;
            return;
        }
        let previous = self.pick;
        self.pick = match self.game().phase() {
            Phase::Disc => Pick::Disc { cursor: 0 },
            Phase::Joker => Pick::Joker { cursor: 0 },
            Phase::Place => {
                // Placing several knights of one family in a row is common,
                // so the cursor stays on the family just placed.
                let cursor = match previous {
                    Pick::Destination { family, .. } => self.family_cursor(family),
                    _ => 0,
                };
                Pick::Family { cursor }
            }
            Phase::Move => Pick::Emperor { cursor: 0 },
            Phase::Draw | Phase::Over => Pick::Wait,
        };
    }

    /// Puts the cursor on `mv`, a legal move of `game`, so that Enter
    /// plays it (a hint's suggestion); a move that is not among the options
    /// leaves the cursor where it is.
    pub(super) fn point_at(&mut self, game: &Game, mv: Move) {
        match mv {
            Move::Disc(disc) => {
                if let Some(i) = choices::discs(game).iter().position(|&d| d == disc) {
                    self.pick = Pick::Disc { cursor: i };
                }
            }
            Move::Joker(family) => {
                if let Some(i) = choices::joker_families(game)
                    .iter()
                    .position(|&f| f == family)
                {
                    self.pick = Pick::Joker { cursor: i };
                }
            }
            Move::Place { family, to } => {
                if let Some(i) = choices::destinations(game, family)
                    .iter()
                    .position(|&d| d == to)
                {
                    self.pick = Pick::Destination { family, cursor: i };
                }
            }
            Move::Emperor { steps } => {
                if let Some(i) = choices::steps(game).iter().position(|&s| s == steps) {
                    self.pick = Pick::Emperor { cursor: i };
                }
            }
            Move::Draw(_) => {}
        }
    }
}
