//! `carolus bench`: how fast the engine plays and replays, on one thread.
//!
//! Two figures matter to the rest of the project. Random playouts are the
//! inner loop of simulations and of the search bots, so the benchmark plays
//! whole games with nothing around them and reports games and decisions per
//! second, together with the number of heap allocations made while doing so
//! (counted by the binary's global allocator; it should be 0, since neither
//! [`Game::random`] nor [`Game::play_random`] allocates). Replaying a record
//! and printing its state view is what `carolus replay`, servers and the
//! bot protocol do for every request, so it is timed in-process, without
//! the start-up of a process, per full-game record.
//!
//! `--explain` measures explanations instead ([`explain`]), `--login` the
//! processor time of a login's password check ([`login`]), `--lobby` the
//! signed-in lobby's latency on a database of very many games ([`lobby`]).

mod explain;
mod lobby;
mod login;
mod timing;

use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Context;
use carolus_rules::{Game, RandomSource};
use carolus_rules::{GameRng, Record, StateView, Variant};
use serde::Serialize;

use crate::alloc_count;
use crate::args::{Players, parse_positive_seconds};
use crate::commands::random;
use crate::seed;

/// How many different full-game records the replay figure is averaged over.
const REPLAY_RECORDS: usize = 8;

/// The replay figure is measured for this fraction of `--seconds`, after the
/// playouts.
const REPLAY_SHARE: f64 = 0.2;

/// Measure random playouts and record replays, on one thread.
///
/// Playouts: whole games, each from a random set-up, with every legal token
/// equally likely at every step, played for --seconds. Reported as games
/// and decisions per second (decisions are the disc, place, move and joker
/// steps; draws are chance, not decisions), and as the number of heap
/// allocations made during the timed loop, which should be 0.
///
/// Replay: reading a full-game record from JSON, replaying every move and
/// printing the final state view, in microseconds per record, measured
/// in-process for a further fifth of --seconds.
///
/// The machine's load changes the speeds; it does not change the
/// allocation count.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    players: Players,

    /// How long to play random games, in seconds (fractions allowed).
    #[arg(long, value_name = "S", default_value = "5", value_parser = parse_positive_seconds)]
    seconds: Duration,

    /// Print the figures as one JSON object instead of text.
    #[arg(long)]
    json: bool,

    /// The seed of the random games [default: a fresh one from the operating
    /// system; 1 with --explain].
    #[arg(long, value_name = "N", value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: Option<u64>,

    /// Measure explanations instead: a level-4 hint and its explanation on
    /// one core over --positions positions from games of two and three
    /// players and of the team game (median, 95th percentile, maximum),
    /// the review of --reviews whole games, and how often their words state
    /// a fact (hints) or a fact the move played lacks (better moves). Times
    /// are given on the clock and in the processor time of the thread that
    /// searched, which is the whole work only for a bot on one thread.
    #[arg(long)]
    explain: bool,

    /// With --explain, the positions whose hints are explained.
    #[arg(long, value_name = "N", default_value_t = 200, requires = "explain",
          value_parser = crate::args::parse_count::<usize>)]
    positions: usize,

    /// With --explain, the bot that explains [default: mcts:level=4,threads=1,
    /// the hints' level on one core].
    #[arg(long, value_name = "SPEC", requires = "explain")]
    ai: Option<carolus_ai::BotSpec>,

    /// With --explain, the whole games reviewed.
    #[arg(long, value_name = "N", default_value_t = 6, requires = "explain",
          value_parser = crate::args::parse_count::<usize>)]
    reviews: usize,

    /// Measure a login's cost instead: the server's password check
    /// (Argon2id at the cost `carolus serve` uses) in the processor time of
    /// one thread, over --rounds rounds (median, 95th percentile, maximum),
    /// beside a wrong password, an unknown name and a sign-up's hash.
    #[arg(long, conflicts_with = "explain")]
    login: bool,

    /// Measure the signed-in lobby instead: for a player with 1,000
    /// finished games, the p50, p99 and maximum of each request the lobby
    /// page asks, over --rounds rounds, against a server started here on
    /// the database DB (a SQLite file or a postgres:// URL). A database
    /// without games is first filled with --games games: real games played
    /// through the API, copied in bulk, with accounts owning their seats
    /// (a million take about 3 GB on SQLite: put it where there is room,
    /// and delete it when done).
    #[arg(long, value_name = "DB", conflicts_with_all = ["explain", "login"])]
    lobby: Option<String>,

    /// With --lobby, the games of a database made.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, requires = "lobby",
          value_parser = crate::args::between::<u64>(1_000, 100_000_000))]
    games: u64,

    /// With --login or --lobby, the rounds measured [default: 50 with
    /// --login, 500 with --lobby].
    #[arg(long, value_name = "N", value_parser = crate::args::parse_count::<usize>)]
    rounds: Option<usize>,

    /// With --explain, also review each game by searching every decision
    /// with the explaining bot (as an analysis of the whole game does),
    /// twice with different seeds, and count how many of the review's
    /// decisions that reference shows, against how many it shows under
    /// the other seed (not timed).
    #[arg(long, requires = "explain")]
    compare: bool,

    /// With --explain, the review's screening search: its iteration cap
    /// [default: 1000].
    #[arg(long, value_name = "N", requires = "explain",
          value_parser = crate::args::parse_count::<u64>)]
    screen: Option<u64>,

    /// With --explain, how many decisions of each person the review
    /// searches again with the explaining bot [default: 8].
    #[arg(long, value_name = "N", requires = "explain",
          value_parser = crate::args::parse_count::<usize>)]
    shortlist: Option<usize>,
}

