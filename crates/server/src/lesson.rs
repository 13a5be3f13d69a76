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

use crate::api::{CreatedGame, ErrorBody, SeatToken, whole};
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, limited};
use crate::responses::{BodyTooLarge, TooManyRequests};
use crate::routes::start_game;
use crate::secret;
use crate::state::AppState;
use crate::table::{Hosting, NewSeat, NewTable, checked_name};

/// `POST /api/lessons`: the learner's name (its schema is written out in
/// `openapi.rs`, as a seat's name is).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartLesson {
    /// The learner's name, 1 to 40 characters.
    pub name: String,
}

/// Where a learner stands in the guided game.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// The current lesson's index (0 first; the number of lessons, 9, once
    /// all are done).
    #[schema(minimum = 0, maximum = 9)]
    #[serde(deserialize_with = "lesson_index")]
    pub lesson: usize,
    /// The record's length when `lesson` was last set.
    #[schema(minimum = 0, maximum = 18446744073709551615_u64)]
    #[serde(deserialize_with = "whole::number")]
    pub at: usize,
}

/// `T` read from a JSON object only: serde would also take an array of
/// its fields, which the document forbids.
fn an_object<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(
    deserializer: D,
) -> Result<T, D::Error> {
    let fields = serde_json::Map::<String, Value>::deserialize(deserializer)?;
    T::deserialize(Value::Object(fields)).map_err(serde::de::Error::custom)
}

/// A lesson's index: a whole number up to the number of lessons, so that
/// a body the document forbids is refused as it says.
fn lesson_index<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    let index: usize = whole::number(deserializer)?;
    if index > LESSONS.len() {
        return Err(serde::de::Error::custom(format!(
            "a lesson's index is 0 to {}, not {index}",
            LESSONS.len()
        )));
    }
    Ok(index)
}

/// A language of the catalogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    De,
    Fr,
}

impl Lang {
    fn language(self) -> Language {
        match self {
            Lang::En => Language::English,
            Lang::De => Language::German,
            Lang::Fr => Language::French,
        }
    }
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
    pub record: serde_json::Map<String, Value>,
    #[serde(deserialize_with = "an_object")]
    pub progress: LessonProgress,
    /// Skip the current lesson, or all.
    #[serde(default)]
    pub skip: Option<Skip>,
    /// The language of the step's text (English when not given).
    #[serde(default)]
    pub lang: Option<Lang>,
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

/// The answer of `POST /api/lessons/step`: the progress and the step, or
/// why the record and progress are no guided game's (`error`; then both
/// are null), as `POST /api/replay` answers a record that does not replay.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LessonAnswer {
    /// The progress after the record's moves (and the skip): keep it for
    /// the next request.
    pub progress: Option<LessonProgress>,
    pub step: Option<LessonStep>,
    /// What is wrong with the record or the progress, if anything.
    pub error: Option<String>,
}

/// Starts a guided first game.
#[utoipa::path(
    post, path = "/api/lessons", request_body = StartLesson,
    responses(
        (status = 201, description = "The guided game: the learner at seat 0 against the \
            level-1 computer on the lesson's deal, with the learner's token", body = CreatedGame,
            links(
                ("GetGame" = (operation_id = "get_game", parameters(("id" = "$response.body#/id")))),
                ("GetRecord" = (operation_id = "get_record", parameters(("id" = "$response.body#/id")))),
                ("PlayMove" = (operation_id = "play_move", parameters(("id" = "$response.body#/id")),
                    description = "Play a move, with the learner's token")),
            )),
        (status = 400, description = "The body is not JSON or the name is not one", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
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
        start: None,
        hosting: Hosting::default(),
        lesson: true,
    };
    let tokens = vec![SeatToken {
        seat: lessons::LEARNER,
        token,
    }];
    start_game(&state, client, secret::new_game_id(), new, tokens, &[]).await
}

/// Where a learner stands in a guided game.
#[utoipa::path(
    post, path = "/api/lessons/step", request_body = LessonRequest,
    responses(
        (status = 200, description = "The progress after the record's moves and the lesson to show; \
            or, in `error`, why the record is not the guided game's, does not replay, or the progress \
            does not fit it", body = LessonAnswer),
        (status = 400, description = "The body is not such a request", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, response = inline(TooManyRequests)),
    )
)]
pub async fn lesson_step(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<LessonRequest>,
) -> Result<Json<LessonAnswer>, ApiError> {
    limited(&state, client)?;
    Ok(Json(answer(&request)))
}

/// The answer to `request`.
pub fn answer(request: &LessonRequest) -> LessonAnswer {
    match step_of(request) {
        Ok((progress, step)) => LessonAnswer {
            progress: Some(progress),
            step: Some(step),
            error: None,
        },
        Err(error) => LessonAnswer {
            progress: None,
            step: None,
            error: Some(error),
        },
    }
}

