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

pub mod name;
pub mod password;
pub mod rating;
pub mod throttle;
mod time;
pub mod token;

pub use name::{NameError, PlayerName};
pub use password::{PasswordError, PasswordHasher, check_password};
pub use time::Timestamp;
