//! The load generator against a real server on a free port: every game it
//! starts is played to the end, with no move refused, lost or doubled.
//! (How fast is a benchmark's business: `carolus loadtest`, README.)

mod support;

use std::time::Duration;

use carolus_server::AppState;
use carolus_server::client::Client;
use carolus_server::loadgen::{self, LoadPlan};
use tokio::net::TcpListener;

async fn listening(db: &support::Db) -> (Client, tokio::sync::oneshot::Sender<()>) {
    let store = db.store().await;
    let state = AppState::new(store, support::test_limits());
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let client = Client::new(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(carolus_server::run(listener, state, async {
        let _ = stopped.await;
    }));
    (client, stop)
}

async fn the_load_generator_plays_every_game_to_the_end_without_a_fault(db: &support::Db) {
    let (client, stop) = listening(db).await;
    for players in [2, 4] {
        let plan = LoadPlan {
            games: 3,
            concurrency: 3,
            players,
            rate: None,
            logins_per_second: None,
        };
        let (report, problem) = loadgen::run(&client, &plan).await.unwrap();
        assert_eq!(
            report.games_finished, 3,
            "{players} players: {report:?} {problem:?}"
        );
        assert_eq!(report.failures, 0, "{problem:?}");
        assert_eq!(report.out_of_order, 0);
        assert!(report.moves > 3 * 50, "{report:?}");
        assert!(report.latency_max_ms >= report.latency_p99_ms);
        assert!(
            report.server_memory_before_mb.is_some(),
            "the server reports its memory"
        );
    }
    stop.send(()).unwrap();
}

async fn idle_spectators_stay_connected_while_memory_is_measured(db: &support::Db) {
    let (client, stop) = listening(db).await;
    let report = loadgen::spectate(&client, 200, Duration::from_millis(200))
        .await
        .unwrap();
    assert_eq!(report.connected, 200, "{report:?}");
    assert!(report.server_memory_per_spectator_kb.is_some());
    stop.send(()).unwrap();
}

async fn sign_ins_beside_the_games_sign_in_and_are_reported(db: &support::Db) {
    let (client, stop) = listening(db).await;
    let plan = LoadPlan {
        games: 2,
        concurrency: 2,
        players: 2,
        // Paced, so that the games last long enough for several sign-ins.
        rate: Some(100.0),
        logins_per_second: Some(5.0),
    };
    let (report, problem) = loadgen::run(&client, &plan).await.unwrap();
    assert_eq!(report.games_finished, 2, "{report:?} {problem:?}");
    assert_eq!(report.failures, 0, "{problem:?}");
    assert_eq!(report.login_failures, 0, "{problem:?}");
    assert!(report.logins >= 2, "{report:?}");
    assert!(report.login_latency_p50_ms > 0.0, "{report:?}");
    assert!(report.login_latency_max_ms >= report.login_latency_p99_ms);
    // A run without sign-ins reports none.
    let (quiet, _) = loadgen::run(
        &client,
        &LoadPlan {
            games: 1,
            concurrency: 1,
            players: 2,
            rate: None,
            logins_per_second: None,
        },
    )
    .await
    .unwrap();
    assert_eq!((quiet.logins, quiet.login_failures), (0, 0));
    stop.send(()).unwrap();
}

on_every_store!(
    the_load_generator_plays_every_game_to_the_end_without_a_fault,
    sign_ins_beside_the_games_sign_in_and_are_reported,
    idle_spectators_stay_connected_while_memory_is_measured,
);
