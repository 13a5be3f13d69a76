//! `carolus serve` as a real process: it listens where it says (told by
//! its options or by their environment variables), keeps every
//! acknowledged move through `kill -9`, and after a restart on the same
//! database every game goes on where it was, computer seats and clocks
//! included.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use carolus_rules::Record;
use serde_json::{Value, json};

use crate::support::served_address;

/// A running `carolus serve`, killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(db: &Path) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_carolus"));
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--think", "0.05"])
            .arg("--db")
            .arg(db)
            .args([
                "--messages-per-second",
                "100000",
                "--creates-per-minute",
                "1000",
            ]);
        Server::spawn(&mut command)
    }

    /// Starts `command`, a `carolus serve` set up by the caller.
    fn spawn(command: &mut Command) -> Server {
        let mut child = command
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("carolus serve starts");
        let address = served_address(&mut child)
            .unwrap_or_else(|line| panic!("unexpected first line {line:?}"));
        assert!(
            !address.ends_with(":0"),
            "the chosen port is printed: {address}"
        );
        Server { child, address }
    }

    /// Ends the process at once, as a crash or `kill -9` would.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
    ) -> (u16, Value) {
        http(&self.address, method, path, body, token).expect("the server answers")
    }

    fn view(&self, id: &str) -> Value {
        let (status, view) = self.request("GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(status, 200, "{view}");
        view
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request on a connection of its own: the status and the body
/// as JSON; `None` when the connection failed (a killed server).
fn http(
    address: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(address).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let status = answer.split(' ').nth(1)?.parse().ok()?;
    let (_, text) = answer.split_once("\r\n\r\n")?;
    Some((status, serde_json::from_str(text).unwrap_or(Value::Null)))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carolus-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn create(server: &Server, request: Value) -> (String, Vec<String>) {
    let (status, created) = server.request("POST", "/api/games", Some(&request), None);
    assert_eq!(status, 201, "{created}");
    let tokens = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["token"].as_str().unwrap().to_owned())
        .collect();
    (created["id"].as_str().unwrap().to_owned(), tokens)
}

fn length(view: &Value) -> usize {
    view["record"]["moves"].as_array().unwrap().len()
}

/// Waits until `done` holds for the game's view, or fails after `limit`.
fn wait_for(server: &Server, id: &str, limit: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let view = server.view(id);
        if done(&view) {
            return view;
        }
        assert!(start.elapsed() < limit, "gave up waiting: {view}");
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn serve_prints_the_port_it_chose_and_answers_health() {
    let dir = scratch("health");
    let server = Server::start(&dir.join("carolus.db"));
    let (status, body) = server.request("GET", "/healthz", None, None);
    assert_eq!((status, body), (200, json!({"status": "ok"})));
    assert!(
        dir.join("carolus.db").exists(),
        "the database file is created"
    );
}

#[test]
fn serve_refuses_a_database_it_cannot_open() {
    let run = super::support::carolus(
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            "/nonexistent/dir/carolus.db",
        ],
        None,
    );
    let message = run.assert_bad_input();
    assert!(
        message.starts_with("--db /nonexistent/dir/carolus.db: "),
        "{message}"
    );
}

/// `carolus serve` with nothing on its command line but `args`, in `dir`
/// (where its default database would go), with `variables` set and no
/// other `CAROLUS_` variable that the test's own environment may hold.
fn serve_command(dir: &Path, args: &[&str], variables: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carolus"));
    command.current_dir(dir).arg("serve").args(args);
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("CAROLUS_") {
            command.env_remove(name);
        }
    }
    command.envs(variables.iter().copied());
    command
}

#[test]
fn a_server_configured_by_environment_variables_alone_serves_as_they_say() {
    let dir = scratch("env");
    let db = dir.join("from-env.db");
    let server = Server::spawn(&mut serve_command(
        &dir,
        &[],
        &[
            ("CAROLUS_LISTEN", "127.0.0.1:0"),
            ("CAROLUS_DB", db.to_str().unwrap()),
            ("CAROLUS_THINK", "0.05"),
            ("CAROLUS_AI_THREADS", "1"),
            ("CAROLUS_CREATES_PER_MINUTE", "1"),
        ],
    ));
    let (status, body) = server.request("GET", "/healthz", None, None);
    assert_eq!((status, body), (200, json!({"status": "ok"})));
    assert!(db.exists(), "the database named by CAROLUS_DB is used");
    assert!(!dir.join("carolus.db").exists(), "not the default one");
    // One game a minute, as CAROLUS_CREATES_PER_MINUTE says: the second
    // is refused.
    let game = json!({"players": 2, "seats": [{"name": "A"}, {"name": "B"}]});
    let (first, _) = server.request("POST", "/api/games", Some(&game), None);
    let (second, _) = server.request("POST", "/api/games", Some(&game), None);
    assert_eq!((first, second), (201, 429));
}

#[test]
fn a_bad_value_in_an_environment_variable_is_refused_naming_the_variable() {
    let dir = scratch("env-bad");
    let cases = [
        ("CAROLUS_AI_THREADS", "0"),
        ("CAROLUS_LISTEN", "nowhere"),
        ("CAROLUS_IDLE_TIMEOUT", "-1"),
        ("CAROLUS_TRUSTED_PROXIES", "10.0.0.0/33"),
        ("CAROLUS_PUBLIC_URL", "ftp://carolus.example"),
    ];
    for (name, value) in cases {
        let run =
            super::support::run_carolus(&mut serve_command(&dir, &[], &[(name, value)]), &[], None);
        let message = run.assert_bad_input();
        assert!(
            message.starts_with(&format!(
                "environment variable {name}: invalid value '{value}'"
            )),
            "{message}"
        );
    }
    // Given on the command line instead, the same value is the option's
    // fault, and no variable is blamed.
    let run = super::support::run_carolus(
        &mut serve_command(&dir, &["--ai-threads", "0"], &[("CAROLUS_AI_THREADS", "0")]),
        &[],
        None,
    );
    let message = run.assert_bad_input();
    assert!(
        message.starts_with("invalid value '0' for '--ai-threads"),
        "{message}"
    );
}

#[test]
fn an_option_on_the_command_line_wins_over_its_variable() {
    let dir = scratch("env-flag");
    let flag_db = dir.join("flag.db");
    let env_db = dir.join("env.db");
    let server = Server::spawn(&mut serve_command(
        &dir,
        &["--listen", "127.0.0.1:0", "--db", flag_db.to_str().unwrap()],
        &[
            // Neither would do: a bad address, and another database.
            ("CAROLUS_LISTEN", "nowhere"),
            ("CAROLUS_DB", env_db.to_str().unwrap()),
        ],
    ));
    let (status, _) = server.request("GET", "/healthz", None, None);
    assert_eq!(status, 200);
    assert!(flag_db.exists(), "the database of --db is used");
    assert!(!env_db.exists(), "the database of CAROLUS_DB is not");
}

#[test]
fn the_help_names_each_option_s_variable_but_not_the_database_s_value() {
    let dir = scratch("env-help");
    let secret = "postgres://carolus:hunter2@db.example/carolus";
    let run = super::support::run_carolus(
        &mut serve_command(&dir, &["--help"], &[("CAROLUS_DB", secret)]),
        &[],
        None,
    );
    run.assert_success();
    for name in [
        "CAROLUS_LISTEN",
        "CAROLUS_DB",
        "CAROLUS_AI_THREADS",
        "CAROLUS_THINK",
        "CAROLUS_ANALYSIS_LEVEL",
        "CAROLUS_MAX_BODY",
        "CAROLUS_CREATES_PER_MINUTE",
        "CAROLUS_MESSAGES_PER_SECOND",
        "CAROLUS_IDLE_TIMEOUT",
        "CAROLUS_TRUSTED_PROXIES",
        "CAROLUS_SMTP",
        "CAROLUS_MAIL_FROM",
        "CAROLUS_PUBLIC_URL",
        "CAROLUS_MAIL_DELAY",
        "CAROLUS_POOL_WAIT",
    ] {
        assert!(
            run.stdout.contains(&format!("[env: {name}")),
            "{name}: {}",
            run.stdout
        );
    }
    assert!(!run.stdout.contains("hunter2"), "{}", run.stdout);
}

#[test]
fn a_malformed_mail_setting_stops_the_server_at_start_saying_why() {
    let dir = scratch("smtp-bad");
    let mail = [
        "--mail-from",
        "Carolus <carolus@example.org>",
        "--public-url",
        "https://carolus.example",
    ];
    let refused = |args: &[&str]| {
        let mut all = vec!["--listen", "127.0.0.1:0"];
        all.extend_from_slice(args);
        let run = super::support::run_carolus(&mut serve_command(&dir, &all, &[]), &[], None);
        run.assert_bad_input().to_owned()
    };
    let with_mail = |smtp: &str| {
        let mut args = vec!["--smtp", smtp];
        args.extend_from_slice(&mail);
        refused(&args)
    };
    let message = with_mail("http://mail.example.org");
    assert!(message.starts_with("--smtp: "), "{message}");
    assert!(
        message.contains("smtp:// (STARTTLS) or smtps:// (TLS)"),
        "{message}"
    );
    let message = with_mail("smtp://carolus:hunter2@mail.example.org/inbox");
    assert!(message.contains("it has a path"), "{message}");
    assert!(
        !message.contains("hunter2"),
        "the password is never shown: {message}"
    );
    let message = with_mail("smtps://mail.example.org?tls=none");
    assert!(
        message.contains("tls=none goes with smtp:// only"),
        "{message}"
    );
    // --smtp needs the sender and the site's address.
    let message = refused(&["--smtp", "smtp://127.0.0.1:2525?tls=none"]);
    assert!(message.contains("--mail-from"), "{message}");
    let message = refused(&[
        "--smtp",
        "smtp://127.0.0.1:2525?tls=none",
        "--mail-from",
        "no address",
        "--public-url",
        "https://carolus.example",
    ]);
    assert!(
        message.starts_with("--mail-from \"no address\""),
        "{message}"
    );
    let message = refused(&[
        "--smtp",
        "smtp://127.0.0.1:2525?tls=none",
        "--mail-from",
        "carolus@example.org",
        "--public-url",
        "carolus.example",
    ]);
    assert!(
        message.contains("'--public-url <URL>'")
            && message.contains("\"carolus.example\" must begin with https:// or http://"),
        "{message}"
    );
    assert!(
        !dir.join("carolus.db").exists(),
        "refused before the database is opened"
    );
}

/// Plays the first legal move of `view` for the seat of `token`.
fn play_first_legal(server: &Server, id: &str, view: &Value, token: &str) {
    let mv = view["state"]["legal"][0].as_str().unwrap();
    let (status, answer) = server.request(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"move": mv, "at": length(view)})),
        Some(token),
    );
    assert_eq!(status, 200, "{answer}");
}

