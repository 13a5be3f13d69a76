//! The HTTP API as a client meets it, through `oneshot` without a network:
//! creating games, claiming seats, playing to the end, and every refusal
//! with its status and reason.

mod support;

use std::time::Duration;

use axum::Router;
use axum::http::{StatusCode, header};
use carolus_rules::Record;
use carolus_server::Limits;
use serde_json::json;
use support::*;

async fn two_people_play_a_game_to_the_end_and_its_record_replays(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 2).await;
    assert_eq!(tokens.len(), 2);
    let mut moves = 0;
    loop {
        let game = view(&app, &id).await;
        if game["status"] == "over" {
            break;
        }
        assert_eq!(game["status"], "running");
        let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
        let mv = pick(&game["state"]["legal"], moves);
        let at = length(&game);
        let answer = play(&app, &id, &tokens[seat], &mv, at).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        assert!(answer.body["at"].as_u64().unwrap() as usize > at);
        moves += 1;
        assert!(moves < 5_000, "the game does not end");
    }
    let download = get(&app, &format!("/api/games/{id}/record")).await;
    assert_eq!(download.status, StatusCode::OK);
    let record = Record::from_json(&download.text).unwrap();
    let game = record.replay().unwrap();
    assert!(game.is_over());
    assert!(record.result.is_some());
    assert_eq!(record.names, Some(vec!["P0".to_owned(), "P1".to_owned()]));
}

async fn a_game_view_never_shows_a_token(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 3).await;
    let answer = get(&app, &format!("/api/games/{id}")).await;
    for token in &tokens {
        assert!(!answer.text.contains(token.as_str()));
    }
    assert_eq!(answer.body["seats"][1]["name"], "P1");
    assert_eq!(answer.body["seats"][1]["ai"], json!(null));
    assert_eq!(answer.body["state"]["players"], 3);
}

async fn every_refused_move_says_why_and_changes_nothing(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 2).await;
    let game = view(&app, &id).await;
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let at = length(&game);
    let mv = game["state"]["legal"][0].as_str().unwrap().to_owned();
    let uri = format!("/api/games/{id}/moves");
    let body = json!({"move": mv, "at": at}).to_string();

    let no_token = post_raw(&app, &uri, body.clone(), None).await;
    assert_eq!(
        no_token.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        no_token.text
    );

    // Credentials that cannot be a seat token are none (RFC 6750): 401,
    // with the scheme that would do.
    for authorization in [
        "Bearer not-a-token",
        "Bearer ",
        "Bearer",
        "Basic QW5uYTpzZWNyZXQ=",
    ] {
        let refused =
            post_authorized(&app, &uri, body.clone(), Some(authorization.to_owned())).await;
        assert_eq!(
            refused.status,
            StatusCode::UNAUTHORIZED,
            "{authorization}: {}",
            refused.text
        );
        assert_eq!(refused.headers[header::WWW_AUTHENTICATE], "Bearer");
        assert!(refused.body["error"].is_string());
    }

    let stranger = support::stranger_token();
    let wrong = post_raw(&app, &uri, body.clone(), Some(&stranger)).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(wrong.body["code"], "not_a_seat");

    let other = play(&app, &id, &tokens[1 - seat], &mv, at).await;
    assert_eq!(other.status, StatusCode::FORBIDDEN);
    assert_eq!(other.body["code"], "not_your_turn", "a word for programs");
    assert!(
        other.body["error"].as_str().unwrap().contains("turn"),
        "{}",
        other.text
    );

    let missing = play(&app, "aaaaaaaaaaaa", &tokens[seat], &mv, at).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    let stale = play(&app, &id, &tokens[seat], &mv, at + 1).await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert_eq!(stale.body["length"], at);

    let illegal = play(&app, &id, &tokens[seat], "move 9", at).await;
    assert_eq!(
        illegal.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        illegal.text
    );
    assert_eq!(illegal.body["legal"], game["state"]["legal"]);

    let nonsense = play(&app, &id, &tokens[seat], "fly to the moon", at).await;
    assert_eq!(nonsense.status, StatusCode::UNPROCESSABLE_ENTITY);

    let malformed = post_raw(&app, &uri, "{\"move\": ".to_owned(), Some(&tokens[seat])).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert!(
        malformed.body["error"]
            .as_str()
            .unwrap()
            .contains("not valid JSON")
    );

    let unknown = post_raw(
        &app,
        &uri,
        json!({"move": mv, "at": at, "when": "now"}).to_string(),
        Some(&tokens[seat]),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(
        unknown.body["error"].as_str().unwrap().contains("when"),
        "{}",
        unknown.text
    );

    let huge = post_raw(
        &app,
        &uri,
        " ".repeat(70 * 1024) + &body,
        Some(&tokens[seat]),
    )
    .await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);

    assert_eq!(
        view(&app, &id).await["record"],
        game["record"],
        "nothing changed"
    );
    let fraction = post_raw(
        &app,
        &uri,
        json!({"move": mv, "at": at as f64 + 0.5}).to_string(),
        Some(&tokens[seat]),
    )
    .await;
    assert_eq!(
        fraction.status,
        StatusCode::BAD_REQUEST,
        "{}",
        fraction.text
    );

    // The scheme's name is case-insensitive, and `at` a JSON number
    // without a fractional part, however it is written.
    let played = post_authorized(
        &app,
        &uri,
        format!("{{\"move\": {mv:?}, \"at\": {at}.0}}"),
        Some(format!("bearer {}", tokens[seat])),
    )
    .await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);
}

