//! What a bot thinks of every decision of a recorded game.
//!
//! One bot goes through the game from the start and, before each decision,
//! gives its preferred move and its estimate of every seat's chance to win.
//! One bot serves the whole game, so a search tree grown for one position
//! helps with the next. Each decision becomes a typed [`Decision`]: `carolus
//! analyse` prints them as a table or as JSON lines, and a server can keep
//! them beside a finished game.
//!
//! A decision also says what the move played cost against the bot's
//! choice: the mover's win chance after the bot's choice less the one after
//! the move played, both as the bot valued them ([`Cost`]). In the team
//! game that is the team's chance, because partners win together. A
//! [`Tally`] adds up one seat's costs. Like every value of a search, a cost
//! is an estimate, and a rough one for a move that the search visited only
//! a few times.
//!
//! An analyser made [`Analyser::explaining`] also explains every move
//! played ([`crate::explain`]) from the same search, so that a review can
//! say in words why the costliest decisions cost what they did.
//!
//! [`Analyser`] yields the decisions one at a time, so that a long analysis
//! can be shown while it runs, and owns everything it uses, so that it can
//! run on any thread. The budget's stop flag ends it between decisions (and
//! the search under way at once), for a caller that has to give up.

use std::sync::atomic::Ordering;

use carolus_ai::{AiError, Bot, BotSpec, Budget, Candidate, ThinkError, think};
use carolus_rules::{Game, Move, Owner, Phase, Record, ReplayError, Seat};
use thiserror::Error;

use crate::estimates::{mover_chance, owner_chances};
use crate::explain::{ExplainError, Explanation, explain_analysis};

/// One decision of a game and what the bot thinks of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The decision's place in the record, counted from 1 as `carolus
    /// replay` counts moves.
    pub index: usize,
    /// The seat that decided.
    pub seat: Seat,
    /// What was decided: a disc, a joker, a placement or an emperor move.
    pub phase: Phase,
    /// The move played, in canonical form.
    pub played: Move,
    /// The move the bot prefers.
    pub best: Move,
    /// Every seat's share of the win before the move, as the bot reports it.
    pub win: Vec<f64>,
    /// The same estimate as people read it: by seat, or by team in the team
    /// game, in the order of [`Game::owners`].
    pub chances: Vec<(Owner, f64)>,
    /// The bot's value of the move played for its mover (a seat's share),
    /// if the bot weighed it.
    pub played_value: Option<f64>,
    /// The bot's value of its own choice for the mover, if it reports one.
    pub best_value: Option<f64>,
    /// What the move played cost against the bot's choice.
    pub cost: Cost,
    /// Search iterations, or positions evaluated.
    pub iterations: u64,
    /// The moves the bot weighed, best first.
    pub candidates: Vec<Candidate>,
    /// Why the move played is good or bad, from the same search, when the
    /// analyser explains ([`Analyser::explaining`]).
    pub explanation: Option<Explanation>,
}

impl Decision {
    /// How many moves of the record come before the decision: the position
    /// the estimate is about, as a [`crate::estimates::Trail`] counts it.
    pub fn moves_before(&self) -> usize {
        self.index - 1
    }

    /// Whether the move played is the bot's choice.
    pub fn is_choice(&self) -> bool {
        self.played == self.best
    }
}

/// The difference in the mover's chance below which a move other than the
/// bot's choice counts as tied with it: a twentieth of a point, less than
/// the tenth of a point that `carolus analyse` shows, so that a move whose
/// cost reads 0.0 is never counted as a difference.
pub const TIE: f64 = 0.0005;

/// What a move cost against the bot's choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cost {
    /// The move played is the bot's choice.
    Chosen,
    /// Another move, which the bot valued the same as its choice (within
    /// [`TIE`]): as good, as far as the bot can tell.
    Tied,
    /// The mover's chance to win after the bot's choice less the one after
    /// the move played (negative when the search valued the move played
    /// higher but visited it less).
    Weighed(f64),
    /// The bot did not weigh the move played, so its cost is unknown.
    NotWeighed,
}

