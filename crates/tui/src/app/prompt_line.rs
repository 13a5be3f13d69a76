//! The prompt line: who is to decide what, with the options as buttons.
//!
//! The line is built once as a list of [`Part`]s; the drawing writes them
//! left to right and clicks are matched against the same positions
//! ([`crate::hit::place`]), so what is clicked is always what was drawn.

use carolus_rules::{Destination, Phase};
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::{App, Pick};
use crate::ai::Purpose;
use crate::choices;
use crate::hit::{self, Action, Button};
use crate::preview;
use crate::words;

/// A piece of the prompt line.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub text: String,
    pub style: Style,
    pub action: Option<Action>,
}

impl App {
    /// The prompt line as parts, left to right: who is to decide what,
    /// and the options as buttons with what clicking each does.
    pub(crate) fn prompt_line(&self) -> Vec<Part> {
        let theme = self.theme();
        let tr = self.tr();
        let game = self.game();
        let seats = self.seats();
        let text = |text: String| Part {
            text,
            style: theme.title(),
            action: None,
        };
        let button = |label: String, index: usize, selected: bool, style: Style| Part {
            text: format!("[{label}]"),
            style: if selected { theme.selected() } else { style },
            action: Some(Action::Select(index)),
        };
        let gap = || Part {
            text: " ".to_owned(),
            style: Style::new(),
            action: None,
        };

        if game.is_over() {
            return vec![
                text(format!(
                    "{} ",
                    tr!(
                        tr,
                        "tui-game-over-result",
                        result = words::result_words(tr, game, seats)
                    )
                )),
                Part {
                    text: format!("[{}]", tr!(tr, "tui-key-result")),
                    style: theme.option(),
                    action: Some(Action::Result),
                },
            ];
        }
        if let Some(thinking) = self.thinking().filter(|t| t.purpose == Purpose::Play) {
            let (frame, seconds) = self.spinner().unwrap_or(('·', 0.0));
            return vec![
                Part {
                    text: format!("{frame} "),
                    style: theme.key(),
                    action: None,
                },
                text(tr!(
                    tr,
                    "tui-prompt-thinking",
                    name = words::seat_name(seats, thinking.seat),
                    level = thinking.level.to_string(),
                    seconds = tr.decimal(seconds, 1)
                )),
            ];
        }
        let Some(seat) = self.human_to_act() else {
            return Vec::new();
        };
        let name = words::seat_name(seats, seat);
        let mut parts = Vec::new();
        match self.pick() {
            Pick::Wait => {}
            Pick::Disc { cursor } => {
                parts.push(text(format!(
                    "{} ",
                    tr!(tr, "tui-prompt-disc", name = name)
                )));
                for (i, disc) in choices::discs(game).iter().enumerate() {
                    parts.push(button(disc.to_string(), i, i == cursor, theme.option()));
                    parts.push(gap());
                }
            }
            Pick::Joker { cursor } => {
                parts.push(text(format!(
                    "{} ",
                    tr!(tr, "tui-prompt-joker", name = name)
                )));
                for (i, &family) in choices::joker_families(game).iter().enumerate() {
                    parts.push(button(
                        words::family_word(tr, family),
                        i,
                        i == cursor,
                        theme.family(family),
                    ));
                    parts.push(gap());
                }
            }
            Pick::Family { cursor } => {
                let of = game.placed_this_turn() + 1;
                let total = of + game.left_to_place() - 1;
                parts.push(text(format!(
                    "{} ",
                    tr!(
                        tr,
                        "tui-prompt-place",
                        name = name,
                        number = of,
                        total = total
                    )
                )));
                let reserve = game.reserve(seat);
                for (i, &family) in choices::families(game).iter().enumerate() {
                    parts.push(button(
                        format!("{}×{}", family.letter(), reserve[family]),
                        i,
                        i == cursor,
                        theme.family(family),
                    ));
                    parts.push(gap());
                }
            }
            Pick::Destination { family, cursor } => {
                let family_name = words::family_word(tr, family);
                parts.push(text(format!(
                    "{} ",
                    words::capitalise(&tr!(tr, "tui-prompt-destination", family = family_name))
                )));
                for (i, &to) in choices::destinations(game, family).iter().enumerate() {
                    let label = match to {
                        Destination::Court => tr!(tr, "tui-key-court"),
                        Destination::Region(territory) => territory.to_string(),
                    };
                    parts.push(button(label, i, i == cursor, theme.option()));
                }
                parts.push(gap());
                parts.push(Part {
                    text: format!("[{}]", tr!(tr, "tui-key-back")),
                    style: theme.dim(),
                    action: Some(Action::Back),
                });
            }
            Pick::Emperor { cursor } => {
                parts.push(text(format!(
                    "{} ",
                    tr!(tr, "tui-prompt-emperor", name = name)
                )));
                for (i, option) in preview::emperor_options(game).iter().enumerate() {
                    parts.push(button(
                        format!("{}→{}", option.steps, option.name),
                        i,
                        i == cursor,
                        theme.option(),
                    ));
                    parts.push(gap());
                }
            }
        }
        if parts.is_empty() && game.phase() == Phase::Draw {
            parts.push(text(tr!(tr, "tui-drawing")));
        }
        parts
    }

    /// Where the clickable parts of the prompt line are, when drawn in
    /// `row`.
    pub(super) fn prompt_buttons(&self, row: Rect) -> Vec<Button> {
        let parts = self.prompt_line();
        hit::buttons(
            parts.iter().map(|part| (part.text.as_str(), part.action)),
            row,
        )
    }
}
