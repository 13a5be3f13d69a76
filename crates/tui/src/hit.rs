//! What is under the mouse: which button of the prompt line, which
//! territory of the ring or which seat's row of the centre a cell belongs
//! to.
//!
//! Both sides ask here. The app's update resolves a click with
//! [`target_at`]; the drawing writes the prompt line where [`place`] says,
//! and takes the ring's slots and the seat rows from the same [`Layout`].
//! So a click always lands on what was drawn at its cell. This module
//! knows the screen's geometry and nothing of the app's state: the
//! prompt's parts and the number of players are handed to it.

use carolus_rules::Seat;
use ratatui::layout::Rect;

use crate::canvas;
use crate::layout::{Kind, Layout};

/// What a button of the prompt line does when clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select (and, for most steps, take) the option at this index.
    Select(usize),
    /// Back from choosing a destination to choosing a family.
    Back,
    /// Show the result screen.
    Result,
}

/// A clickable part of the prompt line with its place on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Button {
    pub x: u16,
    pub width: u16,
    pub action: Action,
}

/// What a cell of the board screen belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A button of the prompt line.
    Button(Action),
    /// The slot of a territory on the ring, by index (0–14).
    Territory(usize),
    /// A seat's row in the centre's table of seats.
    Seat(Seat),
}

/// Where the pieces of a line go when `texts` are written one after the
/// other from the left of `row`: the column and width of each, for as many
/// as fit whole (a piece cut off would be a button half drawn).
pub fn place<'a>(texts: impl IntoIterator<Item = &'a str>, row: Rect) -> Vec<(u16, u16)> {
    let mut x = row.x;
    let mut placed = Vec::new();
    for text in texts {
        let width = canvas::width(text);
        if x.saturating_add(width) > row.right() {
            break;
        }
        placed.push((x, width));
        x += width;
    }
    placed
}

/// The buttons of a prompt line of `parts` (each a text and what clicking
/// it does, if anything) drawn in `row`.
pub fn buttons<'a>(
    parts: impl IntoIterator<Item = (&'a str, Option<Action>)>,
    row: Rect,
) -> Vec<Button> {
    let (texts, actions): (Vec<&str>, Vec<Option<Action>>) = parts.into_iter().unzip();
    place(texts, row)
        .into_iter()
        .zip(actions)
        .filter_map(|((x, width), action)| {
            Some(Button {
                x,
                width,
                action: action?,
            })
        })
        .collect()
}

/// The first row of the seat table in the centre, below its header.
fn first_seat_row(layout: &Layout) -> u16 {
    layout.centre.y + 1
}

/// The seat of `players` whose row of the seat table holds the point.
fn seat_row_at(layout: &Layout, players: usize, x: u16, y: u16) -> Option<Seat> {
    let centre = layout.centre;
    if x < centre.x || x >= centre.right() || y < first_seat_row(layout) {
        return None;
    }
    let row = usize::from(y - first_seat_row(layout));
    (row < players).then(|| Seat::new(row)).flatten()
}

/// What the cell (`x`, `y`) of the board screen belongs to, with the
/// prompt line's `buttons` and `players` seats at the table; nothing on a
/// screen too small to draw the board.
pub fn target_at(
    layout: &Layout,
    buttons: &[Button],
    players: usize,
    x: u16,
    y: u16,
) -> Option<Target> {
    if layout.kind == Kind::TooSmall {
        return None;
    }
    if y == layout.prompt_row().y {
        return buttons
            .iter()
            .find(|b| x >= b.x && x < b.x + b.width)
            .map(|b| Target::Button(b.action));
    }
    if let Some(territory) = layout.slot_at(x, y) {
        return Some(Target::Territory(territory));
    }
    seat_row_at(layout, players, x, y).map(Target::Seat)
}