/// One seat's decisions and what those other than the bot's choice cost.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Decisions counted.
    pub decisions: usize,
    /// Of them, those whose move was not the bot's choice and not tied
    /// with it.
    pub others: usize,
    /// Of them, those whose move the bot valued the same as its choice.
    pub tied: usize,
    /// Of those, the ones the bot did not weigh.
    pub not_weighed: usize,
    /// The known costs added up.
    cost: f64,
}

impl Tally {
    /// Counts one decision.
    pub fn add(&mut self, cost: Cost) {
        self.decisions += 1;
        match cost {
            Cost::Chosen => {}
            Cost::Tied => self.tied += 1,
            Cost::Weighed(cost) => {
                self.others += 1;
                self.cost += cost;
            }
            Cost::NotWeighed => {
                self.others += 1;
                self.not_weighed += 1;
            }
        }
    }

    /// The average cost a decision over the decisions whose cost is known,
    /// the bot's own choices counting as costing nothing; none when every
    /// move other than the bot's choice went unweighed, since an average
    /// over the bot's choices alone would read as "nothing lost".
    pub fn average_cost(&self) -> Option<f64> {
        if self.others > 0 && self.not_weighed == self.others {
            return None;
        }
        let known = self.decisions - self.not_weighed;
        Some(if known == 0 {
            0.0
        } else {
            self.cost / known as f64
        })
    }
}

/// The decisions of `seat` among `decisions` that cost most, at most
/// `count`, costliest first (the earlier of equal costs first): the
/// decisions a review shows. Only weighed costs of at least [`TIE`] count;
/// a decision whose cost is unknown is never among them.
pub fn costliest(decisions: &[Decision], seat: Seat, count: usize) -> Vec<&Decision> {
    let cost = |decision: &Decision| match decision.cost {
        Cost::Weighed(cost) if cost >= TIE => Some(cost),
        _ => None,
    };
    let mut costly: Vec<(&Decision, f64)> = decisions
        .iter()
        .filter(|decision| decision.seat == seat)
        .filter_map(|decision| Some((decision, cost(decision)?)))
        .collect();
    costly.sort_by(|(a, x), (b, y)| y.total_cmp(x).then(a.index.cmp(&b.index)));
    costly.into_iter().take(count).map(|(d, _)| d).collect()
}

/// The cost, in the mover's chance to win, from which a decision is
/// marked at all: five points.
pub const MISTAKE: f64 = 0.05;

/// The cost from which a decision may be marked as a blunder: ten points.
pub const BLUNDER: f64 = 0.10;

/// How many of a seat's decisions may be marked as blunders in one game.
pub const BLUNDERS: usize = 3;

/// How many of a seat's decisions may be marked in one game, blunders
/// included.
pub const MARKED: usize = 8;

/// How a decision is marked in a game's analysis, as annotators mark moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `?`: a move that cost its player noticeably.
    Mistake,
    /// `??`: one of the few moves that cost its player most in the game.
    Blunder,
}

impl Mark {
    /// The annotation's symbol, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The marks of `decisions`, one for each (none for most): by what each
/// decision cost relative to the rest of its seat's game, so that a game
/// full of costly moves is not covered in marks. Of each seat's decisions,
/// the [`BLUNDERS`] costliest that cost at least [`BLUNDER`] are blunders,
/// and the next costliest that cost at least [`MISTAKE`] are mistakes, up
/// to [`MARKED`] marks a seat; a decision of unknown cost is never marked.
/// (ANALYSIS.md states the same rule for readers.)
pub fn marks(decisions: &[Decision]) -> Vec<Option<Mark>> {
    let mut marks = vec![None; decisions.len()];
    let mut seats: Vec<Seat> = decisions.iter().map(|decision| decision.seat).collect();
    seats.sort_by_key(|seat| seat.index());
    seats.dedup();
    for seat in seats {
        let mut blunders = 0;
        for decision in costliest(decisions, seat, MARKED) {
            let Cost::Weighed(cost) = decision.cost else {
                continue;
            };
            let mark = if blunders < BLUNDERS && cost >= BLUNDER {
                blunders += 1;
                Mark::Blunder
            } else if cost >= MISTAKE {
                Mark::Mistake
            } else {
                continue;
            };
            if let Some(k) = decisions.iter().position(|d| std::ptr::eq(d, decision)) {
                marks[k] = Some(mark);
            }
        }
    }
    marks
}

/// Why an analysis ended before the end of its record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// The record does not replay: its set-up, or the move named.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// The bot gave no answer at the decision of move `index`.
    #[error("the AI cannot analyse this position: {error}")]
    Bot { index: usize, error: ThinkError },
    /// The budget's stop flag was raised.
    #[error("the analysis was stopped")]
    Stopped,
}

