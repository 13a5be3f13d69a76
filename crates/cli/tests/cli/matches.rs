//! `carolus match`: short matches between built-in bots and external
//! programs on the real binary, with consistent totals, forfeits for bots
//! that crash or answer garbage, records that replay, and the duplicate
//! sets' shared luck.

use std::collections::HashMap;
use std::path::Path;

use carolus_rules::{Move, Record};
use serde_json::Value;

use crate::support::{carolus, example_bot, file, has_python, make_executable};

/// The `carolus` binary, as a `cmd:` bot would name it.
fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_carolus")
}

/// Runs a match with `--json` and returns the summary.
fn match_json(args: &[&str]) -> Value {
    let mut all = vec!["match", "--json"];
    all.extend_from_slice(args);
    let run = carolus(&all, None);
    run.assert_success();
    run.json()
}

/// Checks the summary's arithmetic: every bot played every game, and wins,
/// shared wins and losses add up to them; the scores add up to the games
/// (each game hands out exactly one point).
fn assert_consistent(summary: &Value, games: u64) {
    assert_eq!(summary["games"], games, "{summary}");
    let bots = summary["bots"].as_array().unwrap();
    let mut total = 0.0;
    let mut sets = summary["sets_tied"].as_u64().unwrap();
    for bot in bots {
        let count = |field: &str| bot[field].as_u64().unwrap();
        sets += count("sets_won");
        assert_eq!(count("games"), games, "{bot}");
        assert_eq!(
            count("wins") + count("shared") + count("losses"),
            games,
            "{bot}"
        );
        let score = bot["score"].as_f64().unwrap();
        assert!(score >= count("wins") as f64 - 1e-9, "{bot}");
        assert!(
            score <= (count("wins") + count("shared")) as f64 + 1e-9,
            "{bot}"
        );
        total += score;
    }
    assert!(
        (total - games as f64).abs() < 1e-9,
        "scores sum to {total}: {summary}"
    );
    assert_eq!(summary["sets"], sets, "every set is won or tied: {summary}");
}

#[test]
fn built_in_bots_play_a_short_match_with_consistent_totals() {
    let summary = match_json(&[
        "--bot", "random", "--bot", "greedy", "--games", "6", "--seed", "3",
    ]);
    assert_consistent(&summary, 6);
    assert_eq!(summary["sets"], 3);
    assert_eq!(summary["set_size"], 2);
    assert_eq!(summary["seed"], "3");
    assert!(summary["elo"]["diff"].is_number() || summary["elo"]["diff"].is_null());
    assert_eq!(summary["forfeits"], serde_json::json!([]));
    // The same seed plays the same match.
    let again = match_json(&[
        "--bot", "random", "--bot", "greedy", "--games", "6", "--seed", "3",
    ]);
    assert_eq!(again["bots"], summary["bots"]);
}

#[test]
fn the_table_shows_every_bot_and_the_elo_difference() {
    let run = carolus(
        &[
            "match", "--bot", "random", "--bot", "greedy", "--games", "4", "--seed", "1",
        ],
        None,
    );
    run.assert_success();
    let lines = run.lines();
    assert!(
        lines[0].starts_with("4 games (2 sets of 2), 2 players, seed 1"),
        "{}",
        run.stdout
    );
    assert_eq!(
        lines[1],
        "thinking: random (no search), greedy (a one-turn look-ahead)"
    );
    assert!(
        lines[2].starts_with("bot") && lines[2].contains("score%"),
        "{}",
        run.stdout
    );
    assert!(lines[3].starts_with("random "), "{}", run.stdout);
    assert!(lines[4].starts_with("greedy "), "{}", run.stdout);
    assert!(
        lines[5].starts_with("Elo difference (random − greedy)"),
        "{}",
        run.stdout
    );
    assert!(
        lines[6].starts_with("Sets won (most points in the set): random ")
            && lines[6].contains(", greedy ")
            && lines[6].contains("; tied at the top: "),
        "{}",
        run.stdout
    );
}

