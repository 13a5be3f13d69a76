//! Connections the server closes by itself: a client that sends no request,
//! a WebSocket that stops answering pings, and every WebSocket when the
//! server shuts down.

mod support;

use std::time::{Duration, Instant};

use carolus_server::{AppState, Limits};
use futures_util::StreamExt;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

async fn listening(
    db: &support::Db,
    limits: Limits,
) -> (
    String,
    AppState,
    oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let store = db.store().await;
    let state = AppState::new(store, limits);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = state.clone();
    let server = tokio::spawn(async move {
        carolus_server::run(listener, serving, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    (address, state, stop, server)
}

async fn a_connection_that_sends_no_request_is_closed(db: &support::Db) {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        ..support::test_limits()
    };
    let (address, _, stop, _) = listening(db, limits).await;
    let mut silent = TcpStream::connect(&address).await.unwrap();
    let start = Instant::now();
    let mut buffer = [0; 64];
    let read = tokio::time::timeout(Duration::from_secs(5), silent.read(&mut buffer))
        .await
        .expect("the server closes the connection within 5 s");
    assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    assert!(
        start.elapsed() >= Duration::from_millis(250),
        "{:?}",
        start.elapsed()
    );
    stop.send(()).unwrap();
}

async fn a_websocket_that_stops_answering_pings_is_closed(db: &support::Db) {
    let limits = Limits {
        ping_interval: Duration::from_millis(100),
        idle_timeout: Duration::from_millis(400),
        ..support::test_limits()
    };
    let (address, state, stop, _) = listening(db, limits).await;
    let (id, _) = support::people_game(&carolus_server::app(state), 2).await;
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{address}/api/games/{id}/ws"))
            .await
            .unwrap();
    // A client that reads nothing answers no pings (its library answers
    // them only while it reads).
    tokio::time::sleep(Duration::from_millis(900)).await;
    let mut closed = false;
    while let Ok(Some(frame)) = tokio::time::timeout(Duration::from_secs(5), socket.next()).await {
        match frame {
            Ok(Message::Close(frame)) => {
                let frame = frame.expect("a close frame with a reason");
                assert_eq!(u16::from(frame.code), 1008, "{frame:?}");
                closed = true;
            }
            Ok(_) => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
    }
    assert!(closed, "the server closed the silent WebSocket");
    stop.send(()).unwrap();
}

async fn shutting_down_closes_websockets_as_going_away_and_stops_the_server(db: &support::Db) {
    let (address, state, stop, server) = listening(db, support::test_limits()).await;
    let (id, _) = support::people_game(&carolus_server::app(state), 2).await;
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{address}/api/games/{id}/ws"))
            .await
            .unwrap();
    assert!(
        matches!(socket.next().await, Some(Ok(Message::Text(_)))),
        "the first update"
    );
    stop.send(()).unwrap();
    let mut code = None;
    while let Ok(Some(Ok(frame))) =
        tokio::time::timeout(Duration::from_secs(5), socket.next()).await
    {
        if let Message::Close(Some(frame)) = frame {
            code = Some(u16::from(frame.code));
        }
    }
    assert_eq!(code, Some(1001));
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server stops")
        .unwrap();
    assert!(
        TcpStream::connect(&address).await.is_err(),
        "nothing listens any more"
    );
}

on_every_store!(
    a_connection_that_sends_no_request_is_closed,
    a_websocket_that_stops_answering_pings_is_closed,
    shutting_down_closes_websockets_as_going_away_and_stops_the_server,
);
