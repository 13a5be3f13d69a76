//! Positions of a record, computed for clients that decide no rule: the
//! browser's replay slider and game log (`POST /api/replay`), and the
//! preview of what each choice would do (`POST /api/outcomes`).
//!
//! Both take a `carolus-record/1` in the body and touch no game or store,
//! so they serve uploaded records as well as the server's own games. A
//! record that cannot be played to its end is no failure of the request:
//! the answer holds every position up to the move that stopped it and an
//! `error` that says what and where, which is what a viewer shows.

use axum::Json;
use axum::extract::State;
use carolus_rules::{Game, Record, RecordError, ReplayError, SetupError, StateView};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::api::ErrorBody;
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, QueryOf, limited, moves_seen};
use crate::responses::{BodyTooLarge, TooManyRequests};
use crate::state::AppState;

/// `POST /api/replay`: positions of a record.
#[derive(Debug, Serialize, ToSchema)]
pub struct Replay {
    /// How many moves were played before the first state of `states`.
    pub from: usize,
    /// The state after `from` moves, after `from + 1`, and so on up to the
    /// end of the record or the move that could not be played.
    #[schema(value_type = Vec<Object>)]
    pub states: Vec<Value>,
    /// What stopped the replay before the record's end, if anything, in
    /// English.
    pub error: Option<String>,
    /// The same as `error`, as data, for a client that words it in its
    /// reader's language.
    pub problem: Option<Problem>,
}

/// What stopped a replay, as data: what kind of fault and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// The body is no record at all (not a JSON object).
    NotARecord,
    /// A field of the record is missing or does not read.
    Field {
        /// The field, as the record names it (`moves`, `setup.order`).
        field: String,
    },
    /// The record's set-up cannot start a game.
    Setup {
        /// The field that holds what is wrong (`players`,
        /// `setup.territories`, `setup.order`).
        field: String,
    },
    /// A move of the record is not a move token.
    Malformed {
        /// The move's place in the record, counted from 1.
        index: usize,
        /// The token as the record has it.
        token: String,
    },
    /// A move of the record cannot be played in the position before it.
    Illegal {
        /// The move's place in the record, counted from 1.
        index: usize,
        /// The token as the record has it.
        token: String,
    },
    /// `from` asks for positions beyond the record's end.
    Beyond {
        /// The number of moves in the record.
        length: usize,
    },
}

impl From<&SetupError> for Problem {
    fn from(error: &SetupError) -> Problem {
        Problem::Setup {
            field: error.record_field().to_owned(),
        }
    }
}

impl From<&RecordError> for Problem {
    fn from(error: &RecordError) -> Problem {
        match error {
            RecordError::Setup { error } => Problem::from(error),
            RecordError::Move { index, token, .. } => Problem::Malformed {
                index: *index,
                token: token.clone(),
            },
            RecordError::Field { field, .. } => Problem::Field {
                field: field.clone(),
            },
            RecordError::Empty | RecordError::Json { .. } | RecordError::NotAnObject { .. } => {
                Problem::NotARecord
            }
        }
    }
}

impl From<&ReplayError> for Problem {
    fn from(error: &ReplayError) -> Problem {
        match error {
            ReplayError::Setup { error } => Problem::from(error),
            ReplayError::Move { index, token, .. } => Problem::Illegal {
                index: *index,
                token: token.clone(),
            },
        }
    }
}

/// One legal move and the state it leads to.
#[derive(Debug, Serialize, ToSchema)]
pub struct Outcome {
    /// The move token, in canonical form.
    #[serde(rename = "move")]
    pub mv: String,
    /// The state right after it, before any draw it makes due.
    #[schema(value_type = Object)]
    pub state: Value,
}

/// `POST /api/outcomes`: what every legal move at the record's end does.
#[derive(Debug, Serialize, ToSchema)]
pub struct Outcomes {
    /// The number of moves in the record.
    pub at: usize,
    /// Every legal move at the end of the record, with its state.
    pub outcomes: Vec<Outcome>,
    /// Why the record's end could not be reached, if it could not.
    pub error: Option<String>,
}

