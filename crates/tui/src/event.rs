//! The vocabulary between the app and the world: what comes in ([`Event`])
//! and what the app asks for in return ([`Effect`]).
//!
//! The app itself does no I/O and reads no clock. Keys, clicks, the time,
//! finished computer thinking and finished file operations all arrive as
//! events; starting computer thinking, writing and reading files and
//! quitting go out as effects. That keeps [`crate::App`] a plain state
//! machine that tests drive key by key.

use std::time::Duration;

use crate::ai::{ReviewRequest, ReviewUpdate, ThinkReply, ThinkRequest};

/// A key, independent of the terminal library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// A character typed with Ctrl held.
    Ctrl(char),
    Enter,
    Esc,
    Backspace,
    Tab,
    BackTab,
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    PageUp,
    PageDown,
    /// A function key, F1–F12.
    F(u8),
}

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Event {
    /// A key was pressed.
    Key(Key),
    /// The left mouse button was pressed at a cell.
    Click { x: u16, y: u16 },
    /// The mouse wheel turned: up (towards older log lines) or down.
    Scroll { up: bool },
    /// The screen has a new size.
    Resize { width: u16, height: u16 },
    /// Time since the program started, for the thinking indicator.
    Tick(Duration),
    /// A computer player finished thinking.
    Thought(ThinkReply),
    /// The review of a finished game went on or finished.
    Review(ReviewUpdate),
    /// A save finished: the path written, or why it failed.
    Saved(Result<String, String>),
    /// A save was not made because `path` exists and replacing it was not
    /// asked for.
    SaveWouldReplace { path: String },
    /// A file to load was read: its path and its text, or why it failed.
    Loaded {
        path: String,
        text: Result<String, String>,
    },
}

/// Something the app asks the world to do.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Start thinking about a position; the answer comes back as
    /// [`Event::Thought`].
    Think(Box<ThinkRequest>),
    /// Stop any thinking; its answer, if one still comes, is ignored.
    CancelThinking,
    /// Review a finished game; its progress and result come back as
    /// [`Event::Review`].
    Review(Box<ReviewRequest>),
    /// Stop the review under way; nothing more of it comes.
    CancelReview,
    /// Write `text` to `path`, replacing a file there only if `replace`
    /// says so; the outcome comes back as [`Event::Saved`] or
    /// [`Event::SaveWouldReplace`].
    Save {
        path: String,
        text: String,
        replace: bool,
    },
    /// Read `path`; the text comes back as [`Event::Loaded`].
    Load { path: String },
    /// Remove the recovery file `path`, whose game has been saved
    /// elsewhere; nothing comes back.
    Forget { path: String },
    /// End the program.
    Quit,
}
