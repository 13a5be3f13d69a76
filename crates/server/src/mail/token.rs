//! Unsubscribe tokens: an address signed with the server's key
//! (HMAC-SHA-256), so that the link in a mail works without signing in and
//! nobody can make one for another address.
//!
//! A token is `ADDRESS.MAC`, both in unpadded base64url: it carries its
//! address, so that nothing needs to be stored per mail, and the page can
//! say which address stops getting mails. The key (256 random bits) is
//! kept in the database (`mail_key`), so that every server on it signs and
//! checks the same way, across restarts.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The key that signs unsubscribe tokens.
#[derive(Clone)]
pub struct Key(pub(crate) [u8; 32]);

/// What a token says: this is its own label, so that a MAC made for
/// another purpose with the same key never passes as one.
const LABEL: &[u8] = b"carolus unsubscribe\n";

/// The longest address a token carries (RFC 5321's limit on a path).
const MAX_ADDRESS: usize = 256;

impl Key {
    /// A new random key.
    pub fn random() -> Key {
        let mut key = [0; 32];
        getrandom::fill(&mut key).expect("the operating system's random generator failed");
        Key(key)
    }

    fn mac(&self, address: &str) -> Hmac<Sha256> {
        // HMAC takes keys of any length.
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(LABEL);
        mac.update(normal(address).as_bytes());
        mac
    }

    /// The token that unsubscribes `address`.
    pub fn sign(&self, address: &str) -> String {
        let mac = self.mac(address).finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(normal(address)),
            URL_SAFE_NO_PAD.encode(mac)
        )
    }

    /// The address `token` unsubscribes, if this key signed it (compared
    /// in constant time).
    pub fn verify(&self, token: &str) -> Option<String> {
        let (address, mac) = token.split_once('.')?;
        if address.len() > MAX_ADDRESS * 2 {
            return None;
        }
        let address = String::from_utf8(URL_SAFE_NO_PAD.decode(address).ok()?).ok()?;
        let mac = URL_SAFE_NO_PAD.decode(mac).ok()?;
        self.mac(&address).verify_slice(&mac).ok()?;
        Some(address)
    }
}

/// An address as opt-outs are kept: in lower case (mail systems treat the
/// local part without regard to case, in practice).
pub fn normal(address: &str) -> String {
    address.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_address_and_only_its_key_made_it() {
        let key = Key::random();
        let token = key.sign("Anna@Example.org");
        assert_eq!(key.verify(&token).as_deref(), Some("anna@example.org"));
        assert!(
            token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
            "{token}"
        );
        // Another key, another address with this MAC, a cut MAC: refused.
        assert_eq!(Key::random().verify(&token), None);
        let (_, mac) = token.split_once('.').unwrap();
        let forged = format!("{}.{mac}", URL_SAFE_NO_PAD.encode("bob@example.org"));
        assert_eq!(key.verify(&forged), None);
        assert_eq!(key.verify(&token[..token.len() - 2]), None);
        for junk in ["", ".", "abc", "a.b.c", "!!.!!"] {
            assert_eq!(key.verify(junk), None, "{junk}");
        }
    }
}
