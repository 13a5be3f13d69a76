//! Turn by e-mail with the real binary: `carolus serve --smtp …` sends to
//! an SMTP sink started by the test, two accounts play a correspondence
//! game, a turn's mail arrives exactly once also when the server is killed
//! (`kill -9`) between queueing it and sending it, and none goes to a
//! person who is connected at the table.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use carolus_server::smtp_sink::{Received, SmtpSink};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};

use crate::support::served_address;

/// The site's address in the links and the `Origin` of signed-in requests.
const SITE: &str = "http://carolus.test";

/// The longest the test waits for a mail.
const PATIENCE: Duration = Duration::from_secs(30);

/// A running `carolus serve`, killed (as `kill -9` would) when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(db: &Path, smtp: &str, delay_s: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carolus"))
            .args(["serve", "--listen", "127.0.0.1:0", "--think", "0.05"])
            .arg("--db")
            .arg(db)
            .args([
                "--smtp",
                smtp,
                "--mail-from",
                "Carolus <carolus@example.org>",
            ])
            .args(["--public-url", SITE, "--mail-delay", delay_s])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("carolus serve starts");
        let address = served_address(&mut child)
            .unwrap_or_else(|line| panic!("unexpected first line {line:?}"));
        Server { child, address }
    }

    /// One request (with the session cookie, from the site, if given):
    /// the status, the session a `Set-Cookie` gives, and the body.
    fn call(
        &self,
        method: &str,
        path: &str,
        body: &Value,
        session: Option<&str>,
        token: Option<&str>,
    ) -> (u16, Option<String>, Value) {
        let body = body.to_string();
        let mut headers = String::new();
        if let Some(session) = session {
            headers += &format!("Cookie: carolus_session={session}\r\nOrigin: {SITE}\r\n");
        }
        if let Some(token) = token {
            headers += &format!("Authorization: Bearer {token}\r\n");
        }
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let address = &self.address;
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status = answer.split(' ').nth(1).unwrap().parse().unwrap();
        let session = answer
            .split("carolus_session=")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .map(str::to_owned);
        let text = answer.split_once("\r\n\r\n").map_or("", |(_, text)| text);
        (
            status,
            session,
            serde_json::from_str(text).unwrap_or(Value::Null),
        )
    }

    fn view(&self, id: &str) -> Value {
        let (status, _, view) =
            self.call("GET", &format!("/api/games/{id}"), &Value::Null, None, None);
        assert_eq!(status, 200, "{view}");
        view
    }

    /// Plays the first legal move for whoever decides until seat `seat`
    /// has decided and the decision passed to the other seat.
    fn until_handed_on(&self, id: &str, tokens: &[String; 2], seat: usize) {
        let mut decided = false;
        loop {
            let view = self.view(id);
            let decider = view["state"]["decider"].as_u64().unwrap() as usize;
            if decider != seat && decided {
                return;
            }
            decided |= decider == seat;
            let at = view["record"]["moves"].as_array().unwrap().len();
            let mv = view["state"]["legal"][0].clone();
            let (status, _, answer) = self.call(
                "POST",
                &format!("/api/games/{id}/moves"),
                &json!({"move": mv, "at": at}),
                None,
                Some(&tokens[decider]),
            );
            assert_eq!(status, 200, "{answer}");
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Signs up `name` with an address and mails on: the session.
fn account(server: &Server, name: &str) -> String {
    let body = json!({"name": name, "password": "zwei Ritter im Turm",
                      "email": format!("{name}@example.org")});
    let (status, session, answer) = server.call("POST", "/api/accounts", &body, None, None);
    assert_eq!(status, 201, "{answer}");
    let session = session.unwrap();
    let (status, _, me) = server.call(
        "PATCH",
        "/api/me",
        &json!({"mail_on": true}),
        Some(&session),
        None,
    );
    assert_eq!(status, 200, "{me}");
    session
}

/// Waits until the outbox of the database `db` holds an unsent turn's
/// mail to `address`.
async fn queued_for(db: &Path, address: &str) {
    let url = format!("sqlite://{}?mode=ro", db.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let waited = tokio::time::timeout(PATIENCE, async {
        loop {
            let queued: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM mail_outbox \
                 WHERE recipient = $1 AND kind = 'turn' AND outcome IS NULL",
            )
            .bind(address)
            .fetch_one(&pool)
            .await
            .unwrap();
            if queued > 0 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
    waited.await.expect("the turn's mail is queued");
    pool.close().await;
}

fn is_turn_mail(mail: &Received, id: &str) -> bool {
    mail.header("Subject")
        .is_some_and(|subject| subject.contains(id))
        && mail.body().contains(&format!("{SITE}/games/{id}"))
}

#[test]
fn a_turn_mail_arrives_once_through_a_kill_9_and_none_while_connected_at_the_table() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut sink = runtime.block_on(SmtpSink::start());
    let dir = std::env::temp_dir().join(format!("carolus-mail-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("carolus.db");

    // A day-long delay: every turn's mail stays queued.
    let first = Server::start(&db, &sink.url(), "86400");
    let anna = account(&first, "Anna");
    let bruno = account(&first, "Bruno");
    let game = json!({"players": 2, "seats": [{"name": "Anna"}, {"open": true}],
                      "clock": {"days_per_move": 3}});
    let (status, _, created) = first.call("POST", "/api/games", &game, Some(&anna), None);
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let (status, _, claimed) = first.call(
        "POST",
        &format!("/api/games/{id}/seats/1"),
        &json!({"name": "Bruno"}),
        Some(&bruno),
        None,
    );
    assert_eq!(status, 200, "{claimed}");
    let tokens = [
        created["seats"][0]["token"].as_str().unwrap().to_owned(),
        claimed["token"].as_str().unwrap().to_owned(),
    ];
    // Anna decides and hands the game to Bruno: his mail is queued.
    first.until_handed_on(&id, &tokens, 0);
    let (status, _, mine) = first.call("GET", "/api/me/games", &Value::Null, Some(&bruno), None);
    assert_eq!(status, 200);
    assert_eq!(mine["waiting"], 1, "the game waits for Bruno: {mine}");
    // The mail is queued on a task of its own after the move: the test
    // kills the server once the outbox holds it, unsent.
    runtime.block_on(queued_for(&db, "Bruno@example.org"));
    drop(first);
    assert!(sink.taken().is_empty(), "nothing was sent before the kill");

    // Restarted on the same database with no delay: Bruno's mail goes,
    // once; Anna's earlier turns are over and go to nobody.
    let second = Server::start(&db, &sink.url(), "0");
    let mail = runtime.block_on(sink.next(PATIENCE));
    assert_eq!(mail.to, ["Bruno@example.org"]);
    assert!(is_turn_mail(&mail, &id), "{}", mail.data);

    // Bruno sits at the table (a WebSocket holding his seat) and hands
    // the game to Anna and back: Anna gets her mail, and Bruno none.
    let url = format!("ws://{}/api/games/{id}/ws", second.address);
    let mut socket = runtime.block_on(async {
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let auth = json!({"type": "auth", "token": tokens[1]}).to_string();
        socket.send(auth.into()).await.unwrap();
        loop {
            let message = socket.next().await.unwrap().unwrap();
            let text = message.into_text().unwrap_or_default();
            if serde_json::from_str::<Value>(&text).is_ok_and(|m| m["type"] == "auth") {
                return socket;
            }
        }
    });
    second.until_handed_on(&id, &tokens, 1);
    let mail = runtime.block_on(sink.next(PATIENCE));
    assert_eq!(mail.to, ["Anna@example.org"], "{}", mail.data);
    assert!(is_turn_mail(&mail, &id), "{}", mail.data);
    second.until_handed_on(&id, &tokens, 0);
    // A reset mail for Bruno, queued after the turn he is at the table
    // for, is the next mail he gets.
    let (status, _, _) = second.call(
        "POST",
        "/api/password-reset/request",
        &json!({"name": "Bruno"}),
        None,
        None,
    );
    assert_eq!(status, 202);
    let mail = runtime.block_on(sink.next(PATIENCE));
    assert_eq!(mail.to, ["Bruno@example.org"]);
    assert!(
        !is_turn_mail(&mail, &id),
        "no turn mail at the table: {}",
        mail.data
    );
    assert!(sink.taken().is_empty());
    runtime.block_on(socket.close(None)).unwrap();
    drop(second);
    let _ = std::fs::remove_dir_all(&dir);
}
