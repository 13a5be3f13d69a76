//! `carolus connect`: one seat of a game on a server, played by a built-in
//! computer player or by a program speaking the bot protocol (BOTS.md), so
//! that bots can meet people online.

use std::io::Write;
use std::time::Duration;

use anyhow::Context;
use carolus_ai::{BotSpec, Level};
use carolus_rules::{Move, Record, RecordedGame, Seat};
use carolus_server::api::{ClientMessage, ErrorMessage, ServerMessage, Status, Update};
use carolus_server::client::{Client, GameSocket, LONGEST_WAIT, RETRIES};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

use crate::args::parse_positive_seconds;
use crate::failure::bad_input;
use crate::players::{BotChoice, Player};

/// Play one seat of a game on a server with a computer player or a program
/// of your own.
///
/// The seat is the one whose token is given (from creating the game or
/// claiming an open seat), or, with --user, the seat of the game that
/// the account owns (the password comes from CAROLUS_PASSWORD or a
/// prompt). The player is a built-in bot (--ai SPEC or
/// --level N) or a program speaking the bot protocol of BOTS.md (--cmd).
/// It plays its seat's moves as they fall due and ends when the game is
/// over, printing each of its moves and the result. A lost connection is
/// made again by itself, with what it missed.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("player").required(true).args(["ai", "level", "cmd"])))]
pub struct Args {
    /// The server, such as http://127.0.0.1:8080.
    #[arg(value_name = "URL")]
    url: String,

    /// The game's id.
    #[arg(long, value_name = "ID")]
    game: String,

    /// The seat's token. (Other users of this machine can see a command
    /// line; on a shared machine pass `--token -` and give the token on
    /// standard input.)
    // A token is base64url and begins with `-` one time in 64: it is read
    // as the option's value, not as another option.
    #[arg(
        long,
        value_name = "TOKEN",
        allow_hyphen_values = true,
        required_unless_present = "user",
        conflicts_with = "user"
    )]
    token: Option<String>,

    /// Sign in as this account and play its seat of the game, which needs
    /// no token: the account owns the seats it created or claimed signed
    /// in. The password comes from the environment variable
    /// CAROLUS_PASSWORD, or else is asked for.
    #[arg(long, value_name = "NAME")]
    user: Option<String>,

    /// A built-in bot, as `carolus match --bot` names it (e.g. `greedy`,
    /// `mcts:ms=500`).
    #[arg(long, value_name = "SPEC")]
    ai: Option<BotSpec>,

    /// The built-in computer player of a level, 1 (beginner) to 5.
    #[arg(long, value_name = "1-5")]
    level: Option<Level>,

    /// A program speaking the bot protocol, e.g. "python3 my_bot.py".
    #[arg(long, value_name = "PROGRAM")]
    cmd: Option<String>,

    /// How long the player thinks about a move, in seconds (a program may
    /// take one second more before it counts as silent).
    #[arg(long, value_name = "SECONDS", default_value = "2", value_parser = parse_positive_seconds)]
    think: Duration,
}

/// How long a program may be late before it counts as silent.
const GRACE: Duration = Duration::from_secs(1);
/// How often a lost connection is tried again before giving up, with
/// waits doubling from one second.
const RECONNECTS: u32 = 6;

impl Args {
    fn choice(&self) -> anyhow::Result<BotChoice> {
        if let Some(spec) = &self.ai {
            return Ok(BotChoice::builtin(spec.clone()));
        }
        if let Some(level) = self.level {
            return Ok(BotChoice::builtin(level.spec()));
        }
        let command = self.cmd.as_deref().unwrap_or_default();
        format!("cmd:{command}")
            .parse()
            .map_err(|error: String| bad_input(format!("--cmd: {error}")))
    }

    /// The seat's token given on the command line or standard input;
    /// `None` with --user, whose token the server gives.
    fn token(&self) -> anyhow::Result<Option<String>> {
        match self.token.as_deref() {
            None => Ok(None),
            Some("-") => {
                let mut token = String::new();
                std::io::stdin()
                    .read_line(&mut token)
                    .context("cannot read the token from standard input")?;
                Ok(Some(token.trim().to_owned()))
            }
            Some(token) => Ok(Some(token.to_owned())),
        }
    }
}

/// The account's password: `CAROLUS_PASSWORD`, or asked for on the
/// terminal without showing it (`stty -echo`), or read from standard
/// input when that is no terminal.
fn password(user: &str) -> anyhow::Result<String> {
    use std::io::IsTerminal;
    if let Ok(password) = std::env::var("CAROLUS_PASSWORD") {
        return Ok(password);
    }
    let terminal = std::io::stdin().is_terminal();
    let echo = |on: bool| {
        if terminal {
            let _ = std::process::Command::new("stty")
                .arg(if on { "echo" } else { "-echo" })
                .stdin(std::process::Stdio::inherit())
                .status();
        }
    };
    if terminal {
        eprint!("password for {user}: ");
        let _ = std::io::stderr().flush();
    }
    echo(false);
    let mut line = String::new();
    let read = std::io::stdin().read_line(&mut line);
    echo(true);
    if terminal {
        eprintln!();
    }
    read.context("cannot read the password")?;
    Ok(line.trim_end_matches(['\r', '\n']).to_owned())
}

