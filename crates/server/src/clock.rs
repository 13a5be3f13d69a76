//! The server's one clock: every part that needs the time — the games'
//! tasks (moves' times, clocks running out), the claims on work due, the
//! sweep — asks a [`Clock`], so that a test can run the server on a clock
//! of its own.
//!
//! A clock answers two times. The wall time ([`Clock::now_ms`],
//! milliseconds since 1970) is what the store keeps: when a turn began,
//! when a game's work falls due. The monotonic time ([`Clock::instant`])
//! is what tasks sleep until; it is tokio's, so that a test under tokio's
//! paused time moves it without waiting.
//!
//! Several servers compare each other's wall times (a clock that ran out
//! on one server is ended by another), so a server on a shared store does
//! not trust its machine's clock: it reads the database's time now and
//! then ([`Clock::set_database_ms`]) and counts from it. The claims and
//! the sweep compare the database's own time in their statements. One
//! server on SQLite is its database's only user, and its machine's clock
//! is the database's.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tokio::time::Instant;

/// The time, for everything in one server. Cheap to clone: clones share
/// the correction to the database's time.
#[derive(Clone, Debug)]
pub struct Clock {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    source: Source,
    /// The database's time minus this clock's own, in milliseconds.
    offset_ms: AtomicI64,
}

#[derive(Debug)]
enum Source {
    /// The operating system's wall clock.
    System,
    /// A wall clock that reads `start_ms` at `origin` and then runs with
    /// tokio's time: under paused time it moves only when tokio's does.
    Tokio { origin: Instant, start_ms: i64 },
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::system()
    }
}

impl Clock {
    /// The machine's clock.
    pub fn system() -> Clock {
        Clock::from_source(Source::System)
    }

    /// A clock that reads `start_ms` now and runs with tokio's time, for
    /// tests under tokio's paused time (`start_paused`): a game's clock
    /// then runs out when the test advances tokio's time, not the world's.
    pub fn following_tokio(start_ms: i64) -> Clock {
        Clock::from_source(Source::Tokio {
            origin: Instant::now(),
            start_ms,
        })
    }

    fn from_source(source: Source) -> Clock {
        Clock {
            inner: Arc::new(Inner {
                source,
                offset_ms: AtomicI64::new(0),
            }),
        }
    }

    /// Milliseconds since 1970: the database's time, as far as this server
    /// knows it.
    pub fn now_ms(&self) -> i64 {
        self.own_ms() + self.inner.offset_ms.load(Ordering::Relaxed)
    }

    /// The clock's own reading, without the correction.
    fn own_ms(&self) -> i64 {
        match &self.inner.source {
            Source::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_millis() as i64),
            Source::Tokio { origin, start_ms } => {
                start_ms.saturating_add(origin.elapsed().as_millis() as i64)
            }
        }
    }

    /// The monotonic time tasks sleep until.
    pub fn instant(&self) -> Instant {
        Instant::now()
    }

    /// The monotonic time at which the wall time reaches `ms` (now if it
    /// has already).
    pub fn instant_at(&self, ms: i64) -> Instant {
        let wait = ms.saturating_sub(self.now_ms()).max(0) as u64;
        self.instant() + Duration::from_millis(wait)
    }

    /// Counts from now on from the database's time: it read `database_ms`
    /// at some moment between this clock's `before_ms` and `after_ms` (its
    /// own readings, [`Clock::own_now_ms`]), taken as their middle.
    pub fn set_database_ms(&self, database_ms: i64, before_ms: i64, after_ms: i64) {
        let middle = before_ms + (after_ms - before_ms) / 2;
        self.inner
            .offset_ms
            .store(database_ms - middle, Ordering::Relaxed);
    }

    /// The clock's own reading, for [`Clock::set_database_ms`].
    pub fn own_now_ms(&self) -> i64 {
        self.own_ms()
    }

    /// How far the database's time is ahead of this clock's own, in
    /// milliseconds (behind if negative).
    pub fn offset_ms(&self) -> i64 {
        self.inner.offset_ms.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_clock_following_tokio_moves_only_with_tokios_time() {
        let clock = Clock::following_tokio(1_000_000);
        assert_eq!(clock.now_ms(), 1_000_000);
        tokio::time::advance(Duration::from_secs(90)).await;
        assert_eq!(clock.now_ms(), 1_090_000);
        assert_eq!(
            clock.instant_at(1_100_000),
            clock.instant() + Duration::from_secs(10)
        );
        assert_eq!(clock.instant_at(0), clock.instant());
    }

    #[tokio::test(start_paused = true)]
    async fn a_clock_counts_from_the_databases_time() {
        let clock = Clock::following_tokio(1_000_000);
        // The database answered 1,005,000 between readings 1,000,000 and
        // 1,000,040: it is 4,980 ms ahead.
        clock.set_database_ms(1_005_000, 1_000_000, 1_000_040);
        assert_eq!(clock.offset_ms(), 4_980);
        assert_eq!(clock.now_ms(), 1_004_980);
        assert_eq!(clock.own_now_ms(), 1_000_000);
        // Clones share the correction.
        let other = clock.clone();
        clock.set_database_ms(990_000, 1_000_000, 1_000_000);
        assert_eq!(other.now_ms(), 990_000);
    }

    #[test]
    fn the_system_clock_reads_the_present() {
        // After 2020 and before 2200: the machine's clock, not zero.
        let now = Clock::system().now_ms();
        assert!(
            (1_577_836_800_000..7_258_118_400_000).contains(&now),
            "{now}"
        );
    }
}
