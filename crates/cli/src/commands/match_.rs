//! `carolus match`: bots play each other in duplicate sets, with statistics.
//!
//! The games are handed out in set order to `--threads` workers
//! ([`crate::schedule`]). Results come back to this thread, which keeps the
//! tallies, draws the progress bar, runs the SPRT after every complete set
//! and writes the records in the order of the games (whatever order they
//! finish in), so that a match with a fixed seed writes the same file every
//! time. Under `--sprt` a set starts only once the test has seen every set
//! before it, so the set where it decides is fixed by the seed too; then
//! no new set is started, and the statistics rest on whole sets.

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::arena::{self, Outcome, Table};
use crate::args::Players;
use crate::children;
use crate::duplicate::Plan;
use crate::failure::bad_input;
use crate::players::BotChoice;
use crate::progress;
use crate::resume;
use crate::schedule::Schedule;
use crate::seed;
use crate::stats::{self, Decision, Interval, Sprt, Tally};

/// Play a match between bots in duplicate sets and report the statistics.
///
/// Games are played in sets that share the set-up and each seat's chance
/// draws, with the bots rotated through the seats, so that luck cancels
/// (see "Duplicate sets" below and BOTS.md). At the end a table shows each
/// bot's games, wins, shared wins, losses and score (a k-way shared win
/// scores 1/k) with a 95% confidence interval, and for two bots their Elo
/// difference.
#[derive(clap::Args, Debug)]
#[command(after_long_help = MATCH_HELP)]
pub struct Args {
    /// A bot: random, greedy, mcts, mcts:level=3, mcts:ms=500, level:N, or
    /// cmd:<program> for an external program speaking the bot protocol.
    /// Give it two to four times (see "Duplicate sets" below).
    // The help text is also rustdoc, which reads `<program>` as HTML.
    #[allow(rustdoc::invalid_html_tags)]
    #[arg(long = "bot", value_name = "SPEC", required = true, num_args = 1)]
    bots: Vec<BotChoice>,

    #[command(flatten)]
    players: Players,

    /// How many games to play, rounded up to whole sets; with --sprt, the
    /// most that will be played.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,

    /// The match's master seed [default: a fresh one from the operating
    /// system, printed in the summary].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Thinking time per move, in milliseconds, for every bot (a built-in
    /// bot's own `ms=` applies if it is shorter).
    #[arg(long, value_name = "T", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=crate::protocol::MAX_TIME_MS))]
    time_ms: u64,

    /// How much longer than --time-ms an external program may take to answer
    /// before it loses the game as silent, in milliseconds.
    #[arg(long, value_name = "G", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=crate::protocol::MAX_TIME_MS))]
    grace_ms: u64,

    /// How much longer than the rest an external program's first answer in
    /// a game may take, for its start-up (an interpreter, loading a model),
    /// in milliseconds.
    #[arg(long, value_name = "S", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(0..=crate::protocol::MAX_TIME_MS))]
    startup_ms: u64,

    /// Games played at once. The default is 1 because mcts already uses
    /// every core.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,

    /// Write every game's record to FILE, one JSON line per game in the
    /// order of the games.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,

    /// Go on with the match whose records are in --records FILE: the games
    /// there are checked (same seed, bots and seats; each must replay),
    /// counted, and only the missing ones are played and appended. The seed
    /// comes from the file; a --seed must agree with it. A missing or empty
    /// file starts the match from its first game.
    #[arg(long, requires = "records")]
    resume: bool,

    /// Stop as soon as a sequential probability ratio test (α = β = 0.05)
    /// decides between "the first bot is ELO0 stronger" and "ELO1 stronger"
    /// (two bots only).
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    sprt: Option<Sprt>,

