//! The server's limits: sizes, rates and time-outs, with defaults fit for a
//! public site, and the per-client rate limiter that enforces the rates.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the server accepts, and how fast.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// The largest WebSocket message from a client, in bytes.
    pub message_bytes: usize,
    /// Games one client address may create per minute.
    pub creates_per_minute: u32,
    /// Requests and WebSocket messages one client address may send per
    /// second, on average (bursts of twice as many pass).
    pub messages_per_second: u32,
    /// Hints one seat may ask for per minute.
    pub hints_per_minute: u32,
    /// How often the server pings a WebSocket client.
    pub ping_interval: Duration,
    /// How long a WebSocket may stay silent (no message, no pong) before
    /// the server closes it as dead.
    pub idle_timeout: Duration,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// Search threads for computer players.
    pub ai_threads: usize,
    /// How long a computer player thinks about one decision.
    pub think_time: Duration,
    /// How long the computer thinks about a hint: a small budget, since a
    /// person waits for it and every hint takes a search thread.
    pub hint_time: Duration,
    /// How long a game that nobody watches and that waits for nobody's
    /// clock stays in memory after its last change.
    pub rest_after: Duration,
    /// The computer level whose view a finished game's analysis gives.
    pub analysis_level: carolus_ai::Level,
    /// How long a person waits in the "play now" pool before the computer
    /// fills the seats no person of a close rating took (`pool.rs`).
    pub pool_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 64 * 1024,
            message_bytes: 64 * 1024,
            creates_per_minute: 30,
            messages_per_second: 20,
            hints_per_minute: 10,
            ping_interval: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(60),
            header_timeout: Duration::from_secs(10),
            ai_threads: std::thread::available_parallelism().map_or(1, usize::from),
            think_time: carolus_ai::Level::THINKING_TIME,
            hint_time: Duration::from_millis(500),
            rest_after: Duration::from_secs(600),
            analysis_level: carolus_ai::Level::HINT,
            pool_wait: Duration::from_secs(60),
        }
    }
}

/// A token bucket per client address (or per other key `K`, such as the
/// account a password reset is asked for): `rate` tokens a second, up to
/// `burst`.
#[derive(Debug)]
pub struct RateLimiter<K = IpAddr> {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<K, Bucket>>,
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Past this many addresses the limiter forgets those whose buckets have
/// filled up again, so that its memory stays bounded.
const SWEEP_ABOVE: usize = 10_000;

impl<K: std::hash::Hash + Eq> RateLimiter<K> {
    /// A limiter allowing `per_second` on average and bursts of `burst`.
    pub fn new(per_second: f64, burst: f64) -> RateLimiter<K> {
        RateLimiter {
            rate: per_second,
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `client`; or, if it has none left, how long
    /// until its bucket holds one again (what a 429's `Retry-After` says).
    pub fn take(&self, client: K) -> Result<(), Duration> {
        self.take_at(client, Instant::now())
    }

    fn take_at(&self, client: K, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > SWEEP_ABOVE {
            let (rate, burst) = (self.rate, self.burst);
            buckets.retain(|_, bucket| {
                bucket.tokens + now.duration_since(bucket.updated).as_secs_f64() * rate < burst
            });
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.burst,
            updated: now,
        });
        let elapsed = now.duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.rate).min(self.burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / self.rate))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    #[test]
    fn a_client_gets_its_burst_then_its_rate() {
        let limiter = RateLimiter::new(2.0, 3.0);
        let client = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let other = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
        let start = Instant::now();
        assert!((0..3).all(|_| limiter.take_at(client, start).is_ok()));
        assert!(limiter.take_at(client, start).is_err());
        assert!(
            limiter.take_at(other, start).is_ok(),
            "clients are limited apart"
        );
        assert!(
            limiter
                .take_at(client, start + Duration::from_millis(500))
                .is_ok()
        );
        assert!(
            limiter
                .take_at(client, start + Duration::from_millis(500))
                .is_err()
        );
    }

    #[test]
    fn a_refusal_says_how_long_until_the_bucket_lets_the_client_through() {
        let limiter = RateLimiter::new(2.0, 2.0);
        let client = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let start = Instant::now();
        assert!((0..2).all(|_| limiter.take_at(client, start).is_ok()));
        let wait = limiter.take_at(client, start).unwrap_err();
        assert_eq!(
            wait,
            Duration::from_millis(500),
            "a token every half second"
        );
        let later = start + Duration::from_millis(200);
        let wait = limiter.take_at(client, later).unwrap_err();
        assert!(
            wait.abs_diff(Duration::from_millis(300)) < Duration::from_micros(1),
            "{wait:?}"
        );
        assert!(limiter.take_at(client, later + wait).is_ok(), "as said");
    }
}
