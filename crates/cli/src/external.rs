//! External bots: programs that speak the bot protocol, run by the match
//! runner as child processes.
//!
//! The command (`cmd:python3 mybot.py`) is split into words as a POSIX shell
//! would split it (quotes and backslashes work) but run without a shell. The
//! match runner starts one process per seat per game, so a program only
//! ever sees the positions of its own seat in one game, may keep whatever it
//! likes between requests, and starts afresh in the next game after a crash.
//!
//! Reading the program's stdout happens on a thread of its own that passes
//! whole lines over a channel, so that waiting for an answer can time out.
//! Its stderr is read too, keeping the last few lines: they go into the
//! reason when the program dies, which is usually the first thing its author
//! needs to see. The process is killed when the bot is dropped, together
//! with whatever it started ([`children`]).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use carolus_core::protocol::{Answer, Request};
use carolus_rules::{Game, Move, Record};

use crate::children;

/// The longest answer line read from a program; a longer one is garbage.
const MAX_ANSWER: usize = 1 << 20;

/// How many lines of a program's stderr are kept for the reason of a crash.
const STDERR_LINES: usize = 3;

/// How long to wait for a program that closed its stdout to exit, so that
/// its exit status can go into the reason.
const EXIT_WAIT: Duration = Duration::from_millis(200);

/// An external program playing one seat.
pub struct External {
    words: Vec<String>,
    /// How much longer the first answer of a process may take: starting
    /// an interpreter or loading a model is not thinking, and on a busy
    /// machine it can take longer than the grace of every later answer.
    startup: Duration,
    process: Option<Process>,
}

/// A running program and the channels to it.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Whether the process has answered a request yet.
    answered: bool,
}

impl External {
    /// The bot run by `command`, or why the command is unusable.
    pub fn parse(command: &str) -> Result<Vec<String>, String> {
        let words = shell_words::split(command)
            .map_err(|error| format!("cannot split the command {command:?} into words: {error}"))?;
        if words.is_empty() {
            return Err("the command after `cmd:` is empty".to_owned());
        }
        Ok(words)
    }

    /// A bot running the program `words`, whose first answer after each
    /// start may take `startup` longer than the rest; it starts with
    /// [`External::start`].
    pub fn new(words: Vec<String>, startup: Duration) -> External {
        External {
            words,
            startup,
            process: None,
        }
    }

