//! Expert settings of the tree search written as `key=value,key=value`
//! (see `MctsConfig::tune`). Shared by `examples/match.rs`,
//! `examples/stability.rs` and `examples/gaps.rs` through `#[path]`.

use carolus_ai::{BotSpec, MctsConfig};

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

/// The default tree search on one thread with the expert settings of
/// `text` applied: the configuration of the experiments that search single
/// positions.
#[allow(dead_code)] // match.rs includes this file but builds its bots from specs.
pub fn one_thread_config(text: &str) -> Result<MctsConfig, String> {
    let mut config = BotSpec::MCTS.mcts_config();
    config.threads = 1;
    for (key, value) in parse_tunes(text)? {
        config.tune(&key, &value)?;
    }
    Ok(config)
}
