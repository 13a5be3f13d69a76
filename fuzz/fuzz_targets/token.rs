//! Fuzz target `token`: arbitrary strings parsed as move tokens.
//!
//! Parsing must never panic, and a token that parses must print in a form
//! that parses back to the same move and prints the same again: records and
//! the bot protocol exchange moves as these strings.
#![no_main]

use carolus_rules::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        let shown = mv.to_string();
        let again: Move = shown
            .parse()
            .unwrap_or_else(|e| panic!("{text:?} parsed, but its display {shown:?} does not: {e}"));
        assert_eq!(again, mv, "{text:?} -> {shown:?} is another move");
        assert_eq!(again.to_string(), shown);
    }
});
