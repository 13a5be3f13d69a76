//! `carolus analyse`: one line per decision of a record, as a table or as
//! JSON, and the refusal of bad records as `carolus replay` words it.

use serde_json::Value;

use crate::support::{carolus, file, game_record, record_value};

#[test]
fn json_gives_one_object_per_decision_in_the_record() {
    let record = game_record(3, 21, 40);
    let decisions: Vec<(usize, String)> = record
        .moves
        .iter()
        .enumerate()
        .filter(|(_, mv)| mv.is_decision())
        .map(|(i, mv)| (i + 1, mv.to_string()))
        .collect();
    let path = file("analyse-json.json", &record.to_json());
    let run = carolus(
        &[
            "analyse",
            path.to_str().unwrap(),
            "--json",
            "--ai",
            "greedy",
            "--time-ms",
            "20",
        ],
        None,
    );
    run.assert_success();
    let lines = run.lines();
    assert_eq!(lines.len(), decisions.len(), "{}", run.stdout);
    for (line, (index, played)) in lines.iter().zip(&decisions) {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["index"], *index as u64);
        assert_eq!(value["played"], played.as_str());
        assert!(
            value["best"]
                .as_str()
                .unwrap()
                .parse::<carolus_rules::Move>()
                .is_ok()
        );
        let win = value["win"].as_array().unwrap();
        assert_eq!(win.len(), 3);
        let sum: f64 = win.iter().map(|w| w.as_f64().unwrap()).sum();
        assert!((sum - 1.0).abs() < 1e-3, "{line}");
        assert!(value["seat"].as_u64().unwrap() < 3);
        // The moves weighed, as the bot protocol's `info.best` lists them.
        let candidates = value["candidates"].as_array().unwrap();
        assert!((1..=5).contains(&candidates.len()), "{line}");
        for candidate in candidates {
            let token = candidate["move"].as_str().unwrap();
            assert!(token.parse::<carolus_rules::Move>().is_ok(), "{line}");
            assert!(candidate["visits"].is_u64(), "{line}");
            let value = candidate["value"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&value), "{line}");
        }
    }
}

