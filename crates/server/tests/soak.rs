//! The soak run against a real server on a free port: every game is
//! played to the end over HTTP, every acknowledged move is found in the
//! stored record, and the server's memory is sampled as asked, each time
//! with no game in play and the finished ones let go. (What it
//! finds over 100,000 games and through killed servers is the soak
//! benchmark's business: `tools/soak`, DEPLOY.md.)

mod support;

use carolus_server::AppState;
use carolus_server::client::Client;
use carolus_server::soak::{self, SoakPlan};
use tokio::net::TcpListener;

async fn the_soak_run_plays_and_checks_every_game_and_samples_memory(db: &support::Db) {
    // Games that nobody uses leave memory at once, so that each sample
    // finds the server at rest without waiting.
    let limits = carolus_server::Limits {
        rest_after: std::time::Duration::from_millis(50),
        ..support::test_limits()
    };
    let state = AppState::new(db.store().await, limits);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let client = Client::new(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(carolus_server::run(listener, state, async {
        let _ = stopped.await;
    }));
    let plan = SoakPlan {
        games: 4,
        concurrency: 2,
        sample_every: 2,
        rest_wait: std::time::Duration::from_secs(30),
    };
    let mut heard = Vec::new();
    let report = soak::run(&client, &plan, std::slice::from_ref(&client), |sample| {
        heard.push(sample.games);
    })
    .await;
    assert!(report.passed(), "{report:?}");
    assert_eq!(report.games_checked, 4);
    assert!(report.moves_acknowledged > 4 * 50, "{report:?}");
    assert_eq!(
        (report.lost, report.duplicated, report.not_replaying),
        (0, 0, 0)
    );
    // At the start, and after every second game.
    assert_eq!(heard, [0, 2, 4]);
    assert!(
        report
            .samples
            .iter()
            .all(|sample| sample.servers_mb.len() == 1 && sample.servers_mb[0].is_some()),
        "{report:?}"
    );
    // Each sample at rest: no game in play, the finished ones let go.
    assert!(
        report
            .samples
            .iter()
            .all(|sample| sample.games_in_memory == [Some(0)]),
        "{report:?}"
    );
    stop.send(()).unwrap();
}

on_every_store!(the_soak_run_plays_and_checks_every_game_and_samples_memory,);
