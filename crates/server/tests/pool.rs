//! "Play now" as a client meets it, through `oneshot` on SQLite and
//! PostgreSQL: two accounts paired at their own seats of a rated game,
//! the rating range widening as people wait, the computer filling seats
//! after the wait and on request, leaving the pool by asking and by
//! silence, and two servers on one PostgreSQL database making exactly one
//! game of a pairing. Time is the server's clock, moved by the test.

mod support;

use axum::Router;
use axum::http::{Method, StatusCode};
use carolus_accounts::rating::{Mode, Rating};
use carolus_server::clock::Clock;
use carolus_server::{AppState, Setup, app};
use serde_json::{Value, json};
use support::accounts::*;
use support::*;

/// A clock the pool's games are played with.
fn blitz() -> Value {
    json!({"initial_s": 300, "increment_s": 5})
}

/// Asks the pool for a game of `mode` as `cookie` (joining or refreshing).
async fn join(app: &Router, cookie: &str, mode: &str, computer: bool) -> Answer {
    let answer = Call::new(Method::POST, "/api/pool")
        .body(json!({"mode": mode, "clock": blitz(), "computer": computer}))
        .cookie(cookie)
        .send(app)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer
}

async fn state_of(app: &Router, cookie: &str) -> Value {
    let answer = Call::new(Method::GET, "/api/pool")
        .cookie(cookie)
        .send(app)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.body
}

/// The account's seats of game `id` with their tokens.
async fn mine(app: &Router, cookie: &str, id: &str) -> Value {
    let answer = Call::new(Method::GET, &format!("/api/games/{id}/mine"))
        .cookie(cookie)
        .send(app)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.body["seats"].clone()
}

/// Sets the account's rating in `mode` to show as `shown` (settled, not
/// provisional).
async fn rate(state: &AppState, name: &str, mode: Mode, shown: f64) {
    let rating = Rating {
        mu: shown / 60.0,
        sigma: 2.0,
    };
    state.store().put_rating(name, mode, rating).await.unwrap();
}

