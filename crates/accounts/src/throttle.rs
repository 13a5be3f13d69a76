//! Limiting login attempts: growing delays per account, per address, and
//! per account at an address, so that guessing is slow and a person is
//! never locked out for long.
//!
//! # The rule
//!
//! Each key has a [`Failures`] record: how many recent failed logins, and
//! when the last one was. A [`Limit`] turns it into a delay: the first
//! `free` failures cost nothing, then each further one doubles the wait
//! before the next attempt, from `first_delay` up to `max_delay`. Quiet
//! time forgives: one failure is forgotten for each `forgive_after` without
//! a failure. An attempt made during a wait is refused without looking at
//! the password, and does not count as a failure, so hammering does not
//! lengthen the wait (and cannot lengthen it for the person either).
//!
//! A login ([`LoginThrottle`]) passes three limits:
//!
//! | key                     | free | delays            | forgiven          | guards against |
//! |-------------------------|------|-------------------|-------------------|----------------|
//! | the address             | 20   | 1 s doubling to 1 h | 1 per 5 min     | one machine guessing many accounts |
//! | the account             | 5    | 1 s doubling to 15 min | 1 per 15 min | many machines guessing one account |
//! | the account at the address | 5 | 1 s doubling to 15 min | 1 per 15 min | one machine guessing one account |
//!
//! The account's limit counts failures from every address, so rotating
//! addresses gains nothing: once an attacker has failed 16 times, the
//! account admits one guess per 15 minutes whatever the number of
//! addresses, and the 1,001st guess waits as long as the 1,000th did
//! (about 96 guesses a day, 1,000 guesses take more than ten days).
//!
//! The account's limit does **not** apply at a *trusted* address: one where
//! the account signed in successfully in the last [`TRUST_LIFETIME`]
//! (30 days). There only the account-at-address limit applies, which an
//! attacker elsewhere cannot touch. So the documented bounds on locking the
//! real person out are:
//!
//! - from an address where they signed in before: not at all by others'
//!   failures (only by their own: 5 free mistakes, then doubling delays);
//! - from a new address: at most 15 minutes after the attacker's last
//!   failed guess; while an attack goes on without pause, the person
//!   shares the account's one attempt per 15 minutes with it;
//! - an address whose own failures reached the cap is delayed at most
//!   1 hour, and forgiven entirely after 33 × 5 min = 2 h 45 min of quiet
//!   (an account after 16 × 15 min = 4 h).
//!
//! Addresses are keyed by [`AddressKey`]: an IPv4 address, or the /64
//! network of an IPv6 one (a single host usually has a whole /64, so
//! counting single IPv6 addresses would let one machine rotate freely).
//! Accounts are keyed by the name's skeleton, whether or not an account
//! has that name, so that an unknown name is limited exactly as a known one.
//!
//! What these limits do not stop: one guess each at many accounts from
//! many addresses (trying one common password everywhere) stays under
//! every key's free failures; the password policy, which refuses the
//! common passwords such an attack tries, is the defence there.
//!
//! The records are plain data. [`LoginThrottle`] keeps them in memory for a
//! single server (and for the simulations below); several servers keep
//! them in their shared store and use [`Limit::check`] and
//! [`Limit::record_failure`] on the rows.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::time::Duration;

use crate::time::Timestamp;

/// How long an address stays trusted for an account after a successful
/// sign-in from it.
pub const TRUST_LIFETIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// Whether an attempt may go ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Check the password.
    Allowed,
    /// Refuse without checking; the next attempt may come after this long.
    RetryAfter(Duration),
}

impl Decision {
    /// The wait in whole seconds, rounded up, for a `Retry-After` header;
    /// zero when allowed.
    pub fn retry_after_secs(self) -> u64 {
        match self {
            Decision::Allowed => 0,
            Decision::RetryAfter(wait) => wait.as_millis().div_ceil(1000) as u64,
        }
    }

    /// The longer wait of two decisions (for a caller that applies the
    /// limits to rows of its own, as the server does).
    pub fn max(self, other: Decision) -> Decision {
        match (self, other) {
            (Decision::RetryAfter(a), Decision::RetryAfter(b)) => Decision::RetryAfter(a.max(b)),
            (Decision::RetryAfter(a), Decision::Allowed)
            | (Decision::Allowed, Decision::RetryAfter(a)) => Decision::RetryAfter(a),
            (Decision::Allowed, Decision::Allowed) => Decision::Allowed,
        }
    }
}

