//! The WebSocket on a real socket (port 0): two people play a game to the
//! end over it while a third client watches, one player drops and comes
//! back with `from`, and every client ends with the same record; a person
//! against the computer takes decisions back, and every client's record
//! is shortened with the server's.

mod support;

use std::net::SocketAddr;

use carolus_rules::Record;
use carolus_server::AppState;
use futures_util::SinkExt;
use serde_json::json;
use support::*;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

/// A server on a free loopback port; answers its address and the sender
/// that stops it.
async fn listening(db: &Db) -> (SocketAddr, AppState, oneshot::Sender<()>) {
    listening_with(db, test_limits()).await
}

/// A server as [`listening`], with `limits`.
async fn listening_with(
    db: &Db,
    limits: carolus_server::Limits,
) -> (SocketAddr, AppState, oneshot::Sender<()>) {
    let store = db.store().await;
    let state = AppState::new(store, limits);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = state.clone();
    tokio::spawn(async move {
        carolus_server::run(listener, serving, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    (address, state, stop)
}

async fn two_players_and_a_watcher_end_with_the_same_record(db: &Db) {
    let (address, _state, stop) = listening(db).await;
    let app = carolus_server::app(_state.clone());
    let (id, tokens) = people_game(&app, 2).await;

    let mut players = [
        connect(address, &id, 0).await,
        connect(address, &id, 0).await,
    ];
    let mut copies = [Copy::default(), Copy::default()];
    let mut watcher = connect(address, &id, 0).await;
    let mut watched = Copy::default();
    watched.take(&next(&mut watcher).await);
    for (seat, socket) in players.iter_mut().enumerate() {
        copies[seat].take(&next(socket).await);
        assert_eq!(copies[seat].auth(socket, &tokens[seat]).await, seat);
    }

    let mut turns = 0;
    let mut dropped = false;
    while copies[0].status != "over" {
        let seat = copies[0].state["to_act"].as_u64().unwrap() as usize;
        // Halfway through, seat 1 loses its connection for a few moves and
        // comes back with the length it last saw.
        if turns == 40 && !dropped {
            dropped = true;
            players[1].close(None).await.unwrap();
        }
        if dropped && (seat == 1 || turns == 60) {
            let from = copies[1].moves.len();
            players[1] = connect(address, &id, from).await;
            copies[1].take(&next(&mut players[1]).await);
            assert_eq!(copies[1].auth(&mut players[1], &tokens[1]).await, 1);
            dropped = false;
        }
        let actor = &copies[seat];
        let mv = pick(&actor.state["legal"], turns);
        let at = actor.moves.len();
        players[seat]
            .send(Message::text(
                json!({"type": "move", "move": mv, "at": at}).to_string(),
            ))
            .await
            .unwrap();
        for (index, socket) in players.iter_mut().enumerate() {
            if index == 1 && dropped {
                continue;
            }
            copies[index].take_next_update(socket).await;
        }
        turns += 1;
        assert!(turns < 5_000, "the game does not end");
    }
    while watched.status != "over" {
        watched.take(&next(&mut watcher).await);
    }
    assert_eq!(copies[0].moves, copies[1].moves);
    assert_eq!(copies[0].moves, watched.moves);
    let download = get(&app, &format!("/api/games/{id}/record")).await;
    let record = Record::from_json(&download.text).unwrap();
    let tokens: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
    assert_eq!(tokens, watched.moves);
    assert!(record.replay().unwrap().is_over());
    stop.send(()).unwrap();
}

async fn a_socket_refuses_moves_before_auth_and_says_why(db: &Db) {
    let (address, state, stop) = listening(db).await;
    let app = carolus_server::app(state);
    let (id, tokens) = people_game(&app, 2).await;
    let mut socket = connect(address, &id, 0).await;
    let mut copy = Copy::default();
    copy.take(&next(&mut socket).await);
    let mv = copy.state["legal"][0].as_str().unwrap();
    socket
        .send(Message::text(
            json!({"type": "move", "move": mv, "at": copy.moves.len()}).to_string(),
        ))
        .await
        .unwrap();
    let refusal = next_error(&mut socket).await;
    assert_eq!(refusal["type"], "error");
    assert_eq!(refusal["status"], 401);

    socket
        .send(Message::text("{\"type\": \"move\""))
        .await
        .unwrap();
    let malformed = next_error(&mut socket).await;
    assert_eq!(malformed["status"], 400, "{malformed}");

    socket
        .send(Message::text(
            json!({"type": "auth", "token": support::stranger_token()}).to_string(),
        ))
        .await
        .unwrap();
    assert_eq!(next_error(&mut socket).await["status"], 403);

    let seat = copy.state["to_act"].as_u64().unwrap() as usize;
    assert_eq!(copy.auth(&mut socket, &tokens[seat]).await, seat);
    socket
        .send(Message::text(
            json!({"type": "move", "move": "move 9", "at": copy.moves.len()}).to_string(),
        ))
        .await
        .unwrap();
    let illegal = next_error(&mut socket).await;
    assert_eq!(illegal["status"], 422);
    assert_eq!(illegal["legal"], copy.state["legal"]);

    let mut beyond = connect(address, &id, 10_000).await;
    let answer = next_error(&mut beyond).await;
    assert_eq!(answer["status"], 409, "{answer}");
    stop.send(()).unwrap();
}

async fn a_take_back_shortens_every_clients_record_and_the_game_goes_on(db: &Db) {
    let (address, state, stop) = listening(db).await;
    let app = carolus_server::app(state.clone());
    let created = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 1}]}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(view(&app, &id).await["take_back"], true);

    let mut anna = connect(address, &id, 0).await;
    let mut mine = Copy::default();
    mine.take(&next(&mut anna).await);
    assert_eq!(mine.auth(&mut anna, &token).await, 0);
    let mut watcher = connect(address, &id, 0).await;
    let mut watched = Copy::default();
    watched.take(&next(&mut watcher).await);

    let send = |message: serde_json::Value| Message::text(message.to_string());
    let mut decisions = 0;
    let mut took_back = 0;
    while mine.status != "over" {
        if mine.state["to_act"] != 0 {
            mine.take(&next(&mut anna).await);
            continue;
        }
        // Every fifth decision of Anna's is taken back once it is made
        // (and the computer may have answered it meanwhile).
        if decisions % 5 == 4 {
            took_back += 1;
            let before = mine.moves.len();
            anna.send(send(json!({"type": "takeback", "at": before})))
                .await
                .unwrap();
            mine.take_until(&mut anna, |copy, _| copy.takebacks == took_back)
                .await;
            assert!(mine.moves.len() < before);
            assert_eq!(mine.state["to_act"], 0, "Anna decides again");
            let game = view(&app, &id).await;
            assert_eq!(length(&game), mine.moves.len());
            assert_eq!(game["takebacks"], took_back);

            // A client that saw the record before the take back and comes
            // back with its length gets the whole record again.
            let mut late = connect_query(address, &id, &format!("from={before}&takebacks=0")).await;
            let first = next(&mut late).await;
            assert_eq!(first["from"], 0, "{first}");
            let mut copy = Copy::default();
            copy.take(&first);
            assert_eq!(copy.moves, mine.moves);
        }
        let mv = pick(&mine.state["legal"], decisions);
        let at = mine.moves.len();
        anna.send(send(json!({"type": "move", "move": mv, "at": at})))
            .await
            .unwrap();
        decisions += 1;
        mine.take_next_update(&mut anna).await;
        assert!(decisions < 5_000, "the game does not end");
    }
    assert!(took_back >= 3, "{took_back} take backs");
    while watched.status != "over" {
        watched.take(&next(&mut watcher).await);
    }
    assert_eq!(watched.moves, mine.moves);
    let download = get(&app, &format!("/api/games/{id}/record")).await;
    let record = Record::from_json(&download.text).unwrap();
    let tokens: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
    assert_eq!(tokens, mine.moves);
    assert!(record.replay().unwrap().is_over());

    // Once the game is over, nothing is taken back.
    anna.send(send(json!({"type": "takeback", "at": mine.moves.len()})))
        .await
        .unwrap();
    assert_eq!(next_error(&mut anna).await["status"], 409);
    stop.send(()).unwrap();
}

async fn a_message_past_the_rate_says_when_to_send_it_again(db: &Db) {
    let limits = carolus_server::Limits {
        messages_per_second: 1,
        ..test_limits()
    };
    let (address, state, stop) = listening_with(db, limits).await;
    let (id, _) = people_game(&carolus_server::app(state), 2).await;
    let mut socket = connect(address, &id, 0).await;
    next(&mut socket).await;
    // Bursts of two pass; the third message waits for the next token.
    let refusal = loop {
        socket.send(Message::text("{}")).await.unwrap();
        let error = next_error(&mut socket).await;
        if error["status"] != 400 {
            break error;
        }
    };
    assert_eq!(refusal["status"], 429, "{refusal}");
    assert_eq!(refusal["retry_after_s"], 1, "{refusal}");
    stop.send(()).unwrap();
}

on_every_store!(
    a_message_past_the_rate_says_when_to_send_it_again,
    two_players_and_a_watcher_end_with_the_same_record,
    a_socket_refuses_moves_before_auth_and_says_why,
    a_take_back_shortens_every_clients_record_and_the_game_goes_on,
);
