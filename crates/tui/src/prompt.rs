//! The prompt line: who is to decide what, with the options as buttons.
//!
//! The line is built once as a list of [`Part`]s; drawing writes them left
//! to right and mouse clicks are matched against the same positions
//! ([`buttons`]), so what is clicked is always what was drawn.

use carolus_rules::{Destination, Phase};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;

use crate::ai::Purpose;
use crate::app::{App, Pick};
use crate::choices;
use crate::preview;
use crate::words;

/// What a button does when clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select (and, for most steps, take) the option at this index.
    Select(usize),
    /// Back from choosing a destination to choosing a family.
    Back,
    /// Show the result screen.
    Result,
}

/// A piece of the prompt line.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub text: String,
    pub style: Style,
    pub action: Option<Action>,
}

/// A clickable part with its place on the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    pub x: u16,
    pub width: u16,
    pub action: Action,
}

/// The spinner's frames, one every tenth of a second.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// The spinner frame and elapsed seconds of the thinking under way.
pub fn spinner(app: &App) -> Option<(char, f64)> {
    let thinking = app.thinking()?;
    let elapsed = app.now().saturating_sub(thinking.since);
    let frame = SPINNER[(elapsed.as_millis() / 100 % SPINNER.len() as u128) as usize];
    Some((frame, elapsed.as_secs_f64()))
}

/// The parts of the prompt line.
pub fn parts(app: &App) -> Vec<Part> {
    let theme = app.theme();
    let tr = app.tr();
    let game = app.game();
    let seats = app.seats();
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
    if let Some(thinking) = app.thinking().filter(|t| t.purpose == Purpose::Play) {
        let (frame, seconds) = spinner(app).unwrap_or(('·', 0.0));
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
    let Some(seat) = app.human_to_act() else {
        return Vec::new();
    };
    let name = words::seat_name(seats, seat);
    let mut parts = Vec::new();
    match app.pick() {
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

/// Where the clickable parts of the prompt line are, when drawn in `row`.
pub fn buttons(app: &App, row: Rect) -> Vec<Button> {
    let mut x = row.x;
    let mut buttons = Vec::new();
    for part in parts(app) {
        let width = Span::raw(part.text.as_str()).width() as u16;
        if x + width > row.right() {
            break;
        }
        if let Some(action) = part.action {
            buttons.push(Button { x, width, action });
        }
        x += width;
    }
    buttons
}
