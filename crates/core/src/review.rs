//! The review after a game: each person's costliest decisions, searched
//! with care and explained, without searching every decision with care.
//!
//! A review shows, for each person, the [`REVIEWED`] decisions that cost
//! them most ([`crate::analysis::costliest`]), each with the move played
//! and the bot's better one explained ([`crate::explain`]). Searching every
//! decision of a game with the deep bot (level 4, 5,000 iterations) costs
//! about ten seconds of one core for a two-player game and twice that for
//! three players, nearly all of it on decisions that cost nothing. So the
//! review goes in two passes:
//!
//! 1. **Screening.** A search of [`SCREEN_ITERATIONS`] iterations (the deep
//!    bot's search with a smaller cap, its tree reused from one decision to
//!    the next as in any analysis) values every decision of the people
//!    reviewed that has a choice; the computer's seats and forced moves
//!    are not searched ([`crate::analysis::Analyser::only`]).
//! 2. **The deep look.** Each person's [`SHORTLIST`] decisions that the
//!    screening found costliest (a move the screening did not weigh, whose
//!    cost it cannot tell, after those that cost at least
//!    [`crate::analysis::MISTAKE`]) are searched again by the deep bot, one
//!    bot for them all in the order of the game, so that the decisions of
//!    one turn reuse each other's trees, and explained from that search.
//!    The review's decisions are the costliest of those by the deep
//!    search's values.
//!
//! The costs shown are the deep search's, as before; the screening only
//! decides which decisions get the deep look. `carolus bench --explain
//! --compare` measures how often the review picks the same decisions as the
//! deep search of every decision, against how often that search agrees
//! with itself under another seed (ANALYSIS.md).

use carolus_ai::{BotSpec, Budget};
use carolus_rules::{Record, Seat};

use crate::analysis::{self, Analyser, AnalysisError, Cost, Decision, MISTAKE, TIE, costliest};
use crate::session::saved_levels;

/// How many decisions of each person a review shows.
pub const REVIEWED: usize = 3;

/// The iteration cap of the screening search.
pub const SCREEN_ITERATIONS: u64 = 1_000;

/// How many of each person's decisions the deep bot searches again.
pub const SHORTLIST: usize = 8;

/// How a review searches: the deep bot, and the screening before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The bot whose values and explanations the review shows.
    pub deep: BotSpec,
    /// The bot that screens every decision, or none to search every
    /// decision with the deep bot (the review of a whole analysis).
    pub screen: Option<BotSpec>,
    /// How many of each person's decisions the deep bot searches again.
    pub shortlist: usize,
}

impl Plan {
    /// The review by `deep`, screened by the same search capped at
    /// [`SCREEN_ITERATIONS`] iterations when `deep` is a tree search (a
    /// search that thinks by time is screened by that cap alone); any
    /// other bot is quick enough to look at every decision itself.
    pub fn new(deep: BotSpec) -> Plan {
        let screen = match &deep {
            BotSpec::Mcts {
                threads,
                explore,
                playout,
                ..
            } => Some(BotSpec::Mcts {
                level: None,
                ms: None,
                iterations: Some(SCREEN_ITERATIONS),
                threads: *threads,
                explore: *explore,
                playout: *playout,
            }),
            _ => None,
        };
        Plan {
            deep,
            screen,
            shortlist: SHORTLIST,
        }
    }

    /// The review of a whole analysis by `deep`: every decision searched
    /// by it, no screening.
    pub fn exhaustive(deep: BotSpec) -> Plan {
        Plan {
            deep,
            screen: None,
            shortlist: usize::MAX,
        }
    }

    /// The plan with the screening's iteration cap set to `iterations`
    /// and `shortlist` decisions a person searched again, for measuring
    /// other settings (`carolus bench --explain`).
    pub fn tuned(mut self, iterations: u64, shortlist: usize) -> Plan {
        if let Some(BotSpec::Mcts {
            iterations: cap, ..
        }) = &mut self.screen
        {
            *cap = Some(iterations);
        }
        self.shortlist = shortlist;
        self
    }
}

