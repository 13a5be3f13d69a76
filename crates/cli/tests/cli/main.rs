//! Behaviour tests of the `carolus` binary: each test runs the real program
//! built by Cargo, as a user or a script would, and checks its stdout,
//! stderr and exit status.
//!
//! The tests are modules of one test target, so that the binary's many
//! cases share one build and one link step.

mod analyse;
mod bench;
mod bot;
mod bot_processes;
mod browser;
mod docs;
mod hangup;
mod loadtest;
mod mail;
mod matches;
mod new;
mod play;
mod random;
mod replay;
mod serve;
mod servers;
mod support;
