//! The client side of the API, for programs that play on a server
//! (`carolus connect`) or load it (the load generator): JSON requests over
//! HTTP/1.1 and the game's WebSocket.
//!
//! Each request uses a connection of its own: clients make few requests
//! (creating a game, reading it once) and then live on the WebSocket.

use std::future::Future;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request, header};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use serde_json::Value;
use thiserror::Error;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A WebSocket to a game.
pub type GameSocket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a request may take before the client gives up.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest wait a client takes from a server's `Retry-After`; a server
/// that asks for more is taken to refuse.
pub const LONGEST_WAIT: Duration = Duration::from_secs(60);
/// How many times a client sends a request again that the server asked it
/// to send later.
pub const RETRIES: u32 = 5;

/// Why a request failed.
#[derive(Debug, Error)]
pub enum ClientError {
    #[error("{url:?} is not a server address: {reason}")]
    Url { url: String, reason: String },
    #[error("cannot reach {address}: {source}")]
    Connect {
        address: String,
        source: std::io::Error,
    },
    #[error("the server at {address} did not answer within {} s", REQUEST_TIMEOUT.as_secs())]
    Timeout { address: String },
    #[error("the request to {address} failed: {reason}")]
    Http { address: String, reason: String },
    #[error("the WebSocket to {address} failed: {source}")]
    WebSocket {
        address: String,
        source: Box<tokio_tungstenite::tungstenite::Error>,
    },
}

/// A server, by its address.
#[derive(Clone, Debug)]
pub struct Client {
    /// `host:port`.
    address: String,
    /// The session id after [`Client::sign_in`], sent as the session
    /// cookie (with this site's `Origin`) with every request.
    session: Option<String>,
}

/// An answer: its status and its body as JSON (`null` if not JSON).
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// The `Retry-After` of a 429 or 503: when to send the request again.
    pub retry_after: Option<Duration>,
}

