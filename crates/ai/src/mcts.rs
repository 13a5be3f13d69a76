//! Monte Carlo tree search built for Carolus Magnus.
//!
//! - **Tree and transpositions.** Nodes live in an arena and are found by a
//!   64-bit key of the position ([`crate::search_key`]), so the tree is a
//!   graph: placement orders (and joker orders) that reach the same
//!   position share one node and its statistics. A compound turn is searched
//!   one placement at a time, each placement a tree level. Placement and
//!   emperor nodes are keyed without the other seats' reserves
//!   ([`crate::reply_key`]): a seat draws right after its turn, and a full
//!   key would split the next seat's reply over dozens of draws, each
//!   searched a few hundred times; with the reply key one subtree gathers
//!   all their visits (the reply cannot then depend on the knights just
//!   drawn, a small loss against a much deeper search).
//! - **Chance.** A position where a draw is due is a chance node: every visit
//!   samples a draw with the true odds and follows (or creates) the node of
//!   the resulting position, so outcomes are visited in proportion to their
//!   probability and the node's value is their average.
//! - **Several players.** Every node keeps the sum of the value of each seat;
//!   the player to act picks by their own value (max^n). Win values are 1,
//!   1/k for a k-way shared win, 0 for a loss; in the team game both
//!   partners receive half of their team's win, so they pursue one value.
//! - **Selection.** PUCT: the mean value of the child for the player to act
//!   plus an exploration term weighted by a heuristic prior from the turn
//!   planner and the evaluation ([`crate::prior`]). Unvisited children
//!   start from their parent's value. The exploration constant grows with
//!   a node's visits, c·(1 + ln(1 + n/20 000)) as in AlphaZero, so that a
//!   long search keeps testing the rivals of the move that led early
//!   instead of locking into it. The final move is the most visited. With
//!   two players the selection widens progressively: a node visited n
//!   times chooses only among its ceil(√n) moves of highest prior
//!   ([`WIDENING_DEFAULTS`]), so that visits go to the moves worth them,
//!   deeper in the tree, rather than to every move of a wide node.
//! - **Leaves.** A new node is valued by a biased playout to the end of the
//!   game: every turn is the planner's (take over families through the court
//!   and win the best region within reach), discs and jokers are the
//!   planner's too, and one disc and one turn's target region in four are
//!   chosen at random instead, which keeps the playouts varied. The exact
//!   result is backed up. In two-player games the playout stops after
//!   eight turns and the learned evaluation ([`crate::value`]), fitted to
//!   the results of such playouts and asked at a turn start, gives the
//!   value instead: one number that is the playouts' average rather than
//!   one noisy sample of it, from a shorter playout. (Stopping after a few
//!   turns and asking the hand-written evaluation, [`crate::eval`],
//!   misjudges whose turn comes next; with three players and in the team
//!   game the learned evaluation did not help, so they play to the end:
//!   [`LeafValue::DEFAULTS`].)
//! - **Parallelism and reuse.** Root parallelism: each thread grows its own
//!   tree from its own seed and the root statistics are summed, which keeps
//!   fixed-iteration searches reproducible (for experiments, `trees` grows
//!   several trees a thread, taking turns). The trees persist between calls
//!   and are looked up by position, so the part of the tree that the game
//!   followed is reused: within a turn, the second placement starts with
//!   the visits the first one gave it. A tree that grows close to its size
//!   limit keeps only the nodes that the previous search passed through,
//!   which hold the present position's subtree, instead of being cleared,
//!   since clearing it would cost longer searches most. A tree that fills
//!   during a search drops the nodes this search has not passed through,
//!   and a search that fills it alone stops: a move whose node cannot be
//!   made would otherwise draw every later visit of its parent, and
//!   iterations that cannot grow the tree make a search worse, not better.
//! - **Early stop.** A search limited by time stops once the most visited
//!   move cannot be overtaken in the time left at the present speed (the
//!   answer can no longer change), and a forced move is answered at once
//!   (after 256 iterations, which give its win estimate). Searches limited
//!   by iterations always spend them all, so they stay reproducible.
//!
//! Every choice above was measured against the search without it, and
//! many more changes were measured and not kept (rules that overrule the
//! visit counts at the root, deeper trees, slower but better playouts, move
//! averages in the playouts, a neural network at the leaves):
//! EXPERIMENTS.md at the root of the repository has each of them, with its
//! figures and the command that gives them, and the README the strength
//! of the search as it stands.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use carolus_rules::{Game, GameRng, MAX_SEATS, Move, Phase, RandomSource, Seat};

use crate::budget::Limits;
use crate::eval::{EvalWeights, SeatValues, honest_win_chances, outcome, win_chances};
use crate::hash::{BuildKeyHasher, reply_key, search_key};
use crate::planner::playout_step;
use crate::prior::{PRIOR_DEFAULTS, PriorWeights, move_priors};
use crate::value::{at_turn_start, learned_chances, model_index};
use crate::{AiError, Analysis, Bot, Budget, Candidate, deciding_seat, seat_vector};

/// Iterations between two checks whether the search may stop early.
const EARLY_STOP_INTERVAL: u64 = 256;

/// Marks an edge whose child node has not been looked up yet.
const NO_NODE: u32 = u32::MAX;

/// The settings of a tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The bot's own time cap per move, applied with the caller's budget.
    pub time: Option<Duration>,
    /// The bot's own iteration cap per move, applied with the caller's budget.
    pub iterations: Option<u64>,
    /// Search threads; 0 means one per available core.
    pub threads: usize,
    /// The PUCT exploration constant. The default, 2, lies in the flat
    /// optimum of the constants measured (EXPERIMENTS.md, "The first
    /// searches, at fixed iterations"); a larger constant also keeps the
    /// search from locking into the move that led early.
    pub exploration: f64,
    /// How new leaves are valued, by player count: two players, three
    /// players, the team game. See [`LeafValue::DEFAULTS`].
    pub leaves: [LeafValue; 3],
    /// One playout decision (disc or emperor move) in this many is random
    /// (0: never).
    pub playout_randomness: u32,
    /// The most nodes one thread's tree may hold. A tree close to it is
    /// pruned before a search, and a search that fills it alone stops.
    pub max_nodes: usize,
    /// The evaluation weights.
    pub weights: EvalWeights,
    /// When the tree is full, drop only what the last search did not touch
    /// (instead of everything).
    pub prune: bool,
    /// Stop a time-limited search once its choice cannot change.
    pub early_stop: bool,
    /// Limits the outcomes tried at a chance node to ceil(c·√visits);
    /// 0 samples every visit afresh (see `Tree::sample_chance`). Off by
    /// default: no width measured made a significant difference
    /// (EXPERIMENTS.md).
    pub chance_width: f64,
    /// The exponent of the visits in the chance width: ceil(c·n^power);
    /// 0.5 (the default) gives the square root.
    pub chance_power: f64,
    /// Lets the exploration constant grow with a node's visits n, as
    /// c·(1 + ln(1 + n/base)) (AlphaZero's schedule); 0 keeps it constant.
    /// With a constant c, the move that leads after a few thousand visits
    /// keeps nearly all of a long search, so its rivals' values stay rough
    /// and extra time rarely changes the choice; the growth keeps feeding
    /// them in proportion. It barely moves small searches (×1.2 at 4 000
    /// visits) and doubles c by 35 000; long searches gain most
    /// (EXPERIMENTS.md, "Where the gain goes").
    pub exploration_base: f64,
    /// Keys the placement and emperor nodes without the other seats'
    /// reserves ([`crate::hash::reply_key`]), so that a reply is searched
    /// once for all the draws that end the turn before it instead of once
    /// per draw. The deeper replies are worth more the longer the search:
    /// they cost a little at a few thousand iterations and pay at a second
    /// a move (EXPERIMENTS.md).
    pub reply_keys: bool,
    /// Independent trees searched side by side (root parallelism without
    /// the threads): each thread takes its share of them in turn, a few
    /// hundred iterations at a time, and their root statistics are summed.
    /// 0 (the default) grows one tree per thread: one deep tree beat
    /// several shallow ones of the same iterations (EXPERIMENTS.md), so
    /// longer searches deepen one tree instead.
    pub trees: usize,
    /// Progressive widening by player count (two, three, the team game):
    /// a decision node visited n times chooses only among its first
    /// ceil(c·√n) moves by prior (at least one); 0 considers every move at
    /// every visit. See [`WIDENING_DEFAULTS`].
    pub widening: [f64; 3],
    /// The exponent of the visits in the progressive widening:
    /// ceil(c·n^power) moves; 0.5 (the default) gives the square root.
    pub widening_power: f64,
    /// The constants of the prior that weighs exploration and orders the
    /// widening ([`crate::prior`]), by player count (two, three, the team
    /// game). See [`PRIOR_DEFAULTS`].
    pub priors: [PriorWeights; 3],
}

