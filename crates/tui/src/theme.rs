//! Colours and text styles, in one place so that `NO_COLOR` can switch every
//! colour off at once.
//!
//! Only the sixteen basic ANSI colours are used, never RGB: they look right
//! on every terminal, including those without true colour, and they follow
//! the user's own terminal palette. Without colour, families are still told
//! apart by their letters (which are always drawn) and highlights use bold,
//! reverse and underline, which are not colours.

use carolus_rules::Family;
use ratatui::style::{Color, Modifier, Style};

/// The styles of the whole screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    colour: bool,
}

impl Theme {
    /// A theme with colours, or without any colour at all.
    pub const fn new(colour: bool) -> Theme {
        Theme { colour }
    }

    /// The theme the environment asks for: no colour when `NO_COLOR` is set
    /// to anything but the empty string (see no-color.org).
    pub fn from_env() -> Theme {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Theme::new(!no_colour)
    }

    /// Whether colours are used.
    pub const fn has_colour(self) -> bool {
        self.colour
    }

    fn fg(self, colour: Color) -> Style {
        if self.colour {
            Style::new().fg(colour)
        } else {
            Style::new()
        }
    }

    /// A family's letters and counts.
    pub fn family(self, family: Family) -> Style {
        // Dark blue is hard to read on the usual dark background, so blue
        // takes the bright variant; pink is the nearest basic colour to the
        // game's pink.
        let colour = match family {
            Family::Red => Color::Red,
            Family::Green => Color::Green,
            Family::Blue => Color::LightBlue,
            Family::Yellow => Color::Yellow,
            Family::Pink => Color::LightMagenta,
        };
        self.fg(colour).add_modifier(Modifier::BOLD)
    }

    /// A family the seat controls, in the court table: the family's colour
    /// as background, or reverse video without colour.
    pub fn controlled(self, family: Family) -> Style {
        if self.colour {
            let base = self.family(family);
            Style::new()
                .fg(Color::Black)
                .bg(base.fg.unwrap_or(Color::White))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// The badge of a castle owner (a seat, or a team in the team game),
    /// after the castle colours of the rulebooks: black, white and grey.
    pub fn owner(self, index: usize) -> Style {
        if !self.colour {
            return Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        }
        match index {
            0 => Style::new()
                .fg(Color::White)
                .bg(Color::Black)
                .add_modifier(Modifier::BOLD),
            1 => Style::new().fg(Color::Black).bg(Color::White),
            _ => Style::new().fg(Color::White).bg(Color::DarkGray),
        }
    }

    /// Ordinary borders of the ring and the panels.
    pub fn border(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// The border of the emperor's region.
    pub fn emperor_border(self) -> Style {
        self.fg(Color::White).add_modifier(Modifier::BOLD)
    }

    /// The emperor's own mark.
    pub fn emperor(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// The border of the region under the cursor.
    pub fn cursor_border(self) -> Style {
        if self.colour {
            self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// The review's better move: its region's border and its words.
    pub fn better(self) -> Style {
        if self.colour {
            self.fg(Color::Green).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
        }
    }

    /// A selectable option, such as a disc button.
    pub fn option(self) -> Style {
        self.fg(Color::Cyan)
    }

    /// The option under the cursor.
    pub fn selected(self) -> Style {
        if self.colour {
            Style::new()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// A landing mark of the emperor's possible moves on the ring.
    pub fn landing(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// Headings and titles.
    pub fn title(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// The title bar.
    pub fn header(self) -> Style {
        if self.colour {
            Style::new().fg(Color::Black).bg(Color::Cyan)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Secondary text: key hints, empty counts, continuation marks.
    pub fn dim(self) -> Style {
        if self.colour {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Ordinary text.
    pub fn text(self) -> Style {
        Style::new()
    }

    /// A refusal or a failure.
    pub fn error(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// A neutral notice, such as "saved".
    pub fn notice(self) -> Style {
        self.fg(Color::Cyan)
    }

    /// Keys in the hint line.
    pub fn key(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// Winners on the end screen.
    pub fn winner(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_colour_no_style_has_a_colour() {
        let theme = Theme::new(false);
        let mut styles = vec![
            theme.border(),
            theme.emperor_border(),
            theme.emperor(),
            theme.cursor_border(),
            theme.option(),
            theme.selected(),
            theme.landing(),
            theme.title(),
            theme.header(),
            theme.dim(),
            theme.text(),
            theme.error(),
            theme.notice(),
            theme.key(),
            theme.winner(),
        ];
        for family in Family::ALL {
            styles.push(theme.family(family));
            styles.push(theme.controlled(family));
        }
        for owner in 0..4 {
            styles.push(theme.owner(owner));
        }
        for style in styles {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
    }

    #[test]
    fn colours_are_basic_ansi_never_rgb() {
        let theme = Theme::new(true);
        for family in Family::ALL {
            for style in [theme.family(family), theme.controlled(family)] {
                for colour in [style.fg, style.bg].into_iter().flatten() {
                    assert!(!matches!(colour, Color::Rgb(..) | Color::Indexed(_)));
                }
            }
        }
    }
}