/// How far a review has come: `done` of `total` searches (the screening's,
/// then the deep ones; `total` is settled once the screening has chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// A finished review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The seats reviewed: the people, in seat order.
    pub seats: Vec<Seat>,
    /// Every decision the deep bot searched, in the order of the game,
    /// each explained.
    pub decisions: Vec<Decision>,
}

impl Review {
    /// The decisions of `seat` that cost most, at most [`REVIEWED`],
    /// costliest first.
    pub fn costliest(&self, seat: Seat) -> Vec<&Decision> {
        costliest(&self.decisions, seat, REVIEWED)
    }
}

/// The seats of `record` that people played: those that its `meta.levels`
/// does not give to the computer (every seat when the record does not say).
pub fn people(record: &Record) -> Vec<Seat> {
    let computers: Vec<usize> = saved_levels(record)
        .ok()
        .flatten()
        .map(|levels| levels.into_iter().map(|(seat, _)| seat).collect())
        .unwrap_or_default();
    Seat::all(record.setup.players)
        .filter(|seat| !computers.contains(&seat.index()))
        .collect()
}

/// Reviews the decisions of `seats` in `record` as `plan` says, each bot
/// seeded with `seed` and searching within `budget` (whose stop flag ends
/// the review with [`AnalysisError::Stopped`]); `progress` hears of every
/// search done.
pub fn review(
    record: &Record,
    plan: &Plan,
    seats: &[Seat],
    seed: u64,
    budget: &Budget,
    mut progress: impl FnMut(Progress),
) -> Result<Review, AnalysisError> {
    let screened = screened_decisions(record, seats)?;
    let mut done = 0;
    let decisions = match &plan.screen {
        None => {
            // Every decision, as a whole analysis searches them (the tree
            // reused through all of them), the people's kept.
            let total = record.moves.iter().filter(|mv| mv.is_decision()).count();
            let analyser =
                Analyser::new(record.clone(), plan.deep.build(seed), budget.clone())?.explaining();
            let mut decisions = Vec::new();
            for decision in analyser {
                let decision = decision?;
                if seats.contains(&decision.seat) {
                    decisions.push(decision);
                }
                done += 1;
                progress(Progress { done, total });
            }
            decisions
        }
        Some(screen) => {
            // The screening's total is an upper bound of the deep look's
            // until the shortlist is known.
            let mut total = screened + seats.len() * plan.shortlist.min(screened);
            let analyser =
                Analyser::new(record.clone(), screen.build(seed), budget.clone())?.only(seats);
            let mut rough = Vec::new();
            for decision in analyser {
                rough.push(decision?);
                done += 1;
                progress(Progress { done, total });
            }
            let chosen = shortlist(&rough, seats, plan.shortlist);
            total = done + chosen.len();
            progress(Progress { done, total });
            deep_look(record, &chosen, plan, seed, budget, |_| {
                done += 1;
                progress(Progress { done, total });
            })?
        }
    };
    Ok(Review {
        seats: seats.to_vec(),
        decisions,
    })
}

/// How many decisions of `seats` in `record` have a choice: the searches
/// of the screening.
fn screened_decisions(record: &Record, seats: &[Seat]) -> Result<usize, AnalysisError> {
    let mut count = 0;
    let mut game = record.start()?;
    for (i, &mv) in record.moves.iter().enumerate() {
        if mv.is_decision()
            && game.legal_move_count() > 1
            && game.to_act().is_some_and(|seat| seats.contains(&seat))
        {
            count += 1;
        }
        game.play(mv)
            .map_err(|error| carolus_rules::ReplayError::Move {
                index: i + 1,
                token: mv.to_string(),
                error,
            })?;
    }
    Ok(count)
}

