//! Fuzz target `record`: arbitrary bytes read as a `carolus-record/1`.
//!
//! Reading, replaying and viewing must never panic, whatever the input: a
//! record file is user input (hand-edited, truncated, from other programs).
//! A record that reads must also survive writing and reading back unchanged
//! in its set-up and moves, since the project writes records it later reads.
#![no_main]

use carolus_rules::{Record, StateView};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let _ = record.replay_with(|game| {
        let _ = StateView::of(game).to_json();
    });
    let again = Record::from_json(&record.to_json()).expect("a written record reads back");
    assert_eq!(again.setup, record.setup);
    assert_eq!(again.moves, record.moves);
});