    /// Print the summary as one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// How sets and the statistics work, for `carolus match --help`.
const MATCH_HELP: &str = "\
Duplicate sets:
  All games of a set share the set-up (territories, initial order) and each
  seat's draws: seat s's n-th draw is the same in every game of the set.
  The bots rotate through the seats (bots numbered in --bot order):
    2 players, 2 bots: 01, 10
    3 players, 2 bots: 011, 101, 110, 100, 010, 001
    3 players, 3 bots: 012, 021, 102, 120, 201, 210
    4 players (teams 0+2 and 1+3), 2 bots: 0101, 1010
    4 players (teams 0+2 and 1+3), 4 bots: all 24 orders, 0123 to 3210
  With four bots partners share their team's point: a fair score is 25%.
  A bot that crashes, stays silent past --time-ms + --grace-ms (plus
  --startup-ms for a program's first answer in a game), or answers
  garbage or an illegal move loses that game (its other seats too; the other
  seats share the win) and the match goes on.

Statistics:
  Score intervals, the Elo interval and the SPRT use one sample per set:
  the bot's score over the set divided by the games in it. The SPRT is the
  generalized (pentanomial for two-game sets) log-likelihood ratio test,
  checked after every set; see BOTS.md.";

/// Reads `ELO0,ELO1` for --sprt.
fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let (elo0, elo1) = text
        .split_once(',')
        .ok_or_else(|| format!("expected ELO0,ELO1 such as 0,10, not {text:?}"))?;
    let number = |part: &str| -> Result<f64, String> {
        part.trim()
            .parse::<f64>()
            .ok()
            .filter(|value| value.is_finite() && value.abs() <= 2000.0)
            .ok_or_else(|| {
                format!("{part:?} is not an Elo difference (a number from -2000 to 2000)")
            })
    };
    let (elo0, elo1) = (number(elo0)?, number(elo1)?);
    if elo0 >= elo1 {
        return Err(format!("ELO0 must be below ELO1, but {elo0} ≥ {elo1}"));
    }
    Ok(Sprt::new(elo0, elo1))
}

/// A forfeit as the summary lists it.
struct ForfeitLine {
    set: u64,
    rotation: usize,
    seat: usize,
    bot: usize,
    move_number: usize,
    reason: String,
}

/// Where the SPRT stands.
struct SprtState {
    sprt: Sprt,
    llr: f64,
    bounds: (f64, f64),
    decision: Option<Decision>,
}

/// Everything the summary shows.
struct Summary {
    bots: Vec<String>,
    players: usize,
    set_size: usize,
    seed: u64,
    tallies: Vec<Tally>,
    /// Per bot, one score per complete set (0 to 1).
    set_scores: Vec<Vec<f64>>,
    forfeits: Vec<ForfeitLine>,
    unfinished: u64,
    sprt: Option<Sprt>,
    elapsed: Duration,
    /// How many of the games were read back by --resume.
    resumed: u64,
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let plan = Plan::new(args.players.count(), args.bots.len()).map_err(bad_input)?;
    if args.sprt.is_some() && args.bots.len() != 2 {
        return Err(bad_input(
            "--sprt compares two bots; give exactly two --bot",
        ));
    }
    let set_size = plan.set_size() as u64;
    let total_sets = args.games.div_ceil(set_size);
    let resumed = match (&args.records, args.resume) {
        (Some(path), true) => Some(resume::load(
            path,
            &resume::Expected {
                bots: &args.bots,
                plan: &plan,
                variant: args.players.variant(),
                seed: args.seed,
            },
        )?),
        _ => None,
    };
    let master_seed = match &resumed {
        Some(resumed) if !resumed.outcomes.is_empty() => resumed.master_seed,
        _ => seed::given_or_fresh(args.seed)?,
    };
    let mut records = match &args.records {
        Some(path) => {
            let file = match &resumed {
                Some(resumed) => resumed.open_for_append(path),
                None => File::create(path),
            };
            let file =
                file.map_err(|error| bad_input(format!("--records {}: {error}", path.display())))?;
            Some(BufWriter::new(file))
        }
        None => None,
    };
    let first_game = resumed
        .as_ref()
        .map_or((0, 0), |resumed| resumed.next_game(&plan));

