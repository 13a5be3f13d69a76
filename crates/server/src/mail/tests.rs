//! Mail from a committed move to the SMTP server: real servers' states
//! on SQLite (and PostgreSQL, when the tests have one), their workers
//! sending to the SMTP sink of `smtp_sink.rs`, and a stand-in for the
//! accounts behind the [`Recipients`] seam (the one part that is not
//! built here). The waits are for something to happen (a mail, a row's
//! outcome), each bounded so that a fault fails rather than hangs.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use super::*;
use crate::live::{Command, GameHandle};
use crate::smtp_sink::{Answer, Received, SmtpSink};
use crate::state::{AppState, Setup};
use crate::{Limits, Store};

/// The longest a test waits for anything.
const PATIENCE: Duration = Duration::from_secs(20);

/// The accounts' stand-in: who sits at each seat of every game.
struct Book(HashMap<usize, Recipient>);

impl Recipients for Book {
    fn for_seat<'a>(&'a self, _game: &'a str, seat: usize) -> RecipientFuture<'a> {
        let found = self.0.get(&seat).cloned();
        Box::pin(async move { Ok(found) })
    }
}

fn anna(language: Language) -> Recipient {
    Recipient {
        address: "anna@example.org".to_owned(),
        language,
        name: "Anna".to_owned(),
    }
}

/// Bruno (seat 1) has an address; Anna's seat (0) is played by link.
fn bruno_at_seat_one(language: Language) -> SharedRecipients {
    SharedRecipients(Arc::new(Book(HashMap::from([(
        1,
        Recipient {
            address: "bruno@example.org".to_owned(),
            language,
            name: "Bruno".to_owned(),
        },
    )]))))
}

fn config(sink: &SmtpSink) -> MailConfig {
    let mut config = MailConfig::new(
        sink.url().parse().unwrap(),
        "Carolus <carolus@example.org>",
        "https://carolus.example/",
    )
    .unwrap();
    config.turn_delay = Duration::ZERO;
    config.poll = Duration::from_millis(50);
    config.retry_after = Duration::from_millis(50);
    config
}

async fn server(url: &str, config: MailConfig, recipients: SharedRecipients) -> AppState {
    let store = Store::open(url).await.unwrap();
    let setup = Setup {
        mail: Some(config),
        recipients: Some(recipients),
        ..Setup::default()
    };
    AppState::with_setup(store, Limits::default(), setup)
}

/// A game of Anna and Bruno: its id, handle and both seats' tokens.
async fn game(state: &AppState) -> (String, GameHandle, [String; 2]) {
    let body = json!({"players": 2, "seats": [{"name": "Anna"}, {"name": "Bruno"}]});
    let request = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = crate::app(state.clone()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), 201);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let created: Value = serde_json::from_slice(&bytes).unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_owned();
    let handle = state.game(&id).await.unwrap();
    (id, handle, [token(0), token(1)])
}

/// The seats decide (the first legal move each time) until a decision of
/// Anna's hands the game to Bruno (whoever began); answers the record's
/// length then.
async fn until_bruno_decides(game: &GameHandle, tokens: &[String; 2]) -> usize {
    let mut anna_decided = false;
    loop {
        let view = game.ask(|answer| Command::View { answer }).await.unwrap();
        let decider = view.state["decider"].as_u64().unwrap() as usize;
        if decider == 1 && anna_decided {
            return view.record["moves"].as_array().unwrap().len();
        }
        anna_decided |= decider == 0;
        let text = view.state["legal"][0].as_str().unwrap().to_owned();
        let at = view.record["moves"].as_array().unwrap().len();
        game.ask(|answer| Command::Move {
            token: tokens[decider].clone(),
            text,
            at,
            with_state: false,
            answer,
        })
        .await
        .unwrap()
        .unwrap();
    }
}