async fn two_accounts_are_paired_at_their_own_seats_of_a_rated_game(db: &Db) {
    let (app, _) = server(db).await;
    // Without a session, from another site, with a body that is none.
    let nobody = Call::new(Method::POST, "/api/pool")
        .body(json!({"mode": "2p", "clock": blitz()}))
        .send(&app)
        .await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "{}", nobody.text);
    let anna = sign_up(&app, "Anna").await;
    let bert = sign_up(&app, "Bert").await;
    let forged = Call::new(Method::POST, "/api/pool")
        .body(json!({"mode": "2p", "clock": blitz()}))
        .cookie(&anna)
        .origin(Some("https://evil.example"))
        .send(&app)
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.text);
    for body in [
        json!({"mode": "5p", "clock": blitz()}),
        json!({"mode": "2p"}),
        json!({"mode": "2p", "clock": {"initial_s": 0}}),
        json!({"mode": "2p", "clock": [300]}),
        json!({"mode": "2p", "clock": blitz(), "rated": true}),
    ] {
        let bad = Call::new(Method::POST, "/api/pool")
            .body(body.clone())
            .cookie(&anna)
            .send(&app)
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{body}: {}", bad.text);
    }
    assert_eq!(state_of(&app, &anna).await, json!({"status": "none"}));

    let waiting = join(&app, &anna, "2p", false).await.body;
    assert_eq!(waiting["status"], "waiting", "{waiting}");
    assert_eq!(waiting["mode"], "2p");
    assert_eq!(waiting["clock"], blitz());
    assert_eq!(waiting["rating"], 1500);
    assert_eq!(waiting["others"], 0);
    assert_eq!(waiting["range"], 100);
    assert_eq!(waiting["heartbeat_s"], 5);
    assert_eq!(state_of(&app, &anna).await["status"], "waiting");
    // Someone waiting for another clock or mode is no opponent.
    let other_clock = Call::new(Method::POST, "/api/pool")
        .body(json!({"mode": "2p", "clock": {"days_per_move": 2}}))
        .cookie(&bert)
        .send(&app)
        .await;
    assert_eq!(
        other_clock.body["status"], "waiting",
        "{}",
        other_clock.text
    );
    assert_eq!(other_clock.body["others"], 0);
    assert_eq!(
        join(&app, &bert, "3p", false).await.body["status"],
        "waiting"
    );

    let paired = join(&app, &bert, "2p", false).await.body;
    assert_eq!(paired["status"], "paired", "{paired}");
    let id = paired["game"].as_str().unwrap().to_owned();
    let anna_now = join(&app, &anna, "2p", false).await.body;
    assert_eq!(anna_now["status"], "paired", "{anna_now}");
    assert_eq!(anna_now["game"], id.as_str());
    assert_ne!(anna_now["seat"], paired["seat"]);
    assert_eq!(state_of(&app, &anna).await, anna_now);

    // Each owns their seat, with the token the pool gave.
    for (cookie, answer) in [(&anna, &anna_now), (&bert, &paired)] {
        let seats = mine(&app, cookie, &id).await;
        assert_eq!(
            seats,
            json!([{"seat": answer["seat"], "token": answer["token"]}])
        );
    }
    let game = view(&app, &id).await;
    assert_eq!(game["rated"], true);
    assert_eq!(game["status"], "running");
    assert_eq!(game["clock"], blitz());
    assert_eq!(game["take_back"], false);
    let seat_of = |answer: &Value| answer["seat"].as_u64().unwrap() as usize;
    assert_eq!(game["seats"][seat_of(&anna_now)]["name"], "Anna");
    assert_eq!(game["seats"][seat_of(&paired)]["name"], "Bert");
    // The token plays the seat.
    let to_act = game["state"]["to_act"].as_u64().unwrap() as usize;
    let token = if to_act == seat_of(&anna_now) {
        &anna_now["token"]
    } else {
        &paired["token"]
    };
    let mv = pick(&game["state"]["legal"], 0);
    let played = play(&app, &id, token.as_str().unwrap(), &mv, length(&game)).await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);

    // Leaving after the pairing forgets it; asking again is a new wait.
    let left = Call::new(Method::DELETE, "/api/pool")
        .cookie(&anna)
        .send(&app)
        .await;
    assert_eq!(left.status, StatusCode::NO_CONTENT, "{}", left.text);
    assert_eq!(state_of(&app, &anna).await, json!({"status": "none"}));
    assert_eq!(
        join(&app, &anna, "2p", false).await.body["status"],
        "waiting"
    );
}

/// A server on `db` whose clock the test moves, with the computer
/// filling seats after `wait_s` seconds.
async fn server_waiting(db: &Db, clock: &Clock, wait_s: u64) -> (Router, AppState) {
    let limits = carolus_server::Limits {
        pool_wait: std::time::Duration::from_secs(wait_s),
        ..test_limits()
    };
    let setup = Setup {
        clock: clock.clone(),
        ..Setup::default()
    };
    let state = AppState::with_setup(db.store().await, limits, setup);
    (app(state.clone()), state)
}

async fn the_range_of_ratings_widens_as_people_wait(db: &Db) {
    let clock = Clock::system();
    let (app, state) = server_waiting(db, &clock, 600).await;
    let anna = sign_up(&app, "Anna").await;
    let bert = sign_up(&app, "Bert").await;
    rate(&state, "Bert", Mode::TwoPlayers, 1750.0).await;
    assert_eq!(
        join(&app, &anna, "2p", false).await.body["status"],
        "waiting"
    );
    let bert_waits = join(&app, &bert, "2p", false).await.body;
    assert_eq!(bert_waits["status"], "waiting", "{bert_waits}");
    assert_eq!(bert_waits["rating"], 1750);
    assert_eq!(bert_waits["others"], 1);
    // 250 apart: after 10 s Anna accepts 200 either side, not yet Bert.
    for _ in 0..2 {
        advance(&clock, 5_000);
        assert_eq!(
            join(&app, &anna, "2p", false).await.body["status"],
            "waiting"
        );
        assert_eq!(
            join(&app, &bert, "2p", false).await.body["status"],
            "waiting"
        );
    }
    let anna_waits = join(&app, &anna, "2p", false).await.body;
    assert!(
        (200..250).contains(&anna_waits["range"].as_i64().unwrap()),
        "{anna_waits}"
    );
    assert!(anna_waits["waited_ms"].as_i64().unwrap() >= 10_000);
    // After 15 s she accepts 250: they are paired.
    advance(&clock, 5_000);
    let paired = join(&app, &anna, "2p", false).await.body;
    assert_eq!(paired["status"], "paired", "{paired}");
    assert_eq!(
        join(&app, &bert, "2p", false).await.body["game"],
        paired["game"]
    );
}