    if args
        .bots
        .iter()
        .any(|bot| matches!(bot, BotChoice::External { .. }))
    {
        children::stop_all_on_signals();
    }

    let table = Table {
        bots: &args.bots,
        plan: &plan,
        time: Duration::from_millis(args.time_ms),
        grace: Duration::from_millis(args.grace_ms),
        startup: Duration::from_millis(args.startup_ms),
        master_seed,
    };
    let schedule = Schedule::new(
        master_seed,
        first_game,
        total_sets,
        &plan,
        args.players,
        args.sprt.is_some(),
    );
    let names: Vec<String> = args.bots.iter().map(ToString::to_string).collect();
    let mut summary = Summary {
        bots: names,
        players: plan.players(),
        set_size: plan.set_size(),
        seed: master_seed,
        tallies: vec![Tally::default(); plan.bots()],
        set_scores: vec![Vec::new(); plan.bots()],
        forfeits: Vec::new(),
        unfinished: 0,
        sprt: args.sprt,
        elapsed: Duration::ZERO,
        resumed: 0,
    };
    // The games read back are counted first, as if just played; a set left
    // unfinished waits in `pending_sets` for the games still to come.
    let mut pending_sets = PendingSets::new();
    if let Some(resumed) = &resumed {
        if resumed.dropped_partial_line {
            note("note: the last line of the records was cut off; its game is played again");
        }
        for outcome in &resumed.outcomes {
            summary.count(outcome, &mut pending_sets);
        }
        summary.resumed = resumed.outcomes.len() as u64;
        // Without a progress bar (stderr not a terminal) a resumed match
        // that first finishes a begun set would otherwise be silent.
        if summary.resumed > 0 {
            note(&resume_note(
                summary.resumed,
                &pending_sets,
                plan.set_size(),
            ));
        }
        if let Some(sprt) = args.sprt
            && sprt.decide(&summary.set_scores[0]).is_some()
        {
            schedule.stop();
        }
    }
    let bar = progress::bar((total_sets * set_size).max(summary.games()), "games");
    bar.set_position(summary.games());
    let start = Instant::now();
    let mut failure: Option<anyhow::Error> = None;