async fn whole_numbers_may_be_written_with_a_zero_fraction(db: &Db) {
    let (app, _) = server(db).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2.0, "seats": [{"name": "Anna"}, {"ai": 3.0}],
                "clock": {"initial_s": 6e2, "increment_s": 5.0}}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game = view(&app, created.body["id"].as_str().unwrap()).await;
    assert_eq!(game["seats"][1]["ai"], 3);
    assert_eq!(game["clock"], json!({"initial_s": 600, "increment_s": 5}));
    for request in [
        json!({"players": 2.5, "seats": []}),
        json!({"players": -2, "seats": []}),
        json!({"players": 2, "seats": [{"name": "a"}, {"ai": 256.0}]}),
        json!({"players": 2, "seats": [], "clock": {"days_per_move": 1e20}}),
        json!({"players": "2", "seats": []}),
    ] {
        let answer = post(&app, "/api/games", &request).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{request}");
        let error = answer.body["error"].as_str().unwrap();
        assert!(
            error.contains("whole number") || error.contains("a JSON number"),
            "{request}: {error}"
        );
    }
}

async fn every_error_answer_is_json_even_before_a_handler_runs(db: &Db) {
    let (app, _) = server(db).await;
    // A path whose percent-encoded bytes are not UTF-8 names no game.
    for uri in [
        "/api/games/%FF",
        "/api/games/%C3%28/record",
        "/api/games/%FF/seats/0",
    ] {
        let answer = if uri.ends_with("/0") {
            post(&app, uri, &json!({"name": "Anna"})).await
        } else {
            get(&app, uri).await
        };
        assert_eq!(
            answer.status,
            StatusCode::NOT_FOUND,
            "{uri}: {}",
            answer.text
        );
        assert!(answer.body["error"].is_string(), "{uri}: {}", answer.text);
    }
    // The WebSocket's route asked without a handshake.
    let (id, _) = people_game(&app, 2).await;
    let plain = get(&app, &format!("/api/games/{id}/ws")).await;
    assert!(plain.status.is_client_error(), "{}", plain.text);
    assert!(plain.body["error"].is_string(), "{}", plain.text);
    // Another method than the route's.
    let deleted = send(
        &app,
        axum::http::Request::delete("/api/games")
            .body(axum::body::Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(deleted.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(deleted.body["error"].is_string());
}

async fn requests_that_describe_no_game_are_refused_with_the_field_at_fault(db: &Db) {
    let (app, _) = server(db).await;
    for (request, field) in [
        (json!({"players": 5, "seats": []}), "players"),
        (
            json!({"players": 4, "seats": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}]}),
            "variant",
        ),
        (json!({"players": 2, "seats": [{"name": "a"}]}), "seats"),
        (
            json!({"players": 2, "seats": [{"name": "a"}, {"ai": 6}]}),
            "seats[1].ai",
        ),
        (
            json!({"players": 2, "seats": [{"name": "a"}, {}]}),
            "seats[1]",
        ),
        (
            json!({"players": 2, "seats": [{"name": " "}, {"ai": 2}]}),
            "seats[0].name",
        ),
        (
            json!({"players": 2, "seats": [{"name": "a"}, {"ai": 2, "open": true}]}),
            "seats[1]",
        ),
        (
            json!({"players": 2, "seats": [{"name": "a"}, {"ai": 2}], "clock": {"increment_s": 5}}),
            "clock",
        ),
        (
            json!({"players": 2, "seats": [{"name": "a"}, {"ai": 2}], "clock": {"initial_s": 60, "days_per_move": 1}}),
            "clock",
        ),
    ] {
        let answer = post(&app, "/api/games", &request).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{request}: {}",
            answer.text
        );
        let error = answer.body["error"].as_str().unwrap();
        assert!(error.contains(&format!("`{field}")), "{request}: {error}");
    }
    let misspelt = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [], "hint": true}),
    )
    .await;
    assert_eq!(misspelt.status, StatusCode::BAD_REQUEST);
    assert!(misspelt.body["error"].as_str().unwrap().contains("hint"));
}