#[test]
fn the_table_has_a_row_per_decision_with_the_tree_search() {
    let record = game_record(2, 22, 25);
    let decisions = record.moves.iter().filter(|mv| mv.is_decision()).count();
    let path = file("analyse-table.json", &record.to_json());
    let run = carolus(
        &[
            "analyse",
            path.to_str().unwrap(),
            "--ai",
            "mcts:threads=1",
            "--time-ms",
            "10",
        ],
        None,
    );
    run.assert_success();
    let all = run.lines();
    // The review closes the table (its own test reads it).
    let review = all
        .iter()
        .position(|line| line.starts_with("review: "))
        .unwrap();
    let lines = &all[..review];
    // A title, the column heads, the rows, a summary for each seat, the
    // graph's heading and a line for each seat, and a closing line.
    assert_eq!(lines.len(), decisions + 2 + 2 + 3 + 1, "{}", run.stdout);
    assert!(
        lines[1].contains("preferred") && lines[1].contains("cost") && lines[1].contains("win 1")
    );
    // A move other than the AI's choice (marked `*`) has a cost, the AI's
    // own choice none.
    let cost_column = lines[1].find("cost").unwrap();
    let mut others = 0;
    for row in &lines[2..2 + decisions] {
        let marked = row.as_bytes()[28] == b'*';
        let cost = row[cost_column - 1..cost_column + 4].trim();
        assert_eq!(marked, !cost.is_empty(), "{row}");
        if marked {
            others += 1;
            assert!(cost == "?" || cost.parse::<f64>().is_ok(), "{row}");
        }
    }
    // Random moves differ from the search's choice often enough to test.
    assert!(others > 0, "{}", run.stdout);
    let seat_0 = &lines[2 + decisions];
    assert!(seat_0.starts_with("seat 0: "), "{seat_0}");
    assert!(seat_0.contains("points of win chance lost a decision on average"));
    let summed: usize = lines[2 + decisions..4 + decisions]
        .iter()
        .map(|line| line.split(' ').nth(2).unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(summed, others, "the summaries count the marked rows");
    // The graph has a block for every decision (a short record needs no
    // more columns than it has decisions).
    assert!(lines[4 + decisions].starts_with("win chance before each decision"));
    for (seat, line) in lines[5 + decisions..7 + decisions].iter().enumerate() {
        let blocks = line
            .strip_prefix(&format!("seat {seat}  "))
            .unwrap_or_else(|| panic!("{line}"));
        assert_eq!(blocks.chars().count(), decisions, "{line}");
        assert!(blocks.chars().all(|c| ('▁'..='█').contains(&c)), "{line}");
    }
    assert!(
        lines
            .last()
            .unwrap()
            .contains("the record ends before the game does")
    );
    // Standard input works as for replay.
    let run = carolus(&["analyse", "-", "--ai", "random"], Some(&record.to_json()));
    run.assert_success();
    // The random bot weighs no move, so the review (its heading and a line
    // per seat) knows of no cost.
    assert_eq!(run.lines().len(), decisions + 8 + 3, "{}", run.stdout);
    assert!(run.stdout.ends_with(
        "seat 0: none of its decisions is known to have cost anything\n\
         seat 1: none of its decisions is known to have cost anything\n"
    ));
}

#[test]
fn bad_records_are_refused_naming_the_move() {
    let mut value = record_value(&game_record(2, 23, 12));
    value["moves"][9] = Value::String("place R 16".to_owned());
    let path = file("analyse-bad.json", &value.to_string());
    let run = carolus(&["analyse", path.to_str().unwrap(), "--ai", "random"], None);
    let message = run.assert_bad_input();
    let path = path.to_str().unwrap();
    assert!(
        message.starts_with(&format!("{path}: move 10 \"place R 16\"")),
        "{message}"
    );
    assert_eq!(
        run.stdout, "",
        "nothing is analysed before the record is checked"
    );

    // Standard input has no name to give.
    let run = carolus(&["analyse", "-", "--ai", "random"], Some("{\"players\": 2"));
    assert!(
        run.assert_bad_input()
            .starts_with("the record is not valid JSON")
    );

    // A record that ends before anyone decides has nothing to analyse.
    let fresh = carolus(&["new", "--seed", "3"], None);
    let run = carolus(&["analyse", "-", "--ai", "random"], Some(&fresh.stdout));
    assert_eq!(
        run.assert_bad_input(),
        "there is no decision to analyse: the record ends before anyone decides"
    );
    assert_eq!(run.stdout, "");
}

#[test]
fn a_move_the_ai_values_the_same_as_its_choice_is_not_counted_as_differing() {
    // Greedy values equal placements equally; random moves hit such ties.
    let record = game_record(2, 41, 120);
    let path = file("analyse-ties.json", &record.to_json());
    let run = carolus(&["analyse", path.to_str().unwrap(), "--ai", "greedy"], None);
    let text = run.assert_success().stdout.clone();
    assert!(text.contains(" = "), "no tie to check:\n{text}");
    for row in text.lines().filter(|line| line.contains(" = ")) {
        // A tie shows no cost.
        let after = row.split(" = ").nth(1).unwrap_or_default();
        assert!(!after.contains("0.0 "), "{row}");
    }
    for row in text.lines().filter(|line| line.contains(" * ")) {
        let cost = row
            .split(" * ")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap();
        assert!(
            cost != "0.0" && cost != "-0.0",
            "a differing move costs something: {row}"
        );
    }
}

#[test]
fn the_team_game_table_speaks_of_teams() {
    // Partners win together, so the table gives each team's chance and
    // what a move cost the team; the JSON keeps the protocol's seat shares.
    let record = game_record(4, 8, 2000);
    let game = record.replay().unwrap();
    assert!(game.is_over());
    let path = file("analyse-teams.json", &record.to_json());
    let path = path.to_str().unwrap();
    // Greedy stops looking when its time runs out, so a short time would let
    // the two runs below disagree on a busy machine; it needs far less
    // than this when it is not cut short.
    let args = ["analyse", path, "--ai", "greedy", "--time-ms", "10000"];
    let table = carolus(&args, None);
    table.assert_success();
    let json = carolus(&[&args[..], &["--json"]].concat(), None);
    json.assert_success();

    let all = table.lines();
    let review = all
        .iter()
        .position(|line| line.starts_with("review: "))
        .unwrap();
    let lines = &all[..review];
    let heads: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        heads[heads.len() - 4..],
        ["win", "0+2", "win", "1+3"],
        "{}",
        lines[1]
    );
    let decisions = json.lines();
    for (row, line) in lines[2..].iter().zip(&decisions) {
        let value: Value = serde_json::from_str(line).unwrap();
        let win: Vec<f64> = value["win"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_f64().unwrap())
            .collect();
        let columns: Vec<&str> = row.split_whitespace().collect();
        let percent = |team: f64| format!("{:.1}%", 100.0 * team);
        assert_eq!(
            columns[columns.len() - 2..],
            [percent(win[0] + win[2]), percent(win[1] + win[3])],
            "{row}"
        );
        if let (Some(best), Some(played)) =
            (value["best_value"].as_f64(), value["played_value"].as_f64())
            && value["best"] != value["played"]
            && row.contains(" * ")
        {
            let cost: f64 = columns[columns.len() - 3].parse().unwrap();
            assert!(
                (cost - 200.0 * (best - played)).abs() <= 0.11,
                "twice the seat's share: {row} / {line}"
            );
        }
    }
    let winners: Vec<usize> = game.winners().map(|seat| seat.index()).collect();
    let team = format!("{}+{}", winners[0], winners[1]);
    assert_eq!(
        lines.last().unwrap(),
        &format!("game over: team {team} won"),
        "{}",
        table.stdout
    );
}