/// The screening's order of interest: what a decision may have cost,
/// highest first. Weighed costs of at least [`MISTAKE`] come first, then
/// moves the screening did not weigh (their cost is unknown, and the deep
/// search may find them costly), then the smaller costs; the bot's choice,
/// and moves tied with it, come last.
fn interest(cost: Cost) -> (u8, f64) {
    match cost {
        Cost::Weighed(cost) if cost >= MISTAKE => (3, cost),
        Cost::NotWeighed => (2, 0.0),
        Cost::Weighed(cost) if cost >= TIE => (1, cost),
        _ => (0, 0.0),
    }
}

/// The record indices of each seat's `count` decisions of most interest
/// among `rough`, in the order of the game.
fn shortlist(rough: &[Decision], seats: &[Seat], count: usize) -> Vec<usize> {
    let mut chosen = Vec::new();
    for &seat in seats {
        let mut mine: Vec<&Decision> = rough.iter().filter(|d| d.seat == seat).collect();
        mine.sort_by(|a, b| {
            let (x, y) = (interest(a.cost), interest(b.cost));
            y.0.cmp(&x.0)
                .then(y.1.total_cmp(&x.1))
                .then(a.index.cmp(&b.index))
        });
        chosen.extend(
            mine.into_iter()
                .take_while(|d| interest(d.cost).0 > 0)
                .take(count)
                .map(|d| d.index),
        );
    }
    chosen.sort_unstable();
    chosen
}

/// The decisions at the record indices `chosen` (in order), each searched
/// by one deep bot and explained; `searched` hears of each.
fn deep_look(
    record: &Record,
    chosen: &[usize],
    plan: &Plan,
    seed: u64,
    budget: &Budget,
    mut searched: impl FnMut(usize),
) -> Result<Vec<Decision>, AnalysisError> {
    let mut bot = plan.deep.build(seed);
    let mut game = record.start()?;
    let mut decisions = Vec::new();
    let mut wanted = chosen.iter().peekable();
    for (i, &mv) in record.moves.iter().enumerate() {
        let index = i + 1;
        if wanted.peek().is_none() {
            break;
        }
        if wanted.next_if(|&&at| at == index).is_some() {
            decisions.push(analysis::decide(
                &game,
                index,
                mv,
                bot.as_mut(),
                budget,
                true,
            )?);
            searched(index);
        }
        game.play(mv)
            .map_err(|error| carolus_rules::ReplayError::Move {
                index,
                token: mv.to_string(),
                error,
            })?;
    }
    Ok(decisions)
}

