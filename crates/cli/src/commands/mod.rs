//! The subcommands: one module each, and the table that joins them.
//!
//! A subcommand is a module with an `Args` struct (clap derive) and a
//! `run(&Args, &mut impl Write)` function that writes its output to the
//! given stream. Adding one takes a module, a variant of [`Command`] and an
//! arm in [`Command::run`]; nothing else needs to know about it.

pub mod analyse;
pub mod bench;
pub mod bot;
pub mod connect;
pub mod loadtest;
pub mod match_;
pub mod new;
pub mod play;
pub mod random;
pub mod replay;
pub mod serve;

use std::io::Write;

use clap::{Parser, Subcommand};

/// Carolus Magnus (Leo Colovini) on the command line: play it in the
/// terminal, run computer players, matches and analyses, and make, replay
/// and benchmark game records.
///
/// Games are written as `carolus-record/1` JSON records and positions as
/// `carolus-state/1` JSON state views, one per line.
#[derive(Parser, Debug)]
#[command(name = "carolus", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Subcommand, Debug)]
pub enum Command {
    New(new::Args),
    Replay(replay::Args),
    Random(random::Args),
    Bench(bench::Args),
    Bot(bot::Args),
    Match(match_::Args),
    Analyse(analyse::Args),
    Play(play::Args),
    Serve(serve::Args),
    Connect(connect::Args),
    Loadtest(loadtest::Args),
}

impl Command {
    /// Runs the subcommand, writing its output to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        match self {
            Command::New(args) => new::run(args, out),
            Command::Replay(args) => replay::run(args, out),
            Command::Random(args) => random::run(args, out),
            Command::Bench(args) => bench::run(args, out),
            Command::Bot(args) => bot::run(args, out),
            Command::Match(args) => match_::run(args, out),
            Command::Analyse(args) => analyse::run(args, out),
            Command::Play(args) => play::run(args, out),
            Command::Serve(args) => serve::run(args, out),
            Command::Connect(args) => connect::run(args, out),
            Command::Loadtest(args) => loadtest::run(args, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