/// One key's recent failed attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failures {
    /// Failures not yet forgiven, as of `last`.
    pub count: u32,
    /// When the last failure was.
    pub last: Timestamp,
}

/// How failures turn into delays; see the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Failures that cost no wait.
    pub free: u32,
    /// The wait after the first failure beyond the free ones.
    pub first_delay: Duration,
    /// The longest wait.
    pub max_delay: Duration,
    /// Quiet time that forgives one failure.
    pub forgive_after: Duration,
}

impl Limit {
    /// Per address: 20 free, then 1 s doubling to 1 hour, one forgiven per
    /// 5 minutes.
    pub const ADDRESS: Limit = Limit {
        free: 20,
        first_delay: Duration::from_secs(1),
        max_delay: Duration::from_secs(60 * 60),
        forgive_after: Duration::from_secs(5 * 60),
    };

    /// Per account, from addresses not trusted for it: 5 free, then 1 s
    /// doubling to 15 minutes, one forgiven per 15 minutes.
    pub const ACCOUNT: Limit = Limit {
        free: 5,
        first_delay: Duration::from_secs(1),
        max_delay: Duration::from_secs(15 * 60),
        forgive_after: Duration::from_secs(15 * 60),
    };

    /// Per account at one address: as [`Limit::ACCOUNT`].
    pub const ACCOUNT_AT_ADDRESS: Limit = Limit::ACCOUNT;

    /// The wait after `count` failures.
    pub fn delay(&self, count: u32) -> Duration {
        let Some(beyond) = count.checked_sub(self.free).filter(|&n| n > 0) else {
            return Duration::ZERO;
        };
        // 2^(beyond − 1) times the first delay; 2^31 seconds is already
        // far beyond any cap, so larger exponents are clamped.
        let factor = 1u32 << (beyond - 1).min(31);
        self.first_delay.saturating_mul(factor).min(self.max_delay)
    }

    /// The failure count at which the wait reaches its cap; counts are
    /// kept no higher, so that quiet forgives everything within
    /// `cap_count × forgive_after`.
    pub fn cap_count(&self) -> u32 {
        let mut count = self.free + 1;
        while self.delay(count) < self.max_delay && count < self.free + 64 {
            count += 1;
        }
        count
    }

    /// Failures still counted at `now`.
    pub fn count_at(&self, failures: &Failures, now: Timestamp) -> u32 {
        let quiet = now.since(failures.last);
        let forgiven = if self.forgive_after.is_zero() {
            u32::MAX
        } else {
            u32::try_from(quiet.as_millis() / self.forgive_after.as_millis()).unwrap_or(u32::MAX)
        };
        failures.count.saturating_sub(forgiven)
    }

    /// Whether an attempt at `now` may go ahead, given the key's failures.
    pub fn check(&self, failures: Option<&Failures>, now: Timestamp) -> Decision {
        let Some(failures) = failures else {
            return Decision::Allowed;
        };
        let open_at = failures.last.plus(self.delay(failures.count));
        if now >= open_at {
            Decision::Allowed
        } else {
            Decision::RetryAfter(open_at.since(now))
        }
    }

    /// The key's record after a failed attempt at `now`.
    pub fn record_failure(&self, failures: Option<&Failures>, now: Timestamp) -> Failures {
        let count = failures.map_or(0, |f| self.count_at(f, now));
        Failures {
            count: (count + 1).min(self.cap_count()),
            last: now.max(failures.map_or(now, |f| f.last)),
        }
    }

    /// Whether the record says nothing any more at `now` (every failure
    /// forgiven), so that it may be dropped.
    pub fn is_forgotten(&self, failures: &Failures, now: Timestamp) -> bool {
        self.count_at(failures, now) == 0
    }
}

/// The key of an address: IPv4 as it is, IPv6 by its /64 network
/// (IPv4-mapped IPv6 addresses count as their IPv4 address).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddressKey(IpAddr);

