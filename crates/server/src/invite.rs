//! Invitation links that the host can read again: an invited seat's token,
//! sealed with the host's token.
//!
//! The server keeps tokens only as hashes, so it cannot give an invited
//! seat's link out a second time by itself. Instead, at creation it seals
//! each invited token with a key made from the host's token (which it also
//! never stores): the stored bytes open only for whoever presents the
//! host's token, so a copy of the database reveals no link, and nobody but
//! the host can ask for one. The seal is dropped when the invited person
//! first connects (the seat is claimed); from then on the link is theirs
//! alone.
//!
//! The seal is a one-time pad: the token's bytes XOR a key stream of
//! SHA-256 blocks over a label, the host's token, the game and the seat, so
//! that no two seats (nor games) share a stream.

use sha2::{Digest, Sha256};

use crate::secret::TOKEN_LENGTH;

/// The key stream for `seat` of `game` under the host's token.
fn stream(host_token: &str, game: &str, seat: usize) -> [u8; 2 * 32] {
    let mut stream = [0; 64];
    for (block, chunk) in stream.chunks_mut(32).enumerate() {
        let mut hash = Sha256::new();
        hash.update(b"carolus invitation seal/1\0");
        hash.update(host_token.as_bytes());
        hash.update(b"\0");
        hash.update(game.as_bytes());
        hash.update([0, seat as u8, block as u8]);
        chunk.copy_from_slice(&hash.finalize());
    }
    stream
}

/// `token` of `seat` sealed under the host's token.
pub fn seal(token: &str, host_token: &str, game: &str, seat: usize) -> Vec<u8> {
    token
        .bytes()
        .zip(stream(host_token, game, seat))
        .map(|(byte, key)| byte ^ key)
        .collect()
}

/// The token that `sealed` holds, if `host_token` opens it: a wrong key
/// gives bytes that are no token, which is refused (the caller has already
/// checked that `host_token` is the host's).
pub fn open(sealed: &[u8], host_token: &str, game: &str, seat: usize) -> Option<String> {
    if sealed.len() != TOKEN_LENGTH {
        return None;
    }
    let bytes: Vec<u8> = sealed
        .iter()
        .zip(stream(host_token, game, seat))
        .map(|(byte, key)| byte ^ key)
        .collect();
    String::from_utf8(bytes)
        .ok()
        .filter(|token| crate::secret::is_token_syntax(token))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::new_token;

    #[test]
    fn a_sealed_token_opens_only_with_the_hosts_token_for_its_game_and_seat() {
        let host = new_token();
        let invited = new_token();
        let sealed = seal(&invited, &host, "abcdefghijkm", 1);
        assert_eq!(sealed.len(), TOKEN_LENGTH);
        assert_ne!(sealed, invited.as_bytes(), "the token is not kept readable");
        assert_eq!(
            open(&sealed, &host, "abcdefghijkm", 1),
            Some(invited.clone())
        );
        assert_eq!(open(&sealed, &new_token(), "abcdefghijkm", 1), None);
        assert_eq!(open(&sealed, &host, "abcdefghijkn", 1), None);
        assert_eq!(open(&sealed, &host, "abcdefghijkm", 2), None);
        assert_eq!(open(&sealed[1..], &host, "abcdefghijkm", 1), None);
    }
}
