//! Stopping external bots together with everything they started.
//!
//! A bot command is often a wrapper: `cmd:./run.sh` whose shell starts the
//! real engine, or a Python script that runs a search in a subprocess.
//! Killing only the process the match runner started would leave such
//! grandchildren running, and a bot that lost its game for thinking too
//! long would go on using a core for the rest of the match, slowing every
//! later game. So on Unix each bot runs in a process group of its own and
//! is stopped by killing the whole group.
//!
//! A group of its own also means that Ctrl-C at the terminal no longer
//! reaches the bots directly (it goes to the foreground group only), so
//! the match runner watches for SIGINT, SIGTERM and SIGHUP itself: it kills
//! every bot group still alive and notes the signal, so that the match can
//! show what it played so far and how to go on before it ends as the
//! signal would have ended it (a second signal ends it at once). The
//! groups alive are kept in a process-wide list, because signals are
//! process-wide too.

use std::io;
use std::process::{Child, Command};

/// Starts `command`'s program in a process group of its own and notes it
/// among the bots alive; refuses once the match was interrupted. Starting
/// and noting happen under the same lock that an interruption takes to
/// stop the bots alive, so that no bot starts unseen in between and
/// outlives the match.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        let mut live = unix::LIVE.lock().unwrap_or_else(|e| e.into_inner());
        if interrupted().is_some() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the match was interrupted",
            ));
        }
        let child = command.spawn()?;
        live.push(child.id());
        Ok(child)
    }
    #[cfg(not(unix))]
    command.spawn()
}

/// Kills the process group of the program `pid`, started with [`spawn`]:
/// the program and whatever it started that is still in its group. The
/// caller still kills and waits for the program itself, which is what
/// frees its process-table entry.
pub fn stop(pid: u32) {
    #[cfg(unix)]
    {
        if let Ok(mut live) = unix::LIVE.lock() {
            live.retain(|&alive| alive != pid);
        }
        unix::kill_group(pid);
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// From now on, SIGINT, SIGTERM and SIGHUP kill every bot group alive and
/// are noted for [`interrupted`]; a second one ends the process at once,
/// as the signal would have. If the handler cannot be installed the match
/// still runs and the signal ends it at once, only without its summary.
pub fn watch_interrupts() {
    #[cfg(unix)]
    unix::watch();
}

/// The signal that interrupted the process, once one has.
pub fn interrupted() -> Option<i32> {
    #[cfg(unix)]
    {
        let signal = unix::INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst);
        (signal != 0).then_some(signal)
    }
    #[cfg(not(unix))]
    None
}

/// Ends the process as `signal` would have ended it, so that a shell sees
/// "interrupted", not an exit; the status 128 + `signal` is the fallback.
pub fn end_as(signal: i32) -> ! {
    #[cfg(unix)]
    {
        // The handler killed every bot alive and no bot starts after it;
        // killing them again costs nothing and covers a kill that failed.
        let live = unix::LIVE.lock().unwrap_or_else(|e| e.into_inner());
        for &pid in live.iter() {
            unix::kill_group(pid);
        }
        drop(live);
        let _ = signal_hook::low_level::emulate_default_handler(signal);
    }
    std::process::exit(128 + signal)
}

#[cfg(unix)]
mod unix {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicI32, Ordering};

    use rustix::process::{Pid, Signal, kill_process_group};
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    /// The process ids (and so process groups) of the bots alive.
    pub static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

    /// The signal that interrupted the process, or 0.
    pub static INTERRUPTED: AtomicI32 = AtomicI32::new(0);

    pub fn kill_group(pid: u32) {
        // A child's pid is never 0 or 1, and it must not be: kill(-1, …)
        // would signal every process this user may signal.
        let Some(group) = i32::try_from(pid)
            .ok()
            .filter(|&raw| raw > 1)
            .and_then(Pid::from_raw)
        else {
            return;
        };
        // The group may already be gone; that is the point of stopping.
        let _ = kill_process_group(group, Signal::KILL);
    }

    pub fn watch() {
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            for signal in signals.forever() {
                let first = {
                    // Under the lock that starting a bot takes: every bot
                    // started before is killed, and none starts after.
                    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
                    let first = INTERRUPTED.swap(signal, Ordering::SeqCst) == 0;
                    for &pid in live.iter() {
                        kill_group(pid);
                    }
                    first
                };
                // The first signal asks the match to stop and say where it
                // got to; a second one is someone who will not wait.
                if !first {
                    super::end_as(signal);
                }
            }
        });
    }
}
