//! "Why?": what a move does and allows, in facts that the rules check and
//! in words built from them.
//!
//! For a position and a move (a hint, or the move a person made), a bot
//! searches the position; the bot then says which line of play it expects
//! after the move, after its own choice and after the best alternatives
//! ([`carolus_ai::Bot::expected_line`]), each to the next chance draw or
//! the end of the game, so that nothing depends on a draw that has not
//! happened. Each line is played through the rules engine, and what
//! changes on the way becomes a typed [`Fact`]: control of a family
//! changing hands, a castle built or taken, regions merging, a region's
//! lead, where the emperor can go with a disc and what each region there
//! would give whom, the game ending, a side close to the castles it needs.
//! Each fact says after how many moves of its line it holds (`at`) and
//! names the places in the position's state view (`carolus-state/1`,
//! NOTATION.md) that show it, as JSON pointers with the values found
//! there, so that anybody can check it by replaying the line.
//!
//! [`Explanation`] holds the lines with their facts and values (the change
//! in the mover's chance to win against the bot's choice, as
//! [`crate::estimates::mover_chance`] reads a bot's values). Its words
//! ([`words`]) come from the Fluent catalogs: one to three sentences, each
//! stating one of the facts, comparing with the better move when the move
//! is not the bot's choice. [`Report`] is the whole in the JSON shape of
//! `carolus analyse --explain --json` and the API.

mod facts;
pub mod words;

use std::panic::{AssertUnwindSafe, catch_unwind};

use carolus_ai::{Analysis, Bot, Budget, ThinkError, panic_message, think};
use carolus_rules::{Family, Game, IllegalMove, Move, Phase, Seat};
use serde::{Serialize, Serializer};
use serde_json::Value;
use thiserror::Error;

use crate::analysis::TIE;
use crate::estimates::mover_chance;

pub use facts::facts_of_line;
pub use words::{Names, Report, Sentence, Word};

/// How many alternatives an explanation weighs besides the move explained.
pub const ALTERNATIVES: usize = 3;

/// A place in the state view and the value found there: a JSON pointer
/// (RFC 6901) into `carolus-state/1`, such as `/control/R`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pointer {
    pub pointer: String,
    pub value: Value,
}

/// One thing that holds after some moves of a line, with where the state
/// view shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fact {
    /// What holds.
    #[serde(flatten)]
    pub claim: Claim,
    /// After how many moves of the line (from the position explained,
    /// the move itself being the first) it holds.
    pub at: usize,
    /// Places in the state view after `at` moves and their values there.
    pub holds: Vec<Pointer>,
    /// Places in the state view before the move and their values there,
    /// for what the line changes; empty when nothing before matters.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub was: Vec<Pointer>,
}