/// Everything the benchmark measured, as `--json` prints it.
#[derive(Debug, Serialize)]
struct Report {
    players: usize,
    /// A string, like every seed the program writes.
    seed: String,
    /// Whole random games per second.
    games_per_s: f64,
    /// Disc, place, move and joker steps per second.
    decisions_per_s: f64,
    /// Heap allocations during the timed playout loop.
    allocations: u64,
    /// Microseconds to read, replay and print one full-game record.
    replay_us: f64,
    games: u64,
    decisions: u64,
    /// The length of the timed playout loop.
    seconds: f64,
    /// Record replays timed for `replay_us`.
    replays: u64,
    /// Moves (draws included) in an average replayed record.
    replay_moves: f64,
    /// Heap allocations per replayed record, for comparison with playouts.
    replay_allocations: f64,
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    if args.rounds.is_some() && !args.login && args.lobby.is_none() {
        return Err(crate::failure::bad_input(
            "--rounds counts the rounds of --login or --lobby; give one of them",
        ));
    }
    if args.explain {
        let spec = match &args.ai {
            Some(spec) => spec.clone(),
            None => explain::SPEC.parse()?,
        };
        let plan = carolus_core::review::Plan::new(spec.clone()).tuned(
            args.screen
                .unwrap_or(carolus_core::review::SCREEN_ITERATIONS),
            args.shortlist.unwrap_or(carolus_core::review::SHORTLIST),
        );
        let settings = explain::Settings {
            spec,
            plan,
            seed: args.seed.unwrap_or(1),
            positions: args.positions,
            reviews: args.reviews,
            compare: args.compare,
        };
        let report = explain::run(&settings)?;
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            explain::write_text(out, &report)?;
        }
        return Ok(());
    }
    if let Some(db) = &args.lobby {
        let report = lobby::run(
            db,
            args.games as usize,
            args.rounds.unwrap_or(500),
            &mut std::io::stderr(),
        )?;
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            lobby::write_text(out, &report)?;
        }
        return Ok(());
    }
    if args.login {
        let report = login::run(args.rounds.unwrap_or(50))?;
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            login::write_text(out, &report)?;
        }
        return Ok(());
    }
    let players = args.players.count();
    let variant = args.players.variant();
    let seed = seed::given_or_fresh(args.seed)?;
    let mut rng = GameRng::seed_from_u64(seed);

    let playouts = playouts(players, variant, &mut rng, args.seconds)?;

    let records = seed::series(rng.next_u64())
        .take(REPLAY_RECORDS)
        .map(|game_seed| random::play(players, variant, game_seed).map(|r| r.to_json()))
        .collect::<anyhow::Result<Vec<String>>>()?;
    let replay = replays(&records, args.seconds.mul_f64(REPLAY_SHARE))?;

    let seconds = playouts.elapsed.as_secs_f64();
    let replay_seconds = replay.elapsed.as_secs_f64();
    let report = Report {
        players,
        seed: seed.to_string(),
        games_per_s: playouts.games as f64 / seconds,
        decisions_per_s: playouts.decisions as f64 / seconds,
        allocations: playouts.allocations,
        replay_us: replay_seconds * 1e6 / replay.replays as f64,
        games: playouts.games,
        decisions: playouts.decisions,
        seconds,
        replays: replay.replays,
        replay_moves: replay.moves as f64 / replay.replays as f64,
        replay_allocations: replay.allocations as f64 / replay.replays as f64,
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        write_text(out, &report, variant)?;
    }
    Ok(())
}

