//! Games between people as issue 65 has them: invited seats make a game
//! private (not in the lobby's list, found by its id), the host and only
//! the host reads the invitations again until the invited person comes,
//! a rematch seats everyone one round further with the tokens they hold
//! (and the host reads its invitations nobody claimed at the new table),
//! and a game whose person to act has been away for the host's time may
//! be ended as abandoned, which its record says and which outlives the
//! server. Time is moved with the server's clock, never waited for.

mod support;

use std::net::SocketAddr;

use axum::Router;
use axum::http::StatusCode;
use carolus_rules::{Record, Seat};
use carolus_server::clock::Clock;
use carolus_server::{AppState, Setup, Store};
use futures_util::SinkExt;
use serde_json::{Value, json};
use support::*;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;

/// A server over `store` on `clock`, as a router.
fn server_on(store: &Store, clock: &Clock) -> (Router, AppState) {
    let setup = Setup {
        clock: clock.clone(),
        ..Setup::default()
    };
    let state = AppState::with_setup(store.clone(), test_limits(), setup);
    (carolus_server::app(state.clone()), state)
}

/// Moves `clock` on by `ms`, as the injectable clock allows: its
/// correction to the database's time grows by that much.
fn advance(clock: &Clock, ms: i64) {
    let own = clock.own_now_ms();
    clock.set_database_ms(own + clock.offset_ms() + ms, own, own);
}

/// Serves `state` on a free loopback port.
async fn listen(state: &AppState) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let serving = state.clone();
    tokio::spawn(async move {
        carolus_server::run(listener, serving, std::future::pending::<()>())
            .await
            .unwrap();
    });
    address
}

/// Creates the game `body` asks for; answers its id and tokens by seat.
async fn create(app: &Router, body: Value) -> (String, Vec<Option<String>>) {
    let answer = post(app, "/api/games", &body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.body["id"].as_str().unwrap().to_owned();
    let players = body["players"].as_u64().unwrap() as usize;
    let mut tokens = vec![None; players];
    for seat in answer.body["seats"].as_array().unwrap() {
        tokens[seat["seat"].as_u64().unwrap() as usize] =
            Some(seat["token"].as_str().unwrap().to_owned());
    }
    (id, tokens)
}

/// Anna (the host) and Bert, invited.
fn anna_invites_bert() -> Value {
    json!({"players": 2, "seats": [{"name": "Anna"}, {"name": "Bert", "invited": true}]})
}

/// A GET with a bearer token.
async fn get_as(app: &Router, uri: &str, token: Option<&str>) -> Answer {
    let mut request = axum::http::Request::get(uri);
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    send(app, request.body(axum::body::Body::empty()).unwrap()).await
}

/// A POST without a body, with a bearer token.
async fn post_as(app: &Router, uri: &str, token: &str) -> Answer {
    post_raw(app, uri, String::new(), Some(token)).await
}

fn ids_of(list: &Answer) -> Vec<String> {
    list.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn a_game_with_invited_seats_is_not_listed_but_its_id_finds_it(db: &Db) {
    let (app, _) = server(db).await;
    let (private, _) = create(&app, anna_invites_bert()).await;
    let (public, _) = create(
        &app,
        json!({"players": 2, "seats": [{"name": "Anna"}, {"open": true}]}),
    )
    .await;
    for query in ["", "?status=running", "?status=open"] {
        let list = get(&app, &format!("/api/games{query}")).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.text);
        assert!(!ids_of(&list).contains(&private), "{query}: {}", list.text);
    }
    assert!(ids_of(&get(&app, "/api/games?status=open").await).contains(&public));

    // A browser's own games, by their ids: listed or not. (Both may have
    // been created in the same millisecond, so their order is not known.)
    let own = get(&app, &format!("/api/games?ids={private},{public}")).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.text);
    let mut both = vec![public.clone(), private.clone()];
    both.sort();
    let mut found = ids_of(&own);
    found.sort();
    assert_eq!(found, both);
    let anna_bert = own.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["id"] == private.as_str())
        .unwrap();
    assert_eq!(anna_bert["names"], json!(["Anna", "Bert"]));
    let bad = get(&app, &format!("/api/games?ids={private},nope")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert!(
        bad.text.contains("\\\"nope\\\" is not a game's id"),
        "{}",
        bad.text
    );
    // Filtered and paged as the lobby's list is.
    let open = get(
        &app,
        &format!("/api/games?ids={private},{public}&status=open"),
    )
    .await;
    assert_eq!(ids_of(&open), [public.as_str()], "{}", open.text);
    let first = get(&app, &format!("/api/games?ids={private},{public}&limit=1")).await;
    let next = first.body["next"].as_str().unwrap();
    let second = get(
        &app,
        &format!("/api/games?ids={private},{public}&limit=1&before={next}"),
    )
    .await;
    assert_eq!(second.body["next"], Value::Null);
    let mut paged = [ids_of(&first), ids_of(&second)].concat();
    paged.sort();
    assert_eq!(paged, both, "the two pages hold both games once");
}

