//! `carolus random`: play whole games at random and print their records.

use std::io::Write;

use carolus_rules::{GameRng, Record, RecordedGame, Variant};

use crate::args::Players;
use crate::seed;

/// Play random games and print their records, one line each.
///
/// In every position each legal token is equally likely (and every drawn
/// knight is one of six equally likely outcomes). Each game is played to its
/// end and printed as one line of `carolus-record/1` JSON with its `result`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = SEEDS_HELP)]
pub struct Args {
    #[command(flatten)]
    players: Players,

    /// The master seed of the series [default: a fresh one from the
    /// operating system].
    #[arg(long, value_name = "N", value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: Option<u64>,

    /// How many games to play.
    #[arg(long, value_name = "N", default_value = "1",
          value_parser = crate::args::parse_count::<u64>)]
    games: u64,

    /// Play only the one game whose own seed is S (the `seed` in the `meta`
    /// of its record), printing the same record again.
    #[arg(long, value_name = "S", conflicts_with_all = ["seed", "games"],
          value_parser = crate::args::between::<u64>(0, u64::MAX))]
    game_seed: Option<u64>,
}

/// How the seeds work, for `carolus random --help`.
const SEEDS_HELP: &str = "\
Seeds:
  Every game has its own seed, written into its record as
  \"meta\": {\"seed\": \"<decimal>\"} (a string, so that JavaScript reads it
  exactly). The seed of game i (counting from 0) is the i-th output of
  SplitMix64 seeded with the master seed; the game is then played entirely
  by the project's generator (xoshiro256++) seeded with the game's own seed:
  first the set-up, then the initial draws, then every step. So one master
  seed fixes the whole series, and any single game can be made again from
  its own seed alone with --game-seed, without playing the games before it.
  The start of each record up to the first decision is exactly what
  `carolus new --seed <its seed>` prints.";

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let players = args.players.count();
    let variant = args.players.variant();
    if let Some(game_seed) = args.game_seed {
        return write_game(out, players, variant, game_seed);
    }
    let master = seed::given_or_fresh(args.seed)?;
    for (_, game_seed) in (0..args.games).zip(seed::series(master)) {
        write_game(out, players, variant, game_seed)?;
    }
    Ok(())
}

fn write_game(
    out: &mut impl Write,
    players: usize,
    variant: Variant,
    seed: u64,
) -> anyhow::Result<()> {
    writeln!(out, "{}", play(players, variant, seed)?.to_json())?;
    Ok(())
}

/// The record of the random game made from `seed`, played to its end.
pub fn play(players: usize, variant: Variant, seed: u64) -> anyhow::Result<Record> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, variant, &mut rng)?;
    while game.play_random(&mut rng).is_some() {}
    let mut record = game.into_record();
    record.meta = Some(seed::meta(seed));
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_game_is_finished_and_replays() {
        let record = play(3, Variant::STANDARD, 11).unwrap();
        let game = record.replay().unwrap();
        assert!(game.is_over());
        assert_eq!(record.result, Some(carolus_rules::result_of(&game)));
    }
}
