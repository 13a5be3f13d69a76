//! The event loop: terminal events and computer answers in, frames out.
//!
//! The loop waits for a terminal event for at most a tenth of a second, so
//! the thinking spinner turns and computer answers arrive promptly, while
//! computer players think on their own threads ([`BackgroundThinker`]).
//! The terminal is held by a [`TerminalGuard`] and given back however the
//! loop ends.
//!
//! Terminal events are read on a thread of their own and arrive over a
//! channel. crossterm's reader never returns once the terminal is gone (it
//! retries a dead tty forever, crossterm issue #793), so the loop must not
//! wait inside it: a closed window, a dropped SSH connection or a killed
//! tmux pane would otherwise leave the game spinning at full speed, deaf to
//! its own SIGHUP flag. The loop itself notices a hang-up (a signal, a
//! hung-up tty, a failed draw) and ends the orderly way.

use std::fmt;
use std::io::{self, IsTerminal, stdout};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use carolus_rules::Record;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton,
    MouseEventKind,
};

use crate::ai::BackgroundThinker;
use crate::app::App;
use crate::config::{PlayConfig, ThinkLimits};
use crate::event::{Event, Key};
use crate::recovery;
use crate::render::render;
use crate::session::Session;
use crate::signals;
use crate::terminal::TerminalGuard;
use crate::words;

/// How long a computer player's move is shown as "thinking" at least, so
/// that people can follow quick players.
const MIN_THINK: Duration = Duration::from_millis(450);

/// How long a computer player's move is shown as "thinking" at least with
/// `limits`: [`MIN_THINK`], but never longer than the thinking time the
/// person asked for (`--think 0.05` means quick moves, not half a second).
fn pause(limits: ThinkLimits) -> Duration {
    limits.time.map_or(MIN_THINK, |time| time.min(MIN_THINK))
}
/// The longest wait for a terminal event before the screen is redrawn.
const FRAME: Duration = Duration::from_millis(100);

/// Why the game could not be played.
#[derive(Debug)]
pub enum PlayError {
    /// The configuration does not describe a game (bad seat, name, record).
    Config(String),
    /// The terminal failed.
    Terminal(io::Error),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Config(message) => f.write_str(message),
            PlayError::Terminal(error) => write!(f, "the terminal failed: {error}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<io::Error> for PlayError {
    fn from(error: io::Error) -> PlayError {
        PlayError::Terminal(error)
    }
}

/// How a game in the terminal ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The record of the game as far as it went.
    pub record: Record,
    /// Whether the game was played to its end.
    pub finished: bool,
    /// One sentence about the result or where the game stopped.
    pub summary: String,
}

