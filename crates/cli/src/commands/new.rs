//! `carolus new`: the record of a new game, up to its first decision.

use std::io::Write;

use carolus_rules::RecordedGame;

use crate::args::Players;
use crate::failure::bad_input;
use crate::seed;

/// Print the record of a new game, up to its first decision.
///
/// The record holds the set-up and the initial draws (with the jokers they
/// brought assigned, if that is the first decision). The game is made from one seed: the set-up (knights on the territories,
/// initial playing order) and then the initial draws all come from the
/// project's generator seeded with it. The seed is written into the
/// record's `meta` as a string, so `--seed` with that value makes the same
/// record again.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    players: Players,

    /// The seed of the game [default: a fresh one from the operating system].
    #[arg(long, value_name = "N", value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: Option<u64>,

    /// The players' names, one per seat from seat 0 on, separated by commas.
    #[arg(long, value_name = "A,B,…", value_delimiter = ',')]
    names: Option<Vec<String>>,

    /// Indent the JSON for people instead of writing one line.
    #[arg(long)]
    pretty: bool,
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let players = args.players.count();
    let names = args
        .names
        .as_ref()
        .map(|names| checked_names(names, players))
        .transpose()?;
    let seed = seed::given_or_fresh(args.seed)?;

    let mut game = RecordedGame::from_seed(players, args.players.variant(), seed)?;
    let record = game.record_mut();
    record.names = names;
    record.meta = Some(seed::meta(seed));

    let text = if args.pretty {
        record.to_json_pretty()
    } else {
        record.to_json()
    };
    writeln!(out, "{text}")?;
    Ok(())
}

/// The names for `players` seats, if they are one non-empty name per seat.
fn checked_names(names: &[String], players: usize) -> anyhow::Result<Vec<String>> {
    if names.len() != players {
        return Err(bad_input(format!(
            "--names gives {} name{} for {players} players; give exactly one per seat, separated by commas",
            names.len(),
            if names.len() == 1 { "" } else { "s" },
        )));
    }
    if let Some(seat) = names.iter().position(|name| name.trim().is_empty()) {
        return Err(bad_input(format!(
            "--names gives an empty name for seat {seat}"
        )));
    }
    Ok(names.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn names_must_fill_every_seat_exactly() {
        assert!(checked_names(&names(&["Ann", "Bo"]), 2).is_ok());
        let error = checked_names(&names(&["Ann", "Bo"]), 3).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--names gives 2 names for 3 players; give exactly one per seat, separated by commas"
        );
        assert!(checked_names(&names(&["Ann", " "]), 2).is_err());
    }
}
