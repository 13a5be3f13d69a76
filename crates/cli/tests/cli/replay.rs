//! `carolus replay`: state views of recorded games, and the refusal of
//! every kind of bad record with exit status 2 and one line on stderr.

use carolus_rules::{Move, Record, StateView};
use serde_json::Value;

use crate::support::{carolus, file, game_record, record_value, replay, with_token};

/// Checks that `state` has the notation's fields with the notation's types.
fn assert_state_view(state: &Value, players: usize) {
    assert_eq!(state["players"], players);
    assert!(state["round"].is_u64());
    let phase = state["phase"].as_str().unwrap();
    assert!(
        ["draw", "joker", "disc", "place", "move", "over"].contains(&phase),
        "{phase}"
    );
    assert!(state["to_act"].is_null() || state["to_act"].as_u64().unwrap() < players as u64);
    let order = state["order"].as_array().unwrap();
    assert_eq!(order.len(), players);
    let regions = state["regions"].as_array().unwrap();
    assert!(!regions.is_empty() && regions.len() <= 15);
    assert!(state["emperor"].as_u64().unwrap() < regions.len() as u64);
    let families = ["R", "G", "B", "Y", "P"];
    let mut territories = Vec::new();
    for region in regions {
        territories.extend(
            region["territories"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_u64().unwrap()),
        );
        for family in families {
            assert!(region["knights"][family].is_u64(), "{region}");
        }
        assert!(region["owner"].is_null() || region["owner"].is_u64());
        assert!(region["castles"].is_u64());
    }
    territories.sort_unstable();
    assert_eq!(territories, (1..=15).collect::<Vec<u64>>());
    for family in families {
        let controller = &state["control"][family];
        assert!(controller.is_null() || controller.is_u64(), "{state}");
    }
    let seats = state["seats"].as_array().unwrap();
    assert_eq!(seats.len(), players);
    for seat in seats {
        for family in families {
            assert!(seat["court"][family].is_u64() && seat["reserve"][family].is_u64());
        }
        assert!(seat["discs"].as_array().unwrap().iter().all(Value::is_u64));
        assert!(seat["disc"].is_null() || seat["disc"].is_u64());
        assert!(seat["castles"].is_u64() && seat["jokers"].is_u64());
    }
    assert!(state["winners"].is_array());
    let legal = state["legal"].as_array().unwrap();
    for token in legal {
        assert!(token.as_str().unwrap().parse::<Move>().is_ok(), "{token}");
    }
    assert_eq!(
        legal.is_empty(),
        phase == "draw" || phase == "over",
        "{state}"
    );
}

#[test]
fn replay_prints_one_line_holding_the_final_state_view() {
    for (players, moves) in [(2, 40), (3, 1000), (4, 75)] {
        let record = game_record(players, 7, moves);
        let run = replay(&format!("final-{players}"), &record.to_json(), false);
        let state = run.assert_success().json();
        assert_state_view(&state, players);
        let expected = StateView::of(&record.replay().unwrap());
        assert_eq!(state, serde_json::to_value(expected).unwrap());
    }
}

#[test]
fn replay_reads_standard_input_by_default_and_for_a_dash() {
    let text = game_record(2, 3, 30).to_json();
    let by_file = replay("stdin", &text, false);
    for args in [&["replay"][..], &["replay", "-"]] {
        let run = carolus(args, Some(&text));
        assert_eq!(run.assert_success().stdout, by_file.stdout);
    }
}

#[test]
fn trace_prints_the_start_and_every_move() {
    let record = game_record(3, 12, 60);
    let run = replay("trace", &record.to_json(), true);
    run.assert_success();
    let lines = run.lines();
    assert_eq!(lines.len(), 1 + 60);
    let start: Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(start["round"], 0);
    assert_eq!(start["phase"], "draw");
    for line in &lines {
        assert_state_view(&serde_json::from_str(line).unwrap(), 3);
    }
    let last = replay("trace-last", &record.to_json(), false);
    assert_eq!(lines.last().copied(), last.lines().first().copied());
}

#[test]
fn a_malformed_move_names_its_index_token_and_reason() {
    let record = record_value(&game_record(2, 17, 16));
    let text = with_token(record, "place R 16");

    let run = replay("territory-16", &text, false);
    assert_eq!(
        run.assert_bad_input(),
        r#"move 17 "place R 16": there is no territory 16"#
    );
    assert_eq!(run.stdout, "");

    let traced = replay("territory-16-trace", &text, true);
    assert_eq!(
        traced.assert_bad_input(),
        r#"move 17 "place R 16": there is no territory 16"#
    );
    assert_eq!(traced.lines().len(), 17, "the start and the 16 good moves");
    for line in traced.lines() {
        assert_state_view(&serde_json::from_str(line).unwrap(), 2);
    }
}

