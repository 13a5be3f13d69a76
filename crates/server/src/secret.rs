//! Randomness from the operating system: game ids, seat tokens and the
//! game's draws.
//!
//! Draws come from the operating system's cryptographically secure
//! generator at the moment they fall due, so nothing a client has seen
//! (earlier draws, ids, tokens) predicts the next one. Tokens carry 256
//! random bits and are kept only as SHA-256 hashes, compared in constant
//! time.

use carolus_rules::RandomSource;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The operating system's secure generator as a [`RandomSource`].
///
/// The generator cannot fail on any system the server runs on once it has
/// started (it is seeded at boot); if it ever did, going on with weaker
/// numbers would be worse than stopping, so it panics, and the move in
/// progress is refused.
#[derive(Clone, Copy, Debug, Default)]
pub struct OsRandom;

impl RandomSource for OsRandom {
    fn next_u64(&mut self) -> u64 {
        getrandom::u64().expect("the operating system's random generator failed")
    }
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes
}

/// The alphabet of tokens: URL-safe, so a token can sit in a link's
/// fragment without escaping.
const TOKEN_ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The length of a token: 43 characters of 6 bits hold 256 random bits.
pub const TOKEN_LENGTH: usize = 43;

/// A new seat token: 256 random bits, in [`TOKEN_LENGTH`] URL-safe
/// characters.
pub fn new_token() -> String {
    let bytes: [u8; 32] = random_bytes();
    let mut bits = 0u32;
    let mut count = 0;
    let mut token = String::with_capacity(TOKEN_LENGTH);
    for byte in bytes {
        bits = bits << 8 | u32::from(byte);
        count += 8;
        while count >= 6 {
            count -= 6;
            token.push(char::from(TOKEN_ALPHABET[(bits >> count) as usize & 63]));
        }
    }
    if count > 0 {
        token.push(char::from(
            TOKEN_ALPHABET[(bits << (6 - count)) as usize & 63],
        ));
    }
    token
}

/// Whether `text` has the form of a token (it may still be nobody's).
pub fn is_token_syntax(text: &str) -> bool {
    text.len() == TOKEN_LENGTH && text.bytes().all(|b| TOKEN_ALPHABET.contains(&b))
}

/// The hash under which a token is stored.
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Whether `token` hashes to `stored`, in time that does not depend on
/// where they differ.
pub fn token_matches(token: &str, stored: &[u8]) -> bool {
    token_hash(token).ct_eq(stored).into()
}

/// The alphabet of game ids: lower case without look-alikes, so an id can
/// be read aloud or typed from a screen.
const ID_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// The letters of the ids' alphabet, in the order of their values, which
/// is also the order in which they sort.
pub(crate) const ID_LETTERS: &[u8; 24] = b"abcdefghijkmnpqrstuvwxyz";

/// The length of a game id: 12 characters of 5 bits, 60 random bits, so
/// that ids of games nobody has shared cannot be guessed.
pub const ID_LENGTH: usize = 12;

/// A new game id.
pub fn new_game_id() -> String {
    let bits = u64::from_le_bytes(random_bytes());
    (0..ID_LENGTH)
        .map(|i| char::from(ID_ALPHABET[(bits >> (5 * i)) as usize & 31]))
        .collect()
}

/// Whether `text` has the form of a game id.
pub fn is_game_id_syntax(text: &str) -> bool {
    text.len() == ID_LENGTH && text.bytes().all(|b| ID_ALPHABET.contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_recognised() {
        let first = new_token();
        let second = new_token();
        assert_eq!(first.len(), TOKEN_LENGTH);
        assert_ne!(first, second);
        assert!(is_token_syntax(&first));
        assert!(!is_token_syntax(&first[1..]));
        assert!(!is_token_syntax(&format!("{}!", &first[1..])));
    }

    #[test]
    fn a_token_matches_its_own_hash_only() {
        let token = new_token();
        let stored = token_hash(&token);
        assert!(token_matches(&token, &stored));
        assert!(!token_matches(&new_token(), &stored));
        assert!(!token_matches(&token, &stored[1..]));
    }

    #[test]
    fn game_ids_have_their_own_form() {
        let id = new_game_id();
        assert!(is_game_id_syntax(&id), "{id}");
        assert_ne!(id, new_game_id());
        assert!(!is_game_id_syntax("ABCDEFGHIJKL"));
    }
}
