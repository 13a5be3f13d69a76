//! Player accounts for the Carolus Magnus server, with no I/O: the rules
//! and arithmetic that the server's accounts are built from, as pure types
//! and functions that the server wires to its store, clock and HTTP.
//!
//! - [`name`] — [`PlayerName`]: which names are allowed, and the
//!   look-alike key ([`PlayerName::skeleton`]) that the server keeps unique.
//! - [`password`] — the password policy ([`check_password`]) and Argon2id
//!   hashing ([`PasswordHasher`]) with PHC strings, rehash detection and a
//!   dummy verification for unknown names.
//! - [`token`] — session ids and password-reset tokens: random, encoded for
//!   cookies and links, stored as SHA-256 hashes, with their expiry.
//! - [`throttle`] — login attempt limiting per account and per address, as
//!   a state machine over records the caller keeps.
//! - [`rating`] — Weng-Lin (OpenSkill) ratings per mode, with the computer
//!   levels as fixed anchors.
//!
//! Nothing here reads a clock, a file, the network or a database: time is a
//! [`Timestamp`] that the caller passes in, and randomness comes only from
//! the operating system's generator when a token or salt is made.
//!
//! # A sign-up and a sign-in, as the server strings them together
//!
//! ```
//! use carolus_accounts::token::{self, SessionState};
//! use carolus_accounts::throttle::{AddressKey, Decision, LoginThrottle};
//! use carolus_accounts::password::Verified;
//! use carolus_accounts::{PasswordHasher, PlayerName, Timestamp, check_password};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // Once, at start-up (the server uses `PasswordHasher::owasp()`).
//! let hasher = PasswordHasher::with_cost(64, 1, 1)?;
//! let mut throttle = LoginThrottle::new();
//! let now = Timestamp::from_unix_ms(1_780_000_000_000);
//!
//! // Sign-up: the name and the password are checked, the name's skeleton
//! // is what must be unique, and only the hashes are stored.
//! let name: PlayerName = "Karl_der-Grosse".parse()?;
//! check_password("zwei Ritter im Turm", &name)?;
//! let key = name.skeleton();
//! let stored_password = hasher.hash("zwei Ritter im Turm")?;
//! let (cookie, session) = token::new_session(now)?;
//! assert!(session.hash.matches(&cookie));
//!
//! // Sign-in: limits first, then the password (or the dummy for a name
//! // that has no account), then the outcome back to the limits.
//! let address = AddressKey::of("203.0.113.9".parse()?);
//! assert_eq!(throttle.check(&key, address, now), Decision::Allowed);
//! match hasher.verify("zwei Ritter im Turm", &stored_password)? {
//!     Verified::Yes { needs_rehash } => {
//!         assert!(!needs_rehash);
//!         throttle.record_success(&key, address, now);
//!     }
//!     Verified::No => throttle.record_failure(&key, address, now),
//! }
//!
//! // A later request with the cookie: the session is looked up by its
//! // hash, and renewed at most once a day.
//! let presented = token::Token::parse(token::TokenKind::Session, cookie.as_str())?;
//! assert_eq!(presented.hash(), session.hash);
//! assert_eq!(
//!     token::session_state(session.expires_at, now),
//!     SessionState::Valid { renew_until: None }
//! );
//! # Ok(())
//! # }
//! ```

pub mod name;
pub mod password;
pub mod rating;
pub mod throttle;
mod time;
pub mod token;

pub use name::{NameError, PlayerName};
pub use password::{PasswordError, PasswordHasher, check_password};
pub use time::Timestamp;
