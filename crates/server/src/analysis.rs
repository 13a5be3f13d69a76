//! The computer's analysis of a finished game, made once and kept in the
//! store beside the game (`GET /api/games/{id}/analysis`): every
//! decision's estimate of the win chances, the move the computer prefers
//! and what the move played cost, which the browser draws as the game's
//! win-chance graph and marks in its log.
//!
//! An analysis is the one `carolus analyse` makes (carolus-core's
//! [`Analyser`]), by the hint level unless the server is told otherwise. It runs on a thread of its own, one
//! game at a time, so that analyses never take a search thread from a
//! game in play; a request for a game whose analysis is not ready starts it
//! (once, however many ask) and answers 202.
//!
//! It ends with a review, as `carolus analyse` does: for every seat, the
//! three decisions that cost it most (core's [`costliest`]), each with the
//! move played and the computer's choice, their lines and facts, and
//! their sentences in every language of the catalogs, from the same
//! search (the analyser explains every decision as it goes). The
//! browser shows the review of each person at the table.

use std::collections::HashSet;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use carolus_ai::Level;
use carolus_core::analysis::{
    Analyser, BLUNDER, BLUNDERS, Cost, Decision, MARKED, MISTAKE, Mark, costliest, marks,
};
use carolus_core::explain::{Line, Names};
use carolus_l10n::{Language, catalog};
use carolus_rules::{Game, Record, Seat};
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// The thinking time offered for each decision; the hint level searches a
/// fixed number of positions and finishes well within it.
const TIME_PER_DECISION: Duration = Duration::from_millis(300);

struct Job {
    record: Record,
    answer: oneshot::Sender<Result<Value, String>>,
}

/// The analysis thread and the games it is working on. Cheap to clone.
#[derive(Clone)]
pub struct Analyst {
    jobs: mpsc::Sender<Job>,
    under_way: Arc<Mutex<HashSet<String>>>,
}

impl Analyst {
    /// Starts the analysis thread, analysing as the computer at `level`.
    pub fn new(level: Level) -> Analyst {
        let (jobs, receiver) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("carolus-analysis".to_owned())
            .spawn(move || {
                for job in receiver {
                    let _ = job.answer.send(analyse(&job.record, level));
                }
            })
            .expect("the operating system refused the analysis thread at start");
        Analyst {
            jobs,
            under_way: Arc::new(Mutex::new(HashSet::new())),
        }
    }

    /// Marks game `id` as being analysed; false if it already is.
    pub fn begin(&self, id: &str) -> bool {
        self.under_way
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.to_owned())
    }

    /// Marks game `id` as no longer being analysed.
    pub fn end(&self, id: &str) {
        self.under_way
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
    }

    /// Analyses `record` on the analysis thread.
    pub async fn analyse(&self, record: Record) -> Result<Value, String> {
        let (answer, receiver) = oneshot::channel();
        self.jobs
            .send(Job { record, answer })
            .map_err(|_| "the analysis thread has stopped".to_owned())?;
        receiver
            .await
            .map_err(|_| "the analysis thread has stopped".to_owned())?
    }
}

/// The analysis of `record` by the computer at `level`, as the API
/// answers it.
pub fn analyse(record: &Record, level: Level) -> Result<Value, String> {
    let spec = level.spec();
    let analyser = Analyser::new(
        record.clone(),
        spec.build(0),
        spec.budget(TIME_PER_DECISION),
    )
    .map_err(|error| error.to_string())?
    .explaining();
    let game = record.start().map_err(|error| error.to_string())?;
    let decisions = analyser
        .collect::<Result<Vec<Decision>, _>>()
        .map_err(|error| error.to_string())?;
    // The marks are the analysis' judgement, made here once: the browser
    // shows them and keeps no rule of its own.
    let marks = marks(&decisions);
    Ok(json!({
        "length": record.moves.len(),
        "level": level.number(),
        "mistake": MISTAKE,
        "blunder": BLUNDER,
        "blunders": BLUNDERS,
        "marked": MARKED,
        "decisions": decisions.iter().zip(marks).map(|(d, m)| decision_json(d, m)).collect::<Vec<_>>(),
        "review": review(record, &game, &decisions),
    }))
}

/// How many of each seat's costliest decisions the review shows.
pub const REVIEWED: usize = 3;

/// For every seat, the [`REVIEWED`] decisions that cost it most, with the
/// move played and the computer's choice, each with its line, facts and
/// sentences (what it brings that the other does not, first) in every
/// language.
fn review(record: &Record, game: &Game, decisions: &[Decision]) -> Value {
    let seats: Vec<Value> = Seat::all(game.players())
        .map(|seat| {
            let reviewed: Vec<Value> = costliest(decisions, seat, REVIEWED)
                .into_iter()
                .filter_map(|decision| reviewed_json(record, game, decision))
                .collect();
            Value::from(reviewed)
        })
        .collect();
    Value::from(seats)
}

