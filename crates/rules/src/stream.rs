//! Several records in one text, one after another.
//!
//! `carolus match --records` and `carolus random` write one record a line
//! (JSON lines). A reader that wants one game of such a file must find where
//! each record ends without reading any of them as a record, so that a fault
//! in the chosen game is reported by [`Record::from_json`](crate::Record)
//! in full, and a fault in another game does not stop it.

use serde::de::IgnoredAny;

/// The JSON values a text holds one after another: where each complete
/// value ends, and whether something that is not JSON follows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordStream<'a> {
    text: &'a str,
    /// The byte offset just past each complete value.
    ends: Vec<usize>,
    /// Whether scanning stopped at something that does not parse.
    broken: bool,
}

impl<'a> RecordStream<'a> {
    /// Scans `text` up to its end or to the first thing that is not JSON.
    pub fn scan(text: &'a str) -> RecordStream<'a> {
        let mut ends = Vec::new();
        let mut values = serde_json::Deserializer::from_str(text).into_iter::<IgnoredAny>();
        let mut broken = false;
        while let Some(value) = values.next() {
            if value.is_err() {
                broken = true;
                break;
            }
            ends.push(values.byte_offset());
        }
        RecordStream { text, ends, broken }
    }

    /// How many complete values the text holds before its end or the first
    /// thing that is not JSON.
    pub fn complete(&self) -> usize {
        self.ends.len()
    }

    /// Whether something that is not JSON follows the complete values.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// The text of complete value `index` (from 0), without the white space
    /// around it.
    pub fn get(&self, index: usize) -> Option<&'a str> {
        let end = *self.ends.get(index)?;
        Some(self.text[self.start(index)..end].trim())
    }

    /// The first line of what does not parse after the complete values,
    /// which is where a reader should look for the fault; `None` when every
    /// value is complete.
    pub fn broken_line(&self) -> Option<&'a str> {
        if !self.broken {
            return None;
        }
        let rest = self.text[self.start(self.ends.len())..].trim_start();
        Some(rest.lines().next().unwrap_or(rest))
    }

    /// Where value `index` begins: after the one before it.
    fn start(&self, index: usize) -> usize {
        match index {
            0 => 0,
            _ => self.ends[index - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_are_counted_and_each_is_found_by_its_place() {
        let lines = "{\"a\": 1}\n{\"b\": 2}\n\n{\"c\": 3}\n";
        let stream = RecordStream::scan(lines);
        assert_eq!(stream.complete(), 3);
        assert!(!stream.is_broken());
        assert_eq!(stream.get(0), Some("{\"a\": 1}"));
        assert_eq!(stream.get(2), Some("{\"c\": 3}"));
        assert_eq!(stream.get(3), None);
        assert_eq!(stream.broken_line(), None);
    }

    #[test]
    fn one_record_spread_over_lines_is_one_value() {
        let stream = RecordStream::scan("{\n  \"a\": 1\n}\n");
        assert_eq!(stream.complete(), 1);
        assert_eq!(stream.get(0), Some("{\n  \"a\": 1\n}"));
    }

    #[test]
    fn scanning_stops_at_the_first_value_that_does_not_parse() {
        let stream = RecordStream::scan("{\"a\": 1}\n{\"b\": \n{\"c\": 3}\n");
        assert_eq!(stream.complete(), 1);
        assert!(stream.is_broken());
        assert_eq!(stream.broken_line(), Some("{\"b\": "));
        let nothing_parses = RecordStream::scan("not json");
        assert_eq!(nothing_parses.complete(), 0);
        assert_eq!(nothing_parses.broken_line(), Some("not json"));
    }

    #[test]
    fn empty_text_holds_no_values() {
        let stream = RecordStream::scan(" \n");
        assert_eq!(stream.complete(), 0);
        assert!(!stream.is_broken());
    }
}
