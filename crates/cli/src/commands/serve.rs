//! `carolus serve`: the game server (the `carolus-server` crate does the
//! work), for people and computer players over HTTP and WebSocket.

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use carolus_server::mail::{MailConfig, SmtpUrl};
use carolus_server::proxy::{BadNetwork, TrustedProxies};
use carolus_server::{AppState, Limits, Setup, Store, without_password};
use tokio::net::TcpListener;

use crate::args::{parse_positive_seconds, parse_seconds};
use crate::failure::bad_input;

/// Serve games over HTTP and WebSocket, keeping every move in a database.
///
/// People play each other and the computer through the API (API.md) or
/// `carolus connect`; every move is checked by the rules and committed
/// before anyone hears of it. Ctrl-C or SIGTERM stops the server
/// gracefully; games go on where they were at the next start on the same
/// database. Logs go to stderr (RUST_LOG sets their detail, e.g.
/// RUST_LOG=debug).
///
/// Every option can also be given by the environment variable shown with
/// it (for systemd's Environment= and EnvironmentFile=); an option on the
/// command line wins over its variable.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on; port 0 picks a free port (printed).
    #[arg(
        long,
        value_name = "ADDR",
        default_value = "127.0.0.1:8080",
        env = "CAROLUS_LISTEN"
    )]
    listen: SocketAddr,

    /// The database: a SQLite file (created and migrated at start),
    /// `sqlite:PATH`, or a PostgreSQL database (`postgres://USER@HOST/DB`,
    /// migrated at start), which several servers may share (DEPLOY.md).
    // The variable's value is not shown in --help: it may hold a password.
    #[arg(
        long,
        value_name = "URL",
        default_value = "carolus.db",
        env = "CAROLUS_DB",
        hide_env_values = true
    )]
    db: String,

    /// Threads for computer players' searches [default: one per core].
    #[arg(long, value_name = "N", env = "CAROLUS_AI_THREADS",
          value_parser = crate::args::between::<u64>(1, 256))]
    ai_threads: Option<u64>,

    /// How long a computer player thinks about one decision, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "2", env = "CAROLUS_THINK",
          value_parser = parse_positive_seconds)]
    think: Duration,

    /// The computer level whose view a finished game's analysis gives
    /// (1 to 5).
    #[arg(long, value_name = "LEVEL", default_value_t = 4, env = "CAROLUS_ANALYSIS_LEVEL",
          value_parser = clap::value_parser!(u8).range(1..=5))]
    analysis_level: u8,

    /// The largest request body and WebSocket message, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024, env = "CAROLUS_MAX_BODY",
          value_parser = crate::args::between::<u64>(1024, 16 * 1024 * 1024))]
    max_body: u64,

    /// Games one client address may create per minute.
    #[arg(long, value_name = "N", default_value_t = 30, env = "CAROLUS_CREATES_PER_MINUTE",
          value_parser = crate::args::parse_count::<u32>)]
    creates_per_minute: u32,

    /// Requests and WebSocket messages one client address may send per
    /// second on average (bursts of twice as many pass).
    #[arg(long, value_name = "N", default_value_t = 20, env = "CAROLUS_MESSAGES_PER_SECOND",
          value_parser = crate::args::parse_count::<u32>)]
    messages_per_second: u32,

    /// Seconds a WebSocket may stay silent (no message, no answer to
    /// pings) before the server closes it.
    #[arg(long, value_name = "SECONDS", default_value = "60", env = "CAROLUS_IDLE_TIMEOUT",
          value_parser = parse_positive_seconds)]
    idle_timeout: Duration,

    /// Proxies whose connections may name the client, in `Forwarded` or
    /// `X-Forwarded-For` (nginx in front, DEPLOY.md): addresses or
    /// networks separated by commas, e.g. `127.0.0.1,10.0.0.0/8`. The
    /// per-address limits then count each client behind them; without
    /// it, every client is its connection's address.
    #[arg(long, value_name = "CIDR,...", env = "CAROLUS_TRUSTED_PROXIES",
          value_parser = parse_trusted_proxies)]
    trusted_proxies: Option<TrustedProxies>,

    /// The address at which people reach this server, e.g.
    /// `https://carolus.example` (behind a proxy that ends TLS). With
    /// https the session cookie is `Secure`; requests that carry the
    /// cookie must come from this origin; mails link to it.
    #[arg(long, value_name = "URL", env = "CAROLUS_PUBLIC_URL", value_parser = parse_public_url)]
    public_url: Option<String>,

    /// The SMTP server that sends mails about turns and finished games
    /// (DEPLOY.md): `smtp://USER:PASSWORD@HOST:PORT` (STARTTLS, required),
    /// `smtps://…` (TLS from the start), or `smtp://HOST:PORT?tls=none`
    /// (no encryption: a relay on this machine, or tests). Without it no
    /// mail is sent. Needs --mail-from and --public-url.
    // The variable's value is not shown in --help: it may hold a password.
    // Read after clap, so that a refusal never repeats the password.
    #[arg(long, value_name = "URL", env = "CAROLUS_SMTP", hide_env_values = true,
          requires_all = ["mail_from", "public_url"])]
    smtp: Option<String>,

    /// The sender of the mails, e.g. `Carolus <carolus@example.org>`.
    #[arg(long, value_name = "ADDRESS", env = "CAROLUS_MAIL_FROM")]
    mail_from: Option<String>,

    /// Seconds a turn's mail waits before it is sent: a person who comes
    /// back to the table meanwhile gets none.
    #[arg(long, value_name = "SECONDS", default_value = "60", env = "CAROLUS_MAIL_DELAY",
          value_parser = parse_seconds)]
    mail_delay: Duration,

    /// Seconds a person waits in "play now" before the computer, at the
    /// level nearest their rating, fills the seats no person of a close
    /// rating took.
    #[arg(long, value_name = "SECONDS", default_value = "60", env = "CAROLUS_POOL_WAIT",
          value_parser = parse_seconds)]
    pool_wait: Duration,
}

