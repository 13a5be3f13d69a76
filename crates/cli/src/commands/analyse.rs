//! `carolus analyse`: what a bot thinks of every decision of a recorded game.
//!
//! The whole record is read and replayed first, so that a bad record is
//! refused (status 2, one line naming the move, exactly as `carolus replay`
//! words it) before any time goes into thinking. Then one bot goes through
//! the game from the start and, before each decision, gives its preferred
//! move and its estimate of every seat's chance to win. One bot serves the
//! whole game, so a search tree grown for one position helps with the next.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use carolus_ai::{Analysis, Bot, BotSpec, Budget};
use carolus_rules::{Game, Move};
use serde::Serialize;

use crate::failure::bad_input;
use crate::protocol::{Weighed, round, weighed};
use crate::{input, loading, progress};

/// Show what the AI thinks of every decision of a recorded game.
///
/// For each decision: the move played, the move the AI prefers and every
/// seat's estimated chance to win, before the move. Without --json the
/// output is a table; with --json it is one JSON object per decision:
/// {"index": n, "seat": s, "phase": "disc", "played": "disc 3", "best":
/// "disc 2", "win": [..], "played_value": v|null, "best_value": v,
/// "iterations": n, "candidates": [{"move", "visits", "value"}, ..]}.
/// `index` counts the record's moves from 1, as replay's errors do; the
/// values are the mover's win chance after the move, when the AI weighed it.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record to analyse; `-` reads standard input.
    #[arg(value_name = "FILE|-")]
    file: PathBuf,

    /// Thinking time per decision, in milliseconds.
    #[arg(long, value_name = "T", default_value_t = 500,
          value_parser = clap::value_parser!(u64).range(0..=crate::protocol::MAX_TIME_MS))]
    time_ms: u64,

    /// The bot that analyses: random, greedy, mcts, mcts:level=4, … .
    #[arg(long, value_name = "SPEC", default_value = "mcts")]
    ai: BotSpec,

    /// The seed of the bot's own random choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// One JSON object per decision instead of a table.
    #[arg(long)]
    json: bool,
}

/// How many of the candidates go into each JSON line.
const CANDIDATES_SHOWN: usize = 5;

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let text = input::read_text(&args.file)?;
    let (record, _) = loading::replay_text(&text).map_err(bad_input)?;
    let mut game = record.start().map_err(bad_input)?;
    let decisions = record.moves.iter().filter(|mv| mv.is_decision()).count();
    let mut bot = args.ai.build(args.seed);
    let budget = Budget::time(Duration::from_millis(args.time_ms));
    let bar = progress::bar(decisions as u64, "decisions");

    if !args.json {
        write_header(out, args, game.players())?;
    }
    for (i, &mv) in record.moves.iter().enumerate() {
        if mv.is_decision() {
            let analysis = think(bot.as_mut(), &game, &budget)?;
            let line = Line {
                index: i + 1,
                game: &game,
                played: game.canonical(mv),
                analysis: &analysis,
            };
            if args.json {
                writeln!(out, "{}", line.json())?;
            } else {
                writeln!(out, "{}", line.row())?;
            }
            // Lines go out as they are found, so a long analysis can be
            // followed (or piped) while it runs.
            out.flush()?;
            bar.inc(1);
        }
        // The record replayed as a whole above, so every move plays.
        game.play(mv)
            .map_err(|error| bad_input(format!("move {} {:?}: {error}", i + 1, mv.to_string())))?;
    }
    bar.finish_and_clear();
    if !args.json {
        write_footer(out, &game)?;
    }
    Ok(())
}

/// The bot's analysis of `game`, which has a decision due.
fn think(bot: &mut dyn Bot, game: &Game, budget: &Budget) -> anyhow::Result<Analysis> {
    bot.choose(game, budget)
        .map_err(|error| anyhow::anyhow!("the AI cannot analyse this position: {error}"))
}

/// One decision's analysis, as a table row or a JSON line.
struct Line<'a> {
    index: usize,
    game: &'a Game,
    played: Move,
    analysis: &'a Analysis,
}

impl Line<'_> {
    fn seat(&self) -> Option<usize> {
        self.game.to_act().map(|seat| seat.index())
    }

    /// The value the AI gave the move played, if it weighed it.
    fn played_value(&self) -> Option<f64> {
        self.analysis
            .candidates
            .iter()
            .find(|candidate| candidate.mv == self.played)
            .map(|candidate| candidate.value)
    }

    fn json(&self) -> String {
        let line = JsonLine {
            index: self.index,
            seat: self.seat(),
            phase: self.game.phase().name(),
            played: self.played.to_string(),
            best: self.analysis.best.to_string(),
            win: self.analysis.win.iter().map(|&w| round(w)).collect(),
            played_value: self.played_value().map(round),
            best_value: self.analysis.candidates.first().map(|c| round(c.value)),
            iterations: self.analysis.iterations,
            candidates: weighed(self.analysis, CANDIDATES_SHOWN),
        };
        // Plain strings and numbers always serialize.
        serde_json::to_string(&line).unwrap_or_default()
    }

    fn row(&self) -> String {
        let seat = self
            .seat()
            .map_or_else(|| "-".to_owned(), |seat| seat.to_string());
        let same = if self.played == self.analysis.best {
            " "
        } else {
            "*"
        };
        let wins: Vec<String> = self
            .analysis
            .win
            .iter()
            .map(|w| format!("{:>6.1}%", 100.0 * w))
            .collect();
        format!(
            "{:>5}  {seat:>4}  {:<14} {same} {:<14}  {}",
            self.index,
            self.played.to_string(),
            self.analysis.best.to_string(),
            wins.join(" ")
        )
    }
}

fn write_header(out: &mut impl Write, args: &Args, players: usize) -> std::io::Result<()> {
    writeln!(
        out,
        "analysis by {}, {} ms a decision; * marks a move other than the AI's choice",
        args.ai, args.time_ms
    )?;
    let seats: Vec<String> = (0..players)
        .map(|s| format!("{:>7}", format!("win {s}")))
        .collect();
    writeln!(
        out,
        "{:>5}  {:>4}  {:<14}   {:<14}  {}",
        "move",
        "seat",
        "played",
        "preferred",
        seats.join(" ")
    )
}

fn write_footer(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    if game.is_over() {
        let winners: Vec<String> = game.winners().map(|s| s.to_string()).collect();
        writeln!(out, "game over: seat(s) {} won", winners.join(", "))
    } else {
        writeln!(
            out,
            "the record ends before the game does ({} phase)",
            game.phase()
        )
    }
}

/// A decision as `--json` writes it; a struct, so that the fields keep this
/// order for people reading the lines.
#[derive(Serialize)]
struct JsonLine {
    index: usize,
    seat: Option<usize>,
    phase: &'static str,
    played: String,
    best: String,
    win: Vec<f64>,
    played_value: Option<f64>,
    best_value: Option<f64>,
    iterations: u64,
    candidates: Vec<Weighed>,
}
