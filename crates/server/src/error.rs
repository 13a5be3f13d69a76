//! Errors as the API answers them: a status code and a JSON body whose
//! `error` field says what was wrong, with the record's length (409) or the
//! legal moves (422) where they let the client put it right.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::ErrorBody;

/// An error answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
}

impl ApiError {
    /// An answer with `status` and the message `error`.
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                error: error.into(),
                ..ErrorBody::default()
            },
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error)
    }

    /// 401: no usable seat token was given (none, another scheme than
    /// `Bearer`, or text that is not a token).
    pub fn unauthorized(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, error)
    }

    /// 403: the token is not the seat that may do this.
    pub fn forbidden(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, error)
    }

    /// 404: no such game (or seat).
    pub fn not_found(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }

    /// 404 for the game `id`.
    pub fn no_game(id: &str) -> ApiError {
        ApiError::not_found(format!("there is no game {id:?}"))
    }

    /// 409: the request no longer fits the game (a seat taken, a game over).
    pub fn conflict(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, error)
    }

    /// 409 for a move made at `at` when the record holds `length` moves.
    pub fn stale(at: usize, length: usize) -> ApiError {
        let mut error = ApiError::conflict(format!(
            "the move was made at {at} moves, but the record holds {length}"
        ));
        error.body.length = Some(length);
        error
    }

    /// 413: the body is larger than the server accepts.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {limit} bytes"),
        )
    }

    /// 422: an illegal move, with the moves that are legal.
    pub fn illegal(error: impl Into<String>, legal: Vec<String>) -> ApiError {
        let mut answer = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error);
        answer.body.legal = Some(legal);
        answer
    }

    /// 429: too many requests from one client.
    pub fn too_many(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, error)
    }

    /// 500: the server failed at something that cannot fail for a sound
    /// game (a stored record that no longer replays).
    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
    }

    /// 503: the store could not be reached; nothing was changed.
    pub fn unavailable(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body)).into_response();
        if self.status == StatusCode::UNAUTHORIZED {
            // A 401 names the scheme that would be accepted (RFC 9110).
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}