#[test]
fn an_illegal_move_stops_the_replay_after_the_states_before_it() {
    // `move 15` is well formed but never legal: no disc lets the emperor
    // go further than 5 regions.
    let good = game_record(3, 23, 30);
    let text = with_token(record_value(&good), "move 15");
    let mut bad = good.clone();
    bad.moves.push("move 15".parse().unwrap());
    let reason = good
        .replay()
        .unwrap()
        .play("move 15".parse().unwrap())
        .unwrap_err();
    let expected = format!(r#"move 31 "move 15": {reason}"#);
    assert_eq!(bad.replay().unwrap_err().to_string(), expected);

    let run = replay("illegal", &text, false);
    assert_eq!(run.assert_bad_input(), expected);
    assert_eq!(run.stdout, "");

    let traced = replay("illegal-trace", &text, true);
    assert_eq!(traced.assert_bad_input(), expected);
    let full = replay("illegal-good-trace", &good.to_json(), true);
    assert_eq!(
        traced.stdout, full.stdout,
        "exactly the states before the bad move"
    );
    assert_eq!(traced.lines().len(), 31);
}

#[test]
fn an_illegal_move_before_a_malformed_one_is_the_fault_reported() {
    let good = game_record(2, 4, 10);
    let mut value = record_value(&good);
    let moves = value["moves"].as_array_mut().unwrap();
    let was_draw = moves[5].as_str().unwrap().starts_with("draw ");
    // A decision where a draw is due, or a draw where a decision is due:
    // either way move 6 is illegal.
    moves[5] = Value::String(if was_draw { "disc 1" } else { "draw RRR" }.to_owned());
    let text = with_token(value, "place Q court");

    let traced = replay("two-faults", &text, true);
    let message = traced.assert_bad_input();
    assert!(message.starts_with("move 6 "), "{message}");
    assert_eq!(traced.lines().len(), 6);
}

#[test]
fn records_that_do_not_read_are_refused_naming_the_field() {
    let good = record_value(&game_record(2, 31, 12));
    let mut cases: Vec<(&str, String, &str)> = Vec::new();
    cases.push((
        "not-json",
        "this is no record\n".to_owned(),
        "the record is not valid JSON: ",
    ));
    cases.push((
        "empty",
        " \n".to_owned(),
        "the record is empty: expected a JSON object such as `carolus new` prints",
    ));
    cases.push((
        "array",
        "[1, 2]".to_owned(),
        "a record is a JSON object, not an array",
    ));

    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("moves");
    cases.push((
        "missing-moves",
        missing.to_string(),
        "field `moves`: missing",
    ));

    let mut missing = good.clone();
    missing["setup"].as_object_mut().unwrap().remove("order");
    cases.push((
        "missing-order",
        missing.to_string(),
        "field `setup.order`: missing",
    ));

    let mut wrong = good.clone();
    wrong["players"] = Value::String("two".to_owned());
    cases.push((
        "players-string",
        wrong.to_string(),
        r#"field `players`: expected 2, 3 or 4, found "two""#,
    ));

    let mut wrong = good.clone();
    wrong["moves"] = Value::String("disc 1".to_owned());
    cases.push((
        "moves-string",
        wrong.to_string(),
        "field `moves`: expected an array",
    ));

    let mut wrong = good.clone();
    wrong["moves"][3] = Value::from(3);
    cases.push(("token-number", wrong.to_string(), "field `moves[3]`: "));

    let mut wrong = good.clone();
    wrong["format"] = Value::String("carolus-record/9".to_owned());
    cases.push(("format", wrong.to_string(), "field `format`: "));

    let mut knights = good.clone();
    knights["setup"]["territories"] = Value::String("RRRRGGBBBYYYPPP".to_owned());
    cases.push((
        "four-red",
        knights.to_string(),
        "field `setup.territories`: family R has 4 knights on the territories; each family has exactly 3",
    ));

    let mut order = good.clone();
    order["setup"]["order"] = serde_json::json!([0, 0]);
    cases.push((
        "order-0-0",
        order.to_string(),
        "field `setup.order`: the order [0, 0] is not a permutation of the seats 0 to 1",
    ));

    let mut teams = good.clone();
    teams["players"] = Value::from(4);
    teams["setup"]["order"] = serde_json::json!([0, 1, 2, 3]);
    cases.push(("four-without-teams", teams.to_string(), "field `players`: "));

    for (name, text, expected) in cases {
        for trace in [false, true] {
            let run = replay(name, &text, trace);
            let message = run.assert_bad_input();
            assert!(message.starts_with(expected), "{name}: {message}");
            assert_eq!(run.stdout, "", "{name}");
        }
    }
}

#[test]
fn a_file_that_cannot_be_read_is_refused_naming_the_path() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let missing = format!("{dir}/carolus-cli-no-such-record.json");
    let run = carolus(&["replay", &missing], None);
    let message = run.assert_bad_input();
    assert!(message.starts_with(&format!("{missing}: ")), "{message}");

    let run = carolus(&["replay", dir], None);
    assert!(run.assert_bad_input().starts_with(&format!("{dir}: ")));

    let latin1 = file("latin1", "");
    std::fs::write(&latin1, b"{\"names\": [\"J\xe9r\xf4me\"]}").unwrap();
    let run = carolus(&["replay", latin1.to_str().unwrap()], None);
    assert!(
        run.assert_bad_input()
            .ends_with("not UTF-8 text (invalid byte at offset 13)")
    );
}