impl AddressKey {
    /// The key of `address`.
    pub fn of(address: IpAddr) -> Self {
        match address {
            IpAddr::V4(v4) => AddressKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey(IpAddr::V4(v4)),
                None => {
                    let network = u128::from(v6) & !((1u128 << 64) - 1);
                    AddressKey(IpAddr::V6(Ipv6Addr::from(network)))
                }
            },
        }
    }

    /// The address or network, for storage (`203.0.113.9`, `2001:db8::`).
    pub fn address(&self) -> IpAddr {
        self.0
    }
}

/// Failure records by key, with one [`Limit`]: a state machine over
/// (key, now).
#[derive(Clone, Debug)]
pub struct Throttle<K> {
    limit: Limit,
    records: HashMap<K, Failures>,
}

impl<K: Eq + Hash> Throttle<K> {
    /// No failures yet, under `limit`.
    pub fn new(limit: Limit) -> Self {
        Throttle {
            limit,
            records: HashMap::new(),
        }
    }

    /// Whether an attempt for `key` may go ahead at `now`.
    pub fn check(&self, key: &K, now: Timestamp) -> Decision {
        self.limit.check(self.records.get(key), now)
    }

    /// Notes a failed attempt for `key` at `now`.
    pub fn record_failure(&mut self, key: K, now: Timestamp) {
        let record = self.limit.record_failure(self.records.get(&key), now);
        self.records.insert(key, record);
    }

    /// Forgets `key`'s failures.
    pub fn clear(&mut self, key: &K) {
        self.records.remove(key);
    }

    /// The record kept for `key`.
    pub fn failures(&self, key: &K) -> Option<&Failures> {
        self.records.get(key)
    }

    /// Drops every record whose failures are all forgiven at `now`, so that
    /// memory follows recent failures only.
    pub fn prune(&mut self, now: Timestamp) {
        let limit = self.limit;
        self.records.retain(|_, f| !limit.is_forgotten(f, now));
    }

    /// How many keys have records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether no key has a record.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// The three limits of a login and the addresses trusted per account, in
/// memory; see the module's documentation.
///
/// Use: [`LoginThrottle::check`] before looking at the password (refuse
/// with 429 and `Retry-After` unless allowed), then
/// [`LoginThrottle::record_failure`] or [`LoginThrottle::record_success`].
/// Call [`LoginThrottle::prune`] now and then (every minute, say): memory
/// then holds only keys with failures in the last few hours and trust
/// from the last 30 days, which under an attack from many addresses is one
/// small record per address that failed recently.
#[derive(Clone, Debug)]
pub struct LoginThrottle {
    address: Throttle<AddressKey>,
    account: Throttle<String>,
    pair: Throttle<(String, AddressKey)>,
    /// When each account last signed in from each address.
    trusted: HashMap<(String, AddressKey), Timestamp>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        Self::new()
    }
}

impl LoginThrottle {
    /// No failures and no trusted addresses, with the limits of the module's
    /// table.
    pub fn new() -> Self {
        LoginThrottle {
            address: Throttle::new(Limit::ADDRESS),
            account: Throttle::new(Limit::ACCOUNT),
            pair: Throttle::new(Limit::ACCOUNT_AT_ADDRESS),
            trusted: HashMap::new(),
        }
    }

    /// Whether `account` (a name's skeleton) signed in from `address`
    /// within [`TRUST_LIFETIME`] before `now`.
    pub fn is_trusted(&self, account: &str, address: AddressKey, now: Timestamp) -> bool {
        self.trusted
            .get(&(account.to_owned(), address))
            .is_some_and(|&at| now.since(at) < TRUST_LIFETIME)
    }

    /// Whether a login to `account` (a name's skeleton) from `address` may
    /// be checked at `now`.
    pub fn check(&self, account: &str, address: AddressKey, now: Timestamp) -> Decision {
        let pair = (account.to_owned(), address);
        let mut decision = self
            .address
            .check(&address, now)
            .max(self.pair.check(&pair, now));
        if !self.is_trusted(account, address, now) {
            decision = decision.max(self.account.check(&account.to_owned(), now));
        }
        decision
    }

    /// Notes a wrong password (or an unknown name) for `account` from
    /// `address` at `now`.
    pub fn record_failure(&mut self, account: &str, address: AddressKey, now: Timestamp) {
        self.address.record_failure(address, now);
        self.pair.record_failure((account.to_owned(), address), now);
        // Failures at a trusted address do not count against the account,
        // whose limit does not apply there either.
        if !self.is_trusted(account, address, now) {
            self.account.record_failure(account.to_owned(), now);
        }
    }

