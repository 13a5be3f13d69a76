//! `carolus analyse`: what a bot thinks of every decision of a recorded game.
//!
//! The whole record is read and replayed first, so that a bad record is
//! refused (status 2, one line naming the move, exactly as `carolus replay`
//! words it) before any time goes into thinking. The analysis itself is
//! carolus-core's ([`carolus_core::analysis`]); this command prints its
//! decisions as they come, as a table or as JSON lines, or the record with
//! the estimates in its `meta`.
//!
//! The table's last lines give each seat's average cost a decision (the
//! AI's own choices costing nothing), which is what a player studying their
//! own game wants first, and a line of block characters per seat (per team
//! in the team game) that draws its win chance over the game, so that the
//! turning points stand out.
//!
//! In the team game the table speaks of teams, because partners win
//! together: a win column per team, and costs in the team's chance. The
//! JSON keeps the bot protocol's terms, a share per seat.
//!
//! The table ends with a review: for each person (each seat, unless the
//! record's `meta.levels` says which seats the computer played), the three
//! decisions that cost most, the move played and the AI's choice, each
//! with sentences that explain it (carolus-core's [`carolus_core::explain`],
//! from the same search). `--explain` explains every decision's move
//! played, or with `--move N` one decision (or the AI's own choice at the
//! record's end: a hint), in words or in the API's JSON shape.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use carolus_ai::{BotSpec, Level, think};
use carolus_core::analysis::{Analyser, Cost, Decision, TIE, Tally, costliest};
use carolus_core::estimates::{self, META_KEY, Reading, Trail};
use carolus_core::explain::{Explanation, Names, Report, explain_analysis};
use carolus_core::loading;
use carolus_core::protocol::{Weighed, round};
use carolus_core::session::saved_levels;
use carolus_l10n::{Catalog, Language, catalog};
use carolus_rules::{Game, Move, Owner, Record, Seat};
use carolus_tui::graph;
use serde::Serialize;

use crate::failure::bad_input;
use crate::{input, progress};

/// Show what the AI thinks of every decision of a recorded game.
///
/// For each decision: the move played, the move the AI prefers, what the
/// move played cost against that choice (points of the mover's chance to
/// win) and every seat's estimated chance to win, before the move. Without
/// --json the output is a table that ends with each seat's average cost and
/// a graph of the win chances over the game; with
/// --json it is one JSON object per decision:
/// {"index": n, "seat": s, "phase": "disc", "played": "disc 3", "best":
/// "disc 2", "win": [..], "played_value": v|null, "best_value": v,
/// "iterations": n, "candidates": [{"move", "visits", "value"}, ..]}.
/// `index` counts the record's moves from 1, as replay's errors do; the
/// values are the mover's win chance after the move, when the AI weighed it.
/// With --annotate it is the record itself, with the estimates in its meta
/// for the win-chance graph of `carolus play --load`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record to analyse; `-` reads standard input.
    #[arg(value_name = "FILE|-")]
    file: PathBuf,

    /// Thinking time per decision, in milliseconds, unless the bot names a
    /// limit of its own (`mcts:ms=…`, `iterations=…`, `level=…`).
    #[arg(long, value_name = "T", default_value_t = 500,
          value_parser = crate::args::between::<u64>(0, carolus_core::protocol::MAX_TIME_MS))]
    time_ms: u64,

    /// The bot that analyses: random, greedy, mcts, mcts:level=4, …
    /// [default: mcts, or mcts:level=4 with --explain].
    #[arg(long, value_name = "SPEC")]
    ai: Option<BotSpec>,

    /// The seed of the bot's own random choices.
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: u64,

    /// One JSON object per decision instead of a table.
    #[arg(long, conflicts_with = "annotate")]
    json: bool,

    /// Instead of the table, print the record itself (one JSON line) with
    /// the AI's estimate before every decision in its `meta.estimates`, so
    /// that `carolus play --load` draws the win-chance graph of the game.
    #[arg(long)]
    annotate: bool,

    /// Which record to read from input holding several one after another
    /// (as `carolus match --records` and `carolus random` write them),
    /// counted from 1.
    #[arg(long, value_name = "N", value_parser = crate::args::parse_count::<u64>)]
    game: Option<u64>,

    /// Explain each move played in words: what it does and allows, against
    /// the AI's choice, from the lines the AI expects up to the next draw.
    /// Without --ai the AI is that of hints, mcts:level=4.
    #[arg(long, conflicts_with = "annotate")]
    explain: bool,

    /// With --explain, only the decision at move N of the record (counted
    /// from 1); N one past the record's last move explains the AI's own
    /// choice there, as a hint would.
    #[arg(long = "move", value_name = "N", requires = "explain",
          value_parser = crate::args::parse_count::<usize>)]
    at_move: Option<usize>,

    /// The language of the explanations: en, de or fr [default: en].
    #[arg(long, value_name = "LANG", value_parser = super::play::parse_language)]
    lang: Option<Language>,
}

