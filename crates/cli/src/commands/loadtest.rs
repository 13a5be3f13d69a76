//! `carolus loadtest`: many games at once against a running server, played
//! over WebSocket by clients that answer as fast as they can (the
//! `carolus_server::loadgen` module does the work).

use std::io::Write;
use std::time::Duration;

use anyhow::Context;
use carolus_server::client::Client;
use carolus_server::loadgen::{self, LoadPlan};
use carolus_server::soak::{self, SoakPlan};

use crate::args::{Players, parse_seconds};
use crate::failure::bad_input;

/// Load a running server with games played over WebSocket, and report what
/// it achieved.
///
/// Every seat of every game is a client of its own that plays a random
/// legal move as soon as its seat is to act. The report gives the moves
/// the server acknowledged a second, the latency from sending a move to
/// receiving its update (p50, p99, max), failed and out-of-order moves
/// (both must be 0), and the server's memory per game. With --spectators
/// it instead opens that many idle WebSockets watching games and reports
/// the server's memory with them open. Start the server with limits that
/// let one address send this much (`carolus serve --messages-per-second
/// 1000000 --creates-per-minute 1000000`).
///
/// With --logins-per-second, sign-ins run beside the games: the run first
/// makes the accounts it needs (POST /api/accounts), then signs in at that
/// rate through POST /api/session, each sign-in followed by GET /api/me
/// with the session cookie it received, and reports the sign-ins that
/// succeeded, those that failed and their latency beside the moves'.
///
/// A game that cannot be created, or a seat whose WebSocket does not open
/// after a few tries within about a second and a half (a server down, a
/// proxy answering 502), stops the run: the report of what was done is
/// printed, then an error naming the game and what the server answered.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server, such as http://127.0.0.1:8080.
    #[arg(value_name = "URL")]
    url: String,

    /// Games to play to the end.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = crate::args::between::<u64>(1, 1_000_000))]
    games: u64,

    /// Games in play at once.
    #[arg(long, value_name = "C", default_value_t = 10,
          value_parser = crate::args::between::<u64>(1, 100_000))]
    concurrency: u64,

    #[command(flatten)]
    players: Players,

    /// Moves a second across all games: clients wait for their turn's slot
    /// instead of answering at once, so that latency is measured at that
    /// load [default: as fast as they can].
    #[arg(long, value_name = "MOVES", value_parser = crate::args::parse_count::<u32>)]
    rate: Option<u32>,

    /// Sign-ins a second beside the games, with accounts made before the
    /// measured part [default: none].
    #[arg(long, value_name = "N", value_parser = crate::args::parse_count::<u32>)]
    logins_per_second: Option<u32>,

    /// Instead of playing, hold this many idle spectators' WebSockets.
    #[arg(long, value_name = "N", value_parser = crate::args::between::<u64>(1, 100_000))]
    spectators: Option<u64>,

    /// With --spectators, how long to hold them before measuring, in
    /// seconds.
    #[arg(long, value_name = "SECONDS", default_value = "3", value_parser = parse_seconds)]
    hold: Duration,

    /// Instead, the soak run: two-player games played over plain HTTP by
    /// clients that outlive servers killed and restarted (asking again what
    /// failed on the way), every acknowledged move checked against the
    /// stored record and every record replayed at the end of its game
    /// (DEPLOY.md; tools/soak runs it against servers it kills). Fails if
    /// a move was lost or duplicated or a game not played to its end.
    #[arg(long, conflicts_with_all = ["spectators", "rate", "logins_per_second"])]
    soak: bool,

    /// With --soak, a server whose resident memory is sampled, at its own
    /// address (not a proxy's); repeat it for several [default: the URL].
    #[arg(long, value_name = "URL", requires = "soak")]
    sample: Vec<String>,

    /// With --soak, games finished between two samples of memory.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "soak",
          value_parser = crate::args::between::<u64>(1, 1_000_000))]
    sample_every: u64,

    /// With --soak, the longest wait at each sample for the servers to
    /// let the finished games go (no game is in play then).
    #[arg(long, value_name = "SECONDS", default_value_t = 90, requires = "soak",
          value_parser = crate::args::between::<u64>(0, 3_600))]
    rest_wait: u64,

    /// Write the report as one line of JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let client = Client::new(&args.url).map_err(|error| bad_input(error.to_string()))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the load generator's runtime")?;
    if let Some(spectators) = args.spectators {
        let report = runtime
            .block_on(loadgen::spectate(&client, spectators as usize, args.hold))
            .map_err(|error| bad_input(error.to_string()))?;
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            writeln!(
                out,
                "spectators connected: {} of {}",
                report.connected, report.spectators
            )?;
            writeln!(
                out,
                "server memory:        {} before, {} with them connected ({} per spectator)",
                megabytes(report.server_memory_before_mb),
                megabytes(report.server_memory_connected_mb),
                kilobytes(report.server_memory_per_spectator_kb)
            )?;
        }
        return Ok(());
    }
    if args.soak {
        return soak(args, &client, &runtime, out);
    }
    let plan = LoadPlan {
        games: args.games as usize,
        concurrency: args.concurrency as usize,
        players: args.players.count(),
        rate: args.rate.filter(|&rate| rate > 0).map(f64::from),
        logins_per_second: args.logins_per_second.map(f64::from),
    };
    let (report, problem) = runtime
        .block_on(loadgen::run(&client, &plan))
        .map_err(|error| bad_input(error.to_string()))?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(
            out,
            "games:           {} finished of {} ({} at once)",
            report.games_finished, report.games, report.concurrency
        )?;
        writeln!(
            out,
            "moves:           {} acknowledged in {:.1} s: {:.0} moves/s",
            report.moves, report.seconds, report.moves_per_second
        )?;
        writeln!(
            out,
            "latency:         p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            report.latency_p50_ms, report.latency_p99_ms, report.latency_max_ms
        )?;
        writeln!(
            out,
            "failures:        {} failed, {} out of order",
            report.failures, report.out_of_order
        )?;
        if args.logins_per_second.is_some() {
            writeln!(
                out,
                "sign-ins:        {} ({:.1}/s), {} failed; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                report.logins,
                report.logins_per_second,
                report.login_failures,
                report.login_latency_p50_ms,
                report.login_latency_p99_ms,
                report.login_latency_max_ms
            )?;
        }
        writeln!(
            out,
            "server memory:   {} before, {} at most ({} per game in play)",
            megabytes(report.server_memory_before_mb),
            megabytes(report.server_memory_peak_mb),
            kilobytes(report.server_memory_per_game_kb)
        )?;
    }
    if let Some(problem) = problem {
        out.flush()?;
        anyhow::bail!("{problem}");
    }
    Ok(())
}