/// The decisions of a record, each analysed as it is asked for.
pub struct Analyser {
    record: Record,
    bot: Box<dyn Bot>,
    budget: Budget,
    /// The position before the record's move `next`.
    game: Game,
    next: usize,
    /// Set once the last decision is given or an error ends the analysis.
    done: bool,
    /// Whether each decision also explains the move played.
    explain: bool,
    /// When set, only these seats' decisions with a choice are analysed
    /// ([`Analyser::only`]).
    only: Option<Vec<Seat>>,
}

impl Analyser {
    /// An analysis of `record` by `bot`, each decision thought about within
    /// `budget`. Fails if the record's set-up is not a game; a move that
    /// does not play ends the analysis with an error where it stands.
    pub fn new(record: Record, bot: Box<dyn Bot>, budget: Budget) -> Result<Analyser, ReplayError> {
        let game = record.start()?;
        Ok(Analyser {
            record,
            bot,
            budget,
            game,
            next: 0,
            done: false,
            explain: false,
            only: None,
        })
    }

    /// The same analysis with every move played explained from the bot's
    /// search of its position ([`Decision::explanation`]).
    pub fn explaining(mut self) -> Analyser {
        self.explain = true;
        self
    }

    /// The same analysis of the decisions of `seats` alone, and of those
    /// only where the mover has more than one legal move: the others are
    /// played without a search and yield nothing. A review needs no more
    /// (a forced move costs nothing, and the computer's seats are not
    /// reviewed), and skipping them saves their searches.
    pub fn only(mut self, seats: &[Seat]) -> Analyser {
        self.only = Some(seats.to_vec());
        self
    }

    /// Whether the decision due in the analyser's position is analysed.
    fn wanted(&self) -> bool {
        let Some(seats) = &self.only else {
            return true;
        };
        self.game.legal_move_count() > 1
            && self.game.to_act().is_some_and(|seat| seats.contains(&seat))
    }

    /// The next decision, playing the moves before it; `None` after the
    /// last one.
    fn advance(&mut self) -> Result<Option<Decision>, AnalysisError> {
        while let Some(&mv) = self.record.moves.get(self.next) {
            let index = self.next + 1;
            let illegal = |error| ReplayError::Move {
                index,
                token: mv.to_string(),
                error,
            };
            // Checked before the bot is asked, so that a record that goes
            // wrong is refused for its move rather than for the bot's
            // confusion about a position where no decision is due.
            self.game.check(&mv).map_err(illegal)?;
            let decision = if mv.is_decision() && self.wanted() {
                Some(self.decide(index, mv)?)
            } else {
                None
            };
            self.game.play(mv).map_err(illegal)?;
            self.next += 1;
            if decision.is_some() {
                return Ok(decision);
            }
        }
        Ok(None)
    }

    /// The bot's view of the decision `mv`, move `index` of the record.
    fn decide(&mut self, index: usize, mv: Move) -> Result<Decision, AnalysisError> {
        decide(
            &self.game,
            index,
            mv,
            self.bot.as_mut(),
            &self.budget,
            self.explain,
        )
    }
}

