//! `carolus new`: a fresh record that replays and waits for a decision.

use carolus_rules::{Move, Record};
use serde_json::Value;

use crate::support::{carolus, replay};

#[test]
fn new_records_replay_to_a_decision_for_every_player_count() {
    for players in ["2", "3", "4"] {
        let made = carolus(&["new", "--players", players, "--seed", "99"], None);
        made.assert_success();
        let record = made.json();
        assert_eq!(record["format"], "carolus-record/1");
        assert_eq!(record["players"].to_string(), players);
        // Only the initial draws and the jokers they brought come before
        // the first decision that is not a joker.
        for token in record["moves"].as_array().unwrap() {
            let token = token.as_str().unwrap();
            assert!(
                token.starts_with("draw ") || token.starts_with("joker "),
                "{token}"
            );
        }

        let state = replay(&format!("new-{players}"), &made.stdout, false);
        let state = state.assert_success().json();
        let phase = state["phase"].as_str().unwrap();
        assert!(phase == "joker" || phase == "disc", "{players}: {phase}");
        assert!(!state["legal"].as_array().unwrap().is_empty());
        assert_eq!(state["round"], if phase == "disc" { 1 } else { 0 });
    }
}

#[test]
fn four_players_play_the_team_game() {
    let made = carolus(&["new", "--players", "4", "--seed", "1"], None);
    let record = made.assert_success().json();
    assert_eq!(record["variant"], serde_json::json!({"teams": true}));
    let state = replay("new-teams", &made.stdout, false).json();
    assert_eq!(state["teams"], serde_json::json!([[0, 2], [1, 3]]));
}

#[test]
fn the_same_seed_makes_the_same_record_and_writes_it_as_a_string() {
    let seed = "18446744073709551615";
    let first = carolus(&["new", "--seed", seed], None);
    let second = carolus(&["new", "--seed", seed], None);
    assert_eq!(first.assert_success().stdout, second.stdout);
    assert_eq!(first.json()["meta"], serde_json::json!({"seed": seed}));

    let other = carolus(&["new", "--seed", "18446744073709551614"], None);
    assert_ne!(other.assert_success().stdout, first.stdout);
}

#[test]
fn without_a_seed_the_record_names_the_fresh_seed_that_made_it() {
    let made = carolus(&["new", "--players", "3"], None);
    let record = made.assert_success().json();
    let seed = record["meta"]["seed"]
        .as_str()
        .expect("the seed is a string");
    assert!(seed.parse::<u64>().is_ok(), "{seed}");
    let again = carolus(&["new", "--players", "3", "--seed", seed], None);
    assert_eq!(again.assert_success().stdout, made.stdout);
}

#[test]
fn names_are_one_per_seat() {
    let made = carolus(
        &[
            "new",
            "--players",
            "3",
            "--seed",
            "5",
            "--names",
            "Ada,Bert,Cleo",
        ],
        None,
    );
    let record = made.assert_success().json();
    assert_eq!(record["names"], serde_json::json!(["Ada", "Bert", "Cleo"]));
    assert!(Record::from_json(&made.stdout).unwrap().names.is_some());

    for (players, names) in [("3", "Ada,Bert"), ("2", "Ada,Bert,Cleo"), ("4", "Ada")] {
        let refused = carolus(&["new", "--players", players, "--names", names], None);
        let message = refused.assert_bad_input();
        assert!(message.starts_with("--names gives "), "{message}");
        assert!(
            message.contains(&format!("for {players} players")),
            "{message}"
        );
        assert_eq!(refused.stdout, "");
    }
}

#[test]
fn pretty_output_is_the_same_record_indented() {
    let plain = carolus(&["new", "--seed", "8"], None);
    let pretty = carolus(&["new", "--seed", "8", "--pretty"], None);
    pretty.assert_success();
    assert!(pretty.lines().len() > 1);
    let pretty: Value = serde_json::from_str(&pretty.stdout).unwrap();
    assert_eq!(pretty, plain.json());
}

#[test]
fn the_first_legal_move_of_a_new_game_plays() {
    let made = carolus(&["new", "--seed", "21"], None);
    let mut record = Record::from_json(&made.stdout).unwrap();
    let game = record.replay().unwrap();
    let first: Move = game.legal_moves()[0];
    record.moves.push(first);
    assert!(record.replay().is_ok());
}

#[test]
fn usage_errors_exit_with_status_2() {
    for args in [
        &["new", "--players", "5"][..],
        &["new", "--players", "1"],
        &["new", "--seed", "-1"],
        &["new", "--seed", "many"],
        &["new", "--colour"],
        &["frobnicate"],
        &[],
    ] {
        let run = carolus(args, None);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert_eq!(run.stdout, "", "{args:?}");
    }
    // Clap's refusals read like the program's own: one line, no prefix.
    let run = carolus(&["replay", "--game", "0"], None);
    assert_eq!(
        run.assert_bad_input(),
        "invalid value '0' for '--game <N>': expected 1 or more, not 0 (--help shows the usage)"
    );
    let run = carolus(&["new", "--players", "5"], None);
    assert_eq!(
        run.assert_bad_input(),
        "invalid value '5' for '--players <2|3|4>': expected a whole number from 2 to 4, \
         not 5 (--help shows the usage)"
    );
    let run = carolus(&["new", "--seed", "many"], None);
    assert_eq!(
        run.assert_bad_input(),
        "invalid value 'many' for '--seed <N>': expected a whole number from 0 to \
         18446744073709551615, not \"many\" (--help shows the usage)"
    );
    let run = carolus(&["new", "--sed", "3"], None);
    let message = run.assert_bad_input();
    assert!(message.contains("'--seed'"), "the tip stays: {message}");
    let help = carolus(&["new", "--help"], None);
    assert!(help.assert_success().stdout.contains("--names"));
}

#[test]
fn a_failed_write_is_an_error_of_status_1() {
    // `/dev/full` refuses every write with "no space left on device"; it
    // exists on Linux, where this project's machines and CI run.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_carolus"))
        .args(["new", "--seed", "1"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("carolus: cannot write to standard output: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}