/// Plays a game in the terminal until the player quits.
pub fn run(config: PlayConfig) -> Result<Outcome, PlayError> {
    let seed = config.seed;
    let limits = config.think;
    let mut app = App::new(config).map_err(PlayError::Config)?;
    let tr = app.tr();
    let recovery_directory = recovery::directory();
    if let Some(directory) = &recovery_directory {
        let waiting = recovery::waiting(directory);
        if let Some(notice) = recovery::notice(tr, &waiting) {
            app.offer_to_open(&waiting[0].to_string_lossy(), notice);
        }
    }
    // Checked after the configuration, so that mistakes in it are reported
    // first, and before the terminal is touched.
    if !stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(PlayError::Config(
            "carolus play needs a terminal: run it directly, not through a pipe or redirection"
                .to_owned(),
        ));
    }
    let mut session = Session::new(app, BackgroundThinker::new(seed, limits, pause(limits)));

    let guard = TerminalGuard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    let size = terminal.size()?;
    session.send(Event::Resize {
        width: size.width,
        height: size.height,
    });
    session.start();
    let interrupted = signals::watch();
    let events = spawn_reader();
    let clock = Instant::now();
    let mut lost_terminal = false;
    loop {
        if interrupted.is_set() || signals::terminal_hung_up() {
            lost_terminal = true;
            break;
        }
        session.send(Event::Tick(clock.elapsed()));
        if terminal.draw(|frame| render(session.app(), frame)).is_err() {
            lost_terminal = true;
            break;
        }
        if session.app().should_quit() {
            break;
        }
        match events.recv_timeout(FRAME) {
            Ok(first) => {
                // Take every event that is waiting before drawing again, so
                // that fast typing or a burst of mouse events never lags.
                let mut next = Some(first);
                while let Some(event) = next {
                    if let Some(event) = convert(event) {
                        session.send(event);
                    }
                    if session.app().should_quit() {
                        break;
                    }
                    next = events.try_recv().ok();
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            // The reader stops only when the terminal cannot be read.
            Err(RecvTimeoutError::Disconnected) => {
                lost_terminal = true;
                break;
            }
        }
        while session.pump() {}
    }
    if lost_terminal {
        // Nothing can be shown on a terminal that is gone, and ratatui's own
        // clean-up would report its failure with `eprintln!`, which panics
        // on a dead stderr before the game could be kept.
        std::mem::forget(terminal);
    } else {
        drop(terminal);
    }
    drop(guard);

    let app = session.into_app();
    let finished = app.game().is_over();
    let mut summary = if finished {
        words::result_words(tr, app.game(), app.seats())
    } else {
        tr!(tr, "tui-left-in-round", round = app.game().round())
    };
    // A signal (the window closed, `kill`) gives nobody the chance to save,
    // and Ctrl-C does not ask, so the moves are kept in a recovery file
    // rather than lost.
    if (lost_terminal || app.left_unsaved_moves()) && app.has_unsaved_moves() {
        // Without a home directory the working directory keeps the moves.
        let directory = recovery_directory.unwrap_or_default();
        summary = match recovery::write(&directory, seed, &app.save_text()) {
            Ok(path) => tr!(tr, "tui-kept-in", path = path.display().to_string()),
            Err(error) => tr!(
                tr,
                "tui-not-kept",
                directory = directory.display().to_string(),
                error = error.to_string()
            ),
        };
    }
    Ok(Outcome {
        record: app.record().clone(),
        finished,
        summary,
    })
}

/// Reads terminal events on their own thread, for as long as the terminal
/// can be read and somebody listens. The thread is not joined: when the
/// terminal is gone it may be stuck in crossterm for good, and it ends with
/// the process.
fn spawn_reader() -> mpsc::Receiver<TermEvent> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        while let Ok(event) = event::read() {
            if sender.send(event).is_err() {
                break;
            }
        }
    });
    receiver
}

/// The app's event for a terminal event, if it has one.
pub fn convert(event: TermEvent) -> Option<Event> {
    match event {
        TermEvent::Key(key) => convert_key(key).map(Event::Key),
        TermEvent::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Event::Click {
                x: mouse.column,
                y: mouse.row,
            }),
            MouseEventKind::ScrollUp => Some(Event::Scroll { up: true }),
            MouseEventKind::ScrollDown => Some(Event::Scroll { up: false }),
            _ => None,
        },
        TermEvent::Resize(width, height) => Some(Event::Resize { width, height }),
        _ => None,
    }
}

fn convert_key(key: KeyEvent) -> Option<Key> {
    // Some terminals report releases too; a key counts once, when pressed.
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::F(n) => Key::F(n),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyEventState, MouseEvent};

    #[test]
    fn a_quick_computer_is_not_held_back_longer_than_it_was_asked_to_think() {
        let limits = |time| ThinkLimits {
            time,
            iterations: None,
        };
        assert_eq!(pause(limits(Some(Duration::from_secs(2)))), MIN_THINK);
        assert_eq!(
            pause(limits(Some(Duration::from_millis(50)))),
            Duration::from_millis(50)
        );
        assert_eq!(pause(limits(None)), MIN_THINK);
    }

    #[test]
    fn terminal_events_become_app_events() {
        let key = |code, modifiers| {
            TermEvent::Key(KeyEvent {
                code,
                modifiers,
                kind: KeyEventKind::Press,
                state: KeyEventState::NONE,
            })
        };
        assert!(matches!(
            convert(key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Event::Key(Key::Ctrl('c')))
        ));
        assert!(matches!(
            convert(key(KeyCode::Char('r'), KeyModifiers::NONE)),
            Some(Event::Key(Key::Char('r')))
        ));
        let release = TermEvent::Key(KeyEvent {
            code: KeyCode::Enter,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
        });
        assert!(convert(release).is_none());
        let click = TermEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 3,
            row: 4,
            modifiers: KeyModifiers::NONE,
        });
        assert!(matches!(convert(click), Some(Event::Click { x: 3, y: 4 })));
    }
}