/// `--soak`: the soak run, with a line for each sample of memory as it is
/// taken.
fn soak(
    args: &Args,
    client: &Client,
    runtime: &tokio::runtime::Runtime,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    if args.players.count() != 2 {
        return Err(bad_input(
            "--soak plays two-player games; leave --players out",
        ));
    }
    let sampled = if args.sample.is_empty() {
        vec![client.clone()]
    } else {
        args.sample
            .iter()
            .map(|url| Client::new(url).map_err(|error| bad_input(format!("--sample: {error}"))))
            .collect::<Result<_, _>>()?
    };
    let plan = SoakPlan {
        games: args.games as usize,
        concurrency: args.concurrency as usize,
        sample_every: args.sample_every as usize,
        rest_wait: Duration::from_secs(args.rest_wait),
    };
    let mut written = Ok(());
    let report = runtime.block_on(soak::run(client, &plan, &sampled, |sample| {
        if args.json || written.is_err() {
            return;
        }
        let servers: Vec<String> = sample
            .servers_mb
            .iter()
            .zip(&sample.games_in_memory)
            .map(|(&mb, held)| match held {
                // A server that still held games when the wait ran out
                // says so beside its figure.
                Some(held) if *held > 0 => format!("{} ({held} games held)", megabytes(mb)),
                _ => megabytes(mb),
            })
            .collect();
        written = writeln!(
            out,
            "after {:>7} games, at rest: {}",
            sample.games,
            servers.join(", ")
        )
        .and_then(|()| out.flush());
    }));
    written?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(
            out,
            "games:     {} played to the end and checked of {} ({} at once) in {:.1} s",
            report.games_checked, report.games, plan.concurrency, report.seconds
        )?;
        writeln!(
            out,
            "moves:     {} acknowledged: {} lost, {} duplicated; {} records that do not replay",
            report.moves_acknowledged, report.lost, report.duplicated, report.not_replaying
        )?;
        writeln!(
            out,
            "retries:   {} requests asked again after they failed on the way; {} games given up",
            report.retries, report.abandoned
        )?;
    }
    if !report.passed() {
        out.flush()?;
        let problem = report.first_problem.as_deref().unwrap_or("see the report");
        anyhow::bail!("the soak run failed: {problem}");
    }
    Ok(())
}

fn megabytes(value: Option<f64>) -> String {
    value.map_or("unknown".to_owned(), |mb| format!("{mb:.1} MB"))
}

fn kilobytes(value: Option<f64>) -> String {
    value.map_or("unknown".to_owned(), |kb| format!("{kb:.1} kB"))
}