async fn objects_are_taken_only_as_objects_never_as_arrays_of_their_fields(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 2).await;
    let game = view(&app, &id).await;
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let mv = game["state"]["legal"][0].as_str().unwrap();
    let at = length(&game);
    let games_before = get(&app, "/api/games").await.body["games"].clone();
    for (uri, body, token, what) in [
        (
            "/api/games".to_owned(),
            json!([2, null, [{"name": "a"}, {"name": "b"}]]),
            None,
            "the body is an array",
        ),
        (
            "/api/games".to_owned(),
            json!({"players": 3, "variant": [], "seats": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}),
            None,
            "sequence",
        ),
        (
            "/api/games".to_owned(),
            json!({"players": 2, "seats": [["a"], {"name": "b"}]}),
            None,
            "sequence",
        ),
        (
            "/api/games".to_owned(),
            json!({"players": 2, "seats": [{"name": "a"}, {"name": "b"}], "clock": [60, 5]}),
            None,
            "sequence",
        ),
        (
            format!("/api/games/{id}/moves"),
            json!([mv, at]),
            Some(tokens[seat].as_str()),
            "the body is an array",
        ),
        (
            format!("/api/games/{id}/moves"),
            json!("place R 3"),
            Some(tokens[seat].as_str()),
            "the body is a string",
        ),
    ] {
        let answer = post_raw(&app, &uri, body.to_string(), token).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            answer.text
        );
        let error = answer.body["error"].as_str().unwrap();
        assert!(error.contains(what), "{body}: {error}");
    }
    assert_eq!(
        get(&app, "/api/games").await.body["games"],
        games_before,
        "no game was made"
    );
    assert_eq!(length(&view(&app, &id).await), at, "no move was made");
}