/// A public URL: `http://` or `https://` and a host, kept without a
/// trailing slash.
fn parse_public_url(text: &str) -> Result<String, String> {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?} must begin with https:// or http://"))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(format!("{text:?} names no host"));
    }
    if rest.contains(['?', '#']) {
        return Err(format!("{text:?} must not have a query or a fragment"));
    }
    Ok(text.trim_end_matches('/').to_owned())
}

fn parse_trusted_proxies(text: &str) -> Result<TrustedProxies, String> {
    text.parse().map_err(|error: BadNetwork| error.to_string())
}

impl Args {
    /// How the server sends mail, if it does (`--smtp`).
    fn mail(&self) -> anyhow::Result<Option<MailConfig>> {
        let Some(smtp) = &self.smtp else {
            return Ok(None);
        };
        let smtp: SmtpUrl = smtp
            .parse()
            .map_err(|error| bad_input(format!("--smtp: {error}")))?;
        // clap requires both with --smtp.
        let from = self.mail_from.as_deref().unwrap_or_default();
        let public_url = self.public_url.as_deref().unwrap_or_default();
        let mut config = MailConfig::new(smtp, from, public_url).map_err(bad_input)?;
        config.turn_delay = self.mail_delay;
        Ok(Some(config))
    }

    fn limits(&self) -> Limits {
        let defaults = Limits::default();
        Limits {
            body_bytes: self.max_body as usize,
            message_bytes: self.max_body as usize,
            creates_per_minute: self.creates_per_minute,
            messages_per_second: self.messages_per_second,
            idle_timeout: self.idle_timeout,
            // Pings come often enough that a live client is heard from
            // several times within the idle time-out.
            ping_interval: (self.idle_timeout / 3).max(Duration::from_millis(100)),
            ai_threads: self.ai_threads.map_or(defaults.ai_threads, |n| n as usize),
            think_time: self.think,
            analysis_level: carolus_ai::Level::new(self.analysis_level)
                .unwrap_or(defaults.analysis_level),
            pool_wait: self.pool_wait,
            ..defaults
        }
    }
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(serve(args, out))
}

async fn serve(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    // The mail's settings are checked before anything starts.
    let mail = args.mail()?;
    let db = without_password(&args.db);
    let store = Store::open(&args.db)
        .await
        .map_err(|error| bad_input(format!("--db {db}: {error}")))?;
    let listener = TcpListener::bind(args.listen)
        .await
        .map_err(|error| bad_input(format!("--listen {}: {error}", args.listen)))?;
    let address = listener.local_addr()?;
    let setup = Setup {
        trusted_proxies: args.trusted_proxies.clone().unwrap_or_default(),
        public_url: args.public_url.clone(),
        mail,
        ..Setup::default()
    };
    let state = AppState::with_setup(store, args.limits(), setup);
    state
        .resume()
        .await
        .context("cannot read the games in play from the database")?;
    // The address goes to stdout (and at once), so that scripts and tests
    // that asked for port 0 can read which port they got.
    writeln!(out, "listening on http://{address}")?;
    out.flush()?;
    tracing::info!(%address, %db, "listening");
    carolus_server::run(listener, state, stop_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Completes at Ctrl-C or SIGTERM.
async fn stop_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(terminate) => terminate,
                Err(_) => {
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}

/// Structured logs on stderr, at the detail RUST_LOG asks for (info by
/// default).
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}
