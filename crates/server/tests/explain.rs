//! "Why?" through the API: `POST /api/explain` and the hint's facts and
//! words. Every status it answers, and honesty: every fact of every
//! explanation, at positions of two- and three-player and team games from
//! the opening to the last round, holds in the state view when its line is
//! played after the record, as the server's own `POST /api/replay` plays
//! it; and `was` holds in the position before the move.

mod support;

use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use carolus_rules::{GameRng, RecordedGame, Variant};
use serde_json::{Value, json};
use support::*;

/// Limits for explaining in a debug build: a short search is enough for
/// lines and facts, whose truth does not depend on the search's strength.
fn quick() -> carolus_server::Limits {
    carolus_server::Limits {
        hint_time: Duration::from_millis(40),
        ..test_limits()
    }
}

/// The record of a game of `players` played at random from `seed` for at
/// least `moves` moves, up to a decision (or to the end).
fn record_after(players: usize, seed: u64, moves: usize) -> Value {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game =
        RecordedGame::from_rng(players, Variant::for_players(players), &mut rng).unwrap();
    while !game.game().is_over()
        && (game.record().moves.len() < moves || game.game().draw_due().is_some())
    {
        game.play_random(&mut rng).unwrap();
    }
    serde_json::from_str(&game.record().to_json()).unwrap()
}

/// The number of moves a whole random game of `players` from `seed` takes.
fn game_length(players: usize, seed: u64) -> usize {
    record_after(players, seed, usize::MAX)["moves"]
        .as_array()
        .unwrap()
        .len()
}

async fn explain(app: &Router, record: &Value, mv: &str, lang: &str) -> Answer {
    post(
        app,
        "/api/explain",
        &json!({"record": record, "move": mv, "lang": lang}),
    )
    .await
}

/// The legal moves at the end of `record`, as the server's state says.
async fn legal_at(app: &Router, record: &Value) -> Vec<String> {
    let length = record["moves"].as_array().unwrap().len();
    let replay = post(app, &format!("/api/replay?from={length}"), record).await;
    assert_eq!(replay.status, StatusCode::OK, "{}", replay.text);
    replay.body["states"][0]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv.as_str().unwrap().to_owned())
        .collect()
}

/// Checks every fact of `line` against the state views of the server's
/// replay of `record` followed by `line`: `holds` after `at` moves of the
/// line, `was` before its first move. Answers how many facts it checked.
async fn check_line(app: &Router, record: &Value, line: &Value, facts: &Value) -> usize {
    let line: Vec<Value> = line.as_array().unwrap().clone();
    assert!(!line.is_empty(), "a line starts with its move");
    let length = record["moves"].as_array().unwrap().len();
    let mut played = record.clone();
    played["moves"].as_array_mut().unwrap().extend(line.clone());
    let replay = post(app, &format!("/api/replay?from={length}"), &played).await;
    assert_eq!(replay.status, StatusCode::OK, "{}", replay.text);
    assert_eq!(
        replay.body["error"],
        Value::Null,
        "the line {line:?} plays through the rules after the record"
    );
    let views = replay.body["states"].as_array().unwrap();
    assert_eq!(views.len(), line.len() + 1);
    let facts = facts.as_array().unwrap();
    for fact in facts {
        let at = fact["at"].as_u64().unwrap() as usize;
        assert!(
            (1..=line.len()).contains(&at),
            "{fact} lies within {line:?}"
        );
        let holds = fact["holds"].as_array().unwrap();
        for place in holds {
            let pointer = place["pointer"].as_str().unwrap();
            assert_eq!(
                views[at].pointer(pointer),
                Some(&place["value"]),
                "{fact} after {at} moves of {line:?}"
            );
        }
        for place in fact["was"].as_array().into_iter().flatten() {
            let pointer = place["pointer"].as_str().unwrap();
            assert_eq!(
                views[0].pointer(pointer),
                Some(&place["value"]),
                "{fact}: before the move"
            );
        }
        // Every fact names where the view shows it, save the one that
        // says that nothing changes hands.
        assert!(
            !holds.is_empty() || fact["kind"] == "quiet",
            "{fact} names no place in the view"
        );
    }
    facts.len()
}

