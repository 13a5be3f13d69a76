//! A fast 64-bit hash of positions for the transposition table.
//!
//! `Game` derives `Hash`, so any `Hasher` can digest it; the standard
//! library's SipHash is built to resist attackers and is several times slower
//! than a search needs. This hasher mixes each 8-byte word with one multiply
//! and a shift and finishes with a full avalanche, which spreads the small,
//! structured differences between neighbouring positions over all 64 bits.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use carolus_rules::Game;

/// An odd constant with well-spread bits (the golden ratio in 64 bits).
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// The position hasher: feed it with `Hash::hash`, read it with `finish`.
#[derive(Clone, Copy, Debug)]
pub struct PositionHasher {
    state: u64,
}

impl Default for PositionHasher {
    fn default() -> PositionHasher {
        PositionHasher {
            state: 0x243F_6A88_85A3_08D3,
        }
    }
}

impl PositionHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        let mixed = (self.state ^ word).wrapping_mul(MULTIPLIER);
        self.state = mixed ^ (mixed >> 29);
    }
}

impl Hasher for PositionHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" and "ab\0" apart.
            self.mix(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, value: u8) {
        self.mix(u64::from(value) | 0x100);
    }

    #[inline]
    fn write_u32(&mut self, value: u32) {
        self.mix(u64::from(value) | 0x1_0000_0000);
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.mix(value);
    }

    #[inline]
    fn write_usize(&mut self, value: usize) {
        self.mix(value as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The avalanche step of MurmurHash3's 64-bit finalizer.
        let mut h = self.state;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

/// The 64-bit key of a position.
#[inline]
pub fn position_key(game: &Game) -> u64 {
    let mut hasher = PositionHasher::default();
    game.hash(&mut hasher);
    hasher.finish()
}

/// A hasher for maps whose keys are already position keys: it passes the
/// key through, since hashing a good hash again buys nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher {
    key: u64,
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.key = self.key.rotate_left(8) ^ u64::from(byte);
        }
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.key = value;
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.key
    }
}

/// Builds [`KeyHasher`]s for `HashMap<u64, _>`.
pub type BuildKeyHasher = BuildHasherDefault<KeyHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, Move, Variant};

    #[test]
    fn placement_orders_that_reach_the_same_position_share_a_key() {
        let mut rng = GameRng::seed_from_u64(3);
        let Some(mut game) = Game::random(2, Variant::STANDARD, &mut rng) else {
            panic!("a random two-player game exists");
        };
        while game.phase() != carolus_rules::Phase::Place {
            game.play_random(&mut rng);
        }
        let moves = game.legal_moves();
        let family_of = |mv: &Move| match mv {
            Move::Place { family, .. } => Some(*family),
            _ => None,
        };
        let first = moves[0];
        let Some(second) = moves
            .iter()
            .copied()
            .find(|mv| family_of(mv) != family_of(&first))
        else {
            panic!("the reserve holds two families");
        };
        let mut one = game.clone();
        one.play(first).unwrap();
        one.play(second).unwrap();
        let mut other = game.clone();
        other.play(second).unwrap();
        other.play(first).unwrap();
        assert_eq!(one, other);
        assert_eq!(position_key(&one), position_key(&other));
        assert_ne!(position_key(&one), position_key(&game));
    }
}
