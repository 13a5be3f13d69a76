//! Computer players for Carolus Magnus.
//!
//! Every bot implements [`Bot`]: given a position where a player must decide
//! (a disc, a placement, an emperor move or a joker), it returns an
//! [`Analysis`] with the move it plays, its estimate of every seat's chance of
//! winning and the candidates it weighed. Bots use only the public API of
//! `carolus-rules` and do no I/O; the `carolus` command line wraps them for
//! the bot protocol and the match runner.
//!
//! # The bots
//!
//! - **`random`** plays every legal token with equal probability.
//! - **`greedy`** looks one whole turn ahead. In the place phase it tries
//!   every combination of the knights still to place, each into the court or
//!   into the region the emperor will stop on, together with every emperor
//!   move, and scores the position after the move with a hand-written
//!   evaluation (castles, family control and its margins, regions the
//!   emperor can reach next, threats from the players' reserves). Placement
//!   order does not change the position reached (a court only grows during a
//!   turn, so control goes to the placer exactly when the final count is
//!   strictly the largest), so combinations are enumerated as multisets. It
//!   then plays the turn one token at a time, following its plan while the
//!   position does, and plans afresh otherwise. Discs are chosen with a turn
//!   planner that estimates what each disc's reach is worth, to the mover
//!   and to every seat still to choose: the disc leaving the largest margin
//!   once everybody's turn of the round is counted wins. Jokers are chosen
//!   by the evaluation. `greedy:noise=T` picks among the turns at random with a
//!   softmax of temperature `T` over the estimated win chance.
//! - **`mcts`** is a Monte Carlo tree search built for this game: chance
//!   nodes for the draws, a value per seat backed up (max^n; partners
//!   share their team's value), one placement per tree level with a
//!   transposition table so that placement orders reaching the same
//!   position share one node, heuristic priors (PUCT), and leaves valued by
//!   biased playouts in which every player plays the turns of a fast
//!   planner, with a little randomness: with two players eight turns long
//!   and then valued by a learned evaluation, with three or four to the end
//!   of the game. It uses every core (root parallelism, one tree per
//!   thread) and keeps its trees between moves, pruning a full tree down to
//!   what the last search used instead of clearing it. A search limited by
//!   time stops early once its answer cannot change any more. The module
//!   `mcts` (public with the feature `experiments`) describes each piece;
//!   EXPERIMENTS.md has the measurements behind them.
//!
//! # Levels for people
//!
//! | level | bot | plays like |
//! |---|---|---|
//! | 1 | `greedy:noise=0.5` | a beginner: knows the rules, often picks a poor turn |
//! | 2 | `greedy:noise=0.03` | a casual player: sensible, with slips |
//! | 3 | `greedy` | a solid player who looks one turn ahead |
//! | 4 | `mcts:level=4` | searches a few thousand positions a move |
//! | 5 | `mcts` | searches for as long as it is given (one second by default) |
//!
//! [`Level`] names them for every front end. How they fare against each
//! other is in the README's measured figures, and the history of those
//! figures in EXPERIMENTS.md ("Strength").
//!
//! # What experiments see
//!
//! The search's settings beyond a [`BotSpec`]'s keys (`MctsConfig` and its
//! `key=value` tuning, the prior's constants, the evaluations and the turn
//! planner) are public only with the feature `experiments`, which the
//! programs under `examples/` and the bench require. They change as the
//! search is measured; the product's API does not.
//!
//! # Budgets, threads and reproducibility
//!
//! [`Budget`] limits one decision by time, by iterations and by a stop flag;
//! every limit given applies, and so do the caps in the bot's specification
//! (`mcts:ms=500`, `mcts:iterations=20000`). The tree search stops a little
//! before the time is up and returns at once when the stop flag is raised;
//! with no limit at all it thinks for one second. An iteration budget is
//! spent exactly (split over the threads), and with a fixed seed, thread
//! count and iteration budget the answers are reproducible, because each
//! thread grows its own tree from its own seed. The greedy and random bots
//! do a fixed, small amount of work (well under a millisecond a decision),
//! ignore iteration budgets and honour the time and the stop flag.
//!
//! # Win values
//!
//! A finished game is worth 1 to each winner when there is one, 1/k to each
//! of k seats sharing the win, 0 to the losers. In the team game both
//! partners of the winning team win, so each holds 1/2; the values of all
//! seats always sum to 1 and [`Analysis::win`] does the same.
//!
//! What the numbers are, by bot (people see them in the terminal game):
//!
//! - **`mcts`** (levels 4 and 5): the mean result of the search's playouts
//!   below the root, weighted by visits: an estimate from games played out
//!   to the end, in which both sides play like the fast planner. It starts
//!   near 50% in the first round.
//! - **`greedy`** (levels 1 to 3) and **`random`**: the evaluation's side
//!   scores turned into chances with a temperature fitted to the results of
//!   games between greedy bots (`examples/calibrate.rs`; EXPERIMENTS.md has
//!   how well they match). For the greedy bot these are the chances after
//!   the turn it plans. The evaluation's own, much sharper softmax, which
//!   the greedy bot maximises, would overstate a lead; it is for choosing,
//!   not for reporting.
//!
//! [`Candidate::value`] is on the same scale, always in 0..1: the mover's
//! estimated win chance after the move (for the greedy bot's disc choice,
//! the calibrated chance once every seat's turn of the round is added at
//! the planner's worth of its disc).
//!
//! # Example
//!
//! ```
//! use carolus_ai::{Bot, BotSpec, Budget};
//! use carolus_rules::{RecordedGame, Variant};
//!
//! let game = RecordedGame::from_seed(2, Variant::STANDARD, 1).unwrap();
//! let spec: BotSpec = "mcts:iterations=200,threads=1".parse().unwrap();
//! let mut bot = spec.build(42);
//! let analysis = bot.choose(game.game(), &Budget::default()).unwrap();
//! assert!(game.game().is_legal(&analysis.best));
//! assert_eq!(analysis.win.len(), 2);
//! ```