/// Checks an explanation's shape and every fact of its lines; answers the
/// facts checked.
async fn check_explanation(app: &Router, record: &Value, mv: &str, body: &Value) -> usize {
    // The answer is what the OpenAPI document says it is (api.rs's types).
    let typed: carolus_server::api::Explanation = serde_json::from_value(body.clone()).unwrap();
    for facts in std::iter::once(&typed.facts).chain(typed.alternatives.iter().map(|a| &a.facts)) {
        for fact in facts {
            let _: carolus_server::api::Fact = serde_json::from_value(fact.clone()).unwrap();
        }
    }
    assert_eq!(body["move"], mv, "{body}");
    assert_eq!(body["line"][0], mv, "the line starts with the move: {body}");
    assert!(body["best"].is_string());
    assert!(
        body["text"].as_str().is_some_and(|t| !t.is_empty()),
        "{body}"
    );
    let value = &body["value"];
    assert!(
        value.is_null() || value.is_f64() || value.is_i64(),
        "{body}"
    );
    if body["best"] == body["move"] {
        assert_eq!(value.as_f64(), Some(0.0), "the best move loses nothing");
    }
    let mut checked = check_line(app, record, &body["line"], &body["facts"]).await;
    let alternatives = body["alternatives"].as_array().unwrap();
    // Up to three: as many as the search weighed besides the move.
    assert!(alternatives.len() <= 3, "{body}");
    for alternative in alternatives {
        assert_ne!(alternative["move"], body["move"]);
        assert_eq!(alternative["line"][0], alternative["move"]);
        assert!(alternative["text"].is_string());
        checked += check_line(app, record, &alternative["line"], &alternative["facts"]).await;
    }
    if body["best"] != body["move"] {
        assert_eq!(
            alternatives[0]["move"], body["best"],
            "the best move is the first alternative"
        );
    }
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fact_of_every_explanation_holds_in_the_state_view_of_its_line() {
    let (app, _) = server_with(&Db::Sqlite, quick()).await;
    let mut explained = 0;
    let mut facts = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for players in [2, 3, 4] {
        for seed in 0..3 {
            let seed = 100 * players as u64 + seed;
            let length = game_length(players, seed);
            // The opening, the middle game and the last round.
            for moves in [6, length / 3, length / 2, 2 * length / 3, length - 12] {
                let record = record_after(players, seed, moves);
                let legal = legal_at(&app, &record).await;
                if legal.is_empty() {
                    continue;
                }
                let mv = pick(&json!(legal), moves);
                let answer = explain(&app, &record, &mv, "en").await;
                assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
                facts += check_explanation(&app, &record, &mv, &answer.body).await;
                for fact in answer.body["facts"].as_array().unwrap() {
                    kinds.insert(fact["kind"].as_str().unwrap().to_owned());
                }
                explained += 1;
            }
        }
    }
    assert!(explained >= 40, "{explained} positions explained");
    assert!(facts >= 4 * explained, "{facts} facts checked");
    assert!(kinds.len() >= 6, "the facts are of many kinds: {kinds:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_explanation_is_said_in_english_german_and_french() {
    let (app, _) = server_with(&Db::Sqlite, quick()).await;
    let record = record_after(3, 7, 40);
    let mv = legal_at(&app, &record).await.remove(0);
    let mut texts = Vec::new();
    for lang in ["en", "de", "fr"] {
        let answer = explain(&app, &record, &mv, lang).await;
        assert_eq!(answer.status, StatusCode::OK, "{lang}: {}", answer.text);
        let text = answer.body["text"].as_str().unwrap().to_owned();
        assert!(!text.is_empty());
        // Every message was found and every variable filled in.
        assert!(
            !text.contains("explain-") && !text.contains('{'),
            "{lang}: {text}"
        );
        for alternative in answer.body["alternatives"].as_array().unwrap() {
            assert!(!alternative["text"].as_str().unwrap().contains("explain-"));
        }
        texts.push(text);
    }
    assert_ne!(texts[0], texts[1], "German is not English");
    assert_ne!(texts[0], texts[2], "French is not English");
    // Without `lang`, English.
    let plain = post(
        &app,
        "/api/explain",
        &json!({"record": record, "move": mv, "lang": null}),
    )
    .await;
    assert_eq!(plain.status, StatusCode::OK, "{}", plain.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_that_does_not_replay_or_an_illegal_move_is_a_400_that_says_where() {
    let (app, _) = server_with(&Db::Sqlite, quick()).await;
    let record = record_after(2, 5, 30);
    let length = record["moves"].as_array().unwrap().len();
    let legal = legal_at(&app, &record).await;

    // A move of the record garbled: the answer names it as /api/replay does.
    let mut garbled = record.clone();
    garbled["moves"][20] = json!("move 15");
    let answer = explain(&app, &garbled, &legal[0], "en").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    let error = answer.body["error"].as_str().unwrap();
    assert!(
        error.starts_with("the record: move 21 \"move 15\""),
        "{error}"
    );
    let replay = post(&app, "/api/replay", &garbled).await;
    assert!(
        error.ends_with(replay.body["error"].as_str().unwrap()),
        "{error}"
    );
    // The replay says it as data too, for a page to word in its language.
    assert_eq!(
        replay.body["problem"],
        json!({"kind": "illegal", "index": 21, "token": "move 15"})
    );

    // A token that is no move in the record.
    let mut unreadable = record.clone();
    unreadable["moves"][3] = json!("dance");
    let answer = explain(&app, &unreadable, &legal[0], "en").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.body["error"]
            .as_str()
            .unwrap()
            .contains("move 4 \"dance\""),
        "{}",
        answer.text
    );

    // The body cut off: not JSON, and the answer says where it stopped.
    let whole = json!({"record": record, "move": legal[0]}).to_string();
    let cut = &whole[..whole.len() / 2];
    let answer = post_raw(&app, "/api/explain", cut.to_owned(), None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let error = answer.body["error"].as_str().unwrap();
    assert!(
        error.contains("not valid JSON") && error.contains("column"),
        "{error}"
    );

    // A record that is no record.
    let answer = explain(&app, &json!({"format": "chess"}), &legal[0], "en").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.body["error"]
            .as_str()
            .unwrap()
            .starts_with("the record: ")
    );

    // A move that is not legal there, or no move at all: 400 with the legal moves.
    let illegal = ["disc 1", "move 1", "place R court", "joker Y", "place P 3"]
        .into_iter()
        .find(|token| !legal.iter().any(|legal| legal == token))
        .unwrap();
    for (token, says) in [
        (illegal, format!("after the record's {length} moves")),
        ("dance", "is not a move".to_owned()),
    ] {
        let answer = explain(&app, &record, token, "en").await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
        assert!(
            answer.body["error"].as_str().unwrap().contains(&says),
            "{}",
            answer.text
        );
        assert_eq!(answer.body["legal"], json!(legal));
    }

    // A body that is not `{record, move, lang}`: an unknown language, an
    // unknown field, a record that is not an object, no move.
    for body in [
        json!({"record": record, "move": legal[0], "lang": "it"}),
        json!({"record": record, "move": legal[0], "language": "de"}),
        json!({"record": [1, 2], "move": legal[0]}),
        json!({"record": record}),
    ] {
        let answer = post(&app, "/api/explain", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
        assert!(
            answer.body["error"]
                .as_str()
                .unwrap()
                .starts_with("the body")
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_where_nobody_decides_is_a_422() {
    let (app, _) = server_with(&Db::Sqlite, quick()).await;
    let finished = record_after(2, 9, usize::MAX);
    let length = finished["moves"].as_array().unwrap().len();
    let answer = explain(&app, &finished, "disc 1", "en").await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.text
    );
    assert!(
        answer.body["error"].as_str().unwrap().contains(&format!(
            "the game is over after the record's {length} moves"
        )),
        "{}",
        answer.text
    );
    // The record cut just before a draw: the draw, not a decision, is due.
    let moves = finished["moves"].as_array().unwrap();
    // Past the initial draws, the first draw that follows a decision.
    let draw = (1..moves.len())
        .find(|&i| {
            moves[i].as_str().unwrap().starts_with("draw")
                && !moves[i - 1].as_str().unwrap().starts_with("draw")
        })
        .expect("a game has draws between decisions");
    let mut cut = finished.clone();
    cut["moves"] = json!(moves[..draw]);
    cut.as_object_mut().unwrap().remove("result");
    let answer = explain(&app, &cut, "disc 1", "en").await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.text
    );
    assert!(
        answer.body["error"]
            .as_str()
            .unwrap()
            .contains("a draw is due")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explanations_are_counted_with_hints_per_address() {
    let (app, _) = server_with(
        &Db::Sqlite,
        carolus_server::Limits {
            hints_per_minute: 1,
            ..quick()
        },
    )
    .await;
    let record = record_after(2, 4, 20);
    let mv = legal_at(&app, &record).await.remove(0);
    let first = explain(&app, &record, &mv, "en").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let second = explain(&app, &record, &mv, "en").await;
    assert_eq!(second.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(second.headers.contains_key("retry-after"));
    // A request refused for what it is costs no search and no allowance.
    let illegal = explain(&app, &record, "dance", "en").await;
    assert_eq!(illegal.status, StatusCode::BAD_REQUEST);
}

async fn a_hint_says_why_in_the_language_asked_for(db: &Db) {
    let (app, _) = server_with(db, quick()).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 3, "seats": [{"name": "Anna"}, {"name": "Bruno"}, {"name": "Clara"}],
                "hints": true}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_str().unwrap();
    let tokens: Vec<&str> = (0..3)
        .map(|seat| created.body["seats"][seat]["token"].as_str().unwrap())
        .collect();
    for (turn, lang) in ["en", "de", "fr"].into_iter().enumerate() {
        let game = view(&app, id).await;
        let record = game["record"].clone();
        let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
        let uri = format!("/api/games/{id}/hint?lang={lang}");
        let hint = post_raw(&app, &uri, String::new(), Some(tokens[seat])).await;
        assert_eq!(hint.status, StatusCode::OK, "{}", hint.text);
        let mv = hint.body["move"].as_str().unwrap();
        assert_eq!(hint.body["line"][0], mv);
        let text = hint.body["text"].as_str().unwrap();
        assert!(!text.is_empty() && !text.contains("explain-"), "{text}");
        check_line(&app, &record, &hint.body["line"], &hint.body["facts"]).await;
        let played = play(&app, id, tokens[seat], mv, length(&game)).await;
        assert_eq!(played.status, StatusCode::OK, "{turn}: {}", played.text);
    }
    // An unknown language is a malformed query.
    let game = view(&app, id).await;
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let wrong = post_raw(
        &app,
        &format!("/api/games/{id}/hint?lang=it"),
        String::new(),
        Some(tokens[seat]),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "{}", wrong.text);
    assert!(wrong.body["error"].as_str().unwrap().contains("lang"));
}

async fn a_game_against_the_computer_starts_from_a_records_position(db: &Db) {
    let (app, _) = server_with(db, quick()).await;
    let record = record_after(3, 12, 40);
    let length = record["moves"].as_array().unwrap().len();
    let legal = legal_at(&app, &record).await;
    let replay = post(&app, &format!("/api/replay?from={length}"), &record).await;
    let person = replay.body["states"][0]["to_act"].as_u64().unwrap() as usize;
    let body = json!({"record": record, "name": "Anna", "level": 2});
    let created = post(&app, "/api/games/practice", &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(
        created.body["seats"],
        json!([{"seat": person, "token": created.body["seats"][0]["token"]}])
    );
    let id = created.body["id"].as_str().unwrap();
    let token = created.body["seats"][0]["token"].as_str().unwrap();
    let game = view(&app, id).await;
    assert_eq!(game["status"], "running");
    assert_eq!(game["hints"], true);
    assert_eq!(
        game["record"]["moves"], record["moves"],
        "the game goes on from the position"
    );
    assert_eq!(game["state"]["to_act"], person);
    assert_eq!(game["state"]["legal"], json!(legal));
    for (seat, info) in game["seats"].as_array().unwrap().iter().enumerate() {
        if seat == person {
            assert_eq!(
                (info["name"].as_str(), info["ai"].as_u64()),
                (Some("Anna"), None)
            );
        } else {
            assert_eq!(info["ai"], 2);
        }
    }
    let played = play(&app, id, token, &legal[0], length).await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);

    // Where nobody decides, or what does not replay or is no name or level.
    let finished = record_after(2, 9, usize::MAX);
    let over = post(
        &app,
        "/api/games/practice",
        &json!({"record": finished, "name": "Anna"}),
    )
    .await;
    assert_eq!(
        over.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        over.text
    );
    let mut garbled = record.clone();
    garbled["moves"][20] = json!("move 15");
    for (body, says) in [
        (
            json!({"record": garbled, "name": "Anna"}),
            "the record: move 21",
        ),
        (json!({"record": record, "name": " "}), "name"),
        (
            json!({"record": record, "name": "Anna", "level": 9}),
            "level",
        ),
        (json!({"record": record}), "the body"),
    ] {
        let answer = post(&app, "/api/games/practice", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
        assert!(
            answer.body["error"].as_str().unwrap().contains(says),
            "{}",
            answer.text
        );
    }
}

on_every_store!(
    a_hint_says_why_in_the_language_asked_for,
    a_game_against_the_computer_starts_from_a_records_position
);
