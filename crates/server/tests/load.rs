//! The load generator against a real server on a free port: every game it
//! starts is played to the end, with no move refused, lost or doubled.
//! (How fast is a benchmark's business: `carolus loadtest`, README.)

mod support;

use std::time::Duration;

use carolus_server::client::Client;
use carolus_server::loadgen::{self, LoadPlan};
use carolus_server::{AppState, Store};
use tokio::net::TcpListener;

async fn listening() -> (Client, tokio::sync::oneshot::Sender<()>) {
    let store = Store::open("sqlite::memory:").await.unwrap();
    let state = AppState::new(store, support::test_limits());
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let client = Client::new(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(carolus_server::run(listener, state, async {
        let _ = stopped.await;
    }));
    (client, stop)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_every_game_to_the_end_without_a_fault() {
    let (client, stop) = listening().await;
    for players in [2, 4] {
        let plan = LoadPlan {
            games: 3,
            concurrency: 3,
            players,
            rate: None,
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_spectators_stay_connected_while_memory_is_measured() {
    let (client, stop) = listening().await;
    let report = loadgen::spectate(&client, 200, Duration::from_millis(200))
        .await
        .unwrap();
    assert_eq!(report.connected, 200, "{report:?}");
    assert!(report.server_memory_per_spectator_kb.is_some());
    stop.send(()).unwrap();
}