#[test]
fn no_damaged_record_makes_the_program_fail_otherwise() {
    // Cut a real record short at many places and change single characters:
    // every result must be a clean success or a clean refusal.
    let text = game_record(2, 77, 400).to_json();
    let bytes = text.as_bytes();
    let mut damaged = Vec::new();
    for cut in (0..bytes.len()).step_by(bytes.len() / 25 + 1) {
        damaged.push(text[..cut].to_owned());
    }
    for (i, at) in (0..bytes.len()).step_by(bytes.len() / 25 + 1).enumerate() {
        let mut changed = bytes.to_vec();
        changed[at] = b"0123456789RGBYPJ ,[]{}\"x"[i % 24];
        if let Ok(changed) = String::from_utf8(changed) {
            damaged.push(changed);
        }
    }
    for (i, text) in damaged.iter().enumerate() {
        let run = replay(&format!("damaged-{i}"), text, i % 2 == 0);
        match run.code {
            Some(0) => assert_eq!(run.stderr, ""),
            _ => {
                run.assert_bad_input();
            }
        }
    }
}

#[test]
fn a_record_replays_to_the_same_state_as_the_library_says() {
    let record = game_record(4, 5, 1000);
    let text = record.to_json();
    let parsed = Record::from_json(&text).unwrap();
    let run = replay("teams-final", &text, false);
    let state = run.assert_success().json();
    assert_eq!(state["phase"], "over");
    assert_eq!(
        state,
        serde_json::to_value(StateView::of(&parsed.replay().unwrap())).unwrap()
    );
}

#[test]
fn one_game_of_a_json_lines_file_is_chosen_with_game() {
    let games: Vec<Record> = (0..3).map(|seed| game_record(2, seed, 500)).collect();
    let mut lines: Vec<String> = games.iter().map(Record::to_json).collect();
    let path = file("three-games.jsonl", &format!("{}\n", lines.join("\n")));
    let path = path.to_str().unwrap();

    // Without --game the program says how many there are and what to do.
    let refused = carolus(&["replay", path], None);
    assert_eq!(
        refused.assert_bad_input(),
        format!("{path}: 3 records one after another; choose one with --game N (1 to 3)")
    );
    // With it, the game chosen replays as if it were alone in its file.
    let second = carolus(&["replay", path, "--game", "2"], None);
    let alone = carolus(&["replay", "-"], Some(&lines[1]));
    assert_eq!(
        second.assert_success().stdout,
        alone.assert_success().stdout
    );
    let refused = carolus(&["replay", path, "--game", "4"], None);
    assert_eq!(
        refused.assert_bad_input(),
        format!("{path}: there is no game 4: the input holds 3 records")
    );
    let refused = carolus(&["replay", path, "--game", "0"], None);
    assert_eq!(refused.code, Some(2), "{refused:?}");

    // A fault in the game chosen is reported with the game's number.
    let mut damaged = record_value(&games[1]);
    damaged["moves"][2] = Value::String("place R 16".to_owned());
    lines[1] = damaged.to_string();
    let path = file("three-games-damaged.jsonl", &lines.join("\n"));
    let path = path.to_str().unwrap();
    let refused = carolus(&["replay", path, "--game", "2"], None);
    let message = refused.assert_bad_input();
    assert!(
        message.starts_with(&format!("{path}: game 2: move 3 \"place R 16\"")),
        "{message}"
    );
    // The other games still read.
    carolus(&["replay", path, "--game", "3"], None).assert_success();
    // The same from standard input, as `carolus random` pipes it.
    let random = carolus(&["random", "--games", "2", "--seed", "4"], None);
    let piped = carolus(&["replay", "--game", "2"], Some(&random.stdout));
    assert!(piped.assert_success().json()["phase"] == "over");
    let refused = carolus(&["replay"], Some(&random.stdout));
    assert!(
        refused
            .assert_bad_input()
            .starts_with("2 records one after another")
    );
}

#[test]
fn a_record_saved_with_a_byte_order_mark_reads() {
    let text = game_record(2, 31, 12).to_json();
    let plain = carolus(&["replay"], Some(&text));
    let marked = carolus(&["replay"], Some(&format!("\u{feff}{text}")));
    assert_eq!(
        marked.assert_success().stdout,
        plain.assert_success().stdout
    );
}

#[test]
fn replay_without_a_file_on_a_terminal_says_what_it_needs_instead_of_waiting() {
    let Some(printed) = crate::support::on_a_terminal(&["replay"], None) else {
        return;
    };
    assert!(printed.starts_with("2\n"), "{printed}");
    assert!(
        printed.contains("no record given: name a FILE, or pipe one in"),
        "{printed}"
    );
}