async fn the_host_reads_the_invitations_again_until_the_invited_person_comes(db: &Db) {
    let store = db.store().await;
    let (app, state) = server_on(&store, &Clock::system());
    let body = json!({"players": 3, "seats": [
        {"ai": 2}, {"name": "Anna"}, {"name": "Bert", "invited": true}]});
    let (id, tokens) = create(&app, body).await;
    let (anna, bert) = (tokens[1].clone().unwrap(), tokens[2].clone().unwrap());
    let uri = format!("/api/games/{id}/invitations");

    let host = get_as(&app, &uri, Some(&anna)).await;
    assert_eq!(host.status, StatusCode::OK, "{}", host.text);
    assert_eq!(
        host.body,
        json!({"invitations": [{"seat": 2, "name": "Bert", "token": bert}]})
    );
    assert_eq!(view(&app, &id).await["host"], 1);
    // Others cannot: the invited person, a stranger, nobody.
    for token in [bert.clone(), stranger_token()] {
        let refused = get_as(&app, &uri, Some(&token)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
        assert!(!refused.text.contains(&bert));
    }
    let anonymous = get_as(&app, &uri, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let missing = get_as(&app, "/api/games/abcdefghijkm/invitations", Some(&anna)).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    // Bert opens his link: the seat is claimed, and the link is his alone.
    let address = listen(&state).await;
    let mut watcher = connect(address, &id, 0).await;
    let mut socket = connect(address, &id, 0).await;
    assert_eq!(Copy::default().auth(&mut socket, &bert).await, 2);
    let after = get_as(&app, &uri, Some(&anna)).await;
    assert_eq!(after.body, json!({"invitations": []}), "{}", after.text);

    // He leaves: everyone sees that he is away, and since when.
    socket.send(Message::Close(None)).await.unwrap();
    loop {
        let message = next(&mut watcher).await;
        if message["type"] == "seats" && message["seats"][2]["connected"] == false {
            assert!(message["seats"][2]["away_ms"].as_i64().unwrap() >= 0);
            assert_eq!(message["seats"][0]["away_ms"], Value::Null, "a computer");
            break;
        }
    }
    // A server started afresh on the same store knows it too.
    let (again, _) = server_on(&store, &Clock::system());
    let seats = &view(&again, &id).await["seats"];
    assert!(seats[2]["away_ms"].is_i64(), "{seats}");
    assert!(seats[1]["away_ms"].is_i64(), "Anna never came: {seats}");
}

async fn a_game_without_invitations_has_none_to_read(db: &Db) {
    let (app, _) = server(db).await;
    let (id, tokens) = people_game(&app, 2).await;
    let uri = format!("/api/games/{id}/invitations");
    let host = get_as(&app, &uri, Some(&tokens[0])).await;
    assert_eq!(host.body, json!({"invitations": []}), "{}", host.text);
    let other = get_as(&app, &uri, Some(&tokens[1])).await;
    assert_eq!(other.status, StatusCode::FORBIDDEN, "{}", other.text);
    assert!(
        ids_of(&get(&app, "/api/games").await).contains(&id),
        "listed"
    );
}

/// Plays game `id` to its end with `tokens`.
async fn play_to_the_end(app: &Router, id: &str, tokens: &[String]) {
    for n in 0.. {
        let game = view(app, id).await;
        if game["status"] == "over" {
            return;
        }
        let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
        let mv = pick(&game["state"]["legal"], n);
        let answer = play(app, id, &tokens[seat], &mv, length(&game)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        assert!(n < 5_000, "the game does not end");
    }
}

async fn a_rematch_seats_everyone_one_round_further(db: &Db) {
    let (app, _) = server(db).await;
    let body = json!({"players": 3, "seats": [
        {"name": "Anna"}, {"name": "Bert", "invited": true}, {"name": "Cleo", "invited": true}],
        "hints": true});
    let (id, tokens) = create(&app, body).await;
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let early = post_as(&app, &format!("/api/games/{id}/rematch"), &tokens[1]).await;
    assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.text);
    play_to_the_end(&app, &id, &tokens).await;

    let offered = post_as(&app, &format!("/api/games/{id}/rematch"), &tokens[1]).await;
    assert_eq!(offered.status, StatusCode::OK, "{}", offered.text);
    let rematch = offered.body["id"].as_str().unwrap().to_owned();
    assert_eq!(offered.body["seat"], 2, "Bert moves from seat 1 to 2");
    let old = view(&app, &id).await;
    assert_eq!(
        old["rematch"],
        json!({"game": rematch, "by": 1, "seats": [1, 2, 0]})
    );
    // Asked again, by another seat, it is the same game.
    let again = post_as(&app, &format!("/api/games/{id}/rematch"), &tokens[0]).await;
    assert_eq!(again.body, json!({"id": rematch, "seat": 1}));
    let stranger = post_as(&app, &format!("/api/games/{id}/rematch"), &stranger_token()).await;
    assert_eq!(stranger.status, StatusCode::FORBIDDEN);

    let new = view(&app, &rematch).await;
    assert_eq!(new["status"], "running");
    assert_eq!(new["record"]["names"], json!(["Cleo", "Anna", "Bert"]));
    assert_eq!(new["hints"], true);
    assert_eq!(new["host"], 1, "the host moved round with the others");
    // Each plays the new seat with the token they hold.
    let to_act = new["state"]["to_act"].as_u64().unwrap() as usize;
    let holder = &tokens[(to_act + 2) % 3];
    let mv = pick(&new["state"]["legal"], 0);
    let moved = play(&app, &rematch, holder, &mv, length(&new)).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    // Still private, as the game it follows.
    assert!(!ids_of(&get(&app, "/api/games").await).contains(&rematch));
}

async fn the_host_reads_the_rematchs_unclaimed_invitations_at_the_new_table(db: &Db) {
    let store = db.store().await;
    let (app, state) = server_on(&store, &Clock::system());
    let body = json!({"players": 3, "seats": [
        {"name": "Anna"}, {"name": "Bert", "invited": true}, {"name": "Cleo", "invited": true}]});
    let (id, tokens) = create(&app, body).await;
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let (anna, bert, cleo) = (&tokens[0], &tokens[1], &tokens[2]);
    // Bert comes and claims his seat; Cleo never does.
    let address = listen(&state).await;
    let mut socket = connect(address, &id, 0).await;
    assert_eq!(Copy::default().auth(&mut socket, bert).await, 1);
    socket.send(Message::Close(None)).await.unwrap();
    play_to_the_end(&app, &id, &tokens).await;

    // Bert, not the host, offers the rematch: the server holds no token,
    // and still the host reads Cleo's invitation at the new table.
    let offered = post_as(&app, &format!("/api/games/{id}/rematch"), bert).await;
    assert_eq!(offered.status, StatusCode::OK, "{}", offered.text);
    let rematch = offered.body["id"].as_str().unwrap().to_owned();
    assert_eq!(view(&app, &rematch).await["host"], 1);
    let uri = format!("/api/games/{rematch}/invitations");
    let host = get_as(&app, &uri, Some(anna)).await;
    assert_eq!(host.status, StatusCode::OK, "{}", host.text);
    assert_eq!(
        host.body,
        json!({"invitations": [{"seat": 0, "name": "Cleo", "token": cleo}]}),
        "Cleo's seat, one round further; Bert's link stays his alone"
    );
    for token in [bert, cleo] {
        let refused = get_as(&app, &uri, Some(token)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    }
    // On a server started afresh, from the store.
    let (again, _) = server_on(&store, &Clock::system());
    assert_eq!(get_as(&again, &uri, Some(anna)).await.body, host.body);

    // Cleo comes to the rematch: from then on the link is hers alone.
    let mut socket = connect(address, &rematch, 0).await;
    assert_eq!(Copy::default().auth(&mut socket, cleo).await, 0);
    let after = get_as(&app, &uri, Some(anna)).await;
    assert_eq!(after.body, json!({"invitations": []}), "{}", after.text);
}

async fn a_rematch_keeps_the_computers_levels_and_moves_them_round(db: &Db) {
    let (app, _) = server(db).await;
    let body = json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 1}]});
    let (id, tokens) = create(&app, body).await;
    let anna = tokens[0].clone().unwrap();
    // The computer plays its own moves; Anna plays hers until the end.
    for n in 0..5_000 {
        let game = view(&app, &id).await;
        if game["status"] == "over" {
            break;
        }
        if game["state"]["to_act"] == 0 {
            let mv = pick(&game["state"]["legal"], n);
            play(&app, &id, &anna, &mv, length(&game)).await;
        } else {
            tokio::task::yield_now().await;
        }
    }
    let offered = post_as(&app, &format!("/api/games/{id}/rematch"), &anna).await;
    assert_eq!(offered.body["seat"], 1, "{}", offered.text);
    let new = view(&app, offered.body["id"].as_str().unwrap()).await;
    assert_eq!(new["seats"][0]["ai"], 1);
    assert_eq!(new["seats"][1]["name"], "Anna");
    assert_eq!(new["take_back"], true, "still a game against the computer");
}

