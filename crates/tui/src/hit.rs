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

#[cfg(test)]
mod tests {
    use carolus_rules::{Destination, Game, Move, Territory};
    use ratatui::buffer::Buffer;

    use super::*;
    use crate::render::draw;
    use crate::words;
    use crate::{App, Event, Key, Pick, PlayConfig};

    /// The smallest compact screen, the smallest wide one and a roomy one.
    const SIZES: [(u16, u16); 3] = [(80, 24), (120, 32), (170, 45)];

    /// A game of people only (seed 7), after `enters` presses of Enter,
    /// on a screen of `size`.
    fn after(players: usize, enters: usize, (width, height): (u16, u16)) -> App {
        let mut app = App::new(PlayConfig::new_game(players, 7)).expect("a new game");
        app.start();
        app.handle(Event::Resize { width, height });
        for _ in 0..enters {
            app.handle(Event::Key(Key::Enter));
        }
        app
    }

    /// The screen of `app`, drawn at its size, and its layout.
    fn drawn(app: &App) -> (Buffer, Layout) {
        let mut buf = Buffer::empty(app.area());
        draw(app, app.area(), &mut buf);
        (buf, Layout::compute(app.area()))
    }

    /// The text of the cells from `x`, `width` cells long, in row `y`.
    fn text_at(buf: &Buffer, x: u16, y: u16, width: u16) -> String {
        (x..x + width).map(|x| buf[(x, y)].symbol()).collect()
    }

    /// The prompt line's buttons as the update finds them.
    fn buttons_of(app: &App, layout: &Layout) -> Vec<Button> {
        let parts = app.prompt_line();
        buttons(
            parts.iter().map(|part| (part.text.as_str(), part.action)),
            layout.prompt_row(),
        )
    }

    /// How many presses of Enter lead to the first decision of each kind
    /// (joker, disc, family, destination, emperor) in the game of `after`.
    fn one_decision_of_each_kind() -> Vec<usize> {
        let mut app = after(2, 0, SIZES[0]);
        let mut seen: Vec<std::mem::Discriminant<Pick>> = Vec::new();
        let mut found = Vec::new();
        for enters in 0..400 {
            let kind = std::mem::discriminant(&app.pick());
            if app.pick() != Pick::Wait && !seen.contains(&kind) {
                seen.push(kind);
                found.push(enters);
            }
            if found.len() == 5 || app.game().is_over() {
                break;
            }
            app.handle(Event::Key(Key::Enter));
        }
        assert_eq!(found.len(), 5, "every kind of decision comes up");
        found
    }

    /// The last decision of the record, a chance draw being no decision.
    fn last_decision(app: &App) -> Option<Move> {
        app.record()
            .moves
            .iter()
            .rev()
            .find(|mv| mv.is_decision())
            .copied()
    }

    /// What a click on a button drawn as `label` must have done, checked
    /// on `app` after the click; `before` is the position it was made in,
    /// after `before_moves` moves, at the step `pick`.
    fn check_click(app: &App, before: &Game, before_moves: usize, pick: Pick, label: &str) {
        let inner = label
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .unwrap_or_else(|| panic!("a button reads [...]: {label:?}"));
        let tr = app.tr();
        if inner == tr!(tr, "tui-key-back") {
            assert!(matches!(app.pick(), Pick::Family { .. }), "{label}");
            return;
        }
        match pick {
            Pick::Disc { .. } => {
                assert_eq!(
                    last_decision(app).unwrap().to_string(),
                    format!("disc {inner}")
                );
            }
            Pick::Joker { .. } => {
                let Some(Move::Joker(family)) = last_decision(app) else {
                    panic!("{label} assigns a joker");
                };
                assert_eq!(words::family_word(tr, family), inner);
            }
            Pick::Family { .. } => {
                let Pick::Destination { family, .. } = app.pick() else {
                    panic!("{label} takes a knight to place");
                };
                assert!(
                    inner.starts_with(&format!("{}×", family.letter())),
                    "{label}"
                );
            }
            Pick::Destination { family, .. } => {
                let to = if inner == tr!(tr, "tui-key-court") {
                    Destination::Court
                } else {
                    let number = inner.parse().expect("a territory's number");
                    Destination::Region(Territory::new(number).expect("a territory"))
                };
                let played = last_decision(app).expect("a knight placed");
                assert_eq!(
                    before.canonical(played),
                    before.canonical(Move::Place { family, to }),
                    "{label}"
                );
            }
            // A click on the step under the cursor moves the emperor; on
            // another it only selects that one.
            Pick::Emperor { cursor } => {
                let moved = app.record().moves.len() > before_moves;
                let chosen = if moved {
                    last_decision(app)
                } else {
                    assert_ne!(app.pick(), Pick::Emperor { cursor }, "{label}");
                    app.selected_move()
                };
                let Some(Move::Emperor { steps }) = chosen else {
                    panic!("{label} selects a move of the emperor");
                };
                assert!(inner.starts_with(&format!("{steps}→")), "{label}");
            }
            Pick::Wait => panic!("no buttons while nobody decides"),
        }
    }

