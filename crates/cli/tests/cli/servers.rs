//! Several `carolus serve` processes on one PostgreSQL behind Debian's
//! nginx, all real processes on loopback, each test with a PostgreSQL
//! server of its own (started by `.ci/postgres`): games played through
//! nginx on both servers go on through a `kill -9` of one, computer seats
//! and clocks included, and through a restart of PostgreSQL under load;
//! no acknowledged move is lost or applied twice, and once PostgreSQL is
//! back no request is refused for a connection the restart cut. nginx
//! spreads each game's clients over both servers, the harder case, except
//! in the test of DEPLOY.md's routing by game, where a kill -9 of the
//! server holding a game sends all its clients to the other.
//!
//! Skipped (with a line saying so) when PostgreSQL's server or nginx is
//! not installed; a failure instead when `CAROLUS_REQUIRE_POSTGRES` is set,
//! as CI sets it.

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use carolus_rules::Record;
use carolus_server::client::{Client, GameSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};

use crate::support::served_address;
use tokio_tungstenite::tungstenite::Message;

/// The repository's `.ci/postgres`, which makes throwaway clusters.
fn postgres_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.ci/postgres")
}

fn nginx_binary() -> Option<PathBuf> {
    ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|path| path.exists())
}

fn postgres_installed() -> bool {
    std::fs::read_dir("/usr/lib/postgresql")
        .map(|versions| {
            versions
                .flatten()
                .any(|v| v.path().join("bin/postgres").exists())
        })
        .unwrap_or(false)
}

