//! `carolus bench`: figures that parse, and no heap allocation in playouts.
//!
//! Speeds depend on the machine and its load and are not asserted; the
//! allocation count does not, and is.

use crate::support::carolus;

#[test]
fn bench_json_reports_no_allocation_in_the_playout_loop() {
    for players in ["2", "4"] {
        let run = carolus(
            &["bench", "--players", players, "--seconds", "0.3", "--json"],
            None,
        );
        let report = run.assert_success().json();
        assert_eq!(report["allocations"], 0, "{report}");
        assert_eq!(report["players"].to_string(), players);
        assert!(report["games"].as_u64().unwrap() >= 1);
        for figure in ["games_per_s", "decisions_per_s", "replay_us"] {
            let value = report[figure]
                .as_f64()
                .unwrap_or_else(|| panic!("{figure}: {report}"));
            assert!(value.is_finite() && value > 0.0, "{figure}: {report}");
        }
        assert!(report["seed"].is_string());
    }
}

#[test]
fn bench_text_explains_each_figure() {
    let run = carolus(&["bench", "--seconds", "0.1", "--seed", "5"], None);
    let text = &run.assert_success().stdout;
    for words in [
        "games/s",
        "decisions/s",
        "allocations",
        "µs/record",
        "seed 5",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
    let first_figure = text
        .lines()
        .find(|line| line.contains("allocations "))
        .unwrap();
    assert_eq!(first_figure.split_whitespace().next(), Some("0"), "{text}");
}

#[test]
fn bench_refuses_a_time_that_is_not_one() {
    for seconds in ["-1", "soon", "NaN", "0"] {
        let run = carolus(&["bench", "--seconds", seconds], None);
        assert_eq!(run.code, Some(2), "{seconds}: {run:?}");
    }
    let run = carolus(&["bench", "--seconds", "0"], None);
    assert!(run.assert_bad_input().contains("no time at all"), "{run:?}");
}

#[test]
fn bench_explain_counts_positions_reviews_and_the_facts_their_words_state() {
    let args = [
        "bench",
        "--explain",
        "--positions",
        "7",
        "--reviews",
        "1",
        "--ai",
        "mcts:iterations=40,threads=1",
        "--json",
    ];
    let run = carolus(&args, None);
    let report = run.assert_success().json();
    assert_eq!(report["positions"], 7);
    assert_eq!(report["games"], 1);
    assert_eq!(
        report["seed"], "1",
        "the positions come from seed 1 unless given"
    );
    let facts = report["hints_with_a_fact"].as_u64().unwrap();
    let changes = report["hints_with_a_change"].as_u64().unwrap();
    assert!(changes <= facts && facts <= 7, "{report}");
    let hint = &report["hint_ms"];
    assert!(hint["p50"].as_f64().unwrap() <= hint["p95"].as_f64().unwrap());
    assert!(hint["p95"].as_f64().unwrap() <= hint["max"].as_f64().unwrap());
    let better = report["better_moves"].as_u64().unwrap();
    assert!(report["better_with_a_lacking_fact"].as_u64().unwrap() <= better);
    assert!(
        better <= 2 * 3,
        "three decisions of each of two seats at most: {report}"
    );
    // --positions needs --explain.
    let run = carolus(&["bench", "--positions", "3"], None);
    assert_ne!(run.code, Some(0));
}

#[test]
fn bench_explain_compare_sets_the_screened_review_beside_the_search_of_every_decision() {
    let args = [
        "bench",
        "--explain",
        "--positions",
        "1",
        "--reviews",
        "1",
        "--ai",
        "mcts:iterations=40,threads=1",
        "--screen",
        "20",
        "--shortlist",
        "2",
        "--compare",
        "--json",
    ];
    let report = carolus(&args, None).assert_success().json();
    assert_eq!(report["screen"], "mcts:iterations=20,threads=1");
    assert_eq!(report["shortlist"], 2);
    let deep = report["deep_searches"].as_u64().unwrap();
    assert!(deep > 0 && deep <= 2 * 2, "two a seat at most: {report}");
    let compared = &report["compared"];
    let reference = compared["reference"].as_u64().unwrap();
    assert!(reference > 0 && reference <= 2 * 3, "{report}");
    assert!(compared["review_same"].as_u64().unwrap() <= reference);
    assert!(compared["reseeded_same"].as_u64().unwrap() <= reference);
    assert!(compared["reference_cpu_s_mean"].as_f64().is_some());
    // Without --compare the report has no comparison.
    let plain: Vec<&str> = args.into_iter().filter(|a| *a != "--compare").collect();
    let plain = carolus(&plain, None).assert_success().json();
    assert!(plain.get("compared").is_none(), "{plain}");
}
