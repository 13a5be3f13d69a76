//! Expert settings of the tree search written as `key=value,key=value`
//! (see `MctsConfig::tune`). Shared by `examples/match.rs` and
//! `examples/stability.rs` through `#[path]`.

/// The `key=value` pairs of `text`, in order; an empty text has none.
pub fn parse_tunes(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split(',')
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.split_once('=')
                .map(|(key, value)| (key.to_owned(), value.to_owned()))
                .ok_or(format!("expected key=value, not {part}"))
        })
        .collect()
}
