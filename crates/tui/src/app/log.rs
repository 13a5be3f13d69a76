//! The game log in words: the entries of the moves played, and how far the
//! board's log is scrolled back.

use carolus_rules::{Game, Move};

use super::App;
use crate::words::{self, Entry};

impl App {
    /// The log's entries, oldest first.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// Lines the board's log is scrolled up from the newest.
    pub fn log_scroll(&self) -> usize {
        self.log_scroll
    }

    /// Writes `moves`, played from `before` as the record's moves from
    /// `index` on, into the log.
    pub(super) fn log_played(&mut self, mut before: Game, index: usize, moves: &[Move]) {
        for (offset, &mv) in moves.iter().enumerate() {
            let seats = self.session.seats();
            self.log
                .extend(words::describe(self.tr, &before, mv, index + offset, seats));
            if before.play(mv).is_err() {
                break;
            }
        }
    }

    /// Scrolls the board's log `lines` up (towards older entries) or down,
    /// never past its oldest entry.
    pub(super) fn scroll_log(&mut self, up: bool, lines: usize) {
        self.log_scroll = if up {
            (self.log_scroll + lines).min(self.log.len())
        } else {
            self.log_scroll.saturating_sub(lines)
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::{App, Event, PlayConfig};

    #[test]
    fn the_board_log_scrolls_back_no_further_than_its_oldest_entry() {
        let mut app = App::new(PlayConfig::new_game(2, 7)).unwrap();
        app.start();
        let entries = app.log().len();
        assert!(entries > 0, "the starting draws are in the log");
        for _ in 0..=entries {
            app.handle(Event::Scroll { up: true });
        }
        assert_eq!(app.log_scroll(), entries);
        app.handle(Event::Scroll { up: false });
        assert_eq!(app.log_scroll(), entries.saturating_sub(3));
    }
}
