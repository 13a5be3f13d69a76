//! Taking over the terminal and always giving it back.
//!
//! [`TerminalGuard`] switches to raw mode, the alternate screen and mouse
//! reporting, and undoes all of it when dropped — on a normal exit, on an
//! error and while a panic unwinds. A panic hook restores the terminal
//! before the panic message is printed, so that the message is readable and
//! the shell is usable afterwards. Ctrl-C needs no signal handler: in raw
//! mode it arrives as a key, which the app treats as "quit now".

use std::io::{self, Write, stdout};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// Whether the terminal is currently taken over, so that restoring twice
/// (from the hook and then from the guard) does nothing the second time.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();

/// Holds the terminal in the game's mode while it lives.
pub struct TerminalGuard {
    _private: (),
}

impl TerminalGuard {
    /// Switches the terminal to the game's mode. On failure, whatever was
    /// already switched is switched back.
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        ACTIVE.store(true, Ordering::SeqCst);
        let guard = TerminalGuard { _private: () };
        enable_raw_mode()?;
        execute!(stdout(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back: mouse reporting off, main screen, cursor shown,
/// raw mode off. Every step is tried even if an earlier one fails, since a
/// half-restored terminal is the worst outcome.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = stdout();
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Restores the terminal before the previous hook prints the panic, for
/// panics on the thread that draws. Panics of the computer players' threads
/// are caught there and shown in the game, so they leave the screen alone.
fn install_panic_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let on_ai_thread = std::thread::current().name() == Some("carolus-ai");
            if on_ai_thread && ACTIVE.load(Ordering::SeqCst) {
                // Printing now would scribble over the game's screen; the
                // thread reports the failure through its reply instead.
                return;
            }
            restore();
            previous(info);
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restoring_an_untouched_terminal_does_nothing() {
        restore();
        assert!(!ACTIVE.load(Ordering::SeqCst));
    }
}