#[test]
fn every_player_count_and_line_up_is_played_in_whole_sets() {
    // 3 players, 2 bots: sets of 6; 7 games round up to 2 sets.
    let summary = match_json(&[
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--players",
        "3",
        "--games",
        "7",
        "--seed",
        "4",
    ]);
    assert_consistent(&summary, 12);
    // 3 players, 3 bots: sets of 6.
    let summary = match_json(&[
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "5",
    ]);
    assert_consistent(&summary, 6);
    assert!(summary["elo"].is_null(), "no Elo for three bots");
    // The team game: sets of 2, each bot holding a whole team.
    let summary = match_json(&[
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--players",
        "4",
        "--games",
        "4",
        "--seed",
        "6",
        "--threads",
        "2",
    ]);
    assert_consistent(&summary, 4);
    // The team game with a bot in each seat: sets of 24, partners sharing
    // their team's point, so no bot scores more than half of the games.
    let summary = match_json(&[
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--bot",
        "level:1",
        "--bot",
        "random",
        "--players",
        "4",
        "--games",
        "20",
        "--seed",
        "7",
        "--threads",
        "2",
    ]);
    assert_consistent(&summary, 24);
    assert!(summary["elo"].is_null(), "no Elo for four bots");
    for bot in summary["bots"].as_array().unwrap() {
        assert_eq!(bot["wins"], 0, "a team win is shared by two bots: {bot}");
        assert!(bot["score"].as_f64().unwrap() <= 12.0, "{bot}");
    }
}

#[test]
fn external_programs_play_through_the_bot_protocol() {
    let own = format!("cmd:{} bot --ai random", binary());
    let mut bots = vec![own];
    if has_python() {
        bots.push(format!("cmd:python3 {}", example_bot().display()));
    } else {
        eprintln!("python3 is missing: the example bot is not tested");
    }
    for bot in &bots {
        let summary = match_json(&[
            "--bot",
            bot,
            "--bot",
            "random",
            "--games",
            "2",
            "--seed",
            "7",
            "--time-ms",
            "100",
        ]);
        assert_consistent(&summary, 2);
        assert_eq!(
            summary["forfeits"],
            serde_json::json!([]),
            "{bot}: {summary}"
        );
        assert_eq!(summary["bots"][0]["bot"], bot.as_str());
    }
}

#[test]
fn crashing_and_babbling_programs_lose_with_a_reason_and_the_match_goes_on() {
    let garbage = file(
        "garbage-bot.sh",
        "#!/bin/sh\nwhile read line; do echo 'hello there'; done\n",
    );
    let crash = file(
        "crash-bot.sh",
        "#!/bin/sh\nread line\necho 'something broke' >&2\nexit 3\n",
    );
    let illegal = file(
        "illegal-bot.sh",
        "#!/bin/sh\nwhile read line; do echo '{\"move\": \"move 5\"}'; done\n",
    );
    for path in [&garbage, &crash, &illegal] {
        make_executable(path);
    }
    let cases = [
        ("cmd:false".to_owned(), "exited"),
        (format!("cmd:{}", garbage.display()), "not JSON"),
        (format!("cmd:{}", crash.display()), "something broke"),
        (
            format!("cmd:{}", illegal.display()),
            "illegal move \"move 5\"",
        ),
    ];
    for (bot, reason) in &cases {
        let summary = match_json(&[
            "--bot", bot, "--bot", "random", "--games", "2", "--seed", "8",
        ]);
        assert_consistent(&summary, 2);
        assert_eq!(summary["bots"][0]["losses"], 2, "{summary}");
        assert_eq!(summary["bots"][0]["forfeits"], 2, "{summary}");
        let forfeits = summary["forfeits"].as_array().unwrap();
        assert_eq!(forfeits.len(), 2);
        for forfeit in forfeits {
            assert_eq!(forfeit["bot"], bot.as_str());
            let text = forfeit["reason"].as_str().unwrap();
            assert!(text.contains(reason), "{text:?} lacks {reason:?}");
        }
    }
    // The table lists them too.
    let run = carolus(
        &[
            "match",
            "--bot",
            "cmd:false",
            "--bot",
            "random",
            "--games",
            "2",
        ],
        None,
    );
    run.assert_success();
    assert!(run.stdout.contains("forfeits: 2"), "{}", run.stdout);
    assert!(run.stdout.contains("cmd:false (seat"), "{}", run.stdout);
}