/// What a fact says. Seats are seat indices; an `owner` is what owns
/// regions: a seat, or a team in the team game (as the state view's
/// regions name them); a `region` is named by its smallest territory;
/// `scores` are each owner's score in a region as ruling 9 counts them
/// (knights of the families the owner controls plus its castles there).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Claim {
    /// `seat` takes control of `family`, from `from` if someone held it,
    /// with `knights` at its court against `against`, the most at any
    /// other court.
    Control {
        #[serde(serialize_with = "letter")]
        family: Family,
        seat: usize,
        from: Option<usize>,
        knights: u32,
        against: u32,
    },
    /// A knight placed at court that changes no control: `seat` has
    /// `knights` of `family` there against `against` at the strongest
    /// other court, and `controller` holds the family.
    Court {
        #[serde(serialize_with = "letter")]
        family: Family,
        seat: usize,
        knights: u32,
        against: u32,
        controller: Option<usize>,
    },
    /// A knight placed in a region: the owner that would win it if the
    /// emperor stopped there now (`leader`, none on a tie or with no
    /// score), and the one before the knight came (`before`).
    Lead {
        region: u8,
        leader: Option<usize>,
        before: Option<usize>,
        scores: Vec<u32>,
    },
    /// A joker made a knight of `family`: `seat` holds `knights` of it in
    /// its reserve.
    Reserve {
        #[serde(serialize_with = "letter")]
        family: Family,
        seat: usize,
        knights: u32,
    },
    /// With `disc`, `seat` can move the emperor up to `steps` regions;
    /// `regions` are those it can reach when its emperor move is due (in
    /// the line), each with what it would give whom.
    Reach {
        seat: usize,
        /// The owner `seat` wins regions for: itself, or its team.
        side: usize,
        disc: u8,
        steps: usize,
        regions: Vec<Target>,
    },
    /// The emperor, moved by `by`, gives region `region` to `owner`: a
    /// castle built where nobody owned it (`from` none), or the region
    /// taken from `from` with its `taken` castles. `castles` is the
    /// region's castles afterwards, merged regions included.
    Castle {
        region: u8,
        owner: usize,
        from: Option<usize>,
        taken: usize,
        castles: usize,
        by: usize,
    },
    /// The emperor, moved by `by`, stops in `region` and nothing changes
    /// hands: nobody has a unique highest score, or its owner does.
    Stop {
        region: u8,
        scores: Vec<u32>,
        by: usize,
    },
    /// `joined` regions merged into `region`, of `territories`
    /// territories, owned by `owner`.
    Merge {
        region: u8,
        territories: usize,
        joined: usize,
        owner: usize,
    },
    /// The game ends; `winners` are seats.
    End { winners: Vec<usize> },
    /// `owner` has `castles` of the `target` that ends the game.
    Near {
        owner: usize,
        castles: usize,
        target: usize,
    },
    /// Only `left` regions remain; fewer than four end the game.
    Regions { left: usize },
    /// No control, castle or region changed hands in the whole line.
    Quiet,
}

/// A region within the emperor's reach.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    /// The region's name.
    pub region: u8,
    /// The emperor's steps to it.
    pub steps: usize,
    /// The owner that would win it there (a unique highest score above 0).
    pub winner: Option<usize>,
    /// Whether that would give the winner a castle or the region: it does
    /// not own it yet.
    pub gains: bool,
    pub scores: Vec<u32>,
}

fn letter<S: Serializer>(family: &Family, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(family)
}

impl Claim {
    /// How much a fact of this kind tells a player, for choosing the facts
    /// that the words state: what ends the game first, then castles and
    /// control, down to what only changes counts.
    pub fn salience(&self) -> u32 {
        match self {
            Claim::End { .. } => 100,
            Claim::Castle { .. } => 90,
            Claim::Control { .. } => 80,
            Claim::Merge { .. } => 70,
            Claim::Near { .. } => 60,
            Claim::Regions { .. } => 55,
            Claim::Lead { leader, before, .. } if leader != before => 50,
            Claim::Reach { regions, .. } if regions.iter().any(|t| t.gains) => 45,
            Claim::Stop { .. } => 40,
            Claim::Reach { .. } => 35,
            Claim::Court { .. } => 30,
            Claim::Lead { .. } => 25,
            Claim::Reserve { .. } => 10,
            Claim::Quiet => 0,
        }
    }

    /// Whether the fact names something concrete that happens or can
    /// happen (everything but [`Claim::Quiet`], which says that nothing
    /// changes hands).
    pub fn is_concrete(&self) -> bool {
        !matches!(self, Claim::Quiet)
    }
}

impl Fact {
    /// Whether the fact is concrete ([`Claim::is_concrete`]) and `other`
    /// has no fact with the same claim, wherever it holds: something this
    /// fact's line brings that `other` does not.
    pub fn is_lacking_in(&self, other: &Line) -> bool {
        self.claim.is_concrete() && !other.facts.iter().any(|o| o.claim == self.claim)
    }
}

/// One line of play and what it brings.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The moves, the one explained first, in canonical form.
    pub moves: Vec<Move>,
    /// The change in the mover's chance to win against the bot's choice
    /// (0 for the choice itself, negative for worse moves), if the bot
    /// weighed the move.
    pub value: Option<f64>,
    /// What holds along the line.
    pub facts: Vec<Fact>,
}

impl Line {
    /// The line's first move.
    pub fn first(&self) -> Option<Move> {
        self.moves.first().copied()
    }
}

/// What a move does, what the bot's choice and its alternatives do
/// instead, and what each is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The seat that decides.
    pub seat: Seat,
    /// The bot's choice.
    pub best: Move,
    /// The move explained and its line.
    pub explained: Line,
    /// Up to [`ALTERNATIVES`] other moves the bot weighed, its choice first
    /// when it is not the move explained, then by the bot's preference.
    pub alternatives: Vec<Line>,
}

