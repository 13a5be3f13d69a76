//! The bot protocol's messages: one JSON request line in, one JSON answer
//! line out (BOTS.md describes them for people).
//!
//! A [`Request`] is `{"record": <carolus-record/1>, "time_ms": 1000}`; the
//! position to decide is the end of the record. A runner also sends
//! `"state": <carolus-state/1>` (the state view of that position, with its
//! `legal` moves), so that a simple bot can answer without implementing the
//! rules; bots ignore it and every other field they do not know.
//!
//! An [`Answer`] is `{"move": "<token>", "info": {"win": […], "iterations":
//! n, …}}`, or a [`Refusal`], `{"error": "<what and where>"}`, for a request
//! that cannot be answered.
//!
//! Both ends use these types: a bot reads requests with [`Request::read`]
//! and writes [`Answer::line`] or [`Refusal::line`]; a runner writes
//! [`Request::line`] and reads answers with [`Answer::read`]. Reading never
//! fails with a bare "invalid": every error names the field or the move
//! that is wrong, in one line, because it goes back over the wire to the
//! author of the other end. The JSON is written by serde from the types;
//! it is read by hand from a parsed value, since serde's own messages
//! would not name the field the way BOTS.md quotes them.

use std::time::Duration;

use carolus_ai::{Analysis, Candidate};
use carolus_rules::{Game, IllegalMove, Move, ParseMoveError, Phase, Record, Seat, StateView};
use serde::ser::{Error as _, Serializer};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use thiserror::Error;

use crate::loading;

/// The thinking time of a request that gives no `time_ms`.
pub const DEFAULT_TIME_MS: u64 = 1000;

/// The longest thinking time a request may ask for: one day. More is
/// surely a mistake, and refusing it keeps every deadline computable.
pub const MAX_TIME_MS: u64 = 86_400_000;

/// How many of the candidates a bot weighed go into an answer's `info.best`.
pub const BEST_SHOWN: usize = 5;

/// A request that reads, with the position it asks about.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The record, which replays.
    pub record: Record,
    /// The position at the end of the record.
    pub game: Game,
    /// The time the answer may take.
    pub time: Duration,
}

/// Why a request line cannot be answered; the message is the `error` of
/// the refusal sent back.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RequestError {
    #[error("the request is not UTF-8 text (invalid byte at offset {offset})")]
    NotUtf8 { offset: usize },
    #[error(
        "the request is empty; expected a JSON object such as {{\"record\": {{…}}, \"time_ms\": 1000}}"
    )]
    Empty,
    /// serde_json's message, which says where the JSON broke off.
    #[error("the request is not valid JSON: {0}")]
    Json(String),
    #[error("the request must be a JSON object with `record` and `time_ms`, not {found}")]
    NotAnObject { found: &'static str },
    /// `found` is the value given, as JSON, cut to one line's length.
    #[error(
        "field `time_ms`: expected a whole number of milliseconds from 0 to {max}, found {found}",
        max = MAX_TIME_MS
    )]
    TimeMs { found: String },
    #[error("field `record`: missing; expected a carolus-record/1 object")]
    NoRecord,
    /// The record does not read or replay: the field or the move, and why.
    #[error("record: {0}")]
    Record(String),
    /// The record reads, but its game is over.
    #[error("record: no decision is due: the game is over after move {moves}")]
    GameOver { moves: usize },
    /// The record reads, but a chance draw comes next.
    #[error(
        "record: no decision is due after move {moves}: a draw of {size} knights for seat {seat} comes next"
    )]
    DrawDue {
        moves: usize,
        size: usize,
        seat: Seat,
    },
}

impl Request {
    /// A request for the position `game` at the end of `record`, to be
    /// answered within `time`.
    pub fn new(record: Record, game: Game, time: Duration) -> Request {
        Request { record, game, time }
    }

    /// Reads one request line (without its line break).
    ///
    /// Checks, in this order: UTF-8, JSON, an object, `time_ms`, `record`
    /// (read and replayed, naming the first bad move). Whether a decision
    /// is due is [`Request::decision_due`]'s question, asked apart because
    /// only the caller knows what it does with a request that has none.
    pub fn read(line: &[u8]) -> Result<Request, RequestError> {
        let text = std::str::from_utf8(line).map_err(|error| RequestError::NotUtf8 {
            offset: error.valid_up_to(),
        })?;
        let text = text.trim();
        if text.is_empty() {
            return Err(RequestError::Empty);
        }
        let value: Value =
            serde_json::from_str(text).map_err(|error| RequestError::Json(error.to_string()))?;
        let Value::Object(object) = value else {
            return Err(RequestError::NotAnObject {
                found: carolus_rules::json_kind(&value),
            });
        };
        let time_ms = time_ms(&object)?;
        let record = object.get("record").ok_or(RequestError::NoRecord)?;
        let (record, game) = loading::replay_value(record).map_err(RequestError::Record)?;
        Ok(Request::new(record, game, Duration::from_millis(time_ms)))
    }

