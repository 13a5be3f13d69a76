//! Command-line arguments that several subcommands share.
//!
//! Keeping them here means `--players` and `--seconds` read and check the
//! same way in every command that takes them, including those added later.
//! Options that can also come from an environment variable (`carolus
//! serve`'s) are read by clap; [`environment_variable_of`] says which
//! variable a refused value came from, since clap names only the option.

use std::ffi::OsString;
use std::time::Duration;

use carolus_rules::Variant;

/// `--players 2|3|4`: the player count, which also fixes the variant.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Players {
    /// How many play: 2 or 3 in the standard game, 4 in the team game (seats
    /// 0 and 2 against seats 1 and 3).
    #[arg(
        long = "players",
        value_name = "2|3|4",
        default_value_t = 2,
        value_parser = between::<u8>(2, 4)
    )]
    players: u8,
}

impl Players {
    /// The number of seats.
    pub fn count(self) -> usize {
        usize::from(self.players)
    }

    /// The variant that number of players plays: the team game for four.
    pub fn variant(self) -> Variant {
        Variant::for_players(self.count())
    }
}

/// Reads a length of time in seconds, such as `5` or `0.3`.
///
/// A value that is negative, not finite or too large for a [`Duration`] is
/// refused here, as a usage error, because converting it later would panic.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text} is not a length of time (expected 0 or more seconds)"))
}

/// Reads a length of time in seconds that must be more than nothing, for
/// a benchmark's duration or a computer player's thinking time: nothing can
/// be measured, or thought, in no time at all.
pub fn parse_positive_seconds(text: &str) -> Result<Duration, String> {
    let duration = parse_seconds(text)?;
    if duration.is_zero() {
        return Err(format!(
            "{text} seconds is no time at all (expected more than 0)"
        ));
    }
    Ok(duration)
}

/// A reader of whole numbers from `low` to `high`, saying in words what is
/// wrong ("expected a whole number from 2 to 4, not 5") instead of in the
/// notation of Rust's ranges.
pub fn between<T>(
    low: u64,
    high: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |text: &str| {
        let expected = format!("expected a whole number from {low} to {high}");
        let number: u64 = text
            .trim()
            .parse()
            .map_err(|_| format!("{expected}, not {text:?}"))?;
        if !(low..=high).contains(&number) {
            return Err(format!("{expected}, not {number}"));
        }
        T::try_from(number).map_err(|_| format!("{expected}, not {number}"))
    }
}

/// Reads a count of 1 or more (games, threads, a game's number), saying in
/// words what is wrong instead of naming the integer type's range.
pub fn parse_count<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    let count: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number (expected 1 or more)"))?;
    if count == 0 {
        return Err("expected 1 or more, not 0".to_owned());
    }
    T::try_from(count).map_err(|_| format!("{count} is too large"))
}

/// The environment variable that a value clap refused came from, if it
/// came from one rather than from the command line `argv` (the program's
/// name first, as [`std::env::args_os`] gives it).
///
/// Clap reads an option's variable only when the option is not on the
/// command line, and names only the option in its error; without the
/// variable's name, a server refusing to start under systemd would point
/// at a flag that appears nowhere in its unit.
pub fn environment_variable_of(
    error: &clap::Error,
    mut command: clap::Command,
    argv: &[OsString],
) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if !matches!(
        error.kind(),
        ErrorKind::ValueValidation | ErrorKind::InvalidValue
    ) {
        return None;
    }
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    let option = text(ContextKind::InvalidArg)?;
    let value = text(ContextKind::InvalidValue)?;
    // The subcommand is the first word that is not an option: no option
    // of `carolus` itself takes a value.
    let words: Vec<String> = argv
        .iter()
        .skip(1)
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let position = words.iter().position(|word| !word.starts_with('-'))?;
    // Built, an option shows as clap's errors show it (`--listen <ADDR>`).
    command.build();
    let subcommand = command.find_subcommand(&words[position])?;
    let rest = &words[position + 1..];
    subcommand.get_arguments().find_map(|arg| {
        let variable = arg.get_env()?;
        let long = format!("--{}", arg.get_long()?);
        let on_command_line = rest
            .iter()
            .any(|word| *word == long || word.starts_with(&format!("{long}=")));
        let from_variable =
            std::env::var_os(variable).is_some_and(|set| set.to_string_lossy() == value);
        (arg.to_string() == option && from_variable && !on_command_line)
            .then(|| variable.to_string_lossy().into_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_a_range_say_the_range_in_words() {
        let players = between::<u8>(2, 4);
        assert_eq!(players("3"), Ok(3));
        assert_eq!(
            players("5"),
            Err("expected a whole number from 2 to 4, not 5".to_owned())
        );
        assert_eq!(
            players("two"),
            Err("expected a whole number from 2 to 4, not \"two\"".to_owned())
        );
    }

    #[test]
    fn counts_start_at_one_and_say_so() {
        assert_eq!(parse_count::<u64>("3"), Ok(3));
        assert_eq!(
            parse_count::<u64>("0"),
            Err("expected 1 or more, not 0".to_owned())
        );
        assert_eq!(
            parse_count::<u64>("-1"),
            Err("\"-1\" is not a whole number (expected 1 or more)".to_owned())
        );
        assert_eq!(
            parse_count::<u32>("5000000000"),
            Err("5000000000 is too large".to_owned())
        );
    }

    #[test]
    fn positive_seconds_refuse_no_time_at_all() {
        assert_eq!(
            parse_positive_seconds("0.5"),
            Ok(Duration::from_millis(500))
        );
        assert!(
            parse_positive_seconds("0")
                .unwrap_err()
                .contains("no time at all")
        );
        assert!(parse_positive_seconds("-2").is_err());
    }

    #[test]
    fn seconds_read_fractions_and_refuse_nonsense() {
        assert_eq!(parse_seconds("0.3"), Ok(Duration::from_millis(300)));
        assert_eq!(parse_seconds("5"), Ok(Duration::from_secs(5)));
        for bad in ["-1", "NaN", "inf", "1e300", "five", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
