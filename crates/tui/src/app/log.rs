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