#[test]
fn one_game_of_a_match_s_records_is_analysed_with_game() {
    let games = [game_record(2, 31, 30), game_record(2, 32, 30)];
    let lines: Vec<String> = games.iter().map(|game| game.to_json()).collect();
    let path = file("analyse-two-games.jsonl", &lines.join("\n"));
    let path = path.to_str().unwrap();
    let args = ["analyse", path, "--ai", "random", "--json"];
    let refused = carolus(&args, None);
    assert!(
        refused
            .assert_bad_input()
            .ends_with("2 records one after another; choose one with --game N (1 to 2)")
    );
    let mut chosen = args.to_vec();
    chosen.extend(["--game", "2"]);
    let second = carolus(&chosen, None);
    let alone = file("analyse-second-game.json", &lines[1]);
    let alone = carolus(
        &[
            "analyse",
            alone.to_str().unwrap(),
            "--ai",
            "random",
            "--json",
        ],
        None,
    );
    assert_eq!(
        second.assert_success().stdout,
        alone.assert_success().stdout
    );
    // In the terminal game --game picks the record to continue, with --load.
    let usage = carolus(&["play", "--game", "2"], None);
    assert_eq!(usage.code, Some(2), "{usage:?}");
    assert!(usage.stderr.contains("--load"), "{}", usage.stderr);
}

#[test]
fn annotate_writes_the_record_with_an_estimate_before_every_decision() {
    let record = game_record(2, 33, 60);
    let mut value = record_value(&record);
    value["meta"] = serde_json::json!({"seed": "33", "estimates": []});
    let path = file("analyse-annotate.json", &value.to_string());
    let run = carolus(
        &[
            "analyse",
            path.to_str().unwrap(),
            "--ai",
            "mcts:iterations=50,threads=1",
            "--annotate",
        ],
        None,
    );
    let annotated = run.assert_success().json();
    assert_eq!(annotated["moves"], value["moves"], "the game is unchanged");
    assert_eq!(annotated["meta"]["seed"], "33", "other meta stays");
    // One estimate per decision, about the position before it.
    let before_decisions: Vec<u64> = record
        .moves
        .iter()
        .enumerate()
        .filter(|(_, mv)| mv.is_decision())
        .map(|(i, _)| i as u64)
        .collect();
    let estimates = annotated["meta"]["estimates"].as_array().unwrap();
    let at: Vec<u64> = estimates
        .iter()
        .map(|e| e["moves"].as_u64().unwrap())
        .collect();
    assert_eq!(at, before_decisions);
    // The terminal game reads them back for its graph.
    carolus_core::estimates::Trail::from_json(
        &annotated["meta"]["estimates"],
        record.moves.len(),
        2,
    )
    .expect("the terminal game's graph reads the estimates");
    let both = carolus(
        &["analyse", path.to_str().unwrap(), "--json", "--annotate"],
        None,
    );
    assert_eq!(both.code, Some(2), "{both:?}");
}