/// Signs `client` in as `user` and answers the token of the account's
/// seat in `game`.
async fn owned_seat(client: &mut Client, user: &str, game: &str) -> anyhow::Result<String> {
    let password = password(user)?;
    // Once: a refused sign-in (429) says how long to wait, which is the
    // person's to decide.
    let answer = client
        .sign_in(user, &password)
        .await
        .map_err(|error| bad_input(error.to_string()))?;
    if answer.status != 200 {
        return Err(bad_input(format!(
            "--user {user}: {}",
            answer.body["error"]
                .as_str()
                .unwrap_or("the server refused the sign-in")
        )));
    }
    let path = format!("/api/games/{game}/mine");
    let answer = Client::patiently(|| client.get(&path))
        .await
        .map_err(|error| bad_input(error.to_string()))?;
    let seats = answer.body["seats"].as_array().cloned().unwrap_or_default();
    match (answer.status, seats.as_slice()) {
        (200, [seat]) => seat["token"]
            .as_str()
            .map(str::to_owned)
            .context("the server sent a seat without a token"),
        (200, _) => Err(bad_input(format!(
            "--user {user} owns {} seats of game {game}; give the token of the one to play with --token",
            seats.len()
        ))),
        _ => Err(bad_input(format!(
            "game {game}: {}",
            answer.body["error"]
                .as_str()
                .unwrap_or("the server refused")
        ))),
    }
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let choice = args.choice()?;
    let token = args.token()?;
    let mut client = Client::new(&args.url).map_err(|error| bad_input(error.to_string()))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the client's runtime")?;
    runtime.block_on(async {
        let token = match (token, &args.user) {
            (Some(token), _) => token,
            (None, Some(user)) => owned_seat(&mut client, user, &args.game).await?,
            (None, None) => return Err(bad_input("give --token or --user")),
        };
        play(args, client, choice, token, out).await
    })
}

/// The game as this client knows it.
struct Table {
    game: RecordedGame,
    seat: Option<Seat>,
    /// The game's take backs as this client last heard.
    takebacks: u32,
}

impl Table {
    fn length(&self) -> usize {
        self.game.record().moves.len()
    }

    /// Takes in an update from the server; answers whether moves were
    /// taken back (a person holding the same seat's token elsewhere may
    /// take back in a game against the computer), so that the seat's
    /// decision is asked for again.
    fn update(&mut self, update: &Update<'_>) -> anyhow::Result<bool> {
        let from = update.from;
        let takebacks = update.takebacks;
        let taken_back = takebacks != self.takebacks;
        if taken_back {
            // The update starts where the record was shortened to.
            let mut record = self.game.record().clone();
            record.moves.truncate(from);
            record.result = None;
            self.game = RecordedGame::from_record(record)
                .context("the record shortened by a take back does not replay")?;
            self.takebacks = takebacks;
        }
        for (offset, text) in update.moves.iter().enumerate() {
            // Moves this client already has are skipped, so that an update
            // that overlaps what it knows does no harm.
            if from + offset < self.length() {
                continue;
            }
            let mv: Move = text
                .parse()
                .with_context(|| format!("the server sent the move {text:?}"))?;
            self.game
                .play(mv)
                .with_context(|| format!("the server's move {text:?} does not play here"))?;
        }
        Ok(taken_back)
    }
}

async fn play(
    args: &Args,
    client: Client,
    choice: BotChoice,
    token: String,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let path = format!("/api/games/{}", args.game);
    let answer = Client::patiently(|| client.get(&path))
        .await
        .map_err(|error| bad_input(error.to_string()))?;
    if answer.status != 200 {
        return Err(bad_input(format!(
            "game {}: {}",
            args.game,
            answer.body["error"]
                .as_str()
                .unwrap_or("the server refused")
        )));
    }
    let record = Record::from_value(&answer.body["record"])
        .context("the server sent a record that does not read")?;
    let game = RecordedGame::from_record(record).context("the server's record does not replay")?;
    let takebacks = answer.body["takebacks"]
        .as_u64()
        .and_then(|count| u32::try_from(count).ok())
        .unwrap_or(0);
    let mut table = Table {
        game,
        seat: None,
        takebacks,
    };
    let player = choice
        .player(crate::seed::given_or_fresh(None)?, Duration::from_secs(10))
        .map_err(|reason| bad_input(format!("--cmd: {reason}")))?;
    let mut player = Some(player);
    let mut failures = 0;
    loop {
        let socket = match client
            .websocket(&args.game, table.length(), table.takebacks)
            .await
        {
            Ok(socket) => socket,
            Err(error) if failures < RECONNECTS && table.seat.is_some() => {
                failures += 1;
                tracing_wait(failures, &error.to_string()).await;
                continue;
            }
            Err(error) => return Err(bad_input(error.to_string())),
        };
        match session(args, socket, &token, &mut table, &mut player, &choice, out).await? {
            Ended::Over => return Ok(()),
            Ended::Lost(reason) if failures < RECONNECTS => {
                failures += 1;
                tracing_wait(failures, &reason).await;
            }
            Ended::Lost(reason) => anyhow::bail!("the connection was lost: {reason}"),
        }
    }
}

