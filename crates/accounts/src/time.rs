//! Points in time, given by the caller: the crate never reads a clock, so
//! that every rule about time is a pure function of the `now` it is given.

use std::time::Duration;

/// A point in time: milliseconds since the Unix epoch (UTC), as the server
/// keeps times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Timestamp(i64);

impl Timestamp {
    /// The time `ms` milliseconds after the Unix epoch.
    pub const fn from_unix_ms(ms: i64) -> Self {
        Timestamp(ms)
    }

    /// Milliseconds since the Unix epoch.
    pub const fn unix_ms(self) -> i64 {
        self.0
    }

    /// The time `span` later, saturating at the end of representable time.
    pub fn plus(self, span: Duration) -> Self {
        Timestamp(
            self.0
                .saturating_add(i64::try_from(span.as_millis()).unwrap_or(i64::MAX)),
        )
    }

    /// How long after `earlier` this is; zero when it is not after it.
    pub fn since(self, earlier: Timestamp) -> Duration {
        Duration::from_millis(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_saturates_instead_of_overflowing() {
        let late = Timestamp::from_unix_ms(i64::MAX - 5);
        assert_eq!(
            late.plus(Duration::from_secs(1)),
            Timestamp::from_unix_ms(i64::MAX)
        );
        let early = Timestamp::from_unix_ms(1_000);
        assert_eq!(early.since(late), Duration::ZERO);
        assert_eq!(
            late.since(early),
            Duration::from_millis((i64::MAX - 1_005) as u64)
        );
    }
}