    /// Whether a decision is due at the end of the record, or why not.
    pub fn decision_due(&self) -> Result<(), RequestError> {
        let moves = self.record.moves.len();
        match (self.game.phase(), self.game.draw_due()) {
            (Phase::Over, _) => Err(RequestError::GameOver { moves }),
            (Phase::Draw, Some(due)) => Err(RequestError::DrawDue {
                moves,
                size: due.size,
                seat: due.seat,
            }),
            _ => Ok(()),
        }
    }

    /// The request as one line (without its line break), with the state
    /// view that runners send so that simple bots need not know the rules.
    pub fn line(&self) -> String {
        let wire = RequestLine {
            record: self.record.to_json(),
            time_ms: u64::try_from(self.time.as_millis()).unwrap_or(u64::MAX),
            state: StateView::of(&self.game),
        };
        // Plain strings, numbers and the record's own JSON always serialize.
        serde_json::to_string(&wire).unwrap_or_default()
    }
}

/// `time_ms` of a request, or the default when it is absent or null.
fn time_ms(object: &Map<String, Value>) -> Result<u64, RequestError> {
    match object.get("time_ms") {
        None | Some(Value::Null) => Ok(DEFAULT_TIME_MS),
        Some(value) => value
            .as_u64()
            .filter(|ms| *ms <= MAX_TIME_MS)
            .ok_or_else(|| RequestError::TimeMs {
                found: clip(&value.to_string()),
            }),
    }
}

/// A request as it is written: the fields in this order, `record` first.
#[derive(Serialize)]
struct RequestLine {
    #[serde(serialize_with = "raw_json")]
    record: String,
    time_ms: u64,
    state: StateView,
}

/// Writes `text`, which is JSON already, as it is.
fn raw_json<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    RawValue::from_string(text.to_owned())
        .map_err(S::Error::custom)?
        .serialize(serializer)
}

/// A bot's move with what it thinks of the position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    /// The move to play.
    #[serde(rename = "move", serialize_with = "token::serialize")]
    pub mv: Move,
    /// The bot's estimates; optional for external bots, whose `info`
    /// runners do not need (one that does not read is left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<Info>,
}

/// An answer's `info`: the bot's estimates and how much it searched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Info {
    /// Every seat's share of the win, summing to 1.
    pub win: Vec<f64>,
    /// Tree-search iterations, or positions evaluated.
    pub iterations: u64,
    /// The first few moves weighed, best first (`carolus bot` sends them).
    #[serde(default)]
    pub best: Vec<Weighed>,
    /// Milliseconds from reading the request to answering (`carolus bot`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
}

/// A move a bot weighed, with its visits and its value for the mover, as
/// both an answer's `info.best` and `carolus analyse --json` write it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weighed {
    #[serde(rename = "move", with = "token")]
    pub mv: Move,
    pub visits: u64,
    pub value: f64,
}

impl Weighed {
    /// The first `count` of the `candidates` a bot weighed (best first),
    /// values rounded as the wire carries them.
    pub fn first(candidates: &[Candidate], count: usize) -> Vec<Weighed> {
        candidates
            .iter()
            .take(count)
            .map(|candidate| Weighed {
                mv: candidate.mv,
                visits: candidate.visits,
                value: round(candidate.value),
            })
            .collect()
    }
}

/// Why an external bot's answer line gives no move to play; the message
/// is the reason of the forfeit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnswerError {
    /// `line` is the line as sent, trimmed and cut to one line's length.
    #[error("answered {line:?} which is not JSON ({error})")]
    NotJson { line: String, error: String },
    #[error("answered {line:?} which is not a JSON object")]
    NotAnObject { line: String },
    /// The bot refused; `error` is its message, cut short.
    #[error("answered with an error: {error}")]
    Refused { error: String },
    #[error("answered a `move` that is {found} instead of a token")]
    MoveNotAToken { found: &'static str },
    #[error("answered {line:?} without a `move`")]
    NoMove { line: String },
    /// `token` is the bot's own text, cut short.
    #[error("answered the malformed move {token:?}: {error}")]
    Malformed {
        token: String,
        error: ParseMoveError,
    },
    #[error("answered the illegal move {token:?}: {error}")]
    Illegal { token: String, error: IllegalMove },
}