/// How many of the candidates go into each JSON line.
const CANDIDATES_SHOWN: usize = 5;

impl Args {
    /// The bot that analyses: `--ai`, or by default the tree search (the
    /// hints' level 4 when explaining).
    fn spec(&self) -> BotSpec {
        match &self.ai {
            Some(spec) => spec.clone(),
            None if self.explain => Level::HINT.spec(),
            None => BotSpec::MCTS,
        }
    }
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let text = input::read_text(&args.file)?;
    let text = input::one_record(&text, args.game)
        .map_err(|error| bad_input(input::about(&args.file, error)))?;
    let refused = |error| bad_input(input::about_game(&args.file, args.game, error));
    let (record, end) = loading::replay_text(text).map_err(refused)?;
    let start = record.start().map_err(|error| refused(error.to_string()))?;
    let language = args.lang.unwrap_or(Language::English);
    let words = Words {
        catalog: catalog(language),
        names: Names::new(catalog(language), &start, record.names.as_deref()),
    };
    if let Some(at) = args.at_move {
        return explain_one(args, &record, at, &words, out).map_err(|error| match error {
            OneError::Refused(error) => refused(error),
            OneError::Other(error) => error,
        });
    }
    let decisions = record.moves.iter().filter(|mv| mv.is_decision()).count();
    if decisions == 0 {
        return Err(refused(
            "there is no decision to analyse: the record ends before anyone decides".to_owned(),
        ));
    }
    let spec = args.spec();
    let budget = spec.budget(Duration::from_millis(args.time_ms));
    let analyser = Analyser::new(record.clone(), spec.build(args.seed), budget)
        .map_err(|error| refused(error.to_string()))?;
    let table = !args.json && !args.annotate;
    // The table's review explains the costliest decisions, so a table
    // explains every decision as it goes (from the search it made anyway).
    let analyser = if table || args.explain {
        analyser.explaining()
    } else {
        analyser
    };
    let bar = progress::bar(decisions as u64, "decisions");

