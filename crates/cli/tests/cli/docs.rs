//! The documentation's examples, checked against the program: every
//! output, state view and error message that README.md, NOTATION.md,
//! BOTS.md, ANALYSIS.md and DEPLOY.md quote as the program's own words is
//! what the program says now, and every `carolus` command any page quotes
//! is one the program takes, so that the pages cannot drift from the code
//! unnoticed.
//!
//! Answers of timed searches (the `carolus bot` session) change from run
//! to run and machine to machine, so they are shown as examples only and
//! are not checked here; the analysis ANALYSIS.md shows uses iteration budgets
//! and seeds, so it is.

use std::path::PathBuf;

use carolus_rules::Record;
use serde_json::{Value, json};

use crate::support::{Session, carolus, carolus_in, example_bot, file, has_python, run_carolus};

const README: &str = include_str!("../../../../README.md");
const NOTATION: &str = include_str!("../../../../NOTATION.md");
const BOTS: &str = include_str!("../../../../BOTS.md");
const ANALYSIS: &str = include_str!("../../../../ANALYSIS.md");
const EXPERIMENTS: &str = include_str!("../../../../EXPERIMENTS.md");
const MEASUREMENTS: &str = include_str!("../../../../measurements/README.md");
const API: &str = include_str!("../../../../API.md");
const CHANGELOG: &str = include_str!("../../../../CHANGELOG.md");
const DEPLOY: &str = include_str!("../../../../DEPLOY.md");

/// The bodies of the fenced code blocks of `page` whose opening fence
/// names `language` (` ```json `), in the order they appear.
fn code_blocks(page: &str, language: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut open: Option<(bool, String)> = None;
    for line in page.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => open = Some((info.trim() == language, String::new())),
            (Some((wanted, body)), Some(_)) => {
                if *wanted {
                    blocks.push(std::mem::take(body));
                }
                open = None;
            }
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a code block is never closed");
    blocks
}

/// Checks that `page` quotes `message` as inline code (`` `message` ``),
/// wherever its prose breaks the lines.
fn assert_quoted(page: &str, page_name: &str, message: &str) {
    let prose = page.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        prose.contains(&format!("`{message}`")),
        "{page_name} does not quote what the program says now: `{message}`"
    );
}

/// Checks that `line` is a whole line of `text`, as program output shown
/// in a code block is (or, the other way round, that a line a page shows
/// is one the program printed).
fn assert_shown_line(text: &str, name: &str, line: &str) {
    assert!(
        text.lines().any(|shown| shown == line),
        "{name} does not have the line: {line}"
    );
}

/// Checks that the program's `actual` JSON is what a page `shown`: equal,
/// except that an array element that is a string starting with "…" stands
/// for one or more elements of `actual` at that place.
fn assert_shown_json(shown: &Value, actual: &Value, path: &str) {
    match (shown, actual) {
        (Value::Object(shown), Value::Object(actual)) => {
            let shown_keys: Vec<_> = shown.keys().collect();
            let actual_keys: Vec<_> = actual.keys().collect();
            assert_eq!(shown_keys, actual_keys, "the fields of {path}");
            for (key, value) in shown {
                assert_shown_json(value, &actual[key], &format!("{path}.{key}"));
            }
        }
        (Value::Array(shown), Value::Array(actual)) => {
            let elided = shown
                .iter()
                .position(|item| item.as_str().is_some_and(|text| text.starts_with('…')));
            let (before, after) = match elided {
                Some(at) => (&shown[..at], &shown[at + 1..]),
                None => (&shown[..], &[][..]),
            };
            let fits = match elided {
                Some(_) => actual.len() > before.len() + after.len(),
                None => actual.len() == shown.len(),
            };
            assert!(fits, "{path} has {} elements", actual.len());
            for (index, item) in before.iter().enumerate() {
                assert_shown_json(item, &actual[index], &format!("{path}[{index}]"));
            }
            let first_after = actual.len() - after.len();
            for (offset, item) in after.iter().enumerate() {
                let index = first_after + offset;
                assert_shown_json(item, &actual[index], &format!("{path}[{index}]"));
            }
        }
        _ => assert_eq!(shown, actual, "{path}"),
    }
}