/// Whether the test can run; if not, says so (or fails, when required).
fn available() -> bool {
    if postgres_installed() && nginx_binary().is_some() {
        return true;
    }
    let required = std::env::var_os("CAROLUS_REQUIRE_POSTGRES").is_some_and(|v| !v.is_empty());
    assert!(
        !required,
        "CAROLUS_REQUIRE_POSTGRES is set, but PostgreSQL's server or nginx is not installed"
    );
    // Past the harness's capture, so that a passing run says what it
    // did not test.
    let _ = writeln!(
        std::io::stderr(),
        "several-servers tests skipped: they need PostgreSQL's server and nginx installed"
    );
    false
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carolus-servers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A PostgreSQL server of the test's own, stopped and removed when
/// dropped.
struct Postgres {
    dir: PathBuf,
    url: String,
}

impl Postgres {
    fn start(dir: &Path) -> Postgres {
        let dir = dir.join("postgres");
        let output = Command::new(postgres_script())
            .arg("start")
            .arg(&dir)
            .arg(free_port().to_string())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "PostgreSQL did not start: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let url = String::from_utf8(output.stdout).unwrap().trim().to_owned();
        Postgres { dir, url }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = Command::new(postgres_script())
            .arg("stop")
            .arg(&self.dir)
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A running `carolus serve`, killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(url: &str, log: &Path) -> Server {
        Server::start_with(url, log, &["--creates-per-minute", "1000"])
    }

    /// A server with the options `more` besides the tests' own.
    fn start_with(url: &str, log: &Path, more: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carolus"))
            .args(["serve", "--listen", "127.0.0.1:0", "--think", "0.05"])
            .args(["--db", url, "--ai-threads", "1"])
            .args(["--messages-per-second", "100000"])
            .args(more)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(log).unwrap())
            .spawn()
            .expect("carolus serve starts");
        let address = served_address(&mut child).unwrap_or_else(|line| {
            panic!(
                "unexpected first line {line:?}; log: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            )
        });
        Server { child, address }
    }

    /// Ends the process at once, as a crash or `kill -9` would.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How nginx chooses a server for a request.
#[derive(Clone, Copy)]
enum Balance {
    /// Each request to the next server: the clients of one game are spread
    /// over the servers, which must then follow each other's changes.
    RoundRobin,
    /// By the game in the request's path, as DEPLOY.md recommends: the
    /// clients of one game meet on one server while it runs.
    ByGame,
}

/// Debian's nginx in front of `servers`, with WebSocket upgrades passed
/// on, as DEPLOY.md configures it; stopped when dropped.
struct Nginx {
    child: Child,
    address: String,
}

impl Nginx {
    fn start(dir: &Path, servers: &[&Server], balance: Balance) -> Nginx {
        let dir = dir.join("nginx");
        std::fs::create_dir_all(&dir).unwrap();
        let port = free_port();
        let upstreams: String = servers
            .iter()
            .map(|server| {
                format!(
                    "        server {} max_fails=1 fail_timeout=5s;\n",
                    server.address
                )
            })
            .collect();
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|output| output.stdout.starts_with(b"0\n"));
        let dir_text = dir.display();
        let config = format!(
            "{user}worker_processes 1;\n\
             daemon off;\n\
             pid {dir_text}/nginx.pid;\n\
             error_log {dir_text}/error.log warn;\n\
             events {{ worker_connections 1024; }}\n\
             http {{\n\
                 access_log off;\n\
                 client_body_temp_path {dir_text}/body;\n\
                 proxy_temp_path {dir_text}/proxy;\n\
                 fastcgi_temp_path {dir_text}/fastcgi;\n\
                 uwsgi_temp_path {dir_text}/uwsgi;\n\
                 scgi_temp_path {dir_text}/scgi;\n\
                 map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}\n\
                 map $uri $carolus_game {{\n\
                     ~^/(api/)?games/(?<game>[0-9a-z]+) $game;\n\
                     default $request_id;\n\
                 }}\n\
                 upstream carolus {{\n{hash}{upstreams}    }}\n\
                 server {{\n\
                     listen 127.0.0.1:{port};\n\
                     location / {{\n\
                         proxy_pass http://carolus;\n\
                         proxy_http_version 1.1;\n\
                         proxy_set_header Upgrade $http_upgrade;\n\
                         proxy_set_header Connection $connection_upgrade;\n\
                         proxy_set_header Host $host;\n\
                         proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n\
                         proxy_set_header Forwarded \"\";\n\
                         proxy_read_timeout 120s;\n\
                     }}\n\
                 }}\n\
             }}\n",
            user = if root { "user root;\n" } else { "" },
            hash = match balance {
                Balance::RoundRobin => "",
                Balance::ByGame => "        hash $carolus_game consistent;\n",
            },
        );
        let path = dir.join("nginx.conf");
        std::fs::write(&path, config).unwrap();
        let child = Command::new(nginx_binary().unwrap())
            .arg("-c")
            .arg(&path)
            .arg("-p")
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let address = format!("127.0.0.1:{port}");
        let start = Instant::now();
        while std::net::TcpStream::connect(&address).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "nginx does not listen: {}",
                std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Nginx { child, address }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM, not SIGKILL: nginx's master then stops its workers,
        // which a killed master would leave running.
        let stopped = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()
            .is_ok_and(|status| status.success());
        if !stopped {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The game's view through nginx, asked again while the way or the store
/// fails (nginx's 502, the store's 503, no answer).
async fn view(client: &Client, id: &str) -> Value {
    let path = format!("/api/games/{id}");
    let start = Instant::now();
    loop {
        if let Ok(answer) = client.get(&path).await
            && answer.status != 502
            && answer.status != 503
        {
            assert_eq!(answer.status, 200, "{}", answer.body);
            return answer.body;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no answer through nginx for 30 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn moves_of(view: &Value) -> Vec<String> {
    view["record"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv.as_str().unwrap().to_owned())
        .collect()
}

async fn create(client: &Client, request: Value) -> (String, Vec<String>) {
    let answer = client.post("/api/games", &request, None).await.unwrap();
    assert_eq!(answer.status, 201, "{}", answer.body);
    let tokens = answer.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["token"].as_str().unwrap_or_default().to_owned())
        .collect();
    (answer.body["id"].as_str().unwrap().to_owned(), tokens)
}

/// A person playing over HTTP: one move of the seat to act if it is
/// `seat`'s turn (a legal move spread over them by the record's length,
/// since always the first one can go round in circles for ever),
/// remembered if acknowledged. A
/// move refused because the way or the store failed is played again at
/// the next turn, whatever became of it: the length in `at` makes sure
/// it counts once.
async fn http_turn(
    client: &Client,
    id: &str,
    token: &str,
    seat: u64,
    acknowledged: &mut Vec<(usize, String)>,
) -> Value {
    let game = view(client, id).await;
    if game["status"] != "running" || game["state"]["to_act"] != seat {
        return game;
    }
    let at = moves_of(&game).len();
    let legal = game["state"]["legal"].as_array().unwrap();
    let mv = legal[(at.wrapping_mul(2_654_435_761) >> 7) % legal.len()]
        .as_str()
        .unwrap()
        .to_owned();
    let answer = client
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "at": at}),
            Some(token),
        )
        .await;
    match answer {
        Ok(answer) if answer.status == 200 => acknowledged.push((at, mv)),
        // Refused for a reason to do with the way, not the move.
        Ok(answer) => assert!([409, 502, 503].contains(&answer.status), "{}", answer.body),
        Err(_) => {}
    }
    game
}

/// The view of game `id` on `server` once it is over there. The players
/// saw it end on one server; the other hears of the last move a moment
/// later (its notice's way through PostgreSQL, longer on a busy
/// machine), and a view asked of it in between is one move short.
async fn finished(server: &Server, id: &str) -> Value {
    let client = Client::new(&server.address).unwrap();
    let start = Instant::now();
    loop {
        let game = view(&client, id).await;
        if game["status"] == "over" {
            return game;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server at {} never heard that game {id} is over: {game}",
            server.address
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Every acknowledged move is in the record where it was played.
fn assert_kept(record: &[String], acknowledged: &[(usize, String)]) {
    for (at, mv) in acknowledged {
        assert_eq!(
            record.get(*at),
            Some(mv),
            "the move {mv} acknowledged at {at}"
        );
    }
}

/// A person on a WebSocket through nginx, reconnecting when it drops.
struct Player {
    client: Client,
    id: String,
    token: String,
    socket: Option<GameSocket>,
    moves: Vec<String>,
    state: Value,
    status: String,
    reconnections: usize,
}

impl Player {
    fn new(client: &Client, id: &str, token: &str) -> Player {
        Player {
            client: client.clone(),
            id: id.to_owned(),
            token: token.to_owned(),
            socket: None,
            moves: Vec::new(),
            state: Value::Null,
            status: String::new(),
            reconnections: 0,
        }
    }

    /// Connects (again) from the length it knows, and authenticates.
    async fn connect(&mut self) {
        let start = Instant::now();
        loop {
            if let Ok(mut socket) = self.client.websocket(&self.id, self.moves.len(), 0).await {
                let auth = json!({"type": "auth", "token": self.token}).to_string();
                if socket.send(Message::text(auth)).await.is_ok() {
                    self.socket = Some(socket);
                    // The first message is the update from the length given.
                    if self.next().await.is_some() {
                        return;
                    }
                }
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "cannot reconnect"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The next message, taken in; `None` if the socket dropped.
    async fn next(&mut self) -> Option<Value> {
        let socket = self.socket.as_mut()?;
        // Pings do not count: a message is due within the time.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let frame = tokio::time::timeout_at(deadline, socket.next())
                .await
                .expect("a message within 30 s");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    if message["type"] == "update" {
                        let from = message["from"].as_u64().unwrap() as usize;
                        assert_eq!(
                            from,
                            self.moves.len(),
                            "an update starts where the client is"
                        );
                        for mv in message["moves"].as_array().unwrap() {
                            self.moves.push(mv.as_str().unwrap().to_owned());
                        }
                        self.state = message["state"].clone();
                        self.status = message["status"].as_str().unwrap().to_owned();
                    }
                    return Some(message);
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => {
                    self.socket = None;
                    return None;
                }
                Some(Ok(_)) => {}
            }
        }
    }

    /// Waits for an update, or a move of its refused as stale or unsaved
    /// (its server died under it); reconnects if the socket drops.
    async fn until_update(&mut self) {
        loop {
            match self.next().await {
                Some(message) if message["type"] == "update" => return,
                Some(message) if message["type"] == "error" => {
                    assert!(
                        message["status"] == 409 || message["status"] == 503,
                        "{message}"
                    );
                    return;
                }
                Some(_) => {}
                None => {
                    self.reconnections += 1;
                    self.connect().await;
                    return;
                }
            }
        }
    }
}

/// A game of two people, each on a WebSocket through nginx.
async fn people_on_sockets(client: &Client) -> (String, [Player; 2]) {
    let (id, tokens) = create(
        client,
        json!({"players": 2, "seats": [{"name": "Anna"}, {"name": "Bruno"}]}),
    )
    .await;
    let mut players = [
        Player::new(client, &id, &tokens[0]),
        Player::new(client, &id, &tokens[1]),
    ];
    for player in &mut players {
        player.connect().await;
    }
    (id, players)
}

/// Waits until both players have heard of the same moves.
async fn catch_up(players: &mut [Player; 2]) {
    loop {
        let longest = players[0].moves.len().max(players[1].moves.len());
        for player in players.iter_mut() {
            while player.moves.len() < longest {
                player.until_update().await;
            }
        }
        if players[0].moves.len() == players[1].moves.len() {
            return;
        }
    }
}

/// Plays one turn of a game of two WebSocket players: both catch up
/// with each other (one may have reconnected before the other's last move
/// reached it), the seat to act moves, and both wait for the update.
async fn socket_turn(players: &mut [Player; 2], turn: usize) {
    catch_up(players).await;
    if players[0].status == "over" {
        return;
    }
    let seat = players[0].state["to_act"].as_u64().unwrap() as usize;
    let actor = &mut players[seat];
    let legal = actor.state["legal"].as_array().unwrap();
    let mv = legal[(turn * 7) % legal.len()].as_str().unwrap().to_owned();
    let at = actor.moves.len();
    let message = json!({"type": "move", "move": mv, "at": at}).to_string();
    if let Some(socket) = actor.socket.as_mut() {
        let _ = socket.send(Message::text(message)).await;
    }
    // The mover waits for its move; the other player catches up at the
    // next turn. A move lost with its server, or refused, is played again
    // then; its `at` makes sure it counts once.
    players[seat].until_update().await;
}

/// PostgreSQL, two servers on it and nginx in front of them, in a
/// directory of the test's own. Dropped in the order of the fields: nginx,
/// the servers, PostgreSQL, and the directory last.
struct Site {
    _nginx: Nginx,
    servers: [Server; 2],
    postgres: Postgres,
    client: Client,
    _dir: Scratch,
}

impl Site {
    /// The site of the test `name`, or `None` when PostgreSQL or nginx is
    /// missing (see [`available`]).
    fn start(name: &str, balance: Balance) -> Option<Site> {
        if !available() {
            return None;
        }
        let dir = scratch(name);
        let postgres = Postgres::start(&dir);
        let servers = [
            Server::start(&postgres.url, &dir.join("server-1.log")),
            Server::start(&postgres.url, &dir.join("server-2.log")),
        ];
        let nginx = Nginx::start(&dir, &[&servers[0], &servers[1]], balance);
        let client = Client::new(&nginx.address).unwrap();
        Some(Site {
            _nginx: nginx,
            servers,
            postgres,
            client,
            _dir: Scratch(dir),
        })
    }
}

/// A directory removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The record in a game's view replays, and the game it replays is over.
fn assert_replays_to_its_end(view: &Value) {
    let record = Record::from_value(&view["record"]).expect("the stored record reads");
    assert!(
        record
            .replay()
            .expect("the stored record replays")
            .is_over()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_through_nginx_go_on_when_one_server_is_killed() {
    let Some(mut site) = Site::start("kill", Balance::RoundRobin) else {
        return;
    };
    let client = site.client.clone();

    // Two people on WebSockets (their connections spread over both
    // servers by nginx), a person against the computer over HTTP, and two
    // people with one-second clocks who never move (the computer plays
    // their seats once their time runs out).
    let (people, mut players) = people_on_sockets(&client).await;
    let (computer, tokens) = create(
        &client,
        json!({"players": 2, "seats": [{"name": "Carla"}, {"ai": 1}]}),
    )
    .await;
    let carla = tokens[0].clone();
    let (clocked, _) = create(
        &client,
        json!({"players": 2, "seats": [{"name": "Dora"}, {"name": "Emil"}],
               "clock": {"initial_s": 1}}),
    )
    .await;

    let mut acknowledged = Vec::new();
    let mut last_progress = Instant::now();
    let mut computer_length = 0;
    let mut turn = 0;
    let mut killed = false;
    loop {
        if turn == 30 && !killed {
            site.servers[0].kill();
            killed = true;
        }
        if players[0].status != "over" {
            socket_turn(&mut players, turn).await;
        }
        let game = http_turn(&client, &computer, &carla, 0, &mut acknowledged).await;
        let length = moves_of(&game).len();
        if length != computer_length {
            computer_length = length;
            last_progress = Instant::now();
        }
        // The computer's seat, claimed by either server, is taken over
        // within the claim's lease and a sweep when its server dies.
        assert!(
            last_progress.elapsed() < Duration::from_secs(20),
            "the game against the computer is stuck: {game}"
        );
        turn += 1;
        if players[0].status == "over" && game["status"] == "over" {
            break;
        }
        assert!(turn < 5_000, "the games do not end");
    }
    assert!(killed, "a server was killed mid-game");
    // nginx spreads the two sockets over both servers: one of them was on
    // the server killed, and came back through nginx to the other.
    assert!(
        players.iter().any(|player| player.reconnections > 0),
        "no client was cut off by the kill"
    );
    assert!(site.servers[1].is_running());

    // Every client of the people's game ends with the same record, the
    // one stored.
    catch_up(&mut players).await;
    assert_eq!(players[0].moves, players[1].moves);
    let stored = view(&client, &people).await;
    assert_eq!(moves_of(&stored), players[0].moves);
    assert_replays_to_its_end(&stored);

    // Nothing acknowledged against the computer was lost.
    let stored = view(&client, &computer).await;
    assert_kept(&moves_of(&stored), &acknowledged);
    assert_replays_to_its_end(&stored);

    // The clocks ran out and the computer played both seats to the end.
    let start = Instant::now();
    loop {
        let game = view(&client, &clocked).await;
        if game["status"] == "over" {
            assert_eq!(game["seats"][0]["timed_out"], true);
            assert_eq!(game["seats"][1]["timed_out"], true);
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the clocked game does not end: {game}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_kept_on_one_server_moves_to_the_other_when_that_server_is_killed() {
    let Some(mut site) = Site::start("by-game", Balance::ByGame) else {
        return;
    };
    let client = site.client.clone();
    let (id, mut players) = people_on_sockets(&client).await;
    // Both players' sockets went to the one server nginx keeps the game on.
    let mut holding = Vec::new();
    for (index, server) in site.servers.iter().enumerate() {
        let metrics = Client::new(&server.address)
            .unwrap()
            .get_text("/metrics")
            .await
            .unwrap();
        if metrics.contains("carolus_websocket_connections 2\n") {
            holding.push(index);
        }
    }
    assert_eq!(holding.len(), 1, "one server holds both sockets");

    let mut turn = 0;
    while players[0].status != "over" {
        if turn == 30 {
            site.servers[holding[0]].kill();
        }
        socket_turn(&mut players, turn).await;
        turn += 1;
        assert!(turn < 5_000, "the game does not end");
    }
    assert!(turn > 30, "the server was killed mid-game");
    // Both were cut off, and nginx sent both to the other server.
    assert!(
        players.iter().all(|player| player.reconnections > 0),
        "a client was not cut off by the kill"
    );
    catch_up(&mut players).await;
    assert_eq!(players[0].moves, players[1].moves);
    let stored = view(&client, &id).await;
    assert_eq!(moves_of(&stored), players[0].moves);
    assert_replays_to_its_end(&stored);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_of_postgresql_under_load_refuses_moves_and_loses_none() {
    let Some(mut site) = Site::start("restart", Balance::RoundRobin) else {
        return;
    };
    let client = site.client.clone();

    let mut games = Vec::new();
    for n in 0..6 {
        let (id, tokens) = create(
            &client,
            json!({"players": 2, "seats": [{"name": format!("A{n}")}, {"name": format!("B{n}")}]}),
        )
        .await;
        games.push((id, tokens));
    }
    let players = games.iter().cloned().map(|(id, tokens)| {
        let client = client.clone();
        tokio::spawn(async move {
            let mut acknowledged = Vec::new();
            let start = Instant::now();
            loop {
                let mut over = false;
                for (seat, token) in tokens.iter().enumerate() {
                    let game = http_turn(&client, &id, token, seat as u64, &mut acknowledged).await;
                    over = game["status"] == "over";
                }
                if over {
                    return (id, acknowledged);
                }
                assert!(
                    start.elapsed() < Duration::from_secs(240),
                    "game {id} does not end"
                );
            }
        })
    });
    let players: Vec<_> = players.collect();
    tokio::time::sleep(Duration::from_millis(700)).await;
    // A fast restart cuts every connection; it takes a second or two.
    let restart = tokio::task::spawn_blocking({
        let dir = site.postgres.dir.clone();
        move || {
            let status = Command::new(postgres_script())
                .arg("restart")
                .arg(&dir)
                .status()
                .unwrap();
            assert!(status.success(), "PostgreSQL did not restart");
        }
    });
    restart.await.unwrap();
    for player in players {
        let (id, acknowledged) = player.await.unwrap();
        // Each server's copy, asked directly: both must come to hold
        // every acknowledged move.
        for server in &site.servers {
            let stored = finished(server, &id).await;
            assert_kept(&moves_of(&stored), &acknowledged);
            assert_replays_to_its_end(&stored);
        }
    }
    // Both servers reconnected by themselves and serve on.
    for server in &mut site.servers {
        assert!(server.is_running());
        let health = Client::new(&server.address)
            .unwrap()
            .get("/healthz")
            .await
            .unwrap();
        assert_eq!(health.status, 200, "{}", health.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_of_postgresql_the_first_requests_are_served() {
    if !available() {
        return;
    }
    let dir = scratch("rested");
    let postgres = Postgres::start(&dir);
    let server = Server::start(&postgres.url, &dir.join("server.log"));
    let client = Client::new(&server.address).unwrap();
    // Many requests at once leave several connections resting in the
    // server's pool, which the restart then cuts.
    let busy = (0..24).map(|n| {
        let client = client.clone();
        tokio::spawn(async move {
            let seats = json!([{"name": format!("A{n}")}, {"name": format!("B{n}")}]);
            create(&client, json!({"players": 2, "seats": seats})).await;
            client.get("/api/games?limit=5").await.unwrap();
        })
    });
    for request in busy.collect::<Vec<_>>() {
        request.await.unwrap();
    }
    let status = Command::new(postgres_script())
        .arg("restart")
        .arg(&postgres.dir)
        .status()
        .unwrap();
    assert!(status.success(), "PostgreSQL did not restart");
    // The database is back: none of these is refused for a connection
    // that died with the restart.
    for _ in 0..8 {
        let health = client.get("/healthz").await.unwrap();
        assert_eq!(health.status, 200, "{}", health.body);
    }
    let (id, tokens) = create(
        &client,
        json!({"players": 2, "seats": [{"name": "A"}, {"name": "B"}]}),
    )
    .await;
    let seat = view(&client, &id).await["state"]["to_act"]
        .as_u64()
        .unwrap();
    let mut acknowledged = Vec::new();
    http_turn(
        &client,
        &id,
        &tokens[seat as usize],
        seat,
        &mut acknowledged,
    )
    .await;
    assert_eq!(acknowledged.len(), 1, "the first move is acknowledged");
    drop(server);
    drop(postgres);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Creates a game through nginx from the client address `source` (a
/// loopback address of the test's choice), writing `header` into the
/// request besides: the answer's status.
fn create_from(nginx: &str, source: &str, header: &str) -> u16 {
    use std::io::Read;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
        socket.connect(nginx.parse().unwrap()).await.unwrap()
    });
    let mut stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    let body = r#"{"players": 2, "seats": [{"name": "Anna"}, {"name": "Bruno"}]}"#;
    write!(
        stream,
        "POST /api/games HTTP/1.1\r\nHost: carolus\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n{header}\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {answer:?}"))
}

#[test]
fn behind_nginx_each_client_has_its_own_rate_limit() {
    if !available() {
        return;
    }
    let dir = Scratch(scratch("proxies"));
    let db = dir.0.join("games.db");
    let db = db.to_str().unwrap();
    let server = Server::start_with(
        db,
        &dir.0.join("server.log"),
        &[
            "--creates-per-minute",
            "2",
            "--trusted-proxies",
            "127.0.0.1",
        ],
    );
    let nginx = Nginx::start(&dir.0, &[&server], Balance::RoundRobin);
    let address = &nginx.address;

    // One client uses up its two games a minute; pretending to be another
    // client in a header of its own does not help it, since nginx appends
    // the address it heard from and the server reads that one.
    assert_eq!(create_from(address, "127.0.0.2", ""), 201);
    assert_eq!(create_from(address, "127.0.0.2", ""), 201);
    assert_eq!(create_from(address, "127.0.0.2", ""), 429);
    assert_eq!(
        create_from(address, "127.0.0.2", "X-Forwarded-For: 127.0.0.9\r\n"),
        429
    );
    assert_eq!(
        create_from(address, "127.0.0.2", "Forwarded: for=127.0.0.9\r\n"),
        429
    );
    // Another client behind the same nginx is not limited by the first.
    assert_eq!(create_from(address, "127.0.0.3", ""), 201);
    assert_eq!(create_from(address, "127.0.0.3", ""), 201);
    assert_eq!(create_from(address, "127.0.0.3", ""), 429);
}
