//! Every message the terminal game asks for exists in the English, German
//! and French catalogs, with exactly the variables the game gives it.
//!
//! The game asks for messages only through its `tr!` macro, with the id
//! written out: `tr!(tr, "log-disc", name = name, disc = 3)`. This test
//! reads the crate's source, finds every `tr!` and compares its id and
//! variable names with the catalogs (through carolus-l10n's list of each
//! message's variables). A `tr!` whose id is not a literal fails the test,
//! so that no message can slip past it; and a variable the game gives that
//! the message does not use fails too, since it is usually a misspelling.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use carolus_l10n::{Language, variables};

/// One use of `tr!`: where it is, the id and the variables given.
#[derive(Debug)]
struct Asked {
    place: String,
    id: Option<String>,
    variables: BTreeSet<String>,
}

/// The text between the `(` at `open` and its closing `)`, skipping
/// string and character literals.
fn arguments(source: &str, open: usize) -> &str {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut at = open;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => {
                at += 1;
                while at < bytes.len() && bytes[at] != b'"' {
                    if bytes[at] == b'\\' {
                        at += 1;
                    }
                    at += 1;
                }
            }
            b'\'' if bytes.get(at + 2) == Some(&b'\'') => at += 2,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return &source[open + 1..at];
                }
            }
            _ => {}
        }
        at += 1;
    }
    &source[open + 1..]
}

/// `text` split at its commas outside brackets and strings.
fn top_level_parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    let mut start = 0;
    for (at, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        parts.push(last);
    }
    parts
}

/// The Rust files under `dir` and its subdirectories (a module's
/// submodules live in a directory of its name), in order.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the source is there") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Every `tr!` in the code of the crate's `src/`, except the macro's own
/// definition.
fn asked_for() -> Vec<Asked> {
    let source_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut asked = Vec::new();
    for path in sources(&source_dir) {
        let source = std::fs::read_to_string(&path).expect("the source reads");
        let name = path
            .strip_prefix(&source_dir)
            .expect("a file under src/")
            .to_string_lossy()
            .into_owned();
        for (at, _) in source.match_indices("tr!(") {
            let line = source[..at].lines().count();
            // Comments may show the macro; only code asks for messages.
            let line_start = source[..at].rfind('\n').map_or(0, |n| n + 1);
            if source[line_start..at].trim_start().starts_with("//") {
                continue;
            }
            let parts = top_level_parts(arguments(&source, at + 3));
            // The macro's definition: `($catalog:expr, $id:literal) => …`.
            if parts.first().is_some_and(|first| first.starts_with('$')) {
                continue;
            }
            let id = parts
                .get(1)
                .and_then(|id| id.strip_prefix('"')?.strip_suffix('"'))
                .map(str::to_owned);
            let variables = parts
                .iter()
                .skip(2)
                .map(|part| {
                    part.split_once('=')
                        .map_or(*part, |(name, _)| name)
                        .trim()
                        .to_owned()
                })
                .collect();
            asked.push(Asked {
                place: format!("src/{name}:{line}"),
                id,
                variables,
            });
        }
    }
    asked
}

#[test]
fn every_message_the_game_asks_for_is_in_every_catalog_with_its_variables() {
    let asked = asked_for();
    // The whole game speaks through the catalogs: hundreds of places.
    assert!(asked.len() > 250, "only {} uses of tr! found", asked.len());
    let catalogs: BTreeMap<Language, _> = Language::ALL
        .into_iter()
        .map(|language| (language, variables(language).expect("the catalog parses")))
        .collect();
    let mut faults = Vec::new();
    for Asked {
        place,
        id,
        variables: given,
    } in &asked
    {
        let Some(id) = id else {
            faults.push(format!("{place}: tr! without a literal id"));
            continue;
        };
        for (language, messages) in &catalogs {
            match messages.get(id) {
                None => faults.push(format!("{place}: {language}.ftl has no {id}")),
                Some(used) if used != given => faults.push(format!(
                    "{place}: {id} uses {used:?} in {language}.ftl, the game gives {given:?}"
                )),
                Some(_) => {}
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

#[test]
fn the_terminals_own_messages_are_all_used() {
    // A `tui-` message nobody asks for is a leftover, or a typo in the
    // game's source that the test above would not see.
    let asked: BTreeSet<String> = asked_for().into_iter().filter_map(|a| a.id).collect();
    let unused: Vec<String> = variables(Language::English)
        .expect("the catalog parses")
        .into_keys()
        .filter(|id| id.starts_with("tui-") && !asked.contains(id))
        .collect();
    assert!(unused.is_empty(), "never asked for: {unused:?}");
}

#[test]
fn the_scanner_reads_ids_and_variables_as_written() {
    let source = r#"x tr!(self.tr, "tui-a", name = f(a, b), count = "(,)".len()) y"#;
    let open = source.find("tr!(").unwrap() + 3;
    let parts = top_level_parts(arguments(source, open));
    assert_eq!(
        parts,
        [
            "self.tr",
            "\"tui-a\"",
            "name = f(a, b)",
            "count = \"(,)\".len()"
        ]
    );
}
