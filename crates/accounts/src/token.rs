//! Session ids and password-reset tokens: made, spelled, stored and
//! expired.
//!
//! A [`Token`] is 128 random bits from the operating system's secure
//! generator, spelled in 22 characters of unpadded base64url (`A`–`Z`,
//! `a`–`z`, `0`–`9`, `-`, `_`), which a cookie or a link carries without
//! escaping. The server keeps only its [`TokenHash`] (SHA-256 of a label for
//! the token's [`TokenKind`] and the token), so a copy of the database
//! opens no session, and a reset token is never a session id even if the
//! two were mixed up in a table. Comparing a presented token with a stored
//! hash takes the same time wherever they differ.
//!
//! Expiry is arithmetic on times the caller passes in:
//!
//! - A session lasts [`SESSION_LIFETIME`] (30 days) from its last renewal,
//!   and is renewed on use; so that every request does not write to the
//!   store, [`session_state`] asks for a renewal only when the last one is
//!   more than [`SESSION_RENEWAL_INTERVAL`] (1 day) old, which makes the
//!   session last between 29 and 30 days after its last use.
//! - A reset token lasts [`RESET_LIFETIME`] (1 hour) and is used once
//!   ([`ResetRecord::redeem`]). With several servers, the store must make
//!   the redemption one conditional write (mark it used only where it is
//!   not yet), so that two requests at once cannot both use it.

use std::fmt;
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::time::Timestamp;

/// Random bytes in a token: 128 bits.
pub const TOKEN_BYTES: usize = 16;

/// Characters in a token's spelling: 128 bits in 6-bit characters.
pub const TOKEN_CHARS: usize = 22;

/// How long a session lasts after its last renewal.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// How old a session's last renewal must be before a use renews it again.
pub const SESSION_RENEWAL_INTERVAL: Duration = Duration::from_secs(24 * 60 * 60);

/// How long a password-reset token lasts.
pub const RESET_LIFETIME: Duration = Duration::from_secs(60 * 60);

/// What a token opens; part of its hash, so that one kind is never taken
/// for another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A session id, in the session cookie.
    Session,
    /// A one-time password-reset token, in a link sent by e-mail.
    Reset,
}

impl TokenKind {
    fn label(self) -> &'static [u8] {
        match self {
            TokenKind::Session => b"carolus-session\0",
            TokenKind::Reset => b"carolus-reset\0",
        }
    }
}

/// A secret token as the person holds it. Its `Debug` form hides it, so
/// that it never lands in a log by accident, and two tokens compare equal
/// in time that does not depend on where they differ.
#[derive(Clone)]
pub struct Token {
    kind: TokenKind,
    text: String,
}

/// Why a token could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The text is not 22 characters of base64url for 128 bits.
    #[error("a token is {TOKEN_CHARS} characters of A-Z, a-z, 0-9, - and _")]
    Malformed,
    /// The operating system's random generator failed.
    #[error("the operating system's random generator failed: {0}")]
    Random(String),
}

impl Token {
    /// A new token of `kind` from the operating system's secure generator.
    pub fn generate(kind: TokenKind) -> Result<Self, TokenError> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| TokenError::Random(e.to_string()))?;
        Ok(Token {
            kind,
            text: URL_SAFE_NO_PAD.encode(bytes),
        })
    }

    /// Reads a token of `kind` presented by a client (a cookie's value, a
    /// link's part). Each token has exactly one spelling.
    pub fn parse(kind: TokenKind, text: &str) -> Result<Self, TokenError> {
        if text.len() != TOKEN_CHARS {
            return Err(TokenError::Malformed);
        }
        // The engine refuses padding and stray low bits in the last
        // character, so no two spellings decode to the same bytes.
        match URL_SAFE_NO_PAD.decode(text) {
            Ok(bytes) if bytes.len() == TOKEN_BYTES => Ok(Token {
                kind,
                text: text.to_owned(),
            }),
            _ => Err(TokenError::Malformed),
        }
    }

    /// The token's spelling, to put in a cookie or a link.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// What the token opens.
    pub fn kind(&self) -> TokenKind {
        self.kind
    }

    /// The hash under which the token is stored and looked up.
    pub fn hash(&self) -> TokenHash {
        let mut hasher = Sha256::new();
        hasher.update(self.kind.label());
        hasher.update(self.text.as_bytes());
        TokenHash(hasher.finalize().into())
    }
}

impl PartialEq for Token {
    fn eq(&self, other: &Token) -> bool {
        self.kind == other.kind && bool::from(self.text.as_bytes().ct_eq(other.text.as_bytes()))
    }
}

impl Eq for Token {}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Token")
            .field("kind", &self.kind)
            .field("text", &"<secret>")
            .finish()
    }
}

