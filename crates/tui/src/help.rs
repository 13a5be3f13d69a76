//! The help screen's text: the rules in brief and every key, in the game's
//! language.
//!
//! Kept short enough to read in one go; RULES.md has the full rules. The
//! catalogs give each paragraph, rule and key as one message, and the lines
//! are broken here, so that every language fits the compact screen's help
//! box without anybody counting characters; the keys themselves are the
//! same in every language, and the help says so.

use carolus_l10n::Catalog;

use crate::canvas;

/// The width of the help text: the compact screen's 80 columns less the
/// box's borders and margins.
pub const WIDTH: usize = 76;

/// How far a key's description starts from the key.
const KEY_COLUMN: usize = 15;

/// A line of the help screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    pub text: String,
    /// Whether the line is a heading.
    pub heading: bool,
}

/// The help text being put together, line by line.
struct Help {
    lines: Vec<HelpLine>,
}

impl Help {
    fn heading(&mut self, text: String) {
        self.lines.push(HelpLine {
            text,
            heading: true,
        });
    }

    /// `text` after `lead` (a number or a key), broken into lines of at
    /// most [`WIDTH`] cells; the lines after the first are indented as far
    /// as the text of the first.
    fn hanging(&mut self, lead: &str, indent: usize, text: &str) {
        let room = WIDTH.saturating_sub(indent).max(1);
        for (i, line) in canvas::wrap(text, room).into_iter().enumerate() {
            let first = if i == 0 {
                let width = usize::from(canvas::width(lead));
                format!("{lead}{}", " ".repeat(indent.saturating_sub(width)))
            } else {
                " ".repeat(indent)
            };
            self.lines.push(HelpLine {
                text: format!("{first}{line}").trim_end().to_owned(),
                heading: false,
            });
        }
    }

    fn paragraph(&mut self, text: &str) {
        self.hanging("", 0, text);
    }

    /// One of the numbered steps of a round.
    fn step(&mut self, number: usize, text: &str) {
        self.hanging(&format!("{number}. "), 3, text);
    }

    /// A key and what it does.
    fn key(&mut self, key: &str, text: &str) {
        self.hanging(key, KEY_COLUMN, text);
    }

    fn blank(&mut self) {
        self.lines.push(HelpLine {
            text: String::new(),
            heading: false,
        });
    }
}

/// The help text in the language of `tr`, line by line.
pub fn lines(tr: &Catalog) -> Vec<HelpLine> {
    let mut help = Help { lines: Vec::new() };
    help.heading(tr!(tr, "tui-help-game-title"));
    help.paragraph(&tr!(tr, "tui-help-game"));
    help.blank();

    help.heading(tr!(tr, "tui-help-round-title"));
    let steps = [
        tr!(tr, "tui-help-round-discs"),
        tr!(tr, "tui-help-round-order"),
        tr!(tr, "tui-help-round-place"),
        tr!(tr, "tui-help-round-move"),
        tr!(tr, "tui-help-round-score"),
        tr!(tr, "tui-help-round-merge"),
        tr!(tr, "tui-help-round-draw"),
    ];
    for (i, step) in steps.iter().enumerate() {
        help.step(i + 1, step);
    }
    help.blank();
    help.paragraph(&tr!(tr, "tui-help-teams"));
    help.blank();

    help.heading(tr!(tr, "tui-help-table-title"));
    help.paragraph(&tr!(tr, "tui-help-table-ring"));
    help.paragraph(&tr!(tr, "tui-help-table-seats"));
    help.paragraph(&tr!(tr, "tui-help-table-analysis"));
    help.blank();

    help.heading(tr!(tr, "tui-help-keys-title"));
    help.paragraph(&tr!(tr, "tui-help-keys-same"));
    let enter = tr!(tr, "tui-key-name-enter");
    let space = tr!(tr, "tui-key-name-space");
    let ctrl = tr!(tr, "tui-key-name-ctrl");
    let keys = [
        ("←→ ↑↓ Tab".to_owned(), tr!(tr, "tui-help-key-options")),
        (format!("{enter}, {space}"), tr!(tr, "tui-help-key-take")),
        ("1-5".to_owned(), tr!(tr, "tui-help-key-numbers")),
        ("r g b y p".to_owned(), tr!(tr, "tui-help-key-families")),
        ("1-15, c".to_owned(), tr!(tr, "tui-help-key-territories")),
        ("Esc".to_owned(), tr!(tr, "tui-help-key-back")),
        ("h".to_owned(), tr!(tr, "tui-help-key-hint")),
        ("x".to_owned(), tr!(tr, "tui-help-key-why")),
        ("u".to_owned(), tr!(tr, "tui-help-key-undo")),
        (format!("{ctrl}-R"), tr!(tr, "tui-help-key-redo")),
        ("s / o".to_owned(), tr!(tr, "tui-help-key-files")),
        ("n".to_owned(), tr!(tr, "tui-help-key-new")),
        ("l".to_owned(), tr!(tr, "tui-help-key-log")),
        ("w".to_owned(), tr!(tr, "tui-help-key-chances")),
        ("e".to_owned(), tr!(tr, "tui-help-key-result")),
        ("v".to_owned(), tr!(tr, "tui-help-key-review")),
        ("?, F1".to_owned(), tr!(tr, "tui-help-key-help")),
        ("q".to_owned(), tr!(tr, "tui-help-key-quit")),
    ];
    for (key, text) in &keys {
        help.key(key, text);
    }
    help.blank();
    help.paragraph(&tr!(tr, "tui-help-mouse"));
    help.lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_l10n::{Language, catalog};

    #[test]
    fn help_fits_the_compact_screen_width_in_every_language() {
        for language in Language::ALL {
            let lines = lines(catalog(language));
            assert!(lines.len() > 50, "{language}: the help is whole");
            for line in &lines {
                assert!(
                    usize::from(canvas::width(&line.text)) <= WIDTH,
                    "{language}: too long: {}",
                    line.text
                );
            }
        }
    }

    #[test]
    fn keys_are_listed_with_their_descriptions_in_a_column() {
        let lines = lines(catalog(Language::German));
        let hint = lines
            .iter()
            .find(|line| line.text.starts_with("h "))
            .expect("the hint key is listed");
        assert_eq!(hint.text.find("Tipp"), Some(KEY_COLUMN), "{}", hint.text);
        assert!(lines.iter().any(|line| line.text.starts_with("Strg-R")));
    }
}