impl Answer {
    /// The answer for a bot's analysis. `elapsed` is the time from reading
    /// the request to now, reported as `info.ms`.
    pub fn from_analysis(analysis: &Analysis, elapsed: Duration) -> Answer {
        Answer {
            mv: analysis.best,
            info: Some(Info {
                win: analysis.win.iter().map(|&w| round(w)).collect(),
                iterations: analysis.iterations,
                best: Weighed::first(&analysis.candidates, BEST_SHOWN),
                ms: Some(u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)),
            }),
        }
    }

    /// The answer as one line (without its line break), `move` first.
    pub fn line(&self) -> String {
        // Serializing plain strings and numbers cannot fail; the fallback
        // only keeps the answer one valid line should it ever.
        serde_json::to_string(self).unwrap_or_else(|error| Refusal::new(error.to_string()).line())
    }

    /// Reads an answer line of a bot for `game`: its move, which must be
    /// legal there, or what is wrong with the answer.
    pub fn read(line: &str, game: &Game) -> Result<Answer, AnswerError> {
        let quoted = || clip(line.trim());
        let value: Value =
            serde_json::from_str(line.trim()).map_err(|error| AnswerError::NotJson {
                line: quoted(),
                error: error.to_string(),
            })?;
        let object = value
            .as_object()
            .ok_or_else(|| AnswerError::NotAnObject { line: quoted() })?;
        if let Some(error) = object.get("error") {
            let error = error
                .as_str()
                .map_or_else(|| error.to_string(), str::to_owned);
            return Err(AnswerError::Refused {
                error: clip(&error),
            });
        }
        let token = match object.get("move") {
            Some(Value::String(token)) => token,
            Some(other) => {
                return Err(AnswerError::MoveNotAToken {
                    found: carolus_rules::json_kind(other),
                });
            }
            None => return Err(AnswerError::NoMove { line: quoted() }),
        };
        let mv: Move = token.parse().map_err(|error| AnswerError::Malformed {
            token: clip(token),
            error,
        })?;
        game.check(&mv).map_err(|error| AnswerError::Illegal {
            token: clip(token),
            error,
        })?;
        let info = object
            .get("info")
            .and_then(|info| Info::deserialize(info).ok());
        Ok(Answer { mv, info })
    }
}

/// The answer to a request that cannot be answered: `{"error": "…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// What is wrong and where, in one line.
    pub error: String,
}

impl Refusal {
    pub fn new(error: impl Into<String>) -> Refusal {
        Refusal {
            error: error.into(),
        }
    }