/// The query of `POST /api/replay`, as the OpenAPI document states it.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ReplayQuery {
    /// The number of moves before the first state answered (0 by default):
    /// the same `from` as a game's WebSocket takes, the moves already seen.
    #[param(minimum = 0, maximum = 18446744073709551615_u64)]
    #[serde(default, deserialize_with = "moves_seen")]
    pub from: Option<usize>,
}

/// Every position of a record from `from` moves on.
#[utoipa::path(
    post, path = "/api/replay",
    request_body(content = Object, description = "A carolus-record/1"),
    params(ReplayQuery),
    responses(
        (status = 200, description = "The positions, and what stopped the replay if the record \
            could not be played to its end", body = Replay),
        (status = 400, description = "The body is not a JSON object, or a malformed query", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, response = inline(TooManyRequests)),
    )
)]
pub async fn replay(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    QueryOf(ReplayQuery { from }): QueryOf<ReplayQuery>,
    JsonBody(body): JsonBody<serde_json::Map<String, Value>>,
) -> Result<Json<Replay>, ApiError> {
    limited(&state, client)?;
    Ok(Json(replay_record(&Value::Object(body), from.unwrap_or(0))))
}

/// What each legal move at the end of a record would do.
#[utoipa::path(
    post, path = "/api/outcomes",
    request_body(content = Object, description = "A carolus-record/1"),
    responses(
        (status = 200, description = "Every legal move with the state it leads to, or why the \
            record's end could not be reached", body = Outcomes),
        (status = 400, description = "The body is not a JSON object", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, response = inline(TooManyRequests)),
    )
)]
pub async fn outcomes(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(body): JsonBody<serde_json::Map<String, Value>>,
) -> Result<Json<Outcomes>, ApiError> {
    limited(&state, client)?;
    Ok(Json(outcomes_of(&Value::Object(body))))
}

fn state_of(game: &Game) -> Value {
    serde_json::to_value(StateView::of(game)).unwrap_or(Value::Null)
}

/// The states of `record` after `from`, `from + 1`, … moves.
pub fn replay_record(record: &Value, from: usize) -> Replay {
    let record = match Record::from_value(record) {
        Ok(record) => record,
        Err(error) => {
            return Replay {
                from,
                states: Vec::new(),
                error: Some(error.to_string()),
                problem: Some(Problem::from(&error)),
            };
        }
    };
    let length = record.moves.len();
    if from > length {
        return Replay {
            from,
            states: Vec::new(),
            error: Some(format!(
                "from {from} is beyond the record's end: it has {length} moves"
            )),
            problem: Some(Problem::Beyond { length }),
        };
    }
    let mut states = Vec::with_capacity(length + 1 - from);
    let mut seen = 0;
    let outcome = record.replay_with(|game| {
        if seen >= from {
            states.push(state_of(game));
        }
        seen += 1;
    });
    let error = outcome.err();
    Replay {
        from,
        states,
        error: error.as_ref().map(ToString::to_string),
        problem: error.as_ref().map(Problem::from),
    }
}