async fn a_game_may_be_ended_as_abandoned_only_after_the_hosts_time(db: &Db) {
    let store = db.store().await;
    let clock = Clock::system();
    let (app, _) = server_on(&store, &clock);
    let mut body = anna_invites_bert();
    body["abandon_after_s"] = json!(3600);
    let (id, tokens) = create(&app, body).await;
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let game = view(&app, &id).await;
    assert_eq!(game["abandon_after_s"], 3600);
    let away = game["state"]["to_act"].as_u64().unwrap() as usize;
    let waiting = 1 - away;
    let uri = format!("/api/games/{id}/abandon");

    // The one the game waits for cannot, nor a stranger; nor anyone
    // before the hour is up.
    let own = post_as(&app, &uri, &tokens[away]).await;
    assert_eq!(own.status, StatusCode::FORBIDDEN, "{}", own.text);
    let stranger = post_as(&app, &uri, &stranger_token()).await;
    assert_eq!(stranger.status, StatusCode::FORBIDDEN, "{}", stranger.text);
    advance(&clock, 3_599_000);
    let early = post_as(&app, &uri, &tokens[waiting]).await;
    assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.text);
    assert!(
        early
            .text
            .contains("can be ended as abandoned 1 s from now"),
        "{}",
        early.text
    );

    // An hour on, on a server started afresh (what it knows of who is
    // away comes from the store), it may be ended.
    advance(&clock, 1_000);
    let (app, _) = server_on(&store, &clock);
    let ended = post_as(&app, &uri, &tokens[waiting]).await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.text);
    let game = view(&app, &id).await;
    assert_eq!(game["status"], "over");
    assert_eq!(game["record"]["result"]["abandoned"], json!([away]));
    assert_eq!(game["record"]["result"]["winners"], json!([]));
    let late = play(&app, &id, &tokens[away], "disc 1", length(&game)).await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.text);

    // The record says so, and reads back.
    let download = get(&app, &format!("/api/games/{id}/record")).await;
    let record = Record::from_json(&download.text).unwrap();
    assert_eq!(record.abandoned(), Some(vec![Seat::new(away).unwrap()]));
    assert!(
        !record.replay().unwrap().is_over(),
        "it ended before its end"
    );
    // So does the store, read back by another server.
    let (other, _) = server_on(&store, &clock);
    assert_eq!(view(&other, &id).await["status"], "over");
}

