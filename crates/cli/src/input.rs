//! Reading the text of a record from a file or from standard input.
//!
//! Every way this can fail is bad input (exit status 2), reported with the
//! path and the reason on one line.

use std::fmt::Display;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use crate::failure::bad_input;

/// The path that means standard input, as in most Unix tools.
pub const STDIN: &str = "-";

/// The whole of `path` (or of standard input for `-`) as UTF-8 text.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    let (name, bytes) = if path.as_os_str() == STDIN {
        let mut bytes = Vec::new();
        let read = io::stdin().lock().read_to_end(&mut bytes);
        ("standard input".to_owned(), read.map(|_| bytes))
    } else {
        (path.display().to_string(), fs::read(path))
    };
    let bytes = bytes.map_err(|error| bad_input(format!("{name}: {error}")))?;
    // A record is JSON, which is UTF-8; the offset of the first bad byte
    // helps find a file that was saved in another encoding.
    String::from_utf8(bytes).map_err(|error| {
        bad_input(format!(
            "{name}: not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        ))
    })
}

/// `message` about the contents of `path`, led by the file's name so that a
/// refusal says where as well as what. Standard input goes unnamed: the
/// user who piped the record knows where it came from.
pub fn about(path: &Path, message: impl Display) -> String {
    if path.as_os_str() == STDIN {
        message.to_string()
    } else {
        format!("{}: {message}", path.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::failure::BadInput;

    #[test]
    fn a_missing_file_is_bad_input_naming_the_path() {
        let error = read_text(Path::new("/nonexistent/carolus/record.json")).unwrap_err();
        let message = error.downcast_ref::<BadInput>().unwrap().to_string();
        assert!(
            message.starts_with("/nonexistent/carolus/record.json: "),
            "{message}"
        );
    }

    #[test]
    fn messages_about_a_file_lead_with_its_name_but_not_for_standard_input() {
        assert_eq!(
            about(Path::new("games/g.json"), "field `moves`: missing"),
            "games/g.json: field `moves`: missing"
        );
        assert_eq!(
            about(Path::new(STDIN), "field `moves`: missing"),
            "field `moves`: missing"
        );
    }
}
