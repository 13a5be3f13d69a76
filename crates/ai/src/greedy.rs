//! The greedy bot: it searches every combination of its turn (the knights
//! still to place and the emperor move), scores the position after the move
//! with the evaluation, and plays the best turn one token at a time.
//!
//! Two facts keep the search small and exact:
//!
//! - The order of the placements does not change the position they reach.
//!   Regions do not resolve or merge while knights are placed, and a court
//!   only grows during its owner's turn, so the placer gains control of a
//!   family exactly when its final count is strictly the largest, whatever
//!   the order. The search therefore enumerates multisets of placements.
//! - Only the court and the region the emperor stops on can change this
//!   turn's outcome. For each emperor move the search tries just those two
//!   destinations for every family, which keeps the three-player turn (four
//!   placements) to a few thousand positions.
//!
//! A disc is chosen by the margin it leaves over the strongest other side
//! once every seat has taken its turn of the round, each at the planner's
//! worth of the disc it would show: the mover's own turn, and the discs it
//! leaves the seats still to choose.

use std::collections::HashMap;

use carolus_rules::{
    Destination, FAMILY_COUNT, Family, Game, GameRng, MAX_SEATS, Move, Phase, RandomSource, Seat,
};

use crate::budget::Limits;
use crate::eval::{
    EvalWeights, SeatValues, calibrated_chances, chances_from_scores, honest_win_chances,
    side_count, side_of, side_scores,
};
use crate::planner::{best_disc, disc_value, disc_values, joker_values};
use crate::{AiError, Analysis, Bot, Budget, Candidate, deciding_seat, seat_vector};

/// The most knights placed in one turn (three-player game).
const MAX_PLACEMENTS: usize = 4;

/// The weight of the turn planner's joker preference (about one unit per
/// step of preference) next to the evaluation's win chance: small enough
/// that it only orders joker colours the evaluation values alike or nearly
/// so. On the first round, before anyone controls a family, every joker
/// is such a tie; without the planner's say the family order would settle
/// it, always red. The planner's order plays better (EXPERIMENTS.md, "The
/// greedy bot's discs and jokers"), and a player watching sees jokers
/// turned into families the reserve lacks rather than all into red.
const JOKER_TIE_BREAK: f64 = 0.001;

/// How many leaves the search evaluates between looks at the clock.
const CLOCK_INTERVAL: u64 = 64;

/// The greedy one-turn-lookahead bot.
#[derive(Clone, Debug)]
pub struct Greedy {
    noise: f64,
    rng: GameRng,
    weights: EvalWeights,
    plan: Option<Plan>,
}

/// The rest of a chosen turn, valid while the game follows it.
#[derive(Clone, Debug)]
struct Plan {
    /// The position in which the next planned move is due.
    expected: Game,
    /// The moves still to play, next first.
    moves: Vec<Move>,
    win: SeatValues,
    /// The seat whose turn it is.
    seat: Seat,
    /// Every turn the search evaluated, left as they were.
    turns: Vec<Turn>,
    /// The placements of the plan played so far.
    played: Vec<Move>,
}

/// One complete turn the search evaluated.
#[derive(Clone, Copy, Debug)]
struct Turn {
    placements: [Move; MAX_PLACEMENTS],
    count: usize,
    steps: u8,
    /// The mover's win chance by the evaluation's own (sharp) softmax: what
    /// the bot maximises.
    value: f64,
    /// Calibrated win chances of every seat after the turn: what it reports.
    win: SeatValues,
}

impl Turn {
    /// The rest of this turn once `played` (placements of it, in any order)
    /// are made, or `None` if one of them is not part of it.
    fn without(&self, played: &[Move]) -> Option<Turn> {
        let mut rest = *self;
        for mv in played {
            let index = rest.placements[..rest.count]
                .iter()
                .position(|placement| placement == mv)?;
            rest.placements.copy_within(index + 1..rest.count, index);
            rest.count -= 1;
        }
        Some(rest)
    }
}

impl Greedy {
    /// A greedy bot; `noise` is the softmax temperature (in win chance) with
    /// which it picks among turns, 0 for always the best.
    pub fn new(noise: f64, seed: u64) -> Greedy {
        Greedy::with_weights(noise, seed, EvalWeights::default())
    }

    /// A greedy bot with its own evaluation weights, for tuning experiments.
    pub fn with_weights(noise: f64, seed: u64, weights: EvalWeights) -> Greedy {
        Greedy {
            noise: if noise.is_finite() {
                noise.max(0.0)
            } else {
                0.0
            },
            rng: GameRng::seed_from_u64(seed),
            weights,
            plan: None,
        }
    }

