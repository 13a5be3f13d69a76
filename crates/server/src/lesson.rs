//! The guided first game over HTTP: `POST /api/lessons` starts one (the
//! person against the level-1 computer on the lesson's fixed deal), and
//! `POST /api/lessons/step` says where a learner stands: the lesson now,
//! its words in the learner's language, what it points at and its "show
//! me" move.
//!
//! The second is stateless, like `POST /api/replay`: the client sends the
//! record and its progress (the lesson's index and the record's length
//! when it was set), so that the page keeps no rule of the lessons and
//! the server keeps nothing per learner. Everything is carolus-core's
//! `lessons`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use carolus_ai::Level;
use carolus_core::lessons::{self, LESSONS, Progress};
use carolus_l10n::{Language, catalog};
use carolus_rules::Record;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::api::{CreatedGame, ErrorBody, SeatToken};
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, limited};
use crate::routes::start_game;
use crate::secret;
use crate::state::AppState;
use crate::table::{NewSeat, NewTable, checked_name};

/// `POST /api/lessons`: the learner's name.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartLesson {
    /// The learner's name, 1 to 40 characters.
    pub name: String,
}

/// Where a learner stands in the guided game.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// The current lesson's index (0 first; the number of lessons once all
    /// are done).
    #[schema(minimum = 0, maximum = 9)]
    pub lesson: usize,
    /// The record's length when `lesson` was last set.
    #[schema(minimum = 0, maximum = 100000)]
    pub at: usize,
}

/// What the learner skips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Skip {
    /// The current lesson.
    One,
    /// Every lesson left.
    All,
}

/// `POST /api/lessons/step`: a guided game's record and the learner's
/// progress.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LessonRequest {
    /// The game's `carolus-record/1` so far.
    #[schema(value_type = Object)]
    pub record: Value,
    pub progress: LessonProgress,
    /// Skip the current lesson, or all.
    #[serde(default)]
    pub skip: Option<Skip>,
    /// `en`, `de` or `fr` (English when not given).
    #[serde(default)]
    pub lang: Option<String>,
}

/// What the guided game shows now.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LessonStep {
    /// The current lesson's index, from 0.
    pub index: usize,
    /// How many lessons there are.
    pub count: usize,
    /// The current lesson's name (`disc`, `court`, `region`, `walk`,
    /// `castle`, `control`, `merge`, `joker`, `end`), or none when all
    /// are done.
    pub lesson: Option<String>,
    /// Whether the lesson matters now: the learner can do what it asks.
    pub active: bool,
    /// The message's id in the catalogs.
    pub message: String,
    /// The message in the language asked for.
    pub text: String,
    /// What to point at: `{"kind": "court"}`, `{"kind": "region",
    /// "region": 7}`, `{"kind": "disc", "disc": 3}` or `{"kind":
    /// "family", "family": "R"}`.
    #[schema(value_type = Option<Object>)]
    pub highlight: Option<Value>,
    /// The move "show me" plays, a legal token at the record's end.
    pub show_me: Option<String>,
}

/// The answer of `POST /api/lessons/step`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LessonAnswer {
    /// The progress after the record's moves (and the skip): keep it for
    /// the next request.
    pub progress: LessonProgress,
    pub step: LessonStep,
}