#[test]
fn a_bot_with_its_own_limit_thinks_by_it_not_by_time_ms() {
    // One millisecond would allow a few dozen iterations; the spec's own
    // budget of 300 is what every decision gets, and the header says so.
    let record = game_record(2, 5, 30);
    let path = file("analyse-own-limit.json", &record.to_json());
    let spec = "mcts:iterations=300,threads=1";
    let run = carolus(
        &[
            "analyse",
            path.to_str().unwrap(),
            "--json",
            "--ai",
            spec,
            "--time-ms",
            "1",
        ],
        None,
    );
    run.assert_success();
    let lines = run.lines();
    assert!(!lines.is_empty());
    for line in lines {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["iterations"], 300, "{line}");
    }
    let table = carolus(
        &[
            "analyse",
            path.to_str().unwrap(),
            "--ai",
            spec,
            "--time-ms",
            "1",
        ],
        None,
    );
    table.assert_success();
    assert!(
        table.lines()[0].starts_with(&format!("analysis by {spec}, 300 iterations a move;")),
        "{}",
        table.stdout
    );
}

#[test]
fn the_review_shows_each_seats_costliest_decisions_with_both_moves_explained() {
    let record = game_record(2, 31, 90);
    let path = file("analyse-review.json", &record.to_json());
    let run = carolus(
        &[
            "analyse",
            path.to_str().unwrap(),
            "--ai",
            "mcts:iterations=60,threads=1",
        ],
        None,
    );
    run.assert_success();
    let lines = run.lines();
    let start = lines
        .iter()
        .position(|line| line.starts_with("review: "))
        .unwrap();
    let review = &lines[start + 1..];
    let mut costs = vec![Vec::new(), Vec::new()];
    for (i, line) in review.iter().enumerate() {
        let Some(rest) = line.strip_prefix("seat ") else {
            continue;
        };
        let seat: usize = rest[..1].parse().unwrap();
        if rest.contains("is known to have cost anything") {
            continue;
        }
        // seat S, move N: C points given up
        let cost: f64 = rest
            .split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        costs[seat].push(cost);
        let played = review[i + 1];
        let better = review[i + 2];
        assert!(played.starts_with("  played "), "{played}");
        assert!(better.starts_with("  better "), "{better}");
        // Each move is followed by sentences of the catalog, ending with
        // a full stop.
        for line in [played, better] {
            assert!(line.trim_end().ends_with('.'), "{line}");
        }
    }
    for seat_costs in &costs {
        assert!(seat_costs.len() <= 3, "{costs:?}");
        assert!(
            seat_costs.windows(2).all(|w| w[0] >= w[1]),
            "costliest first: {costs:?}"
        );
    }
    assert!(costs.iter().any(|c| !c.is_empty()), "{}", run.stdout);
}

