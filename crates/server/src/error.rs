//! Errors as the API answers them: a status code and a JSON body whose
//! `error` field says what was wrong, with the record's length (409) or the
//! legal moves (422) where they let the client put it right, and for the
//! game's refusals a `code` that names the refusal for programs.

use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::ErrorBody;
use crate::table::TableError;

/// An error answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
    /// When the client may try again, for a 429 or 503: the
    /// `Retry-After` header, in whole seconds.
    pub retry_after_s: Option<u64>,
}

/// How long a client should wait before trying again after a 503: the
/// store or the game was away for a moment (a lost connection that the
/// pool makes again, a game's task restarting, a server stopping whose
/// clients a proxy sends elsewhere).
pub const UNAVAILABLE_RETRY_S: u64 = 1;

impl ApiError {
    /// An answer with `status` and the message `error`.
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                error: error.into(),
                ..ErrorBody::default()
            },
            retry_after_s: None,
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
        ApiError::from(TableError::Stale { at, length })
    }

    /// 413: the body is larger than the server accepts.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {limit} bytes"),
        )
    }

    /// 429: too many requests from one client, which may try again after
    /// `wait` (rounded up to whole seconds, as `Retry-After` counts them).
    pub fn too_many(error: impl Into<String>, wait: Duration) -> ApiError {
        let mut answer = ApiError::new(StatusCode::TOO_MANY_REQUESTS, error);
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        answer.retry_after_s = Some(seconds.max(1));
        answer
    }

    /// 500: the server failed at something that cannot fail for a sound
    /// game (a stored record that no longer replays).
    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
    }

    /// 503: the store could not be reached, or the game or server was
    /// away for a moment; nothing was changed, and the client may try
    /// again shortly.
    pub fn unavailable(error: impl Into<String>) -> ApiError {
        let mut answer = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error);
        answer.retry_after_s = Some(UNAVAILABLE_RETRY_S);
        answer
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body)).into_response();
        if let Some(seconds) = self.retry_after_s {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            // A 401 names the scheme that would be accepted (RFC 9110).
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

/// The one place where the game's refusals become statuses: 400 for what
/// a new game or a name cannot be, 403 for a seat that may not do this,
/// 404 for a seat the game does not have, 409 for a request that no
/// longer fits the game (with the record's length where it moved on),
/// 422 for an illegal move (with the legal ones), 500 for a game whose
/// own record does not replay.
impl From<TableError> for ApiError {
    fn from(error: TableError) -> ApiError {
        let status = match &error {
            TableError::Field { .. } => StatusCode::BAD_REQUEST,
            TableError::NotASeat
            | TableError::NotYourTurn { .. }
            | TableError::TimedOut { .. }
            | TableError::OutOfTime { .. }
            | TableError::TakeBackWithClock
            | TableError::TakeBackBetweenPeople
            | TableError::NoHints
            | TableError::AbandonWithClock
            | TableError::AbandonOwnTurn
            | TableError::AbandonComputer => StatusCode::FORBIDDEN,
            TableError::NoSuchSeat { .. } => StatusCode::NOT_FOUND,
            TableError::Over { .. }
            | TableError::Open
            | TableError::NoDecisionDue
            | TableError::Stale { .. }
            | TableError::SeatTaken { .. }
            | TableError::NothingToTakeBack { .. }
            | TableError::HintNotRunning { .. }
            | TableError::NotToAct { .. }
            | TableError::NotAwayLongEnough { .. }
            | TableError::RematchNotOver => StatusCode::CONFLICT,
            TableError::NotAMove { .. } | TableError::Illegal { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            TableError::Damaged { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let mut answer = ApiError::new(status, error.to_string());
        answer.body.code = Some(error.code().to_owned());
        match error {
            TableError::Over { length } | TableError::Stale { length, .. } => {
                answer.body.length = Some(length);
            }
            TableError::NotAMove { legal, .. } | TableError::Illegal { legal, .. } => {
                answer.body.legal = Some(legal);
            }
            _ => {}
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_refusals_keep_their_words_and_get_their_statuses() {
        let stale = ApiError::from(TableError::Stale { at: 3, length: 5 });
        assert_eq!(stale.status, StatusCode::CONFLICT);
        assert_eq!(
            stale.body.error,
            "the move was made at 3 moves, but the record holds 5"
        );
        assert_eq!(stale.body.length, Some(5));
        let over = ApiError::from(TableError::Over { length: 90 });
        assert_eq!(
            (over.status, over.body.error.as_str(), over.body.length),
            (StatusCode::CONFLICT, "the game is over", Some(90))
        );
        let illegal = ApiError::from(TableError::Illegal {
            text: "disc 9".to_owned(),
            reason: "no such disc".to_owned(),
            legal: vec!["disc 1".to_owned()],
        });
        assert_eq!(illegal.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(illegal.body.error, "\"disc 9\": no such disc");
        assert_eq!(illegal.body.legal, Some(vec!["disc 1".to_owned()]));
        for (error, status) in [
            (TableError::NotASeat, StatusCode::FORBIDDEN),
            (
                TableError::NotYourTurn { to_act: 0, seat: 1 },
                StatusCode::FORBIDDEN,
            ),
            (
                TableError::NoSuchSeat {
                    game: "g".to_owned(),
                    seat: 4,
                    last: 1,
                },
                StatusCode::NOT_FOUND,
            ),
            (TableError::SeatTaken { seat: 1 }, StatusCode::CONFLICT),
            (
                TableError::Field {
                    field: "name".to_owned(),
                    reason: "a name cannot be empty".to_owned(),
                },
                StatusCode::BAD_REQUEST,
            ),
            (
                TableError::Damaged {
                    game: "g".to_owned(),
                    reason: "no".to_owned(),
                },
                StatusCode::INTERNAL_SERVER_ERROR,
            ),
        ] {
            let answer = ApiError::from(error.clone());
            assert_eq!(answer.status, status, "{error}");
            assert_eq!(answer.body.error, error.to_string());
            assert_eq!(answer.body.code.as_deref(), Some(error.code()));
            assert_eq!((answer.body.length, answer.body.legal), (None, None));
        }
    }

    #[test]
    fn each_of_the_games_refusals_has_a_word_of_its_own() {
        let every = [
            TableError::Field {
                field: String::new(),
                reason: String::new(),
            },
            TableError::Over { length: 0 },
            TableError::Open,
            TableError::NoDecisionDue,
            TableError::NotASeat,
            TableError::Stale { at: 0, length: 0 },
            TableError::NotYourTurn { to_act: 0, seat: 1 },
            TableError::TimedOut { seat: 0 },
            TableError::OutOfTime { seat: 0 },
            TableError::NotAMove {
                text: String::new(),
                reason: String::new(),
                legal: Vec::new(),
            },
            TableError::Illegal {
                text: String::new(),
                reason: String::new(),
                legal: Vec::new(),
            },
            TableError::NoSuchSeat {
                game: String::new(),
                seat: 0,
                last: 0,
            },
            TableError::SeatTaken { seat: 0 },
            TableError::TakeBackWithClock,
            TableError::TakeBackBetweenPeople,
            TableError::NothingToTakeBack { seat: 0 },
            TableError::RematchNotOver,
            TableError::NoHints,
            TableError::HintNotRunning {
                status: crate::api::Status::Over,
            },
            TableError::NotToAct { seat: 0 },
            TableError::AbandonWithClock,
            TableError::AbandonOwnTurn,
            TableError::AbandonComputer,
            TableError::NotAwayLongEnough {
                seat: 0,
                after_s: 0,
                wait_ms: 0,
            },
            TableError::Damaged {
                game: String::new(),
                reason: String::new(),
            },
        ];
        let codes: std::collections::BTreeSet<&str> = every.iter().map(TableError::code).collect();
        assert_eq!(codes.len(), every.len(), "{codes:?}");
        for code in codes {
            assert!(
                code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{code}"
            );
        }
    }
}