async fn an_open_seat_is_claimed_once_and_the_game_starts_when_all_are_taken(db: &Db) {
    let (app, _) = server(db).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"open": true}]}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.body["id"].as_str().unwrap();
    assert_eq!(
        created.body["seats"].as_array().unwrap().len(),
        1,
        "no token for the open seat"
    );
    let anna = created.body["seats"][0]["token"].as_str().unwrap();

    let game = view(&app, id).await;
    assert_eq!(game["status"], "open");
    assert_eq!(game["seats"][1]["free"], true);
    if game["state"]["to_act"] == 0 {
        let mv = game["state"]["legal"][0].as_str().unwrap();
        let early = play(&app, id, anna, mv, length(&game)).await;
        assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.text);
    }

    let claim = format!("/api/games/{id}/seats/1");
    let claimed = post(&app, &claim, &json!({"name": "Bruno"})).await;
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
    assert_eq!(claimed.body["seat"], 1);
    let again = post(&app, &claim, &json!({"name": "Carla"})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let taken = post(
        &app,
        &format!("/api/games/{id}/seats/0"),
        &json!({"name": "Carla"}),
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    let missing = post(
        &app,
        &format!("/api/games/{id}/seats/7"),
        &json!({"name": "Carla"}),
    )
    .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let nonsense = post(
        &app,
        &format!("/api/games/{id}/seats/x"),
        &json!({"name": "Carla"}),
    )
    .await;
    assert_eq!(nonsense.status, StatusCode::BAD_REQUEST);

    let game = view(&app, id).await;
    assert_eq!(game["status"], "running");
    assert_eq!(game["seats"][1]["name"], "Bruno");
    assert_eq!(game["record"]["names"], json!(["Anna", "Bruno"]));
    let bruno = claimed.body["token"].as_str().unwrap();
    let seat = game["state"]["to_act"].as_u64().unwrap();
    let token = if seat == 0 { anna } else { bruno };
    let mv = game["state"]["legal"][0].as_str().unwrap();
    assert_eq!(
        play(&app, id, token, mv, length(&game)).await.status,
        StatusCode::OK
    );
}

async fn the_computer_plays_its_seat_by_itself(db: &Db) {
    let (app, _) = server(db).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 2}]}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap();
    let anna = created.body["seats"][0]["token"].as_str().unwrap();
    assert_eq!(created.body["seats"].as_array().unwrap().len(), 1);
    let mut person_moves = 0;
    for _ in 0..2_000 {
        let game = view(&app, id).await;
        if game["status"] == "over" {
            assert!(person_moves > 0);
            assert_eq!(game["seats"][1]["ai"], 2);
            return;
        }
        if game["state"]["to_act"] == 0 {
            let mv = game["state"]["legal"][0].as_str().unwrap();
            let answer = play(&app, id, anna, mv, length(&game)).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
            person_moves += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    panic!("the game did not end");
}

async fn the_guided_game_follows_its_lessons_to_the_end_as_the_lesson_script_plays_it(db: &Db) {
    use carolus_core::lessons;
    let (app, _) = server(db).await;
    let created = post(&app, "/api/lessons", &json!({"name": "Anna"})).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_str().unwrap();
    let anna = created.body["seats"][0]["token"].as_str().unwrap();
    assert_eq!(created.body["seats"][0]["seat"], lessons::LEARNER);
    let mut progress = json!({"lesson": 0, "at": 0});
    let mut seen: Vec<String> = Vec::new();
    let mut took_back = false;
    for _ in 0..5_000 {
        let game = view(&app, id).await;
        assert_eq!(game["record"]["meta"]["lesson"], "first-game");
        assert_eq!(game["seats"][1]["ai"], 1);
        let step = post(
            &app,
            "/api/lessons/step",
            &json!({"record": game["record"], "progress": progress, "lang": "fr"}),
        )
        .await;
        assert_eq!(step.status, StatusCode::OK, "{}", step.text);
        progress = step.body["progress"].clone();
        if game["status"] == "over" {
            assert_eq!(progress["lesson"], lessons::LESSONS.len());
            assert_eq!(step.body["step"]["message"], "lesson-finished");
            let names: Vec<&str> = lessons::LESSONS.iter().map(|l| l.name()).collect();
            assert_eq!(seen, names);
            // The server's game is the script's: its deal, draws and
            // replies, whatever was taken back on the way.
            let played: Vec<String> = game["record"]["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|mv| mv.as_str().unwrap().to_owned())
                .collect();
            let script: Vec<String> = lessons::rehearse(lessons::SEED)
                .record
                .unwrap()
                .moves
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(played, script);
            return;
        }
        if game["state"]["to_act"] != 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        let step = &step.body["step"];
        let lesson = step["lesson"].as_str().unwrap_or_default().to_owned();
        if step["active"] == true && seen.last() != Some(&lesson) {
            seen.push(lesson);
        }
        let mv = step["show_me"].as_str().unwrap();
        let answer = play(&app, id, anna, mv, length(&game)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        if !took_back && seen.len() == 4 {
            // Taken back and played again, the same move meets the same
            // draws and the same reply.
            took_back = true;
            // The computer may answer between the view and the take back,
            // which is then refused as stale; the next view has its move.
            loop {
                let at = length(&view(&app, id).await);
                let back = take_back(&app, id, anna, at).await;
                if back.status == StatusCode::OK {
                    break;
                }
                assert_eq!(back.status, StatusCode::CONFLICT, "{}", back.text);
            }
        }
    }
    panic!("the guided game did not end");
}

/// Takes back the last decision of `token`'s seat, seen at `at`.
async fn take_back(app: &Router, id: &str, token: &str, at: usize) -> Answer {
    post_raw(
        app,
        &format!("/api/games/{id}/takeback"),
        json!({"at": at}).to_string(),
        Some(token),
    )
    .await
}

async fn a_person_takes_back_decisions_against_the_computer_even_while_it_thinks(db: &Db) {
    // A computer that thinks long enough to be caught thinking.
    let limits = Limits {
        think_time: Duration::from_millis(400),
        ..test_limits()
    };
    let (app, _) = server_with(db, limits).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 4}]}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap();
    let anna = created.body["seats"][0]["token"].as_str().unwrap();
    let game = view(&app, id).await;
    assert_eq!(game["take_back"], true);
    assert_eq!(game["takebacks"], 0);

    let mut caught_thinking = 0;
    let mut took_back = 0;
    let mut decisions = 0;
    for _ in 0..20_000 {
        let game = view(&app, id).await;
        if game["status"] == "over" || took_back == 3 {
            break;
        }
        if game["state"]["to_act"] != 0 {
            if game["thinking"] == 1 && decisions > 0 {
                // The computer is searching the answer to Anna's decision:
                // she takes it back, and the search is dropped with it.
                let answer = take_back(&app, id, anna, length(&game)).await;
                assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
                took_back += 1;
                caught_thinking += 1;
                let after = view(&app, id).await;
                assert_eq!(after["takebacks"], took_back);
                assert_eq!(after["state"]["to_act"], 0, "Anna decides again");
                assert_eq!(after["thinking"], json!(null));
                assert_eq!(length(&after), answer.body["at"].as_u64().unwrap() as usize);
                assert!(length(&after) < length(&game));
            } else {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            continue;
        }
        let mv = pick(&game["state"]["legal"], decisions);
        let answer = play(&app, id, anna, &mv, length(&game)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        decisions += 1;
    }
    assert_eq!(
        caught_thinking, 3,
        "Anna took back three times while the computer thought"
    );

    // A take back seen at an old length is refused and changes nothing.
    let game = view(&app, id).await;
    let stale = take_back(&app, id, anna, length(&game) + 1).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    assert_eq!(
        stale.body["length"].as_u64().unwrap() as usize,
        length(&game)
    );
    let missing = post_raw(
        &app,
        &format!("/api/games/{id}/takeback"),
        json!({"at": 0}).to_string(),
        None,
    )
    .await;
    assert_eq!(missing.status, StatusCode::UNAUTHORIZED);
    let malformed = post_raw(
        &app,
        &format!("/api/games/{id}/takeback"),
        "{\"at\": -1}".to_owned(),
        Some(anna),
    )
    .await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(view(&app, id).await["record"], game["record"]);

    // The game goes on to its end, and its record replays.
    for _ in 0..20_000 {
        let game = view(&app, id).await;
        if game["status"] == "over" {
            let record = Record::from_value(&game["record"]).unwrap();
            assert!(record.replay().unwrap().is_over());
            return;
        }
        if game["state"]["to_act"] == 0 {
            let mv = pick(&game["state"]["legal"], decisions);
            let answer = play(&app, id, anna, &mv, length(&game)).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
            decisions += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    panic!("the game did not end");
}

async fn games_between_people_or_with_a_clock_allow_no_take_back(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 2).await;
    let game = view(&app, &id).await;
    assert_eq!(game["take_back"], false);
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let mv = game["state"]["legal"][0].as_str().unwrap();
    assert_eq!(
        play(&app, &id, &tokens[seat], mv, length(&game))
            .await
            .status,
        StatusCode::OK
    );
    let at = length(&view(&app, &id).await);
    let refused = take_back(&app, &id, &tokens[seat], at).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    assert!(
        refused.body["error"]
            .as_str()
            .unwrap()
            .contains("between people")
    );
    assert_eq!(refused.body["code"], "take_back_between_people");

    let timed = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 1}], "clock": {"initial_s": 600}}),
    )
    .await;
    let id = timed.body["id"].as_str().unwrap();
    let anna = timed.body["seats"][0]["token"].as_str().unwrap();
    assert_eq!(view(&app, id).await["take_back"], false);
    let at = length(&view(&app, id).await);
    let refused = take_back(&app, id, anna, at).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    assert!(refused.body["error"].as_str().unwrap().contains("clock"));
    assert_eq!(refused.body["code"], "take_back_with_clock");
}

