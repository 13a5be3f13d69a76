//! The WebSocket of a game: updates out, a seat's moves in.
//!
//! On connecting with `?from=N` a client is sent every move since N and
//! the state, then every later update as it happens, so a client that
//! reconnects with the last length it saw gets exactly what it missed.
//! In a game against the computer a decision may be taken back, which
//! shortens the record; such a client also gives `&takebacks=K`, the take
//! backs it saw, and gets the whole record again if there were more. A
//! client holding a seat's token sends it in its first message (never in
//! the URL, which servers and proxies log) and may then send moves. Pings
//! keep idle connections honest: a client silent for longer than the idle
//! time-out is closed.

use std::net::IpAddr;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message as Frame, WebSocket, close_code};
use carolus_rules::Seat;
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::oneshot;
use tokio::time::{Instant, interval};

use crate::api::{ClientMessage, ErrorMessage, ServerMessage};
use crate::error::ApiError;
use crate::extract::{moves_seen, takebacks_seen};
use crate::live::{Accepted, Command, GameHandle, Watch};
use crate::state::AppState;
use crate::table::TableError;

/// What a client has seen of a game, from a WebSocket's query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Since {
    /// `from`: the moves already seen, 0 when absent.
    #[serde(default, deserialize_with = "moves_seen")]
    from: Option<usize>,
    /// `takebacks`: the take backs already seen, if the client says.
    #[serde(default, deserialize_with = "takebacks_seen")]
    pub takebacks: Option<u32>,
}

impl Since {
    /// The moves already seen.
    pub fn from(&self) -> usize {
        self.from.unwrap_or(0)
    }
}

/// The error message sent to one client.
fn error_text(error: &ApiError) -> String {
    ServerMessage::Error(ErrorMessage {
        status: error.status.as_u16(),
        body: error.body.clone(),
        retry_after_s: error.retry_after_s,
    })
    .to_text()
}

/// Serves one WebSocket of `game` until the client leaves, goes silent,
/// or the server shuts down.
pub async fn serve(
    mut socket: WebSocket,
    state: AppState,
    game: GameHandle,
    since: Since,
    client: IpAddr,
) {
    let watch = match game
        .ask(|answer| Command::Watch {
            from: since.from(),
            takebacks: since.takebacks,
            answer,
        })
        .await
    {
        Ok(Ok(watch)) => watch,
        Ok(Err(error)) | Err(error) => {
            let _ = socket.send(Frame::Text(error_text(&error).into())).await;
            let _ = socket.send(Frame::Close(None)).await;
            return;
        }
    };
    state.metrics().connection_opened();
    let mut connection = Connection {
        game,
        state: state.clone(),
        client,
        seat: None,
        length: watch.length,
        takebacks: watch.takebacks,
    };
    connection.run(&mut socket, watch).await;
    if let Some((seat, _)) = connection.seat {
        connection
            .game
            .tell(Command::Presence {
                seat,
                connected: false,
            })
            .await;
    }
    state.metrics().connection_closed();
}

struct Connection {
    game: GameHandle,
    state: AppState,
    client: IpAddr,
    /// The seat this client authenticated as, and its token.
    seat: Option<(Seat, String)>,
    /// The record's length as last sent to the client.
    length: usize,
    /// The game's take backs as last sent to the client.
    takebacks: u32,
}

/// Why a connection ends.
enum End {
    /// The client left or the socket failed.
    Gone,
    /// The server closes it, with a close code and reason.
    Close(u16, &'static str),
}

impl Connection {
    async fn run(&mut self, socket: &mut WebSocket, watch: Watch) {
        let Watch {
            update,
            mut messages,
            ..
        } = watch;
        if socket.send(Frame::Text(update)).await.is_err() {
            return;
        }
        let limits = self.state.limits().clone();
        let mut shutdown = self.state.shutdown_signal();
        let mut ping = interval(limits.ping_interval);
        ping.reset();
        let mut heard = Instant::now();
        let end = loop {
            tokio::select! {
                frame = socket.recv() => {
                    let Some(Ok(frame)) = frame else { break End::Gone };
                    heard = Instant::now();
                    match frame {
                        Frame::Text(text) => {
                            if let Some(reply) = self.received(text.as_str()).await
                                && socket.send(Frame::Text(reply.into())).await.is_err()
                            {
                                break End::Gone;
                            }
                        }
                        Frame::Binary(_) => {
                            let error = ApiError::bad_request("messages are JSON text, not binary");
                            if socket.send(Frame::Text(error_text(&error).into())).await.is_err() {
                                break End::Gone;
                            }
                        }
                        Frame::Close(_) => break End::Gone,
                        Frame::Ping(_) | Frame::Pong(_) => {}
                    }
                }
                message = messages.recv() => match message {
                    Ok(message) => {
                        self.length = message.length;
                        self.takebacks = message.takebacks;
                        if socket.send(Frame::Text(message.text)).await.is_err() {
                            break End::Gone;
                        }
                    }
                    Err(RecvError::Lagged(_)) => {
                        // Too far behind to catch up message by message:
                        // start again from what the client has.
                        let (from, takebacks) = (self.length, Some(self.takebacks));
                        match self.game.ask(|answer| Command::Watch { from, takebacks, answer }).await {
                            Ok(Ok(watch)) => {
                                messages = watch.messages;
                                self.length = watch.length;
                                self.takebacks = watch.takebacks;
                                if socket.send(Frame::Text(watch.update)).await.is_err() {
                                    break End::Gone;
                                }
                            }
                            _ => break End::Close(close_code::AGAIN, "the game is not available"),
                        }
                    }
                    Err(RecvError::Closed) => break End::Close(close_code::AWAY, "the server is shutting down"),
                },
                _ = ping.tick() => {
                    if heard.elapsed() > limits.idle_timeout {
                        break End::Close(close_code::POLICY, "no answer to pings");
                    }
                    if socket.send(Frame::Ping(Default::default())).await.is_err() {
                        break End::Gone;
                    }
                }
                _ = shutdown.changed() => break End::Close(close_code::AWAY, "the server is shutting down"),
            }
        };
        if let End::Close(code, reason) = end {
            let frame = CloseFrame {
                code,
                reason: reason.into(),
            };
            let _ = tokio::time::timeout(
                Duration::from_secs(1),
                socket.send(Frame::Close(Some(frame))),
            )
            .await;
        }
    }