    /// Picks an index by softmax of `values / temperature`, or the first
    /// highest value when there is no noise.
    fn pick(&mut self, values: &[f64], temperature: f64) -> usize {
        let best = values
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(&a.0)))
            .map_or(0, |(index, _)| index);
        if temperature <= 0.0 || values.len() < 2 {
            return best;
        }
        let top = values[best];
        let weights: Vec<f64> = values
            .iter()
            .map(|v| ((v - top) / temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        // 53 random bits give a uniform number in [0, 1).
        let mut ticket = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (index, weight) in weights.iter().enumerate() {
            if ticket < *weight {
                return index;
            }
            ticket -= weight;
        }
        best
    }

    fn choose_joker(&mut self, game: &Game, seat: Seat) -> Analysis {
        let mut options = Vec::with_capacity(FAMILY_COUNT);
        let preference = joker_values(game, seat);
        for family in Family::ALL {
            let mv = Move::Joker(family);
            let mut next = game.clone();
            if next.play(mv).is_ok() {
                let scores = side_scores(&next, &self.weights);
                // See `JOKER_TIE_BREAK` for why the planner has a say.
                let value = chances_from_scores(&next, &scores, &self.weights)[seat.index()]
                    + JOKER_TIE_BREAK * preference[family.index()];
                options.push((mv, value, calibrated_chances(&next, &scores)));
            }
        }
        let values: Vec<f64> = options.iter().map(|(_, value, _)| *value).collect();
        let pick = self.pick(&values, self.noise);
        let (best, _, win) = options.get(pick).copied().unwrap_or((
            Move::Joker(Family::Red),
            0.0,
            honest_win_chances(game, &self.weights),
        ));
        analysis(
            game,
            best,
            &win,
            FAMILY_COUNT as u64,
            candidates_of(&options, seat),
        )
    }

    fn choose_disc(&mut self, game: &Game, seat: Seat) -> Analysis {
        let moves: Vec<Move> = game.legal_moves().to_vec();
        let outlook = DiscOutlook::new(game, &self.weights);
        let side = side_of(game, seat);
        let sides = side_count(game);
        let options: Vec<(Move, SeatValues)> = moves
            .iter()
            .map(|mv| (*mv, outlook.after(game, *mv)))
            .collect();
        // The margin over the strongest other side, in castles.
        let scores: Vec<f64> = options
            .iter()
            .map(|(_, after)| {
                let rival = (0..sides)
                    .filter(|&other| other != side)
                    .map(|other| after[other])
                    .fold(f64::NEG_INFINITY, f64::max);
                after[side] - rival
            })
            .collect();
        // Disc values are in castles, a few times larger than win chances.
        let pick = self.pick(&scores, self.noise * 4.0);
        let best = moves
            .get(pick)
            .copied()
            .unwrap_or(Move::Emperor { steps: 1 });
        let win = options.get(pick).map_or_else(
            || calibrated_chances(game, &outlook.now),
            |(_, after)| calibrated_chances(game, after),
        );
        let mut ranked: Vec<(Move, f64, SeatValues)> = options
            .iter()
            .zip(&scores)
            .map(|((mv, after), score)| (*mv, *score, calibrated_chances(game, after)))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        let candidates = ranked
            .into_iter()
            .map(|(mv, _, win)| Candidate {
                mv,
                visits: 0,
                value: win[seat.index()],
            })
            .collect();
        analysis(game, best, &win, moves.len() as u64, candidates)
    }

    /// Searches every combination of the turn and plays its first move.
    fn choose_turn(&mut self, game: &Game, seat: Seat, limits: &Limits) -> Analysis {
        let turns = search_turns(game, seat, &self.weights, limits);
        let evaluated = turns.len() as u64;
        let values: Vec<f64> = turns.iter().map(|t| t.value).collect();
        let pick = self.pick(&values, self.noise);
        let Some(turn) = turns.get(pick).copied() else {
            // The search always evaluates at least one turn; should that
            // ever fail, any legal move keeps the game going.
            let best = game.nth_legal_move(0).unwrap_or(Move::Emperor { steps: 1 });
            let win = honest_win_chances(game, &self.weights);
            return analysis(game, best, &win, 0, Vec::new());
        };
        let candidates = move_candidates(&turns, seat);
        let mut moves: Vec<Move> = turn.placements[..turn.count].to_vec();
        moves.push(Move::Emperor { steps: turn.steps });
        let best = moves[0];
        let mut expected = game.clone();
        self.plan = match expected.play(best) {
            Ok(()) if moves.len() > 1 => Some(Plan {
                expected,
                moves: moves[1..].to_vec(),
                win: turn.win,
                seat,
                turns,
                played: vec![best],
            }),
            _ => None,
        };
        analysis(game, best, &turn.win, evaluated, candidates)
    }

    /// The next move of the current plan, if the game still follows it.
    fn follow_plan(&mut self, game: &Game) -> Option<Analysis> {
        let plan = self.plan.as_mut()?;
        if plan.expected != *game || plan.moves.is_empty() {
            self.plan = None;
            return None;
        }
        let next = plan.moves.remove(0);
        if plan.expected.play(next).is_err() {
            self.plan = None;
            return None;
        }
        // The moves weighed now are those that continue a turn the search
        // evaluated through the placements already made, each valued by the
        // best such turn: the same values a fresh search would find, without
        // searching again.
        let rest: Vec<Turn> = plan
            .turns
            .iter()
            .filter_map(|turn| turn.without(&plan.played))
            .collect();
        let candidates = move_candidates(&rest, plan.seat);
        plan.played.push(next);
        let result = analysis(game, next, &plan.win, 0, candidates);
        if plan.moves.is_empty() {
            self.plan = None;
        }
        Some(result)
    }
}