/// When a 429 or 503 with `headers` asks the client to come back, if it
/// says so in seconds (`Retry-After: 3`) and within [`LONGEST_WAIT`].
pub fn retry_after(status: u16, headers: &hyper::HeaderMap) -> Option<Duration> {
    if status != 429 && status != 503 {
        return None;
    }
    let seconds: u64 = headers
        .get(header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(Duration::from_secs(seconds)).filter(|wait| *wait <= LONGEST_WAIT)
}

/// The session id a `Set-Cookie` of the answer gives, if any.
fn session_cookie(headers: &hyper::HeaderMap) -> Option<String> {
    headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .filter_map(|cookie| cookie.strip_prefix("carolus_session="))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
        .find(|value| !value.is_empty())
}

impl Client {
    /// A client of the server at `url`: `http://host:port` (a path after
    /// the address is ignored) or `host:port`.
    pub fn new(url: &str) -> Result<Client, ClientError> {
        let bad = |reason: &str| ClientError::Url {
            url: url.to_owned(),
            reason: reason.to_owned(),
        };
        let rest = if let Some(rest) = url.strip_prefix("http://") {
            rest
        } else if url.starts_with("https://") {
            return Err(bad(
                "https is not spoken here; connect to the server's plain HTTP address (or through a local TLS tunnel)",
            ));
        } else if url.contains("://") {
            return Err(bad("the address starts with http://"));
        } else {
            url
        };
        let address = rest.split('/').next().unwrap_or_default();
        if address.is_empty() {
            return Err(bad("it names no host"));
        }
        let address = if address.contains(':') {
            address.to_owned()
        } else {
            format!("{address}:80")
        };
        Ok(Client {
            address,
            session: None,
        })
    }

    /// Signs in as `name`: on a 200 the client keeps the session and sends
    /// it with every later request. Answers the server's answer (401 for a
    /// wrong name or password, 429 while sign-ins are limited).
    pub async fn sign_in(&mut self, name: &str, password: &str) -> Result<Answer, ClientError> {
        let body = serde_json::json!({"name": name, "password": password}).to_string();
        let (status, retry_after, bytes, session) = self
            .request_raw(Method::POST, "/api/session", Some(body), None)
            .await?;
        if status == 200 {
            self.session = session;
        }
        Ok(Answer {
            status,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            retry_after,
        })
    }

    /// Whether the client signed in.
    pub fn is_signed_in(&self) -> bool {
        self.session.is_some()
    }

    /// The server's `host:port`.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> Result<Answer, ClientError> {
        self.request(Method::GET, path, None, None).await
    }

    /// `GET path` as text (for `/metrics`).
    pub async fn get_text(&self, path: &str) -> Result<String, ClientError> {
        self.request_raw(Method::GET, path, None, None)
            .await
            .map(|(_, _, bytes, _)| String::from_utf8_lossy(&bytes).into_owned())
    }

    /// `POST path` with a JSON body and, if given, a seat token.
    pub async fn post(
        &self,
        path: &str,
        body: &impl Serialize,
        token: Option<&str>,
    ) -> Result<Answer, ClientError> {
        // The API's bodies and `Value`s always serialise.
        let body = serde_json::to_string(body).unwrap_or_default();
        self.request(Method::POST, path, Some(body), token).await
    }

    async fn request(
        &self,
        method: Method,
        path: &str,
        body: Option<String>,
        token: Option<&str>,
    ) -> Result<Answer, ClientError> {
        let (status, retry_after, bytes, _) = self.request_raw(method, path, body, token).await?;
        Ok(Answer {
            status,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            retry_after,
        })
    }

    async fn request_raw(
        &self,
        method: Method,
        path: &str,
        body: Option<String>,
        token: Option<&str>,
    ) -> Result<(u16, Option<Duration>, Bytes, Option<String>), ClientError> {
        let exchange = async {
            let stream =
                TcpStream::connect(&self.address)
                    .await
                    .map_err(|source| ClientError::Connect {
                        address: self.address.clone(),
                        source,
                    })?;
            let http = |error: hyper::Error| ClientError::Http {
                address: self.address.clone(),
                reason: error.to_string(),
            };
            let (mut sender, connection) =
                hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(http)?;
            tokio::spawn(connection);
            let mut request = Request::builder()
                .method(method)
                .uri(path)
                .header(header::HOST, &self.address)
                .header(header::CONTENT_TYPE, "application/json");
            if let Some(token) = token {
                request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
            }
            if let Some(session) = &self.session {
                // The server takes a request with the cookie only from its
                // own site.
                request = request
                    .header(header::COOKIE, format!("carolus_session={session}"))
                    .header(header::ORIGIN, format!("http://{}", self.address));
            }
            let body = body.unwrap_or_default();
            let request = request
                .body(Full::new(Bytes::from(body)))
                .map_err(|error| ClientError::Http {
                    address: self.address.clone(),
                    reason: error.to_string(),
                })?;
            let response = sender.send_request(request).await.map_err(http)?;
            let status = response.status().as_u16();
            let retry_after = retry_after(status, response.headers());
            let session = session_cookie(response.headers());
            let bytes = response
                .into_body()
                .collect()
                .await
                .map_err(http)?
                .to_bytes();
            Ok((status, retry_after, bytes, session))
        };
        tokio::time::timeout(REQUEST_TIMEOUT, exchange)
            .await
            .map_err(|_| ClientError::Timeout {
                address: self.address.clone(),
            })?
    }

    /// Sends the request `send` makes until the server takes it: a 429 or
    /// 503 whose `Retry-After` asks for it again later is sent again after
    /// that wait, up to [`RETRIES`] times; any other answer is the answer.
    pub async fn patiently<F>(mut send: impl FnMut() -> F) -> Result<Answer, ClientError>
    where
        F: Future<Output = Result<Answer, ClientError>>,
    {
        let mut retries = 0;
        loop {
            let answer = send().await?;
            match answer.retry_after {
                Some(wait) if retries < RETRIES => {
                    retries += 1;
                    tokio::time::sleep(wait).await;
                }
                _ => return Ok(answer),
            }
        }
    }

    /// The WebSocket of game `id`, starting with the moves from `from` on
    /// for a client that saw `takebacks` take backs (from the start if
    /// there were more since). A handshake answered 429 or 503 with a
    /// `Retry-After` is tried again after that wait, as
    /// [`Client::patiently`] does.
    pub async fn websocket(
        &self,
        id: &str,
        from: usize,
        takebacks: u32,
    ) -> Result<GameSocket, ClientError> {
        let mut retries = 0;
        loop {
            match self.open_websocket(id, from, takebacks).await {
                Err(ClientError::WebSocket { source, .. })
                    if retries < RETRIES
                        && let tungstenite::Error::Http(response) = source.as_ref()
                        && let Some(wait) =
                            retry_after(response.status().as_u16(), response.headers()) =>
                {
                    retries += 1;
                    tokio::time::sleep(wait).await;
                }
                result => return result,
            }
        }
    }

    async fn open_websocket(
        &self,
        id: &str,
        from: usize,
        takebacks: u32,
    ) -> Result<GameSocket, ClientError> {
        let url = format!(
            "ws://{}/api/games/{id}/ws?from={from}&takebacks={takebacks}",
            self.address
        );
        // Small buffers: a client reads small messages, and the load
        // generator holds thousands of sockets at once. Moves go out at
        // once (no Nagle delay).
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0);
        let opening = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        // A server that takes the connection and never answers the
        // upgrade must not hold its client for ever.
        let (socket, _) = tokio::time::timeout(REQUEST_TIMEOUT, opening)
            .await
            .map_err(|_| ClientError::Timeout {
                address: self.address.clone(),
            })?
            .map_err(|source| ClientError::WebSocket {
                address: self.address.clone(),
                source: Box::new(source),
            })?;
        Ok(socket)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_from_urls_and_plain_host_ports() {
        assert_eq!(
            Client::new("http://127.0.0.1:8080").unwrap().address(),
            "127.0.0.1:8080"
        );
        assert_eq!(
            Client::new("http://example.org/").unwrap().address(),
            "example.org:80"
        );
        assert_eq!(
            Client::new("localhost:9000").unwrap().address(),
            "localhost:9000"
        );
        assert!(Client::new("https://example.org").is_err());
        assert!(Client::new("ftp://example.org").is_err());
        assert!(Client::new("http://").is_err());
    }

    /// A server at the answered address that answers its connections'
    /// requests with `answers`, one each, in turn.
    async fn scripted(answers: &'static [&'static str]) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        tokio::spawn(async move {
            for answer in answers {
                let (mut stream, _) = listener.accept().await.unwrap();
                let mut request = Vec::new();
                let mut buffer = [0; 1024];
                while !request.windows(4).any(|end| end == b"\r\n\r\n") {
                    let read = stream.read(&mut buffer).await.unwrap();
                    request.extend_from_slice(&buffer[..read]);
                }
                stream.write_all(answer.as_bytes()).await.unwrap();
            }
        });
        address
    }

    #[tokio::test]
    async fn a_request_the_server_asks_for_later_is_sent_again_after_the_wait() {
        let address = scripted(&[
            "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"ok\":true}",
        ])
        .await;
        let client = Client::new(&address).unwrap();
        let started = std::time::Instant::now();
        let answer = Client::patiently(|| client.get("/x")).await.unwrap();
        assert_eq!(answer.status, 200);
        assert_eq!(answer.body["ok"], true);
        assert!(
            started.elapsed() >= Duration::from_secs(1),
            "it waited as the 429 asked"
        );
    }

    #[tokio::test]
    async fn a_wait_longer_than_a_client_takes_is_a_refusal() {
        let address = scripted(&[
            "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3600\r\nContent-Length: 2\r\n\r\n{}",
        ])
        .await;
        let client = Client::new(&address).unwrap();
        let answer = Client::patiently(|| client.get("/x")).await.unwrap();
        assert_eq!(answer.status, 429);
        assert_eq!(answer.retry_after, None);
    }
}