/// `bot`'s view of the decision `mv` in `game`, move `index` of its record,
/// searched within `budget` and explained if `explain` says so: one row of
/// an [`Analyser`], or one decision that a review searches again
/// ([`crate::review`]).
pub fn decide(
    game: &Game,
    index: usize,
    mv: Move,
    bot: &mut dyn Bot,
    budget: &Budget,
    explain: bool,
) -> Result<Decision, AnalysisError> {
    if budget
        .stop
        .as_ref()
        .is_some_and(|stop| stop.load(Ordering::Relaxed))
    {
        return Err(AnalysisError::Stopped);
    }
    let analysis = think(bot, game, budget).map_err(|error| AnalysisError::Bot { index, error })?;
    // The bot answered, so somebody is to act.
    let seat = game.to_act().ok_or(AnalysisError::Bot {
        index,
        error: ThinkError::Refused(AiError::NoDecision {
            phase: game.phase(),
        }),
    })?;
    let played = game.canonical(mv);
    let value_of = |mv: Move| {
        analysis
            .candidates
            .iter()
            .find(|candidate| candidate.mv == mv)
            .map(|candidate| candidate.value)
    };
    let (played_value, best_value) = (value_of(played), value_of(analysis.best));
    let explanation = if explain {
        let explained = explain_analysis(game, played, bot, &analysis);
        Some(explained.map_err(|error| match error {
            ExplainError::Bot(error) => AnalysisError::Bot { index, error },
            // The move was checked and the bot answered, so a decision
            // is due and the move is legal; this is the engine's word.
            ExplainError::NoDecision { phase } => AnalysisError::Bot {
                index,
                error: ThinkError::Refused(AiError::NoDecision { phase }),
            },
            ExplainError::Illegal { mv, error } => AnalysisError::Replay(ReplayError::Move {
                index,
                token: mv.to_string(),
                error,
            }),
        })?)
    } else {
        None
    };
    let cost = if played == analysis.best {
        Cost::Chosen
    } else {
        // In the mover's chance to win: in the team game the team's,
        // since partners win together (the bots value a move by the
        // seat's half of it).
        match (best_value, played_value) {
            (Some(best), Some(played)) => {
                let cost = mover_chance(game, seat, best) - mover_chance(game, seat, played);
                if cost.abs() < TIE {
                    Cost::Tied
                } else {
                    Cost::Weighed(cost)
                }
            }
            _ => Cost::NotWeighed,
        }
    };
    Ok(Decision {
        index,
        seat,
        phase: game.phase(),
        played,
        best: analysis.best,
        chances: owner_chances(game, &analysis.win),
        win: analysis.win,
        played_value,
        best_value,
        cost,
        iterations: analysis.iterations,
        candidates: analysis.candidates,
        explanation,
    })
}