async fn two_clients_racing_at_the_same_position_get_one_move_and_one_conflict(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 2).await;
    for _ in 0..30 {
        let game = view(&app, &id).await;
        if game["status"] == "over" {
            break;
        }
        let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
        let at = length(&game);
        let legal = game["state"]["legal"].as_array().unwrap();
        let first = legal[0].as_str().unwrap();
        let second = legal[legal.len() - 1].as_str().unwrap();
        let (a, b) = tokio::join!(
            play(&app, &id, &tokens[seat], first, at),
            play(&app, &id, &tokens[seat], second, at)
        );
        let mut statuses = [a.status, b.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{a:?} {b:?}"
        );
    }
}

async fn the_lobby_lists_games_newest_first_in_pages(db: &Db) {
    let (app, _) = server(db).await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(people_game(&app, 2).await.0);
        // Creation times in milliseconds order the list.
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let first = get(&app, "/api/games?status=running&limit=3").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let page: Vec<&str> = first.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(page, [&ids[4], &ids[3], &ids[2]]);
    // A query is percent-decoded before it is read, as URLs may encode
    // any character.
    let encoded = get(&app, "/api/games?status=runn%69ng&limit=%33").await;
    assert_eq!(encoded.status, StatusCode::OK, "{}", encoded.text);
    assert_eq!(encoded.body["games"], first.body["games"]);
    let next = first.body["next"].as_str().unwrap();
    let second = get(
        &app,
        &format!("/api/games?status=running&limit=3&before={next}"),
    )
    .await;
    let page: Vec<&str> = second.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(page, [&ids[1], &ids[0]]);
    assert!(second.body["next"].is_null());
    for game in second.body["games"].as_array().unwrap() {
        assert_eq!(game["names"], json!(["P0", "P1"]), "in seat order");
        assert_eq!(game["ai"], json!([null, null]));
    }
    assert_eq!(
        get(&app, "/api/games?status=over").await.body["games"],
        json!([])
    );
    assert_eq!(
        get(&app, "/api/games?status=done").await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        get(&app, "/api/games?limit=0").await.status,
        StatusCode::BAD_REQUEST
    );
    let unknown = get(&app, "/api/games?sort=name").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(
        unknown.body["error"].as_str().unwrap().contains("sort"),
        "{}",
        unknown.text
    );
    let limit = get(&app, "/api/games?limit=500").await;
    assert_eq!(
        limit.body["error"],
        r#"the query: limit: must be 1 to 100, not "500""#
    );
    // A cursor is what `next` hands out: MILLIS-ID, nothing else.
    for before in [
        "",
        "abc",
        "-1-abcdefghijkm",
        "12-abc",
        "12-ABCDEFGHIJKM",
        "+12-abcdefghijkm",
    ] {
        assert_eq!(
            get(&app, &format!("/api/games?before={before}"))
                .await
                .status,
            StatusCode::BAD_REQUEST,
            "before={before}"
        );
    }
}