    #[test]
    fn a_click_on_a_prompt_button_does_what_is_drawn_there_in_every_layout() {
        for enters in one_decision_of_each_kind() {
            for size in SIZES {
                let app = after(2, enters, size);
                let (buf, layout) = drawn(&app);
                let row = layout.prompt_row();
                let buttons = buttons_of(&app, &layout);
                assert!(!buttons.is_empty(), "{:?} at {size:?}", app.pick());
                for (index, button) in buttons.iter().enumerate() {
                    let label = text_at(&buf, button.x, row.y, button.width);
                    // Every cell of the button, and only those, is it.
                    for x in button.x..button.x + button.width {
                        let target = target_at(&layout, &buttons, 2, x, row.y);
                        assert_eq!(target, Some(Target::Button(button.action)), "{label}");
                    }
                    let after_it = target_at(&layout, &buttons, 2, button.x + button.width, row.y);
                    let next = buttons.get(index + 1).map(|b| Target::Button(b.action));
                    assert!(after_it.is_none() || after_it == next, "{label}");
                    // And clicking it does what its label says.
                    let mut clicked = after(2, enters, size);
                    let before = clicked.game().clone();
                    let before_moves = clicked.record().moves.len();
                    let pick = clicked.pick();
                    clicked.handle(Event::Click {
                        x: button.x + button.width / 2,
                        y: row.y,
                    });
                    check_click(&clicked, &before, before_moves, pick, &label);
                }
            }
        }
    }

    #[test]
    fn a_click_inside_a_slot_is_the_territory_numbered_on_it_in_every_layout() {
        for size in SIZES {
            let app = after(2, 0, size);
            let (buf, layout) = drawn(&app);
            for (index, slot) in layout.slots.iter().enumerate() {
                let number = format!(" {} ", index + 1);
                let width = canvas::width(&number);
                let numbered = [slot.y, slot.bottom() - 1]
                    .into_iter()
                    .any(|y| text_at(&buf, slot.x + 1, y, width) == number);
                assert!(numbered, "slot {index} at {size:?} shows{number}");
                for y in slot.y + 1..slot.bottom() - 1 {
                    for x in slot.x + 1..slot.right() - 1 {
                        let target = target_at(&layout, &[], 2, x, y);
                        assert_eq!(target, Some(Target::Territory(index)), "({x}, {y})");
                    }
                }
            }
        }
    }

    #[test]
    fn a_click_on_a_row_of_the_seat_table_is_the_seat_named_there_in_every_layout() {
        for players in 2..=4 {
            for size in SIZES {
                let app = after(players, 0, size);
                let (buf, layout) = drawn(&app);
                let centre = layout.centre;
                let heading = target_at(&layout, &[], players, centre.x + 4, centre.y);
                assert_eq!(heading, None, "the heading is no seat");
                for seat in Seat::all(players) {
                    let y = centre.y + 1 + seat.index() as u16;
                    let row = text_at(&buf, centre.x, y, centre.width);
                    let name = words::seat_name(app.seats(), seat);
                    assert!(row.contains(name), "{row:?} names {name}");
                    for x in centre.x..centre.right() {
                        let target = target_at(&layout, &[], players, x, y);
                        assert_eq!(target, Some(Target::Seat(seat)), "({x}, {y})");
                    }
                }
                let below = centre.y + 1 + players as u16;
                assert_eq!(target_at(&layout, &[], players, centre.x + 4, below), None);
            }
        }
    }

    #[test]
    fn nothing_is_hit_on_a_screen_too_small_for_the_board() {
        let layout = Layout::compute(Rect::new(0, 0, 79, 24));
        let everywhere = Button {
            x: 0,
            width: 79,
            action: Action::Result,
        };
        for y in 0..24 {
            for x in 0..79 {
                assert_eq!(target_at(&layout, &[everywhere], 4, x, y), None);
            }
        }
    }

    #[test]
    fn pieces_that_do_not_fit_whole_are_left_out() {
        let row = Rect::new(2, 0, 10, 1);
        assert_eq!(
            place(["[1]", " ", "[22]", "[333]"], row),
            [(2, 3), (5, 1), (6, 4)]
        );
        let found = buttons(
            [
                ("say ", None),
                ("[a]", Some(Action::Select(0))),
                ("[bcdef]", Some(Action::Select(1))),
            ],
            row,
        );
        assert_eq!(
            found,
            [Button {
                x: 6,
                width: 3,
                action: Action::Select(0)
            }]
        );
    }
}
