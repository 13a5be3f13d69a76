//! The bot protocol: one JSON request line in, one JSON answer line out.
//!
//! A request is `{"record": <carolus-record/1>, "time_ms": 1000}`; the
//! position to decide is the end of the record. The match runner also sends
//! `"state": <carolus-state/1>` (the state view of that position, with its
//! `legal` moves), so that a simple bot can answer without implementing the
//! rules; servers ignore it and every other field they do not know.
//!
//! An answer is `{"move": "<token>", "info": {"win": […], "iterations": n, …}}`
//! or, for a request that cannot be answered, `{"error": "<what and where>"}`.
//! BOTS.md describes the protocol for people; this module is both of its
//! ends: [`parse_request`] and [`answer_line`]/[`error_line`] for `carolus
//! bot`, [`request_line`] and [`parse_answer`] for the match runner talking
//! to external programs. The moves a bot weighed ([`weighed`]) keep the same
//! shape in `carolus analyse --json`, which takes them from here.

use std::time::Duration;

use carolus_ai::Analysis;
use carolus_rules::{Game, Move, Record, StateView, json_kind};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::loading;

/// The thinking time of a request that gives no `time_ms`.
pub const DEFAULT_TIME_MS: u64 = 1000;

/// The longest thinking time a request may ask for: one day. More is
/// surely a mistake, and refusing it keeps every deadline computable.
pub const MAX_TIME_MS: u64 = 86_400_000;

/// How many of the candidates a bot weighed go into an answer's `info.best`.
const BEST_SHOWN: usize = 5;

/// A request that reads, with the position it asks about.
#[derive(Debug)]
pub struct Request {
    /// The record, which replays.
    pub record: Record,
    /// The position at the end of the record.
    pub game: Game,
    /// The time the answer may take.
    pub time: Duration,
}

/// Reads one request line (without its line break), or says what is wrong
/// with it in one line.
///
/// Checks, in this order: UTF-8, JSON, an object, `time_ms`, `record` (read
/// and replayed, naming the first bad move). Whether a decision is due is
/// the caller's question, since only it knows what it will do there.
pub fn parse_request(line: &[u8]) -> Result<Request, String> {
    let text = std::str::from_utf8(line).map_err(|error| {
        format!(
            "the request is not UTF-8 text (invalid byte at offset {})",
            error.valid_up_to()
        )
    })?;
    let text = text.trim();
    if text.is_empty() {
        return Err(
            "the request is empty; expected a JSON object such as {\"record\": {…}, \"time_ms\": 1000}"
                .to_owned(),
        );
    }
    let value: Value = serde_json::from_str(text)
        .map_err(|error| format!("the request is not valid JSON: {error}"))?;
    let Value::Object(object) = value else {
        return Err(format!(
            "the request must be a JSON object with `record` and `time_ms`, not {}",
            json_kind(&value)
        ));
    };
    let time_ms = match object.get("time_ms") {
        None | Some(Value::Null) => DEFAULT_TIME_MS,
        Some(value) => match value.as_u64() {
            Some(ms) if ms <= MAX_TIME_MS => ms,
            _ => {
                return Err(format!(
                    "field `time_ms`: expected a whole number of milliseconds from 0 to {MAX_TIME_MS}, found {}",
                    clip(&value.to_string())
                ));
            }
        },
    };
    let record = object
        .get("record")
        .ok_or_else(|| "field `record`: missing; expected a carolus-record/1 object".to_owned())?;
    let (record, game) =
        loading::replay_value(record).map_err(|error| format!("record: {error}"))?;
    Ok(Request {
        record,
        game,
        time: Duration::from_millis(time_ms),
    })
}

/// The answer line for a bot's analysis (no line break). `elapsed` is the
/// time from reading the request to now, reported as `info.ms`.
pub fn answer_line(analysis: &Analysis, elapsed: Duration) -> String {
    let answer = Answer {
        mv: analysis.best.to_string(),
        info: Info {
            win: analysis.win.iter().map(|&w| round(w)).collect(),
            iterations: analysis.iterations,
            best: weighed(analysis, BEST_SHOWN),
            ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
        },
    };
    // Serializing plain strings and numbers cannot fail; the fallback only
    // keeps the answer one valid line should it ever.
    serde_json::to_string(&answer).unwrap_or_else(|error| error_line(&error.to_string()))
}

/// An answer as it is written: structs rather than `json!`, so that the
/// fields keep this order (`move` first) for people reading the lines.
#[derive(Serialize)]
struct Answer {
    #[serde(rename = "move")]
    mv: String,
    info: Info,
}

#[derive(Serialize)]
struct Info {
    win: Vec<f64>,
    iterations: u64,
    best: Vec<Weighed>,
    ms: u64,
}

/// A move a bot weighed, with its visits and its value for the mover, as
/// both an answer's `info.best` and `carolus analyse --json` write it.
#[derive(Serialize)]
pub struct Weighed {
    #[serde(rename = "move")]
    mv: String,
    visits: u64,
    value: f64,
}

/// The first `count` moves `analysis` weighed, best first, values rounded.
pub fn weighed(analysis: &Analysis, count: usize) -> Vec<Weighed> {
    analysis
        .candidates
        .iter()
        .take(count)
        .map(|candidate| Weighed {
            mv: candidate.mv.to_string(),
            visits: candidate.visits,
            value: round(candidate.value),
        })
        .collect()
}

/// The error line for a request that cannot be answered (no line break).
pub fn error_line(message: &str) -> String {
    json!({ "error": message }).to_string()
}