    /// Notes a successful sign-in: the address becomes trusted for the
    /// account and their pair's failures are forgotten. The account's and
    /// the address's failures stay (they decay with time), so that signing
    /// in to one's own account does not reset the limits of an attack.
    pub fn record_success(&mut self, account: &str, address: AddressKey, now: Timestamp) {
        let pair = (account.to_owned(), address);
        self.pair.clear(&pair);
        self.trusted.insert(pair, now);
    }

    /// Drops every forgiven record and lapsed trust at `now`.
    pub fn prune(&mut self, now: Timestamp) {
        self.address.prune(now);
        self.account.prune(now);
        self.pair.prune(now);
        self.trusted
            .retain(|_, &mut at| now.since(at) < TRUST_LIFETIME);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const SECOND: i64 = 1000;
    const MINUTE: i64 = 60 * SECOND;

    fn at(ms: i64) -> Timestamp {
        Timestamp::from_unix_ms(ms)
    }

    fn v4(n: u32) -> AddressKey {
        AddressKey::of(IpAddr::V4(Ipv4Addr::from(0x0A00_0000 + n)))
    }

    #[test]
    fn delays_are_free_then_double_up_to_the_cap() {
        let limit = Limit::ACCOUNT;
        let delays: Vec<u64> = (0..=17).map(|n| limit.delay(n).as_secs()).collect();
        assert_eq!(
            delays,
            [
                0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900
            ]
        );
        assert_eq!(limit.cap_count(), 16);
        assert_eq!(limit.delay(u32::MAX), limit.max_delay);
        assert_eq!(Limit::ADDRESS.cap_count(), 33);
    }

    #[test]
    fn quiet_time_forgives_one_failure_per_period() {
        let limit = Limit::ACCOUNT;
        let failures = Failures {
            count: 16,
            last: at(0),
        };
        assert_eq!(limit.count_at(&failures, at(15 * MINUTE - 1)), 16);
        assert_eq!(limit.count_at(&failures, at(15 * MINUTE)), 15);
        assert_eq!(limit.count_at(&failures, at(16 * 15 * MINUTE)), 0);
        assert!(limit.is_forgotten(&failures, at(16 * 15 * MINUTE)));
        // A failure after some quiet starts from the forgiven count.
        assert_eq!(
            limit.record_failure(Some(&failures), at(45 * MINUTE)).count,
            14
        );
    }

    #[test]
    fn quiet_forgives_any_number_of_failures_within_the_documented_time() {
        for (limit, cap, hours) in [(Limit::ACCOUNT, 16, 4.0), (Limit::ADDRESS, 33, 2.75)] {
            let mut failures = None;
            for second in 0..1_000 {
                failures = Some(limit.record_failure(failures.as_ref(), at(second * SECOND)));
            }
            let failures = failures.unwrap();
            assert_eq!(failures.count, cap, "kept no higher than the cap");
            let forgiven_at = failures.last.plus(limit.forgive_after * limit.cap_count());
            assert_eq!(
                forgiven_at.since(failures.last).as_secs_f64(),
                hours * 3600.0
            );
            assert!(limit.is_forgotten(&failures, forgiven_at));
            assert_eq!(limit.check(Some(&failures), forgiven_at), Decision::Allowed);
        }
    }

    #[test]
    fn a_refused_attempt_is_told_how_long_to_wait() {
        let limit = Limit::ACCOUNT;
        let failures = Failures {
            count: 8, // three beyond the free five: 4 s
            last: at(10 * SECOND),
        };
        assert_eq!(
            limit.check(Some(&failures), at(11 * SECOND + 500)),
            Decision::RetryAfter(Duration::from_millis(2_500))
        );
        assert_eq!(
            limit
                .check(Some(&failures), at(11 * SECOND + 500))
                .retry_after_secs(),
            3
        );
        assert_eq!(
            limit.check(Some(&failures), at(14 * SECOND)),
            Decision::Allowed
        );
        assert_eq!(limit.check(None, at(0)), Decision::Allowed);
    }

    #[test]
    fn ipv6_addresses_are_keyed_by_their_64_bit_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(AddressKey::of(a), AddressKey::of(b));
        assert_ne!(AddressKey::of(a), AddressKey::of(c));
        assert_eq!(AddressKey::of(a).address().to_string(), "2001:db8:1:2::");
        let mapped: IpAddr = "::ffff:203.0.113.9".parse().unwrap();
        assert_eq!(AddressKey::of(mapped).address().to_string(), "203.0.113.9");
    }

