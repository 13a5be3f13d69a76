//! `carolus bot`: the bot protocol over stdin and stdout, against the real
//! binary: legal answers for every player count, one-line errors for bad
//! requests after which the program keeps serving, and answers in time.

use std::time::Duration;

use carolus_rules::{Move, Record};
use serde_json::Value;

use crate::support::{
    Session, decision_record, game_record, heavy_or_timed, on_a_terminal, record_value, request,
};

/// Checks that `answer` is a legal move for the end of `record` with
/// sensible win chances for `players` seats, and returns the move.
fn assert_legal_answer(answer: &Value, record: &Record, players: usize) -> Move {
    let token = answer["move"]
        .as_str()
        .unwrap_or_else(|| panic!("no move: {answer}"));
    let mv: Move = token.parse().unwrap();
    let game = record.replay().unwrap();
    assert!(game.is_legal(&mv), "{token} is not legal: {answer}");
    let win: Vec<f64> = answer["info"]["win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_f64().unwrap())
        .collect();
    assert_eq!(win.len(), players, "{answer}");
    assert!((win.iter().sum::<f64>() - 1.0).abs() < 1e-3, "{answer}");
    assert!(answer["info"]["iterations"].is_u64(), "{answer}");
    mv
}

#[test]
fn legal_moves_are_answered_for_two_three_and_four_players() {
    let mut session = Session::start(&["bot", "--seed", "1"]);
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        for moves in [0, 20, 45] {
            let record = decision_record(players, seed, moves);
            let answer = session.ask_json(&request(&record, 60));
            assert_legal_answer(&answer, &record, players);
        }
    }
    let run = session.finish();
    assert_eq!(run.code, Some(0), "end of input ends the program: {run:?}");
    assert_eq!(run.stdout, "");
}

#[test]
fn the_move_answered_leads_the_moves_the_answer_reports() {
    // Levels 1 and 2 play with noise, so their move is often not their
    // best-valued one; `info.best` must still begin with it.
    for level in ["1", "2"] {
        let mut session = Session::start(&["bot", "--level", level, "--seed", "5"]);
        for (seed, moves) in [(1, 0), (2, 7), (3, 20), (4, 33), (5, 46), (6, 60)] {
            let record = decision_record(2, seed, moves);
            let answer = session.ask_json(&request(&record, 50));
            let first = &answer["info"]["best"][0]["move"];
            if !first.is_null() {
                assert_eq!(&answer["move"], first, "level {level}: {answer}");
            }
        }
        assert_eq!(session.finish().code, Some(0));
    }
}

#[test]
fn every_built_in_bot_and_level_answers() {
    let record = decision_record(2, 4, 30);
    for args in [
        &["bot", "--ai", "random"][..],
        &["bot", "--ai", "greedy:noise=0.1"],
        &["bot", "--ai", "mcts:iterations=50,threads=1"],
        &["bot", "--level", "1"],
        &["bot", "--level", "4"],
    ] {
        let mut session = Session::start(args);
        let answer = session.ask_json(&request(&record, 50));
        assert_legal_answer(&answer, &record, 2);
        assert_eq!(session.finish().code, Some(0));
    }
}

