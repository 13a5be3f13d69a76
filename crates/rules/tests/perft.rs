//! Perft checks of the engine against counts from the independent Python
//! reference, read from `tests/data/perft.txt`.
//!
//! perft(position, depth) is the number of distinct sequences of `depth`
//! decisions (tokens of `Game::legal_moves`) from a position; the walk stops
//! early, counting one leaf, at a chance node (phase `draw`) and at the end of
//! the game. Counting whole move trees checks move generation and every rule
//! that shapes the tree (disc choice, placement targets after mergers,
//! emperor steps, jokers, the end of the game) far beyond the positions a
//! random game happens to visit. The numbers come from the reference, not
//! from this engine: see the data file's header.

use std::time::Instant;

use carolus_rules::{Game, Phase, Record};

const DATA: &str = include_str!("data/perft.txt");

/// One position of the data file.
struct Position {
    name: String,
    /// `counts[d - 1]` is perft at depth d.
    counts: Vec<u64>,
    record: String,
}

fn positions() -> Vec<Position> {
    DATA.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let brace = line
                .find('{')
                .unwrap_or_else(|| panic!("no record on line {line:?}"));
            let mut words = line[..brace].split_whitespace();
            let name = words.next().expect("a position name").to_owned();
            let counts = words
                .map(|w| {
                    w.parse()
                        .unwrap_or_else(|_| panic!("{name}: bad count {w:?}"))
                })
                .collect::<Vec<u64>>();
            assert!(
                counts.len() >= 3,
                "{name}: expected counts for depths 1..3 at least"
            );
            Position {
                name,
                counts,
                record: line[brace..].to_owned(),
            }
        })
        .collect()
}

fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 || matches!(game.phase(), Phase::Draw | Phase::Over) {
        return 1;
    }
    game.legal_moves()
        .iter()
        .map(|mv| {
            let mut child = game.clone();
            // `play` rather than `play_unchecked`: every generated move must
            // also pass the engine's own legality check.
            child
                .play(*mv)
                .unwrap_or_else(|e| panic!("generated move {mv} refused: {e}"));
            perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn data_file_covers_every_player_count_and_phase() {
    let all = positions();
    assert!(all.len() >= 30, "only {} positions", all.len());
    for players in [2usize, 3, 4] {
        let mut phases = Vec::new();
        for p in &all {
            let game = Record::from_json(&p.record)
                .and_then(|r| r.replay().map_err(|e| panic!("{}: {e}", p.name)))
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
            if game.players() == players {
                phases.push(game.phase());
            }
        }
        for phase in [
            Phase::Joker,
            Phase::Disc,
            Phase::Place,
            Phase::Move,
            Phase::Draw,
            Phase::Over,
        ] {
            assert!(
                phases.contains(&phase),
                "no {players}-player position in phase {phase}"
            );
        }
    }
}

#[test]
fn perft_matches_the_reference() {
    let start = Instant::now();
    let mut failures = Vec::new();
    let mut nodes = 0u64;
    let all = positions();
    for p in &all {
        let record = Record::from_json(&p.record)
            .unwrap_or_else(|e| panic!("{}: record does not read: {e}", p.name));
        let game = record
            .replay()
            .unwrap_or_else(|e| panic!("{}: record does not replay: {e}", p.name));
        for (depth, &expected) in (1..).zip(&p.counts) {
            let found = perft(&game, depth);
            nodes += found;
            if found != expected {
                failures.push(format!(
                    "{} depth {depth}: engine {found}, reference {expected}",
                    p.name
                ));
            }
        }
    }
    eprintln!(
        "perft: {} positions, {nodes} leaves in {:.1?}",
        all.len(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