/// Plays game `id` of people with `tokens` as fast as the server answers,
/// until it is over or the server is gone; the thread's result is every
/// move the server acknowledged, with the length it was played at.
fn play_as_fast_as_possible(
    server: &Server,
    id: &str,
    tokens: &[String],
) -> thread::JoinHandle<Vec<(usize, String)>> {
    let address = server.address.clone();
    let id = id.to_owned();
    let tokens = tokens.to_vec();
    thread::spawn(move || {
        let mut acknowledged = Vec::new();
        for turn in 0usize.. {
            let Some((200, view)) = http(&address, "GET", &format!("/api/games/{id}"), None, None)
            else {
                break;
            };
            if view["status"] == "over" {
                break;
            }
            let seat = view["state"]["to_act"].as_u64().unwrap() as usize;
            let legal = view["state"]["legal"].as_array().unwrap();
            let mv = legal[(turn * 7 + 3) % legal.len()]
                .as_str()
                .unwrap()
                .to_owned();
            let at = length(&view);
            let body = json!({"move": mv, "at": at});
            let path = format!("/api/games/{id}/moves");
            match http(&address, "POST", &path, Some(&body), Some(&tokens[seat])) {
                Some((200, _)) => acknowledged.push((at, mv)),
                Some((status, answer)) => panic!("move refused: {status} {answer}"),
                None => break,
            }
        }
        acknowledged
    })
}