    /// An attacker who tries one password a second, each from a new
    /// address, for `seconds`: the times of the guesses that were let
    /// through to the password check (and failed).
    ///
    /// A refused attempt cannot change anything (`check` takes `&self`),
    /// so instead of knocking every second while refused, the attacker
    /// comes back at the very millisecond the wait ends, which is never
    /// slower than knocking.
    fn distributed_attack(
        throttle: &mut LoginThrottle,
        account: &str,
        start: i64,
        seconds: i64,
    ) -> Vec<i64> {
        let mut checked = Vec::new();
        let mut now = start;
        let mut addresses = 0;
        while now < start + seconds * SECOND {
            addresses += 1;
            match throttle.check(account, v4(addresses), at(now)) {
                Decision::Allowed => {
                    throttle.record_failure(account, v4(addresses), at(now));
                    checked.push(now);
                    now += SECOND;
                }
                Decision::RetryAfter(wait) => now += wait.as_millis() as i64,
            }
        }
        checked
    }

    #[test]
    fn many_addresses_do_not_make_guessing_one_account_faster() {
        let mut throttle = LoginThrottle::new();
        // Twelve days of one attempt a second from ever new addresses.
        let checked = distributed_attack(&mut throttle, "karl", 0, 12 * 24 * 60 * 60);
        assert!(checked.len() >= 1_001, "{} guesses", checked.len());
        // The 1,000th guess comes more than ten days in…
        assert!(checked[999] > 10 * 24 * 60 * MINUTE, "{}", checked[999]);
        // …and the 1,001st waits the full cap after it, as the guesses
        // before it did: the rate never improves once the cap is reached.
        let cap = Limit::ACCOUNT.max_delay.as_millis() as i64;
        assert!(checked[1_000] - checked[999] >= cap);
        let capped_from = Limit::ACCOUNT.cap_count() as usize;
        for pair in checked[capped_from..].windows(2) {
            assert!(pair[1] - pair[0] >= cap, "{pair:?}");
        }
    }

    #[test]
    fn one_address_guessing_one_account_is_no_faster_than_many() {
        let mut many = LoginThrottle::new();
        let spread = distributed_attack(&mut many, "karl", 0, 24 * 60 * 60);
        let mut one = LoginThrottle::new();
        let mut single = Vec::new();
        let mut now = 0;
        while now < 24 * 60 * MINUTE {
            match one.check("karl", v4(1), at(now)) {
                Decision::Allowed => {
                    one.record_failure("karl", v4(1), at(now));
                    single.push(now);
                    now += SECOND;
                }
                Decision::RetryAfter(wait) => now += wait.as_millis() as i64,
            }
        }
        assert!(
            single.len() <= spread.len(),
            "{} > {}",
            single.len(),
            spread.len()
        );
        assert!(
            spread.len() <= 16 + 24 * 4 + 1,
            "{} guesses in a day",
            spread.len()
        );
    }

    #[test]
    fn the_person_at_a_trusted_address_is_not_locked_out_by_an_attack() {
        let mut throttle = LoginThrottle::new();
        let home = AddressKey::of("192.0.2.7".parse().unwrap());
        throttle.record_success("karl", home, at(0));
        // A day of attack from other addresses.
        let checked = distributed_attack(&mut throttle, "karl", MINUTE, 24 * 60 * 60);
        assert!(checked.len() > 100);
        // At any moment of the attack, the person at home may sign in.
        for minute in [2, 60, 600, 24 * 60] {
            assert_eq!(
                throttle.check("karl", home, at(minute * MINUTE)),
                Decision::Allowed,
                "minute {minute}"
            );
        }
        // Even with a typo first.
        throttle.record_failure("karl", home, at(24 * 60 * MINUTE));
        assert_eq!(
            throttle.check("karl", home, at(24 * 60 * MINUTE)),
            Decision::Allowed
        );
    }