#[test]
fn bad_requests_get_one_error_line_and_the_program_keeps_serving() {
    let good = decision_record(2, 5, 12);
    let mut finished = game_record(2, 6, usize::MAX);
    let over = finished.replay().unwrap();
    assert!(over.is_over());
    finished.result = None;
    // A record ending where a draw is due: the first move of a game.
    let draw_due = game_record(2, 7, 0);
    // A record whose third move is illegal.
    let mut illegal = record_value(&decision_record(2, 8, 6));
    illegal["moves"][2] = Value::String("move 5".to_owned());

    let cases: Vec<(String, &str)> = vec![
        ("this is not json".to_owned(), "not valid JSON"),
        (request(&good, 50)[..40].to_owned(), "EOF while parsing"),
        ("{\"time_ms\": 50}".to_owned(), "field `record`: missing"),
        ("[1, 2]".to_owned(), "must be a JSON object"),
        (
            "{\"record\": 5, \"time_ms\": 50}".to_owned(),
            "record: a record is a JSON object, not a number",
        ),
        (
            format!("{{\"record\": {illegal}, \"time_ms\": 50}}"),
            "record: move 3 \"move 5\"",
        ),
        (
            "{\"record\": {\"format\": \"carolus-record/1\"}, \"time_ms\": 50}".to_owned(),
            "record: field `players`",
        ),
        (request(&draw_due, 50), "no decision is due"),
        (request(&finished, 50), "the game is over"),
        (
            format!("{{\"record\": {}, \"time_ms\": \"50\"}}", good.to_json()),
            "field `time_ms`",
        ),
        (
            format!("{{\"record\": {}, \"time_ms\": 2.5}}", good.to_json()),
            "field `time_ms`",
        ),
        (
            format!("{{\"record\": {}, \"time_ms\": -1}}", good.to_json()),
            "field `time_ms`",
        ),
        ("".to_owned(), "empty"),
    ];
    let mut session = Session::start(&["bot", "--ai", "greedy"]);
    for (line, expected) in &cases {
        let answer = session.ask_json(line);
        let object = answer.as_object().unwrap();
        assert_eq!(object.len(), 1, "only an error: {answer}");
        let message = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        // And the next request is served as usual.
        let answer = session.ask_json(&request(&good, 50));
        assert_legal_answer(&answer, &good, 2);
    }
    // Bytes that are not UTF-8.
    session.write_raw(b"\xff\xfe\n");
    let answer = session.read_json();
    assert!(
        answer["error"].as_str().unwrap().contains("not UTF-8"),
        "{answer}"
    );
    let answer = session.ask_json(&request(&good, 50));
    assert_legal_answer(&answer, &good, 2);
    // A last request cut off by the end of input still gets its answer.
    session.write_raw(&request(&good, 50).as_bytes()[..30]);
    let run = session.finish();
    assert_eq!(run.code, Some(0), "{run:?}");
    let last: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert!(
        last["error"]
            .as_str()
            .unwrap()
            .contains("EOF while parsing"),
        "{last}"
    );
}

#[test]
fn unknown_fields_are_ignored_and_time_ms_may_be_left_out() {
    let record = decision_record(3, 9, 25);
    let mut session = Session::start(&["bot", "--ai", "random"]);
    let line = format!(
        "{{\"record\": {}, \"time_ms\": 10, \"state\": {{\"legal\": []}}, \"colour\": \"blue\"}}",
        record.to_json()
    );
    assert_legal_answer(&session.ask_json(&line), &record, 3);
    let line = format!("{{\"record\": {}}}", record.to_json());
    assert_legal_answer(&session.ask_json(&line), &record, 3);
}

#[test]
fn answers_arrive_within_time_ms_plus_100_ms() {
    // The protocol's promise, checked generously: the default bot (a tree
    // search on every core) at a small time, on positions early and late
    // in games of every size.
    let _turn = heavy_or_timed();
    let time_ms = 150;
    let limit = Duration::from_millis(time_ms + 100);
    let mut session = Session::start(&["bot", "--seed", "3"]);
    for (players, seed, moves) in [(2, 11, 5), (2, 11, 60), (3, 12, 40), (4, 13, 50)] {
        let record = decision_record(players, seed, moves);
        let (answer, elapsed) = session.ask(&request(&record, time_ms));
        assert!(answer.starts_with("{\"move\":"), "{answer}");
        assert!(
            elapsed <= limit,
            "{elapsed:?} > {limit:?} for {players} players, move {moves}"
        );
    }
}

#[test]
fn a_bot_started_at_a_terminal_says_what_it_waits_for() {
    let Some(printed) = on_a_terminal(&["bot", "--ai", "random"], Some("Ctrl-D")) else {
        return;
    };
    assert!(printed.starts_with("0\n"), "Ctrl-D ends it: {printed}");
    assert!(
        printed.contains("carolus bot: waiting for requests, one JSON line each"),
        "{printed}"
    );
}