impl Bot for Greedy {
    fn name(&self) -> String {
        if self.noise > 0.0 {
            format!("greedy:noise={}", self.noise)
        } else {
            "greedy".to_owned()
        }
    }

    fn choose(&mut self, game: &Game, budget: &Budget) -> Result<Analysis, AiError> {
        let seat = deciding_seat(game)?;
        let limits = Limits::new(budget, None, None);
        Ok(match game.phase() {
            Phase::Joker => self.choose_joker(game, seat),
            Phase::Disc => self.choose_disc(game, seat),
            _ => match self.follow_plan(game) {
                Some(result) => result,
                None => self.choose_turn(game, seat, &limits),
            },
        })
    }

    fn new_game(&mut self) {
        self.plan = None;
    }
}

/// Every side's prospects for the round once the discs are chosen: what a
/// disc decision reports.
///
/// A disc's value counts only the mover's coming turn, but every other seat
/// takes a turn this round too, and the disc the mover shows may be one
/// another seat wanted. Counting the mover's turn alone put every disc
/// above the position's own estimate (56% against 50% on an even first
/// round), so that a hint's chance and its list of moves disagreed.
struct DiscOutlook {
    /// The side scores of the position, before anybody's turn.
    now: SeatValues,
    /// What each disc is worth to each seat (the planner's disc values).
    values: [[f64; 5]; MAX_SEATS],
}

impl DiscOutlook {
    fn new(game: &Game, weights: &EvalWeights) -> DiscOutlook {
        let mut values = [[f64::NEG_INFINITY; 5]; MAX_SEATS];
        for seat in Seat::all(game.players()) {
            values[seat.index()] = disc_values(game, seat);
        }
        DiscOutlook {
            now: side_scores(game, weights),
            values,
        }
    }

    /// Every side's score once `mv` is shown and each seat still to choose
    /// takes the disc worth most to it among those left to it, every seat's
    /// turn counted at its disc's worth.
    fn after(&self, game: &Game, mv: Move) -> SeatValues {
        let mut round = game.clone();
        if round.play(mv).is_err() {
            return self.now;
        }
        while round.phase() == Phase::Disc {
            let Some(next) = round.to_act() else { break };
            match best_disc(&round, &self.values[next.index()]) {
                Some(reply) if round.play(reply).is_ok() => {}
                _ => break,
            }
        }
        let mut after = self.now;
        for seat in Seat::all(game.players()) {
            let Some(disc) = round.chosen_disc(seat) else {
                continue;
            };
            let worth = disc_value(&self.values[seat.index()], &Move::Disc(disc));
            if worth.is_finite() {
                after[side_of(game, seat)] += worth;
            }
        }
        after
    }
}

/// Builds an analysis whose win vector has one entry per seat.
fn analysis(
    game: &Game,
    best: Move,
    win: &SeatValues,
    iterations: u64,
    candidates: Vec<Candidate>,
) -> Analysis {
    Analysis {
        best,
        win: seat_vector(game, win),
        iterations,
        candidates,
    }
}

/// The joker options as candidates, in the bot's order of preference,
/// valued by their calibrated win chance.
fn candidates_of(options: &[(Move, f64, SeatValues)], seat: Seat) -> Vec<Candidate> {
    let mut ranked: Vec<&(Move, f64, SeatValues)> = options.iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
        .into_iter()
        .map(|(mv, _, win)| Candidate {
            mv: *mv,
            visits: 0,
            value: win[seat.index()],
        })
        .collect()
}