    std::thread::scope(|scope| {
        let (sender, results) = channel::<anyhow::Result<Outcome>>();
        for _ in 0..args.threads {
            let sender = sender.clone();
            let schedule = &schedule;
            let table = &table;
            scope.spawn(move || {
                while let Some((deal, rotation)) = schedule.next() {
                    if sender.send(arena::play(table, &deal, rotation)).is_err() {
                        break;
                    }
                }
            });
        }
        // The workers hold the only senders now, so the loop below ends
        // when the last of them has finished.
        drop(sender);

        let mut pending_records: BTreeMap<(u64, usize), String> = BTreeMap::new();
        let mut next_record = first_game;
        for result in results {
            let outcome = match result {
                Ok(outcome) => outcome,
                Err(error) => {
                    schedule.abort();
                    failure.get_or_insert(error);
                    continue;
                }
            };
            bar.inc(1);
            if summary.count(&outcome, &mut pending_sets) {
                let decided = args
                    .sprt
                    .is_some_and(|sprt| sprt.decide(&summary.set_scores[0]).is_some());
                schedule.counted(outcome.set, decided);
            }
            bar.set_message(summary.progress_message());
            if let Some(writer) = records.as_mut() {
                pending_records.insert((outcome.set, outcome.rotation), outcome.record.to_json());
                while let Some(line) = pending_records.remove(&next_record) {
                    if let Err(error) = writeln!(writer, "{line}") {
                        schedule.abort();
                        failure.get_or_insert(records_error(args, error));
                    }
                    next_record = if next_record.1 + 1 < plan.set_size() {
                        (next_record.0, next_record.1 + 1)
                    } else {
                        (next_record.0 + 1, 0)
                    };
                }
                // A long match may be interrupted: the games finished so far
                // are on disk, not in a buffer.
                if let Err(error) = writer.flush() {
                    schedule.abort();
                    failure.get_or_insert(records_error(args, error));
                }
            }
        }
        // After an error some games never came; what did is still written.
        if let Some(writer) = records.as_mut() {
            for line in pending_records.values() {
                if let Err(error) = writeln!(writer, "{line}") {
                    failure.get_or_insert(records_error(args, error));
                    break;
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(error) = failure {
        return Err(error);
    }
    if let Some(mut writer) = records
        && let Err(error) = writer.flush()
    {
        return Err(records_error(args, error));
    }
    summary.elapsed = start.elapsed();
    if args.json {
        writeln!(out, "{}", summary.to_json())?;
    } else {
        summary.write_table(out)?;
    }
    Ok(())
}

/// The sets begun but not yet finished, by set number: the games of the
/// set counted so far and each bot's points in them.
type PendingSets = HashMap<u64, (usize, Vec<f64>)>;

/// Writes one line for the user on stderr, beside the progress bar.
fn note(line: &str) {
    // A closed stderr is no reason to stop the match.
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The line that tells how a resumed match goes on: how many games were
/// read back, and whether sets they began are finished first (the
/// duplicate format compares whole sets only). With several match threads
/// an interrupted match can leave more than one set begun.
fn resume_note(read_back: u64, pending_sets: &PendingSets, set_size: usize) -> String {
    let unfinished: Vec<usize> = pending_sets
        .values()
        .map(|(played, _)| *played)
        .filter(|&played| played < set_size)
        .collect();
    let missing: usize = unfinished.iter().map(|played| set_size - played).sum();
    let games = |count: u64| if count == 1 { "game" } else { "games" };
    let read = format!(
        "note: {read_back} {} read back from the records",
        games(read_back)
    );
    match unfinished.len() {
        0 => read,
        1 => format!(
            "{read}; the set they began is finished first ({missing} {})",
            games(missing as u64)
        ),
        sets => format!(
            "{read}; the {sets} sets they began are finished first ({missing} {})",
            games(missing as u64)
        ),
    }
}

fn records_error(args: &Args, error: std::io::Error) -> anyhow::Error {
    let path = args
        .records
        .as_ref()
        .map_or_else(String::new, |path| path.display().to_string());
    anyhow::anyhow!("cannot write the records to {path}: {error}")
}

impl Summary {
    /// Counts one game; returns whether it completed its set.
    fn count(&mut self, outcome: &Outcome, pending: &mut PendingSets) -> bool {
        let bots = self.tallies.len();
        let winners = outcome.winners.len();
        let entry = pending
            .entry(outcome.set)
            .or_insert_with(|| (0, vec![0.0; bots]));
        entry.0 += 1;
        for bot in 0..bots {
            let mine = outcome
                .winners
                .iter()
                .filter(|&&seat| outcome.seats.get(seat) == Some(&bot))
                .count();
            self.tallies[bot].add(mine, winners);
            entry.1[bot] += stats::share(mine, winners);
        }
        if let Some(forfeit) = &outcome.forfeit {
            self.forfeits.push(ForfeitLine {
                set: outcome.set,
                rotation: outcome.rotation,
                seat: forfeit.seat,
                bot: forfeit.bot,
                move_number: forfeit.move_number,
                reason: forfeit.reason.clone(),
            });
        }
        if outcome.unfinished {
            self.unfinished += 1;
        }
        if entry.0 < self.set_size {
            return false;
        }
        if let Some((_, scores)) = pending.remove(&outcome.set) {
            for (bot, score) in scores.into_iter().enumerate() {
                self.set_scores[bot].push(score / self.set_size as f64);
            }
        }
        true
    }

    fn games(&self) -> u64 {
        self.tallies.first().map_or(0, |tally| tally.games)
    }

    fn sets(&self) -> usize {
        self.set_scores.first().map_or(0, Vec::len)
    }

    /// The 95% interval of each bot's score per game.
    fn interval(&self, bot: usize) -> Option<Interval> {
        stats::mean_interval(&self.set_scores[bot])
    }

    /// The Elo difference of the first bot over the second with its 95%
    /// interval (two bots only).
    fn elo(&self) -> Option<(f64, Option<(f64, f64)>)> {
        if self.tallies.len() != 2 {
            return None;
        }
        let score = self.tallies[0].fraction()?;
        let interval = self
            .interval(0)
            .map(|i| (stats::elo_from_score(i.low), stats::elo_from_score(i.high)));
        Some((stats::elo_from_score(score), interval))
    }

    /// The SPRT's ratio, bounds and decision, if one was asked for.
    fn sprt_state(&self) -> Option<SprtState> {
        let sprt = self.sprt?;
        let samples = &self.set_scores[0];
        Some(SprtState {
            sprt,
            llr: sprt.llr(samples),
            bounds: sprt.bounds(),
            decision: sprt.decide(samples),
        })
    }

    fn progress_message(&self) -> String {
        let scores: Vec<String> = self
            .bots
            .iter()
            .zip(&self.tallies)
            .map(|(name, tally)| format!("{name} {:.1}%", 100.0 * tally.fraction().unwrap_or(0.0)))
            .collect();
        let mut message = scores.join(" · ");
        if let Some(SprtState {
            llr,
            bounds: (lower, upper),
            ..
        }) = self.sprt_state()
        {
            message.push_str(&format!("  LLR {llr:.2} ({lower:.2}, {upper:.2})"));
        }
        message
    }

    fn write_table(&self, out: &mut impl Write) -> std::io::Result<()> {
        let set_word = if self.sets() == 1 { "set" } else { "sets" };
        writeln!(
            out,
            "{} games ({} {set_word} of {}), {} players, seed {}, {:.1} s",
            self.games(),
            self.sets(),
            self.set_size,
            self.players,
            self.seed,
            self.elapsed.as_secs_f64()
        )?;
        if self.resumed > 0 {
            writeln!(
                out,
                "({} games read back from the records, {} played now)",
                self.resumed,
                self.games() - self.resumed
            )?;
        }
        let width = self.bots.iter().map(String::len).max().unwrap_or(3).max(3);
        writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>8}  {:>6}  95% CI",
            "bot", "games", "wins", "shared", "losses", "score", "score%"
        )?;
        for (bot, (name, tally)) in self.bots.iter().zip(&self.tallies).enumerate() {
            let interval = self.interval(bot).map_or_else(
                || "—".to_owned(),
                |i| format!("[{:.1}%, {:.1}%]", 100.0 * i.low, 100.0 * i.high),
            );
            writeln!(
                out,
                "{name:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>8.2}  {:>5.1}%  {interval}",
                tally.games,
                tally.wins,
                tally.shared,
                tally.losses,
                tally.score,
                100.0 * tally.fraction().unwrap_or(0.0),
            )?;
        }
        if let Some((elo, interval)) = self.elo() {
            let interval = interval.map_or_else(
                || "interval unknown with one set".to_owned(),
                |(low, high)| format!("95% CI [{}, {}]", signed(low), signed(high)),
            );
            writeln!(
                out,
                "Elo difference ({} − {}): {}, {interval}",
                self.bots[0],
                self.bots[1],
                signed(elo)
            )?;
        }
        if self.sets() > 0 {
            let (won, tied) = sets_won(&self.set_scores);
            let won: Vec<String> = self
                .bots
                .iter()
                .zip(won)
                .map(|(name, sets)| format!("{name} {sets}"))
                .collect();
            writeln!(
                out,
                "Sets won (most points in the set): {}; tied at the top: {tied}",
                won.join(", ")
            )?;
        }
        if let Some(SprtState {
            sprt,
            llr,
            bounds: (lower, upper),
            decision,
        }) = self.sprt_state()
        {
            let verdict = match decision {
                Some(Decision::H1) => format!(
                    "H1 accepted: {} is about {} Elo stronger or more",
                    self.bots[0],
                    signed(sprt.elo1)
                ),
                Some(Decision::H0) => format!(
                    "H0 accepted: {} is about {} Elo stronger or less",
                    self.bots[0],
                    signed(sprt.elo0)
                ),
                None => "no decision yet".to_owned(),
            };
            writeln!(
                out,
                "SPRT elo0 {} elo1 {} (α = β = 0.05): {verdict} after {} sets; LLR {llr:.3}, bounds [{lower:.3}, {upper:.3}]",
                signed(sprt.elo0),
                signed(sprt.elo1),
                self.sets()
            )?;
        }
        if self.unfinished > 0 {
            writeln!(
                out,
                "{} games were cut off unfinished and count as shared by all seats",
                self.unfinished
            )?;
        }
        if !self.forfeits.is_empty() {
            writeln!(out, "forfeits: {}", self.forfeits.len())?;
            const SHOWN: usize = 20;
            for forfeit in self.forfeits.iter().take(SHOWN) {
                writeln!(
                    out,
                    "  set {} game {}: {} (seat {}) lost at move {}: {}",
                    forfeit.set,
                    forfeit.rotation,
                    self.bots[forfeit.bot],
                    forfeit.seat,
                    forfeit.move_number,
                    crate::failure::one_line(&forfeit.reason)
                )?;
            }
            if self.forfeits.len() > SHOWN {
                writeln!(out, "  … and {} more", self.forfeits.len() - SHOWN)?;
            }
        }
        Ok(())
    }

    fn to_json(&self) -> Value {
        let (sets_won, sets_tied) = sets_won(&self.set_scores);
        let bots: Vec<Value> = self
            .bots
            .iter()
            .zip(&self.tallies)
            .enumerate()
            .map(|(bot, (name, tally))| {
                let interval = self.interval(bot).map(|i| json!([i.low, i.high]));
                json!({
                    "bot": name,
                    "games": tally.games,
                    "wins": tally.wins,
                    "shared": tally.shared,
                    "losses": tally.losses,
                    "score": tally.score,
                    "fraction": tally.fraction(),
                    "ci95": interval,
                    "sets_won": sets_won[bot],
                    "forfeits": self.forfeits.iter().filter(|f| f.bot == bot).count(),
                })
            })
            .collect();
        let elo = self.elo().map(|(elo, interval)| {
            json!({
                "diff": finite(elo),
                "ci95": interval.map(|(low, high)| json!([finite(low), finite(high)])),
            })
        });
        let sprt = self.sprt_state().map(|state| {
            let SprtState {
                sprt,
                llr,
                bounds: (lower, upper),
                decision,
            } = state;
            json!({
                "elo0": sprt.elo0,
                "elo1": sprt.elo1,
                "alpha": sprt.alpha,
                "beta": sprt.beta,
                "llr": llr,
                "bounds": [lower, upper],
                "decision": decision.map(|d| match d {
                    Decision::H0 => "H0",
                    Decision::H1 => "H1",
                }),
            })
        });
        let forfeits: Vec<Value> = self
            .forfeits
            .iter()
            .map(|f| {
                json!({
                    "set": f.set,
                    "rotation": f.rotation,
                    "seat": f.seat,
                    "bot": self.bots[f.bot],
                    "move": f.move_number,
                    "reason": f.reason,
                })
            })
            .collect();
        json!({
            "games": self.games(),
            "sets": self.sets(),
            "sets_tied": sets_tied,
            "set_size": self.set_size,
            "players": self.players,
            "seed": self.seed.to_string(),
            "seconds": self.elapsed.as_secs_f64(),
            "resumed": self.resumed,
            "bots": bots,
            "elo": elo,
            "sprt": sprt,
            "unfinished": self.unfinished,
            "forfeits": forfeits,
        })
    }
}

/// Counts, over the complete sets, the sets each bot won (its score in the
/// set above every other bot's) and the sets whose top score was shared.
/// `set_scores[bot][set]` is a bot's score in a set. Two equally strong
/// bots split about half of the sets of a two-player match (each wins one
/// game of the set), so these counts show how much of a score rests on
/// sets that one bot won outright.
fn sets_won(set_scores: &[Vec<f64>]) -> (Vec<usize>, usize) {
    // Set scores are sums of shares such as 1/3, so equal scores may differ
    // in the last bits.
    const SAME: f64 = 1e-9;
    let mut won = vec![0; set_scores.len()];
    let mut tied = 0;
    // Every complete set adds one score to every bot, so the lengths agree;
    // the shortest is the safe bound all the same.
    let sets = set_scores.iter().map(Vec::len).min().unwrap_or(0);
    for set in 0..sets {
        let scores: Vec<f64> = set_scores.iter().map(|bot| bot[set]).collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut leaders = scores
            .iter()
            .enumerate()
            .filter(|&(_, &score)| best - score < SAME);
        match (leaders.next(), leaders.next()) {
            (Some((bot, _)), None) => won[bot] += 1,
            _ => tied += 1,
        }
    }
    (won, tied)
}

/// An Elo figure with its sign, rounded to whole points; ±∞ for a score
/// of 0 or 1. The minus is ASCII, as Rust prints finite figures, so that
/// scripts reading the table see one sign.
fn signed(elo: f64) -> String {
    if elo == f64::INFINITY {
        "+∞".to_owned()
    } else if elo == f64::NEG_INFINITY {
        "-∞".to_owned()
    } else if elo.abs() < 0.5 {
        // Not "-0" for a hair below zero.
        "0".to_owned()
    } else {
        format!("{elo:+.0}")
    }
}

/// `value` for JSON, where infinities have no number: null instead.
fn finite(value: f64) -> Option<f64> {
    value.is_finite().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_match_says_whether_it_first_finishes_a_begun_set() {
        let mut pending = HashMap::new();
        assert_eq!(
            resume_note(4, &pending, 2),
            "note: 4 games read back from the records"
        );
        pending.insert(2, (1, vec![0.0; 3]));
        assert_eq!(
            resume_note(7, &pending, 3),
            "note: 7 games read back from the records; \
             the set they began is finished first (2 games)"
        );
        pending.insert(2, (2, vec![0.0; 3]));
        assert!(resume_note(8, &pending, 3).ends_with("(1 game)"));
    }

    #[test]
    fn a_set_is_won_by_the_bot_with_the_most_points_in_it() {
        // Three sets of two games: the first bot wins both games, each
        // wins one, the second bot wins both.
        let scores = vec![vec![1.0, 0.5, 0.0], vec![0.0, 0.5, 1.0]];
        assert_eq!(sets_won(&scores), (vec![1, 1], 1));
        // Three bots: a shared top score is a tie, shares of 1/3 included.
        let third = 1.0 / 3.0;
        let scores = vec![
            vec![0.5, third],
            vec![0.25, third],
            vec![0.25, 1.0 - 2.0 * third],
        ];
        assert_eq!(sets_won(&scores), (vec![1, 0, 0], 1));
        assert_eq!(sets_won(&[Vec::new(), Vec::new()]), (vec![0, 0], 0));
    }

    #[test]
    fn a_resumed_match_counts_every_set_it_began() {
        // Two match threads can leave two sets begun when a match stops.
        let mut pending = HashMap::new();
        pending.insert(4, (1, vec![0.0; 2]));
        pending.insert(5, (1, vec![0.0; 2]));
        assert_eq!(
            resume_note(9, &pending, 2),
            "note: 9 games read back from the records; \
             the 2 sets they began are finished first (2 games)"
        );
    }

    #[test]
    fn sprt_arguments_read_and_refuse() {
        assert_eq!(parse_sprt("0,10"), Ok(Sprt::new(0.0, 10.0)));
        assert_eq!(parse_sprt("-5, 5"), Ok(Sprt::new(-5.0, 5.0)));
        for bad in ["10", "10,0", "a,b", "0,inf", "5,5"] {
            assert!(parse_sprt(bad).is_err(), "{bad}");
        }
    }

    fn summary(bots: usize, set_size: usize) -> Summary {
        Summary {
            bots: (0..bots).map(|b| format!("bot{b}")).collect(),
            players: 3,
            set_size,
            seed: 0,
            tallies: vec![Tally::default(); bots],
            set_scores: vec![Vec::new(); bots],
            forfeits: Vec::new(),
            unfinished: 0,
            sprt: None,
            elapsed: Duration::ZERO,
            resumed: 0,
        }
    }

    fn outcome(set: u64, rotation: usize, seats: &[usize], winners: &[usize]) -> Outcome {
        let game =
            carolus_rules::RecordedGame::from_seed(3, carolus_rules::Variant::STANDARD, 1).unwrap();
        Outcome {
            set,
            rotation,
            seats: seats.to_vec(),
            winners: winners.to_vec(),
            forfeit: None,
            unfinished: false,
            record: game.into_record(),
        }
    }

    #[test]
    fn games_are_tallied_per_bot_and_sets_become_one_sample_each() {
        // A 3-player set of bot 0 and bot 1: six games, with the winning
        // seats below.
        let plan = Plan::new(3, 2).unwrap();
        let mut summary = summary(2, plan.set_size());
        let mut pending = HashMap::new();
        let winners: [&[usize]; 6] = [&[0], &[1], &[0, 1, 2], &[0], &[1], &[0]];
        for (rotation, winners) in winners.iter().enumerate() {
            let complete = summary.count(
                &outcome(0, rotation, plan.seats(rotation), winners),
                &mut pending,
            );
            assert_eq!(complete, rotation == 5);
        }
        // The bots by seat are 011, 101, 110, 100, 010, 001, so bot 0 wins
        // games 0, 1 and 5 (seats 0, 1, 0 are its), shares game 2 (seat 2
        // of the three winners: 1/3) and loses games 3 and 4; bot 1 wins
        // games 3 and 4 and holds 2/3 of game 2.
        let bot0 = summary.tallies[0];
        assert_eq!(
            (bot0.games, bot0.wins, bot0.shared, bot0.losses),
            (6, 3, 1, 2)
        );
        assert!((bot0.score - (3.0 + 1.0 / 3.0)).abs() < 1e-12);
        let bot1 = summary.tallies[1];
        assert_eq!((bot1.wins, bot1.shared, bot1.losses), (2, 1, 3));
        assert!((bot0.score + bot1.score - 6.0).abs() < 1e-12);
        assert_eq!(summary.sets(), 1);
        assert!((summary.set_scores[0][0] - (3.0 + 1.0 / 3.0) / 6.0).abs() < 1e-12);
        assert!(pending.is_empty());
    }

    #[test]
    fn elo_figures_have_signs_and_infinities() {
        assert_eq!(signed(35.4), "+35");
        assert_eq!(signed(-120.6), "-121");
        assert_eq!(signed(f64::INFINITY), "+∞");
        assert_eq!(signed(f64::NEG_INFINITY), "-∞", "the same minus as -121");
        assert_eq!(signed(-0.2), "0");
        assert_eq!(finite(f64::NEG_INFINITY), None);
    }
}