    if table {
        write_header(out, &spec, args.time_ms, &start)?;
    }
    let mut tallies = vec![Tally::default(); start.players()];
    let mut trail = Trail::default();
    let mut costly: Vec<Decision> = Vec::new();
    for decision in analyser {
        // The record replayed as a whole above, so only the bot can fail.
        let decision = decision?;
        if args.json && args.explain {
            if let Some(explanation) = &decision.explanation {
                writeln!(out, "{}", explained_json(&decision, explanation, &words))?;
            }
        } else if args.json {
            writeln!(out, "{}", json(&decision))?;
        } else if table {
            writeln!(out, "{}", row(&decision))?;
            if args.explain
                && let Some(explanation) = &decision.explanation
            {
                writeln!(
                    out,
                    "{:>13}{}",
                    "",
                    explanation.text(words.catalog, &words.names)
                )?;
            }
        }
        trail.record(decision.moves_before(), decision.win.clone());
        if let Some(tally) = tallies.get_mut(decision.seat.index()) {
            tally.add(decision.cost);
        }
        if table && matches!(decision.cost, Cost::Weighed(cost) if cost >= TIE) {
            costly.push(decision);
        }
        // Lines go out as they are found, so a long analysis can be
        // followed (or piped) while it runs.
        out.flush()?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    if table {
        write_footer(out, &end, &tallies, trail.readings())?;
        write_review(out, &record, &start, costly, &words)?;
    }
    if args.annotate {
        let mut record = record;
        record
            .meta
            .get_or_insert_with(Default::default)
            .insert(META_KEY.to_owned(), trail.to_json());
        writeln!(out, "{}", record.to_json())?;
    }
    Ok(())
}

/// The catalog and the names that explanations are said with.
struct Words {
    catalog: &'static Catalog,
    names: Names,
}

/// How many of each person's costliest decisions the review shows.
const REVIEWED: usize = 3;

/// The review: for each person, the [`REVIEWED`] decisions of `costly`
/// that cost most, each with the move played and the AI's choice and
/// their sentences. The people are the seats that `meta.levels` does not
/// give to the computer (every seat when the record does not say).
fn write_review(
    out: &mut impl Write,
    record: &Record,
    game: &Game,
    costly: Vec<Decision>,
    words: &Words,
) -> std::io::Result<()> {
    let computers: Vec<usize> = saved_levels(record)
        .ok()
        .flatten()
        .map(|levels| levels.into_iter().map(|(seat, _)| seat).collect())
        .unwrap_or_default();
    let cost = |decision: &Decision| match decision.cost {
        Cost::Weighed(cost) => cost,
        _ => 0.0,
    };
    writeln!(
        out,
        "review: the {REVIEWED} decisions that cost each person most, the move played and the AI's choice"
    )?;
    for seat in Seat::all(game.players()).filter(|seat| !computers.contains(&seat.index())) {
        let mine = costliest(&costly, seat, REVIEWED);
        if mine.is_empty() {
            writeln!(
                out,
                "seat {seat}: none of its decisions is known to have cost anything"
            )?;
        }
        for decision in mine {
            writeln!(
                out,
                "seat {seat}, move {}: {} points given up",
                decision.index,
                points(cost(decision))
            )?;
            let Some(explanation) = &decision.explanation else {
                continue;
            };
            let (catalog, names) = (words.catalog, &words.names);
            let played = &explanation.explained;
            writeln!(
                out,
                "  played {:<14} {}",
                decision.played.to_string(),
                explanation.better().map_or_else(
                    || played.text(catalog, names),
                    |better| played.text_against(better, catalog, names)
                )
            )?;
            if let Some(better) = explanation.better() {
                writeln!(
                    out,
                    "  better {:<14} {}",
                    decision.best.to_string(),
                    better.text_against(played, catalog, names)
                )?;
            }
        }
    }
    Ok(())
}

/// Why `explain_one` failed: the input (status 2) or anything else.
enum OneError {
    Refused(String),
    Other(anyhow::Error),
}

impl<E: Into<anyhow::Error>> From<E> for OneError {
    fn from(error: E) -> OneError {
        OneError::Other(error.into())
    }
}

/// `--explain --move N`: the decision at move `at` of `record` (or the AI's
/// choice one past its end) explained by a fresh search.
fn explain_one(
    args: &Args,
    record: &Record,
    at: usize,
    words: &Words,
    out: &mut impl Write,
) -> Result<(), OneError> {
    let moves = record.moves.len();
    if at > moves + 1 {
        return Err(OneError::Refused(format!(
            "there is no move {at}: the record has {moves} moves (give {} to explain the AI's choice after the last)",
            moves + 1
        )));
    }
    let mut before = record.clone();
    before.moves.truncate(at - 1);
    let game = before
        .replay()
        .map_err(|error| OneError::Refused(error.to_string()))?;
    if game.draw_due().is_some() || game.is_over() {
        return Err(OneError::Refused(format!(
            "move {at} is no decision: the game waits for {}",
            if game.is_over() {
                "nothing, it is over"
            } else {
                "a chance draw"
            }
        )));
    }
    let spec = args.spec();
    let mut bot = spec.build(args.seed);
    let budget = spec.budget(Duration::from_millis(args.time_ms));
    let analysis = think(bot.as_mut(), &game, &budget)?;
    let mv = record.moves.get(at - 1).copied().unwrap_or(analysis.best);
    let explanation = explain_analysis(&game, mv, bot.as_ref(), &analysis)?;
    let seat = explanation.seat;
    let (catalog, names) = (words.catalog, &words.names);
    if args.json {
        let decision = Numbered {
            index: at,
            seat: seat.index(),
            report: explanation.report(catalog, names),
        };
        writeln!(out, "{}", serde_json::to_string(&decision)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "move {at}, seat {seat}: {} ({}), by {}, {}",
        explanation.mv(),
        value_words(
            explanation.explained.value,
            explanation.best,
            explanation.is_best()
        ),
        spec,
        spec.thinking(Duration::from_millis(args.time_ms))
    )?;
    writeln!(out, "  line: {}", tokens(&explanation.explained.moves))?;
    writeln!(out, "  {}", explanation.text(catalog, names))?;
    writeln!(out, "alternatives:")?;
    for line in &explanation.alternatives {
        writeln!(
            out,
            "  {:<14} {:>6}  {}",
            line.first().map(|mv| mv.to_string()).unwrap_or_default(),
            line.value.map_or("?".to_owned(), points),
            line.text_against(&explanation.explained, catalog, names)
        )?;
    }
    Ok(())
}

/// A move's value against the AI's choice, in words for the heading.
fn value_words(value: Option<f64>, best: Move, is_best: bool) -> String {
    match value {
        _ if is_best => "the AI's choice".to_owned(),
        Some(value) => format!("{} points against {best}", points(value)),
        None => format!("not weighed against {best}"),
    }
}

fn tokens(moves: &[Move]) -> String {
    let tokens: Vec<String> = moves.iter().map(Move::to_string).collect();
    tokens.join(", ")
}

/// An explanation as `--explain --json` writes it: the decision's place and
/// seat, then the API's shape.
#[derive(Serialize)]
struct Numbered {
    index: usize,
    seat: usize,
    #[serde(flatten)]
    report: Report,
}

/// A decision's explanation as `--explain --json` writes it.
fn explained_json(decision: &Decision, explanation: &Explanation, words: &Words) -> String {
    let line = Numbered {
        index: decision.index,
        seat: decision.seat.index(),
        report: explanation.report(words.catalog, &words.names),
    };
    serde_json::to_string(&line).unwrap_or_default()
}

/// A decision as `--json` writes it.
fn json(decision: &Decision) -> String {
    let line = JsonLine {
        index: decision.index,
        seat: Some(decision.seat.index()),
        phase: decision.phase.name(),
        played: decision.played.to_string(),
        best: decision.best.to_string(),
        win: decision.win.iter().map(|&w| round(w)).collect(),
        played_value: decision.played_value.map(round),
        best_value: decision.best_value.map(round),
        iterations: decision.iterations,
        candidates: Weighed::first(&decision.candidates, CANDIDATES_SHOWN),
    };
    // Plain strings and numbers always serialize.
    serde_json::to_string(&line).unwrap_or_default()
}

/// A decision as a row of the table: a win column per side, a seat or in
/// the team game a team.
fn row(decision: &Decision) -> String {
    let same = match decision.cost {
        Cost::Chosen => " ",
        Cost::Tied => "=",
        Cost::Weighed(_) | Cost::NotWeighed => "*",
    };
    let wins: Vec<String> = decision
        .chances
        .iter()
        .map(|(owner, w)| format!("{:>w$.1}%", 100.0 * w, w = column_width(*owner) - 1))
        .collect();
    let cost = match decision.cost {
        Cost::Chosen | Cost::Tied => String::new(),
        Cost::Weighed(cost) => points(cost),
        Cost::NotWeighed => "?".to_owned(),
    };
    format!(
        "{:>5}  {:>4}  {:<14} {same} {:<14} {cost:>5}  {}",
        decision.index,
        decision.seat.index(),
        decision.played.to_string(),
        decision.best.to_string(),
        wins.join(" ")
    )
}

/// A side's seats, as `1` or `0+2`.
fn members(owner: Owner) -> String {
    let seats: Vec<String> = owner.seats().map(|seat| seat.index().to_string()).collect();
    seats.join("+")
}

/// A side's name in the graph and the last line: `seat 1`, or `team 0+2`.
fn side_name(owner: Owner) -> String {
    match owner {
        Owner::Seat(_) => format!("seat {}", members(owner)),
        Owner::Team(_) => format!("team {}", members(owner)),
    }
}

/// The width of a side's win column: `win 1` or `win 0+2` and a chance.
fn column_width(owner: Owner) -> usize {
    match owner {
        Owner::Seat(_) => 7,
        Owner::Team(_) => 9,
    }
}

fn write_header(
    out: &mut impl Write,
    spec: &BotSpec,
    time_ms: u64,
    game: &Game,
) -> std::io::Result<()> {
    writeln!(
        out,
        "analysis by {spec}, {}; * = not the AI's choice, = = another move it valued the same, cost = win chance given up (points)",
        spec.thinking(Duration::from_millis(time_ms))
    )?;
    let seats: Vec<String> = game
        .owners()
        .map(|owner| {
            let name = format!("win {}", members(owner));
            format!("{name:>w$}", w = column_width(owner))
        })
        .collect();
    writeln!(
        out,
        "{:>5}  {:>4}  {:<14}   {:<14} {:>5}  {}",
        "move",
        "seat",
        "played",
        "preferred",
        "cost",
        seats.join(" ")
    )
}

fn write_footer(
    out: &mut impl Write,
    game: &Game,
    tallies: &[Tally],
    chances: &[Reading],
) -> std::io::Result<()> {
    for (seat, tally) in tallies.iter().enumerate() {
        writeln!(out, "seat {seat}: {}", summary(tally))?;
    }
    write_graph(out, game, chances)?;
    if game.is_over() {
        let won = |owner: Owner| owner.seats().any(|seat| game.winners().any(|w| w == seat));
        let winners: Vec<String> = game.owners().filter(|&o| won(o)).map(side_name).collect();
        writeln!(out, "game over: {} won", winners.join(", "))
    } else {
        writeln!(
            out,
            "the record ends before the game does ({} phase)",
            game.phase()
        )
    }
}

/// The widest graph line: longer games share a column between decisions.
const GRAPH_COLUMNS: usize = 60;

/// One line of block characters per owner of `game` (a seat, or a team in
/// the team game), its win chance before each decision. A team's chance is
/// its seats' shares together, so that a sure win reaches the top.
/// The graph of the estimates before each decision, `chances`.
fn write_graph(out: &mut impl Write, game: &Game, chances: &[Reading]) -> std::io::Result<()> {
    if chances.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = game.owners().map(side_name).collect();
    let per_column = graph::values_per_column(chances.len(), GRAPH_COLUMNS);
    writeln!(
        out,
        "win chance before each decision{} (▁ 0% … █ 100%):",
        if per_column > 1 {
            format!(", a column for every {per_column}")
        } else {
            String::new()
        }
    )?;
    let width = names.iter().map(String::len).max().unwrap_or(0);
    let series =
        estimates::owner_series(game, chances.iter().map(|reading| reading.win.as_slice()));
    for (name, (_, values)) in names.iter().zip(series) {
        writeln!(
            out,
            "{name:<width$}  {}",
            graph::sparkline(&values, per_column)
        )?;
    }
    Ok(())
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

/// What a seat's tally says: how many of its decisions were not the AI's
/// choice and what they cost a decision on average.
fn summary(tally: &Tally) -> String {
    let Some(average) = tally.average_cost() else {
        return format!(
            "{} of {} decisions other than the AI's choice; it weighed none of them, so their cost is unknown",
            tally.others, tally.decisions
        );
    };
    let mut text = format!(
        "{} of {} decisions other than the AI's choice; {} points of win chance lost a decision on average",
        tally.others,
        tally.decisions,
        points(average)
    );
    if tally.not_weighed > 0 {
        text.push_str(&format!(" ({} not weighed)", tally.not_weighed));
    }
    if tally.tied > 0 {
        text.push_str(&format!(
            "; {} more valued the same as its choice",
            tally.tied
        ));
    }
    text
}

/// A chance as points (percent) with one decimal, never as "-0.0".
fn points(chance: f64) -> String {
    let tenths = (1000.0 * chance).round();
    // Adding zero turns a negative zero into a positive one.
    format!("{:.1}", tenths / 10.0 + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carolus_rules::{RecordedGame, Variant};

    #[test]
    fn a_seats_summary_counts_its_moves_and_gives_the_average_cost() {
        let mut tally = Tally::default();
        tally.add(Cost::Chosen);
        tally.add(Cost::Weighed(0.031));
        tally.add(Cost::Weighed(-0.004));
        tally.add(Cost::NotWeighed);
        // (3.1 − 0.4) points over the three decisions whose cost is known.
        assert_eq!(
            summary(&tally),
            "3 of 4 decisions other than the AI's choice; 0.9 points of win chance lost a \
             decision on average (1 not weighed)"
        );
        let mut unknown = Tally::default();
        unknown.add(Cost::Chosen);
        unknown.add(Cost::NotWeighed);
        assert_eq!(
            summary(&unknown),
            "1 of 2 decisions other than the AI's choice; it weighed none of them, so their cost \
             is unknown"
        );
        let mut tied = Tally::default();
        tied.add(Cost::Tied);
        tied.add(Cost::Weighed(0.02));
        assert_eq!(
            summary(&tied),
            "1 of 2 decisions other than the AI's choice; 1.0 points of win chance lost a \
             decision on average; 1 more valued the same as its choice"
        );
    }

    fn new_game(players: usize) -> Game {
        let variant = Variant::for_players(players);
        RecordedGame::from_seed(players, variant, 1)
            .unwrap()
            .game()
            .clone()
    }

    #[test]
    fn the_graph_has_a_line_per_seat_or_per_team() {
        let two: Vec<Reading> = (0..120)
            .map(|i| Reading {
                moves: i,
                win: vec![i as f64 / 119.0, 1.0 - i as f64 / 119.0],
            })
            .collect();
        let mut text = Vec::new();
        write_graph(&mut text, &new_game(2), &two).unwrap();
        let text = String::from_utf8(text).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].contains("a column for every 2"), "{text}");
        assert!(
            lines[1].starts_with("seat 0  ▁") && lines[1].ends_with('█'),
            "{text}"
        );
        assert_eq!(lines[1].chars().count(), "seat 0  ".len() + GRAPH_COLUMNS);
        assert!(
            lines[2].starts_with("seat 1  █") && lines[2].ends_with('▁'),
            "{text}"
        );

        // In the team game a team's sure win reaches the top.
        let team = vec![Reading {
            moves: 0,
            win: vec![0.5, 0.0, 0.5, 0.0],
        }];
        let mut text = Vec::new();
        write_graph(&mut text, &new_game(4), &team).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("team 0+2  █\nteam 1+3  ▁\n"), "{text}");
    }

    #[test]
    fn points_have_one_decimal_and_no_negative_zero() {
        assert_eq!(points(0.0314), "3.1");
        assert_eq!(points(-0.0004), "0.0");
        assert_eq!(points(-0.012), "-1.2");
        assert_eq!(points(1.0), "100.0");
    }
}