/// How the tree search values a new leaf. Every rule plays by the planner
/// ([`crate::planner`]), one disc and one turn's target in
/// [`MctsConfig::playout_randomness`] chosen at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafValue {
    /// Play to the end of the game and back up the result.
    Playout,
    /// Finish the turn in progress, play `turns` more, and ask the learned
    /// evaluation ([`crate::value`]) at the start of the next turn.
    Learned {
        /// Whole turns played after the one in progress.
        turns: u32,
    },
    /// Finish the turn in progress, play `turns` more, and ask the
    /// hand-written evaluation ([`crate::eval`]) where the playout stops.
    Evaluated {
        /// Whole turns played after the one in progress.
        turns: u32,
    },
}

impl LeafValue {
    /// The default rules by player count (two, three, the team game).
    ///
    /// Two players: eight turns, then the learned evaluation, which beats
    /// playouts to the end clearly; fewer turns, or asking the model at
    /// the leaf itself, do worse. With three players and in the team game
    /// the same rule lost against playouts to the end, whatever the number
    /// of turns, so both play out to the end (EXPERIMENTS.md, "A learned
    /// evaluation").
    pub const DEFAULTS: [LeafValue; 3] = [
        LeafValue::Learned { turns: 8 },
        LeafValue::Playout,
        LeafValue::Playout,
    ];

    /// The turns played after the one in progress (`u32::MAX` for a
    /// playout to the end).
    fn turns(self) -> u32 {
        match self {
            LeafValue::Playout => u32::MAX,
            LeafValue::Learned { turns } | LeafValue::Evaluated { turns } => turns,
        }
    }
}

impl std::fmt::Display for LeafValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeafValue::Playout => write!(f, "playout"),
            LeafValue::Learned { turns } => write!(f, "learned:{turns}"),
            LeafValue::Evaluated { turns } => write!(f, "eval:{turns}"),
        }
    }
}

#[cfg(feature = "experiments")]
impl std::str::FromStr for LeafValue {
    type Err = String;

    /// `playout`, `learned:N` or `eval:N`.
    fn from_str(text: &str) -> Result<LeafValue, String> {
        let turns = |value: &str| {
            value
                .parse::<u32>()
                .map_err(|_| format!("expected a number of turns after the colon in {text:?}"))
        };
        match text.split_once(':') {
            None if text == "playout" => Ok(LeafValue::Playout),
            Some(("learned", value)) => Ok(LeafValue::Learned {
                turns: turns(value)?,
            }),
            Some(("eval", value)) => Ok(LeafValue::Evaluated {
                turns: turns(value)?,
            }),
            _ => Err(format!(
                "expected playout, learned:N or eval:N, not {text:?}"
            )),
        }
    }
}

impl MctsConfig {
    /// Sets one expert setting by name, for experiments (`examples/match.rs`
    /// passes them through): `explore` (the PUCT constant), `random`
    /// (playout randomness), `prune` and `stop` (0 or 1), `nodes` (the tree
    /// size limit), `chance` and `chance_power` (the chance width),
    /// `explore_base` (the growth of the exploration constant),
    /// `reply_keys` (0 or 1), `trees` (independent trees), `widen` (the
    /// progressive widening constant, for every player count),
    /// `widen_power` (its exponent of the visits), `leaf` (a
    /// [`LeafValue`] for every player count: `playout`, `learned:N`,
    /// `eval:N`), `prior` (a named set of the prior's constants for every
    /// player count, such as `hand_set`, see [`PriorWeights::NAMED`]) and
    /// `prior.NAME` (one constant of the prior for every player count, see
    /// [`PriorWeights::NAMES`]).
    #[cfg(feature = "experiments")]
    pub fn tune(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = || value.parse::<f64>().map_err(|e| format!("{key}: {e}"));
        match key {
            "explore" => self.exploration = number()?,
            "random" => self.playout_randomness = number()? as u32,
            "prune" => self.prune = number()? != 0.0,
            "stop" => self.early_stop = number()? != 0.0,
            "nodes" => self.max_nodes = number()? as usize,
            "chance" => self.chance_width = number()?,
            "chance_power" => self.chance_power = number()?,
            "explore_base" => self.exploration_base = number()?,
            "reply_keys" => self.reply_keys = number()? != 0.0,
            "trees" => self.trees = number()? as usize,
            "widen" => self.widening = [number()?; 3],
            "widen_power" => self.widening_power = number()?,
            "leaf" => self.leaves = [value.parse::<LeafValue>()?; 3],
            "prior" => self.priors = [value.parse::<PriorWeights>()?; 3],
            _ => match key.strip_prefix("prior.") {
                Some(name) => {
                    let value = number()?;
                    for prior in &mut self.priors {
                        prior.set(name, value)?;
                    }
                }
                None => return Err(format!("unknown setting {key}")),
            },
        }
        Ok(())
    }

    /// The key under which the tree files `game`.
    fn key_of(&self, game: &Game) -> u64 {
        if self.reply_keys {
            reply_key(game)
        } else {
            search_key(game)
        }
    }
}

