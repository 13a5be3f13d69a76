//! Progress bars on stderr for long commands (`match`, `analyse`).
//!
//! A bar is drawn only when stderr is a terminal: in a pipe, a log file or
//! a test it would be nothing but escape codes, so it is hidden there and
//! stderr stays clean for error messages.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar counting to `length` `unit`s, such as games or decisions.
pub fn bar(length: u64, unit: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let template =
        format!("{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} (eta {{eta}}) {{msg}}");
    let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
    // The template is fixed text, so it always parses; should it not, the
    // default style is as good.
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_is_hidden_off_a_terminal() {
        // Under `cargo test` stderr is captured, not a terminal.
        if !std::io::stderr().is_terminal() {
            assert!(bar(10, "games").is_hidden());
        }
    }
}
