//! Reading a record and replaying it to its final position, reporting the
//! first fault in the order of the moves.
//!
//! A malformed token is found while the record is read, before anything is
//! played; but a move before it may be illegal, and that is the earlier
//! fault. So the part of the record that did read is replayed first, as
//! `carolus replay` does, and the message names the move that a person
//! reading the record from the start would stumble on first.

use carolus_rules::{Game, Record, RecordError};
use serde_json::Value;

/// A record read from JSON text, with the position it ends in.
pub fn replay_text(text: &str) -> Result<(Record, Game), String> {
    finish(Record::from_json(text))
}

/// A record read from an already parsed JSON value, with the position it
/// ends in.
pub fn replay_value(value: &Value) -> Result<(Record, Game), String> {
    finish(Record::from_value(value))
}

fn finish(read: Result<Record, RecordError>) -> Result<(Record, Game), String> {
    match read {
        Ok(record) => {
            let game = record.replay().map_err(|error| error.to_string())?;
            Ok((record, game))
        }
        Err(error) => {
            if let RecordError::Move { accepted, .. } = &error {
                accepted.replay().map_err(|error| error.to_string())?;
            }
            Err(error.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = r#"{"format": "carolus-record/1", "players": 2,
        "setup": {"territories": "RGBYPRGBYPRGBYP", "order": [1, 0]}, "moves": "#;

    #[test]
    fn a_good_record_gives_its_final_position() {
        let text = format!(r#"{START}["draw RRRGGGB"]}}"#);
        let (record, game) = replay_text(&text).unwrap();
        assert_eq!(record.moves.len(), 1);
        assert_eq!(game.phase(), carolus_rules::Phase::Draw);
    }

    #[test]
    fn an_illegal_move_before_a_malformed_one_is_reported_first() {
        let text = format!(r#"{START}["disc 1", "place R 16"]}}"#);
        let message = replay_text(&text).unwrap_err();
        assert!(message.starts_with("move 1 \"disc 1\""), "{message}");
        let text = format!(r#"{START}["draw RRRGGGB", "place R 16"]}}"#);
        let message = replay_text(&text).unwrap_err();
        assert!(message.starts_with("move 2 \"place R 16\""), "{message}");
    }

    #[test]
    fn values_read_like_text() {
        let value: Value = serde_json::from_str(&format!(r#"{START}[]}}"#)).unwrap();
        assert!(replay_value(&value).is_ok());
        let message = replay_value(&Value::Null).unwrap_err();
        assert_eq!(message, "a record is a JSON object, not null");
    }
}