async fn the_computer_fills_the_seats_after_the_wait_or_when_asked(db: &Db) {
    let clock = Clock::system();
    let (app, _) = server_waiting(db, &clock, 60).await;
    let anna = sign_up(&app, "Anna").await;
    let waiting = join(&app, &anna, "2p", false).await.body;
    assert_eq!(waiting["computer_in_ms"], 60_000, "{waiting}");
    // Her page asks every 5 s.
    let heartbeats = async |times: usize| {
        let mut last = Value::Null;
        for _ in 0..times {
            advance(&clock, 5_000);
            last = join(&app, &anna, "2p", false).await.body;
        }
        last
    };
    let halfway = heartbeats(6).await;
    assert_eq!(halfway["status"], "waiting", "{halfway}");
    let left = halfway["computer_in_ms"].as_i64().unwrap();
    assert!((29_000..=30_000).contains(&left), "{halfway}");
    assert_eq!(heartbeats(5).await["status"], "waiting");
    let paired = heartbeats(1).await;
    assert_eq!(paired["status"], "paired", "{paired}");
    let game = view(&app, paired["game"].as_str().unwrap()).await;
    assert_eq!(game["rated"], true);
    let other = 1 - paired["seat"].as_u64().unwrap() as usize;
    // A newcomer (1500, mu 25) meets level 3, whose anchor is nearest.
    assert_eq!(game["seats"][other]["ai"], 3, "{game}");
    // The pairing is told for two minutes, then forgotten.
    advance(&clock, 110_000);
    assert_eq!(state_of(&app, &anna).await["game"], paired["game"]);
    advance(&clock, 11_000);
    assert_eq!(state_of(&app, &anna).await, json!({"status": "none"}));

    // On request, at once: a three-player game, the two other seats the
    // computer's.
    let bert = sign_up(&app, "Bert").await;
    assert_eq!(
        join(&app, &bert, "3p", false).await.body["status"],
        "waiting"
    );
    let now = join(&app, &bert, "3p", true).await.body;
    assert_eq!(now["status"], "paired", "{now}");
    let game = view(&app, now["game"].as_str().unwrap()).await;
    let computers = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|seat| seat["ai"] == 3)
        .count();
    assert_eq!(computers, 2, "{game}");
    // The people waiting who fit take seats before the computer: Carl
    // and Dora in the team game, Dora asking for the computer.
    let carl = sign_up(&app, "Carl").await;
    let dora = sign_up(&app, "Dora").await;
    assert_eq!(
        join(&app, &carl, "teams", false).await.body["status"],
        "waiting"
    );
    let dora_now = join(&app, &dora, "teams", true).await.body;
    assert_eq!(dora_now["status"], "paired", "{dora_now}");
    let carl_now = join(&app, &carl, "teams", false).await.body;
    assert_eq!(carl_now["game"], dora_now["game"], "{carl_now}");
    let game = view(&app, dora_now["game"].as_str().unwrap()).await;
    assert_eq!(game["teams"], true);
    let people: Vec<&Value> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|seat| seat["ai"].is_null())
        .collect();
    assert_eq!(people.len(), 2, "{game}");
}

