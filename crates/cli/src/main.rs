//! `carolus`: the command line of the Carolus edition of Carolus Magnus.
//!
//! The binary is deliberately thin. `main` only turns the outcome of [`run`]
//! into an exit status; `run` parses the command line and hands the parsed
//! arguments to one module per subcommand under [`commands`]. Everything the
//! subcommands print goes through one locked, buffered stdout, and every
//! failure comes back here as an error, so that exit statuses and messages
//! are decided in one place ([`failure`]).
//!
//! Exit statuses: 0 for success (and for a reader that closed the pipe
//! early), 2 for bad input or usage, 1 for anything else.

mod alloc_count;
mod arena;
mod args;
mod children;
mod commands;
mod duplicate;
mod external;
mod failure;
mod input;
mod players;
mod progress;
mod resume;
mod schedule;
mod seed;
mod stats;
mod summary;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use crate::commands::Cli;

/// Every heap allocation of the process is counted, so that `carolus bench`
/// can show that random playouts never touch the heap. Counting costs one
/// relaxed atomic increment per allocation, which nothing here notices.
#[global_allocator]
static ALLOCATOR: alloc_count::CountingAllocator = alloc_count::CountingAllocator;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(error) => failure::report(&error),
    }
}

/// Parses the command line and runs the chosen subcommand.
fn run() -> anyhow::Result<ExitCode> {
    // `try_parse` rather than `parse`, so that help, version and usage
    // errors also end through `main`'s `ExitCode` like every other outcome,
    // instead of through `std::process::exit` inside clap.
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&argv) {
        Ok(cli) => cli,
        Err(error) => {
            let variable = args::environment_variable_of(&error, Cli::command(), &argv);
            return Ok(failure::usage(&error, variable.as_deref()));
        }
    };

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = cli.command.run(&mut out);
    // The buffer is flushed explicitly even after a failure: the lines
    // written before it (such as the states of `replay --trace`) belong on
    // stdout, and a failed flush must be reported rather than lost in drop.
    let flushed = out.flush().map_err(anyhow::Error::from);
    // Commands read their input through `input`, which reports its own
    // failures as bad input, so a bare I/O error here can only come from
    // writing the output; saying so makes `carolus new > /dev/full` clear.
    result.and(flushed).map_err(|error| {
        if error.is::<io::Error>() {
            error.context("cannot write to standard output")
        } else {
            error
        }
    })?;
    Ok(ExitCode::SUCCESS)
}