#[test]
fn a_program_that_cannot_start_stops_the_match_with_an_error() {
    let records = file("cannot-start.jsonl", "");
    let run = carolus(
        &[
            "match",
            "--bot",
            "cmd:/nonexistent/bot",
            "--bot",
            "random",
            "--games",
            "2",
            "--records",
            records.to_str().unwrap(),
        ],
        None,
    );
    let message = run.assert_bad_input();
    assert!(
        message.starts_with("--bot cmd:/nonexistent/bot: cannot start \"/nonexistent/bot\""),
        "{message}"
    );
    assert_eq!(run.stdout, "", "no summary of forfeits: {run:?}");
    assert_eq!(std::fs::read_to_string(&records).unwrap(), "");
}

#[test]
fn a_new_match_never_replaces_the_records_of_another_without_force() {
    let path = file("kept-records.jsonl", "");
    greedy_against_random_into(&path, "3", "2");
    let before = std::fs::read_to_string(&path).unwrap();
    assert_eq!(before.lines().count(), 2);
    let args = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "--bot",
            "greedy",
            "--bot",
            "random",
            "--games",
            "2",
            "--seed",
            "5",
            "--records",
            path.to_str().unwrap(),
            "--json",
        ];
        args.extend_from_slice(extra);
        carolus(&args, None)
    };
    let refused = args(&[]);
    assert_eq!(
        refused.assert_bad_input(),
        format!(
            "--records {}: the file already holds 2 games; add --resume to go on with \
             that match, --score to score it, or --force to replace it",
            path.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    // --force replaces them, as asked.
    args(&["--force"]).assert_success();
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(after.lines().count(), 2);
    assert_ne!(after, before, "the seed differs, so the games do");
}

#[test]
fn a_summary_names_bots_as_written_and_tells_two_copies_apart() {
    let summary = match_json(&[
        "--bot", "level:1", "--bot", "greedy", "--bot", "greedy", "--games", "6", "--seed", "2",
    ]);
    let names: Vec<&str> = (0..3)
        .map(|bot| summary["bots"][bot]["bot"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["level:1", "greedy #2", "greedy #3"]);
}

#[test]
fn a_silent_program_times_out() {
    let silent = file(
        "silent-bot.sh",
        "#!/bin/sh\nwhile read line; do sleep 5; done\n",
    );
    let summary = two_quick_games_against_random(&silent, "0");
    assert!(
        first_forfeit(&summary).contains("did not answer within 150 ms"),
        "{summary}"
    );
}

#[cfg(unix)]
#[test]
fn a_program_may_take_its_start_up_allowance_over_its_first_answer() {
    // A bot that needs a second to start (an interpreter, a model to load)
    // and then answers at once.
    let slow_start = file(
        "slow-start-bot.sh",
        &format!("#!/bin/sh\nsleep 1\nexec {} bot --ai random\n", binary()),
    );
    let allowed = two_quick_games_against_random(&slow_start, "5000");
    assert_eq!(allowed["forfeits"], serde_json::json!([]), "{allowed}");
    // Without the allowance the first answer is a second late.
    let refused = two_quick_games_against_random(&slow_start, "0");
    assert!(
        first_forfeit(&refused).contains("did not answer within 150 ms"),
        "{refused}"
    );
}

/// Plays two games of the program `script` against `random` at 50 ms a
/// move with 100 ms of grace and `startup_ms` of start-up allowance, and
/// checks the totals.
pub(crate) fn two_quick_games_against_random(script: &Path, startup_ms: &str) -> Value {
    make_executable(script);
    let bot = format!("cmd:{}", script.display());
    let summary = match_json(&[
        "--bot",
        &bot,
        "--bot",
        "random",
        "--games",
        "2",
        "--seed",
        "8",
        "--time-ms",
        "50",
        "--grace-ms",
        "100",
        "--startup-ms",
        startup_ms,
    ]);
    assert_consistent(&summary, 2);
    summary
}

/// The reason of a match summary's first forfeit.
fn first_forfeit(summary: &Value) -> &str {
    summary["forfeits"][0]["reason"]
        .as_str()
        .unwrap_or_default()
}

/// Reads the records that `--records` wrote.
fn read_records(path: &Path) -> Vec<Record> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| Record::from_json(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[test]
fn records_replay_and_name_their_bots_set_and_rotation() {
    let path = file("match-records.jsonl", "");
    let path_text = path.to_str().unwrap();
    let line_up = [
        "--bot", "greedy", "--bot", "random", "--games", "6", "--seed", "9",
    ];
    let mut args = line_up.to_vec();
    args.extend(["--records", path_text, "--threads", "2"]);
    let summary = match_json(&args);
    assert_consistent(&summary, 6);
    let records = read_records(&path);
    assert_eq!(records.len(), 6);
    for (i, record) in records.iter().enumerate() {
        let game = record.replay().unwrap();
        assert!(game.is_over());
        let meta = record.meta.as_ref().unwrap();
        // In the order of the games, whatever order they finished in.
        assert_eq!(meta["set"], (i / 2) as u64);
        assert_eq!(meta["rotation"], (i % 2) as u64);
        assert_eq!(meta["match_seed"], "9");
        let names = record.names.as_ref().unwrap();
        let expected: Vec<&str> = if i % 2 == 0 {
            vec!["greedy", "random"]
        } else {
            vec!["random", "greedy"]
        };
        assert_eq!(names, &expected);
        let winners: Vec<usize> = game.winners().map(|s| s.index()).collect();
        assert_eq!(
            record.result.as_ref().unwrap()["winners"],
            serde_json::json!(winners)
        );
    }
    // And the binary's own replay reads them.
    let first = file("match-record-0.json", &records[0].to_json());
    carolus(&["replay", first.to_str().unwrap()], None).assert_success();
    // One game at a time writes the very same file.
    let alone = file("match-records-one-thread.jsonl", "");
    let mut args = line_up.to_vec();
    args.extend(["--records", alone.to_str().unwrap()]);
    let alone_summary = match_json(&args);
    assert_eq!(
        std::fs::read_to_string(&alone).unwrap(),
        std::fs::read_to_string(&path).unwrap()
    );
    assert_eq!(alone_summary["bots"], summary["bots"]);
}

#[test]
fn a_built_in_bot_s_own_limit_replaces_time_ms() {
    // An iteration budget does not depend on the clock, so a match of such
    // bots writes the same games whatever --time-ms offers: one millisecond
    // (which would cut every search to a few dozen iterations) or a minute.
    let line_up = [
        "--bot",
        "mcts:iterations=200,threads=1",
        "--bot",
        "mcts:level=1,threads=1",
        "--games",
        "2",
        "--seed",
        "12",
    ];
    let played = |time_ms: &str, name: &str| {
        let path = file(name, "");
        let mut args = line_up.to_vec();
        args.extend(["--time-ms", time_ms, "--records", path.to_str().unwrap()]);
        match_json(&args);
        std::fs::read_to_string(&path).unwrap()
    };
    let hurried = played("1", "match-own-limit-1ms.jsonl");
    let unhurried = played("60000", "match-own-limit-60s.jsonl");
    assert_eq!(hurried.lines().count(), 2);
    assert_eq!(hurried, unhurried);
}

#[test]
fn the_summary_says_how_much_each_bot_thinks_a_move() {
    // A bot's own limit is what it thinks by, longer than --time-ms here;
    // a bot without one, and an external program, get --time-ms. The
    // program (`false`) forfeits at its first turn, which keeps the 24
    // games of a four-bot team game short.
    let summary = match_json(&[
        "--bot",
        "mcts:ms=50,threads=1",
        "--bot",
        "mcts:threads=1",
        "--bot",
        "mcts:level=1,threads=1",
        "--bot",
        "cmd:false",
        "--players",
        "4",
        "--games",
        "1",
        "--time-ms",
        "20",
        "--grace-ms",
        "30",
    ]);
    let thinking: Vec<&str> = (0..4)
        .map(|bot| summary["bots"][bot]["thinking"].as_str().unwrap())
        .collect();
    assert_eq!(
        thinking,
        [
            "50 ms a move",
            "20 ms a move",
            "100 iterations a move",
            "20 ms a move, silent after 50 ms"
        ]
    );
}

#[test]
fn a_forfeited_game_is_recorded_up_to_the_fault_with_the_reason() {
    let path = file("forfeit-records.jsonl", "");
    match_json(&[
        "--bot",
        "cmd:false",
        "--bot",
        "random",
        "--games",
        "2",
        "--records",
        path.to_str().unwrap(),
    ]);
    for record in read_records(&path) {
        let game = record.replay().unwrap();
        assert!(!game.is_over());
        let meta = record.meta.as_ref().unwrap();
        let seat = meta["forfeit"]["seat"].as_u64().unwrap() as usize;
        assert_eq!(record.names.as_ref().unwrap()[seat], "cmd:false");
        assert!(
            meta["forfeit"]["reason"]
                .as_str()
                .unwrap()
                .contains("exited")
        );
        assert_eq!(
            meta["forfeit"]["move"].as_u64().unwrap() as usize,
            record.moves.len() + 1
        );
        // The seat to act when it failed is the one that forfeited.
        assert_eq!(game.to_act().map(|s| s.index()), Some(seat));
        assert_eq!(
            record.result.as_ref().unwrap()["winners"],
            serde_json::json!([1 - seat])
        );
    }
}

#[test]
fn each_seat_draws_the_same_knights_in_every_game_of_a_set() {
    let path = file("duplicate-records.jsonl", "");
    match_json(&[
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "10",
        "--records",
        path.to_str().unwrap(),
    ]);
    let records = read_records(&path);
    assert_eq!(records.len(), 6);
    // Each game's draws, seat by seat, found by replaying.
    let mut draws_by_game: Vec<HashMap<usize, Vec<String>>> = Vec::new();
    for record in &records {
        assert_eq!(record.setup, records[0].setup, "one set-up for the set");
        let mut game = record.start().unwrap();
        let mut draws: HashMap<usize, Vec<String>> = HashMap::new();
        for mv in &record.moves {
            if let (Move::Draw(_), Some(due)) = (mv, game.draw_due()) {
                draws
                    .entry(due.seat.index())
                    .or_default()
                    .push(mv.to_string());
            }
            game.play(*mv).unwrap();
        }
        draws_by_game.push(draws);
    }
    for seat in 0..3 {
        for draws in &draws_by_game[1..] {
            let (a, b) = (&draws_by_game[0][&seat], &draws[&seat]);
            let common = a.len().min(b.len());
            assert!(common >= 2);
            assert_eq!(a[..common], b[..common], "seat {seat}");
        }
    }
    // The rotations put bot 0 alone in each seat, then bot 1.
    let seats: Vec<Value> = records
        .iter()
        .map(|r| r.meta.as_ref().unwrap()["bots"].clone())
        .collect();
    assert_eq!(
        seats,
        serde_json::from_str::<Vec<Value>>("[[0,1,1],[1,0,1],[1,1,0],[1,0,0],[0,1,0],[0,0,1]]")
            .unwrap()
    );
}

#[test]
fn the_sprt_stops_a_lopsided_match_early() {
    let summary = match_json(&[
        "--bot", "greedy", "--bot", "random", "--games", "1000", "--seed", "11", "--sprt", "0,50",
    ]);
    let sprt = &summary["sprt"];
    assert_eq!(sprt["decision"], "H1", "{summary}");
    let games = summary["games"].as_u64().unwrap();
    assert!(games < 1000, "{summary}");
    assert_consistent(&summary, games);
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["bounds"][1].as_f64().unwrap());
    let run = carolus(
        &[
            "match", "--bot", "greedy", "--bot", "random", "--games", "1000", "--sprt", "0,50",
        ],
        None,
    );
    run.assert_success();
    assert!(run.stdout.contains("H1 accepted"), "{}", run.stdout);
}

#[test]
fn three_bots_in_the_two_player_game_play_a_round_robin() {
    let summary = match_json(&[
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--bot",
        "level:1",
        "--games",
        "10",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    // Sets of 6 (every pair both ways); each bot sits out the pair of the
    // other two, so it plays 4 games of each set.
    assert_eq!(summary["games"], 12, "{summary}");
    assert_eq!(summary["sets"], 2, "{summary}");
    let mut total = 0.0;
    for bot in summary["bots"].as_array().unwrap() {
        assert_eq!(bot["games"], 8, "{bot}");
        let count = |field: &str| bot[field].as_u64().unwrap();
        assert_eq!(count("wins") + count("shared") + count("losses"), 8);
        total += bot["score"].as_f64().unwrap();
    }
    assert!((total - 12.0).abs() < 1e-9, "each game hands out one point");
    assert!(summary["elo"].is_null(), "no single Elo for three bots");
    // The cross table: every ordered pair met in 4 games, and the points of
    // a pair add up to its games.
    let pairs = summary["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    for pair in pairs {
        assert_eq!(pair["games"], 4, "{pair}");
        let back = pairs
            .iter()
            .find(|other| other["bot"] == pair["against"] && other["against"] == pair["bot"])
            .unwrap();
        let points = pair["score"].as_f64().unwrap() + back["score"].as_f64().unwrap();
        assert!((points - 4.0).abs() < 1e-9, "{pair} {back}");
    }
    // The table shows the cross table too.
    let run = carolus(
        &[
            "match", "--bot", "greedy", "--bot", "random", "--bot", "level:1", "--games", "6",
            "--seed", "3",
        ],
        None,
    );
    run.assert_success();
    assert!(
        run.stdout
            .contains("Round robin: the row's score against the column (games):"),
        "{}",
        run.stdout
    );
    let random_row = run
        .lines()
        .into_iter()
        .skip_while(|line| !line.starts_with("Round robin"))
        .find(|line| line.starts_with("random "))
        .unwrap_or_default()
        .to_owned();
    assert!(random_row.contains("·"), "{}", run.stdout);
    assert!(random_row.contains("(2)"), "{}", run.stdout);
}

#[test]
fn an_sprt_match_ends_at_the_same_set_whatever_the_threads() {
    // The test sees the sets in order and no set starts before it has seen
    // the ones before, so the seed alone fixes where the match stops.
    let summaries: Vec<Value> = ["1", "2", "3"]
        .into_iter()
        .map(|threads| {
            let mut summary = match_json(&[
                "--bot",
                "greedy",
                "--bot",
                "greedy:noise=0.1",
                "--games",
                "400",
                "--seed",
                "5",
                "--sprt",
                "0,50",
                "--threads",
                threads,
            ]);
            summary["seconds"] = Value::Null;
            summary
        })
        .collect();
    assert_eq!(summaries[0]["sprt"]["decision"], "H1", "{}", summaries[0]);
    assert!(summaries[0]["games"].as_u64().unwrap() < 400);
    assert_eq!(summaries[0], summaries[1]);
    assert_eq!(summaries[0], summaries[2]);
}

#[test]
fn impossible_matches_are_usage_errors() {
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "match", "--bot", "random", "--bot", "random", "--bot", "random", "--bot",
                "random", "--bot", "random", "--bot", "random", "--bot", "random", "--bot",
                "random", "--bot", "random", "--games", "2",
            ],
            "3 to 8 for a round robin, not 9",
        ),
        (
            &[
                "match",
                "--bot",
                "random",
                "--bot",
                "greedy",
                "--bot",
                "random",
                "--players",
                "4",
                "--games",
                "2",
            ],
            "needs 2 bots (one for each team) or 4 (one for each seat), not 3",
        ),
        (
            &["match", "--bot", "random", "--games", "2"],
            "takes 2 bots",
        ),
        (
            &[
                "match", "--bot", "clever", "--bot", "random", "--games", "2",
            ],
            "unknown bot",
        ),
        (
            &[
                "match",
                "--bot",
                "random",
                "--bot",
                "random",
                "--bot",
                "random",
                "--players",
                "3",
                "--games",
                "2",
                "--sprt",
                "0,5",
            ],
            "two bots",
        ),
        (
            &[
                "match",
                "--bot",
                "random",
                "--bot",
                "greedy",
                "--games",
                "2",
                "--records",
                "/nonexistent/dir/r.jsonl",
            ],
            "--records",
        ),
    ];
    for (args, expected) in cases {
        let run = carolus(args, None);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_match_cut_off_mid_line_resumes_to_the_same_records_and_totals() {
    // Greedy and seeded random bots are deterministic, so a match played in
    // one go and one stopped and resumed must write the same file.
    let whole = file("resume-whole.jsonl", "");
    let line_up = ["--bot", "greedy", "--bot", "random", "--seed", "21"];
    let mut args = line_up.to_vec();
    args.extend(["--games", "6", "--records", whole.to_str().unwrap()]);
    let whole_summary = match_json(&args);
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let lines: Vec<&str> = whole_text.lines().collect();
    assert_eq!(lines.len(), 6);

    // Three games on disk and the fourth cut off while it was written.
    let cut = file(
        "resume-cut.jsonl",
        &format!("{}\n{}", lines[..3].join("\n"), &lines[3][..50]),
    );
    let mut args = line_up.to_vec();
    args.extend([
        "--games",
        "6",
        "--records",
        cut.to_str().unwrap(),
        "--resume",
    ]);
    let mut with_json = vec!["match", "--json"];
    with_json.extend_from_slice(&args);
    let run = carolus(&with_json, None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("cut off"), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "3 games read back from the records; the set they began is finished first (1 game)"
        ),
        "{}",
        run.stderr
    );
    let resumed_summary = run.json();
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), whole_text);
    assert_eq!(resumed_summary["resumed"], 3);
    assert_consistent(&resumed_summary, 6);
    assert_eq!(resumed_summary["bots"], whole_summary["bots"]);

    // Nothing left to play: the summary is the same again, and stderr
    // says only what was read back.
    let run = carolus(&with_json, None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "note: 6 games read back from the records\n");
    let again = run.json();
    assert_eq!(again["resumed"], 6);
    assert_eq!(again["bots"], whole_summary["bots"]);
}

