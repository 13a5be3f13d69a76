//! How failures end the process: the exit status and the message on stderr.
//!
//! Commands return `anyhow::Error`s. An error caused by what the user gave
//! (a record that does not read or replay, a file that cannot be read, a
//! wrong number of names) is wrapped in [`BadInput`] and ends with status 2,
//! like clap's usage errors; its message is printed exactly as it is, with
//! no prefix, because it is the program's answer about the input and
//! scripts and tests match it. Anything else is the program's own trouble
//! and ends with status 1 after a `carolus: ` prefix. A closed stdout is
//! not a failure at all: `carolus random --games 1000 | head -1` is a normal
//! way to use the program, so it ends quietly with status 0.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status for bad input and usage errors (the one clap uses).
pub const BAD_INPUT: u8 = 2;
/// The exit status for every other failure.
pub const OTHER: u8 = 1;

/// An error in what the user gave the program, with the message to show.
#[derive(Debug)]
pub struct BadInput(String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// An error about the user's input, shown to them as `message` says.
pub fn bad_input(message: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(BadInput(message.to_string()))
}

/// Prints `error` (or nothing, for a closed stdout) and returns the exit
/// status it calls for.
pub fn report(error: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(error) {
        return ExitCode::SUCCESS;
    }
    let (message, status) = match error.downcast_ref::<BadInput>() {
        Some(bad) => (bad.to_string(), BAD_INPUT),
        // The alternate form shows the whole chain of causes on one line.
        None => (format!("carolus: {error:#}"), OTHER),
    };
    // Nothing is left to do if stderr itself cannot be written, so that
    // failure is ignored instead of panicking as `eprintln!` would.
    let _ = writeln!(io::stderr().lock(), "{}", one_line(&message));
    ExitCode::from(status)
}

/// Prints clap's help, version or usage error and returns clap's exit status
/// (0 for help and version, 2 for a usage error).
///
/// A usage error is printed as the program's own refusals are, on one line
/// without a prefix, so that every mistake on the command line reads
/// alike whether clap or a command found it; clap's tips stay on that line.
/// A refused value that came from the environment variable `variable`
/// rather than the command line is said to come from there.
pub fn usage(error: &clap::Error, variable: Option<&str>) -> ExitCode {
    use clap::error::ErrorKind;
    let status = match u8::try_from(error.exit_code()) {
        Ok(status) => ExitCode::from(status),
        Err(_) => ExitCode::from(BAD_INPUT),
    };
    let shows_text = matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if shows_text {
        // A closed stdout while printing help is as unremarkable as
        // anywhere else, so a failed print is ignored.
        let _ = error.print();
        return status;
    }
    let mut line = usage_line(&error.render().to_string());
    if let Some(variable) = variable {
        line = format!("environment variable {variable}: {line}");
    }
    let _ = writeln!(io::stderr().lock(), "{line}");
    status
}

/// Clap's rendering of a usage error as one line: the message without its
/// `error: ` prefix, then its tips, then where to read more.
fn usage_line(rendered: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    for line in rendered.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        parts.push(line.to_owned());
    }
    let mut text = parts.join("; ");
    text.push_str(" (--help shows the usage)");
    one_line(&text)
}

/// Whether `error` comes from writing to a reader that has gone away.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// `message` with its line breaks escaped, so that an error is always
/// exactly one line on stderr even when it quotes text from the input.
pub fn one_line(message: &str) -> String {
    let message = message.trim_end();
    if !message.contains(['\n', '\r']) {
        return message.to_owned();
    }
    message.replace('\r', "\\r").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn bad_input_is_found_and_keeps_its_message() {
        let error = bad_input("field `players`: missing");
        assert_eq!(
            error.downcast_ref::<BadInput>().map(ToString::to_string),
            Some("field `players`: missing".to_owned())
        );
    }

    #[test]
    fn a_broken_pipe_is_recognised_under_context() {
        let io = io::Error::from(io::ErrorKind::BrokenPipe);
        let error = Err::<(), _>(io).context("writing a record").unwrap_err();
        assert!(is_broken_pipe(&error));
        assert!(!is_broken_pipe(&anyhow::anyhow!("something else")));
    }

    #[test]
    fn clap_s_usage_errors_read_like_the_program_s_own() {
        let rendered = "error: invalid value '0' for '--games <N>': expected 1 or more, not 0\n\n\
                        For more information, try '--help'.\n";
        assert_eq!(
            usage_line(rendered),
            "invalid value '0' for '--games <N>': expected 1 or more, not 0 (--help shows the usage)"
        );
        let with_tip = "error: unexpected argument '--sed' found\n\n  \
                        tip: a similar argument exists: '--seed'\n\n\
                        Usage: carolus new --seed <N>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            usage_line(with_tip),
            "unexpected argument '--sed' found; tip: a similar argument exists: '--seed' \
             (--help shows the usage)"
        );
    }

    #[test]
    fn messages_are_kept_to_one_line() {
        assert_eq!(one_line("plain\n"), "plain");
        assert_eq!(one_line("a\nb\r\nc"), "a\\nb\\r\\nc");
    }
}