/// The default progressive widening ([`MctsConfig::widening`]) by player
/// count: c = 1 with two players, none with three or in the team game,
/// where it has not been measured.
///
/// With two players it wins where iterations are few and makes doubling
/// the time pay for longer (EXPERIMENTS.md, "Progressive widening", has
/// the measurements, c = 1 being the best of those tried). Without
/// widening, an
/// untried move is valued at its parent's mean, so once the moves tried
/// first fall below it the search tries every move, however small its
/// prior (at 400 visits a root of 48 moves had tried all 48); widening
/// keeps those visits for the moves worth them, deeper in the tree.
pub const WIDENING_DEFAULTS: [f64; 3] = [1.0, 0.0, 0.0];

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            time: None,
            iterations: None,
            threads: 0,
            exploration: 2.0,
            leaves: LeafValue::DEFAULTS,
            playout_randomness: 4,
            max_nodes: 1_000_000,
            weights: EvalWeights::default(),
            prune: true,
            early_stop: true,
            chance_width: 0.0,
            chance_power: 0.5,
            exploration_base: 20_000.0,
            reply_keys: true,
            trees: 0,
            widening: WIDENING_DEFAULTS,
            widening_power: 0.5,
            priors: PRIOR_DEFAULTS,
        }
    }
}

/// The tree search bot.
#[derive(Debug)]
pub struct Mcts {
    config: MctsConfig,
    name: String,
    seed: u64,
    calls: u64,
    trees: Vec<Tree>,
}

impl Mcts {
    /// A tree search with `config`, seeded with `seed`; `name` is what
    /// [`Bot::name`] reports.
    pub fn new(config: MctsConfig, seed: u64, name: String) -> Mcts {
        Mcts {
            config,
            name,
            seed,
            calls: 0,
            trees: Vec::new(),
        }
    }

    /// The settings of this search.
    #[cfg(feature = "experiments")]
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    fn thread_count(&self) -> usize {
        if self.config.threads > 0 {
            self.config.threads
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
    }
}

impl Bot for Mcts {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Game, budget: &Budget) -> Result<Analysis, AiError> {
        let seat = deciding_seat(game)?;
        let limits = Limits::new(budget, self.config.time, self.config.iterations);
        let threads = self.thread_count().max(1);
        let trees = self.config.trees.max(threads);
        self.trees.resize_with(trees, Tree::default);
        self.trees.truncate(trees);
        self.calls += 1;
        let call_seed = mix_seed(self.seed, self.calls);
        let config = &self.config;
        let limits = &limits;
        // One tree keeps the call's own seed, so that a one-thread search
        // stays what it always was; several trees each get their own.
        let searches: Vec<Search> = (0..trees)
            .map(|index| Search {
                cap: limits.iterations.map(|total| {
                    total / trees as u64 + u64::from((index as u64) < total % trees as u64)
                }),
                seed: if trees == 1 {
                    call_seed
                } else {
                    mix_seed(call_seed, index as u64 + 1)
                },
                voter: index,
            })
            .collect();

        let votes = StopVotes::new(trees);
        let votes = &votes;
        let reports: Vec<RootReport> = if threads == 1 {
            search_group(&mut self.trees, &searches, game, config, limits, votes)
        } else {
            let per_thread = trees.div_ceil(threads);
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .trees
                    .chunks_mut(per_thread)
                    .zip(searches.chunks(per_thread))
                    .map(|(group, searches)| {
                        scope.spawn(move || {
                            search_group(group, searches, game, config, limits, votes)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .filter_map(|h| h.join().ok())
                    .flatten()
                    .collect()
            })
        };
        Ok(merge_reports(game, seat, &reports, &self.config.weights))
    }

    fn expected_line(&self, game: &Game, mv: Move) -> Vec<Move> {
        crate::line::expected(game, mv, |position| self.most_visited(position))
    }

    fn new_game(&mut self) {
        for tree in &mut self.trees {
            tree.clear();
        }
    }
}

/// The fewest visits that make a move of the tree part of an expected
/// line: a move tried only a few times was chosen by its prior and one
/// playout, which the planner's own choice judges better.
const LINE_VISITS: u64 = 8;

impl Mcts {
    /// The move the trees visited most in `game`, summed over the trees,
    /// if it has at least [`LINE_VISITS`] visits.
    fn most_visited(&self, game: &Game) -> Option<Move> {
        let key = self.config.key_of(game);
        let mut visits = vec![0u64; game.legal_move_count()];
        for tree in &self.trees {
            let Some(&node) = tree.table.get(&key) else {
                continue;
            };
            for edge in tree.edges_of(node) {
                let Some(child) = tree.nodes.get(edge.child as usize) else {
                    continue;
                };
                if let Some(sum) = visits.get_mut(edge.index as usize) {
                    *sum += u64::from(child.visits);
                }
            }
        }
        // The first of equally visited moves, so that a line is the same
        // on every run.
        let (index, most) =
            visits.iter().enumerate().fold(
                (0, 0),
                |best, (i, &v)| if v > best.1 { (i, v) } else { best },
            );
        if most < LINE_VISITS {
            return None;
        }
        game.nth_legal_move(index)
    }
}

/// A 64-bit seed derived from two numbers (SplitMix64's finalizer).
fn mix_seed(seed: u64, salt: u64) -> u64 {
    let mut z = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Searches one thread's trees and reports their root statistics. The
/// trees take turns of [`EARLY_STOP_INTERVAL`] iterations, so that every
/// tree has searched about as long when the time runs out (a lone tree
/// simply searches on: its turns follow each other).
fn search_group(
    trees: &mut [Tree],
    searches: &[Search],
    game: &Game,
    config: &MctsConfig,
    limits: &Limits,
    votes: &StopVotes,
) -> Vec<RootReport> {
    let mut runs: Vec<Option<Run>> = trees
        .iter_mut()
        .zip(searches)
        .map(|(tree, search)| tree.begin(game, config, *search))
        .collect();
    loop {
        let mut searching = false;
        for (tree, run) in trees.iter_mut().zip(&mut runs) {
            if let Some(run) = run.as_mut().filter(|run| !run.done) {
                tree.advance(run, game, config, limits, votes);
                searching |= !run.done;
            }
        }
        if !searching {
            break;
        }
    }
    trees
        .iter()
        .zip(runs)
        .map(|(tree, run)| match run {
            Some(run) => tree.report(run.root, game, run.iterations),
            None => RootReport::default(),
        })
        .collect()
}

/// The early-stop votes of the trees of one search. Each tree judges only
/// its own statistics, so a tree that has settled does not stop on its own
/// (its core would idle while the rest of the search goes on); it votes,
/// keeps searching, and every tree stops once all of them vote to stop at
/// the same time.
struct StopVotes {
    votes: Vec<AtomicBool>,
    done: AtomicBool,
}

impl StopVotes {
    fn new(threads: usize) -> StopVotes {
        StopVotes {
            votes: (0..threads).map(|_| AtomicBool::new(false)).collect(),
            done: AtomicBool::new(false),
        }
    }

    /// Records `voter`'s present view and says whether the search is over.
    fn vote(&self, voter: usize, settled: bool) -> bool {
        if let Some(vote) = self.votes.get(voter) {
            vote.store(settled, Ordering::Relaxed);
        }
        if settled && self.votes.iter().all(|vote| vote.load(Ordering::Relaxed)) {
            self.done.store(true, Ordering::Relaxed);
        }
        self.done.load(Ordering::Relaxed)
    }
}

/// One tree's part of a search.
#[derive(Clone, Copy)]
struct Search {
    /// Its share of the iteration budget, if there is one.
    cap: Option<u64>,
    seed: u64,
    /// Its index among the [`StopVotes`].
    voter: usize,
}

/// A search in progress on one tree.
struct Run {
    root: u32,
    rng: GameRng,
    search: Search,
    iterations: u64,
    start: Instant,
    /// The budget is spent or the search has stopped early.
    done: bool,
}

/// What one tree found at the root.
#[derive(Clone, Debug, Default)]
struct RootReport {
    iterations: u64,
    visits: u32,
    values: SeatValues,
    /// For each root move: the move, its prior, visits and value sums.
    moves: Vec<(Move, f32, u32, SeatValues)>,
}

/// Sums the threads' root statistics into one analysis.
fn merge_reports(
    game: &Game,
    seat: Seat,
    reports: &[RootReport],
    weights: &EvalWeights,
) -> Analysis {
    let mut iterations = 0;
    let mut visits = 0u64;
    let mut values = [0.0; MAX_SEATS];
    let mut moves: Vec<(Move, f64, u64, SeatValues)> = Vec::new();
    for report in reports {
        iterations += report.iterations;
        visits += u64::from(report.visits);
        for (total, value) in values.iter_mut().zip(report.values) {
            *total += value;
        }
        for (mv, prior, move_visits, move_values) in &report.moves {
            match moves.iter_mut().find(|entry| entry.0 == *mv) {
                Some(entry) => {
                    entry.1 = entry.1.max(f64::from(*prior));
                    entry.2 += u64::from(*move_visits);
                    for (total, value) in entry.3.iter_mut().zip(move_values) {
                        *total += value;
                    }
                }
                None => moves.push((
                    *mv,
                    f64::from(*prior),
                    u64::from(*move_visits),
                    *move_values,
                )),
            }
        }
    }
    let win = if visits > 0 {
        values.map(|v| v / visits as f64)
    } else {
        honest_win_chances(game, weights)
    };
    let mover = seat.index();
    let mut candidates: Vec<(Candidate, f64)> = moves
        .iter()
        .map(|(mv, prior, n, sums)| {
            let value = if *n > 0 {
                sums[mover] / *n as f64
            } else {
                win[mover]
            };
            (
                Candidate {
                    mv: *mv,
                    visits: *n,
                    value,
                },
                *prior,
            )
        })
        .collect();
    // Most visits first (the robust choice), then value, then prior.
    candidates.sort_by(|(a, pa), (b, pb)| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(pb.total_cmp(pa))
    });
    let candidates: Vec<Candidate> = candidates.into_iter().map(|(c, _)| c).collect();
    let best = candidates
        .first()
        .map(|c| c.mv)
        .or_else(|| game.nth_legal_move(0))
        .unwrap_or(Move::Emperor { steps: 1 });
    Analysis {
        best,
        win: seat_vector(game, &win),
        iterations,
        candidates,
    }
}

/// A node of the search graph.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The node's search key, kept so that pruning can rebuild the table.
    key: u64,
    /// The number of the last search whose iterations passed through it.
    stamp: u32,
    visits: u32,
    /// Sums of the backed-up value of each seat.
    values: SeatValues,
    first_edge: u32,
    edge_count: u8,
    expanded: bool,
}

impl Node {
    const NEW: Node = Node {
        key: 0,
        stamp: 0,
        visits: 0,
        values: [0.0; MAX_SEATS],
        first_edge: 0,
        edge_count: 0,
        expanded: false,
    };
}

/// A move out of a decision node.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The move's index in the position's legal move list.
    index: u8,
    prior: f32,
    child: u32,
}