impl Explanation {
    /// The move explained.
    pub fn mv(&self) -> Move {
        self.explained.first().unwrap_or(self.best)
    }

    /// Whether the move explained is the bot's choice, or one it valued
    /// the same (within [`TIE`]).
    pub fn is_best(&self) -> bool {
        self.mv() == self.best || self.explained.value.is_some_and(|value| value.abs() < TIE)
    }

    /// The line of the bot's choice, when that is not the move explained.
    pub fn better(&self) -> Option<&Line> {
        if self.mv() == self.best {
            return None;
        }
        self.alternatives
            .iter()
            .find(|line| line.first() == Some(self.best))
    }
}

/// Why a move cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExplainError {
    /// Nobody decides in the position: a draw is due or the game is over.
    #[error("no decision is due: the game is in its {phase} phase")]
    NoDecision { phase: Phase },
    /// The move is not legal in the position.
    #[error("\"{mv}\": {error}")]
    Illegal { mv: Move, error: IllegalMove },
    /// The bot gave no answer.
    #[error("{0}")]
    Bot(#[from] ThinkError),
}

/// Explains `mv` in `game`: `bot` searches the position within `budget`
/// (a level-4 search by default in the front ends, [`carolus_ai::Level::HINT`]),
/// then gives the lines it expects.
pub fn explain(
    game: &Game,
    mv: Move,
    bot: &mut dyn Bot,
    budget: &Budget,
) -> Result<Explanation, ExplainError> {
    check(game, mv)?;
    let analysis = think(bot, game, budget)?;
    explain_analysis(game, mv, bot, &analysis)
}

/// Explains `mv` in `game` from `analysis`, the answer `bot` just gave
/// about `game` (as [`crate::analysis::Analyser`] holds it), without
/// searching again.
pub fn explain_analysis(
    game: &Game,
    mv: Move,
    bot: &dyn Bot,
    analysis: &Analysis,
) -> Result<Explanation, ExplainError> {
    let seat = check(game, mv)?;
    let mv = game.canonical(mv);
    let best = game.canonical(analysis.best);
    let share = |mv: Move| {
        analysis
            .candidates
            .iter()
            .find(|candidate| game.canonical(candidate.mv) == mv)
            .map(|candidate| candidate.value)
    };
    let best_share = share(best);
    let value = |mv: Move| -> Option<f64> {
        if mv == best {
            return Some(0.0);
        }
        Some(mover_chance(game, seat, share(mv)?) - mover_chance(game, seat, best_share?))
    };
    let line = |mv: Move| -> Result<Line, ExplainError> {
        // A line is the bot's word; a panic in it is a fault of the bot,
        // reported like one in its search.
        let moves = catch_unwind(AssertUnwindSafe(|| bot.expected_line(game, mv)))
            .map_err(|panic| ThinkError::Panicked(panic_message(panic.as_ref())))?;
        let (moves, facts) = facts_of_line(game, &moves);
        Ok(Line {
            moves,
            value: value(mv),
            facts,
        })
    };
    let mut others: Vec<Move> = Vec::new();
    if best != mv {
        others.push(best);
    }
    for candidate in &analysis.candidates {
        let candidate = game.canonical(candidate.mv);
        if others.len() >= ALTERNATIVES {
            break;
        }
        if candidate != mv && !others.contains(&candidate) {
            others.push(candidate);
        }
    }
    Ok(Explanation {
        seat,
        best,
        explained: line(mv)?,
        alternatives: others.into_iter().map(line).collect::<Result<_, _>>()?,
    })
}

/// The seat deciding in `game`, if `mv` is legal there.
fn check(game: &Game, mv: Move) -> Result<Seat, ExplainError> {
    let phase = game.phase();
    if matches!(phase, Phase::Draw | Phase::Over) {
        return Err(ExplainError::NoDecision { phase });
    }
    game.check(&mv)
        .map_err(|error| ExplainError::Illegal { mv, error })?;
    game.to_act().ok_or(ExplainError::NoDecision { phase })
}
