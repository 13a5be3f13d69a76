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
fn bench_login_reports_each_check_in_processor_time() {
    let run = carolus(&["bench", "--login", "--rounds", "2", "--json"], None);
    let report = run.assert_success().json();
    assert_eq!(report["rounds"], 2, "{report}");
    // The server's cost: OWASP's Argon2id parameters.
    assert_eq!(
        [
            &report["memory_kib"],
            &report["iterations"],
            &report["parallelism"]
        ],
        [19_456, 2, 1],
        "{report}"
    );
    let operations = report["operations"].as_array().unwrap();
    let names: Vec<&str> = operations
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "login (right password)",
            "wrong password",
            "unknown name (dummy check)",
            "hash (sign-up)"
        ]
    );
    for operation in operations {
        let cpu = &operation["cpu_ms"];
        assert!(cpu["p50"].as_f64().unwrap() > 0.0, "{report}");
        assert!(cpu["p95"].as_f64().unwrap() <= cpu["max"].as_f64().unwrap());
    }
    // --rounds counts the rounds of --login or --lobby only.
    let run = carolus(&["bench", "--rounds", "3"], None);
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.contains("--rounds"), "{}", run.stderr);
}

#[test]
fn bench_lobby_makes_a_database_then_measures_every_request_of_the_lobby() {
    let dir = std::env::temp_dir().join(format!("carolus-lobby-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("lobby.db");
    let db = db.to_str().unwrap();
    let args = [
        "bench", "--lobby", db, "--games", "1000", "--rounds", "2", "--json",
    ];
    // What it is doing goes to stderr, the report to stdout.
    let measured = |args: &[&str]| {
        let run = carolus(args, None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        serde_json::from_str::<serde_json::Value>(&run.stdout).unwrap()
    };
    let report = measured(&args);
    let made = &report["made"];
    assert_eq!(made["games"], 1000, "{report}");
    // A small database: every copy is the player's.
    let mine = made["mine"].as_u64().unwrap();
    assert!((900..1000).contains(&mine), "{report}");
    let lobby = &report["lobby"];
    // "My games" lists at most 200, and the page asks their names in
    // pages of 100.
    assert_eq!(lobby["listed"], 200, "{report}");
    let requests: Vec<&str> = lobby["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["request"].as_str().unwrap())
        .collect();
    for asked in [
        "GET /api/me",
        "GET /api/me/games",
        "GET /api/games?ids=… (100 of my games)",
        "GET /api/games?status=open&limit=10",
        "GET /api/games?status=running&limit=10",
        "GET /api/games?status=over&limit=10",
    ] {
        assert!(requests.contains(&asked), "{asked}: {report}");
    }
    let ids = lobby["requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| {
            r["request"]
                .as_str()
                .unwrap()
                .starts_with("GET /api/games?ids")
        })
        .unwrap();
    assert_eq!(ids["count"], 4, "two pages of ids a round: {report}");
    // A second run measures the database made, making nothing.
    let again = measured(&args);
    assert!(again["made"].is_null(), "{again}");
    std::fs::remove_dir_all(&dir).unwrap();
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
