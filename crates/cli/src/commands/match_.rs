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

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::arena::{self, Outcome, Table};
use crate::args::Players;
use crate::children;
use crate::duplicate::Plan;
use crate::failure::bad_input;
use crate::players::{BotChoice, labels};
use crate::progress;
use crate::resume;
use crate::schedule::Schedule;
use crate::seed;
use crate::stats::Sprt;
use crate::summary::{PendingSets, Summary};

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
    /// Give it two to four times, one bot a seat at most (see "Duplicate
    /// sets" below), or three to eight times for a two-player round robin.
    // The help text is also rustdoc, which reads `<program>` as HTML.
    #[allow(rustdoc::invalid_html_tags)]
    #[arg(long = "bot", value_name = "SPEC", required = true, num_args = 1)]
    bots: Vec<BotChoice>,

    #[command(flatten)]
    players: Players,

    /// How many games to play, rounded up to whole sets; with --sprt, the
    /// most that will be played; with --score, how many of the records'
    /// first games to score (all of them if not given).
    #[arg(long, value_name = "N", required_unless_present = "score",
          value_parser = crate::args::parse_count::<u64>)]
    games: Option<u64>,

    /// The match's master seed [default: a fresh one from the operating
    /// system, printed in the summary].
    #[arg(long, value_name = "S", value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: Option<u64>,

    /// Thinking time per move, in milliseconds, for every bot that names no
    /// limit of its own (a built-in bot's `ms=`, `iterations=` or `level=`
    /// replaces it, longer or shorter); sent to external bots as `time_ms`.
    #[arg(long, value_name = "T", default_value_t = 1000,
          value_parser = crate::args::between::<u64>(0, carolus_core::protocol::MAX_TIME_MS))]
    time_ms: u64,

    /// How much longer than --time-ms an external program may take to answer
    /// before it loses the game as silent, in milliseconds.
    #[arg(long, value_name = "G", default_value_t = 1000,
          value_parser = crate::args::between::<u64>(0, carolus_core::protocol::MAX_TIME_MS))]
    grace_ms: u64,

    /// How much longer than the rest an external program's first answer in
    /// a game may take, for its start-up (an interpreter, loading a model),
    /// in milliseconds.
    #[arg(long, value_name = "S", default_value_t = 10_000,
          value_parser = crate::args::between::<u64>(0, carolus_core::protocol::MAX_TIME_MS))]
    startup_ms: u64,

    /// Games played at once. The default is 1 because mcts already uses
    /// every core.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = crate::args::between::<u64>(1, 256))]
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

    /// Score the games already in --records FILE, without playing a game or
    /// writing to the file: the summary of its whole sets, as the match
    /// would show it. Give the match's bots and --players; the seed comes
    /// from the file. Safe while the match is still being played into the
    /// file: a set it has not finished yet is left out.
    #[arg(long, requires = "records", conflicts_with = "resume")]
    score: bool,

    /// Replace the records already in --records FILE with a new match.
    /// Without it a file that holds games is refused, so that an earlier
    /// match is never lost by starting another into the same file.
    #[arg(long, requires = "records", conflicts_with_all = ["resume", "score"])]
    force: bool,

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
    2 players, 3 to 8 bots (a round robin): every pair both ways,
      01, 10, 02, 20, 12, 21, …; a cross table follows the bots' table
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

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let plan = Plan::new(args.players.count(), args.bots.len()).map_err(bad_input)?;
    if args.sprt.is_some() && args.bots.len() != 2 {
        return Err(bad_input(
            "--sprt compares two bots; give exactly two --bot",
        ));
    }
    if args.score {
        return score(args, &plan, out);
    }
    // Clap requires --games without --score; this only keeps a mistake in
    // that rule from becoming a panic.
    let games = args
        .games
        .ok_or_else(|| bad_input("--games is required: how many games to play"))?;
    let set_size = plan.set_size() as u64;
    let total_sets = games.div_ceil(set_size);
    let resumed = match (&args.records, args.resume) {
        (Some(path), true) => Some(resume::load(
            path,
            &expected(args, &plan),
            resume::IfMissing::NotBegun,
        )?),
        _ => None,
    };
    let master_seed = match &resumed {
        Some(resumed) if !resumed.outcomes.is_empty() => resumed.master_seed,
        _ => seed::given_or_fresh(args.seed)?,
    };
    if let Some(path) = &args.records
        && !args.resume
        && !args.force
    {
        refuse_to_replace(path)?;
    }
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

    // An interrupted match shows what it played and how to go on; with
    // external bots it also stops their processes first.
    children::watch_interrupts();

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
    let mut summary = new_summary(args, &plan, master_seed);
    // The games read back are counted first, as if just played; a set left
    // unfinished waits in `pending_sets` for the games still to come.
    let mut pending_sets = PendingSets::new();
    if let Some(resumed) = &resumed {
        if resumed.dropped_partial_line {
            note("note: the last line of the records was cut off; its game is played again");
        }
        pending_sets = summary.read_back(&resumed.outcomes);
        // Without a progress bar (stderr not a terminal) a resumed match
        // that first finishes a begun set would otherwise be silent.
        if !resumed.outcomes.is_empty() {
            note(&resume_note(
                resumed.outcomes.len() as u64,
                &pending_sets,
                plan.set_size(),
            ));
        }
        if summary.sprt_decided() {
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
        let mut interrupted;
        loop {
            // Checked before every result, not only when none comes: quick
            // games deliver results faster than any time-out.
            interrupted = children::interrupted();
            if interrupted.is_some() {
                schedule.abort();
                break;
            }
            // Waiting in slices notices an interruption while a game goes on.
            let result = match results.recv_timeout(Duration::from_millis(100)) {
                Ok(result) => result,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
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
                schedule.counted(outcome.set, summary.sprt_decided());
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
        if let Some(signal) = interrupted {
            // The games still being played are given up: their threads are
            // not waited for, since a game can take minutes.
            bar.finish_and_clear();
            if let Some(writer) = records.as_mut()
                && let Err(error) = writer.flush()
            {
                failure.get_or_insert(records_error(args, error));
            }
            summary.took(start.elapsed());
            let written = write_summary(args, &summary, out).and_then(|()| Ok(out.flush()?));
            if let Some(error) = written.err().or(failure.take()) {
                note(&format!("carolus: {error:#}"));
            }
            note(&interrupted_note(args, summary.games()));
            children::end_as(signal);
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
    summary.took(start.elapsed());
    write_summary(args, &summary, out)
}

/// Refuses to start a new match into `path` if the file holds anything,
/// naming the ways on: going on with that match, scoring it, or replacing
/// it on purpose.
fn refuse_to_replace(path: &Path) -> anyhow::Result<()> {
    let length = match std::fs::metadata(path) {
        Ok(metadata) => metadata.len(),
        // A file that cannot be looked at is reported when it is created.
        Err(_) => return Ok(()),
    };
    if length == 0 {
        return Ok(());
    }
    let held = std::fs::read(path)
        .map(|bytes| {
            bytes
                .split(|&b| b == b'\n')
                .filter(|line| !line.is_empty())
                .count()
        })
        .unwrap_or(0);
    let held = match held {
        0 => "something".to_owned(),
        1 => "1 game".to_owned(),
        count => format!("{count} games"),
    };
    Err(bad_input(format!(
        "--records {}: the file already holds {held}; add --resume to go on with \
         that match, --score to score it, or --force to replace it",
        path.display()
    )))
}

/// `--score`: the summary of the whole sets already in the records file,
/// read and checked as `--resume` reads them, with nothing played and
/// nothing written. A long match can be scored this way while it goes on
/// (the match appends whole lines and flushes after each; a line it is
/// still writing is dropped like a cut-off one), or after it has been
/// stopped, without the risk of `--resume` playing on.
fn score(args: &Args, plan: &Plan, out: &mut impl Write) -> anyhow::Result<()> {
    let path = args
        .records
        .as_ref()
        .ok_or_else(|| bad_input("--score reads --records FILE; give one"))?;
    // `--resume` takes a missing file for a match not begun, but there is
    // nothing to score in one.
    let resumed = resume::load(path, &expected(args, plan), resume::IfMissing::Refuse)?;
    if resumed.dropped_partial_line {
        note(
            "note: the last line of the records is cut off (a game still being written?); it is not scored",
        );
    }
    let set_size = plan.set_size();
    let whole_sets = resumed.outcomes.len() / set_size * set_size;
    let asked = args.games.map_or(usize::MAX, |games| {
        usize::try_from(games.div_ceil(set_size as u64))
            .unwrap_or(usize::MAX)
            .saturating_mul(set_size)
    });
    let scored = whole_sets.min(asked);
    if scored == 0 {
        let read = resumed.outcomes.len();
        return Err(bad_input(format!(
            "--records {}: no whole set to score ({read} {} of a set of {set_size})",
            path.display(),
            games(read),
        )));
    }
    // Games beyond --games are left out as asked; those of a set not
    // finished yet are worth a word, since the file holds them.
    let unfinished = resumed.outcomes.len() - whole_sets;
    if unfinished > 0 && scored == whole_sets {
        let (last, are) = match unfinished {
            1 => ("the last game".to_owned(), "is"),
            _ => (format!("the last {unfinished} games"), "are"),
        };
        note(&format!(
            "note: {last} of the records (a set not finished) {are} left out"
        ));
    }
    let mut summary = new_summary(args, plan, resumed.master_seed);
    summary.read_back(&resumed.outcomes[..scored]);
    write_summary(args, &summary, out)
}

/// The match the records file must hold, for `--resume` and `--score`.
fn expected<'a>(args: &'a Args, plan: &'a Plan) -> resume::Expected<'a> {
    resume::Expected {
        bots: &args.bots,
        plan,
        variant: args.players.variant(),
        seed: args.seed,
    }
}

/// An empty summary of the match, naming each bot and what it thinks with.
fn new_summary(args: &Args, plan: &Plan, master_seed: u64) -> Summary {
    let time = Duration::from_millis(args.time_ms);
    let grace = Duration::from_millis(args.grace_ms);
    let names = labels(&args.bots);
    let thinking = args
        .bots
        .iter()
        .map(|bot| bot.thinking(time, grace))
        .collect();
    Summary::new(names, plan, master_seed, args.sprt).with_thinking(thinking)
}

/// Writes the summary as a table, or as JSON with `--json`.
fn write_summary(args: &Args, summary: &Summary, out: &mut impl Write) -> anyhow::Result<()> {
    if args.json {
        writeln!(out, "{}", summary.to_json())?;
    } else {
        summary.write_table(out)?;
    }
    Ok(())
}

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
    let read = format!(
        "note: {read_back} {} read back from the records",
        games(read_back as usize)
    );
    match unfinished.len() {
        0 => read,
        1 => format!(
            "{read}; the set they began is finished first ({missing} {})",
            games(missing)
        ),
        sets => format!(
            "{read}; the {sets} sets they began are finished first ({missing} {})",
            games(missing)
        ),
    }
}

/// What an interrupted match says last: how many games it counted, and the
/// command that goes on with it (this one with `--resume`), or that it
/// cannot be resumed because its games were not kept.
fn interrupted_note(args: &Args, counted: u64) -> String {
    let counted = format!(
        "interrupted after {counted} {} (the summary above)",
        games(counted as usize)
    );
    if args.records.is_none() {
        return format!(
            "{counted}; without --records the games were not kept, so the match cannot be resumed"
        );
    }
    let mut words: Vec<String> = std::env::args().filter(|word| word != "--force").collect();
    if !words.iter().any(|word| word == "--resume") {
        words.push("--resume".to_owned());
    }
    format!("{counted}; go on with: {}", shell_words::join(&words))
}

/// "game" or "games", for `count` of them.
fn games(count: usize) -> &'static str {
    if count == 1 { "game" } else { "games" }
}

fn records_error(args: &Args, error: std::io::Error) -> anyhow::Error {
    let path = args
        .records
        .as_ref()
        .map_or_else(String::new, |path| path.display().to_string());
    anyhow::anyhow!("cannot write the records to {path}: {error}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_match_says_whether_it_first_finishes_a_begun_set() {
        let mut pending = PendingSets::new();
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
    fn a_resumed_match_counts_every_set_it_began() {
        // Two match threads can leave two sets begun when a match stops.
        let mut pending = PendingSets::new();
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
}
