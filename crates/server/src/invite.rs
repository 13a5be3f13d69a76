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
//!
//! A rematch keeps every seat's token (each person joins with the one they
//! hold) and the host's, but the server, holding no token, cannot seal an
//! invitation anew for the new game. It carries the old seal instead
//! ([`carry`]): the sealed bytes followed by the seat and game they were
//! sealed for, which [`open`] reads back to make the same key stream. An
//! invited seat already claimed has no seal left to carry: its link stays
//! its person's alone, and the rematch reaches them at the old table.

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

/// `sealed`, the seal of `seat` of `game`, as another game (a rematch)
/// keeps it: the bytes with the seat and game they were sealed for. A seal
/// carried already keeps the game it came from.
pub fn carry(sealed: &[u8], game: &str, seat: usize) -> Vec<u8> {
    if sealed.len() != TOKEN_LENGTH {
        return sealed.to_vec();
    }
    let mut carried = Vec::with_capacity(TOKEN_LENGTH + 1 + game.len());
    carried.extend_from_slice(sealed);
    carried.push(seat as u8);
    carried.extend_from_slice(game.as_bytes());
    carried
}

/// The token that `sealed` holds, if `host_token` opens it: a wrong key
/// gives bytes that are no token, which is refused (the caller has already
/// checked that `host_token` is the host's). A seal [`carry`] made is
/// opened with the game and seat it names.
pub fn open(sealed: &[u8], host_token: &str, game: &str, seat: usize) -> Option<String> {
    let (sealed, game, seat) = match sealed.len() {
        TOKEN_LENGTH => (sealed, game, seat),
        length if length > TOKEN_LENGTH + 1 => (
            &sealed[..TOKEN_LENGTH],
            std::str::from_utf8(&sealed[TOKEN_LENGTH + 1..]).ok()?,
            usize::from(sealed[TOKEN_LENGTH]),
        ),
        _ => return None,
    };
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

    #[test]
    fn a_carried_seal_opens_at_another_game_and_seat_with_the_same_hosts_token() {
        let host = new_token();
        let invited = new_token();
        let sealed = seal(&invited, &host, "abcdefghijkm", 1);
        let carried = carry(&sealed, "abcdefghijkm", 1);
        assert_eq!(
            open(&carried, &host, "zyxwvutsrqpn", 2),
            Some(invited.clone())
        );
        assert_eq!(open(&carried, &new_token(), "zyxwvutsrqpn", 2), None);
        // Carried again (a rematch of the rematch), it names where it began.
        assert_eq!(carry(&carried, "zyxwvutsrqpn", 2), carried);
        assert_eq!(open(&carried[..TOKEN_LENGTH + 1], &host, "a", 0), None);
    }
}