/// Every legal move at the end of `record` with the state it leads to.
pub fn outcomes_of(record: &Value) -> Outcomes {
    let replayed = Record::from_value(record)
        .map_err(|error| error.to_string())
        .and_then(|record| {
            let at = record.moves.len();
            record
                .replay()
                .map(|game| (at, game))
                .map_err(|error| error.to_string())
        });
    match replayed {
        Ok((at, game)) => {
            let outcomes = game
                .legal_moves()
                .iter()
                .filter_map(|mv| {
                    let mut after = game.clone();
                    after.play(*mv).ok()?;
                    Some(Outcome {
                        mv: mv.to_string(),
                        state: state_of(&after),
                    })
                })
                .collect();
            Outcomes {
                at,
                outcomes,
                error: None,
            }
        }
        Err(error) => Outcomes {
            at: 0,
            outcomes: Vec::new(),
            error: Some(error),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    fn seeded_record(moves: usize) -> Value {
        let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, 11).unwrap();
        let mut rng = GameRng::seed_from_u64(11);
        for _ in 0..moves {
            recorded.play_random(&mut rng).unwrap();
        }
        serde_json::from_str(&recorded.record().to_json()).unwrap()
    }

    #[test]
    fn a_replay_holds_the_state_after_every_prefix_of_the_record() {
        let record = seeded_record(12);
        let length = record["moves"].as_array().unwrap().len();
        let replay = replay_record(&record, 0);
        assert_eq!(replay.error, None);
        assert_eq!(replay.states.len(), length + 1);
        let later = replay_record(&record, length - 2);
        assert_eq!(later.states.len(), 3);
        assert_eq!(later.states[2], replay.states[length]);
    }

    #[test]
    fn a_record_broken_midway_answers_the_states_before_the_break_and_says_where() {
        let mut record = seeded_record(12);
        let moves = record["moves"].as_array_mut().unwrap();
        let length = moves.len();
        moves.push(Value::from("move 5"));
        moves.push(Value::from("disc 1"));
        let replay = replay_record(&record, 0);
        assert_eq!(replay.states.len(), length + 1);
        let error = replay.error.unwrap();
        assert!(
            error.starts_with(&format!("move {} \"move 5\"", length + 1)),
            "{error}"
        );
        assert_eq!(
            replay.problem,
            Some(Problem::Illegal {
                index: length + 1,
                token: "move 5".to_owned()
            })
        );
    }

    #[test]
    fn a_malformed_record_or_a_start_beyond_its_end_is_said_so() {
        let replay = replay_record(&serde_json::json!({"format": "chess"}), 0);
        assert!(replay.states.is_empty());
        assert!(replay.error.unwrap().contains("format"));
        assert_eq!(
            replay.problem,
            Some(Problem::Field {
                field: "format".to_owned()
            })
        );
        let record = seeded_record(3);
        let length = record["moves"].as_array().unwrap().len();
        let beyond = replay_record(&record, 99);
        assert!(beyond.error.unwrap().contains("beyond the record's end"));
        assert_eq!(beyond.problem, Some(Problem::Beyond { length }));
    }

    #[test]
    fn a_malformed_move_or_set_up_is_named_as_data_for_the_reader_s_language() {
        let mut record = seeded_record(4);
        record["moves"][2] = Value::from("move   5");
        let replay = replay_record(&record, 0);
        assert!(replay.states.is_empty(), "a record that does not read");
        assert_eq!(
            replay.problem,
            Some(Problem::Malformed {
                index: 3,
                token: "move   5".to_owned()
            })
        );
        let mut record = seeded_record(4);
        record["setup"]["order"] = serde_json::json!([0, 0]);
        let replay = replay_record(&record, 0);
        assert_eq!(
            replay.problem,
            Some(Problem::Setup {
                field: "setup.order".to_owned()
            }),
            "{:?}",
            replay.error
        );
        assert!(replay.error.unwrap().starts_with("field `setup.order`"));
    }

    #[test]
    fn outcomes_name_every_legal_move_once_with_the_position_it_leads_to() {
        let record = seeded_record(20);
        let game = Record::from_value(&record).unwrap().replay().unwrap();
        let outcomes = outcomes_of(&record);
        assert_eq!(outcomes.error, None);
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        assert!(!legal.is_empty(), "the record ends at a decision");
        let named: Vec<&str> = outcomes.outcomes.iter().map(|o| o.mv.as_str()).collect();
        assert_eq!(named, legal);
        for outcome in &outcomes.outcomes {
            let mut after = game.clone();
            after.play(outcome.mv.parse().unwrap()).unwrap();
            assert_eq!(outcome.state, state_of(&after));
        }
    }
}