/// The progress and step of `request`, or what is wrong with its record
/// or progress.
fn step_of(request: &LessonRequest) -> Result<(LessonProgress, LessonStep), String> {
    let language = request.lang.map_or(Language::English, Lang::language);
    let record = Record::from_value(&Value::Object(request.record.clone()))
        .map_err(|error| format!("record: {error}"))?;
    let given = Progress {
        lesson: request.progress.lesson,
        at: request.progress.at,
    };
    let mut progress = lessons::advance(&record, given).map_err(|error| error.to_string())?;
    if let Some(skip) = request.skip {
        progress = lessons::skip(progress, skip == Skip::All, record.moves.len());
    }
    // `advance` replayed the record already; this cannot fail.
    let game = record
        .replay()
        .map_err(|error| format!("record: {error}"))?;
    let step = lessons::step(&game, progress);
    Ok((
        LessonProgress {
            lesson: progress.lesson,
            at: progress.at,
        },
        LessonStep {
            index: step.index,
            count: LESSONS.len(),
            lesson: step.lesson.map(|lesson| lesson.name().to_owned()),
            active: step.active,
            message: step.message.to_owned(),
            text: step.text(catalog(language)),
            highlight: step.highlight.map(lessons::Highlight::to_json),
            show_me: step.show_me.map(|mv| mv.to_string()),
        },
    ))
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
            lang: Some(Lang::De),
        }
    }

    #[test]
    fn the_first_step_is_the_first_lesson_in_the_language_asked() {
        let mut deal = lessons::deal();
        // The computer chooses its disc first in this deal.
        let waiting = answer(&request(deal.record(), Progress::default(), None))
            .step
            .unwrap();
        assert_eq!(waiting.message, "lesson-wait");
        assert_eq!(waiting.show_me, None);
        let length = deal.record().moves.len();
        let reply = lessons::reply(deal.game(), length).unwrap().best;
        deal.play(reply).unwrap();
        let step = answer(&request(deal.record(), Progress::default(), None))
            .step
            .unwrap();
        assert_eq!(step.lesson.as_deref(), Some("disc"));
        assert!(step.active);
        assert!(step.text.contains("Scheibe"), "{}", step.text);
        let show_me = step.show_me.unwrap();
        assert!(show_me.starts_with("disc "));
        assert!(deal.game().is_legal(&show_me.parse().unwrap()));
    }

    #[test]
    fn the_step_api_md_shows_is_the_guided_game_s_own() {
        let mut record = lessons::rehearse(lessons::SEED).record.unwrap();
        record.moves.truncate(10);
        let mut asked = request(&record, Progress::default(), None);
        asked.lang = None;
        let answer = answer(&asked);
        let progress = answer.progress.unwrap();
        assert_eq!((progress.lesson, progress.at), (2, 10));
        let step = serde_json::to_value(answer.step.unwrap()).unwrap();
        assert_eq!(step["lesson"], "region");
        assert_eq!(
            step["highlight"],
            serde_json::json!({"kind": "region", "region": 4})
        );
        assert_eq!(step["show_me"], "place B 4");
        assert!(
            step["text"]
                .as_str()
                .unwrap()
                .starts_with("Now place a knight in a region: pick a blue knight, then region 4. ")
        );
    }

    #[test]
    fn skipping_moves_on_and_skipping_all_ends_the_lessons() {
        let deal = lessons::deal();
        let one = answer(&request(
            deal.record(),
            Progress::default(),
            Some(Skip::One),
        ));
        assert_eq!(one.progress.unwrap().lesson, 1);
        let all = answer(&request(
            deal.record(),
            Progress::default(),
            Some(Skip::All),
        ));
        assert_eq!(all.progress.unwrap().lesson, LESSONS.len());
        let step = all.step.unwrap();
        assert_eq!(step.lesson, None);
        assert_eq!(step.show_me, None);
    }

    #[test]
    fn another_deal_or_a_progress_past_the_record_is_refused() {
        let other =
            carolus_rules::RecordedGame::from_seed(2, carolus_rules::Variant::STANDARD, 1).unwrap();
        let refused = answer(&request(other.record(), Progress::default(), None));
        assert!(refused.progress.is_none() && refused.step.is_none());
        assert!(refused.error.unwrap().contains("not the guided first game"));
        let deal = lessons::deal();
        let past = Progress { lesson: 0, at: 999 };
        let error = answer(&request(deal.record(), past, None)).error.unwrap();
        assert!(error.contains("progress.at"), "{error}");
        let mut bad = request(deal.record(), Progress::default(), None);
        bad.record = serde_json::from_str(r#"{"format": "carolus-record/1"}"#).unwrap();
        assert!(answer(&bad).error.unwrap().starts_with("record: "));
    }
}