    #[test]
    fn the_person_at_a_new_address_waits_at_most_fifteen_minutes_after_an_attack() {
        let mut throttle = LoginThrottle::new();
        let checked = distributed_attack(&mut throttle, "karl", 0, 3 * 24 * 60 * 60);
        let last = *checked.last().unwrap();
        let cafe = AddressKey::of("198.51.100.20".parse().unwrap());
        let wait = match throttle.check("karl", cafe, at(last)) {
            Decision::RetryAfter(wait) => wait,
            Decision::Allowed => Duration::ZERO,
        };
        assert!(wait <= Limit::ACCOUNT.max_delay, "{wait:?}");
        assert_eq!(
            throttle.check("karl", cafe, at(last + 15 * MINUTE)),
            Decision::Allowed
        );
        // Signing in makes the café trusted: later attacks do not reach it.
        throttle.record_success("karl", cafe, at(last + 15 * MINUTE));
        distributed_attack(&mut throttle, "karl", last + 16 * MINUTE, 60 * 60);
        assert_eq!(
            throttle.check("karl", cafe, at(last + 80 * MINUTE)),
            Decision::Allowed
        );
    }

    #[test]
    fn an_attack_on_one_account_does_not_touch_another() {
        let mut throttle = LoginThrottle::new();
        distributed_attack(&mut throttle, "karl", 0, 60 * 60);
        assert_eq!(
            throttle.check("otto", v4(999_999), at(60 * MINUTE)),
            Decision::Allowed
        );
    }

    #[test]
    fn one_address_guessing_many_accounts_is_slowed_by_the_address_limit() {
        let mut throttle = LoginThrottle::new();
        let mut checked = 0;
        for second in 0..60 * 60 {
            let now = at(second * SECOND);
            let account = format!("player{second}");
            if throttle.check(&account, v4(1), now) == Decision::Allowed {
                throttle.record_failure(&account, v4(1), now);
                checked += 1;
            }
        }
        // 20 free, then waits of 1 s, 2 s, … doubling (and a failure
        // forgiven every 5 minutes): about fifteen more in an hour.
        assert!((30..=40).contains(&checked), "{checked} guesses in an hour");
    }

    #[test]
    fn the_persons_own_mistakes_cost_little() {
        let mut throttle = LoginThrottle::new();
        let home = v4(7);
        for mistake in 0..5 {
            assert_eq!(
                throttle.check("karl", home, at(mistake * SECOND)),
                Decision::Allowed
            );
            throttle.record_failure("karl", home, at(mistake * SECOND));
        }
        // The sixth try waits a second.
        assert_eq!(
            throttle.check("karl", home, at(5 * SECOND)),
            Decision::Allowed,
            "five free mistakes"
        );
        throttle.record_failure("karl", home, at(5 * SECOND));
        assert_eq!(
            throttle.check("karl", home, at(5 * SECOND)),
            Decision::RetryAfter(Duration::from_secs(1))
        );
        throttle.record_success("karl", home, at(6 * SECOND));
        assert_eq!(
            throttle.check("karl", home, at(6 * SECOND)),
            Decision::Allowed
        );
    }

    #[test]
    fn mistakes_at_a_trusted_address_do_not_count_against_the_account_elsewhere() {
        let mut throttle = LoginThrottle::new();
        let home = v4(7);
        throttle.record_success("karl", home, at(0));
        for mistake in 1..=10 {
            throttle.record_failure("karl", home, at(mistake * SECOND));
        }
        // At home the pair's limit holds them back…
        assert!(matches!(
            throttle.check("karl", home, at(11 * SECOND)),
            Decision::RetryAfter(_)
        ));
        // …but the account's limit, which applies elsewhere, saw nothing.
        assert_eq!(
            throttle.check("karl", v4(8), at(11 * SECOND)),
            Decision::Allowed
        );
    }

    #[test]
    fn pruning_forgets_what_time_has_forgiven() {
        let mut throttle = LoginThrottle::new();
        distributed_attack(&mut throttle, "karl", 0, 100);
        assert!(!throttle.address.is_empty() && throttle.account.len() == 1);
        throttle.prune(at(10 * 60 * MINUTE));
        assert!(
            throttle.address.is_empty() && throttle.pair.is_empty() && throttle.account.is_empty()
        );
        throttle.record_success("karl", v4(1), at(0));
        throttle.prune(at(31 * 24 * 60 * MINUTE));
        assert!(throttle.trusted.is_empty());
    }
}