/// Plays game `id` with `tokens` until it waits for `seat`.
async fn play_until_waiting_for(app: &Router, id: &str, tokens: &[String], seat: u64) {
    for n in 0..1_000 {
        let game = view(app, id).await;
        let to_act = game["state"]["to_act"].as_u64().unwrap();
        if to_act == seat {
            return;
        }
        let mv = pick(&game["state"]["legal"], n);
        let answer = play(app, id, &tokens[to_act as usize], &mv, length(&game)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
    panic!("game {id} never waited for seat {seat}");
}

async fn a_seat_away_while_another_is_to_act_holds_nobody_up(db: &Db) {
    let store = db.store().await;
    let clock = Clock::system();
    let (app, state) = server_on(&store, &clock);
    let body = json!({"players": 3, "abandon_after_s": 60, "seats": [
        {"name": "Anna"}, {"name": "Bert", "invited": true}, {"name": "Cleo", "invited": true}]});
    let (id, tokens) = create(&app, body).await;
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    // Anna and Bert are at the table; Cleo never comes.
    let address = listen(&state).await;
    let mut sockets = Vec::new();
    for (seat, token) in tokens.iter().enumerate().take(2) {
        let mut socket = connect(address, &id, 0).await;
        assert_eq!(Copy::default().auth(&mut socket, token).await, seat);
        sockets.push(socket);
    }
    // Moves through the API are no presence: Cleo's are played so that
    // the game comes to wait for Bert.
    play_until_waiting_for(&app, &id, &tokens, 1).await;
    advance(&clock, 3_600_000);
    let game = view(&app, &id).await;
    assert!(game["seats"][2]["away_ms"].as_i64().unwrap() >= 3_600_000);
    assert_eq!(game["seats"][1]["away_ms"], Value::Null);

    // Cleo has been away an hour, but the game waits for Bert, who is here.
    let uri = format!("/api/games/{id}/abandon");
    let refused = post_as(&app, &uri, &tokens[0]).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    assert!(
        refused.text.contains("seat 1 has not been away"),
        "{}",
        refused.text
    );
    // Once it waits for her, it may be ended.
    play_until_waiting_for(&app, &id, &tokens, 2).await;
    let ended = post_as(&app, &uri, &tokens[0]).await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.text);
    let game = view(&app, &id).await;
    assert_eq!(game["record"]["result"]["abandoned"], json!([2]));
}

async fn a_game_with_a_clock_is_not_abandoned_and_bad_requests_are_refused(db: &Db) {
    let clock = Clock::system();
    let store = db.store().await;
    let (app, _) = server_on(&store, &clock);
    let mut body = anna_invites_bert();
    body["clock"] = json!({"days_per_move": 2});
    let (id, tokens) = create(&app, body).await;
    assert_eq!(view(&app, &id).await["abandon_after_s"], Value::Null);
    advance(&clock, 30 * 24 * 3_600_000);
    for token in tokens.iter().flatten() {
        let refused = post_as(&app, &format!("/api/games/{id}/abandon"), token).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
        assert!(refused.text.contains("with a clock"), "{}", refused.text);
    }
    let bad = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "A"}, {"name": "B"}], "abandon_after_s": 0}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.text.contains("field `abandon_after_s`"), "{}", bad.text);
    let bad = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "A"}, {"ai": 2, "invited": true}]}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.text.contains("only a person's seat is invited"),
        "{}",
        bad.text
    );
}

on_every_store!(
    a_game_with_invited_seats_is_not_listed_but_its_id_finds_it,
    the_host_reads_the_invitations_again_until_the_invited_person_comes,
    a_game_without_invitations_has_none_to_read,
    a_rematch_seats_everyone_one_round_further,
    a_rematch_keeps_the_computers_levels_and_moves_them_round,
    the_host_reads_the_rematchs_unclaimed_invitations_at_the_new_table,
    a_game_may_be_ended_as_abandoned_only_after_the_hosts_time,
    a_seat_away_while_another_is_to_act_holds_nobody_up,
    a_game_with_a_clock_is_not_abandoned_and_bad_requests_are_refused,
);