/// The stored form of a token: 32 bytes of SHA-256.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The hash's bytes, to store.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// A stored hash read back; `None` unless it has 32 bytes.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        bytes.try_into().ok().map(TokenHash)
    }

    /// Whether `token` hashes to this, in time that does not depend on
    /// where the hashes differ.
    pub fn matches(&self, token: &Token) -> bool {
        token.hash().0.ct_eq(&self.0).into()
    }
}

/// A session as the store keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionRecord {
    /// The session id's hash.
    pub hash: TokenHash,
    /// When the session ends unless it is renewed before.
    pub expires_at: Timestamp,
}

/// A new session begun at `now`: the id for the cookie and what to store.
pub fn new_session(now: Timestamp) -> Result<(Token, SessionRecord), TokenError> {
    let token = Token::generate(TokenKind::Session)?;
    let record = SessionRecord {
        hash: token.hash(),
        expires_at: now.plus(SESSION_LIFETIME),
    };
    Ok((token, record))
}

/// What a session is at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionState {
    /// The session is over; the person must sign in again.
    Expired,
    /// The session is open. When `renew_until` is given, store it as the
    /// session's new end.
    Valid {
        /// The session's new end, when it is time to renew it.
        renew_until: Option<Timestamp>,
    },
}

/// The state at `now` of a session that ends at `expires_at`, used now.
pub fn session_state(expires_at: Timestamp, now: Timestamp) -> SessionState {
    if now >= expires_at {
        return SessionState::Expired;
    }
    let renewed_at_least = SESSION_LIFETIME.saturating_sub(SESSION_RENEWAL_INTERVAL);
    let left = expires_at.since(now);
    SessionState::Valid {
        renew_until: (left <= renewed_at_least).then(|| now.plus(SESSION_LIFETIME)),
    }
}

/// A password-reset token as the store keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResetRecord {
    /// The token's hash.
    pub hash: TokenHash,
    /// When the token stops working.
    pub expires_at: Timestamp,
    /// When it was used, if it was.
    pub used_at: Option<Timestamp>,
}

/// A new reset token made at `now`: the token for the link and what to
/// store.
pub fn new_reset(now: Timestamp) -> Result<(Token, ResetRecord), TokenError> {
    let token = Token::generate(TokenKind::Reset)?;
    let record = ResetRecord {
        hash: token.hash(),
        expires_at: now.plus(RESET_LIFETIME),
        used_at: None,
    };
    Ok((token, record))
}

/// Why a reset token is not accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResetError {
    /// The token is not this record's (or not a reset token at all).
    #[error("this password-reset link is not valid")]
    Mismatch,
    /// The token's hour is over.
    #[error("this password-reset link has expired; ask for a new one")]
    Expired,
    /// The token was used already.
    #[error("this password-reset link was used already; ask for a new one")]
    Used,
}