/// Waits until no mail of `address` waits in the outbox; answers the
/// outcomes of its mails, oldest first.
async fn settled(store: &Store, address: &str) -> Vec<(String, String, Option<String>)> {
    let waited = tokio::time::timeout(PATIENCE, async {
        loop {
            let rows = queue::rows_of(store, address).await.unwrap();
            if !rows.is_empty() && rows.iter().all(|(_, _, outcome)| outcome.is_some()) {
                return rows;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
    waited.await.expect("the outbox settles")
}

/// The attempts made at the mail of `event`.
async fn attempts(store: &Store, event: &str) -> i64 {
    let crate::store::Database::Sqlite(pool) = store.database() else {
        panic!("counted on SQLite");
    };
    sqlx::query_scalar("SELECT attempts FROM mail_outbox WHERE event = $1")
        .bind(event)
        .fetch_one(pool)
        .await
        .unwrap()
}

fn link_of(mail: &Received, start: &str) -> String {
    let body = mail.body();
    let at = body
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {body}"));
    body[at..].split_whitespace().next().unwrap().to_owned()
}

async fn post(state: &AppState, uri: &str) -> (u16, String) {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("List-Unsubscribe=One-Click"))
        .unwrap();
    let response = crate::app(state.clone()).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn get(state: &AppState, uri: &str) -> (u16, String) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = crate::app(state.clone()).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_arrives_once_in_the_persons_language_and_unsubscribing_stops_the_next() {
    let mut sink = SmtpSink::start().await;
    let state = server(
        "sqlite::memory:",
        config(&sink),
        bruno_at_seat_one(Language::German),
    )
    .await;
    let worker = start(&state).expect("a worker with --smtp");
    let (id, game, tokens) = game(&state).await;
    let ply = until_bruno_decides(&game, &tokens).await;

    let mail = sink.next(PATIENCE).await;
    assert_eq!(mail.to, ["bruno@example.org"]);
    assert_eq!(mail.from, "carolus@example.org");
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some(format!("Du bist am Zug in Partie {id}").as_str())
    );
    let body = mail.body();
    assert!(body.starts_with("Hallo Bruno,\n"), "{body}");
    assert!(body.contains("gegen Anna"), "{body}");
    assert_eq!(
        link_of(&mail, "https://carolus.example/games/"),
        format!("https://carolus.example/games/{id}")
    );
    let unsubscribe = link_of(&mail, "https://carolus.example/unsubscribe?");
    assert_eq!(
        mail.header("List-Unsubscribe"),
        Some(format!("<{unsubscribe}>"))
    );
    assert_eq!(
        mail.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let rows = settled(state.store(), "bruno@example.org").await;
    assert_eq!(
        rows,
        [(
            format!("turn:{id}:0:{ply}"),
            "turn".to_owned(),
            Some("sent".to_owned())
        )]
    );

    // The same event again queues nothing: one mail per game and turn.
    let table = state.store().load(&id).await.unwrap().unwrap();
    let events = triggers::events(
        &triggers::Facts {
            person_to_act: Some(0),
            ..triggers::Facts::of(&table)
        },
        &triggers::Facts::of(&table),
        &[],
    );
    assert_eq!(events.len(), 1);
    let queued = state
        .post()
        .queue_event(state.store(), &events[0], &[], None, 0, 0)
        .await;
    assert!(queued.is_ok());
    assert_eq!(
        queue::rows_of(state.store(), "bruno@example.org")
            .await
            .unwrap()
            .len(),
        1
    );

    // The link without signing in: GET asks (and changes nothing), POST
    // does it, as a mail program's one click would.
    let path = unsubscribe.strip_prefix("https://carolus.example").unwrap();
    let (status, page) = get(&state, path).await;
    assert_eq!(status, 200);
    assert!(page.contains("<html lang=\"de\">"), "{page}");
    assert!(page.contains("bruno@example.org"), "{page}");
    assert!(page.contains("method=\"post\""), "{page}");
    assert!(
        !queue::opted_out(state.store(), "bruno@example.org")
            .await
            .unwrap()
    );
    let (status, page) = post(&state, path).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("keine Mails zu Partien mehr"), "{page}");
    assert!(
        queue::opted_out(state.store(), "Bruno@Example.org")
            .await
            .unwrap()
    );

    // The game's end is queued, and skipped: Bruno unsubscribed.
    let ended = triggers::Event::Ended {
        game: id.clone(),
        people: vec![0, 1],
    };
    state
        .post()
        .queue_event(state.store(), &ended, &[], None, 0, 0)
        .await
        .unwrap();
    state.post().inner.wake.notify_one();
    let rows = settled(state.store(), "bruno@example.org").await;
    assert_eq!(rows[1].0, format!("ended:{id}"));
    assert_eq!(rows[1].2.as_deref(), Some("skipped"));
    assert!(sink.taken().is_empty());

    // A forged or cut token is refused, with a page saying so.
    let (token_part, lang_part) = path.split_once("&lang").unwrap();
    let cut = format!("{}&lang{lang_part}", &token_part[..token_part.len() - 4]);
    let (status, page) = post(&state, &cut).await;
    assert_eq!(status, 403, "{page}");
    assert!(page.contains("nicht gültig"), "{page}");
    let (status, _) = get(&state, "/unsubscribe?lang=de").await;
    assert_eq!(status, 400);
    let (status, _) = get(&state, "/unsubscribe?token=x&lang=xx").await;
    assert_eq!(status, 400);
    state.begin_shutdown();
    worker.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_turn_mail_goes_to_a_person_who_came_to_the_table_before_it_was_sent() {
    let mut sink = SmtpSink::start().await;
    let state = server(
        "sqlite::memory:",
        config(&sink),
        bruno_at_seat_one(Language::English),
    )
    .await;
    let (id, game, tokens) = game(&state).await;
    until_bruno_decides(&game, &tokens).await;
    // Queued (the worker has not started); Bruno then connects.
    let seat = carolus_rules::Seat::new(1).unwrap();
    game.tell(Command::Presence {
        seat,
        connected: true,
    })
    .await;
    let worker = start(&state).unwrap();
    let rows = settled(state.store(), "bruno@example.org").await;
    assert_eq!(rows[0].0.split(':').nth(1), Some(id.as_str()));
    assert_eq!(rows[0].2.as_deref(), Some("skipped"));
    assert!(sink.taken().is_empty());
    state.begin_shutdown();
    worker.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_games_waiting_for_one_person_make_one_digest() {
    let mut sink = SmtpSink::start().await;
    let state = server(
        "sqlite::memory:",
        config(&sink),
        bruno_at_seat_one(Language::French),
    )
    .await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (id, game, tokens) = game(&state).await;
        until_bruno_decides(&game, &tokens).await;
        ids.push(id);
    }
    // Queued before the worker starts, they are due together.
    let queued = tokio::time::timeout(PATIENCE, async {
        while queue::rows_of(state.store(), "bruno@example.org")
            .await
            .unwrap()
            .len()
            < 3
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    });
    queued.await.expect("three turns queued");
    let worker = start(&state).unwrap();
    let mail = sink.next(PATIENCE).await;
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("3 parties attendent votre coup")
    );
    for id in &ids {
        assert!(
            mail.body()
                .contains(&format!("https://carolus.example/games/{id}"))
        );
    }
    let rows = settled(state.store(), "bruno@example.org").await;
    assert!(
        rows.iter().all(|row| row.2.as_deref() == Some("sent")),
        "{rows:?}"
    );
    assert!(sink.taken().is_empty());
    state.begin_shutdown();
    worker.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_refused_for_now_is_sent_later_and_one_refused_for_good_is_recorded() {
    let mut sink = SmtpSink::start().await;
    sink.answer_next(&[Answer::RefuseForNow, Answer::RefuseForNow]);
    let state = server(
        "sqlite::memory:",
        config(&sink),
        SharedRecipients::default(),
    )
    .await;
    let worker = start(&state).unwrap();
    let post = state.post();
    let store = state.store();
    post.queue_password_reset(
        store,
        state.clock(),
        &anna(Language::English),
        "first",
        "https://carolus.example/reset#a",
    )
    .await
    .unwrap();
    // Refused twice for now, then taken on the third attempt.
    let mail = sink.next(PATIENCE).await;
    assert!(
        mail.body().contains("https://carolus.example/reset#a"),
        "{}",
        mail.body()
    );
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("A new password for Carolus")
    );
    let rows = settled(store, "anna@example.org").await;
    assert_eq!(
        rows,
        [(
            "reset:first".to_owned(),
            "reset".to_owned(),
            Some("sent".to_owned())
        )]
    );
    assert_eq!(attempts(store, "reset:first").await, 3);

    // The next is refused for good: recorded as failed, never sent again.
    sink.answer_next(&[Answer::RefuseForGood]);
    post.queue_password_reset(
        store,
        state.clock(),
        &anna(Language::English),
        "second",
        "https://carolus.example/reset#b",
    )
    .await
    .unwrap();
    let rows = settled(store, "anna@example.org").await;
    assert_eq!(rows[1].2.as_deref(), Some("failed"));
    assert_eq!(attempts(store, "reset:second").await, 1);
    assert!(sink.taken().is_empty());
    state.begin_shutdown();
    worker.await.unwrap();
}

/// A server killed while its mail is under way (its worker stopped dead
/// in the middle of the SMTP conversation, as `kill -9` would) leaves the
/// mail to the next server, which sends it once after the lease.
async fn a_killed_servers_mail_goes_once_after_the_restart(url: &str, lease: Duration) {
    let mut sink = SmtpSink::start().await;
    sink.answer_next(&[Answer::Hang]);
    let mut killed = config(&sink);
    killed.lease = lease;
    let first = server(url, killed.clone(), SharedRecipients::default()).await;
    first
        .post()
        .queue_password_reset(
            first.store(),
            first.clock(),
            &anna(Language::French),
            "r1",
            "https://carolus.example/reset#r1",
        )
        .await
        .unwrap();
    let worker = start(&first).unwrap();
    sink.stalled(PATIENCE).await;
    worker.abort();
    let _ = worker.await;
    assert!(sink.taken().is_empty());

    let second = server(url, killed, SharedRecipients::default()).await;
    let restarted = start(&second).unwrap();
    let mail = sink.next(PATIENCE).await;
    assert_eq!(mail.to, ["anna@example.org"]);
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Un nouveau mot de passe pour Carolus")
    );
    let rows = settled(second.store(), "anna@example.org").await;
    assert_eq!(
        rows,
        [(
            "reset:r1".to_owned(),
            "reset".to_owned(),
            Some("sent".to_owned())
        )]
    );
    assert!(sink.taken().is_empty());
    second.begin_shutdown();
    restarted.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sqlite_a_killed_servers_mail_goes_once_after_the_restart() {
    let path = std::env::temp_dir().join(format!(
        "carolus-mail-{}-{}.db",
        std::process::id(),
        crate::secret::new_game_id()
    ));
    let url = format!("sqlite:{}", path.display());
    // A lease longer than the test: on SQLite the restart frees it.
    a_killed_servers_mail_goes_once_after_the_restart(&url, Duration::from_secs(3600)).await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_killed_servers_mail_goes_once_after_its_lease() {
    let Some(database) = crate::scratch::create().await.unwrap() else {
        return;
    };
    a_killed_servers_mail_goes_once_after_the_restart(&database.url, Duration::from_secs(1)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_postgres_send_each_mail_exactly_once() {
    let Some(database) = crate::scratch::create().await.unwrap() else {
        return;
    };
    let mut sink = SmtpSink::start().await;
    let one = server(&database.url, config(&sink), SharedRecipients::default()).await;
    let two = server(&database.url, config(&sink), SharedRecipients::default()).await;
    let workers = [start(&one).unwrap(), start(&two).unwrap()];
    const MAILS: usize = 40;
    for n in 0..MAILS {
        // Queued on both servers, each event twice: queued once.
        for state in [&one, &two] {
            let person = Recipient {
                address: format!("p{n}@example.org"),
                ..anna(Language::English)
            };
            state
                .post()
                .queue_password_reset(
                    state.store(),
                    state.clock(),
                    &person,
                    &format!("{n}"),
                    "https://carolus.example/r",
                )
                .await
                .unwrap();
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..MAILS {
        let mail = sink.next(PATIENCE).await;
        assert!(seen.insert(mail.to[0].clone()), "{} twice", mail.to[0]);
    }
    for n in 0..MAILS {
        let rows = settled(one.store(), &format!("p{n}@example.org")).await;
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].2.as_deref(), Some("sent"));
    }
    assert!(sink.taken().is_empty());
    for state in [&one, &two] {
        state.begin_shutdown();
    }
    for worker in workers {
        worker.await.unwrap();
    }
}

/// Sends `body` as JSON with `method` to `uri`, from this site, with the
/// session cookie if given: the status, the body and the session a
/// `Set-Cookie` gives.
async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
    body: Value,
    session: Option<&str>,
) -> (u16, Value, Option<String>) {
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, "carolus.test")
        .header(header::ORIGIN, "http://carolus.test")
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(session) = session {
        request = request.header(header::COOKIE, format!("carolus_session={session}"));
    }
    let request = request.body(Body::from(body.to_string())).unwrap();
    let response = crate::app(state.clone()).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let cookie = response
        .headers()
        .get(header::SET_COOKIE)
        .and_then(|value| value.to_str().ok())
        .and_then(|cookie| cookie.strip_prefix("carolus_session="))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, body, cookie)
}

/// A server whose recipients are its store's accounts, as `carolus serve`
/// makes it.
async fn accounts_server(config: MailConfig) -> AppState {
    let store = Store::open("sqlite::memory:").await.unwrap();
    let setup = Setup {
        mail: Some(config),
        ..Setup::default()
    };
    AppState::with_setup(store, Limits::default(), setup)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_request_mails_one_link_in_the_persons_language_that_sets_a_new_password() {
    let mut sink = SmtpSink::start().await;
    let state = accounts_server(config(&sink)).await;
    let worker = start(&state).unwrap();
    let old = "zwei Ritter im Turm";
    let (status, _, session) = call(
        &state,
        "POST",
        "/api/accounts",
        json!({"name": "Karl", "password": old, "email": "Karl@Example.org"}),
        None,
    )
    .await;
    assert_eq!(status, 201);
    let (status, _, _) = call(
        &state,
        "PATCH",
        "/api/me",
        json!({"language": "fr"}),
        session.as_deref(),
    )
    .await;
    assert_eq!(status, 200);

    // An unknown name and a known one get the same answer.
    let (status, unknown, _) = call(
        &state,
        "POST",
        "/api/password-reset/request",
        json!({"name": "Nobody"}),
        None,
    )
    .await;
    assert_eq!(status, 202);
    let (status, known, _) = call(
        &state,
        "POST",
        "/api/password-reset/request",
        json!({"name": "karl"}),
        None,
    )
    .await;
    assert_eq!(status, 202);
    assert_eq!(unknown, known);

    let mail = sink.next(PATIENCE).await;
    assert_eq!(mail.to, ["Karl@Example.org"]);
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Un nouveau mot de passe pour Carolus")
    );
    assert!(mail.body().contains("le joueur Karl"), "{}", mail.body());
    let link = link_of(&mail, "https://carolus.example/reset#token=");
    let token = link
        .strip_prefix("https://carolus.example/reset#token=")
        .unwrap();
    let rows = settled(state.store(), "Karl@Example.org").await;
    assert_eq!(rows.len(), 1, "one mail for one request: {rows:?}");
    assert_eq!(rows[0].2.as_deref(), Some("sent"));

    let new = "drei Bauern am Fluss";
    let (status, _, _) = call(
        &state,
        "POST",
        "/api/password-reset",
        json!({"token": token, "new_password": new}),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let sign_in = |password: &'static str| {
        let state = state.clone();
        async move {
            call(
                &state,
                "POST",
                "/api/session",
                json!({"name": "Karl", "password": password}),
                None,
            )
            .await
            .0
        }
    };
    assert_eq!(sign_in(new).await, 200);
    assert_eq!(sign_in(old).await, 401);

    // Asked for by address (in another case): one more mail, and nothing
    // for the unknown name asked for before (the outbox has two rows, both
    // Karl's).
    let (status, _, _) = call(
        &state,
        "POST",
        "/api/password-reset/request",
        json!({"email": "karl@example.ORG"}),
        None,
    )
    .await;
    assert_eq!(status, 202);
    let again = sink.next(PATIENCE).await;
    assert_eq!(again.to, ["Karl@Example.org"]);
    assert_ne!(
        link_of(&again, "https://carolus.example/reset#token="),
        link,
        "each request has its own link"
    );
    let crate::store::Database::Sqlite(pool) = state.store().database() else {
        panic!("counted on SQLite");
    };
    let everyone: Vec<String> = sqlx::query_scalar("SELECT recipient FROM mail_outbox")
        .fetch_all(pool)
        .await
        .unwrap();
    assert_eq!(everyone, ["Karl@Example.org", "Karl@Example.org"]);
    assert!(sink.taken().is_empty());
    worker.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reset_requests_are_limited_per_account_asked_for_whether_or_not_it_exists() {
    let sink = SmtpSink::start().await;
    let state = accounts_server(config(&sink)).await;
    for name in ["Ghost", "ghost", "GHOST"] {
        let (status, _, _) = call(
            &state,
            "POST",
            "/api/password-reset/request",
            json!({"name": name}),
            None,
        )
        .await;
        assert_eq!(status, 202, "{name}");
    }
    let request = Request::post("/api/password-reset/request")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({"name": "gHost"}).to_string()))
        .unwrap();
    let response = crate::app(state.clone()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), 429);
    let wait: u64 = response.headers()[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 0);
    // Neither or both fields: 422, saying what to give.
    for body in [json!({}), json!({"name": "a", "email": "a@b.example"})] {
        let (status, answer, _) =
            call(&state, "POST", "/api/password-reset/request", body, None).await;
        assert_eq!(status, 422);
        assert!(answer.to_string().contains("exactly one of"), "{answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_smtp_a_reset_request_is_answered_alike_and_queues_nothing() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    let state = AppState::with_setup(store, Limits::default(), Setup::default());
    let (status, _, _) = call(
        &state,
        "POST",
        "/api/accounts",
        json!({"name": "Karl", "password": "zwei Ritter im Turm", "email": "karl@example.org"}),
        None,
    )
    .await;
    assert_eq!(status, 201);
    let (status, body, _) = call(
        &state,
        "POST",
        "/api/password-reset/request",
        json!({"name": "Karl"}),
        None,
    )
    .await;
    assert_eq!(status, 202);
    assert!(body["status"].as_str().unwrap().contains("one hour"));
    let crate::store::Database::Sqlite(pool) = state.store().database() else {
        panic!("counted on SQLite");
    };
    // No task was started that could still write: nothing is, or will be.
    let resets: i64 = sqlx::query_scalar("SELECT count(*) FROM password_resets")
        .fetch_one(pool)
        .await
        .unwrap();
    let mails: i64 = sqlx::query_scalar("SELECT count(*) FROM mail_outbox")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!((resets, mails), (0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turning_mails_on_undoes_an_unsubscribe_link_and_the_settings_show_it() {
    let sink = SmtpSink::start().await;
    let state = accounts_server(config(&sink)).await;
    let (status, _, session) = call(
        &state,
        "POST",
        "/api/accounts",
        json!({"name": "Karl", "password": "zwei Ritter im Turm", "email": "Karl@example.org"}),
        None,
    )
    .await;
    assert_eq!(status, 201);
    let session = session.as_deref();
    let me = |change: Option<Value>| {
        let state = state.clone();
        async move {
            let (status, me, _) = match change {
                Some(change) => call(&state, "PATCH", "/api/me", change, session).await,
                None => call(&state, "GET", "/api/me", Value::Null, session).await,
            };
            assert_eq!(status, 200, "{me}");
            (
                me["mail_on"].as_bool().unwrap(),
                me["unsubscribed"].as_bool().unwrap(),
            )
        }
    };
    assert_eq!(me(Some(json!({"mail_on": true}))).await, (true, false));

    // The link at the foot of a mail, for the address in another case.
    let token = state
        .post()
        .key(state.store())
        .await
        .unwrap()
        .sign("karl@EXAMPLE.org");
    let (status, _) = post(&state, &format!("/unsubscribe?token={token}")).await;
    assert_eq!(status, 200);
    assert_eq!(me(None).await, (true, true), "mails on, but unsubscribed");
    assert_eq!(
        me(Some(json!({"mail_on": false}))).await,
        (false, true),
        "turning mails off leaves the unsubscribe"
    );
    assert_eq!(me(Some(json!({"language": "de"}))).await, (false, true));
    assert_eq!(me(Some(json!({"mail_on": true}))).await, (true, false));
    assert!(
        !queue::opted_out(state.store(), "karl@example.org")
            .await
            .unwrap()
    );

    // Without an address there is nothing to be unsubscribed.
    assert_eq!(
        me(Some(json!({"email": null, "mail_on": true}))).await,
        (true, false)
    );
}
