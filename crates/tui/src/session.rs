//! An app joined to a thinker: carries out the app's effects and feeds the
//! answers back, the same way for the terminal and for tests.
//!
//! The files a player names are read and written here (the only other file
//! the terminal game writes is the runtime's recovery file when the
//! terminal is lost), and computer players' answers are polled from the
//! [`Thinker`]. The event loop adds the terminal; tests add nothing and
//! drive the session with keys, an [`crate::ai::InlineThinker`] and no
//! clock at all.
//!
//! A file name the player types is taken relative to the session's
//! directory, which is the working directory unless
//! [`Session::with_directory`] names another. Tests that type file names
//! give each session a directory of its own, so that nothing they save
//! lands in the source tree.

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use crate::ai::Thinker;
use crate::app::App;
use crate::event::{Effect, Event};

/// An app and the thinker its computer players use.
pub struct Session<T: Thinker> {
    app: App,
    thinker: T,
    /// Where relative file names point; empty means the working directory.
    directory: PathBuf,
}

impl<T: Thinker> Session<T> {
    pub fn new(app: App, thinker: T) -> Session<T> {
        Session {
            app,
            thinker,
            directory: PathBuf::new(),
        }
    }

    /// Takes the file names typed in this session relative to `directory`
    /// instead of the working directory (absolute names stay as they are).
    pub fn with_directory(mut self, directory: impl Into<PathBuf>) -> Session<T> {
        self.directory = directory.into();
        self
    }

    pub fn app(&self) -> &App {
        &self.app
    }

    pub fn thinker_mut(&mut self) -> &mut T {
        &mut self.thinker
    }

    /// Starts play (the first computer move, if a computer begins).
    pub fn start(&mut self) {
        let effects = self.app.start();
        self.run(effects);
    }

    /// Hands one event to the app and carries out what it asks.
    pub fn send(&mut self, event: Event) {
        let effects = self.app.handle(event);
        self.run(effects);
    }

    /// Delivers a computer answer or a word of the review, if one is
    /// ready. Returns whether one was.
    pub fn pump(&mut self) -> bool {
        if let Some(reply) = self.thinker.poll() {
            self.send(Event::Thought(reply));
            return true;
        }
        match self.thinker.poll_review() {
            Some(update) => {
                self.send(Event::Review(update));
                true
            }
            None => false,
        }
    }

    fn run(&mut self, effects: Vec<Effect>) {
        let mut queue: VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            let event = match effect {
                Effect::Think(request) => {
                    self.thinker.start(*request);
                    None
                }
                Effect::CancelThinking => {
                    self.thinker.cancel();
                    None
                }
                Effect::Review(request) => {
                    self.thinker.start_review(*request);
                    None
                }
                Effect::CancelReview => {
                    self.thinker.cancel_review();
                    None
                }
                Effect::Save {
                    path,
                    text,
                    replace,
                } => Some(save(&self.directory.join(&path), path, &text, replace)),
                Effect::Load { path } => {
                    let text = std::fs::read_to_string(self.directory.join(&path))
                        .map_err(|error| error.to_string());
                    Some(Event::Loaded { path, text })
                }
                Effect::Forget { path } => {
                    // Its moves are in the file just saved, so a failure to
                    // remove it loses nothing; the next start offers it again.
                    let _ = std::fs::remove_file(self.directory.join(&path));
                    None
                }
                Effect::Quit => {
                    self.thinker.cancel();
                    self.thinker.cancel_review();
                    None
                }
            };
            if let Some(event) = event {
                queue.extend(self.app.handle(event));
            }
        }
    }

    /// Gives up the session and keeps the app.
    pub fn into_app(self) -> App {
        self.app
    }
}

/// Writes `text` to `file` (typed as `path`): a new file always, an
/// existing one only with `replace`, so that no save overwrites a file the
/// person did not mean to replace.
fn save(file: &Path, path: String, text: &str, replace: bool) -> Event {
    let opened = if replace {
        OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(file)
    } else {
        OpenOptions::new().write(true).create_new(true).open(file)
    };
    let written = opened.and_then(|mut out| {
        out.write_all(text.as_bytes())?;
        out.flush()
    });
    match written {
        Ok(()) => Event::Saved(Ok(path)),
        Err(error) if error.kind() == ErrorKind::AlreadyExists => Event::SaveWouldReplace { path },
        Err(error) => Event::Saved(Err(format!("{path}: {error}"))),
    }
}