#[test]
fn kill_9_loses_no_acknowledged_move_and_games_go_on_after_a_restart() {
    let dir = scratch("kill");
    let db = dir.join("carolus.db");
    let server = Server::start(&db);

    // Two people playing as fast as they can: every move the server
    // acknowledged is noted with the length it was played at.
    let (people, tokens) = create(
        &server,
        json!({"players": 2, "seats": [{"name": "A"}, {"name": "B"}]}),
    );
    // A person against the computer, and a game whose clock will run out
    // while the server is down.
    let (against_computer, anna) = create(
        &server,
        json!({"players": 2, "seats": [{"name": "Anna"}, {"ai": 2}]}),
    );
    let (clocked, _) = create(
        &server,
        json!({"players": 2, "seats": [{"name": "Slow"}, {"name": "Slower"}], "clock": {"initial_s": 1}}),
    );

    let player = play_as_fast_as_possible(&server, &people, &tokens);
    // Let the computer's game get going too.
    let view = server.view(&against_computer);
    if view["state"]["to_act"] == 0 {
        play_first_legal(&server, &against_computer, &view, &anna[0]);
    }

    thread::sleep(Duration::from_millis(700));
    server.kill();
    let acknowledged = player.join().unwrap();
    assert!(
        acknowledged.len() > 5,
        "moves were played before the kill: {}",
        acknowledged.len()
    );

    // Down for longer than the clocked game's second.
    thread::sleep(Duration::from_millis(1200));
    let server = Server::start(&db);
    let view = server.view(&people);
    let record = Record::from_json(&view["record"].to_string()).unwrap();
    record.replay().expect("the stored record replays");
    for (at, mv) in &acknowledged {
        let stored = record.moves.get(*at).map(ToString::to_string);
        assert_eq!(
            stored.as_deref(),
            Some(mv.as_str()),
            "acknowledged move {at} {mv:?}"
        );
    }

    // The game against the computer goes on by itself whenever it is the
    // computer's turn, and the person can move again.
    let view = wait_for(
        &server,
        &against_computer,
        Duration::from_secs(20),
        |view| view["status"] == "over" || view["state"]["to_act"] == 0,
    );
    if view["status"] != "over" {
        play_first_legal(&server, &against_computer, &view, &anna[0]);
    }

    // The clock ran out while the server was down: the seat to act is
    // timed out and the computer plays it.
    let view = wait_for(&server, &clocked, Duration::from_secs(20), |view| {
        view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|seat| seat["timed_out"] == true)
    });
    let before = length(&view);
    wait_for(&server, &clocked, Duration::from_secs(20), |view| {
        length(view) > before
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `carolus connect` for one seat until it ends.
fn connect(server: &Server, id: &str, token: &str, player: &[&str]) -> std::process::Output {
    connect_command(server, id, token, player)
        .stdin(Stdio::null())
        .output()
        .expect("carolus connect runs")
}

fn connect_command(server: &Server, id: &str, token: &str, player: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carolus"));
    command
        .args([
            "connect",
            &format!("http://{}", server.address),
            "--game",
            id,
            "--token",
            token,
        ])
        .args(player)
        .args(["--think", "0.05"]);
    command
}

/// Runs two `carolus connect`s at once to their ends. When one fails, the
/// other is stopped: it would wait for ever for the moves of a seat that
/// nobody plays any more.
fn connect_both(mut commands: [Command; 2]) -> [std::process::Output; 2] {
    let mut children = commands.each_mut().map(|command| {
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("carolus connect runs")
    });
    // The pipes are drained beside the wait, so that a talkative player
    // never blocks on a full pipe.
    let readers = children.each_mut().map(|child| {
        let mut stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        thread::spawn(move || {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            stdout.read_to_end(&mut out).unwrap();
            stderr.read_to_end(&mut err).unwrap();
            (out, err)
        })
    });
    let mut statuses = [None, None];
    while statuses.iter().any(Option::is_none) {
        for index in 0..2 {
            if statuses[index].is_none() {
                statuses[index] = children[index].try_wait().unwrap();
            }
        }
        if statuses.iter().flatten().any(|status| !status.success()) {
            for (child, status) in children.iter_mut().zip(&mut statuses) {
                if status.is_none() {
                    let _ = child.kill();
                    *status = Some(child.wait().unwrap());
                }
            }
        }
        thread::sleep(Duration::from_millis(10));
    }
    let mut outputs = readers.map(|reader| reader.join().unwrap());
    [0, 1].map(|index| {
        let (stdout, stderr) = std::mem::take(&mut outputs[index]);
        std::process::Output {
            status: statuses[index].unwrap(),
            stdout,
            stderr,
        }
    })
}

/// `carolus connect` said it plays `seat` of game `id`, and ended when the
/// game did.
fn assert_played_to_the_end(output: &std::process::Output, seat: usize, id: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "seat {seat}: {stdout} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.starts_with(&format!("playing seat {seat} of game {id} as ")),
        "{stdout}"
    );
    let last = stdout.trim_end().lines().last().unwrap_or_default();
    assert!(last.starts_with("game over: "), "{stdout}");
}

#[test]
fn two_connected_bots_play_a_game_on_the_server_to_the_end() {
    let dir = scratch("connect");
    let server = Server::start(&dir.join("carolus.db"));
    let (id, tokens) = create(
        &server,
        json!({"players": 2, "seats": [{"name": "Bot A"}, {"name": "Bot B"}]}),
    );
    let mut python = None;
    let second: Vec<String> = if super::support::has_python() {
        python = Some(super::support::example_bot());
        vec![
            "--cmd".to_owned(),
            format!("python3 {}", python.as_ref().unwrap().display()),
        ]
    } else {
        vec!["--ai".to_owned(), "greedy".to_owned()]
    };
    let words: Vec<&str> = second.iter().map(String::as_str).collect();
    let [first, second] = connect_both([
        connect_command(&server, &id, &tokens[0], &["--level", "2"]),
        connect_command(&server, &id, &tokens[1], &words),
    ]);
    for (seat, output) in [(0, &first), (1, &second)] {
        assert_played_to_the_end(output, seat, &id);
    }
    let view = server.view(&id);
    assert_eq!(view["status"], "over");
    let _ = python;
    // The record the server hands out is one `carolus replay` accepts.
    let record = view["record"].to_string();
    let replayed = super::support::carolus(&["replay", "-"], Some(&record));
    replayed.assert_success();
    assert_eq!(replayed.json()["phase"], "over");
}

#[test]
fn a_connected_bot_decides_again_when_its_decision_is_taken_back() {
    let dir = scratch("connect-take-back");
    let server = Server::start(&dir.join("carolus.db"));
    // The computer at level 5 thinks for the server's `--think` (50 ms)
    // after each of the bot's decisions, which leaves the test time to take
    // that decision back; against a computer that answers at once, as level
    // 1 does, every take back raced two instant players and a whole game
    // could pass with each one refused as stale.
    let (id, tokens) = create(
        &server,
        json!({"players": 2, "seats": [{"name": "Bot"}, {"ai": 5}]}),
    );
    let (output, taken_back) = thread::scope(|scope| {
        let bot = scope.spawn(|| connect(&server, &id, &tokens[0], &["--level", "1"]));
        // Meanwhile the seat's holder takes decisions back from elsewhere
        // (the browser, say) with the same token.
        let mut taken_back = 0;
        // Until the game ends, or the bot does (a failed bot leaves the
        // game waiting for its seat for ever).
        while taken_back < 3 && !bot.is_finished() {
            let view = server.view(&id);
            if view["status"] == "over" {
                break;
            }
            if length(&view) >= 12 * (taken_back + 1) {
                let (status, answer) = server.request(
                    "POST",
                    &format!("/api/games/{id}/takeback"),
                    Some(&json!({"at": length(&view)})),
                    Some(&tokens[0]),
                );
                // 409: the bot or the computer moved first; look again.
                assert!(status == 200 || status == 409, "{status} {answer}");
                if status == 200 {
                    taken_back += 1;
                }
            }
            thread::sleep(Duration::from_millis(5));
        }
        (bot.join().unwrap(), taken_back)
    });
    assert_played_to_the_end(&output, 0, &id);
    assert_eq!(taken_back, 3);
    let view = server.view(&id);
    assert_eq!(view["takebacks"], 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn connect_says_what_is_wrong_with_its_game_or_token() {
    let dir = scratch("connect-bad");
    let server = Server::start(&dir.join("carolus.db"));
    let (id, _) = create(
        &server,
        json!({"players": 2, "seats": [{"name": "A"}, {"name": "B"}]}),
    );
    let url = format!("http://{}", server.address);
    let missing = super::support::carolus(
        &[
            "connect",
            &url,
            "--game",
            "zzzzzzzzzzzz",
            "--token",
            "x",
            "--level",
            "1",
        ],
        None,
    );
    assert!(
        missing.assert_bad_input().contains("no game"),
        "{missing:?}"
    );
    // A token of another game is refused as such; tokens are base64url,
    // so one in 64 begins with a hyphen, which is still the token and not
    // an option.
    let stranger = "A".repeat(43);
    let hyphenated = format!("-{}", "A".repeat(42));
    for token in [&stranger, &hyphenated] {
        let wrong = super::support::carolus(
            &[
                "connect", &url, "--game", &id, "--token", token, "--level", "1",
            ],
            None,
        );
        assert_eq!(
            wrong.assert_bad_input(),
            "--token: the token is not one of this game's seats",
            "{token}"
        );
    }
    let nobody = super::support::carolus(
        &["connect", &url, "--game", &id, "--token", &stranger],
        None,
    );
    assert_eq!(nobody.code, Some(2), "a player must be named: {nobody:?}");
}

/// One raw HTTP/1.1 exchange: the whole answer, headers and body.
fn raw_exchange(address: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// A POST of `body` with the session cookie `session` (from this site).
fn post_signed_in(address: &str, path: &str, body: &Value, session: Option<&str>) -> String {
    let body = body.to_string();
    let cookie = session
        .map(|id| format!("Cookie: carolus_session={id}\r\nOrigin: http://{address}\r\n"))
        .unwrap_or_default();
    raw_exchange(
        address,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n{cookie}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

#[test]
fn connect_signs_in_and_plays_the_accounts_seat_without_a_token() {
    let dir = scratch("connect-user");
    let server = Server::start(&dir.join("carolus.db"));
    let address = server.address.to_string();
    let password = "zwei Ritter im Turm";
    let signed_up = post_signed_in(
        &address,
        "/api/accounts",
        &json!({"name": "Karl", "password": password}),
        None,
    );
    assert!(signed_up.starts_with("HTTP/1.1 201"), "{signed_up}");
    let session = signed_up
        .split("carolus_session=")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .unwrap()
        .to_owned();
    let created = post_signed_in(
        &address,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Karl"}, {"ai": 1}]}),
        Some(&session),
    );
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    let body: Value = serde_json::from_str(created.split_once("\r\n\r\n").unwrap().1).unwrap();
    let id = body["id"].as_str().unwrap().to_owned();
    let url = format!("http://{address}");
    let run = |password: &str| {
        Command::new(env!("CARGO_BIN_EXE_carolus"))
            .args(["connect", &url, "--game", &id, "--user", "karl"])
            .args(["--level", "1", "--think", "0.05"])
            .env("CAROLUS_PASSWORD", password)
            .stdin(Stdio::null())
            .output()
            .expect("carolus connect runs")
    };
    let refused = run("not the password");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("the name or the password is wrong"),
        "{refused:?}"
    );
    let output = run(password);
    assert_played_to_the_end(&output, 0, &id);
    assert_eq!(server.view(&id)["status"], "over");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_https_public_url_makes_the_cookie_secure_and_the_site_its_origin() {
    let dir = scratch("public-url");
    let db = dir.join("carolus.db");
    let server = Server::spawn(&mut serve_command(
        &dir,
        &["--listen", "127.0.0.1:0", "--db", db.to_str().unwrap()],
        &[("CAROLUS_PUBLIC_URL", "https://carolus.example/")],
    ));
    let address = server.address.to_string();
    let signed_up = post_signed_in(
        &address,
        "/api/accounts",
        &json!({"name": "Karl", "password": "zwei Ritter im Turm"}),
        None,
    );
    assert!(signed_up.starts_with("HTTP/1.1 201"), "{signed_up}");
    let cookie = signed_up
        .lines()
        .find(|line| line.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap();
    assert!(cookie.trim_end().ends_with("; Secure"), "{cookie}");
    let session = cookie
        .split("carolus_session=")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .unwrap();
    // The request names the server's own address as its origin, which is
    // not the public URL's: refused.
    let game = json!({"players": 2, "seats": [{"name": "Karl"}, {"ai": 1}]});
    let refused = post_signed_in(&address, "/api/games", &game, Some(session));
    assert!(refused.starts_with("HTTP/1.1 403"), "{refused}");
    let body = game.to_string();
    let from_site = raw_exchange(
        &address,
        &format!(
            "POST /api/games HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nCookie: carolus_session={session}\r\nOrigin: https://carolus.example\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert!(from_site.starts_with("HTTP/1.1 201"), "{from_site}");
    let _ = std::fs::remove_dir_all(&dir);
}