    /// Handles one message from the client; answers what goes back to it
    /// alone (errors and the answer to `auth`).
    async fn received(&mut self, text: &str) -> Option<String> {
        if let Err(wait) = self.state.messages().take(self.client) {
            return Some(error_text(&ApiError::too_many(
                "too many messages; slow down",
                wait,
            )));
        }
        let message = match ClientMessage::read(text) {
            Ok(message) => message,
            Err(error) => return Some(error_text(&error)),
        };
        match message {
            ClientMessage::Auth { token } => {
                let seat = self
                    .game
                    .ask(|answer| Command::Authenticate {
                        token: token.clone(),
                        answer,
                    })
                    .await;
                match seat {
                    Ok(Some(seat)) => {
                        if let Some((old, _)) = self.seat.replace((seat, token)) {
                            self.game
                                .tell(Command::Presence {
                                    seat: old,
                                    connected: false,
                                })
                                .await;
                        }
                        self.game
                            .tell(Command::Presence {
                                seat,
                                connected: true,
                            })
                            .await;
                        Some(ServerMessage::Auth { seat: seat.index() }.to_text())
                    }
                    Ok(None) => Some(error_text(&ApiError::from(TableError::NotASeat))),
                    Err(error) => Some(error_text(&error)),
                }
            }
            ClientMessage::Move { mv, at } => {
                self.as_seat("moves", |token, answer| Command::Move {
                    token,
                    text: mv,
                    at,
                    with_state: false,
                    answer,
                })
                .await
            }
            ClientMessage::TakeBack { at } => {
                self.as_seat("taking back", |token, answer| Command::TakeBack {
                    token,
                    at,
                    with_state: false,
                    answer,
                })
                .await
            }
        }
    }

    /// Asks the game's task for the change `command` makes with this
    /// client's token (`what` names it if the client has sent none);
    /// answers the error to send back, if any. A change accepted needs no
    /// answer: its update reaches this client with everyone else's.
    async fn as_seat(
        &self,
        what: &str,
        command: impl FnOnce(String, oneshot::Sender<Result<Accepted, ApiError>>) -> Command,
    ) -> Option<String> {
        let Some((_, token)) = &self.seat else {
            return Some(error_text(&ApiError::unauthorized(format!(
                "send {{\"type\": \"auth\", \"token\": …}} before {what}"
            ))));
        };
        let token = token.clone();
        match self.game.ask(|answer| command(token, answer)).await {
            Ok(Ok(_)) => None,
            Ok(Err(error)) | Err(error) => Some(error_text(&error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The query `query` read as a WebSocket's handler reads it.
    fn since(query: &str) -> Result<Since, String> {
        let uri: axum::http::Uri = format!("/api/games/x/ws?{query}").parse().unwrap();
        axum::extract::Query::<Since>::try_from_uri(&uri)
            .map(|query| query.0)
            .map_err(|rejection| rejection.body_text())
    }

    #[test]
    fn a_watcher_says_what_it_saw_of_the_record_and_its_take_backs() {
        assert_eq!(
            since("").map(|since| (since.from(), since.takebacks)),
            Ok((0, None))
        );
        assert_eq!(
            since("from=12&takebacks=2").map(|since| (since.from(), since.takebacks)),
            Ok((12, Some(2)))
        );
        assert_eq!(
            since("from=%31%32").map(|since| since.from()),
            Ok(12),
            "percent-encoded digits are digits"
        );
        for bad in [
            "takebacks=-1",
            "takebacks=x",
            "from=1&token=abc",
            "from",
            "from=-1",
        ] {
            assert!(since(bad).is_err(), "{bad}");
        }
        let error = since("from=x").unwrap_err();
        assert!(
            error.contains(r#"from: must be the number of moves already seen, not "x""#),
            "{error}"
        );
    }
}