impl Iterator for Analyser {
    type Item = Result<Decision, AnalysisError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.advance().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

/// Every decision of `record` as the bot of `spec`, seeded with `seed`,
/// sees it within `budget` (see [`BotSpec::budget`] for a budget that
/// respects a spec's own limit).
pub fn analyse(
    record: &Record,
    spec: &BotSpec,
    seed: u64,
    budget: &Budget,
) -> Result<Vec<Decision>, AnalysisError> {
    Analyser::new(record.clone(), spec.build(seed), budget.clone())?.collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use carolus_rules::{GameRng, RecordedGame, Variant};

    use super::*;

    /// A game of `players` played at random for `moves` moves.
    fn random_game(players: usize, seed: u64, moves: usize) -> Record {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game =
            RecordedGame::from_rng(players, Variant::for_players(players), &mut rng).unwrap();
        while game.record().moves.len() < moves && game.play_random(&mut rng).is_some() {}
        game.into_record()
    }

    fn greedy() -> BotSpec {
        BotSpec::Greedy { noise: 0.0 }
    }

    /// A decision of `seat` at `index` that cost `cost`.
    pub(crate) fn costing(index: usize, seat: usize, cost: Cost) -> Decision {
        let mv: Move = "disc 1".parse().unwrap();
        Decision {
            index,
            seat: Seat::new(seat).unwrap(),
            phase: Phase::Disc,
            played: mv,
            best: mv,
            win: vec![0.5, 0.5],
            chances: Vec::new(),
            played_value: None,
            best_value: None,
            cost,
            iterations: 1,
            candidates: Vec::new(),
            explanation: None,
        }
    }

    #[test]
    fn marks_go_to_each_seats_costliest_decisions_and_at_most_three_are_blunders() {
        // Seat 0 plays five moves costing 30 to 50 points and ten costing
        // 6 points; seat 1 one of 12 points and one of 4, and one unweighed.
        let mut decisions = Vec::new();
        for k in 0..5 {
            decisions.push(costing(
                decisions.len() + 1,
                0,
                Cost::Weighed(0.3 + k as f64 * 0.05),
            ));
        }
        for _ in 0..10 {
            decisions.push(costing(decisions.len() + 1, 0, Cost::Weighed(0.06)));
        }
        decisions.push(costing(decisions.len() + 1, 1, Cost::Weighed(0.12)));
        decisions.push(costing(decisions.len() + 1, 1, Cost::Weighed(0.04)));
        decisions.push(costing(decisions.len() + 1, 1, Cost::NotWeighed));
        decisions.push(costing(decisions.len() + 1, 1, Cost::Chosen));
        let marks = marks(&decisions);
        let of = |seat: usize, mark: Mark| {
            decisions
                .iter()
                .zip(&marks)
                .filter(|(d, m)| d.seat.index() == seat && **m == Some(mark))
                .map(|(d, _)| d.index)
                .collect::<Vec<_>>()
        };
        // The three costliest of seat 0 (50, 45 and 40 points) are blunders;
        // its other two large ones and three of the small ones are
        // mistakes, eight marks in all.
        assert_eq!(of(0, Mark::Blunder), vec![3, 4, 5]);
        assert_eq!(of(0, Mark::Mistake), vec![1, 2, 6, 7, 8]);
        // Seat 1's one costly move is its blunder; 4 points is no mistake.
        assert_eq!(of(1, Mark::Blunder), vec![16]);
        assert!(of(1, Mark::Mistake).is_empty());
        assert_eq!(Mark::Blunder.symbol(), "??");
    }

    #[test]
    fn every_decision_of_the_record_gets_a_row_and_no_draw_does() {
        let record = random_game(3, 4, 60);
        let decisions = analyse(&record, &greedy(), 1, &Budget::default()).unwrap();
        let expected: Vec<(usize, Move)> = record
            .moves
            .iter()
            .enumerate()
            .filter(|(_, mv)| mv.is_decision())
            .map(|(i, &mv)| (i + 1, mv))
            .collect();
        assert_eq!(decisions.len(), expected.len());
        let mut game = record.start().unwrap();
        let mut rows = decisions.iter();
        for (i, &mv) in record.moves.iter().enumerate() {
            if mv.is_decision() {
                let row = rows.next().unwrap();
                assert_eq!(row.index, i + 1);
                assert_eq!(row.moves_before(), i);
                assert_eq!(row.seat, game.to_act().unwrap());
                assert_eq!(row.phase, game.phase());
                assert_eq!(row.played, game.canonical(mv));
                assert!(game.is_legal(&row.best));
                assert_eq!(row.win.len(), 3);
                assert_eq!(row.chances.len(), 3);
            }
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn a_move_other_than_the_bots_choice_costs_the_difference_of_their_values() {
        let record = random_game(2, 7, 80);
        let decisions = analyse(&record, &greedy(), 1, &Budget::default()).unwrap();
        let mut others = 0;
        for row in &decisions {
            match row.cost {
                Cost::Chosen => assert!(row.is_choice()),
                Cost::Tied => {
                    let difference = row.best_value.unwrap() - row.played_value.unwrap();
                    assert!(!row.is_choice() && difference.abs() < TIE, "{row:?}");
                }
                Cost::Weighed(cost) => {
                    others += 1;
                    let expected = row.best_value.unwrap() - row.played_value.unwrap();
                    assert!((cost - expected).abs() < 1e-12, "{row:?}");
                    assert!(cost.abs() >= TIE, "a tie is not a cost: {row:?}");
                }
                Cost::NotWeighed => {
                    others += 1;
                    assert!(row.played_value.is_none() || row.best_value.is_none());
                }
            }
        }
        // Random moves differ from the bot's choice often enough to test.
        assert!(others > 0);
    }

    #[test]
    fn in_the_team_game_a_cost_is_in_the_teams_chance() {
        let record = random_game(4, 9, 60);
        let decisions = analyse(&record, &greedy(), 1, &Budget::default()).unwrap();
        let row = decisions
            .iter()
            .find(|row| matches!(row.cost, Cost::Weighed(cost) if cost != 0.0))
            .expect("a weighed move other than the bot's choice");
        let Cost::Weighed(cost) = row.cost else {
            unreachable!()
        };
        // The bots value a move by the seat's half of the team's chance.
        let shares = row.best_value.unwrap() - row.played_value.unwrap();
        assert!((cost - 2.0 * shares).abs() < 1e-12, "{row:?}");
        assert_eq!(row.chances.len(), 2, "one chance per team");
        let team: f64 = row.chances.iter().map(|(_, chance)| chance).sum();
        assert!((team - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_analysis_is_the_same_from_another_thread() {
        let record = random_game(2, 5, 40);
        let spec: BotSpec = "mcts:iterations=60,threads=1".parse().unwrap();
        let here = analyse(&record, &spec, 3, &Budget::default()).unwrap();
        let analyser = Analyser::new(record, spec.build(3), Budget::default()).unwrap();
        let there = std::thread::spawn(move || analyser.collect::<Result<Vec<_>, _>>())
            .join()
            .unwrap()
            .unwrap();
        assert_eq!(here, there);
    }

    #[test]
    fn a_raised_stop_flag_ends_the_analysis_between_decisions() {
        let record = random_game(2, 6, 60);
        let stop = Arc::new(AtomicBool::new(false));
        let budget = Budget::default().with_stop(stop.clone());
        let mut analyser = Analyser::new(record, greedy().build(1), budget).unwrap();
        assert!(matches!(analyser.next(), Some(Ok(_))));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(analyser.next(), Some(Err(AnalysisError::Stopped)));
        assert_eq!(analyser.next(), None, "nothing follows an error");
    }

    #[test]
    fn a_move_that_does_not_play_ends_the_analysis_where_it_stands() {
        let mut record = random_game(2, 8, 30);
        let first_decision = record.moves.iter().position(|mv| mv.is_decision()).unwrap();
        // The emperor never moves nine steps.
        record
            .moves
            .insert(first_decision + 1, "move 9".parse().unwrap());
        let rows: Vec<_> = Analyser::new(record, greedy().build(1), Budget::default())
            .unwrap()
            .collect();
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows[0].is_ok());
        let error = rows[1].as_ref().unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with(&format!("move {} ", first_decision + 2)),
            "{error}"
        );
    }

    #[test]
    fn a_review_takes_a_seats_costliest_known_costs_costliest_first() {
        let record = random_game(2, 7, 80);
        let decisions = analyse(&record, &greedy(), 1, &Budget::default()).unwrap();
        for seat in Seat::all(2) {
            let picked = costliest(&decisions, seat, 3);
            let mut costs: Vec<f64> = decisions
                .iter()
                .filter(|d| d.seat == seat)
                .filter_map(|d| match d.cost {
                    Cost::Weighed(cost) if cost >= TIE => Some(cost),
                    _ => None,
                })
                .collect();
            costs.sort_by(|a, b| b.total_cmp(a));
            costs.truncate(3);
            let got: Vec<f64> = picked
                .iter()
                .map(|d| match d.cost {
                    Cost::Weighed(cost) => cost,
                    _ => panic!("only weighed costs"),
                })
                .collect();
            assert_eq!(got, costs);
            assert!(picked.iter().all(|d| d.seat == seat));
        }
    }

    #[test]
    fn a_tally_averages_the_known_costs_over_the_seats_decisions() {
        let mut tally = Tally::default();
        for cost in [
            Cost::Weighed(0.05),
            Cost::NotWeighed,
            Cost::Chosen,
            Cost::Weighed(-0.01),
            Cost::Tied,
        ] {
            tally.add(cost);
        }
        assert_eq!(
            (tally.decisions, tally.others, tally.tied, tally.not_weighed),
            (5, 3, 1, 1)
        );
        // (5 − 1) points over the four decisions whose cost is known, the
        // bot's own choice and the move tied with it costing nothing.
        assert!((tally.average_cost().unwrap() - 0.04 / 4.0).abs() < 1e-12);
        let mut unknown = Tally::default();
        unknown.add(Cost::NotWeighed);
        assert_eq!(
            unknown.average_cost(),
            None,
            "nothing known is not nothing lost"
        );
        assert_eq!(Tally::default().average_cost(), Some(0.0));
    }
}
