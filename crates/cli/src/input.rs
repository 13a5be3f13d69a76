//! Reading the text of a record from a file or from standard input.
//!
//! Every way this can fail is bad input (exit status 2), reported with the
//! path and the reason on one line.

use std::fmt::Display;
use std::fs;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

use carolus_rules::RecordStream;

use crate::failure::bad_input;

/// The path that means standard input, as in most Unix tools.
pub const STDIN: &str = "-";

/// The file to read: `file` if one was given, else standard input, but
/// only when something is piped into it. Waiting on a terminal for a
/// record nobody is going to type would look like a hang, so that is
/// refused with an example (`piped`) of how to give one.
pub fn file_or_piped_stdin(file: Option<&Path>, piped: &str) -> anyhow::Result<PathBuf> {
    match file {
        Some(file) => Ok(file.to_owned()),
        None if io::stdin().is_terminal() => Err(bad_input(format!(
            "no record given: name a FILE, or pipe one in ({piped}); \
             `-` reads one typed at the terminal"
        ))),
        None => Ok(PathBuf::from(STDIN)),
    }
}

/// The whole of `path` (or of standard input for `-`) as UTF-8 text,
/// without the byte-order mark some editors put at the start of a file.
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
    let mut text = String::from_utf8(bytes).map_err(|error| {
        bad_input(format!(
            "{name}: not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        ))
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
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

/// `message` about record number `game` (from 1) of `path`, or about the
/// file's only record, as [`about`] words it.
pub fn about_game(path: &Path, game: Option<u64>, message: impl Display) -> String {
    match game {
        Some(game) => about(path, format!("game {game}: {message}")),
        None => about(path, message),
    }
}

/// The text of the one record to read from `text`: all of it, or with
/// `game` the game-th (from 1) of the JSON values it holds one after
/// another, as the JSON lines of `carolus match --records` and `carolus
/// random`. Several records and no `game` are refused with how many there
/// are, so that the user is not left with a bare "trailing characters".
pub fn one_record(text: &str, game: Option<u64>) -> Result<&str, String> {
    let stream = RecordStream::scan(text);
    let complete = stream.complete();
    let Some(game) = game else {
        if complete >= 2 {
            let more = if stream.is_broken() {
                " (and more that is not JSON)"
            } else {
                ""
            };
            return Err(format!(
                "{complete} records one after another{more}; choose one with --game N (1 to {complete})"
            ));
        }
        return Ok(text);
    };
    let index = usize::try_from(game - 1).unwrap_or(usize::MAX);
    if let Some(record) = stream.get(index) {
        return Ok(record);
    }
    if index == complete
        && let Some(line) = stream.broken_line()
    {
        // The record asked for is the one that does not parse: its line
        // goes to the reader, which says what is wrong with it.
        return Ok(line);
    }
    let holds = match (complete, stream.is_broken()) {
        (1, false) => "1 record".to_owned(),
        (count, false) => format!("{count} records"),
        (count, true) => format!("{count} readable records"),
    };
    Err(format!("there is no game {game}: the input holds {holds}"))
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
    fn one_record_of_several_is_chosen_by_its_number() {
        let lines = "{\"a\": 1}\n{\"b\": 2}\n\n{\"c\": 3}\n";
        assert_eq!(one_record(lines, Some(1)), Ok("{\"a\": 1}"));
        assert_eq!(one_record(lines, Some(3)), Ok("{\"c\": 3}"));
        let refused = one_record(lines, None).unwrap_err();
        assert_eq!(
            refused,
            "3 records one after another; choose one with --game N (1 to 3)"
        );
        assert_eq!(
            one_record(lines, Some(4)),
            Err("there is no game 4: the input holds 3 records".to_owned())
        );
        // A single record, even spread over lines, is the whole text.
        let single = "{\n  \"a\": 1\n}\n";
        assert_eq!(one_record(single, None), Ok(single));
        assert_eq!(one_record(single, Some(1)), Ok("{\n  \"a\": 1\n}"));
        assert!(
            one_record(single, Some(2))
                .unwrap_err()
                .contains("holds 1 record")
        );
        // A broken record is handed on whole, for the reader to explain.
        let broken = "{\"a\": 1}\n{\"b\": \n{\"c\": 3}\n";
        assert_eq!(one_record(broken, Some(2)), Ok("{\"b\": "));
        assert_eq!(one_record("not json", None), Ok("not json"));
        assert!(
            one_record("{}\n{}\n{\"x\"", None)
                .unwrap_err()
                .contains("(and more that is not JSON)")
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
