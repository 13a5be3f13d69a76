//! What every front end of Carolus shares: the terminal game, the `carolus`
//! command line and a network server ask this crate, so that none of them
//! holds a copy of the others' logic or pulls in their libraries.
//!
//! - [`protocol`] — the bot protocol's request and answer as typed messages,
//!   read with errors that name the faulty field (BOTS.md describes the
//!   wire format).
//! - [`loading`] — a record read and replayed, with the first fault in the
//!   order of the moves.
//! - [`estimates`] — bots' shares of the win turned into the chances people
//!   read, and a game's estimates kept over time and in its record.
//! - [`analysis`] — what a bot thinks of every decision of a recorded game,
//!   as typed rows.
//! - [`explain`] — why a move is good or bad: the lines a bot expects after
//!   it and after the better moves, played through the rules into facts
//!   that a test can check, and sentences from the catalogs stating them.
//! - [`review`] — the review after a game: each person's costliest
//!   decisions, found by a quick screening of every decision and a deep
//!   search of the few that may be among them, and explained.
//! - [`lessons`] — the guided first game: its fixed deal, the computer's
//!   fixed replies, and the lessons with what completes each.
//! - [`session`] — a game at a table: the record and its draws, who plays
//!   each seat, undo and redo, and the computer players' estimates; which
//!   computer player must be asked, but no thinking.
//!
//! The crate does no I/O: no files, no terminal, no network, no clock
//! except through a bot's [`carolus_ai::Budget`]. Front ends read and
//! write, draw and listen; this crate says what a game, an analysis and a
//! protocol message are.

pub mod analysis;
pub mod estimates;
pub mod explain;
pub mod lessons;
pub mod loading;
pub mod protocol;
pub mod review;
pub mod session;
