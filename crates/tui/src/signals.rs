//! Termination signals as a flag the event loop can check, and the check
//! whether the terminal has hung up.
//!
//! In raw mode Ctrl-C arrives as a key, but closing the terminal window
//! (SIGHUP) or `kill` (SIGTERM) would otherwise end the process at once,
//! leaving the terminal in raw mode and the game unsaved. Here they only set
//! a flag; the event loop sees it within one frame and ends the game the
//! orderly way.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a termination signal has arrived since [`watch`] was called.
#[derive(Clone, Debug, Default)]
pub struct Interrupted(Arc<AtomicBool>);

impl Interrupted {
    /// Whether a termination signal has arrived.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Starts watching for SIGTERM, SIGHUP and SIGQUIT. If the handlers cannot
/// be installed the game still runs; it just cannot clean up after them.
pub fn watch() -> Interrupted {
    let flag = Interrupted::default();
    #[cfg(unix)]
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGQUIT,
    ] {
        let _ = signal_hook::flag::register(signal, Arc::clone(&flag.0));
    }
    flag
}

/// Whether the terminal on standard input has hung up (its window closed,
/// its SSH connection dropped, its tmux pane killed). A process is not
/// always told by SIGHUP: a shell that ignores it passes nothing on to its
/// children. The tty itself says so, though: polling it reports a hang-up.
#[cfg(unix)]
pub fn terminal_hung_up() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::empty())];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    match poll(&mut fds, Some(&now)) {
        Ok(_) => fds[0]
            .revents()
            .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL),
        Err(_) => false,
    }
}

/// Elsewhere only the failed reads and draws tell.
#[cfg(not(unix))]
pub fn terminal_hung_up() -> bool {
    false
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_termination_signal_sets_the_flag_instead_of_ending_the_process() {
        let interrupted = watch();
        assert!(!interrupted.is_set());
        signal_hook::low_level::raise(signal_hook::consts::SIGHUP).unwrap();
        assert!(interrupted.is_set());
    }
}