#[test]
fn explain_move_gives_the_apis_shape_whose_facts_hold_in_the_replayed_line() {
    let record = game_record(3, 5, 60);
    let at = record
        .moves
        .iter()
        .rposition(|mv| mv.is_decision())
        .unwrap()
        + 1;
    let path = file("analyse-explain.json", &record.to_json());
    let path = path.to_str().unwrap();
    let ai = "mcts:iterations=80,threads=1";
    let at_text = at.to_string();
    let run = carolus(
        &[
            "analyse",
            path,
            "--explain",
            "--move",
            &at_text,
            "--json",
            "--ai",
            ai,
        ],
        None,
    );
    run.assert_success();
    let value = run.json();
    assert_eq!(value["index"], at as u64);
    assert_eq!(value["move"], record.moves[at - 1].to_string());
    let line: Vec<carolus_rules::Move> = value["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|token| token.as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(line[0], record.moves[at - 1]);
    assert!(value["text"].as_str().unwrap().ends_with('.'));
    assert!(value["value"].is_number() || value["value"].is_null());
    let alternatives = value["alternatives"].as_array().unwrap();
    assert!((1..=3).contains(&alternatives.len()), "{value}");
    // Every pointer holds in the state view after `at` moves of the line.
    let mut before = record.clone();
    before.moves.truncate(at - 1);
    let mut game = before.replay().unwrap();
    let mut views = vec![serde_json::to_value(carolus_rules::StateView::of(&game)).unwrap()];
    for mv in &line {
        game.play(*mv).unwrap();
        views.push(serde_json::to_value(carolus_rules::StateView::of(&game)).unwrap());
    }
    let facts = value["facts"].as_array().unwrap();
    assert!(!facts.is_empty());
    for fact in facts {
        let at = fact["at"].as_u64().unwrap() as usize;
        for holds in fact["holds"].as_array().unwrap() {
            let pointer = holds["pointer"].as_str().unwrap();
            assert_eq!(views[at].pointer(pointer), Some(&holds["value"]), "{fact}");
        }
    }

    // In words, in German, and the AI's own choice one past the end.
    let next = (record.moves.len() + 1).to_string();
    let words = carolus(
        &[
            "analyse",
            path,
            "--explain",
            "--move",
            &next,
            "--ai",
            ai,
            "--lang",
            "de",
        ],
        None,
    );
    words.assert_success();
    let lines = words.lines();
    assert!(
        lines[0].starts_with(&format!("move {next}, seat ")),
        "{}",
        words.stdout
    );
    assert!(lines[0].contains("the AI's choice"), "{}", words.stdout);
    assert!(lines[1].starts_with("  line: "));
    assert!(lines[3] == "alternatives:", "{}", words.stdout);
    assert!(
        ["Platz", "Region", "Kaiser", "Hof", "Ritter", "Scheibe"]
            .iter()
            .any(|word| lines[2].contains(word)),
        "{}",
        words.stdout
    );
}

#[test]
fn explain_refuses_a_move_that_is_no_decision_or_beyond_the_record() {
    let record = game_record(2, 5, 30);
    let path = file("analyse-explain-bad.json", &record.to_json());
    let path = path.to_str().unwrap();
    let beyond = (record.moves.len() + 2).to_string();
    let run = carolus(
        &[
            "analyse",
            path,
            "--explain",
            "--move",
            &beyond,
            "--ai",
            "greedy",
        ],
        None,
    );
    let message = run.assert_bad_input();
    assert!(
        message.contains(&format!(
            "there is no move {beyond}: the record has {} moves",
            record.moves.len()
        )),
        "{message}"
    );
    // The first move of every record is a draw.
    let run = carolus(
        &[
            "analyse",
            path,
            "--explain",
            "--move",
            "1",
            "--ai",
            "greedy",
        ],
        None,
    );
    let message = run.assert_bad_input();
    assert!(
        message.contains("move 1 is no decision: the game waits for a chance draw"),
        "{message}"
    );
    // --move needs --explain.
    let run = carolus(&["analyse", path, "--move", "3"], None);
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.contains("--explain"), "{}", run.stderr);
}

#[test]
fn explain_says_why_for_every_decision_under_its_row() {
    let record = game_record(2, 12, 40);
    let decisions = record.moves.iter().filter(|mv| mv.is_decision()).count();
    let path = file("analyse-explain-all.json", &record.to_json());
    let args = [
        "analyse",
        path.to_str().unwrap(),
        "--explain",
        "--ai",
        "greedy",
    ];
    let run = carolus(&args, None);
    run.assert_success();
    let lines = run.lines();
    let explained = lines
        .iter()
        .filter(|line| line.starts_with("             ") && line.trim_end().ends_with('.'))
        .count();
    assert_eq!(explained, decisions, "{}", run.stdout);
    let json = carolus(&[&args[..], &["--json"]].concat(), None);
    json.assert_success();
    assert_eq!(json.lines().len(), decisions);
    for line in json.lines() {
        let value: Value = serde_json::from_str(line).unwrap();
        for key in [
            "index",
            "seat",
            "move",
            "best",
            "value",
            "line",
            "facts",
            "text",
            "alternatives",
        ] {
            assert!(value.get(key).is_some(), "{key} in {line}");
        }
    }
}