/// The record of NOTATION.md's worked example, as the page writes it.
fn worked_example() -> Value {
    let blocks = code_blocks(NOTATION, "json");
    serde_json::from_str(&blocks[0]).expect("the worked example's record is JSON")
}

/// The worked example's record with its moves changed by `change`.
fn worked_example_with(change: impl FnOnce(&mut Vec<Value>)) -> String {
    let mut record = worked_example();
    change(record["moves"].as_array_mut().expect("records have moves"));
    record.to_string()
}

#[test]
fn the_readme_s_first_example_prints_what_it_says() {
    let record = carolus(&["new", "--seed", "3"], None);
    let view = carolus(&["replay"], Some(&record.assert_success().stdout));
    let view = view.assert_success().json();
    // What `jq -c '[.phase, .to_act, .legal]'` makes of the view.
    let picked = json!([view["phase"], view["to_act"], view["legal"]]);
    assert_shown_line(README, "README.md", &picked.to_string());
}

#[test]
fn the_notation_s_worked_example_replays_to_the_state_view_it_shows() {
    let record = worked_example().to_string();
    let view = carolus(&["replay"], Some(&record));
    let shown: Value = serde_json::from_str(&code_blocks(NOTATION, "json")[1])
        .expect("the state view shown is JSON");
    assert_shown_json(&shown, &view.assert_success().json(), "the view");
}

#[test]
fn the_notation_s_worked_example_refuses_a_repeated_disc_as_it_says() {
    let record = worked_example_with(|moves| moves[4] = json!("disc 2"));
    let refused = carolus(&["replay"], Some(&record));
    assert_quoted(NOTATION, "NOTATION.md", refused.assert_bad_input());
}

#[test]
fn the_error_messages_the_notation_quotes_are_the_program_s() {
    // Seat 0 finishes its turn and the second round begins; the 17th move
    // names a territory the board does not have.
    let malformed_token = worked_example_with(|moves| {
        for token in [
            "place R court",
            "place R 1",
            "place G 2",
            "move 1",
            "draw RRR",
            "disc 1",
            "place R 16",
        ] {
            moves.push(json!(token));
        }
    });
    let refused = carolus(&["replay"], Some(&malformed_token));
    assert_quoted(NOTATION, "NOTATION.md", refused.assert_bad_input());

    let mut bad_order = worked_example();
    bad_order["setup"]["order"] = json!([0, 0]);
    let refused = carolus(&["replay"], Some(&bad_order.to_string()));
    assert_quoted(NOTATION, "NOTATION.md", refused.assert_bad_input());

    let record = Record::from_value(&worked_example()).expect("the worked example reads");
    let cut_off = &record.to_json()[..40];
    let refused = carolus(&["replay"], Some(cut_off));
    assert_quoted(NOTATION, "NOTATION.md", refused.assert_bad_input());

    // A record read from a file is named as the user typed its path.
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("carolus-cli-docs");
    std::fs::create_dir_all(directory.join("games")).expect("the directory is made");
    std::fs::write(directory.join("games/g7.json"), &malformed_token).expect("the file is written");
    let refused = carolus_in(&directory, &["replay", "games/g7.json"], None);
    assert_quoted(NOTATION, "NOTATION.md", refused.assert_bad_input());
}