/// Each move that begins some evaluated turn (any placement of a turn may be
/// played first), valued by the best turn containing it, best first.
/// (The order is the bot's own; each value is the calibrated win chance
/// after that best turn.)
fn move_candidates(turns: &[Turn], seat: Seat) -> Vec<Candidate> {
    let mut best: HashMap<Move, (f64, f64)> = HashMap::new();
    for turn in turns {
        let first_moves = turn.placements[..turn.count]
            .iter()
            .copied()
            .chain((turn.count == 0).then_some(Move::Emperor { steps: turn.steps }));
        for mv in first_moves {
            let entry = best
                .entry(mv)
                .or_insert((f64::NEG_INFINITY, f64::NEG_INFINITY));
            if turn.value > entry.0 {
                *entry = (turn.value, turn.win[seat.index()]);
            }
        }
    }
    let mut ranked: Vec<(Move, f64, f64)> = best
        .into_iter()
        .map(|(mv, (value, win))| (mv, value, win))
        .collect();
    ranked.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
    });
    ranked
        .into_iter()
        .map(|(mv, _, value)| Candidate {
            mv,
            visits: 0,
            value,
        })
        .collect()
}

/// Every combination of the rest of the turn of `seat`, each valued by the
/// evaluation after the emperor move. Stops early, with what it has, when
/// the limits expire.
fn search_turns(game: &Game, seat: Seat, weights: &EvalWeights, limits: &Limits) -> Vec<Turn> {
    let mut search = TurnSearch {
        seat,
        weights,
        limits,
        turns: Vec::new(),
        expired: false,
        steps: 1,
        options: Vec::new(),
        chosen: [Move::Emperor { steps: 1 }; MAX_PLACEMENTS],
    };
    let left = game.left_to_place().min(MAX_PLACEMENTS);
    let reach = game.emperor_reach().max(1);
    let reserve = game.reserve(seat).0;
    for steps in 1..=reach {
        let target = (game.emperor() + steps) % game.regions().len();
        let name = game.regions()[target].name();
        search.steps = steps as u8;
        search.options.clear();
        for family in Family::ALL {
            if reserve[family.index()] > 0 {
                for to in [Destination::Court, Destination::Region(name)] {
                    search.options.push(Move::Place { family, to });
                }
            }
        }
        search.extend(game, 0, left, 0, reserve);
        if search.expired {
            break;
        }
    }
    search.turns
}

/// The state of the depth-first enumeration of one turn's multisets.
struct TurnSearch<'a> {
    seat: Seat,
    weights: &'a EvalWeights,
    limits: &'a Limits,
    turns: Vec<Turn>,
    expired: bool,
    steps: u8,
    /// The placements to combine for the current emperor move.
    options: Vec<Move>,
    chosen: [Move; MAX_PLACEMENTS],
}

impl TurnSearch<'_> {
    /// Adds placements `depth..left` from options `first..` (non-decreasing
    /// indices give each multiset once), then moves the emperor.
    fn extend(
        &mut self,
        game: &Game,
        depth: usize,
        left: usize,
        first: usize,
        mut reserve: [u32; FAMILY_COUNT],
    ) {
        if self.expired {
            return;
        }
        if depth == left {
            self.finish(game, depth);
            return;
        }
        for index in first..self.options.len() {
            let mv = self.options[index];
            let Move::Place { family, .. } = mv else {
                continue;
            };
            if reserve[family.index()] == 0 {
                continue;
            }
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            reserve[family.index()] -= 1;
            self.chosen[depth] = mv;
            self.extend(&next, depth + 1, left, index, reserve);
            reserve[family.index()] += 1;
            if self.expired {
                return;
            }
        }
    }

    fn finish(&mut self, game: &Game, count: usize) {
        let mut after = game.clone();
        if after.play(Move::Emperor { steps: self.steps }).is_err() {
            return;
        }
        let scores = side_scores(&after, self.weights);
        let value = if after.is_over() {
            crate::eval::outcome(&after)[self.seat.index()]
        } else {
            chances_from_scores(&after, &scores, self.weights)[self.seat.index()]
        };
        self.turns.push(Turn {
            placements: self.chosen,
            count,
            steps: self.steps,
            value,
            win: calibrated_chances(&after, &scores),
        });
        if (self.turns.len() as u64).is_multiple_of(CLOCK_INTERVAL) && self.limits.expired() {
            self.expired = true;
        }
    }
}
