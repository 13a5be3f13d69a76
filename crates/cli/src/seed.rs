//! Seeds: where they come from and how they are written down.
//!
//! A game made by this program is fixed by one 64-bit seed, which goes into
//! the record's `meta` so that the game can be made again. The seed is
//! written as a decimal *string*: JSON numbers above 2^53 lose precision in
//! JavaScript clients, and a seed that changes when read back is worthless.

use carolus_rules::RandomSource;
use carolus_rules::rng::SplitMix64;
use serde_json::{Map, Value};

/// `seed` if the user gave one, else a fresh one from the operating system.
pub fn given_or_fresh(seed: Option<u64>) -> anyhow::Result<u64> {
    match seed {
        Some(seed) => Ok(seed),
        None => getrandom::u64().map_err(|error| {
            anyhow::anyhow!("cannot get a random seed from the operating system: {error}")
        }),
    }
}

/// The seeds of the games of a series started from `master`: the outputs of
/// SplitMix64 seeded with `master`, in order. Game `i` has the `i`-th output
/// (counting from 0) as its own seed and needs nothing else, so any game of a
/// series can be made again on its own.
pub fn series(master: u64) -> impl Iterator<Item = u64> {
    let mut mixer = SplitMix64::new(master);
    std::iter::repeat_with(move || mixer.next_u64())
}

/// The `meta` object of a record made from `seed`: `{"seed": "<decimal>"}`.
pub fn meta(seed: u64) -> Map<String, Value> {
    let mut meta = Map::new();
    meta.insert("seed".to_owned(), Value::String(seed.to_string()));
    meta
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_are_splitmix64_outputs() {
        // Reference outputs of SplitMix64 for the seed 1234567.
        let seeds: Vec<u64> = series(1_234_567).take(2).collect();
        assert_eq!(
            seeds,
            [6_457_827_717_110_365_317, 3_203_168_211_198_807_973]
        );
    }

    #[test]
    fn large_seeds_survive_as_strings() {
        let meta = meta(u64::MAX);
        assert_eq!(
            meta["seed"],
            Value::String("18446744073709551615".to_owned())
        );
    }

    #[test]
    fn a_given_seed_is_used_and_a_fresh_one_is_found() {
        assert_eq!(given_or_fresh(Some(42)).unwrap(), 42);
        assert!(given_or_fresh(None).is_ok());
    }
}