async fn leaving_the_page_leaves_the_pool(db: &Db) {
    let clock = Clock::system();
    let (app, _) = server_waiting(db, &clock, 600).await;
    let anna = sign_up(&app, "Anna").await;
    let bert = sign_up(&app, "Bert").await;
    // Asked to leave: gone at once, and nobody is paired with her.
    join(&app, &anna, "2p", false).await;
    let left = Call::new(Method::DELETE, "/api/pool")
        .cookie(&anna)
        .send(&app)
        .await;
    assert_eq!(left.status, StatusCode::NO_CONTENT);
    assert_eq!(state_of(&app, &anna).await["status"], "none");
    let alone = join(&app, &bert, "2p", false).await.body;
    assert_eq!(alone["status"], "waiting");
    assert_eq!(alone["others"], 0);
    // A page gone without a word: its heartbeat stops, and 20 s later
    // its wait is over.
    let leave = Call::new(Method::DELETE, "/api/pool")
        .cookie(&bert)
        .send(&app)
        .await;
    assert_eq!(leave.status, StatusCode::NO_CONTENT);
    assert_eq!(
        join(&app, &anna, "2p", false).await.body["status"],
        "waiting"
    );
    advance(&clock, 15_000);
    assert_eq!(state_of(&app, &anna).await["status"], "waiting");
    advance(&clock, 6_000);
    assert_eq!(state_of(&app, &anna).await["status"], "none");
    let still = join(&app, &bert, "2p", false).await.body;
    assert_eq!(still["status"], "waiting", "{still}");
    assert_eq!(still["others"], 0, "{still}");
    // Her page asking again begins a new wait, and they are paired.
    let back = join(&app, &anna, "2p", false).await.body;
    assert_eq!(back["status"], "paired", "{back}");
    // Leaving without a session is refused.
    let nobody = Call::new(Method::DELETE, "/api/pool").send(&app).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    let nobody = Call::new(Method::GET, "/api/pool").send(&app).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
}

on_every_store!(
    two_accounts_are_paired_at_their_own_seats_of_a_rated_game,
    the_range_of_ratings_widens_as_people_wait,
    the_computer_fills_the_seats_after_the_wait_or_when_asked,
    leaving_the_page_leaves_the_pool,
);

/// Two servers on one PostgreSQL database, one clock: people who wait on
/// both are paired once. Each round, two people whose ratings do not yet
/// fit wait, then ask again at the same moment on different servers once
/// they fit: both servers see the pairing, exactly one makes the game,
/// and both people are told the same one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_servers_pair_two_people_exactly_once() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let clock = Clock::system();
    let (one, state) = server_waiting(&db, &clock, 600).await;
    let (two, _) = server_waiting(&db, &clock, 600).await;
    let mut games = Vec::new();
    for round in 0..8 {
        let anna = sign_up(&one, &format!("Anna{round}")).await;
        let bert = sign_up(&two, &format!("Bert{round}")).await;
        rate(&state, &format!("Bert{round}"), Mode::TwoPlayers, 1650.0).await;
        assert_eq!(
            join(&one, &anna, "2p", false).await.body["status"],
            "waiting"
        );
        assert_eq!(
            join(&two, &bert, "2p", false).await.body["status"],
            "waiting"
        );
        // 150 apart: after 5 s the range is 150.
        advance(&clock, 5_000);
        let (a, b) = tokio::join!(
            join(&one, &anna, "2p", false),
            join(&two, &bert, "2p", false)
        );
        let (mut a, mut b) = (a.body, b.body);
        // The one whose claim lost may be told before the game is
        // stored; their next ask finds it.
        for _ in 0..50 {
            if a["status"] == "paired" && b["status"] == "paired" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            a = join(&one, &anna, "2p", false).await.body;
            b = join(&two, &bert, "2p", false).await.body;
        }
        assert_eq!(a["status"], "paired", "{a}");
        assert_eq!(a["game"], b["game"], "{a} {b}");
        games.push(a["game"].as_str().unwrap().to_owned());
        // Each server answers the other's person the same.
        assert_eq!(state_of(&two, &anna).await["game"], a["game"]);
    }
    // Exactly the rounds' games were made, no more.
    let listed = get(&one, "/api/games?status=running&limit=100").await;
    let mut made: Vec<String> = listed.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["id"].as_str().unwrap().to_owned())
        .collect();
    made.sort();
    games.sort();
    assert_eq!(made, games);
}
