//! `carolus random`: finished random games whose records replay, and seeds
//! that make every game again.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use carolus_rules::{Record, StateView};
use serde_json::Value;

use crate::support::carolus;

#[test]
fn random_records_replay_to_finished_games_with_their_result() {
    for players in ["2", "3", "4"] {
        let run = carolus(
            &[
                "random",
                "--players",
                players,
                "--seed",
                "2024",
                "--games",
                "3",
            ],
            None,
        );
        run.assert_success();
        assert_eq!(run.lines().len(), 3);
        for line in run.lines() {
            let record = Record::from_json(line).unwrap();
            let game = record.replay().unwrap();
            assert!(game.is_over(), "{players}: {line}");
            let state = StateView::of(&game);
            let result = record
                .result
                .as_ref()
                .expect("a finished record has a result");
            assert_eq!(
                result["winners"],
                serde_json::to_value(&state.winners).unwrap()
            );
            assert!(!state.winners.is_empty());
            let seed = record.meta.as_ref().unwrap()["seed"].as_str().unwrap();
            assert!(seed.parse::<u64>().is_ok());
        }
    }
}

#[test]
fn the_same_master_seed_makes_the_same_series() {
    let first = carolus(
        &["random", "--seed", "77", "--games", "4", "--players", "3"],
        None,
    );
    let second = carolus(
        &["random", "--seed", "77", "--games", "4", "--players", "3"],
        None,
    );
    assert_eq!(first.assert_success().stdout, second.stdout);
    let other = carolus(
        &["random", "--seed", "78", "--games", "4", "--players", "3"],
        None,
    );
    assert_ne!(other.stdout, first.stdout);
    let lines = first.lines();
    let seeds: Vec<Value> = lines
        .iter()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["meta"]["seed"].clone())
        .collect();
    assert_eq!(seeds.len(), 4);
    assert!(seeds.windows(2).all(|pair| pair[0] != pair[1]));
}

#[test]
fn one_game_of_a_series_is_made_again_from_its_own_seed() {
    let series = carolus(
        &["random", "--seed", "9", "--games", "3", "--players", "4"],
        None,
    );
    let third = series.assert_success().lines()[2].to_owned();
    let seed: Value = serde_json::from_str::<Value>(&third).unwrap()["meta"]["seed"].clone();
    let seed = seed.as_str().unwrap();

    let alone = carolus(&["random", "--players", "4", "--game-seed", seed], None);
    assert_eq!(alone.assert_success().stdout, format!("{third}\n"));

    // The start of the game is the record `carolus new` makes from that seed.
    let new = carolus(&["new", "--players", "4", "--seed", seed], None);
    let new = Record::from_json(&new.stdout).unwrap();
    let played = Record::from_json(&third).unwrap();
    assert_eq!(played.setup, new.setup);
    assert_eq!(played.moves[..new.moves.len()], new.moves[..]);
}

#[test]
fn a_series_is_seeded_by_splitmix64_of_the_master_seed() {
    // The seed of game 0 is the first SplitMix64 output for the master seed
    // 1234567, a published reference value.
    let run = carolus(&["random", "--seed", "1234567"], None);
    assert_eq!(
        run.assert_success().json()["meta"]["seed"],
        "6457827717110365317"
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carolus"))
        .args(["random", "--games", "1000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(Record::from_json(&first).is_ok());
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn bad_counts_are_usage_errors() {
    // No games is no series at all, as for `carolus match`.
    let run = carolus(&["random", "--games", "0", "--seed", "1"], None);
    assert_eq!(
        run.assert_bad_input(),
        "invalid value '0' for '--games <N>': expected 1 or more, not 0 (--help shows the usage)"
    );
    for args in [
        &["random", "--games", "-1"][..],
        &["random", "--games", "lots"],
        &["random", "--game-seed", "3", "--seed", "4"],
        &["random", "--players", "9"],
    ] {
        let run = carolus(args, None);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
    }
    let help = carolus(&["random", "--help"], None);
    assert!(help.assert_success().stdout.contains("SplitMix64"));
}