    /// Starts the program, unless it is running.
    pub fn start(&mut self) -> Result<(), String> {
        if self.process.is_some() {
            return Ok(());
        }
        let (program, arguments) = self
            .words
            .split_first()
            .ok_or_else(|| "the command is empty".to_owned())?;
        let mut command = Command::new(program);
        command
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = children::spawn(&mut command)
            .map_err(|error| format!("cannot start {program:?}: {error}"))?;
        let stdin = child.stdin.take();
        let (sender, lines) = channel();
        if let Some(stdout) = child.stdout.take() {
            thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                loop {
                    let mut line = Vec::new();
                    let read = (&mut reader)
                        .take(MAX_ANSWER as u64 + 1)
                        .read_until(b'\n', &mut line);
                    let message = match read {
                        Ok(0) => break,
                        Ok(_) if line.len() > MAX_ANSWER => {
                            Err(format!("answered a line longer than {MAX_ANSWER} bytes"))
                        }
                        Ok(_) => String::from_utf8(line)
                            .map_err(|_| "answered a line that is not UTF-8 text".to_owned()),
                        Err(error) => Err(format!("cannot be read from: {error}")),
                    };
                    let stop = message.is_err();
                    if sender.send(message).is_err() || stop {
                        break;
                    }
                }
            });
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(pipe) = child.stderr.take() {
            let kept = Arc::clone(&stderr);
            thread::spawn(move || {
                // Lines are read lossily and cut short: they only ever go
                // into a one-line reason.
                let mut reader = BufReader::new(pipe);
                let mut line = Vec::new();
                while matches!(reader.read_until(b'\n', &mut line), Ok(n) if n > 0) {
                    let text = String::from_utf8_lossy(&line).trim().to_owned();
                    line.clear();
                    if text.is_empty() {
                        continue;
                    }
                    if let Ok(mut kept) = kept.lock() {
                        if kept.len() == STDERR_LINES {
                            kept.pop_front();
                        }
                        kept.push_back(text.chars().take(200).collect());
                    }
                }
            });
        }
        self.process = Some(Process {
            child,
            stdin,
            lines,
            stderr,
            answered: false,
        });
        Ok(())
    }

    /// Asks the program for its move at the end of `record` (the position
    /// `game`), allowing `time` for thinking (sent as `time_ms`) and
    /// `grace` on top for everything else (and the start-up allowance on
    /// the first request). Any failure is a reason for the seat to lose;
    /// the program is then stopped.
    pub fn ask(
        &mut self,
        record: &Record,
        game: &Game,
        time: Duration,
        grace: Duration,
    ) -> Result<Move, String> {
        self.start()?;
        let result = self.exchange(record, game, time, grace);
        if result.is_err() {
            self.stop();
        }
        result
    }

    fn exchange(
        &mut self,
        record: &Record,
        game: &Game,
        time: Duration,
        grace: Duration,
    ) -> Result<Move, String> {
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| "is not running".to_owned())?;
        // A line waiting before the request was asked for is a breach of
        // the protocol (one answer per request), and would otherwise be
        // taken as the answer to this one.
        if let Ok(Ok(line)) = process.lines.try_recv() {
            return Err(format!(
                "wrote a line nobody asked for: {:?}",
                line.trim().chars().take(80).collect::<String>()
            ));
        }
        let request = Request::new(record.clone(), game.clone(), time).line();
        let written = match process.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(request.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        if written.is_err() {
            return Err(process.death("stopped reading its input"));
        }
        let startup = if process.answered {
            Duration::ZERO
        } else {
            self.startup
        };
        let limit = time + grace + startup;
        match process.lines.recv_timeout(limit) {
            Ok(Ok(line)) => {
                process.answered = true;
                Answer::read(&line, game)
                    .map(|answer| answer.mv)
                    .map_err(|error| error.to_string())
            }
            Ok(Err(reason)) => Err(reason),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "did not answer within {} ms (time_ms {} + grace {}{})",
                limit.as_millis(),
                time.as_millis(),
                grace.as_millis(),
                if startup.is_zero() {
                    String::new()
                } else {
                    format!(" + start-up {}", startup.as_millis())
                }
            )),
            Err(RecvTimeoutError::Disconnected) => Err(process.death("closed its output")),
        }
    }

    /// Stops the program, if it runs.
    pub fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            // Closing stdin first lets a well-behaved program end on its
            // own; the kill is for the rest and is harmless after an exit.
            // The group goes first, while the program is not yet waited
            // for, so that its number still names this program's group.
            drop(process.stdin.take());
            children::stop(process.child.id());
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Process {
    /// The reason for a program that stopped talking: `what` happened, with
    /// its exit status if it has exited and the last lines of its stderr.
    fn death(&mut self, what: &str) -> String {
        let mut status = None;
        let deadline = std::time::Instant::now() + EXIT_WAIT;
        while status.is_none() && std::time::Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(exit)) => status = Some(exit),
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        let mut reason = match status {
            Some(exit) => format!("{what}: it exited ({exit})"),
            None => what.to_owned(),
        };
        // The stderr reader may still be catching up with a dying program.
        thread::sleep(Duration::from_millis(20));
        if let Ok(kept) = self.stderr.lock()
            && !kept.is_empty()
        {
            let tail: Vec<&str> = kept.iter().map(String::as_str).collect();
            reason.push_str(&format!("; its stderr ended: {}", tail.join(" | ")));
        }
        reason
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell_and_empty_ones_are_refused() {
        assert_eq!(
            External::parse("python3 'my bot.py' --fast").unwrap(),
            ["python3", "my bot.py", "--fast"]
        );
        assert!(External::parse("  ").unwrap_err().contains("empty"));
        assert!(
            External::parse("python3 'open")
                .unwrap_err()
                .contains("cannot split")
        );
    }

    #[test]
    fn a_missing_program_is_a_reason_not_a_panic() {
        let mut bot = External::new(vec!["/nonexistent/carolus-bot".to_owned()], Duration::ZERO);
        let message = bot.start().unwrap_err();
        assert!(message.starts_with("cannot start"), "{message}");
    }
}