/// Starts a guided first game.
#[utoipa::path(
    post, path = "/api/lessons", request_body = StartLesson,
    responses(
        (status = 201, description = "The guided game: the learner at seat 0 against the \
            level-1 computer on the lesson's deal, with the learner's token", body = CreatedGame),
        (status = 400, description = "The body is not JSON or the name is not one", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 429, description = "Too many games created from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
        (status = 503, description = "The game could not be stored; nothing was created", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn start_lesson(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<StartLesson>,
) -> Result<(StatusCode, Json<CreatedGame>), ApiError> {
    let name = checked_name(&request.name, "name")?;
    let token = secret::new_token();
    let mut seats = vec![
        NewSeat::Computer {
            level: Level::new(lessons::OPPONENT_LEVEL)
                .map_err(|error| ApiError::bad_request(error.to_string()))?,
            name: None,
        };
        2
    ];
    seats[lessons::LEARNER] = NewSeat::Person {
        name,
        token_hash: secret::token_hash(&token),
    };
    let new = NewTable {
        players: 2,
        teams: false,
        seats,
        clock: None,
        hints: false,
        lesson: true,
    };
    let tokens = vec![SeatToken {
        seat: lessons::LEARNER,
        token,
    }];
    start_game(&state, client, new, tokens).await
}

/// Where a learner stands in a guided game.
#[utoipa::path(
    post, path = "/api/lessons/step", request_body = LessonRequest,
    responses(
        (status = 200, description = "The progress after the record's moves and the lesson to show",
            body = LessonAnswer),
        (status = 400, description = "The body is not such a request, the record is not the guided \
            game's or does not replay, the progress does not fit it, or an unknown language",
            body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
    )
)]
pub async fn lesson_step(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<LessonRequest>,
) -> Result<Json<LessonAnswer>, ApiError> {
    limited(&state, client)?;
    answer(&request).map(Json)
}

/// The answer to `request`, or why there is none.
pub fn answer(request: &LessonRequest) -> Result<LessonAnswer, ApiError> {
    let language = match request.lang.as_deref() {
        Some(code) => code
            .parse::<Language>()
            .map_err(|error| ApiError::bad_request(format!("field `lang`: {error}")))?,
        None => Language::English,
    };
    let record = Record::from_value(&request.record)
        .map_err(|error| ApiError::bad_request(format!("field `record`: {error}")))?;
    let given = Progress {
        lesson: request.progress.lesson,
        at: request.progress.at,
    };
    let mut progress = lessons::advance(&record, given)
        .map_err(|error| ApiError::bad_request(error.to_string()))?;
    if let Some(skip) = request.skip {
        progress = lessons::skip(progress, skip == Skip::All, record.moves.len());
    }
    // `advance` replayed the record already; this cannot fail.
    let game = record
        .replay()
        .map_err(|error| ApiError::bad_request(format!("field `record`: {error}")))?;
    let step = lessons::step(&game, progress);
    Ok(LessonAnswer {
        progress: LessonProgress {
            lesson: progress.lesson,
            at: progress.at,
        },
        step: LessonStep {
            index: step.index,
            count: LESSONS.len(),
            lesson: step.lesson.map(|lesson| lesson.name().to_owned()),
            active: step.active,
            message: step.message.to_owned(),
            text: step.text(catalog(language)),
            highlight: step.highlight.map(lessons::Highlight::to_json),
            show_me: step.show_me.map(|mv| mv.to_string()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(record: &Record, progress: Progress, skip: Option<Skip>) -> LessonRequest {
        LessonRequest {
            record: serde_json::from_str(&record.to_json()).unwrap(),
            progress: LessonProgress {
                lesson: progress.lesson,
                at: progress.at,
            },
            skip,
            lang: Some("de".to_owned()),
        }
    }

    #[test]
    fn the_first_step_is_the_first_lesson_in_the_language_asked() {
        let mut deal = lessons::deal();
        // The computer chooses its disc first in this deal.
        let waiting = answer(&request(deal.record(), Progress::default(), None)).unwrap();
        assert_eq!(waiting.step.message, "lesson-wait");
        assert_eq!(waiting.step.show_me, None);
        let length = deal.record().moves.len();
        let reply = lessons::reply(deal.game(), length).unwrap().best;
        deal.play(reply).unwrap();
        let answer = answer(&request(deal.record(), Progress::default(), None)).unwrap();
        assert_eq!(answer.step.lesson.as_deref(), Some("disc"));
        assert!(answer.step.active);
        assert!(answer.step.text.contains("Scheibe"), "{}", answer.step.text);
        let show_me = answer.step.show_me.unwrap();
        assert!(show_me.starts_with("disc "));
        assert!(deal.game().is_legal(&show_me.parse().unwrap()));
    }

    #[test]
    fn skipping_moves_on_and_skipping_all_ends_the_lessons() {
        let deal = lessons::deal();
        let one = answer(&request(deal.record(), Progress::default(), Some(Skip::One))).unwrap();
        assert_eq!(one.progress.lesson, 1);
        let all = answer(&request(deal.record(), Progress::default(), Some(Skip::All))).unwrap();
        assert_eq!(all.progress.lesson, LESSONS.len());
        assert_eq!(all.step.lesson, None);
        assert_eq!(all.step.show_me, None);
    }

    #[test]
    fn another_deal_or_a_progress_past_the_record_is_refused() {
        let other = carolus_rules::RecordedGame::from_seed(2, carolus_rules::Variant::STANDARD, 1)
            .unwrap();
        let error = answer(&request(other.record(), Progress::default(), None)).unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert!(error.body.error.contains("not the guided first game"));
        let deal = lessons::deal();
        let past = Progress { lesson: 0, at: 999 };
        let error = answer(&request(deal.record(), past, None)).unwrap_err();
        assert!(error.body.error.contains("progress.at"), "{}", error.body.error);
        let mut bad = request(deal.record(), Progress::default(), None);
        bad.lang = Some("xx".to_owned());
        assert!(answer(&bad).unwrap_err().body.error.contains("lang"));
    }
}
