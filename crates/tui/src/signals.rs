//! Termination signals as a flag the event loop can check.
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