/// One thread's search graph.
#[derive(Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    table: HashMap<u64, u32, BuildKeyHasher>,
    path: Vec<u32>,
    /// Counts the searches, for the nodes' stamps.
    searches: u32,
}

impl Tree {
    fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.table.clear();
    }

    /// Makes room before a search by dropping every node that the last
    /// search did not pass through, keeping the statistics most likely to
    /// matter now: the previous decision's subtree, which holds the present
    /// position's. If that frees too little (one search filled most of the
    /// tree), everything goes.
    fn prune(&mut self, max_nodes: usize) {
        if self.retain_recent(self.searches, max_nodes / 2).is_none() {
            self.clear();
        }
    }

    /// Drops every node whose stamp is older than `keep_from` and unlinks
    /// the edges to them, and returns each old node's new index (`NO_NODE`
    /// for the dropped ones). When more than `most_kept` nodes (or more
    /// edges than so many nodes may have) would stay, dropping the rest
    /// would free too little: the tree is left as it is and the answer is
    /// `None`.
    fn retain_recent(&mut self, keep_from: u32, most_kept: usize) -> Option<Vec<u32>> {
        let mut remap = vec![NO_NODE; self.nodes.len()];
        let mut nodes = Vec::with_capacity(self.nodes.len() / 2);
        for (old, node) in self.nodes.iter().enumerate() {
            if node.stamp >= keep_from {
                remap[old] = nodes.len() as u32;
                nodes.push(*node);
            }
        }
        if nodes.len() > most_kept {
            return None;
        }
        let mut edges = Vec::with_capacity(self.edges.len() / 2);
        for node in &mut nodes {
            if !node.expanded {
                continue;
            }
            let start = node.first_edge as usize;
            let old_edges = self
                .edges
                .get(start..start + node.edge_count as usize)
                .unwrap_or(&[]);
            node.first_edge = edges.len() as u32;
            for edge in old_edges {
                let child = match edge.child {
                    NO_NODE => NO_NODE,
                    child => remap.get(child as usize).copied().unwrap_or(NO_NODE),
                };
                edges.push(Edge { child, ..*edge });
            }
        }
        if edges.len() > max_edges(most_kept) {
            return None;
        }
        self.table.clear();
        for (index, node) in nodes.iter().enumerate() {
            self.table.insert(node.key, index as u32);
        }
        self.nodes = nodes;
        self.edges = edges;
        Some(remap)
    }

    /// Whether `run` may go on growing the tree: if the tree is full, the
    /// nodes that this search has not passed through are dropped, provided
    /// that frees a tenth of the tree at least (or the search would soon be
    /// back here).
    fn make_room(&mut self, run: &mut Run, max_nodes: usize) -> bool {
        if self.has_room(max_nodes) {
            return true;
        }
        match self.retain_recent(self.searches, max_nodes / 10 * 9) {
            Some(remap) => {
                run.root = remap[run.root as usize];
                self.has_room(max_nodes)
            }
            None => false,
        }
    }

    /// Whether one more iteration has room to grow the tree: an iteration
    /// adds at most one node, and an expansion at most [`u8::MAX`] edges.
    fn has_room(&self, max_nodes: usize) -> bool {
        self.nodes.len() < max_nodes.min(NO_NODE as usize)
            && self.edges.len() + usize::from(u8::MAX) < max_edges(max_nodes)
    }

    /// The node of `game`, created if it is new and there is room.
    fn node_of(&mut self, game: &Game, config: &MctsConfig) -> Option<u32> {
        let max_nodes = node_limit(config);
        let key = config.key_of(game);
        if let Some(&index) = self.table.get(&key) {
            return Some(index);
        }
        if self.nodes.len() >= max_nodes || self.nodes.len() >= NO_NODE as usize {
            return None;
        }
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            stamp: self.searches,
            ..Node::NEW
        });
        self.table.insert(key, index);
        Some(index)
    }

    /// Prepares a search from `game`: makes room in the tree and finds (or
    /// creates) the root. `None` if the tree has no room for the root.
    fn begin(&mut self, game: &Game, config: &MctsConfig, search: Search) -> Option<Run> {
        let max_nodes = node_limit(config);
        // A tree close to its size limit would stop growing during this
        // search; starting afresh costs less than searching without growth.
        if self.nodes.len() > max_nodes / 10 * 8 || self.edges.len() > max_edges(max_nodes) / 10 * 8
        {
            if config.prune {
                self.prune(max_nodes)
            } else {
                self.clear()
            }
        }
        self.searches = self.searches.wrapping_add(1);
        let root = self.node_of(game, config)?;
        // The root belongs to this search from the start, so that making
        // room during the search keeps it.
        self.nodes[root as usize].stamp = self.searches;
        if !self.nodes[root as usize].expanded {
            self.expand(root, game, config);
        }
        Some(Run {
            root,
            rng: GameRng::seed_from_u64(search.seed),
            search,
            iterations: 0,
            start: Instant::now(),
            done: false,
        })
    }

    /// Goes on with `run` for one turn of at most [`EARLY_STOP_INTERVAL`]
    /// iterations, and marks it done once its budget is spent or the search
    /// may stop early.
    ///
    /// A tree that fills up during the search first drops the nodes that
    /// earlier searches left and this one has not passed through. If this
    /// search alone fills the tree, it ends there, as if its time were up:
    /// iterations that cannot grow the tree only make it worse. A move
    /// whose node cannot be made keeps its parent's value and its full
    /// exploration bonus, so the search would choose it at every later
    /// visit and value the parent by that one move; and iterations kept to
    /// the nodes that exist value the moves whose subtrees stayed shallow
    /// by the playouts' optimism instead of the replies the search found.
    /// Searches of many more iterations on a tree that filled lost
    /// heavily to ones that did not fill (EXPERIMENTS.md, "A full tree").
    fn advance(
        &mut self,
        run: &mut Run,
        game: &Game,
        config: &MctsConfig,
        limits: &Limits,
        votes: &StopVotes,
    ) {
        for _ in 0..EARLY_STOP_INTERVAL {
            if run.search.cap.is_some_and(|cap| run.iterations >= cap) || limits.expired() {
                run.done = true;
                return;
            }
            if !self.make_room(run, node_limit(config)) {
                run.done = true;
                // A full tree's answer can no longer change.
                votes.vote(run.search.voter, true);
                return;
            }
            self.iterate(game, run.root, config, &mut run.rng);
            run.iterations += 1;
            if config.early_stop
                && run.search.cap.is_none()
                && run.iterations.is_multiple_of(EARLY_STOP_INTERVAL)
                && votes.vote(
                    run.search.voter,
                    self.decided(run.root, limits, run.iterations, run.start),
                )
            {
                run.done = true;
                return;
            }
        }
    }

    /// Whether the move with the most visits at the root can no longer be
    /// overtaken: the runner-up would need more visits than this search can
    /// still make in the time left at its present speed. The answer is then
    /// fixed (the most visited move is played), so the rest of the time
    /// would be wasted; a forced move counts as decided at once. Only
    /// searches limited by time stop early, so that iteration budgets stay
    /// exact and reproducible.
    fn decided(&self, root: u32, limits: &Limits, iterations: u64, start: Instant) -> bool {
        let Some(left) = limits.time_left() else {
            return false;
        };
        let mut first = 0u64;
        let mut second = 0u64;
        for edge in self.edges_of(root) {
            let visits = match self.nodes.get(edge.child as usize) {
                Some(child) if edge.child != NO_NODE => u64::from(child.visits),
                _ => 0,
            };
            if visits > first {
                second = first;
                first = visits;
            } else if visits > second {
                second = visits;
            }
        }
        if self.nodes[root as usize].edge_count <= 1 {
            return true;
        }
        let rate = iterations as f64 / start.elapsed().as_secs_f64().max(1e-6);
        (first - second) as f64 > rate * left.as_secs_f64()
    }

    fn report(&self, root: u32, game: &Game, iterations: u64) -> RootReport {
        let node = self.nodes[root as usize];
        let mut moves = Vec::with_capacity(node.edge_count as usize);
        for edge in self.edges_of(root) {
            let Some(mv) = game.nth_legal_move(edge.index as usize) else {
                continue;
            };
            let (visits, values) = match self.nodes.get(edge.child as usize) {
                Some(child) if edge.child != NO_NODE => (child.visits, child.values),
                _ => (0, [0.0; MAX_SEATS]),
            };
            moves.push((mv, edge.prior, visits, values));
        }
        RootReport {
            iterations,
            visits: node.visits,
            values: node.values,
            moves,
        }
    }

    fn edges_of(&self, node: u32) -> &[Edge] {
        let node = self.nodes[node as usize];
        let start = node.first_edge as usize;
        self.edges
            .get(start..start + node.edge_count as usize)
            .unwrap_or(&[])
    }

    /// One iteration: descend by PUCT (sampling draws), value the new leaf,
    /// and add its value to every node on the path.
    fn iterate(&mut self, root_game: &Game, root: u32, config: &MctsConfig, rng: &mut GameRng) {
        let mut game = root_game.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(root);
        let mut node = root;
        let values = loop {
            if game.is_over() {
                break outcome(&game);
            }
            if self.nodes[node as usize].visits == 0 {
                break leaf_value(&game, config, rng);
            }
            let child = if game.phase() == Phase::Draw {
                let Some(draw) = self.sample_chance(node, &game, config, rng) else {
                    break leaf_value(&game, config, rng);
                };
                game.play_unchecked(Move::Draw(draw));
                self.node_of(&game, config)
            } else {
                if !self.nodes[node as usize].expanded {
                    if self.edges.len() >= max_edges(node_limit(config)) {
                        break leaf_value(&game, config, rng);
                    }
                    self.expand(node, &game, config);
                }
                let Some(edge) = self.select(node, &game, config) else {
                    break leaf_value(&game, config, rng);
                };
                let Some(mv) = game.nth_legal_move(self.edges[edge].index as usize) else {
                    // Only a hash collision can bring a node's moves to a
                    // different position; value the position and go on.
                    break leaf_value(&game, config, rng);
                };
                game.play_unchecked(mv);
                match self.edges[edge].child {
                    NO_NODE => {
                        let child = self.node_of(&game, config);
                        if let Some(child) = child {
                            self.edges[edge].child = child;
                        }
                        child
                    }
                    child => Some(child),
                }
            };
            let Some(child) = child else {
                // The tree is full: value the position without a node.
                break leaf_value(&game, config, rng);
            };
            path.push(child);
            node = child;
        };
        let stamp = self.searches;
        for &index in &path {
            let node = &mut self.nodes[index as usize];
            node.stamp = stamp;
            node.visits = node.visits.saturating_add(1);
            for (sum, value) in node.values.iter_mut().zip(values) {
                *sum += value;
            }
        }
        self.path = path;
    }

    /// The draw to follow from the chance node `node`. Without a width
    /// limit every visit samples afresh, so the visits below a chance node
    /// spread over dozens of outcomes. With `chance_width` = c, a node with
    /// n visits offers only ceil(c·√n) outcome slots; slot j always holds
    /// the same draw, sampled from the true distribution with a generator
    /// seeded by the node's key and j, so the slots are independent samples
    /// and equal draws share their child. The subtrees of the outcomes that
    /// are followed grow deeper, and as n grows every outcome appears.
    fn sample_chance(
        &self,
        node: u32,
        game: &Game,
        config: &MctsConfig,
        rng: &mut GameRng,
    ) -> Option<carolus_rules::Draw> {
        if config.chance_width <= 0.0 {
            return game.sample_draw(rng);
        }
        let entry = self.nodes[node as usize];
        let width = progressive_width(config.chance_width, config.chance_power, entry.visits)
            .clamp(1.0, f64::from(u32::MAX)) as u32;
        let slot = rng.below(width);
        let mut slot_rng = GameRng::seed_from_u64(mix_seed(entry.key, u64::from(slot)));
        game.sample_draw(&mut slot_rng)
    }

    /// The edge to follow from `node` by PUCT for the player to act.
    fn select(&self, node: u32, game: &Game, config: &MctsConfig) -> Option<usize> {
        let mover = game.to_act()?.index();
        let parent = self.nodes[node as usize];
        let parent_mean = if parent.visits > 0 {
            parent.values[mover] / f64::from(parent.visits)
        } else {
            0.5
        };
        let parent_visits = f64::from(parent.visits.max(1));
        let scale = exploration_at(config, parent_visits) * parent_visits.sqrt();
        let start = parent.first_edge as usize;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let considered = widened_edges(
            config.widening[model_index(game)],
            config.widening_power,
            parent.visits,
        );
        for (offset, edge) in self.edges_of(node).iter().take(considered).enumerate() {
            let (visits, mean) = match self.nodes.get(edge.child as usize) {
                Some(child) if edge.child != NO_NODE && child.visits > 0 => (
                    f64::from(child.visits),
                    child.values[mover] / f64::from(child.visits),
                ),
                _ => (0.0, parent_mean),
            };
            let score = mean + scale * f64::from(edge.prior) / (1.0 + visits);
            if score > best_score {
                best_score = score;
                best = Some(start + offset);
            }
        }
        best
    }

    /// Lists the moves of a decision node with their priors, best first.
    fn expand(&mut self, node: u32, game: &Game, config: &MctsConfig) {
        let priors = move_priors(game, &config.weights, &config.priors[model_index(game)]);
        let first = self.edges.len() as u32;
        let mut order: Vec<(usize, f64)> = priors.into_iter().enumerate().collect();
        order.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (index, prior) in order.iter().take(u8::MAX as usize) {
            self.edges.push(Edge {
                index: *index as u8,
                prior: *prior as f32,
                child: NO_NODE,
            });
        }
        let entry = &mut self.nodes[node as usize];
        entry.first_edge = first;
        entry.edge_count = order.len().min(u8::MAX as usize) as u8;
        entry.expanded = true;
    }
}