mod budget;
mod greedy;
mod hash;
mod level;
mod line;
mod random;
mod spec;
mod think;

// The search's internals and its experimental settings are public only to
// experiments (feature `experiments`): the programs under `examples/` that
// measure and fit them. Front ends choose bots by `BotSpec` and `Level`.
#[cfg(feature = "experiments")]
pub mod eval;
#[cfg(not(feature = "experiments"))]
mod eval;
#[cfg(feature = "experiments")]
pub mod mcts;
#[cfg(not(feature = "experiments"))]
mod mcts;
#[cfg(feature = "experiments")]
pub mod planner;
#[cfg(not(feature = "experiments"))]
mod planner;
#[cfg(feature = "experiments")]
pub mod prior;
#[cfg(not(feature = "experiments"))]
mod prior;
#[cfg(feature = "experiments")]
pub mod value;
#[cfg(not(feature = "experiments"))]
mod value;

use carolus_rules::{Game, Move, Phase, Seat};
use thiserror::Error;

pub use budget::Budget;
pub use greedy::Greedy;
pub use hash::{position_key, reply_key, search_key};
pub use level::Level;
pub use line::MAX_LINE;
#[cfg(feature = "experiments")]
pub use mcts::{LeafValue, Mcts, MctsConfig, WIDENING_DEFAULTS};
#[cfg(feature = "experiments")]
pub use prior::{PRIOR_DEFAULTS, PriorWeights};
pub use random::RandomBot;
pub use spec::BotSpec;
pub use think::{ThinkError, panic_message, think};

/// One move a bot weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move, in canonical form.
    pub mv: Move,
    /// How often the search tried it (tree search), or 0 for bots that score
    /// moves without searching.
    pub visits: u64,
    /// The estimated win value of the player to move after this move (see
    /// [`Analysis::win`]), always in 0..1; for the greedy bot's disc choice,
    /// which it makes with the turn planner, the calibrated win chance with
    /// every seat's planned turn of the round added.
    pub value: f64,
}

/// A bot's answer: the move it plays and what it thinks of the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The move to play, legal in the position given.
    pub best: Move,
    /// The estimated win value of each seat (see the crate documentation):
    /// one entry per seat, summing to 1.
    pub win: Vec<f64>,
    /// Search iterations (tree search) or positions evaluated (greedy).
    pub iterations: u64,
    /// The moves weighed, best first.
    pub candidates: Vec<Candidate>,
}

/// Why a bot cannot answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AiError {
    /// Nobody is to decide: a draw is due or the game is over.
    #[error("no decision is due: the game waits for {}", describe_phase(*.phase))]
    NoDecision { phase: Phase },
    /// A bot specification that does not parse.
    #[error("bad bot specification {spec:?}: {reason}")]
    BadSpec { spec: String, reason: String },
    /// A bot specification whose name is none of the built-in bots', kept
    /// apart so that a program offering bots of its own can say so.
    #[error(
        "bad bot specification {spec:?}: unknown bot {name:?} (expected random, greedy, mcts or level:N)"
    )]
    UnknownBot { spec: String, name: String },
    /// A level outside 1 to 5.
    #[error("there is no level {level}: levels go from 1 (beginner) to 5 (strongest)")]
    BadLevel { level: u8 },
}

fn describe_phase(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "a chance draw",
        Phase::Over => "nothing: the game is over",
        _ => "a decision",
    }
}

/// A computer player.
pub trait Bot: Send {
    /// A short name for people and logs, such as `mcts:ms=500`.
    fn name(&self) -> String;

    /// Chooses the move for the player to act in `game` within `budget`.
    ///
    /// Fails with [`AiError::NoDecision`] when a draw is due or the game is
    /// over. A bot may keep state between calls (plans, search trees) but
    /// answers correctly for any position, such as one after an undo.
    fn choose(&mut self, game: &Game, budget: &Budget) -> Result<Analysis, AiError>;

    /// The line of play the bot expects after `mv` in `game`: `mv` itself
    /// (in canonical form), then the move it expects each seat to make, up
    /// to the next chance draw or the end of the game, whichever comes
    /// first; empty if `mv` is not legal in `game`. Every move of the line
    /// is legal where it stands.
    ///
    /// Asked right after [`Bot::choose`] about the same `game`, the tree
    /// search answers with its principal variation: at each position the
    /// move its search visited most, as far as its search looked. Beyond
    /// that, and for bots that do not search (this default), the moves are
    /// the fast turn planner's: its disc, its joker, its best turn.
    fn expected_line(&self, game: &Game, mv: Move) -> Vec<Move> {
        line::expected(game, mv, |_| None)
    }

    /// Forgets what the bot kept from earlier positions, for a new game.
    fn new_game(&mut self) {}
}

/// The seat to decide in `game`, or why there is none.
pub(crate) fn deciding_seat(game: &Game) -> Result<Seat, AiError> {
    let phase = game.phase();
    if matches!(phase, Phase::Draw | Phase::Over) || game.legal_move_count() == 0 {
        return Err(AiError::NoDecision { phase });
    }
    game.to_act().ok_or(AiError::NoDecision { phase })
}

/// The win values of `game`'s seats as a vector of the player count.
pub(crate) fn seat_vector(game: &Game, values: &eval::SeatValues) -> Vec<f64> {
    values[..game.players()].to_vec()
}
