//! A fast 64-bit hash of positions for the transposition table.
//!
//! `Game` derives `Hash`, so any `Hasher` can digest it; the standard
//! library's SipHash is built to resist attackers and is several times slower
//! than a search needs. This hasher mixes each 8-byte word with one multiply
//! and a shift and finishes with a full avalanche, which spreads the small,
//! structured differences between neighbouring positions over all 64 bits.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use carolus_rules::{Game, Phase, Seat};

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

/// The key of a position for the search's transposition table: equal
/// positions get equal keys, like [`position_key`], but it is read from the
/// public accessors and packs each region, court and reserve into one
/// 64-bit word, so it mixes about 25 words where hashing the whole `Game`
/// (about 600 bytes, most of them fixed for the game or unused region
/// slots) mixes about 75.
pub fn search_key(game: &Game) -> u64 {
    keyed(game, false)
}

/// The search key of a position as the seat to act sees it while placing
/// or moving the emperor: like [`search_key`], but without the reserves of
/// the other seats. A seat refills its reserve right after its turn, so a
/// full key splits the next seat's reply over dozens of draws; this one
/// lets the reply's nodes gather the visits of every draw before it (the
/// replies then cannot depend on the drawn knights).
pub fn reply_key(game: &Game) -> u64 {
    keyed(game, matches!(game.phase(), Phase::Place | Phase::Move))
}

fn keyed(game: &Game, hide_other_reserves: bool) -> u64 {
    let mut h = PositionHasher::default();
    let players = game.players();
    let phase = game.phase();
    let acting = game.to_act();
    // Phase, seat to act, knights placed, region count, emperor, players.
    h.mix(
        phase as u64
            | (acting.map_or(7, |s| s.index() as u64) << 8)
            | ((game.placed_this_turn() as u64) << 16)
            | ((game.regions().len() as u64) << 24)
            | ((game.emperor() as u64) << 32)
            | ((players as u64) << 40)
            | ((game.config().sides() as u64) << 42)
            | (u64::from(game.round()) << 44),
    );
    for region in game.regions() {
        let mut word = packed(region.knights());
        word |= (region.first().index() as u64) << 40;
        word |= (region.len() as u64) << 44;
        word |= (region.owner_index().map_or(7, |o| o as u64)) << 49;
        word |= (region.castles() as u64 & 0x1F) << 52;
        h.mix(word);
    }
    let mut control = 0u64;
    for family in carolus_rules::Family::ALL {
        control = (control << 3) | game.controller(family).map_or(7, |s| s.index() as u64);
    }
    let mut order = 0u64;
    for seat in game.order() {
        order = (order << 2) | seat.index() as u64;
    }
    h.mix(control | (order << 16));
    for seat in Seat::all(players) {
        let mut word = packed(game.court(seat));
        let discs = game.unused_discs(seat);
        let mut mask = 0u64;
        for disc in carolus_rules::Disc::ALL {
            if discs.contains(disc) {
                mask |= 1 << (disc.number() - 1);
            }
        }
        word |= mask << 40;
        word |= u64::from(game.chosen_disc(seat).map_or(0, |d| d.number())) << 45;
        word |= (game.castles(seat) as u64 & 0x3F) << 48;
        h.mix(word);
        let hidden = hide_other_reserves && acting != Some(seat);
        let mut word = if hidden {
            0
        } else {
            packed(game.reserve(seat))
        };
        word |= (game.pending_jokers(seat) as u64) << 40;
        h.mix(word | (1 << 63));
    }
    h.finish()
}

/// Five knight counts in the low 40 bits of a word, a byte each.
fn packed(counts: &carolus_rules::FamilyCounts) -> u64 {
    counts
        .0
        .iter()
        .fold(0, |word, &count| (word << 8) | u64::from(count & 0xFF))
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

    /// Hands `visit` a new random game of every player count, `rounds` times
    /// over, with the generator to play it on.
    fn for_random_games(
        rng: &mut GameRng,
        rounds: usize,
        mut visit: impl FnMut(Game, &mut GameRng),
    ) {
        for _ in 0..rounds {
            for players in 2..=4 {
                let Some(game) = Game::random(players, Variant::for_players(players), rng) else {
                    panic!("a random game exists");
                };
                visit(game, rng);
            }
        }
    }

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
        assert_eq!(search_key(&one), search_key(&other));
        assert_ne!(search_key(&one), search_key(&game));
    }

    /// Plays random games of every player count and checks that positions
    /// with equal search keys are equal: the key leaves nothing out.
    #[test]
    fn search_keys_tell_positions_apart() {
        let mut rng = GameRng::seed_from_u64(5);
        let mut seen = std::collections::HashMap::new();
        let mut positions = 0;
        for_random_games(&mut rng, 20, |mut game, rng| {
            while game.play_random(rng).is_some() {
                if let Some(earlier) = seen.insert(search_key(&game), game.clone()) {
                    assert_eq!(earlier, game, "two positions share a search key");
                }
                positions += 1;
            }
        });
        assert!(positions > 10_000, "{positions}");
    }

    /// The reply key leaves out the reserve that the seat before drew at
    /// the end of its turn, and nothing that decides the moves at hand: a
    /// search node's moves must fit every position filed under its key.
    #[test]
    fn reply_keys_join_the_draws_before_a_turn_but_keep_its_moves_apart() {
        let mut rng = GameRng::seed_from_u64(8);
        let mut moves_of = std::collections::HashMap::new();
        let mut joined = 0;
        for_random_games(&mut rng, 30, |mut game, rng| {
            while !game.is_over() {
                if game.phase() == Phase::Draw {
                    // Two different draws of the seat that just moved.
                    let mut one = game.clone();
                    one.play_random(rng);
                    let mut other = game.clone();
                    other.play_random(rng);
                    if one.phase() == Phase::Place && one != other && other.phase() == Phase::Place
                    {
                        assert_eq!(reply_key(&one), reply_key(&other));
                        assert_ne!(search_key(&one), search_key(&other));
                        joined += 1;
                    }
                }
                if !matches!(game.phase(), Phase::Place | Phase::Move) {
                    assert_eq!(reply_key(&game), search_key(&game));
                }
                let moves = game.legal_moves().to_vec();
                if let Some(earlier) = moves_of.insert(reply_key(&game), moves.clone()) {
                    assert_eq!(earlier, moves, "one reply key, two move lists");
                }
                game.play_random(rng);
            }
        });
        assert!(joined > 300, "{joined}");
    }
}
