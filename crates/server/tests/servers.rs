//! Two servers on one PostgreSQL database, in one process: a game with a
//! player on each server and watchers on both ends with the same record
//! everywhere, whichever server a move arrives at; and when the server
//! searching a computer's move dies, the other takes the move over once
//! the dead server's claim lapses. (Skipped without PostgreSQL; see
//! `support::Db::postgres`.)

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use carolus_rules::Record;
use carolus_server::client::Client;
use carolus_server::{AppState, Limits, Store, app};
use futures_util::SinkExt;
use serde_json::json;
use support::*;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

/// A server on a free loopback port in the test's runtime.
struct Served {
    address: SocketAddr,
    state: AppState,
    _stop: oneshot::Sender<()>,
}

async fn serve(url: &str, limits: Limits) -> Served {
    let state = AppState::new(Store::open(url).await.unwrap(), limits);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(carolus_server::run(listener, state.clone(), async {
        let _ = stopped.await;
    }));
    Served {
        address,
        state,
        _stop: stop,
    }
}

/// Two servers on `db`, and the router of each.
async fn two_servers(db: &Db) -> ([Served; 2], [axum::Router; 2]) {
    let servers = [
        serve(db.url(), test_limits()).await,
        serve(db.url(), test_limits()).await,
    ];
    let apps = [app(servers[0].state.clone()), app(servers[1].state.clone())];
    (servers, apps)
}

/// A server in a runtime of its own, which [`Crashable::crash`] ends at
/// once, as a crash would: no graceful shutdown, its connections to the
/// database cut, its claims left behind in the database.
struct Crashable {
    address: SocketAddr,
    runtime: tokio::runtime::Runtime,
}

impl Crashable {
    async fn start(url: &str, limits: Limits) -> Crashable {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let url = url.to_owned();
        let address = runtime
            .spawn(async move {
                let state = AppState::new(Store::open(&url).await.unwrap(), limits);
                let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
                let address = listener.local_addr().unwrap();
                tokio::spawn(carolus_server::run(listener, state, std::future::pending()));
                address
            })
            .await
            .unwrap();
        Crashable { address, runtime }
    }