/// How many of `reference`'s reviewed decisions `review` also shows, seat
/// by seat, and how many `reference` shows: the agreement that `carolus
/// bench --explain --compare` reports.
pub fn agreement(review: &Review, reference: &Review) -> (usize, usize) {
    let mut same = 0;
    let mut total = 0;
    for &seat in &reference.seats {
        let theirs = reference.costliest(seat);
        let ours: Vec<usize> = review.costliest(seat).iter().map(|d| d.index).collect();
        total += theirs.len();
        same += theirs.iter().filter(|d| ours.contains(&d.index)).count();
    }
    (same, total)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use carolus_rules::{GameRng, RecordedGame, Variant};

    use super::*;

    /// A game of `players` played at random to its end.
    fn random_game(players: usize, seed: u64) -> Record {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game =
            RecordedGame::from_rng(players, Variant::for_players(players), &mut rng).unwrap();
        while game.play_random(&mut rng).is_some() {}
        game.into_record()
    }

    fn small() -> Plan {
        Plan::new("mcts:iterations=120,threads=1".parse().unwrap()).tuned(30, 4)
    }

    #[test]
    fn a_review_deeply_searches_each_persons_shortlist_and_explains_it() {
        let record = random_game(2, 3);
        let seats: Vec<Seat> = Seat::all(2).collect();
        let mut heard = Vec::new();
        let review = review(&record, &small(), &seats, 1, &Budget::default(), |p| {
            heard.push(p)
        })
        .unwrap();
        for seat in &seats {
            let mine = review.decisions.iter().filter(|d| d.seat == *seat).count();
            assert!(mine <= 4, "at most the shortlist of seat {seat}: {mine}");
            assert!(mine > 0, "a random game has costly moves for seat {seat}");
        }
        assert!(review.decisions.iter().all(|d| d.explanation.is_some()));
        assert!(review.decisions.iter().all(|d| d.iterations >= 120));
        assert!(review.decisions.windows(2).all(|w| w[0].index < w[1].index));
        // Progress counts every search once and ends at its total.
        let last = heard.last().unwrap();
        assert_eq!(last.done, last.total);
        assert!(heard.windows(2).all(|w| w[1].done >= w[0].done));
        assert_eq!(
            last.done,
            screened_decisions(&record, &seats).unwrap() + review.decisions.len()
        );
        for seat in &seats {
            assert!(!review.costliest(*seat).is_empty());
        }
    }

    #[test]
    fn an_exhaustive_review_searches_every_decision_and_agrees_with_itself() {
        let record = random_game(2, 5);
        let seats: Vec<Seat> = Seat::all(2).collect();
        let plan = Plan::exhaustive("mcts:iterations=40,threads=1".parse().unwrap());
        let all = review(&record, &plan, &seats, 1, &Budget::default(), |_| {}).unwrap();
        assert_eq!(
            all.decisions.len(),
            record.moves.iter().filter(|mv| mv.is_decision()).count()
        );
        assert_eq!(agreement(&all, &all), {
            let shown: usize = seats.iter().map(|s| all.costliest(*s).len()).sum();
            (shown, shown)
        });
    }

    #[test]
    fn only_the_people_are_reviewed_and_forced_moves_are_not_searched() {
        let mut record = random_game(3, 7);
        record
            .meta
            .get_or_insert_with(Default::default)
            .insert("levels".to_owned(), serde_json::json!([null, 4, 2]));
        let seats = people(&record);
        assert_eq!(seats, vec![Seat::new(0).unwrap()]);
        let review = review(&record, &small(), &seats, 2, &Budget::default(), |_| {}).unwrap();
        assert!(review.decisions.iter().all(|d| d.seat.index() == 0));
        let mut game = record.start().unwrap();
        for (i, &mv) in record.moves.iter().enumerate() {
            if review.decisions.iter().any(|d| d.index == i + 1) {
                assert!(game.legal_move_count() > 1, "move {} was forced", i + 1);
            }
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn a_raised_stop_flag_stops_the_review() {
        let record = random_game(2, 9);
        let stop = Arc::new(AtomicBool::new(true));
        let budget = Budget::default().with_stop(stop);
        let seats: Vec<Seat> = Seat::all(2).collect();
        assert_eq!(
            review(&record, &small(), &seats, 1, &budget, |_| {}),
            Err(AnalysisError::Stopped)
        );
    }

    #[test]
    fn the_shortlist_puts_large_costs_first_then_unknown_ones_then_small_ones() {
        let decision = |index: usize, cost: Cost| crate::analysis::tests::costing(index, 0, cost);
        let rough = vec![
            decision(1, Cost::Weighed(0.02)),
            decision(2, Cost::NotWeighed),
            decision(3, Cost::Weighed(0.2)),
            decision(4, Cost::Chosen),
            decision(5, Cost::Weighed(0.06)),
            decision(6, Cost::Tied),
        ];
        let seat = [Seat::new(0).unwrap()];
        assert_eq!(shortlist(&rough, &seat, 2), vec![3, 5]);
        assert_eq!(shortlist(&rough, &seat, 3), vec![2, 3, 5]);
        // Nothing that cost nothing is searched again.
        assert_eq!(shortlist(&rough, &seat, 10), vec![1, 2, 3, 5]);
    }
}