/// What the playout loop counted.
struct Playouts {
    games: u64,
    decisions: u64,
    allocations: u64,
    elapsed: Duration,
}

/// Plays whole random games until `budget` has passed (at least one game,
/// so that every rate is defined).
///
/// Nothing in the loop may allocate: the allocation counter is read around
/// it, and the figure is only honest if the loop holds the engine's work
/// and nothing else. The clock is read once per game, not per move, so
/// that timing costs nothing measurable.
fn playouts(
    players: usize,
    variant: Variant,
    rng: &mut GameRng,
    budget: Duration,
) -> anyhow::Result<Playouts> {
    let mut games = 0u64;
    let mut decisions = 0u64;
    let allocations_before = alloc_count::allocations();
    let start = Instant::now();
    loop {
        let mut game = Game::random(players, variant, rng)
            .with_context(|| format!("{players} players cannot play {variant}"))?;
        while let Some(mv) = game.play_random(rng) {
            if mv.is_decision() {
                decisions += 1;
            }
        }
        // The finished position is handed to the optimiser as if it were
        // used, so that no part of the playout can be discarded as dead.
        black_box(&game);
        games += 1;
        if start.elapsed() >= budget {
            break;
        }
    }
    let elapsed = start.elapsed();
    let allocations = alloc_count::allocations() - allocations_before;
    Ok(Playouts {
        games,
        decisions,
        allocations,
        elapsed,
    })
}

/// What the replay loop counted.
struct Replays {
    replays: u64,
    moves: u64,
    allocations: u64,
    elapsed: Duration,
}

/// Reads, replays and prints (into a string) the given records, round after
/// round, until `budget` has passed (at least one round).
fn replays(records: &[String], budget: Duration) -> anyhow::Result<Replays> {
    let mut replays = 0u64;
    let mut moves = 0u64;
    let allocations_before = alloc_count::allocations();
    let start = Instant::now();
    loop {
        for text in records {
            let record = Record::from_json(black_box(text))?;
            let game = record.replay()?;
            let view = StateView::of(&game).to_json();
            black_box(view);
            moves += record.moves.len() as u64;
            replays += 1;
        }
        if start.elapsed() >= budget {
            break;
        }
    }
    let elapsed = start.elapsed();
    let allocations = alloc_count::allocations() - allocations_before;
    Ok(Replays {
        replays,
        moves,
        allocations,
        elapsed,
    })
}

/// The report for people, with a line saying what each figure is.
fn write_text(out: &mut impl Write, report: &Report, variant: Variant) -> std::io::Result<()> {
    writeln!(
        out,
        "carolus bench: {} players ({variant}), one thread, seed {}",
        report.players, report.seed
    )?;
    writeln!(
        out,
        "random playouts: {} games, {} decisions in {:.2} s",
        report.games, report.decisions, report.seconds
    )?;
    writeln!(
        out,
        "  {:>12.1} games/s      whole games from a random set-up to the end, every legal token equally likely",
        report.games_per_s
    )?;
    writeln!(
        out,
        "  {:>12.0} decisions/s  disc, place, move and joker steps (draws are chance, not decisions)",
        report.decisions_per_s
    )?;
    writeln!(
        out,
        "  {:>12} allocations  heap allocations during the timed playout loop (0: none per move)",
        report.allocations
    )?;
    writeln!(
        out,
        "record replay: {} full-game records of {:.0} moves on average, {} replays",
        REPLAY_RECORDS, report.replay_moves, report.replays
    )?;
    writeln!(
        out,
        "  {:>12.1} µs/record    read a record from JSON, replay every move, print the final state view",
        report.replay_us
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_play_at_least_one_game_and_count_decisions() {
        let mut rng = GameRng::seed_from_u64(3);
        let counted = playouts(2, Variant::STANDARD, &mut rng, Duration::ZERO).unwrap();
        assert_eq!(counted.games, 1);
        assert!(counted.decisions > 0);
    }

    #[test]
    fn replays_cover_every_record_at_least_once() {
        let records: Vec<String> = (0..2)
            .map(|seed| random::play(2, Variant::STANDARD, seed).unwrap().to_json())
            .collect();
        let timed = replays(&records, Duration::ZERO).unwrap();
        assert_eq!(timed.replays, 2);
        assert!(timed.moves > 0);
    }
}