async fn health_metrics_and_the_openapi_document_are_served(db: &Db) {
    let (app, _) = server(db).await;
    let health = get(&app, "/healthz").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.body["status"], "ok");
    let (id, tokens) = people_game(&app, 2).await;
    let game = view(&app, &id).await;
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let mv = game["state"]["legal"][0].as_str().unwrap();
    play(&app, &id, &tokens[seat], mv, length(&game)).await;
    let metrics = get(&app, "/metrics").await;
    assert!(
        metrics.text.contains("carolus_moves_total 1\n"),
        "{}",
        metrics.text
    );
    assert!(
        metrics.text.contains("carolus_games_running 1\n"),
        "{}",
        metrics.text
    );
    let openapi = get(&app, "/api/openapi.json").await;
    assert_eq!(openapi.status, StatusCode::OK);
    assert!(openapi.body["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/moves",
        "/api/games/{id}/seats/{seat}",
        "/api/lessons",
        "/api/lessons/step",
        "/api/pool",
        "/unsubscribe",
    ] {
        assert!(
            openapi.body["paths"][path].is_object(),
            "{path} is documented"
        );
    }
    // Links name their operations as OpenAPI spells it.
    let links = &openapi.body["paths"]["/api/games"]["post"]["responses"]["201"]["links"];
    assert_eq!(links["GetGame"]["operationId"], "get_game", "{links}");
    assert!(!openapi.text.contains("operation_id"));
    let nowhere = get(&app, "/nowhere").await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    assert!(nowhere.body["error"].is_string());
}