fn reviewed_json(record: &Record, game: &Game, decision: &Decision) -> Option<Value> {
    let explanation = decision.explanation.as_ref()?;
    let played = &explanation.explained;
    let better = explanation.better()?;
    let said = |line: &Line, other: &Line| -> Value {
        Language::ALL
            .iter()
            .map(|&language| {
                let words = catalog(language);
                let names = crate::explain::reader_names(words, record.names.as_deref());
                let names = Names::new(words, game, names.as_deref());
                (
                    language.code().to_owned(),
                    Value::from(line.text_against(other, words, &names)),
                )
            })
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let tokens =
        |line: &Line| -> Vec<String> { line.moves.iter().map(ToString::to_string).collect() };
    let cost = match decision.cost {
        Cost::Weighed(cost) => cost,
        _ => return None,
    };
    Some(json!({
        "index": decision.index,
        "seat": decision.seat.index(),
        "cost": cost,
        "played": {
            "move": decision.played.to_string(),
            "line": tokens(played),
            "facts": played.facts,
            "text": said(played, better),
        },
        "best": {
            "move": decision.best.to_string(),
            "line": tokens(better),
            "facts": better.facts,
            "text": said(better, played),
        },
    }))
}

fn decision_json(decision: &Decision, mark: Option<Mark>) -> Value {
    let cost = match decision.cost {
        Cost::Chosen | Cost::Tied => Some(0.0),
        Cost::Weighed(cost) => Some(cost),
        Cost::NotWeighed => None,
    };
    json!({
        "index": decision.index,
        "seat": decision.seat.index(),
        "played": decision.played.to_string(),
        "best": decision.best.to_string(),
        "chances": decision.chances.iter().map(|(_, chance)| chance).collect::<Vec<_>>(),
        "cost": cost,
        "mark": mark.map(Mark::symbol),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{GameRng, RecordedGame, Variant};

    #[test]
    fn an_analysis_names_every_decision_with_the_chances_of_every_seat() {
        // The first rounds of a game: enough decisions of every kind, and
        // quick to search in a debug build.
        let mut recorded = RecordedGame::from_seed(2, Variant::STANDARD, 5).unwrap();
        let mut rng = GameRng::seed_from_u64(5);
        for _ in 0..40 {
            recorded.play_random(&mut rng).unwrap();
        }
        let record = recorded.into_record();
        let decisions = record.moves.iter().filter(|mv| mv.is_decision()).count();
        // Level 3 weighs every move without a search: quick in a debug build.
        let analysis = analyse(&record, Level::new(3).unwrap()).unwrap();
        let rows = analysis["decisions"].as_array().unwrap();
        assert_eq!(rows.len(), decisions);
        assert_eq!(analysis["length"], record.moves.len());
        // Each seat has at most the few blunders the rule allows.
        for seat in 0..2 {
            let blunders = rows
                .iter()
                .filter(|row| row["seat"] == seat && row["mark"] == "??")
                .count();
            assert!(blunders <= BLUNDERS, "seat {seat}: {blunders} blunders");
        }
        for row in rows {
            let index = row["index"].as_u64().unwrap() as usize;
            assert_eq!(row["played"], record.moves[index - 1].to_string());
            let chances: f64 = row["chances"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_f64().unwrap())
                .sum();
            assert!(
                (chances - 1.0).abs() < 1e-6,
                "the chances add up to one: {chances}"
            );
        }
        // The review: each seat's costliest decisions, costliest first,
        // with the move played and the better one said in every language.
        let review = analysis["review"].as_array().unwrap();
        assert_eq!(review.len(), 2);
        let mut reviewed = 0;
        for (seat, decisions) in review.iter().enumerate() {
            let decisions = decisions.as_array().unwrap();
            assert!(decisions.len() <= REVIEWED);
            let costs: Vec<f64> = decisions
                .iter()
                .map(|d| d["cost"].as_f64().unwrap())
                .collect();
            assert!(costs.windows(2).all(|pair| pair[0] >= pair[1]), "{costs:?}");
            for decision in decisions {
                assert_eq!(decision["seat"], seat);
                let index = decision["index"].as_u64().unwrap() as usize;
                let row = rows.iter().find(|row| row["index"] == index).unwrap();
                assert_eq!(decision["played"]["move"], row["played"]);
                assert_eq!(decision["best"]["move"], row["best"]);
                assert_ne!(decision["played"]["move"], decision["best"]["move"]);
                for side in ["played", "best"] {
                    assert_eq!(decision[side]["line"][0], decision[side]["move"]);
                    for language in ["en", "de", "fr"] {
                        let text = decision[side]["text"][language].as_str().unwrap();
                        assert!(!text.is_empty() && !text.contains("explain-"), "{text}");
                    }
                }
                reviewed += 1;
            }
        }
        assert!(reviewed > 0, "random moves cost something");
    }
}