/// How many of a decision node's edges (sorted best prior first) the
/// search chooses among at a node with `visits` visits: ceil(c·visits^power),
/// at least one, or all of them when widening is off (c = 0).
fn widened_edges(widening: f64, power: f64, visits: u32) -> usize {
    if widening > 0.0 {
        (progressive_width(widening, power, visits) as usize).max(1)
    } else {
        usize::MAX
    }
}

/// ceil(c·visits^power): how many moves or draws a node with `visits`
/// visits may choose among, for progressive widening and the chance width.
fn progressive_width(constant: f64, power: f64, visits: u32) -> f64 {
    // The square root is exact where `powf` may round a perfect square up
    // past an integer, which would open one more than the formula says.
    let grown = if power == 0.5 {
        f64::from(visits).sqrt()
    } else {
        f64::from(visits).powf(power)
    };
    (constant * grown).ceil()
}

/// The PUCT exploration constant at a node with `visits` visits: the
/// configured constant times 1 + ln(1 + visits/base), which stays near 1
/// while the visits are small against `exploration_base` and grows
/// logarithmically beyond it (see [`MctsConfig::exploration_base`]).
fn exploration_at(config: &MctsConfig, visits: f64) -> f64 {
    if config.exploration_base > 0.0 {
        config.exploration * (1.0 + (visits / config.exploration_base).ln_1p())
    } else {
        config.exploration
    }
}