#[test]
fn the_bot_errors_bots_md_shows_are_the_program_s() {
    let new_game = carolus(&["new", "--seed", "3"], None);
    let new_game = new_game.assert_success().stdout.trim_end();
    let mut record: Value = serde_json::from_str(new_game).expect("records are JSON");
    let moves = record["moves"].as_array_mut().expect("records have moves");
    let mut disc_repeated = moves.clone();
    for token in ["joker R", "joker R", "disc 3", "disc 3"] {
        disc_repeated.push(json!(token));
    }
    moves.truncate(1);
    let after_first_draw = record.to_string();
    record["moves"] = Value::Array(disc_repeated);

    let mut session = Session::start(&["bot", "--ai", "random"]);
    for request in [
        format!(r#"{{"record": {record}, "time_ms": 100}}"#),
        format!(r#"{{"record": {after_first_draw}, "time_ms": 100}}"#),
        format!(r#"{{"record": {new_game}, "time_ms": "fast"}}"#),
        format!(r#"{{"record": {new_game}"#),
        "hello".to_owned(),
    ] {
        let (answer, _) = session.ask(&request);
        assert_shown_line(BOTS, "BOTS.md", &answer);
    }
}

#[test]
fn the_refusal_of_a_bad_environment_variable_deploy_md_quotes_is_the_program_s() {
    let mut serve = std::process::Command::new(env!("CARGO_BIN_EXE_carolus"));
    serve.env("CAROLUS_AI_THREADS", "0");
    let run = run_carolus(&mut serve, &["serve"], None);
    assert_quoted(DEPLOY, "DEPLOY.md", run.assert_bad_input());
}

#[test]
fn the_example_bot_answers_as_bots_md_shows() {
    if !has_python() {
        eprintln!("python3 is missing: the example bot's answer is not checked");
        return;
    }
    let record = carolus(&["new", "--seed", "3"], None);
    let record = record.assert_success().stdout.trim_end().to_owned();
    let view = carolus(&["replay", "-"], Some(&record));
    let view = view.assert_success().stdout.trim_end();
    let request = format!(r#"{{"record": {record}, "time_ms": 100, "state": {view}}}"#);
    let output = std::process::Command::new("python3")
        .arg(example_bot())
        .arg("1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin is piped");
            stdin.write_all(request.as_bytes())?;
            stdin.write_all(b"\n")?;
            drop(stdin);
            child.wait_with_output()
        })
        .expect("the example bot runs");
    let answer = String::from_utf8(output.stdout).expect("the answer is UTF-8");
    assert_shown_line(BOTS, "BOTS.md", answer.trim_end());
}

/// Runs `carolus match` with `args` and checks that BOTS.md shows every
/// line it prints, the time the match took aside.
fn assert_match_shown(args: &[&str]) {
    let mut command = vec!["match"];
    command.extend(args);
    let run = carolus(&command, None);
    assert_eq!(run.code, Some(0), "{run:?}");
    let mut lines = run.lines().into_iter();
    // The first line ends with the time the match took, which varies.
    let heading = lines.next().expect("a heading");
    let (without_time, _) = heading
        .rsplit_once(", ")
        .expect("the heading ends with a time");
    assert!(
        BOTS.lines()
            .any(|shown| shown.starts_with(&format!("{without_time}, "))),
        "BOTS.md does not show the heading the program prints now: {heading}"
    );
    for line in lines {
        assert_shown_line(BOTS, "BOTS.md", line);
    }
}

#[test]
fn the_matches_bots_md_shows_end_as_shown() {
    assert_match_shown(&[
        "--bot", "greedy", "--bot", "random", "--games", "200", "--seed", "1",
    ]);
    assert_match_shown(&[
        "--bot", "greedy", "--bot", "random", "--bot", "level:1", "--games", "60", "--seed", "3",
    ]);

    let sprt = carolus(
        &[
            "match",
            "--bot",
            "greedy",
            "--bot",
            "greedy:noise=0.1",
            "--games",
            "2000",
            "--seed",
            "5",
            "--sprt",
            "0,50",
        ],
        None,
    );
    assert_eq!(sprt.code, Some(0), "{sprt:?}");
    let verdict = sprt.lines().last().copied().expect("a verdict");
    assert_shown_line(BOTS, "BOTS.md", verdict);
}

#[test]
fn the_analysis_analysis_md_shows_comes_out_the_same() {
    let commands = code_blocks(ANALYSIS, "")
        .into_iter()
        .find(|block| block.contains("$ carolus analyse games.jsonl"))
        .expect("ANALYSIS.md shows an analysis");
    // The commands the page shows, with the test's own file names.
    let match_args = [
        "--bot",
        "greedy",
        "--bot",
        "mcts:iterations=300,threads=1",
        "--games",
        "2",
        "--seed",
        "9",
    ];
    let analyse_args = [
        "--game",
        "1",
        "--ai",
        "mcts:iterations=500,threads=1",
        "--seed",
        "1",
    ];
    let page = commands.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(page.contains(&format!("carolus match {}", match_args.join(" "))));
    assert!(page.contains(&format!(
        "carolus analyse games.jsonl {}",
        analyse_args.join(" ")
    )));

    let records = file("docs-games.jsonl", "");
    let records = records.to_str().expect("temporary paths are UTF-8");
    let mut args = vec!["match"];
    args.extend(match_args);
    args.extend(["--records", records]);
    let played = carolus(&args, None);
    assert_eq!(played.code, Some(0), "{played:?}");
    let mut args = vec!["analyse", records];
    args.extend(analyse_args);
    let table = carolus(&args, None);
    let shown: Vec<&str> = commands
        .lines()
        .skip_while(|line| !line.starts_with("$ carolus analyse"))
        .skip(1)
        .filter(|line| line.trim() != "...")
        .collect();
    assert!(shown.len() > 10, "the page shows the table: {shown:?}");
    let printed = &table.assert_success().stdout;
    for line in shown {
        assert_shown_line(printed, "the analysis", line);
    }

    args.push("--json");
    let decisions = carolus(&args, None);
    let decisions = &decisions.assert_success().stdout;
    let shown = code_blocks(ANALYSIS, "json")
        .into_iter()
        .find(|block| block.starts_with(r#"{"index""#))
        .expect("ANALYSIS.md shows a decision in JSON");
    assert_shown_line(decisions, "the analysis", shown.trim_end());

    // The explanation of one decision, in words and a fact of its JSON.
    let explained = code_blocks(ANALYSIS, "")
        .into_iter()
        .find(|block| block.contains("$ carolus analyse games.jsonl --game 1 --explain"))
        .expect("ANALYSIS.md shows an explanation");
    let mut lines = explained.lines();
    let command = lines.next().unwrap_or_default();
    let explain_args = [
        "--game",
        "1",
        "--explain",
        "--move",
        "56",
        "--ai",
        "mcts:iterations=2000,threads=1",
    ];
    assert_eq!(
        command,
        format!("$ carolus analyse games.jsonl {}", explain_args.join(" "))
    );
    let mut args = vec!["analyse", records];
    args.extend(explain_args);
    let words = carolus(&args, None);
    let printed = &words.assert_success().stdout;
    let shown: Vec<&str> = lines.collect();
    assert!(shown.len() > 4, "the page shows the explanation: {shown:?}");
    for line in shown {
        assert_shown_line(printed, "the explanation", line);
    }
    // The README shows the beginning of the same explanation.
    let readme = code_blocks(README, "")
        .into_iter()
        .find(|block| block.contains("$ carolus analyse games.jsonl --game 1 --explain"))
        .expect("the README shows an explanation");
    let mut lines = readme.lines();
    assert_eq!(lines.next(), Some(command));
    for line in lines {
        assert_shown_line(printed, "the README's explanation", line);
    }
    args.push("--json");
    let json = carolus(&args, None);
    let fact = code_blocks(ANALYSIS, "json")
        .into_iter()
        .find(|block| block.starts_with(r#"{"kind""#))
        .expect("ANALYSIS.md shows a fact in JSON");
    assert!(
        json.assert_success().stdout.contains(fact.trim_end()),
        "the fact ANALYSIS.md shows is not in {}",
        json.stdout
    );
}

/// Every page a reader may copy a command from.
const PAGES: [(&str, &str); 9] = [
    ("README.md", README),
    ("NOTATION.md", NOTATION),
    ("BOTS.md", BOTS),
    ("ANALYSIS.md", ANALYSIS),
    ("EXPERIMENTS.md", EXPERIMENTS),
    ("measurements/README.md", MEASUREMENTS),
    ("API.md", API),
    ("CHANGELOG.md", CHANGELOG),
    ("DEPLOY.md", DEPLOY),
];

/// The `carolus` commands `page` quotes as commands to run: the lines of
/// its code blocks that start with `carolus` or `$ carolus` (with their
/// backslash continuations), and its inline code that starts with
/// `carolus ` (wherever the prose breaks its lines). Each is cut at a pipe,
/// a redirection, `&` or a comment. Usage lines, which show the syntax
/// with `[…]`, `|` and placeholders (FILE, N), are left out, and so is
/// inline code that names an option without its value (`carolus play
/// --load`): they are no command.
fn quoted_commands(page: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    let mut pending: Option<String> = None;
    let mut prose = String::new();
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            pending = None;
            continue;
        }
        if !in_block {
            prose.push_str(line);
            prose.push(' ');
            continue;
        }
        let text = line.trim();
        let text = match &mut pending {
            Some(command) => {
                command.push(' ');
                command.push_str(text);
                command.clone()
            }
            None => match text.strip_prefix("$ ").unwrap_or(text) {
                start if start.starts_with("carolus ") => start.to_owned(),
                _ => continue,
            },
        };
        if let Some(open) = text.strip_suffix('\\') {
            pending = Some(open.trim_end().to_owned());
            continue;
        }
        pending = None;
        found.push(text);
    }
    let prose = prose.split_whitespace().collect::<Vec<_>>().join(" ");
    for (index, span) in prose.split('`').enumerate() {
        let last = span.split_whitespace().last().unwrap_or_default();
        if index % 2 == 1 && span.starts_with("carolus ") && !last.starts_with("--") {
            found.push(span.to_owned());
        }
    }
    found
        .into_iter()
        .map(|command| {
            let cut = command
                .find(['|', '>', '&', '#'])
                .map_or(command.as_str(), |at| &command[..at]);
            cut.trim().to_owned()
        })
        .filter(|command| {
            !command.contains(['[', '<', '…', '$'])
                && !command
                    .split_whitespace()
                    .any(|word| word.chars().all(|c| c.is_ascii_uppercase()))
        })
        .collect()
}

#[test]
fn every_command_the_pages_quote_is_one_the_program_takes() {
    let mut checked = 0;
    let mut refused = Vec::new();
    for (name, page) in PAGES {
        for command in quoted_commands(page) {
            let words = shell_words::split(&command)
                .unwrap_or_else(|e| panic!("{name}: `{command}` does not split: {e}"));
            // `--help` after the arguments makes the program read and check
            // every option and value given, then print its help instead of
            // running: a misspelt option, a bad bot spec or a value out of
            // range is refused as it would be.
            let mut args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            args.push("--help");
            let run = carolus(&args, None);
            if run.code != Some(0) {
                refused.push(format!("{name}: `{command}`: {}", run.stderr.trim()));
            }
            checked += 1;
        }
    }
    assert!(
        refused.is_empty(),
        "commands the pages quote that the program refuses:\n{}",
        refused.join("\n")
    );
    assert!(checked > 30, "only {checked} commands found");
}

/// The time a move in seconds that the words of a figure's description
/// give for each side, as in "2 s against 1 s a move".
fn seconds_described(description: &str) -> Option<(String, String)> {
    let words: Vec<&str> = description.split_whitespace().collect();
    let at = words.iter().position(|&word| word == "against")?;
    let before = words.get(at.checked_sub(2)?..at)?;
    let after = words.get(at + 1..at + 3)?;
    (before[1] == "s" && after[1] == "s").then(|| (before[0].to_owned(), after[0].to_owned()))
}

#[test]
fn the_readme_s_figures_quote_the_commands_that_measure_what_they_say() {
    let table: Vec<&str> = README
        .lines()
        .skip_while(|line| !line.starts_with("| what | figure | command |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .collect();
    assert!(table.len() >= 5, "the README has its table of figures");
    let mut timed = 0;
    for row in table {
        let cells: Vec<&str> = row.split(" | ").collect();
        let (description, command) = (cells[0], cells[cells.len() - 1]);
        let Some((first, second)) = seconds_described(description) else {
            continue;
        };
        // "X s against Y s a move": the first bot thinks X seconds, the
        // second Y, by their own `ms=` (which replaces --time-ms).
        let millis =
            |seconds: &str| format!("ms={}", (seconds.parse::<f64>().unwrap() * 1000.0) as u64);
        let bots: Vec<&str> = command
            .split_whitespace()
            .skip_while(|word| *word != "--bot")
            .collect::<Vec<_>>()
            .chunks(2)
            .filter(|pair| pair[0] == "--bot")
            .map(|pair| pair[1])
            .collect();
        assert!(
            bots.len() >= 2
                && bots[0].contains(&millis(&first))
                && bots[1].contains(&millis(&second)),
            "the README says {description:?} but quotes {command}"
        );
        timed += 1;
    }
    assert!(timed >= 1, "the time figure is checked");
}