    /// The refusal as one line (without its line break).
    pub fn line(&self) -> String {
        // One string field always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// `value` rounded to four decimals, which is all a win chance means here
/// and keeps the lines short.
pub fn round(value: f64) -> f64 {
    (value * 1e4).round() / 1e4
}

/// `text` cut to a length that fits in a one-line message.
fn clip(text: &str) -> String {
    const LIMIT: usize = 80;
    match text.char_indices().nth(LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// Moves as their tokens on the wire.
mod token {
    use super::*;

    pub fn serialize<S: Serializer>(mv: &Move, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(mv)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, RandomSource, RecordedGame, Variant};
    use serde_json::json;

    fn game() -> RecordedGame {
        RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap()
    }

    fn request_line(recorded: &RecordedGame, ms: u64) -> String {
        Request::new(
            recorded.record().clone(),
            recorded.game().clone(),
            Duration::from_millis(ms),
        )
        .line()
    }

    #[test]
    fn a_request_line_reads_back_as_the_same_request_with_its_state_view() {
        let recorded = game();
        let line = request_line(&recorded, 250);
        assert!(line.starts_with("{\"record\":{\"format\":\"carolus-record/1\""));
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["time_ms"], 250);
        assert_eq!(
            value["state"],
            serde_json::to_value(StateView::of(recorded.game())).unwrap()
        );
        let request = Request::read(line.as_bytes()).unwrap();
        assert_eq!(request.time, Duration::from_millis(250));
        assert_eq!(&request.game, recorded.game());
        assert_eq!(&request.record, recorded.record());
    }

    #[test]
    fn an_answer_is_one_json_line_that_reads_back() {
        let recorded = game();
        let best = recorded.game().legal_moves()[0];
        let analysis = Analysis {
            best,
            win: vec![0.123_456, 0.876_544],
            iterations: 7,
            candidates: vec![Candidate {
                mv: best,
                visits: 3,
                value: 0.5,
            }],
        };
        let answer = Answer::from_analysis(&analysis, Duration::from_millis(12));
        let line = answer.line();
        assert!(!line.contains('\n'));
        assert!(line.starts_with("{\"move\":"), "{line}");
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["move"], best.to_string());
        assert_eq!(value["info"]["win"], json!([0.1235, 0.8765]));
        assert_eq!(value["info"]["ms"], 12);
        assert_eq!(
            value["info"]["best"],
            json!([{"move": best.to_string(), "visits": 3, "value": 0.5}])
        );
        assert_eq!(Answer::read(&line, recorded.game()), Ok(answer));
    }

    #[test]
    fn an_external_bot_may_answer_a_bare_move_or_an_info_of_its_own() {
        let recorded = game();
        let best = recorded.game().legal_moves()[0];
        let bare = format!("{{\"move\": \"{best}\"}}");
        assert_eq!(
            Answer::read(&bare, recorded.game()),
            Ok(Answer {
                mv: best,
                info: None
            })
        );
        // The example bot's `info` has no `best` and no `ms`.
        let short = format!(
            "{{\"move\": \"{best}\", \"info\": {{\"win\": [0.5, 0.5], \"iterations\": 0}}}}"
        );
        let info = Answer::read(&short, recorded.game()).unwrap().info.unwrap();
        assert_eq!(
            (info.win, info.best, info.ms),
            (vec![0.5, 0.5], vec![], None)
        );
        // An `info` that does not read costs nothing but the info.
        let odd = format!("{{\"move\": \"{best}\", \"info\": \"thinking hard\"}}");
        assert_eq!(Answer::read(&odd, recorded.game()).unwrap().info, None);
    }

    #[test]
    fn a_refusal_is_an_error_line() {
        assert_eq!(
            Refusal::new("record: field `players`: \"x\"").line(),
            r#"{"error":"record: field `players`: \"x\""}"#
        );
    }

    #[test]
    fn the_weighed_moves_are_the_first_few_in_order_with_rounded_values() {
        let recorded = game();
        let legal = recorded.game().legal_moves();
        assert!(legal.len() > 3, "the test needs several legal moves");
        let candidates: Vec<Candidate> = legal
            .iter()
            .enumerate()
            .map(|(rank, &mv)| Candidate {
                mv,
                visits: 100 - rank as u64,
                value: 0.5 + 1e-5 * rank as f64 + 1e-7,
            })
            .collect();
        let analysis = Analysis {
            best: legal[0],
            win: vec![0.5, 0.5],
            iterations: 300,
            candidates,
        };
        let shown = serde_json::to_value(Weighed::first(&analysis.candidates, 3)).unwrap();
        assert_eq!(
            shown,
            json!([
                {"move": legal[0].to_string(), "visits": 100, "value": 0.5},
                {"move": legal[1].to_string(), "visits": 99, "value": 0.5},
                {"move": legal[2].to_string(), "visits": 98, "value": 0.5},
            ])
        );
        assert_eq!(round(0.123_45), 0.1235);
        assert_eq!(round(0.876_54), 0.8765);
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let cases: [(&[u8], &str); 7] = [
            (b"\xff{}", "not UTF-8"),
            (b"  ", "empty"),
            (b"{\"record\": ", "not valid JSON: EOF while parsing"),
            (b"[1]", "must be a JSON object"),
            (b"{\"time_ms\": 5}", "field `record`: missing"),
            (b"{\"record\": {}, \"time_ms\": \"5\"}", "field `time_ms`"),
            (b"{\"record\": {\"format\": 1}}", "record: field `format`"),
        ];
        for (line, expected) in cases {
            let message = Request::read(line).unwrap_err().to_string();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
        let negative = Request::read(b"{\"record\": {}, \"time_ms\": -1}").unwrap_err();
        assert_eq!(
            negative.to_string(),
            "field `time_ms`: expected a whole number of milliseconds from 0 to 86400000, found -1"
        );
    }

    #[test]
    fn a_request_says_whether_a_decision_is_due_and_why_not() {
        let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap();
        let decision = |recorded: &RecordedGame| {
            Request::new(
                recorded.record().clone(),
                recorded.game().clone(),
                Duration::ZERO,
            )
            .decision_due()
        };
        assert_eq!(decision(&recorded), Ok(()));
        let mut rng = GameRng::seed_from_u64(8);
        while recorded.game().draw_due().is_none() {
            recorded.play_random(&mut rng);
        }
        let due = recorded.game().draw_due().unwrap();
        let moves = recorded.record().moves.len();
        assert_eq!(
            decision(&recorded).unwrap_err().to_string(),
            format!(
                "record: no decision is due after move {moves}: a draw of {} knights for seat {} comes next",
                due.size, due.seat
            )
        );
        while recorded.play_random(&mut rng).is_some() {}
        let moves = recorded.record().moves.len();
        assert_eq!(
            decision(&recorded),
            Err(RequestError::GameOver { moves }),
            "the game is over after move {moves}"
        );
    }

    #[test]
    fn bad_answers_are_faults_with_a_reason() {
        let recorded = game();
        let game = recorded.game();
        let cases = [
            (
                "hello",
                "answered \"hello\" which is not JSON (expected value",
            ),
            ("[]", "answered \"[]\" which is not a JSON object"),
            (
                "{\"error\": \"confused\"}",
                "answered with an error: confused",
            ),
            ("{\"error\": 3}", "answered with an error: 3"),
            (
                "{\"move\": 3}",
                "answered a `move` that is a number instead of a token",
            ),
            ("{}", "answered \"{}\" without a `move`"),
            (
                "{\"move\": \"fly away\"}",
                "answered the malformed move \"fly away\": ",
            ),
            (
                "{\"move\": \"draw RRRGGGB\"}",
                "answered the illegal move \"draw RRRGGGB\": ",
            ),
        ];
        for (line, expected) in cases {
            let message = Answer::read(line, game).unwrap_err().to_string();
            assert!(
                message.starts_with(expected),
                "{message:?} lacks {expected:?}"
            );
        }
    }

    /// A request line for a game some forty random moves in, so that the
    /// record has draws, placements and emperor moves to damage.
    fn mid_game_request() -> (RecordedGame, String) {
        let mut recorded = game();
        let mut rng = GameRng::seed_from_u64(23);
        for _ in 0..40 {
            recorded.play_random(&mut rng);
        }
        let line = request_line(&recorded, 100);
        (recorded, line)
    }

    #[test]
    fn every_truncated_request_is_refused_in_one_line() {
        let (_, line) = mid_game_request();
        let bytes = line.as_bytes();
        assert!(Request::read(bytes).is_ok());
        for cut in 0..bytes.len() {
            let message = Request::read(&bytes[..cut])
                .expect_err("a request cut short never reads as a whole one")
                .to_string();
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "cut at {cut}: {message:?}"
            );
        }
    }

    #[test]
    fn damaged_requests_either_replay_exactly_or_are_refused() {
        let (_, line) = mid_game_request();
        let mut rng = GameRng::seed_from_u64(0x2545_F491_4F6C_DD1D);
        let mut next = || rng.next_u64();
        let (mut read, mut refused) = (0, 0);
        for _ in 0..600 {
            let mut bytes = line.clone().into_bytes();
            for _ in 0..1 + next() % 3 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = next() as u8;
            }
            match Request::read(&bytes) {
                Ok(request) => {
                    // What was accepted is a consistent request: the game
                    // is the end of the record it came with.
                    let replayed = RecordedGame::from_record(request.record).unwrap();
                    assert_eq!(replayed.game(), &request.game);
                    read += 1;
                }
                Err(error) => {
                    let message = error.to_string();
                    assert!(!message.is_empty() && !message.contains('\n'));
                    refused += 1;
                }
            }
        }
        // Both outcomes occur, or the damage would not be testing much.
        assert!(read > 0 && refused > 0, "{read} read, {refused} refused");
    }

    #[test]
    fn a_damaged_answer_is_a_legal_move_or_a_fault() {
        let (recorded, _) = mid_game_request();
        let game = recorded.game();
        let best = game.legal_moves()[0];
        let analysis = Analysis {
            best,
            win: vec![0.5, 0.5],
            iterations: 1,
            candidates: Vec::new(),
        };
        let answer = Answer::from_analysis(&analysis, Duration::from_millis(1)).line();
        let mut rng = GameRng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.next_u64();
        for _ in 0..600 {
            let mut bytes = answer.clone().into_bytes();
            for _ in 0..1 + next() % 2 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = b' ' + (next() % 95) as u8;
            }
            let line = String::from_utf8(bytes).expect("printable ASCII");
            match Answer::read(&line, game) {
                Ok(answer) => assert!(game.is_legal(&answer.mv), "{line}"),
                Err(error) => assert!(!error.to_string().contains('\n'), "{error:?}"),
            }
        }
    }

    #[test]
    fn long_text_is_clipped() {
        let long = "x".repeat(500);
        assert_eq!(clip(&long).chars().count(), 81);
        assert_eq!(clip("short"), "short");
        let message = Answer::read(&long, game().game()).unwrap_err().to_string();
        assert!(message.len() < 200, "{message}");
    }
}