/// The most nodes a tree may hold: the configured limit, but room for a
/// root and its first moves at least.
fn node_limit(config: &MctsConfig) -> usize {
    config.max_nodes.max(16)
}

/// The most edges a tree may hold: a generous average per node, since only
/// expanded nodes have edges and placement nodes have up to 80.
fn max_edges(max_nodes: usize) -> usize {
    max_nodes.saturating_mul(16)
}

/// The value of a new leaf under the rule for its player count.
fn leaf_value(game: &Game, config: &MctsConfig, rng: &mut GameRng) -> SeatValues {
    let rule = config.leaves[model_index(game)];
    let mut game = game.clone();
    let mid_turn = matches!(game.phase(), Phase::Place | Phase::Move);
    let wanted = rule.turns().saturating_add(u32::from(mid_turn));
    let mut turns = 0;
    while turns < wanted && !game.is_over() {
        if matches!(game.phase(), Phase::Place | Phase::Move) {
            turns += 1;
        }
        if !playout_step(&mut game, rng, config.playout_randomness) {
            break;
        }
    }
    if let LeafValue::Learned { .. } = rule {
        // The model knows turn starts only: play the draws, discs and
        // jokers that come before the next one.
        while !game.is_over() && !at_turn_start(&game) {
            if !playout_step(&mut game, rng, config.playout_randomness) {
                break;
            }
        }
        return learned_chances(&game);
    }
    win_chances(&game, &config.weights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::Variant;

    #[test]
    fn leaf_rules_read_back_what_they_write_and_refuse_anything_else() {
        for rule in [
            LeafValue::Playout,
            LeafValue::Learned { turns: 8 },
            LeafValue::Evaluated { turns: 0 },
        ] {
            assert_eq!(rule.to_string().parse::<LeafValue>(), Ok(rule));
        }
        for bad in [
            "",
            "learned",
            "learned:",
            "learned:x",
            "eval:-1",
            "playout:3",
            "model:2",
        ] {
            assert!(bad.parse::<LeafValue>().is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn a_learned_leaf_is_the_model_at_the_next_turn_start() {
        let config = MctsConfig {
            leaves: [LeafValue::Learned { turns: 0 }; 3],
            ..MctsConfig::default()
        };
        for players in 2..=4 {
            let mut rng = GameRng::seed_from_u64(90 + players as u64);
            let Some(mut game) = Game::random(players, Variant::for_players(players), &mut rng)
            else {
                panic!("a random game exists for {players} players");
            };
            // A position in the disc phase: the leaf plays up to the next
            // turn start and no further.
            while game.phase() != Phase::Disc || game.round() < 2 {
                game.play_random(&mut rng);
            }
            let mut by_hand = game.clone();
            let mut hand_rng = rng.clone();
            while !at_turn_start(&by_hand) {
                assert!(playout_step(
                    &mut by_hand,
                    &mut hand_rng,
                    config.playout_randomness
                ));
            }
            let leaf = leaf_value(&game, &config, &mut rng);
            assert_eq!(leaf, learned_chances(&by_hand), "{players} players");
        }
    }

    #[test]
    fn exploration_grows_with_a_nodes_visits_only_when_a_base_is_set() {
        let growing = MctsConfig::default();
        let base = growing.exploration_base;
        assert!(base > 0.0, "the default search lets exploration grow");
        let c = growing.exploration;
        // Small nodes keep nearly the plain constant; large ones explore more.
        assert!((exploration_at(&growing, 1.0) - c).abs() < 1e-3 * c);
        let at_base = exploration_at(&growing, base);
        assert!((at_base - c * (1.0 + 2f64.ln())).abs() < 1e-9);
        assert!(exploration_at(&growing, 10.0 * base) > at_base);
        let constant = MctsConfig {
            exploration_base: 0.0,
            ..MctsConfig::default()
        };
        assert_eq!(exploration_at(&constant, 1e6), constant.exploration);
    }

    #[test]
    fn widening_opens_a_nodes_moves_with_the_square_root_of_its_visits() {
        assert_eq!(
            widened_edges(0.0, 0.5, 1_000),
            usize::MAX,
            "0 is no widening"
        );
        let opened: Vec<usize> = [0, 1, 2, 4, 5, 100, 101]
            .map(|visits| widened_edges(1.0, 0.5, visits))
            .to_vec();
        assert_eq!(opened, [1, 1, 2, 2, 3, 10, 11]);
        // A smaller exponent keeps a well-visited node narrower.
        assert_eq!(widened_edges(1.0, 0.25, 10_000), 10);
        // The default widens the two-player search only; the tune key sets
        // every player count.
        let mut config = MctsConfig::default();
        assert_eq!(config.widening, [1.0, 0.0, 0.0]);
        config.tune("widen", "0.5").unwrap();
        assert_eq!(config.widening, [0.5; 3]);
        config.tune("widen_power", "0.4").unwrap();
        assert_eq!(config.widening_power, 0.4);
    }

    #[test]
    fn the_prior_is_chosen_by_player_count_and_tuned_for_all() {
        // Every player count has a prior fitted to its own searches; a tune
        // key sets the constant for every player count, leaving the others
        // alone.
        let mut config = MctsConfig::default();
        assert_eq!(config.priors[0], PriorWeights::FITTED_TWO_PLAYERS);
        assert_eq!(config.priors[1], PriorWeights::FITTED_THREE_PLAYERS);
        assert_eq!(config.priors[2], PriorWeights::FITTED_TEAM);
        config.tune("prior.court", "3.5").unwrap();
        for prior in config.priors {
            assert_eq!(prior.court, 3.5);
        }
        assert_eq!(
            config.priors[1].in_reach,
            PriorWeights::FITTED_THREE_PLAYERS.in_reach
        );
        assert!(config.tune("prior.court", "-1").is_err());
        assert!(config.tune("prior.castle", "1").is_err());
        config.tune("prior", "hand_set").unwrap();
        assert_eq!(config.priors, [PriorWeights::HAND_SET; 3]);
        config.tune("prior", "fitted_team").unwrap();
        assert_eq!(config.priors, [PriorWeights::FITTED_TEAM; 3]);
        let unknown = config.tune("prior", "fitted").unwrap_err();
        assert!(
            unknown.contains("hand_set, fitted_two_players, fitted_three_players, fitted_team"),
            "{unknown}"
        );
        assert_eq!(config.priors, [PriorWeights::FITTED_TEAM; 3]);
    }

    #[test]
    fn a_widened_root_tries_only_the_moves_its_visits_have_opened() {
        // A placement with many moves, so that widening has some to hold back.
        let Some(game) = (1..100)
            .map(placement_position)
            .find(|game| game.legal_moves().len() >= 30)
        else {
            panic!("some early placement has thirty moves");
        };
        let visited = |widening: f64| {
            let config = MctsConfig {
                threads: 1,
                widening: [widening; 3],
                ..MctsConfig::default()
            };
            let mut bot = Mcts::new(config, 3, "mcts".into());
            let analysis = bot.choose(&game, &Budget::iterations(401)).unwrap();
            assert!(game.is_legal(&analysis.best));
            let tried: Vec<Move> = analysis
                .candidates
                .iter()
                .filter(|candidate| candidate.visits > 0)
                .map(|candidate| candidate.mv)
                .collect();
            tried
        };
        // The root is chosen from at most 400 times, so it never opens more
        // than ceil(√400) = 20 moves. Without widening the same search also
        // tries the moves of least prior, once those it tried first fall
        // below the root's mean.
        let widened = visited(1.0);
        assert!(!widened.is_empty() && widened.len() <= 20, "{widened:?}");
        let full = visited(0.0);
        assert!(full.len() > 20, "{full:?}");
        // The moves opened are those of highest prior.
        let priors = move_priors(
            &game,
            &EvalWeights::default(),
            &PRIOR_DEFAULTS[model_index(&game)],
        );
        let legal = game.legal_moves();
        let mut by_prior: Vec<(Move, f64)> = legal.iter().copied().zip(priors).collect();
        by_prior.sort_by(|a, b| b.1.total_cmp(&a.1));
        let best_twenty: Vec<Move> = by_prior.iter().take(20).map(|(mv, _)| *mv).collect();
        assert!(
            widened.iter().all(|mv| best_twenty.contains(mv)),
            "{widened:?}"
        );
    }

    #[test]
    fn the_expected_line_follows_the_most_visited_moves_of_the_search() {
        let game = placement_position(6);
        let config = MctsConfig {
            threads: 1,
            ..MctsConfig::default()
        };
        let mut bot = Mcts::new(config.clone(), 2, "mcts".into());
        let analysis = bot.choose(&game, &Budget::iterations(3_000)).unwrap();
        let line = bot.expected_line(&game, analysis.best);
        assert_eq!(line.first(), Some(&analysis.best));
        // The second move is the one the search visited most below the
        // first, read from the tree's own statistics of that position.
        let mut after = game.clone();
        after.play(analysis.best).unwrap();
        let tree = &bot.trees[0];
        let node = tree.table[&config.key_of(&after)];
        let report = tree.report(node, &after, 0);
        let Some((most, _, visits, _)) = report.moves.iter().max_by_key(|m| m.2) else {
            panic!("the search went below its choice");
        };
        assert!(u64::from(*visits) >= LINE_VISITS, "{visits} visits");
        assert_eq!(line.get(1), Some(most), "{line:?}");
        // Every move is legal where it stands, and the line ends at the draw.
        let mut position = game.clone();
        for mv in &line {
            position.play(*mv).unwrap();
        }
        assert!(matches!(position.phase(), Phase::Draw | Phase::Over));
    }

    #[test]
    fn a_search_stops_early_only_when_every_thread_votes_to_stop() {
        let votes = StopVotes::new(2);
        assert!(!votes.vote(0, true), "one settled tree of two");
        assert!(!votes.vote(1, false));
        assert!(!votes.vote(0, true));
        assert!(votes.vote(1, true), "both settled");
        // Once decided, the search is over for the other thread too.
        assert!(votes.vote(0, false));
    }

    #[test]
    fn several_trees_on_one_thread_share_the_budget_and_sum_their_roots() {
        let game = placement_position(5);
        let config = MctsConfig {
            threads: 1,
            trees: 3,
            ..MctsConfig::default()
        };
        let search = |seed| {
            let mut bot = Mcts::new(config.clone(), seed, "mcts".into());
            let analysis = bot.choose(&game, &Budget::iterations(3_001)).unwrap();
            assert_eq!(bot.trees.len(), 3);
            analysis
        };
        let first = search(7);
        assert_eq!(first.iterations, 3_001, "the budget is split, not tripled");
        // Every iteration but each fresh tree's first (which values the
        // root itself) visits one root move of one tree.
        let visits: u64 = first.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(visits, 3_001 - 3);
        assert!(game.is_legal(&first.best));
        let again = search(7);
        assert_eq!(again.best, first.best, "a fixed budget is reproducible");
        assert_eq!(again.candidates, first.candidates);
    }

    /// A one-thread search of `iterations` iterations.
    fn capped(
        tree: &mut Tree,
        game: &Game,
        config: &MctsConfig,
        limits: &Limits,
        iterations: u64,
        seed: u64,
    ) -> RootReport {
        let search = Search {
            cap: Some(iterations),
            seed,
            voter: 0,
        };
        let mut reports = search_group(
            std::slice::from_mut(tree),
            &[search],
            game,
            config,
            limits,
            &StopVotes::new(1),
        );
        reports.pop().unwrap_or_default()
    }

    /// The default search on one thread, its trees limited to `max_nodes`.
    fn one_thread_with_nodes(max_nodes: usize) -> MctsConfig {
        MctsConfig {
            threads: 1,
            max_nodes,
            ..MctsConfig::default()
        }
    }

    /// The position after the move `report` visited most, `report` being
    /// a search of `game` (usually by [`capped`]).
    fn after_most_visited(game: &Game, report: &RootReport) -> Game {
        let Some((best, ..)) = report.moves.iter().max_by_key(|m| m.2) else {
            panic!("the root has moves");
        };
        let mut next = game.clone();
        next.play(*best).unwrap();
        next
    }

    /// The visits of `game`'s node in `tree`, which must have one.
    fn visits_of(tree: &Tree, game: &Game, config: &MctsConfig) -> u32 {
        let Some(&index) = tree.table.get(&config.key_of(game)) else {
            panic!("the position has a node");
        };
        tree.nodes[index as usize].visits
    }

    /// A two-player game advanced by random play to a placement.
    fn placement_position(seed: u64) -> Game {
        let mut rng = GameRng::seed_from_u64(seed);
        let Some(mut game) = Game::random(2, Variant::STANDARD, &mut rng) else {
            panic!("a two-player game exists");
        };
        while game.phase() != Phase::Place || game.round() < 2 {
            game.play_random(&mut rng);
        }
        game
    }

    #[test]
    fn pruning_keeps_the_subtree_of_the_last_search_and_a_consistent_table() {
        let config = MctsConfig {
            threads: 1,
            ..MctsConfig::default()
        };
        let limits = Limits::new(&Budget::iterations(3_000), None, None);
        let game = placement_position(3);
        let mut tree = Tree::default();
        let first = capped(&mut tree, &game, &config, &limits, 3_000, 1);
        let next = after_most_visited(&game, &first);
        capped(&mut tree, &next, &config, &limits, 2_000, 2);
        let before = tree.nodes.len();
        let visits = visits_of(&tree, &next, &config);
        assert!(visits >= 2_000);

        tree.prune(config.max_nodes);
        assert!(
            tree.nodes.len() < before,
            "the first search's other lines go"
        );
        assert_eq!(visits_of(&tree, &next, &config), visits);
        assert_eq!(tree.table.len(), tree.nodes.len());
        for (i, node) in tree.nodes.iter().enumerate() {
            assert_eq!(tree.table.get(&node.key), Some(&(i as u32)));
            for edge in tree.edges_of(i as u32) {
                assert!(edge.child == NO_NODE || (edge.child as usize) < tree.nodes.len());
            }
        }
        // The pruned tree searches on from where the game is.
        let again = capped(&mut tree, &next, &config, &limits, 500, 3);
        assert_eq!(again.visits, visits + 500);
    }

    #[test]
    fn a_search_that_fills_its_tree_stops_there() {
        let config = one_thread_with_nodes(500);
        let limits = Limits::new(&Budget::iterations(20_000), None, None);
        let game = placement_position(5);
        let mut tree = Tree::default();
        let report = capped(&mut tree, &game, &config, &limits, 20_000, 1);
        assert!(
            report.iterations < 20_000,
            "a tree of 500 nodes is full long before 20 000 iterations"
        );
        assert!(tree.nodes.len() <= config.max_nodes);
        // Every visit of the root but the first (which valued the root
        // itself) went on to one of its moves: none was spent on a move
        // whose node could not be made.
        let to_moves: u32 = report.moves.iter().map(|m| m.2).sum();
        assert_eq!(to_moves, report.visits - 1);
    }

    #[test]
    fn a_search_makes_room_by_dropping_what_earlier_searches_left() {
        let config = one_thread_with_nodes(4_000);
        let limits = Limits::new(&Budget::iterations(3_000), None, None);
        let game = placement_position(3);
        let mut tree = Tree::default();
        let first = capped(&mut tree, &game, &config, &limits, 2_500, 1);
        let next = after_most_visited(&game, &first);
        let visits = visits_of(&tree, &next, &config);
        assert!(
            tree.nodes.len() <= config.max_nodes / 10 * 8,
            "the second search starts without pruning"
        );
        let second = capped(&mut tree, &next, &config, &limits, 3_000, 2);
        assert_eq!(second.iterations, 3_000, "the search went on to its end");
        assert_eq!(second.visits, visits + 3_000, "the root kept its visits");
        assert!(
            tree.nodes.iter().all(|node| node.stamp == tree.searches),
            "the first search's other lines made room"
        );
        assert_eq!(tree.table.len(), tree.nodes.len());
    }

    #[test]
    fn a_full_tree_is_pruned_rather_than_cleared() {
        let config = one_thread_with_nodes(4_000);
        let limits = Limits::new(&Budget::iterations(700), None, None);
        let mut rng = GameRng::seed_from_u64(9);
        let mut game = placement_position(4);
        let mut tree = Tree::default();
        let mut seed = 0;
        // Searches along a game until the tree is over 80% full.
        let next = loop {
            seed += 1;
            let report = capped(&mut tree, &game, &config, &limits, 700, seed);
            game = after_most_visited(&game, &report);
            if tree.nodes.len() > config.max_nodes / 10 * 8
                && game.phase() == Phase::Place
                && tree.table.contains_key(&config.key_of(&game))
            {
                break game;
            }
            while matches!(game.phase(), Phase::Draw) {
                game.play_random(&mut rng);
            }
            assert!(!game.is_over());
        };
        let visits = visits_of(&tree, &next, &config);
        assert!(visits > 0);
        let report = capped(&mut tree, &next, &config, &limits, 100, seed + 1);
        assert!(
            tree.nodes.len() < config.max_nodes / 2,
            "the tree was pruned"
        );
        assert_eq!(
            report.visits,
            visits + 100,
            "the subtree's visits were kept"
        );
    }
}
