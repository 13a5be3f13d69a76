//! Command-line arguments that several subcommands share.
//!
//! Keeping them here means `--players` and `--seconds` read and check the
//! same way in every command that takes them, including those added later.

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
        value_parser = clap::value_parser!(u8).range(2..=4)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_read_fractions_and_refuse_nonsense() {
        assert_eq!(parse_seconds("0.3"), Ok(Duration::from_millis(300)));
        assert_eq!(parse_seconds("5"), Ok(Duration::from_secs(5)));
        for bad in ["-1", "NaN", "inf", "1e300", "five", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
