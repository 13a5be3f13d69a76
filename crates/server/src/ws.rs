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
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::oneshot;
use tokio::time::{Instant, interval};

use crate::error::ApiError;
use crate::live::{Accepted, Command, GameHandle, Watch};
use crate::state::AppState;

/// What a client may send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// Claims the seat whose token this is, for later moves.
    Auth { token: String },
    /// A move at `at` moves.
    Move {
        #[serde(rename = "move")]
        mv: String,
        #[serde(deserialize_with = "crate::api::whole::number")]
        at: usize,
    },
    /// Takes back the seat's last decision, seen at `at` moves.
    #[serde(rename = "takeback")]
    TakeBack {
        #[serde(deserialize_with = "crate::api::whole::number")]
        at: usize,
    },
}

/// Reads a client's message, or says what is wrong with it.
pub fn parse_client_message(text: &str) -> Result<ClientMessage, ApiError> {
    let refuse = |error: &dyn std::fmt::Display| {
        ApiError::bad_request(format!(
            "a message is {{\"type\": \"auth\", \"token\": …}}, {{\"type\": \"move\", \"move\": …, \"at\": N}} or {{\"type\": \"takeback\", \"at\": N}}: {error}"
        ))
    };
    // serde would also read a message from an array of its fields.
    if !crate::api::object::opens_an_object(text.as_bytes()) {
        return Err(refuse(&"this is not a JSON object"));
    }
    serde_json::from_str(text).map_err(|error| refuse(&error))
}

/// What a client has seen of a game, from a WebSocket's query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Since {
    /// `from`: the moves already seen, 0 when absent.
    pub from: usize,
    /// `takebacks`: the take backs already seen, if the client says.
    pub takebacks: Option<u32>,
}

/// The `from` and `takebacks` of a WebSocket's query.
pub fn since_query(query: Option<&str>) -> Result<Since, ApiError> {
    let mut since = Since {
        from: 0,
        takebacks: None,
    };
    for (name, value) in query_pairs(query, "from, takebacks")? {
        match name {
            "from" => since.from = whole(name, value, "the number of moves already seen")?,
            "takebacks" => {
                since.takebacks = Some(whole(name, value, "the number of take backs already seen")?)
            }
            _ => return Err(unknown(name, "from, takebacks")),
        }
    }
    Ok(since)
}

/// The `from` of a query that takes nothing else: 0 when absent.
pub fn from_query(query: Option<&str>) -> Result<usize, ApiError> {
    let mut from = 0;
    for (name, value) in query_pairs(query, "from")? {
        match name {
            "from" => from = whole(name, value, "the number of moves already seen")?,
            _ => return Err(unknown(name, "from")),
        }
    }
    Ok(from)
}

/// The `name=value` pairs of a query.
fn query_pairs<'a>(
    query: Option<&'a str>,
    known: &str,
) -> Result<Vec<(&'a str, &'a str)>, ApiError> {
    query
        .unwrap_or("")
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            pair.split_once('=').ok_or_else(|| {
                ApiError::bad_request(format!("unknown query parameter {pair:?} (known: {known})"))
            })
        })
        .collect()
}

fn unknown(name: &str, known: &str) -> ApiError {
    ApiError::bad_request(format!("unknown query parameter {name:?} (known: {known})"))
}

/// A whole number from the query's `name`, described as `what`.
fn whole<T: std::str::FromStr>(name: &str, value: &str, what: &str) -> Result<T, ApiError> {
    value
        .parse()
        .map_err(|_| ApiError::bad_request(format!("{name} is {what}, not {value:?}")))
}

/// The error message sent to one client.
fn error_text(error: &ApiError) -> String {
    let mut message = serde_json::to_value(&error.body).unwrap_or_default();
    if let Some(object) = message.as_object_mut() {
        object.insert("type".to_owned(), json!("error"));
        object.insert("status".to_owned(), json!(error.status.as_u16()));
    }
    message.to_string()
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
            from: since.from,
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
        if !self.state.messages().allow(self.client) {
            return Some(error_text(&ApiError::too_many(
                "too many messages; slow down",
            )));
        }
        let message = match parse_client_message(text) {
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
                        Some(json!({"type": "auth", "seat": seat.index()}).to_string())
                    }
                    Ok(None) => Some(error_text(&ApiError::forbidden(
                        "the token is not one of this game's seats",
                    ))),
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

    #[test]
    fn client_messages_are_read_strictly() {
        assert_eq!(
            parse_client_message(r#"{"type":"move","move":"disc 3","at":4}"#),
            Ok(ClientMessage::Move {
                mv: "disc 3".to_owned(),
                at: 4
            })
        );
        assert_eq!(
            parse_client_message(r#"{"at":4.0,"move":"disc 3","type":"move"}"#),
            parse_client_message(r#"{"type":"move","move":"disc 3","at":4}"#),
            "a whole number may be written 4.0"
        );
        assert!(parse_client_message(r#"{"type":"auth","token":"x"}"#).is_ok());
        for bad in [
            "",
            "{",
            "[]",
            r#"["move","disc 3",4]"#,
            r#"{"type":"auth","token":["x"]}"#,
            r#"{"type":"dance"}"#,
            r#"{"type":"move","move":"disc 3"}"#,
            r#"{"type":"move","move":"disc 3","at":-1}"#,
            r#"{"type":"move","move":"disc 3","at":1.5}"#,
            r#"{"type":"move","move":"disc 3","at":18446744073709551616}"#,
            r#"{"type":"move","move":3,"at":1}"#,
            r#"{"type":"auth","token":"x","extra":1}"#,
        ] {
            let error = parse_client_message(bad).unwrap_err();
            assert_eq!(error.status, axum::http::StatusCode::BAD_REQUEST, "{bad}");
        }
    }

    #[test]
    fn a_message_written_back_reads_the_same() {
        for message in [
            ClientMessage::Auth {
                token: "x\"y".to_owned(),
            },
            ClientMessage::Move {
                mv: "place R 3".to_owned(),
                at: usize::MAX,
            },
            ClientMessage::TakeBack { at: 7 },
        ] {
            let text = serde_json::to_string(&message).unwrap();
            assert_eq!(parse_client_message(&text), Ok(message), "{text}");
        }
    }

    #[test]
    fn from_defaults_to_the_start() {
        assert_eq!(from_query(None), Ok(0));
        assert_eq!(from_query(Some("from=12")), Ok(12));
        assert!(from_query(Some("from=-1")).is_err());
        assert!(from_query(Some("token=abc")).is_err());
        assert!(
            from_query(Some("takebacks=1")).is_err(),
            "only where it means something"
        );
    }

    #[test]
    fn a_watcher_says_what_it_saw_of_the_record_and_its_take_backs() {
        assert_eq!(
            since_query(None),
            Ok(Since {
                from: 0,
                takebacks: None
            })
        );
        assert_eq!(
            since_query(Some("from=12&takebacks=2")),
            Ok(Since {
                from: 12,
                takebacks: Some(2)
            })
        );
        for bad in ["takebacks=-1", "takebacks=x", "from=1&token=abc", "from"] {
            assert!(since_query(Some(bad)).is_err(), "{bad}");
        }
    }
}