async fn tracing_wait(failures: u32, reason: &str) {
    let wait = Duration::from_secs(1 << (failures - 1));
    eprintln!(
        "connection lost ({reason}); trying again in {} s",
        wait.as_secs()
    );
    tokio::time::sleep(wait).await;
}

enum Ended {
    Over,
    Lost(String),
}

/// One connection's life: authenticate, then play until the game ends or
/// the connection is lost.
async fn session(
    args: &Args,
    mut socket: GameSocket,
    token: &str,
    table: &mut Table,
    player: &mut Option<Player>,
    choice: &BotChoice,
    out: &mut impl Write,
) -> anyhow::Result<Ended> {
    let auth = ClientMessage::Auth {
        token: token.to_owned(),
    }
    .to_text();
    if let Err(error) = socket.send(Message::text(auth.clone())).await {
        return Ok(Ended::Lost(error.to_string()));
    }
    // The last message sent, to send again when the server asks for it
    // later (a 429 with the seconds to wait), and how often it asked.
    let mut last_sent = auth;
    let mut retries = 0;
    let mut asked_at = None;
    loop {
        let frame = match socket.next().await {
            Some(Ok(frame)) => frame,
            Some(Err(error)) => return Ok(Ended::Lost(error.to_string())),
            None => return Ok(Ended::Lost("the server closed it".to_owned())),
        };
        let Message::Text(text) = frame else { continue };
        let message = ServerMessage::read(&text)
            .with_context(|| format!("the server sent a message that does not read: {text}"))?;
        match message {
            ServerMessage::Auth { seat } => {
                let seat = Seat::new(seat);
                if table.seat.is_none() {
                    let seat_number = seat.map_or(0, Seat::index);
                    writeln!(
                        out,
                        "playing seat {seat_number} of game {} as {choice}",
                        args.game
                    )?;
                    out.flush()?;
                }
                table.seat = seat;
            }
            ServerMessage::Update(update) => {
                // After a take back the seat's decision is asked for again,
                // though the record may be as long as when it was asked.
                let taken_back = table.update(&update)?;
                if taken_back {
                    asked_at = None;
                }
                // A game ended before its end (abandoned) is over too,
                // though its position is not.
                if update.status == Status::Over && !table.game.game().is_over() {
                    let result = update.result.as_deref().cloned().unwrap_or_default();
                    writeln!(out, "game over: {result}")?;
                    out.flush()?;
                    return Ok(Ended::Over);
                }
            }
            ServerMessage::Error(ErrorMessage {
                status: 429,
                retry_after_s: Some(seconds),
                ..
            }) if retries < RETRIES && Duration::from_secs(seconds) <= LONGEST_WAIT => {
                retries += 1;
                tokio::time::sleep(Duration::from_secs(seconds)).await;
                if let Err(error) = socket.send(Message::text(last_sent.clone())).await {
                    return Ok(Ended::Lost(error.to_string()));
                }
            }
            ServerMessage::Error(ErrorMessage { status, body, .. }) => {
                let error = body.error;
                match status {
                    // The record moved on meanwhile; its update follows.
                    409 => asked_at = None,
                    403 if table.seat.is_none() => {
                        return Err(bad_input(format!("--token: {error}")));
                    }
                    _ => anyhow::bail!("the server refused: {error}"),
                }
            }
            // A bot plays the game it was started for; it takes up no
            // rematch.
            ServerMessage::Seats(_)
            | ServerMessage::Thinking { .. }
            | ServerMessage::Rematch(_) => {}
        }
        if table.game.game().is_over() {
            let result = table.game.record().result.clone().unwrap_or_default();
            writeln!(out, "game over: {result}")?;
            out.flush()?;
            return Ok(Ended::Over);
        }
        let Some(seat) = table.seat else { continue };
        if table.game.game().to_act() != Some(seat) || asked_at == Some(table.length()) {
            continue;
        }
        asked_at = Some(table.length());
        let at = table.length();
        let record = table.game.record().clone();
        let game = table.game.game().clone();
        let mut thinker = player.take().context("the player is busy")?;
        let time = args.think;
        let (thinker, decision) = tokio::task::spawn_blocking(move || {
            let decision = thinker.decide(&record, &game, time, GRACE);
            (thinker, decision)
        })
        .await
        .context("the player's thread failed")?;
        *player = Some(thinker);
        let mv = decision.map_err(|reason| anyhow::anyhow!("the player has no move: {reason}"))?;
        writeln!(out, "{at} {mv}")?;
        out.flush()?;
        let message = ClientMessage::Move {
            mv: mv.to_string(),
            at,
        };
        last_sent = message.to_text();
        if let Err(error) = socket.send(Message::text(last_sent.clone())).await {
            return Ok(Ended::Lost(error.to_string()));
        }
    }
}
