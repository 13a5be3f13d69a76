//! `carolus bench --lobby DB`: the signed-in lobby's latency for a player
//! with many finished games, from a database of very many games.
//!
//! The database is made first if it has no games (`carolus_server::lobby`
//! makes it: real games played through the API as templates, then copied
//! in bulk), then a server is started on it in this process, on a free
//! port of 127.0.0.1, and the lobby's requests are timed against it over
//! HTTP. A database made once serves many runs; delete it when done.

use std::io::Write;

use anyhow::Context;
use carolus_accounts::PlayerName;
use carolus_server::client::Client;
use carolus_server::lobby::{self, LobbyPlan, LobbyReport, Made, Times};
use carolus_server::{AppState, Limits, Store, without_password};
use serde::Serialize;
use tokio::net::TcpListener;

use crate::failure::bad_input;

/// The player's finished games in the database made.
const MINE: usize = 1_000;

/// Other accounts in the database made: one for every hundred games.
const GAMES_PER_ACCOUNT: usize = 100;

/// Real games played through the API, which the others copy (and as many
/// abandoned): one for every [`GAMES_PER_TEMPLATE`] games, within these
/// bounds, so that a small database is made quickly.
const TEMPLATES: std::ops::RangeInclusive<usize> = 2..=16;
const GAMES_PER_TEMPLATE: usize = 10_000;

/// What the lobby benchmark did, as `--json` prints it.
#[derive(Debug, Serialize)]
pub struct Report {
    /// What was made, if the database was made by this run.
    made: Option<Made>,
    lobby: LobbyReport,
}

/// Makes the database at `db` if it has no games yet (`games` of them),
/// serves it, and measures `rounds` rounds of the lobby. `progress` is
/// told what is being done, for a person waiting.
pub fn run(
    db: &str,
    games: usize,
    rounds: usize,
    progress: &mut impl Write,
) -> anyhow::Result<Report> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the benchmark's runtime")?;
    runtime.block_on(async {
        let shown = without_password(db);
        let store = Store::open(db)
            .await
            .map_err(|error| bad_input(format!("--lobby {shown}: {error}")))?;
        let limits = Limits {
            // One address asks everything here: no limit may refuse it.
            creates_per_minute: 1_000_000,
            messages_per_second: 1_000_000,
            ..Limits::default()
        };
        let state = AppState::new(store.clone(), limits);
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .context("cannot listen on 127.0.0.1")?;
        let client = Client::new(&format!("http://{}", listener.local_addr()?))?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(carolus_server::run(listener, state, async {
            let _ = stopped.await;
        }));
        let key = PlayerName::parse(lobby::PLAYER)
            .map_err(|error| anyhow::anyhow!("{error}"))?
            .skeleton();
        let made = if store.account_by_key(&key).await?.is_none() {
            writeln!(
                progress,
                "making {games} games in {shown} (the player {} with {MINE} of them)…",
                lobby::PLAYER
            )?;
            let plan = LobbyPlan {
                games,
                mine: MINE.min(games),
                accounts: games / GAMES_PER_ACCOUNT,
                templates: (games / GAMES_PER_TEMPLATE).clamp(*TEMPLATES.start(), *TEMPLATES.end()),
            };
            let mut last = 0;
            let made = lobby::make(&store, &client, &plan, |done| {
                // A line every tenth of the way.
                if done * 10 / games.max(1) > last {
                    last = done * 10 / games.max(1);
                    let _ = writeln!(progress, "  {done} games copied");
                }
            })
            .await
            .map_err(|problem| anyhow::anyhow!("making the lobby's database: {problem}"))?;
            Some(made)
        } else {
            None
        };
        writeln!(progress, "measuring {rounds} rounds of the lobby…")?;
        let measured = lobby::measure(&client, rounds)
            .await
            .map_err(|problem| anyhow::anyhow!("measuring the lobby: {problem}"));
        let _ = stop.send(());
        let _ = server.await;
        store.close().await;
        Ok(Report {
            made,
            lobby: measured?,
        })
    })
}

/// The report in words.
pub fn write_text(out: &mut impl Write, report: &Report) -> std::io::Result<()> {
    if let Some(made) = &report.made {
        writeln!(
            out,
            "made {} games ({} the player's) and {} accounts in {:.0} s: copies of {} real games, half played to the end ({:.0} moves on average), half abandoned ({:.0} moves)",
            made.games,
            made.mine,
            made.accounts,
            made.seconds,
            made.templates,
            made.moves_per_game,
            made.moves_per_abandoned_game
        )?;
    }
    let lobby = &report.lobby;
    writeln!(
        out,
        "the lobby of {} ({} games listed), {} rounds, ms from sending to the whole answer:",
        lobby::PLAYER,
        lobby.listed,
        lobby.rounds
    )?;
    writeln!(out, "  {:<52} {:>8} {:>8} {:>8}", "", "p50", "p99", "max")?;
    for times in lobby.requests.iter().chain([&lobby.page, &lobby.profile]) {
        write_times(out, times)?;
    }
    Ok(())
}

fn write_times(out: &mut impl Write, times: &Times) -> std::io::Result<()> {
    writeln!(
        out,
        "  {:<52} {:>8.2} {:>8.2} {:>8.2}",
        times.request, times.p50_ms, times.p99_ms, times.max_ms
    )
}
