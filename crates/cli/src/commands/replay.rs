//! `carolus replay`: read a record, play it through, print the state view.
//!
//! On bad input the command prints nothing more on stdout than the states
//! before the fault (none without `--trace`) and exactly one line on stderr
//! naming it, then exits with status 2. A malformed token is found while
//! reading the record, before anything is played; but the moves before it
//! may still hold an illegal one, which is the earlier fault. So the part of
//! the record that did read is always replayed first, and the first fault
//! in the order of the moves is the one reported.

use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;

use carolus_rules::{Game, Record, RecordError, StateView};

use crate::failure::bad_input;
use crate::input;

/// Replay a record and print its final state view.
///
/// Reads a `carolus-record/1` and prints the `carolus-state/1` state view of
/// the position it ends in, as one line of JSON.
///
/// An illegal or malformed move, a record that does not read or an
/// unreadable file ends the command with exit status 2 and one line on
/// stderr; for a move it names the move's 1-based index, its token and the
/// reason, e.g. `move 17 "place R 16": there is no territory 16`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record to replay; `-` reads standard input, which is also read
    /// when no FILE is given and it is not a terminal.
    #[arg(value_name = "FILE|-")]
    file: Option<PathBuf>,

    /// Print one state view per line: the start, then the position after
    /// every move (up to the first bad move, if there is one).
    #[arg(long)]
    trace: bool,

    /// Which record to read from input holding several one after another
    /// (as `carolus match --records` and `carolus random` write them),
    /// counted from 1.
    #[arg(long, value_name = "N", value_parser = crate::args::parse_count::<u64>)]
    game: Option<u64>,
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let file = input::file_or_piped_stdin(args.file.as_deref(), "carolus new | carolus replay")?;
    let text = input::read_text(&file)?;
    let text = input::one_record(&text, args.game)
        .map_err(|error| bad_input(input::about(&file, error)))?;
    let refused = |error: &dyn fmt::Display| bad_input(input::about_game(&file, args.game, error));
    let (record, bad_token) = match Record::from_json(text) {
        Ok(record) => (record, None),
        Err(error) => match &error {
            RecordError::Move { accepted, .. } => ((**accepted).clone(), Some(error)),
            _ => return Err(refused(&error)),
        },
    };

    let mut written: io::Result<()> = Ok(());
    let replayed = if args.trace {
        record.replay_with(|game| {
            // The first failed write (a closed pipe, most likely) ends the
            // printing; the replay itself is cheap enough to let finish.
            if written.is_ok() {
                written = write_state(out, game);
            }
        })
    } else {
        record.replay()
    };
    // A fault in the record is reported before a failed write, because it
    // is what the user needs to know; a closed pipe has no reader to tell.
    let game = replayed.map_err(|error| refused(&error))?;
    if let Some(error) = bad_token {
        return Err(refused(&error));
    }
    written?;

    if !args.trace {
        write_state(out, &game)?;
    }
    Ok(())
}

/// Writes the state view of `game` as one line.
fn write_state(out: &mut impl Write, game: &Game) -> io::Result<()> {
    writeln!(out, "{}", StateView::of(game).to_json())
}