/// Plays `greedy` against `random` from `seed`, writing the records to
/// `path`, and returns the summary.
fn greedy_against_random_into(path: &Path, seed: &str, games: &str) -> Value {
    match_json(&[
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--seed",
        seed,
        "--games",
        games,
        "--records",
        path.to_str().unwrap(),
    ])
}

#[test]
fn resuming_the_records_of_another_match_is_refused_and_changes_nothing() {
    let path = file("resume-other.jsonl", "");
    greedy_against_random_into(&path, "4", "2");
    let before = std::fs::read_to_string(&path).unwrap();
    let path_text = path.to_str().unwrap();
    let cases: [(&[&str], &str); 2] = [
        (
            &["--bot", "greedy", "--bot", "random", "--seed", "5"],
            "seed 4, not --seed 5",
        ),
        (&["--bot", "random", "--bot", "greedy"], "line 1"),
    ];
    for (line_up, expected) in cases {
        let mut args = vec!["match"];
        args.extend_from_slice(line_up);
        args.extend(["--games", "4", "--records", path_text, "--resume"]);
        let run = carolus(&args, None);
        let message = run.assert_bad_input();
        assert!(message.contains(expected), "{message}");
        assert!(message.contains(path_text), "{message}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    }
    let run = carolus(
        &[
            "match", "--bot", "greedy", "--bot", "random", "--games", "2", "--resume",
        ],
        None,
    );
    assert!(run.stderr.contains("--records"), "{}", run.stderr);
}

#[test]
fn a_records_file_is_scored_without_playing_a_game_or_writing_to_it() {
    let path = file("score-whole.jsonl", "");
    let path_text = path.to_str().unwrap();
    let line_up = ["--bot", "greedy", "--bot", "random"];
    let played = greedy_against_random_into(&path, "21", "6");
    let text = std::fs::read_to_string(&path).unwrap();

    // The whole file, as the match summed it up; the seed comes from the file.
    let score = |extra: &[&str], records: &str| {
        let mut args = vec!["match", "--json"];
        args.extend_from_slice(&line_up);
        args.extend_from_slice(extra);
        args.extend(["--records", records, "--score"]);
        carolus(&args, None)
    };
    let run = score(&[], path_text);
    let scored = run.assert_success().json();
    assert_eq!(scored["bots"], played["bots"]);
    assert_eq!(scored["seed"], played["seed"]);
    assert_eq!(scored["resumed"], 6);
    assert_consistent(&scored, 6);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    // The first games only, rounded up to whole sets.
    let first_four = score(&["--games", "3"], path_text).assert_success().json();
    assert_consistent(&first_four, 4);

    // A match still writing its fifth game: the set it began and the line
    // being written are left out, and both are mentioned.
    let lines: Vec<&str> = text.lines().collect();
    let growing = file(
        "score-growing.jsonl",
        &format!("{}\n{}", lines[..5].join("\n"), &lines[5][..40]),
    );
    let growing_text = std::fs::read_to_string(&growing).unwrap();
    let run = score(&[], growing.to_str().unwrap());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("cut off"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("the last game of the records (a set not finished) is left out"),
        "{}",
        run.stderr
    );
    assert_eq!(run.json()["bots"], first_four["bots"]);
    assert_eq!(std::fs::read_to_string(&growing).unwrap(), growing_text);

    // The table says that nothing was played, and gives no time.
    let mut args = vec!["match"];
    args.extend_from_slice(&line_up);
    args.extend(["--records", path_text, "--score"]);
    let table = carolus(&args, None);
    let header = table.assert_success().lines()[..2].join("\n");
    assert!(
        header.starts_with("6 games (3 sets of 2), 2 players, seed 21\n"),
        "{header}"
    );
    assert!(header.ends_with("none played now)"), "{header}");
}

#[test]
fn scoring_refuses_what_it_cannot_score_and_changes_nothing() {
    let one_game = file("score-one-game.jsonl", "");
    let one_game_text = one_game.to_str().unwrap();
    greedy_against_random_into(&one_game, "3", "2");
    let first_line = std::fs::read_to_string(&one_game)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    std::fs::write(&one_game, format!("{first_line}\n")).unwrap();
    let missing = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("carolus-cli-score-missing.jsonl");
    let _ = std::fs::remove_file(&missing);
    let missing_text = missing.to_str().unwrap();
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "--bot",
                "greedy",
                "--bot",
                "random",
                "--records",
                one_game_text,
            ],
            "no whole set to score (1 game of a set of 2)",
        ),
        (
            &[
                "--bot",
                "random",
                "--bot",
                "greedy",
                "--records",
                one_game_text,
            ],
            "line 1",
        ),
        (
            &[
                "--bot",
                "greedy",
                "--bot",
                "random",
                "--records",
                missing_text,
            ],
            missing_text,
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["match", "--score"];
        all.extend_from_slice(args);
        let run = carolus(&all, None);
        let message = run.assert_bad_input();
        assert!(message.contains(expected), "{message}");
        assert_eq!(
            std::fs::read_to_string(&one_game).unwrap(),
            format!("{first_line}\n")
        );
    }
    assert!(!missing.exists());
    // --score reads a file and plays nothing, so it needs --records and
    // cannot also --resume.
    for args in [
        &["match", "--bot", "greedy", "--bot", "random", "--score"][..],
        &[
            "match",
            "--bot",
            "greedy",
            "--bot",
            "random",
            "--score",
            "--resume",
            "--records",
            one_game_text,
        ][..],
    ] {
        let run = carolus(args, None);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
    }
}
