//! What fills the screen, and what the keys do on each: the help and the
//! full log scroll, the question before leaving takes `y`, the result
//! screen has keys of its own, and on the board the keys of the decision
//! at hand go to the cursor (`selection`).

use super::{App, Leaving, PromptKind};
use crate::ai::Purpose;
use crate::event::{Effect, Key};
use crate::words;

/// What fills the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The table.
    Board,
    /// Rules summary and keys, scrolled down by `scroll` lines.
    Help { scroll: u16 },
    /// The whole game log, scrolled up by `scroll` lines from the newest.
    Log { scroll: usize },
    /// A file name is being typed.
    Prompt { kind: PromptKind, text: String },
    /// "The game has unsaved moves": asked before something would leave
    /// them behind.
    Confirm(Leaving),
    /// The result of the finished game.
    Result,
    /// The win-chance graph of the game so far, as wide as the screen
    /// allows.
    Chances,
    /// Why the hint's move: `title` names it, `text` is the explanation's
    /// sentences.
    Why { title: String, text: String },
    /// The review after the game: its progress, then its decision number
    /// `page` (from 0).
    Review { page: usize },
}

/// How far a scrolling key moves down a text: a line or a page.
fn scroll_step(key: Key) -> Option<i16> {
    match key {
        Key::Up => Some(-1),
        Key::Down => Some(1),
        Key::PageUp => Some(-10),
        Key::PageDown => Some(10),
        _ => None,
    }
}

impl App {
    /// A key, as the screen on show takes it; Ctrl-C quits from any.
    pub(super) fn on_key(&mut self, key: Key) -> Vec<Effect> {
        if key == Key::Ctrl('c') {
            // Ctrl-C does not ask; the event loop keeps the unsaved moves.
            self.left_unsaved = self.dirty && !self.game().is_over();
            return self.quit_now();
        }
        match self.screen.clone() {
            // The help text scrolls down from its top; the log scrolls up
            // from its newest line. Any other key goes back to the board.
            Screen::Help { scroll } => {
                self.screen = match (key, scroll_step(key)) {
                    (Key::Char(' '), _) => Screen::Help {
                        scroll: scroll.saturating_add(10),
                    },
                    (Key::Home, _) => Screen::Help { scroll: 0 },
                    (_, Some(step)) => Screen::Help {
                        scroll: scroll.saturating_add_signed(step),
                    },
                    (_, None) => Screen::Board,
                };
                Vec::new()
            }
            Screen::Log { scroll } => {
                self.screen = match (key, scroll_step(key)) {
                    (Key::End, _) => Screen::Log { scroll: 0 },
                    (_, Some(step)) => Screen::Log {
                        scroll: scroll.saturating_add_signed(-isize::from(step)),
                    },
                    (_, None) => Screen::Board,
                };
                Vec::new()
            }
            Screen::Prompt { kind, text } => self.on_prompt_key(kind, text, key),
            Screen::Review { page } => self.on_review_key(page, key),
            Screen::Chances | Screen::Why { .. } => {
                self.screen = Screen::Board;
                Vec::new()
            }
            Screen::Confirm(leaving) => match key {
                Key::Char('y' | 'Y') | Key::Enter => self.leave(leaving),
                Key::Char('q') if leaving == Leaving::Quit => self.leave(leaving),
                _ => {
                    self.screen = Screen::Board;
                    Vec::new()
                }
            },
            Screen::Result => match key {
                Key::Char('q') => self.quit_now(),
                Key::Char('s') => self.open_prompt(PromptKind::Save),
                Key::Char('o') => self.ask_before(Leaving::Open),
                Key::Char('n') => self.ask_before(Leaving::NewGame),
                Key::Char('u') => self.undo(),
                Key::Ctrl('r') => self.redo(),
                Key::Char('?') | Key::F(1) => {
                    self.screen = Screen::Help { scroll: 0 };
                    Vec::new()
                }
                Key::Char('w') => {
                    self.screen = Screen::Chances;
                    Vec::new()
                }
                Key::Char('v') => self.open_review(),
                _ => {
                    self.screen = Screen::Board;
                    Vec::new()
                }
            },
            Screen::Board => self.on_board_key(key),
        }
    }

    /// A key on the board: the keys that work on every turn, else the
    /// decision's keys if a person is to decide.
    fn on_board_key(&mut self, key: Key) -> Vec<Effect> {
        match key {
            Key::Char('?') | Key::F(1) => {
                self.screen = Screen::Help { scroll: 0 };
                return Vec::new();
            }
            Key::Char('l') => {
                self.screen = Screen::Log { scroll: 0 };
                return Vec::new();
            }
            Key::Char('w') => {
                self.screen = Screen::Chances;
                return Vec::new();
            }
            Key::Char('q') => return self.ask_before(Leaving::Quit),
            Key::Char('s') => return self.open_prompt(PromptKind::Save),
            Key::Char('o') => return self.ask_before(Leaving::Open),
            Key::Char('n') => return self.ask_before(Leaving::NewGame),
            Key::Char('u') => return self.undo(),
            Key::Ctrl('r') => return self.redo(),
            Key::Char('h') => return self.ask_hint(),
            Key::Char('x') => return self.explain_hint(),
            Key::Char('m') if self.lesson.is_some() => return self.lesson_show(),
            Key::Char('k') if self.lesson.is_some() => return self.lesson_skip(false),
            Key::Char('K') if self.lesson.is_some() => return self.lesson_skip(true),
            Key::Char('e') if self.game().is_over() => {
                self.screen = Screen::Result;
                return Vec::new();
            }
            Key::Char('v') if self.game().is_over() => return self.open_review(),
            Key::PageUp => {
                self.scroll(true, 5);
                return Vec::new();
            }
            Key::PageDown => {
                self.scroll(false, 5);
                return Vec::new();
            }
            _ => {}
        }
        if self.human_to_act().is_none() {
            if key == Key::Esc {
                self.message = None;
            } else if let Some(thinking) = self.thinking.filter(|t| t.purpose == Purpose::Play) {
                let name = words::seat_name(self.seats(), thinking.seat).to_owned();
                self.refuse(tr!(self.tr, "tui-refuse-thinking", name = name));
            } else if self.game().is_over() {
                self.refuse(tr!(self.tr, "tui-refuse-over"));
            }
            return Vec::new();
        }
        self.on_pick_key(key)
    }

    /// The mouse wheel or a page key: scrolls the help or the full log,
    /// or else the board's log.
    pub(super) fn scroll(&mut self, up: bool, lines: usize) {
        match &mut self.screen {
            Screen::Help { scroll } => {
                *scroll = if up {
                    scroll.saturating_sub(lines as u16)
                } else {
                    scroll.saturating_add(lines as u16)
                };
            }
            Screen::Log { scroll } => {
                *scroll = if up {
                    scroll.saturating_add(lines)
                } else {
                    scroll.saturating_sub(lines)
                };
            }
            _ => self.scroll_log(up, lines),
        }
    }
}