/// The request line the match runner sends for the position at the end of
/// `record` (which is `game`), with `time` to answer in (no line break).
pub fn request_line(record: &Record, game: &Game, time: Duration) -> String {
    // Both parts are already JSON text; joining them as text saves parsing
    // them back into values only to print them again.
    format!(
        "{{\"record\":{},\"time_ms\":{},\"state\":{}}}",
        record.to_json(),
        time.as_millis(),
        StateView::of(game).to_json()
    )
}

/// Reads an answer line of an external bot for `game`: the move it plays,
/// which must be legal there, or what is wrong with the answer.
pub fn parse_answer(line: &str, game: &Game) -> Result<Move, String> {
    let value: Value = serde_json::from_str(line.trim()).map_err(|error| {
        format!(
            "answered {} which is not JSON ({error})",
            quote_clipped(line)
        )
    })?;
    let object: &Map<String, Value> = value.as_object().ok_or_else(|| {
        format!(
            "answered {} which is not a JSON object",
            quote_clipped(line)
        )
    })?;
    if let Some(error) = object.get("error") {
        let error = error
            .as_str()
            .map_or_else(|| error.to_string(), str::to_owned);
        return Err(format!("answered with an error: {}", clip(&error)));
    }
    let token = match object.get("move") {
        Some(Value::String(token)) => token,
        Some(other) => {
            return Err(format!(
                "answered a `move` that is {} instead of a token",
                json_kind(other)
            ));
        }
        None => return Err(format!("answered {} without a `move`", quote_clipped(line))),
    };
    let mv: Move = token
        .parse()
        .map_err(|error| format!("answered the malformed move {:?}: {error}", clip(token)))?;
    game.check(&mv)
        .map_err(|error| format!("answered the illegal move {:?}: {error}", clip(token)))?;
    Ok(mv)
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

fn quote_clipped(text: &str) -> String {
    format!("{:?}", clip(text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_ai::Candidate;
    use carolus_rules::{GameRng, RandomSource, RecordedGame, Variant};

    fn game() -> RecordedGame {
        RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap()
    }

    #[test]
    fn a_request_reads_and_an_answer_line_is_one_json_line() {
        let recorded = game();
        let line = request_line(
            recorded.record(),
            recorded.game(),
            Duration::from_millis(250),
        );
        let request = parse_request(line.as_bytes()).unwrap();
        assert_eq!(request.time, Duration::from_millis(250));
        assert_eq!(&request.game, recorded.game());
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
        let answer = answer_line(&analysis, Duration::from_millis(12));
        assert!(!answer.contains('\n'));
        let value: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(value["move"], best.to_string());
        assert_eq!(value["info"]["win"], json!([0.1235, 0.8765]));
        assert_eq!(value["info"]["ms"], 12);
        assert_eq!(
            value["info"]["best"],
            json!([{"move": best.to_string(), "visits": 3, "value": 0.5}])
        );
        assert_eq!(parse_answer(&answer, recorded.game()), Ok(best));
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
        let shown = serde_json::to_value(weighed(&analysis, 3)).unwrap();
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
            let message = parse_request(line).unwrap_err();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
        let negative = parse_request(b"{\"record\": {}, \"time_ms\": -1}").unwrap_err();
        assert!(negative.contains("found -1"), "{negative}");
    }

    #[test]
    fn bad_answers_are_faults_with_a_reason() {
        let recorded = game();
        let game = recorded.game();
        let cases = [
            ("hello", "not JSON"),
            ("[]", "not a JSON object"),
            ("{\"error\": \"confused\"}", "an error: confused"),
            ("{\"move\": 3}", "a number instead of a token"),
            ("{}", "without a `move`"),
            ("{\"move\": \"fly away\"}", "malformed move"),
            ("{\"move\": \"draw RRRGGGB\"}", "illegal move"),
        ];
        for (line, expected) in cases {
            let message = parse_answer(line, game).unwrap_err();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
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
        let line = request_line(
            recorded.record(),
            recorded.game(),
            Duration::from_millis(100),
        );
        (recorded, line)
    }

    #[test]
    fn every_truncated_request_is_refused_in_one_line() {
        let (_, line) = mid_game_request();
        let bytes = line.as_bytes();
        assert!(parse_request(bytes).is_ok());
        for cut in 0..bytes.len() {
            let message = parse_request(&bytes[..cut])
                .expect_err("a request cut short never reads as a whole one");
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
            match parse_request(&bytes) {
                Ok(request) => {
                    // What was accepted is a consistent request: the game
                    // is the end of the record it came with.
                    let replayed = RecordedGame::from_record(request.record).unwrap();
                    assert_eq!(replayed.game(), &request.game);
                    read += 1;
                }
                Err(message) => {
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
        let answer = answer_line(&analysis, Duration::from_millis(1));
        let mut rng = GameRng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.next_u64();
        for _ in 0..600 {
            let mut bytes = answer.clone().into_bytes();
            for _ in 0..1 + next() % 2 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = b' ' + (next() % 95) as u8;
            }
            let line = String::from_utf8(bytes).expect("printable ASCII");
            match parse_answer(&line, game) {
                Ok(mv) => assert!(game.is_legal(&mv), "{line}"),
                Err(message) => assert!(!message.contains('\n'), "{message:?}"),
            }
        }
    }

    #[test]
    fn long_text_is_clipped() {
        let long = "x".repeat(500);
        assert_eq!(clip(&long).chars().count(), 81);
        assert_eq!(clip("short"), "short");
    }
}
