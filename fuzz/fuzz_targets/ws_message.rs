//! Fuzz target `ws_message`: arbitrary bytes read as a client's WebSocket
//! message.
//!
//! The game server reads every text message a client sends with
//! `ClientMessage::read`, before anything else looks at it: whatever a
//! client sends, reading must never panic, and a refusal must be a 400
//! with a reason. WebSocket text is UTF-8, so bytes that are not are read
//! as the lossily decoded text a sloppy client might send instead. A
//! message that is accepted must also write (as JSON) to a message that
//! reads back the same, so that what the server understood is exactly
//! what the client said.
#![no_main]

use carolus_server::api::ClientMessage;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match std::str::from_utf8(data) {
        Ok(text) => check(text),
        Err(_) => check(&String::from_utf8_lossy(data)),
    }
});

fn check(text: &str) {
    let message = match ClientMessage::read(text) {
        Ok(message) => message,
        Err(error) => {
            assert_eq!(error.status.as_u16(), 400, "{text:?}: {error:?}");
            assert!(!error.body.error.is_empty(), "{text:?}: no reason");
            return;
        }
    };
    let written = serde_json::to_string(&message)
        .unwrap_or_else(|e| panic!("{text:?} read as {message:?}, which does not write: {e}"));
    let again: ClientMessage = ClientMessage::read(&written).unwrap_or_else(|e| {
        panic!("{text:?} read as {message:?}, written {written:?}, which does not read: {e:?}")
    });
    assert_eq!(again, message, "{text:?} -> {written:?} is another message");
}