async fn creating_games_is_rate_limited_per_client(db: &Db) {
    let (app, _) = server_with(
        db,
        carolus_server::Limits {
            creates_per_minute: 2,
            ..test_limits()
        },
    )
    .await;
    people_game(&app, 2).await;
    people_game(&app, 2).await;
    let third = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "a"}, {"name": "b"}]}),
    )
    .await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    // Two a minute: the next game may be created half a minute after the
    // second, and the answer says so.
    assert_eq!(
        third.headers[header::RETRY_AFTER],
        "30",
        "{:?}",
        third.headers
    );
}

async fn a_server_that_cannot_store_a_game_says_when_to_try_again(db: &Db) {
    let (app, state) = server(db).await;
    state.store().close().await;
    let refused = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "a"}, {"name": "b"}]}),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        refused.text
    );
    assert_eq!(refused.headers[header::RETRY_AFTER], "1");
}

async fn hints_advise_the_seat_to_act_in_games_that_allow_them(db: &Db) {
    let (app, _) = server(db).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"name": "Bruno"}], "hints": true}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap();
    let tokens: Vec<&str> = (0..2)
        .map(|seat| created.body["seats"][seat]["token"].as_str().unwrap())
        .collect();
    let game = view(&app, id).await;
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let uri = format!("/api/games/{id}/hint");
    let hint = post_raw(&app, &uri, String::new(), Some(tokens[seat])).await;
    assert_eq!(hint.status, StatusCode::OK, "{}", hint.text);
    let legal = game["state"]["legal"].as_array().unwrap();
    assert!(legal.contains(&hint.body["move"]), "{}", hint.text);
    let win: f64 = hint.body["win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_f64().unwrap())
        .sum();
    assert!((win - 1.0).abs() < 1e-6, "{}", hint.text);
    assert_eq!(hint.body["level"], 4);

    let not_yours = post_raw(&app, &uri, String::new(), Some(tokens[1 - seat])).await;
    assert_eq!(not_yours.status, StatusCode::CONFLICT);
    let anonymous = post_raw(&app, &uri, String::new(), None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let (plain, plain_tokens) = people_game(&app, 2).await;
    let off = post_raw(
        &app,
        &format!("/api/games/{plain}/hint"),
        String::new(),
        Some(&plain_tokens[0]),
    )
    .await;
    assert_eq!(off.status, StatusCode::FORBIDDEN);
    assert!(
        off.body["error"]
            .as_str()
            .unwrap()
            .contains("without hints")
    );
}

async fn a_game_nobody_uses_leaves_memory_and_comes_back_from_the_store(db: &Db) {
    let (app, _) = server_with(
        db,
        carolus_server::Limits {
            rest_after: Duration::from_millis(50),
            ..test_limits()
        },
    )
    .await;
    let (id, tokens) = people_game(&app, 2).await;
    let game = view(&app, &id).await;
    let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
    let mv = game["state"]["legal"][0].as_str().unwrap();
    let played = play(&app, &id, &tokens[seat], mv, length(&game)).await;
    assert_eq!(played.status, StatusCode::OK);
    assert!(
        get(&app, "/metrics")
            .await
            .text
            .contains("carolus_games_running 1\n")
    );
    // The task rests `rest_after` after its last use, but when it gets to
    // run depends on the machine's load; the test waits for the rest it
    // checks rather than guessing how long it takes, and gives up only
    // when the task plainly never rests.
    let rested = async {
        while !get(&app, "/metrics")
            .await
            .text
            .contains("carolus_games_running 0\n")
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(30), rested)
        .await
        .expect("the game's task rested");
    let again = view(&app, &id).await;
    assert!(length(&again) > length(&game), "the move is still there");
    let seat = again["state"]["to_act"].as_u64().unwrap() as usize;
    let mv = again["state"]["legal"][0].as_str().unwrap();
    assert_eq!(
        play(&app, &id, &tokens[seat], mv, length(&again))
            .await
            .status,
        StatusCode::OK
    );
}

async fn a_finished_game_is_analysed_once_and_its_analysis_kept(db: &Db) {
    let (app, _) = server(db).await;
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"ai": 1}, {"ai": 1}]}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let early = get(&app, &format!("/api/games/{id}/analysis")).await;
    let game = loop {
        let game = view(&app, &id).await;
        if game["status"] == "over" {
            break game;
        }
        assert_eq!(
            early.status,
            StatusCode::CONFLICT,
            "a running game has no analysis yet"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let record = Record::from_value(&game["record"]).unwrap();
    let decisions = record.moves.iter().filter(|mv| mv.is_decision()).count();
    let analysis = loop {
        let answer = get(&app, &format!("/api/games/{id}/analysis")).await;
        match answer.status {
            StatusCode::ACCEPTED => assert_eq!(answer.body["status"], "analysing"),
            StatusCode::OK => break answer,
            other => panic!("{other}: {}", answer.text),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        analysis.body["decisions"].as_array().unwrap().len(),
        decisions
    );
    assert_eq!(analysis.body["length"], record.moves.len());
    // Every decision carries its mark, and no seat more blunders than the
    // rule allows.
    let rows = analysis.body["decisions"].as_array().unwrap();
    assert!(
        rows.iter()
            .all(|row| { row["mark"].is_null() || row["mark"] == "?" || row["mark"] == "??" })
    );
    let allowed = analysis.body["blunders"].as_u64().unwrap() as usize;
    for seat in 0..2 {
        let blunders = rows
            .iter()
            .filter(|row| row["seat"] == seat && row["mark"] == "??")
            .count();
        assert!(blunders <= allowed, "seat {seat}: {blunders} blunders");
    }
    let again = get(&app, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.text, analysis.text, "the kept analysis is answered");
    let missing = get(&app, "/api/games/abcdefghijkm/analysis").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

async fn spectators_get_the_chances_of_the_present_position(db: &Db) {
    let (app, _) = server(db).await;
    let (id, _) = people_game(&app, 3).await;
    let game = view(&app, &id).await;
    let chances = get(&app, &format!("/api/games/{id}/chances")).await;
    assert_eq!(chances.status, StatusCode::OK, "{}", chances.text);
    assert_eq!(chances.body["at"].as_u64().unwrap() as usize, length(&game));
    let win: Vec<f64> = serde_json::from_value(chances.body["win"].clone()).unwrap();
    assert_eq!(win.len(), 3);
    assert!((win.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    let again = get(&app, &format!("/api/games/{id}/chances")).await;
    assert_eq!(again.body, chances.body, "one estimate a position");
    let missing = get(&app, "/api/games/abcdefghijkm/chances").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

on_every_store!(
    two_people_play_a_game_to_the_end_and_its_record_replays,
    a_game_view_never_shows_a_token,
    every_refused_move_says_why_and_changes_nothing,
    whole_numbers_may_be_written_with_a_zero_fraction,
    every_error_answer_is_json_even_before_a_handler_runs,
    requests_that_describe_no_game_are_refused_with_the_field_at_fault,
    objects_are_taken_only_as_objects_never_as_arrays_of_their_fields,
    an_open_seat_is_claimed_once_and_the_game_starts_when_all_are_taken,
    the_computer_plays_its_seat_by_itself,
    a_person_takes_back_decisions_against_the_computer_even_while_it_thinks,
    games_between_people_or_with_a_clock_allow_no_take_back,
    two_clients_racing_at_the_same_position_get_one_move_and_one_conflict,
    the_lobby_lists_games_newest_first_in_pages,
    health_metrics_and_the_openapi_document_are_served,
    a_server_that_cannot_store_a_game_says_when_to_try_again,
    creating_games_is_rate_limited_per_client,
    hints_advise_the_seat_to_act_in_games_that_allow_them,
    a_game_nobody_uses_leaves_memory_and_comes_back_from_the_store,
    a_finished_game_is_analysed_once_and_its_analysis_kept,
    spectators_get_the_chances_of_the_present_position,
    the_guided_game_follows_its_lessons_to_the_end_as_the_lesson_script_plays_it,
);
