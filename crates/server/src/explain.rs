//! "Why?" over HTTP (`POST /api/explain`): for a record's position and a
//! move there, what the move does and allows against the computer's best,
//! in facts that the rules check and in words of the catalogs
//! (carolus-core's [`carolus_core::explain`]).
//!
//! The request is checked here, on the async runtime, before anything is
//! searched: a record that does not read or replay, or a move that is not
//! legal at its end, is a 400 that says what and where (the words of
//! `POST /api/replay`); a position where nobody decides (the game over, a
//! draw due) is a 422. Only then is the client charged a hint from its
//! allowance, and the search and the lines run on the computer players'
//! pool (`thinking.rs`) like a hint's, so that explanations queue with the
//! games' searches instead of taking the runtime's threads.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use carolus_ai::Level;
use carolus_core::explain::{ExplainError, Explanation, Names, Report};
use carolus_l10n::{Arg, Catalog, Language, catalog};
use carolus_rules::{Game, Move, Record};
use serde_json::Value;

use crate::api::{self, ErrorBody, ExplainRequest, Lang};
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, limited};
use crate::responses::BodyTooLarge;
use crate::state::AppState;
use crate::table::computer_name;

impl Lang {
    /// The catalogs' language of `lang`.
    pub fn language(self) -> Language {
        match self {
            Lang::En => Language::English,
            Lang::De => Language::German,
            Lang::Fr => Language::French,
        }
    }
}

/// The explanation of `explanation` in `game`, its seats named `names`
/// (a record's), in `lang`: the body of `POST /api/explain`, whose shape
/// the OpenAPI document states with [`api::Explanation`].
pub fn report(
    game: &Game,
    explanation: &Explanation,
    names: Option<&[String]>,
    lang: Lang,
) -> Report {
    let words = catalog(lang.language());
    let names = reader_names(words, names);
    explanation.report(words, &Names::new(words, game, names.as_deref()))
}

/// The seats' `names` as the pages show them: a computer seat that the
/// server named itself ("Computer (level 3)") is "Computer 1", by its
/// seat, in the reader's language, so that two computers of one level are
/// told apart in the sentences as at the table.
pub(crate) fn reader_names(words: &Catalog, names: Option<&[String]>) -> Option<Vec<String>> {
    let names = names?
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            if Level::all().any(|level| *name == computer_name(level)) {
                words.format("computer-name", &[("seat", Arg::from(seat))])
            } else {
                name.clone()
            }
        })
        .collect();
    Some(names)
}

/// Why a move is good or bad: its line of play, the facts along it, and
/// the computer's best and its alternatives, in words of the catalogs.
#[utoipa::path(
    post, path = "/api/explain",
    request_body = api::ExplainRequest,
    responses(
        (status = 200, description = "The move's explanation against the computer's best and the \
            three best alternatives", body = api::Explanation),
        (status = 400, description = "The body is not `{\"record\", \"move\", \"lang\"}`, the record \
            does not read or replay (the error says which move and why), or the move is not legal \
            at its end (the body adds the legal moves)", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "Nobody decides at the record's end: the game is over, or a \
            draw is due", body = ErrorBody),
        (status = 429, description = "Too many requests, or too many hints and explanations, from \
            this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
        (status = 500, description = "The computer failed", body = ErrorBody),
        (status = 503, description = "The server is stopping", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn explain(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<ExplainRequest>,
) -> Result<Json<Report>, ApiError> {
    limited(&state, client)?;
    let lang = request.lang.unwrap_or_default();
    let record = Record::from_value(&Value::Object(request.record))
        .map_err(|error| ApiError::bad_request(format!("the record: {error}")))?;
    let game = record
        .replay()
        .map_err(|error| ApiError::bad_request(format!("the record: {error}")))?;
    let mv = checked_move(&game, &request.mv, record.moves.len())?;
    state.hints().take(client).map_err(|wait| {
        ApiError::too_many(
            "too many hints and explanations asked for; wait a minute",
            wait,
        )
    })?;
    let explained = state
        .thinkers()
        .explain(&game, Some(mv), Level::HINT, state.limits().hint_time)
        .await
        .map_err(|_| ApiError::unavailable("the server is shutting down"))?
        .map_err(|error| match error {
            // Checked above; the engine's word if it still refuses.
            ExplainError::Illegal { .. } | ExplainError::NoDecision { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error.to_string())
            }
            ExplainError::Bot(error) => {
                tracing::error!(%error, "an explanation failed");
                ApiError::internal("the computer could not explain the move")
            }
        })?;
    Ok(Json(report(
        &game,
        &explained.explanation,
        record.names.as_deref(),
        lang,
    )))
}

/// `text` as a move that somebody may make in `game`, the position after
/// the record's `length` moves: 422 when nobody may, 400 when it is not
/// a legal move there.
fn checked_move(game: &Game, text: &str, length: usize) -> Result<Move, ApiError> {
    decision_due(game, length)?;
    let legal = || game.legal_moves().iter().map(Move::to_string).collect();
    let refuse = |reason: String| {
        let mut error = ApiError::bad_request(reason);
        error.body.legal = Some(legal());
        error
    };
    let mv: Move = text
        .parse()
        .map_err(|error| refuse(format!("the move {text:?} is not a move: {error}")))?;
    game.check(&mv).map_err(|error| {
        refuse(format!(
            "the move {text:?} cannot be played after the record's {length} moves: {error}"
        ))
    })?;
    Ok(mv)
}

/// Nothing, if somebody decides in `game`, the position after a record's
/// `length` moves; else a 422 that says why nobody does.
pub(crate) fn decision_due(game: &Game, length: usize) -> Result<(), ApiError> {
    if game.is_over() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("the game is over after the record's {length} moves: nobody decides there"),
        ));
    }
    if game.draw_due().is_some() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "a draw is due after the record's {length} moves, not a decision: \
                 give the record with its draws"
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use carolus_rules::{GameRng, RecordedGame, Variant};

    use super::*;

    fn game_after(moves: usize) -> Game {
        let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, 3).unwrap();
        let mut rng = GameRng::seed_from_u64(3);
        while recorded.record().moves.len() < moves || recorded.game().draw_due().is_some() {
            recorded.play_random(&mut rng).unwrap();
        }
        recorded.game().clone()
    }

    #[test]
    fn a_computer_the_server_named_is_named_as_the_pages_name_it() {
        let names = ["Anna".to_owned(), "Computer (level 3)".to_owned()];
        let french = reader_names(catalog(Language::French), Some(&names)).unwrap();
        assert_eq!(french, ["Anna", "Ordinateur 1"]);
    }

    #[test]
    fn a_move_is_checked_before_anything_is_searched() {
        let game = game_after(10);
        let legal = game.legal_moves()[0];
        assert_eq!(checked_move(&game, &legal.to_string(), 10), Ok(legal));
        let garbled = checked_move(&game, "dance", 10).unwrap_err();
        assert_eq!(garbled.status, StatusCode::BAD_REQUEST);
        assert!(garbled.body.error.contains("\"dance\" is not a move"));
        assert_eq!(garbled.body.legal.unwrap().len(), game.legal_moves().len());
        let illegal = ["disc 1", "move 1", "place R court", "joker Y"]
            .into_iter()
            .find(|token| !game.is_legal(&token.parse().unwrap()))
            .unwrap();
        let refused = checked_move(&game, illegal, 10).unwrap_err();
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(refused.body.error.contains("after the record's 10 moves"));
    }
}
