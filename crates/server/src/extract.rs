//! What every handler reads from a request, read one way: the client's
//! address, a JSON body, path parameters, query parameters and the seat
//! token, each answering its faults as the API's errors (`ApiError`), and
//! the per-address rate check. The routes of `routes.rs` and `replay.rs`
//! share them; the query's own fields (what a page of the lobby or a
//! watcher's start is) live with the handlers that take them.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, Error};
use serde_json::Value;

use crate::api::object;
use crate::error::ApiError;
use crate::secret;
use crate::state::AppState;

/// The address of the client, for rate limits: the connection's peer, or
/// the client a trusted proxy names ([`crate::proxy`]); requests that did
/// not come over a socket (tests) come from the loopback address.
pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientAddr, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |info| info.0.ip());
        Ok(ClientAddr(
            state.trusted_proxies().client(peer, &parts.headers),
        ))
    }
}

/// A JSON body, read within the size limit, whose faults are answered as
/// the API's errors: 413 too large, 400 not JSON or not the right fields.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(
        request: Request<Body>,
        state: &AppState,
    ) -> Result<JsonBody<T>, ApiError> {
        let limit = state.limits().body_bytes;
        let bytes = to_bytes(request.into_body(), limit)
            .await
            .map_err(|_| ApiError::too_large(limit))?;
        parse_json(&bytes).map(JsonBody)
    }
}

/// Reads `bytes` as a `T`, naming what is wrong and where. The body must
/// be a JSON object: serde would also read a struct from an array of its
/// fields, which the API does not offer.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let not_json = |error: serde_json::Error| {
        ApiError::bad_request(format!("the body is not valid JSON: {error}"))
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request(
            "the body is empty; a JSON object was expected",
        ));
    }
    if !object::opens_an_object(bytes) {
        let value: Value = serde_json::from_slice(bytes).map_err(not_json)?;
        return Err(ApiError::bad_request(format!(
            "the body is {}; a JSON object was expected",
            carolus_rules::json_kind(&value)
        )));
    }
    serde_json::from_slice(bytes).map_err(|error| {
        if error.is_data() {
            ApiError::bad_request(format!("the body does not fit: {error}"))
        } else {
            not_json(error)
        }
    })
}

/// Path parameters, whose faults are answered as the API's errors. A
/// path that cannot be read (percent-encoded bytes that are not UTF-8)
/// names no game: 404.
pub struct PathOf<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for PathOf<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<PathOf<T>, ApiError> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(PathOf(value)),
            Err(rejection) => Err(ApiError::not_found(format!(
                "there is no such game: {}",
                rejection.body_text()
            ))),
        }
    }
}

/// The seat token of the `Authorization: Bearer …` header. Anything else
/// is no usable credential and answers 401, as RFC 6750 asks of a missing
/// or malformed bearer token: no header, another scheme, or text that
/// cannot be a seat token.
pub(crate) fn bearer_token(headers: &HeaderMap) -> Result<String, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(ApiError::unauthorized(
            "a seat token is needed: send the header `Authorization: Bearer TOKEN`",
        ));
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|value| value.split_once(' '))
        // The scheme's name is case-insensitive (RFC 9110).
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("Bearer"))
        .map(|(_, token)| token.trim())
        .ok_or_else(|| ApiError::unauthorized("the Authorization header must be `Bearer TOKEN`"))?;
    if !secret::is_token_syntax(token) {
        return Err(ApiError::unauthorized(format!(
            "a seat token is {} characters of A-Z, a-z, 0-9, - and _",
            secret::TOKEN_LENGTH
        )));
    }
    Ok(token.to_owned())
}

/// Takes one of `client`'s requests from its per-address rate; a 429 that
/// says when to come back if it has none left.
pub(crate) fn limited(state: &AppState, client: IpAddr) -> Result<(), ApiError> {
    state
        .messages()
        .take(client)
        .map_err(|wait| ApiError::too_many("too many requests; slow down", wait))
}

/// Query parameters, read by axum's `Query` (percent-decoded) into a `T`
/// that names every parameter it knows (`deny_unknown_fields`), whose
/// faults are answered as the API's errors: 400, saying what is wrong
/// (`the query: limit: must be 1 to 100, not "500"`).
pub struct QueryOf<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for QueryOf<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<QueryOf<T>, ApiError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(QueryOf(value)),
            Err(rejection) => {
                let text = rejection.body_text();
                let reason = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text);
                Err(ApiError::bad_request(format!("the query: {reason}")))
            }
        }
    }
}

/// A query parameter's text read by `read`, or the refusal `read` gives;
/// for a parameter whose faults say more than serde's would.
pub(crate) fn query_value<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    read: impl FnOnce(&str) -> Result<T, String>,
) -> Result<Option<T>, D::Error> {
    let text = String::deserialize(deserializer)?;
    read(&text).map(Some).map_err(D::Error::custom)
}

/// `from`: the number of moves a client has already seen.
pub(crate) fn moves_seen<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<usize>, D::Error> {
    query_value(deserializer, |text| {
        text.parse()
            .map_err(|_| format!("must be the number of moves already seen, not {text:?}"))
    })
}

/// `takebacks`: the number of take backs a client has already seen.
pub(crate) fn takebacks_seen<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u32>, D::Error> {
    query_value(deserializer, |text| {
        text.parse()
            .map_err(|_| format!("must be the number of take backs already seen, not {text:?}"))
    })
}