    fn crash(self) {
        self.runtime.shutdown_background();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_across_two_servers_ends_with_the_same_record_everywhere() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let (servers, apps) = two_servers(&db).await;
    let (id, tokens) = people_game(&apps[0], 2).await;

    // Seat 0 plays on the first server, seat 1 on the second; a watcher
    // on each.
    let mut players = [
        connect(servers[0].address, &id, 0).await,
        connect(servers[1].address, &id, 0).await,
    ];
    let mut copies = [Copy::default(), Copy::default()];
    let mut watchers = [
        connect(servers[0].address, &id, 0).await,
        connect(servers[1].address, &id, 0).await,
    ];
    let mut watched = [Copy::default(), Copy::default()];
    for (copy, socket) in watched.iter_mut().zip(&mut watchers) {
        copy.take(&next(socket).await);
    }
    for (seat, socket) in players.iter_mut().enumerate() {
        copies[seat].take(&next(socket).await);
        assert_eq!(copies[seat].auth(socket, &tokens[seat]).await, seat);
    }

    let mut turns = 0;
    // Which server seat 1 is connected to; it changes servers now and
    // then, coming back with the length it last saw.
    let mut seat_1_on = 1;
    while copies[0].status != "over" {
        if turns % 25 == 24 {
            seat_1_on = 1 - seat_1_on;
            let from = copies[1].moves.len();
            players[1] = connect(servers[seat_1_on].address, &id, from).await;
            copies[1].take(&next(&mut players[1]).await);
            assert_eq!(copies[1].auth(&mut players[1], &tokens[1]).await, 1);
        }
        let seat = copies[0].state["to_act"].as_u64().unwrap() as usize;
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
            copies[index].take_next_update(socket).await;
        }
        turns += 1;
        assert!(turns < 5_000, "the game does not end");
    }
    for (copy, socket) in watched.iter_mut().zip(&mut watchers) {
        while copy.status != "over" {
            copy.take(&next(socket).await);
        }
    }
    assert_eq!(copies[0].moves, copies[1].moves);
    assert_eq!(copies[0].moves, watched[0].moves);
    assert_eq!(copies[0].moves, watched[1].moves);
    for app in &apps {
        let download = get(app, &format!("/api/games/{id}/record")).await;
        let record = Record::from_json(&download.text).unwrap();
        let tokens: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
        assert_eq!(tokens, copies[0].moves);
        assert!(record.replay().unwrap().is_over());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_back_on_one_server_shortens_the_record_of_the_other_servers_watchers() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let (servers, apps) = two_servers(&db).await;
    let created = post(
        &apps[0],
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 1}]}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let anna = created.body["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut watcher = connect(servers[1].address, &id, 0).await;
    let mut watched = Copy::default();
    watched.take(&next(&mut watcher).await);

    // Anna's requests go to either server, as a load balancer sends them;
    // every seventh decision she takes back on the server she is at.
    let mut decisions = 0;
    let mut took_back = 0;
    let mut taken_back_at = None;
    for turn in 0..50_000 {
        let at_server = &apps[turn % 2];
        let game = view(at_server, &id).await;
        if game["status"] == "over" {
            break;
        }
        if game["state"]["to_act"] != 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        if decisions % 7 == 6 && taken_back_at != Some(decisions) && game["takebacks"] == took_back
        {
            let answer = post_raw(
                at_server,
                &format!("/api/games/{id}/takeback"),
                json!({"at": length(&game)}).to_string(),
                Some(&anna),
            )
            .await;
            // As with a move, a server that has not heard of the last
            // change yet answers that the view was stale.
            if answer.status == StatusCode::CONFLICT {
                continue;
            }
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
            took_back += 1;
            taken_back_at = Some(decisions);
            // The other server's watcher hears of it.
            while watched.takebacks < took_back {
                watched.take(&next(&mut watcher).await);
            }
            let shortened = view(at_server, &id).await;
            let moves: Vec<String> =
                serde_json::from_value(shortened["record"]["moves"].clone()).unwrap();
            assert_eq!(watched.moves, moves);
            continue;
        }
        let mv = pick(&game["state"]["legal"], decisions);
        let answer = play(at_server, &id, &anna, &mv, length(&game)).await;
        // The other server may not have heard of the last change yet; a
        // stale answer says so, and the next view is fresh.
        if answer.status == StatusCode::CONFLICT {
            continue;
        }
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        decisions += 1;
    }
    assert!(took_back >= 3, "{took_back} take backs");
    while watched.status != "over" {
        watched.take(&next(&mut watcher).await);
    }
    for at_server in &apps {
        let download = get(at_server, &format!("/api/games/{id}/record")).await;
        let record = Record::from_json(&download.text).unwrap();
        let tokens: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
        assert_eq!(tokens, watched.moves);
        assert!(record.replay().unwrap().is_over());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_where_nobody_watches_a_game_leaves_the_others_changes_until_it_is_used() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let (servers, apps) = two_servers(&db).await;
    // Created on the first server, so in play there; played on the second.
    let (id, tokens) = people_game(&apps[0], 2).await;
    play_some(&apps[1], &id, &tokens, 10).await;
    let heard_all = Instant::now() + Duration::from_secs(10);
    while changes(&apps[0], "deferred").await < 10 {
        assert!(
            Instant::now() < heard_all,
            "the first server hears of the moves"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(changes(&apps[0], "followed").await, 0);

    // Used again, the game is read back first.
    assert_eq!(
        view(&apps[0], &id).await["record"],
        view(&apps[1], &id).await["record"]
    );

    // Watched there, the changes are followed as they come.
    let mut watcher = connect(servers[0].address, &id, 0).await;
    let mut watched = Copy::default();
    watched.take(&next(&mut watcher).await);
    assert_eq!(watched.moves.len(), length(&view(&apps[1], &id).await));
    play_some(&apps[1], &id, &tokens, 5).await;
    let record = view(&apps[1], &id).await;
    while watched.moves.len() < length(&record) {
        watched.take(&next(&mut watcher).await);
    }
    let moves: Vec<String> = serde_json::from_value(record["record"]["moves"].clone()).unwrap();
    assert_eq!(watched.moves, moves);
    assert_eq!(changes(&apps[0], "followed").await, 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_used_only_on_another_server_leaves_this_servers_memory() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let rest = Duration::from_secs(1);
    let resting = serve(
        db.url(),
        Limits {
            rest_after: rest,
            ..test_limits()
        },
    )
    .await;
    let playing = serve(db.url(), test_limits()).await;
    let apps = [app(resting.state.clone()), app(playing.state.clone())];
    let (id, tokens) = people_game(&apps[0], 2).await;
    assert_eq!(running(&apps[0]).await, 1);

    // The game goes on at the other server; the first rests it all the
    // same, since nobody there uses it: when it leaves the first server's
    // memory, the other server had played a move in it within the rest
    // time. (How many moves fit in that time depends on the machine, so
    // the test states when the last one was, not how many there were.)
    let start = Instant::now();
    let mut last_move = None;
    while running(&apps[0]).await == 1 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the game stays in the first server's memory"
        );
        play_some(&apps[1], &id, &tokens, 1).await;
        last_move = Some(Instant::now());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let since_last_move = last_move.expect("a move was played").elapsed();
    assert!(
        since_last_move < rest,
        "the other server's last move was {since_last_move:?} before the game rested"
    );
    assert!(changes(&apps[0], "deferred").await > 0);
    assert_eq!(
        view(&apps[0], &id).await["record"],
        view(&apps[1], &id).await["record"]
    );
}

/// The value `app`'s server shows for the metric `series` (a name, with
/// its labels if it has any).
async fn metric(app: &axum::Router, series: &str) -> u64 {
    let metrics = get(app, "/metrics").await.text;
    let line = metrics
        .lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '));
    let value = line.unwrap_or_else(|| panic!("{series} is shown: {metrics}"));
    value.parse().unwrap()
}

/// How many games not over `app`'s server holds in memory.
async fn running(app: &axum::Router) -> u64 {
    metric(app, "carolus_games_running").await
}

/// Plays `decisions` moves of the people's game `id` at `app`.
async fn play_some(app: &axum::Router, id: &str, tokens: &[String], decisions: usize) {
    for turn in 0..decisions {
        let game = view(app, id).await;
        let seat = game["state"]["to_act"].as_u64().unwrap() as usize;
        let mv = pick(&game["state"]["legal"], turn);
        let answer = play(app, id, &tokens[seat], &mv, length(&game)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
}

/// How many of the other servers' changes `app`'s server has `handled`.
async fn changes(app: &axum::Router, handled: &str) -> u64 {
    metric(
        app,
        &format!("carolus_other_servers_changes_total{{handled=\"{handled}\"}}"),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_server_searching_a_computers_move_dies_the_other_takes_it_over() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    // The first server thinks long, so that it dies in the middle of a
    // search; the second answers at once.
    let dying = Crashable::start(
        db.url(),
        Limits {
            think_time: Duration::from_secs(30),
            ..test_limits()
        },
    )
    .await;
    let survivor = serve(db.url(), test_limits()).await;
    // The first server is asked over the network, so that its games'
    // tasks run in its own runtime and die with it.
    let first = Client::new(&dying.address.to_string()).unwrap();
    let created = first
        .post(
            "/api/games",
            &json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 1}]}),
            None,
        )
        .await
        .unwrap();
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let anna = created.body["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_owned();

    // Anna plays on the first server until its computer is thinking.
    let path = format!("/api/games/{id}");
    let mut game = first.get(&path).await.unwrap().body;
    while game["thinking"] != 1 {
        assert_eq!(game["state"]["to_act"], 0, "{game}");
        let mv = game["state"]["legal"][0].as_str().unwrap();
        let at = length(&game);
        let answer = first
            .post(
                &format!("{path}/moves"),
                &json!({"move": mv, "at": at}),
                Some(&anna),
            )
            .await
            .unwrap();
        assert_eq!(answer.status, 200, "{}", answer.body);
        game = first.get(&path).await.unwrap().body;
    }
    let waiting = length(&game);
    dying.crash();

    // The second server, which has not even loaded the game, finds the
    // work due once the claim lapses, and plays the computer's move.
    let second = app(survivor.state.clone());
    let crashed = Instant::now();
    loop {
        let game = view(&second, &id).await;
        if length(&game) > waiting {
            break;
        }
        assert!(
            crashed.elapsed() < Duration::from_secs(15),
            "the computer's move was not taken over: {game}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The game goes on to the end on the second server.
    for _ in 0..5_000 {
        let game = view(&second, &id).await;
        if game["status"] == "over" {
            let download = get(&second, &format!("/api/games/{id}/record")).await;
            let record = Record::from_json(&download.text).unwrap();
            assert!(record.replay().unwrap().is_over());
            return;
        }
        if game["state"]["to_act"] == 0 {
            let mv = game["state"]["legal"][0].as_str().unwrap();
            let answer = play(&second, &id, &anna, mv, length(&game)).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        } else {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandonment_and_a_rematch_made_on_one_server_reach_the_watchers_of_another() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let watched = serve(db.url(), test_limits()).await;
    // The other server answers requests only (no sweep resets its clock),
    // on a clock the test moves on.
    let clock = carolus_server::clock::Clock::system();
    let setup = carolus_server::Setup {
        clock: clock.clone(),
        ..carolus_server::Setup::default()
    };
    let other = app(AppState::with_setup(
        Store::open(db.url()).await.unwrap(),
        test_limits(),
        setup,
    ));
    let created = post(
        &other,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"name": "Bert", "invited": true}],
                "abandon_after_s": 60}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = |seat: usize| {
        created.body["seats"][seat]["token"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let mut watcher = connect(watched.address, &id, 0).await;
    let mut copy = Copy::default();
    copy.take(&next(&mut watcher).await);
    let away = copy.state["to_act"].as_u64().unwrap() as usize;

    let own = clock.own_now_ms();
    clock.set_database_ms(own + 61_000, own, own);
    let ended = post_raw(
        &other,
        &format!("/api/games/{id}/abandon"),
        String::new(),
        Some(&token(1 - away)),
    )
    .await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.text);
    let over = loop {
        let message = next(&mut watcher).await;
        if message["type"] == "update" && message["status"] == "over" {
            break message;
        }
    };
    assert_eq!(over["result"]["abandoned"], json!([away]), "{over}");

    let offered = post_raw(
        &other,
        &format!("/api/games/{id}/rematch"),
        String::new(),
        Some(&token(away)),
    )
    .await;
    assert_eq!(offered.status, StatusCode::OK, "{}", offered.text);
    let rematch = loop {
        let message = next(&mut watcher).await;
        if message["type"] == "rematch" {
            break message;
        }
    };
    assert_eq!(rematch["game"], offered.body["id"]);
    assert_eq!(rematch["by"], away);
    let view = get(&app(watched.state.clone()), &format!("/api/games/{id}")).await;
    assert_eq!(view.body["rematch"]["game"], offered.body["id"]);
}