impl ResetRecord {
    /// Uses the token `presented` at `now`: on success the record is marked
    /// used, and the caller may set the new password (and store the record
    /// only on the condition that it was not used in the meantime).
    pub fn redeem(&mut self, presented: &Token, now: Timestamp) -> Result<(), ResetError> {
        if presented.kind() != TokenKind::Reset || !self.hash.matches(presented) {
            return Err(ResetError::Mismatch);
        }
        if self.used_at.is_some() {
            return Err(ResetError::Used);
        }
        if now >= self.expires_at {
            return Err(ResetError::Expired);
        }
        self.used_at = Some(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: i64 = 24 * 60 * 60 * 1000;

    fn at(ms: i64) -> Timestamp {
        Timestamp::from_unix_ms(ms)
    }

    #[test]
    fn tokens_are_22_url_safe_characters_and_differ() {
        let a = Token::generate(TokenKind::Session).unwrap();
        let b = Token::generate(TokenKind::Session).unwrap();
        assert_ne!(a, b);
        for token in [&a, &b] {
            assert_eq!(token.as_str().len(), TOKEN_CHARS);
            assert!(
                token
                    .as_str()
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'),
                "{}",
                token.as_str()
            );
            assert_eq!(
                Token::parse(TokenKind::Session, token.as_str()).as_ref(),
                Ok(token)
            );
        }
    }

    #[test]
    fn tokens_carry_128_bits() {
        // Over 200 tokens, every one of the 128 bits must have been both 0
        // and 1; a generator that left bits fixed would fail this.
        let mut ones = [0u32; TOKEN_BYTES * 8];
        for _ in 0..200 {
            let token = Token::generate(TokenKind::Reset).unwrap();
            let bytes = URL_SAFE_NO_PAD.decode(token.as_str()).unwrap();
            for (i, one) in ones.iter_mut().enumerate() {
                *one += u32::from(bytes[i / 8] >> (i % 8) & 1);
            }
        }
        assert!(ones.iter().all(|&n| n > 0 && n < 200), "{ones:?}");
    }

    #[test]
    fn malformed_tokens_are_refused() {
        for text in [
            "",
            "short",
            "AAAAAAAAAAAAAAAAAAAAAAA",    // 23 characters
            "AAAAAAAAAAAAAAAAAAAAA+",     // standard base64, not URL-safe
            "AAAAAAAAAAAAAAAAAAAA==",     // padding
            "AAAAAAAAAAAAAAAAAAAAAB",     // stray bits in the last character
            "AAAAAAAAAAAAAAAAAAAA\u{e9}", // 22 bytes, not 22 characters of base64
            "AAAAAAAAAAAAAAAAAAAA A",
        ] {
            assert_eq!(
                Token::parse(TokenKind::Session, text),
                Err(TokenError::Malformed),
                "{text:?}"
            );
        }
        assert!(Token::parse(TokenKind::Session, "AAAAAAAAAAAAAAAAAAAAAA").is_ok());
    }

    #[test]
    fn the_debug_form_hides_the_secret() {
        let token = Token::generate(TokenKind::Session).unwrap();
        let shown = format!("{token:?}");
        assert!(!shown.contains(token.as_str()), "{shown}");
        assert!(shown.contains("Session"));
    }

    #[test]
    fn a_stored_hash_matches_its_token_only() {
        let (token, record) = new_session(at(0)).unwrap();
        assert!(record.hash.matches(&token));
        let other = Token::generate(TokenKind::Session).unwrap();
        assert!(!record.hash.matches(&other));
        assert_eq!(
            TokenHash::from_bytes(record.hash.as_bytes()),
            Some(record.hash)
        );
        assert_eq!(TokenHash::from_bytes(&[0; 31]), None);
    }

    #[test]
    fn the_same_text_as_a_session_and_as_a_reset_token_hashes_differently() {
        let text = "AAAAAAAAAAAAAAAAAAAAAA";
        let session = Token::parse(TokenKind::Session, text).unwrap();
        let reset = Token::parse(TokenKind::Reset, text).unwrap();
        assert_ne!(session.hash(), reset.hash());
        assert!(!session.hash().matches(&reset));
    }

    #[test]
    fn a_session_lasts_thirty_days_without_use() {
        let (_, record) = new_session(at(1_000)).unwrap();
        assert_eq!(record.expires_at, at(1_000 + 30 * DAY_MS));
        assert!(matches!(
            session_state(record.expires_at, at(1_000 + 30 * DAY_MS - 1)),
            SessionState::Valid { .. }
        ));
        assert_eq!(
            session_state(record.expires_at, at(1_000 + 30 * DAY_MS)),
            SessionState::Expired
        );
    }

    #[test]
    fn a_use_renews_the_session_at_most_once_a_day() {
        let start = at(0);
        let (_, record) = new_session(start).unwrap();
        // Within the first day no renewal is written.
        assert_eq!(
            session_state(record.expires_at, at(DAY_MS - 1)),
            SessionState::Valid { renew_until: None }
        );
        // After a day, a use moves the end to thirty days from now.
        assert_eq!(
            session_state(record.expires_at, at(DAY_MS)),
            SessionState::Valid {
                renew_until: Some(at(31 * DAY_MS))
            }
        );
        // Used every 29 days, a session never ends.
        let mut expires_at = record.expires_at;
        for day in (29..=29 * 12).step_by(29) {
            match session_state(expires_at, at(day * DAY_MS)) {
                SessionState::Valid {
                    renew_until: Some(until),
                } => expires_at = until,
                other => panic!("day {day}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_reset_token_works_once_within_its_hour() {
        let (token, mut record) = new_reset(at(0)).unwrap();
        assert_eq!(record.expires_at, at(60 * 60 * 1000));
        assert_eq!(record.redeem(&token, at(59 * 60 * 1000)), Ok(()));
        assert_eq!(record.used_at, Some(at(59 * 60 * 1000)));
        assert_eq!(
            record.redeem(&token, at(59 * 60 * 1000 + 1)),
            Err(ResetError::Used)
        );
    }

    #[test]
    fn a_reset_token_is_refused_after_its_hour() {
        let (token, mut record) = new_reset(at(0)).unwrap();
        assert_eq!(
            record.redeem(&token, at(60 * 60 * 1000)),
            Err(ResetError::Expired)
        );
        assert_eq!(record.used_at, None);
    }

    #[test]
    fn another_token_does_not_redeem_a_reset() {
        let (_, mut record) = new_reset(at(0)).unwrap();
        let (stranger, _) = new_reset(at(0)).unwrap();
        assert_eq!(record.redeem(&stranger, at(1)), Err(ResetError::Mismatch));
        let session = Token::generate(TokenKind::Session).unwrap();
        assert_eq!(record.redeem(&session, at(1)), Err(ResetError::Mismatch));
        assert_eq!(record.used_at, None);
    }
}
