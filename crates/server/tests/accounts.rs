//! Accounts as a client meets them, through `oneshot` without a network,
//! on SQLite and PostgreSQL: signing up, in and out, settings, deletion,
//! the seats an account owns, the cross-site guard, the login throttle
//! under a distributed guessing attack (on the server's clock, moved by
//! the test, never waited for), and sessions shared by two servers.

mod support;

use std::net::{IpAddr, Ipv4Addr};

use axum::Router;
use axum::http::{Method, StatusCode, header};
use carolus_rules::Record;
use carolus_server::clock::Clock;
use carolus_server::{AppState, Setup, Store, app};
use serde_json::{Value, json};
use support::accounts::*;
use support::*;

async fn signing_up_signs_in_and_the_session_answers_who_i_am(db: &Db) {
    let (app, _) = server(db).await;
    let answer = Call::new(Method::POST, "/api/accounts")
        .body(json!({"name": "Karl_der-Grosse", "password": PASSWORD, "email": "karl@example.org"}))
        .send(&app)
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.body, json!({"name": "Karl_der-Grosse"}));
    let cookie = answer.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(
        cookie.ends_with("; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000"),
        "{cookie}"
    );
    let session = session_of(&answer);
    let mine = me(&app, &session).await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text);
    assert_eq!(mine.body["name"], "Karl_der-Grosse");
    assert_eq!(mine.body["email"], "karl@example.org");
    assert_eq!(mine.body["mail_on"], false);
    assert_eq!(mine.body["language"], "en");
    let nobody = Call::new(Method::GET, "/api/me").send(&app).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    let forged = me(&app, "AAAAAAAAAAAAAAAAAAAAAA").await;
    assert_eq!(forged.status, StatusCode::UNAUTHORIZED);
}

async fn names_that_differ_only_by_case_or_look_alikes_are_taken(db: &Db) {
    let (app, _) = server(db).await;
    sign_up(&app, "Karl").await;
    for name in ["karl", "KARL", "Kar1", "KarI"] {
        let answer = Call::new(Method::POST, "/api/accounts")
            .body(json!({"name": name, "password": PASSWORD}))
            .send(&app)
            .await;
        assert_eq!(
            answer.status,
            StatusCode::CONFLICT,
            "{name}: {}",
            answer.text
        );
        assert!(answer.body["error"].as_str().unwrap().contains("taken"));
    }
}

async fn hostile_names_and_weak_passwords_are_refused_saying_why(db: &Db) {
    let (app, _) = server(db).await;
    for (name, why) in [
        ("<script>alert(1)</script>", "'<'"),
        ("ad\u{202E}nimda", "U+202E"),
        ("ka\u{200B}rl", "U+200B"),
        ("\u{0410}lice", "U+0410"),
        ("a", "at least 2"),
    ] {
        let answer = Call::new(Method::POST, "/api/accounts")
            .body(json!({"name": name, "password": PASSWORD}))
            .send(&app)
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            name.escape_unicode()
        );
        let error = answer.body["error"].as_str().unwrap();
        assert!(
            error.starts_with("field `name`: ") && error.contains(why),
            "{error}"
        );
    }
    // Nothing of them was kept: the Latin look-alike is still free.
    sign_up(&app, "Alice").await;
    for (password, why) in [
        ("short", "at least 10"),
        ("Password2024!", "most common"),
        ("Otto_Otto1", "name"),
    ] {
        let answer = Call::new(Method::POST, "/api/accounts")
            .body(json!({"name": "Otto_Otto", "password": password}))
            .send(&app)
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{password}"
        );
        let error = answer.body["error"].as_str().unwrap();
        assert!(
            error.starts_with("field `password`: ") && error.contains(why),
            "{error}"
        );
    }
    let answer = Call::new(Method::POST, "/api/accounts")
        .body(json!({"name": "Otto", "password": PASSWORD, "email": "otto"}))
        .send(&app)
        .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let missing = Call::new(Method::GET, "/api/players/Otto").send(&app).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "no account was made");
}

async fn a_wrong_password_and_an_unknown_name_get_the_same_answer(db: &Db) {
    let (app, _) = server(db).await;
    sign_up(&app, "Karl").await;
    let right = sign_in(&app, "karl", PASSWORD).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.text);
    assert_eq!(
        right.body,
        json!({"name": "Karl"}),
        "the name as it was typed"
    );
    let session = session_of(&right);
    assert_eq!(me(&app, &session).await.status, StatusCode::OK);
    let wrong = sign_in(&app, "Karl", "not the password").await;
    let unknown = sign_in(&app, "Nobody", "not the password").await;
    let malformed = sign_in(&app, "<b>", "not the password").await;
    for answer in [&wrong, &unknown, &malformed] {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
        assert_eq!(answer.text, wrong.text);
        assert!(answer.headers.get(header::SET_COOKIE).is_none());
    }
}

async fn signing_out_ends_the_session_and_everywhere_ends_them_all(db: &Db) {
    let (app, _) = server(db).await;
    let first = sign_up(&app, "Karl").await;
    let second = session_of(&sign_in(&app, "Karl", PASSWORD).await);
    let third = session_of(&sign_in(&app, "Karl", PASSWORD).await);
    let out = Call::new(Method::DELETE, "/api/session")
        .cookie(&first)
        .send(&app)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    let cleared = out.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cleared.starts_with("carolus_session=;") && cleared.contains("Max-Age=0"));
    assert_eq!(me(&app, &first).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &second).await.status, StatusCode::OK);
    let everywhere = Call::new(Method::DELETE, "/api/sessions")
        .cookie(&second)
        .send(&app)
        .await;
    assert_eq!(everywhere.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&app, &second).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &third).await.status, StatusCode::UNAUTHORIZED);
    let again = Call::new(Method::DELETE, "/api/sessions")
        .cookie(&second)
        .send(&app)
        .await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
}

async fn a_cross_site_request_with_the_cookie_is_refused_and_changes_nothing(db: &Db) {
    let (app, _) = server(db).await;
    let session = sign_up(&app, "Karl").await;
    let game = json!({"players": 2, "seats": [{"name": "Karl"}, {"ai": 1}]});
    let lobby = || Call::new(Method::GET, "/api/games").send(&app);
    let before = lobby().await.body["games"].as_array().unwrap().len();
    for origin in [Some("http://evil.example"), Some("null"), None] {
        let refused = Call::new(Method::POST, "/api/games")
            .body(game.clone())
            .cookie(&session)
            .origin(origin)
            .send(&app)
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{origin:?}");
        assert!(
            refused.body["error"]
                .as_str()
                .unwrap()
                .contains("this site")
        );
        let refused = Call::new(Method::PATCH, "/api/me")
            .body(json!({"mail_on": true}))
            .cookie(&session)
            .origin(origin)
            .send(&app)
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{origin:?}");
        let refused = Call::new(Method::DELETE, "/api/sessions")
            .cookie(&session)
            .origin(origin)
            .send(&app)
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{origin:?}");
    }
    assert_eq!(
        lobby().await.body["games"].as_array().unwrap().len(),
        before
    );
    let mine = me(&app, &session).await;
    assert_eq!(mine.status, StatusCode::OK, "the session was not ended");
    assert_eq!(mine.body["mail_on"], false, "the setting was not changed");
    // From this site it passes; without the cookie the origin does not
    // matter, as before accounts.
    let changed = Call::new(Method::PATCH, "/api/me")
        .body(json!({"mail_on": true, "language": "de"}))
        .cookie(&session)
        .send(&app)
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    assert_eq!(changed.body["mail_on"], true);
    assert_eq!(changed.body["language"], "de");
    let anonymous = Call::new(Method::POST, "/api/games")
        .body(game)
        .origin(Some("http://evil.example"))
        .send(&app)
        .await;
    assert_eq!(anonymous.status, StatusCode::CREATED);
}

async fn settings_are_checked_and_an_address_can_be_removed(db: &Db) {
    let (app, _) = server(db).await;
    let session = sign_up(&app, "Karl").await;
    let patch = |body: Value| {
        Call::new(Method::PATCH, "/api/me")
            .body(body)
            .cookie(&session)
            .send(&app)
    };
    let set = patch(json!({"email": "karl@example.org"})).await;
    assert_eq!(set.body["email"], "karl@example.org");
    assert_eq!(set.body["language"], "en", "absent fields stay");
    for bad in [json!({"language": "es"}), json!({"email": "karl@"})] {
        assert_eq!(patch(bad).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let removed = patch(json!({"email": null})).await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(removed.body["email"], Value::Null);
}

async fn changing_the_password_ends_the_other_sessions(db: &Db) {
    let (app, _) = server(db).await;
    let here = sign_up(&app, "Karl").await;
    let there = session_of(&sign_in(&app, "Karl", PASSWORD).await);
    let change = |password: &str, new: &str| {
        Call::new(Method::POST, "/api/me/password")
            .body(json!({"password": password, "new_password": new}))
            .cookie(&here)
            .send(&app)
    };
    let wrong = change("not the password", "a new long passphrase").await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let weak = change(PASSWORD, "password123").await;
    assert_eq!(weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        me(&app, &there).await.status,
        StatusCode::OK,
        "nothing changed yet"
    );
    let changed = change(PASSWORD, "a new long passphrase").await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text);
    assert_eq!(me(&app, &here).await.status, StatusCode::OK);
    assert_eq!(me(&app, &there).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        sign_in(&app, "Karl", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        sign_in(&app, "Karl", "a new long passphrase").await.status,
        StatusCode::OK
    );
}

/// Plays game `id` to its end with the seats' `tokens`.
async fn the_owner_gets_their_seat_on_any_device_and_a_token_never_gives_the_account(db: &Db) {
    let (app, _) = server(db).await;
    let phone = sign_up(&app, "Karl").await;
    let (id, tokens) = create_signed_in(
        &app,
        &phone,
        json!({"players": 2, "seats": [{"name": "Otto"}, {"name": "karl"}]}),
    )
    .await;
    // Another device: a new sign-in finds the seat named for the account.
    let laptop = session_of(&sign_in(&app, "Karl", PASSWORD).await);
    let uri = format!("/api/games/{id}/mine");
    let mine = Call::new(Method::GET, &uri)
        .cookie(&laptop)
        .send(&app)
        .await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text);
    assert_eq!(
        mine.body,
        json!({"seats": [{"seat": 1, "token": tokens[1]}]})
    );
    assert_eq!(
        Call::new(Method::GET, &uri).send(&app).await.status,
        StatusCode::UNAUTHORIZED
    );
    let stranger = sign_up(&app, "Otto").await;
    assert_eq!(
        Call::new(Method::GET, &uri)
            .cookie(&stranger)
            .send(&app)
            .await
            .status,
        StatusCode::NOT_FOUND,
        "Otto's seat was named so, but Otto did not create the game"
    );
    // A seat's token is no session.
    let token = Call::new(Method::GET, "/api/me")
        .bearer(&tokens[1])
        .send(&app)
        .await;
    assert_eq!(token.status, StatusCode::UNAUTHORIZED);

    // Claiming an open seat while signed in owns it.
    let open = post(
        &app,
        "/api/games",
        &json!({"players": 2, "seats": [{"name": "Anna"}, {"open": true}]}),
    )
    .await;
    let open_id = open.body["id"].as_str().unwrap().to_owned();
    let claim_uri = format!("/api/games/{open_id}/seats/1");
    let claimed = Call::new(Method::POST, &claim_uri)
        .body(json!({"name": "Otto"}))
        .cookie(&stranger)
        .send(&app)
        .await;
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
    let uri = format!("/api/games/{open_id}/mine");
    let otto = Call::new(Method::GET, &uri)
        .cookie(&stranger)
        .send(&app)
        .await;
    assert_eq!(otto.body["seats"][0]["token"], claimed.body["token"]);

    // My games: the game waiting for me first.
    let to_act = view(&app, &id).await["state"]["to_act"].as_u64().unwrap();
    let games = Call::new(Method::GET, "/api/me/games")
        .cookie(&laptop)
        .send(&app)
        .await;
    assert_eq!(games.status, StatusCode::OK, "{}", games.text);
    assert_eq!(games.body["games"][0]["id"], id.as_str());
    assert_eq!(games.body["games"][0]["my_turn"], to_act == 1);
    assert_eq!(games.body["waiting"], u64::from(to_act == 1));
    let otto_games = Call::new(Method::GET, "/api/me/games")
        .cookie(&stranger)
        .send(&app)
        .await;
    let ids: Vec<&str> = otto_games.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [open_id.as_str()]);

    // The profile lists the game in play, and no ratings yet.
    let profile = Call::new(Method::GET, "/api/players/KARL").send(&app).await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.text);
    assert_eq!(profile.body["name"], "Karl");
    assert_eq!(profile.body["ratings"], json!([]));
    assert_eq!(profile.body["history"], json!([]));
    assert_eq!(profile.body["playing"][0]["id"], id.as_str());
    assert_eq!(profile.body["finished"], json!([]));
    assert!(profile.body.get("email").is_none());

    // Seat tokens keep working as before.
    play_to_the_end(&app, &id, &tokens).await;
    let games = Call::new(Method::GET, "/api/me/games")
        .cookie(&laptop)
        .send(&app)
        .await;
    assert_eq!(games.body["games"][0]["status"], "over");
    assert_eq!(games.body["waiting"], 0);
}

async fn a_deleted_account_leaves_its_finished_games_replayable(db: &Db) {
    let (app, state) = server(db).await;
    let session = sign_up(&app, "Karl").await;
    let (id, tokens) = create_signed_in(
        &app,
        &session,
        json!({"players": 2, "seats": [{"name": "Karl"}, {"name": "Otto"}]}),
    )
    .await;
    play_to_the_end(&app, &id, &tokens).await;
    let refused = Call::new(Method::DELETE, "/api/me")
        .body(json!({"password": "not the password"}))
        .cookie(&session)
        .send(&app)
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let deleted = Call::new(Method::DELETE, "/api/me")
        .body(json!({"password": PASSWORD}))
        .cookie(&session)
        .send(&app)
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
    assert!(
        deleted.headers[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    assert_eq!(me(&app, &session).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        sign_in(&app, "Karl", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        Call::new(Method::GET, "/api/players/Karl")
            .send(&app)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // The record stays whole, the seat without the person's name, on this
    // server and on one that reads the game afresh.
    let fresh = app_on_same_store(db, &state).await;
    for app in [&app, &fresh] {
        let download = get(app, &format!("/api/games/{id}/record")).await;
        assert_eq!(download.status, StatusCode::OK);
        let record = Record::from_json(&download.text).unwrap();
        assert!(record.replay().unwrap().is_over());
        assert!(record.result.is_some());
        assert_eq!(
            record.names,
            Some(vec!["deleted player".to_owned(), "Otto".to_owned()])
        );
        assert_eq!(view(app, &id).await["seats"][0]["name"], "deleted player");
    }
    // The name is free again.
    sign_up(&app, "Karl").await;
}

/// Another server over the same database as `state` (SQLite in memory:
/// the same store).
/// The games of an account as "my games" and the profile read them: every
/// game in play, however many games ended since it was last touched, then
/// the latest ended first; a seat owned after its game ended counts as
/// ended.
async fn games_in_play_stay_listed_however_many_games_ended_since(db: &Db) {
    let (app, state, clock) = server_on_clock(db).await;
    let karl = sign_up(&app, "Karl").await;
    let mut games = Vec::new();
    for _ in 0..3 {
        let body = json!({"players": 2, "seats": [{"name": "Karl"}, {"name": "Otto"}]});
        games.push(create_signed_in(&app, &karl, body).await);
    }
    // The first game stays in play; the other two end after it was last
    // touched, the third one last.
    for (id, tokens) in &games[1..] {
        advance(&clock, 60_000);
        play_to_the_end(&app, id, tokens).await;
    }
    let store = state.store();
    let account = |name: &'static str| async move {
        store
            .account_by_key(&carolus_accounts::name::skeleton_of(name))
            .await
            .unwrap()
            .unwrap()
            .id
    };
    let listed = |owned: Vec<carolus_server::OwnedGame>| {
        owned
            .into_iter()
            .map(|game| (game.id, game.status.as_str(), game.seats))
            .collect::<Vec<_>>()
    };
    let karl_id = account("Karl").await;
    assert_eq!(
        listed(store.owned_games(karl_id, 1).await.unwrap()),
        [
            (games[0].0.clone(), "running", vec![0]),
            (games[2].0.clone(), "over", vec![0]),
        ],
        "a page of one: the game in play and the latest ended"
    );
    assert_eq!(
        listed(store.owned_games(karl_id, 5).await.unwrap()),
        [
            (games[0].0.clone(), "running", vec![0]),
            (games[2].0.clone(), "over", vec![0]),
            (games[1].0.clone(), "over", vec![0]),
        ]
    );
    // Otto comes to own his seat of the second game after it ended.
    sign_up(&app, "Otto").await;
    let otto_id = account("Otto").await;
    store
        .own_seat(&games[1].0, 1, otto_id, &games[1].1[1])
        .await
        .unwrap();
    assert_eq!(
        listed(store.owned_games(otto_id, 5).await.unwrap()),
        [(games[1].0.clone(), "over", vec![1])]
    );
}

/// A database whose seats were owned before each owned seat knew when its
/// game ended (migration 0010) lists them as it always did once the
/// server opens it: the game in play first, then the finished one.
async fn seats_owned_before_the_owners_index_learn_when_their_games_ended(db: &Db) {
    // Before: the tables as migrations 0001 to 0009 left them.
    const BEFORE: [&str; 3] = [
        "INSERT INTO accounts (name, name_key, password_hash, created_ms) \
         VALUES ('Karl', 'karl', 'not a hash', 1)",
        "INSERT INTO games (id, created_ms, updated_ms, players, teams, hints, header, status, \
         length) VALUES ('ended', 1, 500, 2, FALSE, FALSE, '{}', 'over', 0), \
         ('playing', 2, 400, 2, FALSE, FALSE, '{}', 'running', 0)",
        "INSERT INTO seat_owners (game_id, seat, account_id, token) \
         SELECT g.id, 0, a.id, 'a token' FROM games g, accounts a",
    ];
    let file = std::env::temp_dir().join(format!(
        "carolus-owners-{}-{:?}.db",
        std::process::id(),
        std::thread::current().id()
    ));
    let url = match db {
        Db::Sqlite => {
            let _ = std::fs::remove_file(&file);
            let options = sqlx::sqlite::SqliteConnectOptions::new()
                .filename(&file)
                .create_if_missing(true);
            let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
            sqlx::migrate!("migrations/sqlite")
                .run_to(9, &pool)
                .await
                .unwrap();
            for statement in BEFORE {
                sqlx::query(statement).execute(&pool).await.unwrap();
            }
            pool.close().await;
            file.to_str().unwrap().to_owned()
        }
        Db::Postgres(_) => {
            let pool = sqlx::PgPool::connect(db.url()).await.unwrap();
            sqlx::migrate!("migrations/postgres")
                .run_to(9, &pool)
                .await
                .unwrap();
            for statement in BEFORE {
                sqlx::query(statement).execute(&pool).await.unwrap();
            }
            pool.close().await;
            db.url().to_owned()
        }
    };
    let store = Store::open(&url).await.unwrap();
    let karl = store.account_by_key("karl").await.unwrap().unwrap().id;
    let owned: Vec<(String, &str)> = store
        .owned_games(karl, 5)
        .await
        .unwrap()
        .into_iter()
        .map(|game| (game.id, game.status.as_str()))
        .collect();
    assert_eq!(
        owned,
        [
            ("playing".to_owned(), "running"),
            ("ended".to_owned(), "over")
        ]
    );
    drop(store);
    for end in ["", "-wal", "-shm"] {
        let mut name = file.clone().into_os_string();
        name.push(end);
        let _ = std::fs::remove_file(name);
    }
}

async fn app_on_same_store(db: &Db, state: &AppState) -> Router {
    let store = match db {
        Db::Sqlite => state.store().clone(),
        Db::Postgres(_) => db.store().await,
    };
    app(AppState::new(store, test_limits()))
}

fn address(n: u32) -> IpAddr {
    IpAddr::V4(Ipv4Addr::from(0x0A00_0000 + n))
}

async fn guessing_from_many_addresses_never_gets_faster_and_locks_the_person_out_briefly(db: &Db) {
    let (app, _, clock) = server_on_clock(db).await;
    sign_up(&app, "Karl").await;
    let home = address(1_000_000);
    assert_eq!(
        Call::new(Method::POST, "/api/session")
            .body(json!({"name": "Karl", "password": PASSWORD}))
            .from(home)
            .send(&app)
            .await
            .status,
        StatusCode::OK
    );
    // The attacker: each attempt from a new address, back at the moment
    // each wait ends. The times of the guesses checked (and wrong):
    let mut checked: Vec<i64> = Vec::new();
    let mut refused = 0;
    let start = clock.now_ms();
    let mut n = 0;
    while checked.len() < 22 {
        n += 1;
        let answer = Call::new(Method::POST, "/api/session")
            .body(json!({"name": "Karl", "password": format!("guess number {n}")}))
            .from(address(n))
            .send(&app)
            .await;
        match answer.status {
            StatusCode::UNAUTHORIZED => {
                checked.push(clock.now_ms() - start);
                advance(&clock, 1_000);
            }
            StatusCode::TOO_MANY_REQUESTS => {
                refused += 1;
                let wait: i64 = answer.headers[header::RETRY_AFTER]
                    .to_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!((1..=15 * 60).contains(&wait), "{wait}");
                advance(&clock, wait * 1_000);
            }
            other => panic!("{other}: {}", answer.text),
        }
    }
    assert!(refused > 0);
    // Once the delays reach 15 minutes, every guess waits that long after
    // the one before: a later guess never comes through faster.
    let gaps: Vec<i64> = checked.windows(2).map(|pair| pair[1] - pair[0]).collect();
    for pair in gaps.windows(2).skip(5) {
        assert!(pair[1] >= pair[0].min(15 * 60 * 1_000), "{gaps:?}");
    }
    assert!(gaps[gaps.len() - 1] >= 15 * 60 * 1_000, "{gaps:?}");
    // The person at home signs in at once, in the middle of the attack.
    let at_home = Call::new(Method::POST, "/api/session")
        .body(json!({"name": "Karl", "password": PASSWORD}))
        .from(home)
        .send(&app)
        .await;
    assert_eq!(at_home.status, StatusCode::OK, "{}", at_home.text);
    // From a new address, they wait at most the documented 15 minutes.
    let cafe = address(2_000_000);
    let first = Call::new(Method::POST, "/api/session")
        .body(json!({"name": "Karl", "password": PASSWORD}))
        .from(cafe)
        .send(&app)
        .await;
    if first.status == StatusCode::TOO_MANY_REQUESTS {
        let wait: i64 = first.headers[header::RETRY_AFTER]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!(wait <= 15 * 60, "{wait}");
        advance(&clock, wait * 1_000);
    } else {
        assert_eq!(first.status, StatusCode::OK);
        return;
    }
    let later = Call::new(Method::POST, "/api/session")
        .body(json!({"name": "Karl", "password": PASSWORD}))
        .from(cafe)
        .send(&app)
        .await;
    assert_eq!(later.status, StatusCode::OK, "{}", later.text);
}

async fn a_session_expires_after_thirty_days_unless_used(db: &Db) {
    let (app, _, clock) = server_on_clock(db).await;
    let session = sign_up(&app, "Karl").await;
    const DAY: i64 = 24 * 60 * 60 * 1_000;
    // Used every 20 days, it lasts: the use after a day renews it, and
    // the answer sends the cookie again.
    for _ in 0..3 {
        advance(&clock, 20 * DAY);
        let answer = me(&app, &session).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(session_of(&answer), session, "the cookie is sent again");
    }
    let soon = me(&app, &session).await;
    assert!(
        soon.headers.get(header::SET_COOKIE).is_none(),
        "renewed at most daily"
    );
    advance(&clock, 30 * DAY);
    assert_eq!(me(&app, &session).await.status, StatusCode::UNAUTHORIZED);
}

/// Creates the rated game `game` as `karl` (seat 0 named, seat 1 open),
/// checks that seat 1 cannot be claimed without a session, and claims it
/// for a new account Otto: the game's id and tokens.
async fn rated_game(app: &Router, karl: &str, game: Value) -> (String, Vec<String>) {
    let created = Call::new(Method::POST, "/api/games")
        .body(game)
        .cookie(karl)
        .send(app)
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let claim_uri = format!("/api/games/{id}/seats/1");
    let stranger = Call::new(Method::POST, &claim_uri)
        .body(json!({"name": "Otto"}))
        .send(app)
        .await;
    assert_eq!(stranger.status, StatusCode::FORBIDDEN, "{}", stranger.text);
    let otto = sign_up(app, "Otto").await;
    let claimed = Call::new(Method::POST, &claim_uri)
        .body(json!({"name": "Otto"}))
        .cookie(&otto)
        .send(app)
        .await;
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
    let tokens = vec![
        created.body["seats"][0]["token"]
            .as_str()
            .unwrap()
            .to_owned(),
        claimed.body["token"].as_str().unwrap().to_owned(),
    ];
    (id, tokens)
}

/// A rated game between two accounts through the API: refused when it
/// cannot be rated, claimed only with a session, and once over, each
/// seat's change in its view, the ratings and history in the profiles
/// and both players on the leaderboard.
async fn a_rated_game_changes_the_ratings_shown_everywhere(db: &Db) {
    let (app, _) = server(db).await;
    let clock = json!({"initial_s": 3600, "increment_s": 0});
    let game = json!({"players": 2, "rated": true, "clock": clock,
                      "seats": [{"name": "Karl"}, {"open": true}]});
    // Without a session, without a clock, with a second named person.
    let anonymous = Call::new(Method::POST, "/api/games")
        .body(game.clone())
        .send(&app)
        .await;
    assert_eq!(
        anonymous.status,
        StatusCode::FORBIDDEN,
        "{}",
        anonymous.text
    );
    assert!(anonymous.text.contains("sign in"), "{}", anonymous.text);
    let karl = sign_up(&app, "Karl").await;
    let no_clock = Call::new(Method::POST, "/api/games")
        .body(json!({"players": 2, "rated": true, "seats": [{"name": "Karl"}, {"open": true}]}))
        .cookie(&karl)
        .send(&app)
        .await;
    assert_eq!(
        no_clock.status,
        StatusCode::BAD_REQUEST,
        "{}",
        no_clock.text
    );
    assert!(no_clock.text.contains("clock"), "{}", no_clock.text);
    let two_named = Call::new(Method::POST, "/api/games")
        .body(json!({"players": 2, "rated": true, "clock": clock,
                     "seats": [{"name": "Karl"}, {"name": "Otto"}]}))
        .cookie(&karl)
        .send(&app)
        .await;
    assert_eq!(
        two_named.status,
        StatusCode::BAD_REQUEST,
        "{}",
        two_named.text
    );
    let (id, tokens) = rated_game(&app, &karl, game).await;
    assert_eq!(view(&app, &id).await["take_back"], false);
    play_to_the_end(&app, &id, &tokens).await;

    let over = rated_view(&app, &id, 2).await;
    assert_eq!(over["rated"], true);
    let changes = over["rating_changes"].as_array().unwrap();
    assert_eq!(changes.len(), 2, "{over}");
    let winners = over["record"]["result"]["winners"]
        .as_array()
        .unwrap()
        .clone();
    for change in changes {
        assert_eq!(change["before"]["rating"], 1500);
        assert_eq!(change["before"]["provisional"], true);
        let seat = change["seat"].as_u64().unwrap();
        let won = winners.contains(&json!(seat));
        let delta = change["change"].as_i64().unwrap();
        if winners.len() == 1 {
            assert_eq!(delta > 0, won, "{change}");
        }
    }
    for name in ["Karl", "Otto"] {
        let profile = Call::new(Method::GET, &format!("/api/players/{name}"))
            .send(&app)
            .await;
        assert_eq!(profile.status, StatusCode::OK, "{}", profile.text);
        assert_eq!(profile.body["ratings"][0]["mode"], "2p");
        assert_eq!(profile.body["ratings"][0]["games"], 1);
        assert_eq!(profile.body["history"][0]["game"], id.as_str());
        // No computer sat at their table.
        assert_eq!(profile.body["computers"], json!([]));
    }
    let board = Call::new(Method::GET, "/api/leaderboard?mode=2p")
        .send(&app)
        .await;
    assert_eq!(board.status, StatusCode::OK, "{}", board.text);
    assert_eq!(board.body["players"].as_array().unwrap().len(), 2);
    let first = &board.body["players"][0];
    assert_eq!(first["rank"], 1);
    assert!(
        first["conservative"].as_f64().unwrap()
            >= board.body["players"][1]["conservative"].as_f64().unwrap()
    );
    let empty = Call::new(Method::GET, "/api/leaderboard?mode=3p")
        .send(&app)
        .await;
    assert_eq!(empty.body["players"], json!([]));
    let bad = Call::new(Method::GET, "/api/leaderboard?mode=5p")
        .send(&app)
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
}

/// Waits until the rated game `id`'s update shows `seats` changes (it is
/// applied apart from the game's task): the game's view.
async fn rated_view(app: &Router, id: &str, seats: usize) -> Value {
    let mut over = view(app, id).await;
    for _ in 0..500 {
        if over["rating_changes"]
            .as_array()
            .is_some_and(|c| c.len() == seats)
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        over = view(app, id).await;
    }
    over
}

/// A rated game's rematch is rated: the same accounts own their seats,
/// each one round further and played with the token they hold, with the
/// same clock, and its end changes their ratings again. A game that was
/// not rated has a rematch that is not.
async fn a_rated_games_rematch_is_rated_with_the_same_accounts(db: &Db) {
    let (app, _) = server(db).await;
    let clock = json!({"initial_s": 3600, "increment_s": 5});
    let karl = sign_up(&app, "Karl").await;
    let game = json!({"players": 2, "rated": true, "clock": clock,
                      "seats": [{"name": "Karl"}, {"open": true}]});
    let (id, tokens) = rated_game(&app, &karl, game).await;
    let otto = session_of(&sign_in(&app, "Otto", PASSWORD).await);
    let rematch_uri = format!("/api/games/{id}/rematch");
    let early = Call::new(Method::POST, &rematch_uri)
        .bearer(&tokens[0])
        .send(&app)
        .await;
    assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.text);
    play_to_the_end(&app, &id, &tokens).await;
    let offered = Call::new(Method::POST, &rematch_uri)
        .bearer(&tokens[1])
        .send(&app)
        .await;
    assert_eq!(offered.status, StatusCode::OK, "{}", offered.text);
    assert_eq!(offered.body["seat"], 0);
    let again = offered.body["id"].as_str().unwrap().to_owned();
    let rematch = view(&app, &again).await;
    assert_eq!(rematch["rated"], true, "{rematch}");
    assert_eq!(rematch["clock"], clock);
    assert_eq!(rematch["take_back"], false);
    assert_eq!(rematch["seats"][0]["name"], "Otto");
    assert_eq!(rematch["seats"][1]["name"], "Karl");
    for (cookie, seat, token) in [(&karl, 1, &tokens[0]), (&otto, 0, &tokens[1])] {
        let mine = Call::new(Method::GET, &format!("/api/games/{again}/mine"))
            .cookie(cookie)
            .send(&app)
            .await;
        assert_eq!(mine.status, StatusCode::OK, "{}", mine.text);
        assert_eq!(mine.body["seats"], json!([{"seat": seat, "token": token}]));
    }
    let swapped = vec![tokens[1].clone(), tokens[0].clone()];
    play_to_the_end(&app, &again, &swapped).await;
    let over = rated_view(&app, &again, 2).await;
    assert_eq!(
        over["rating_changes"].as_array().unwrap().len(),
        2,
        "{over}"
    );
    for name in ["Karl", "Otto"] {
        let profile = Call::new(Method::GET, &format!("/api/players/{name}"))
            .send(&app)
            .await;
        assert_eq!(profile.body["ratings"][0]["games"], 2, "{}", profile.text);
    }

    // Not rated, not rated again.
    let (plain, plain_tokens) = people_game(&app, 2).await;
    play_to_the_end(&app, &plain, &plain_tokens).await;
    let offered = Call::new(Method::POST, &format!("/api/games/{plain}/rematch"))
        .bearer(&plain_tokens[0])
        .send(&app)
        .await;
    assert_eq!(offered.status, StatusCode::OK, "{}", offered.text);
    let plain_again = view(&app, offered.body["id"].as_str().unwrap()).await;
    assert_eq!(plain_again["rated"], false);
}

on_every_store!(
    a_rated_games_rematch_is_rated_with_the_same_accounts,
    a_rated_game_changes_the_ratings_shown_everywhere,
    signing_up_signs_in_and_the_session_answers_who_i_am,
    names_that_differ_only_by_case_or_look_alikes_are_taken,
    hostile_names_and_weak_passwords_are_refused_saying_why,
    a_wrong_password_and_an_unknown_name_get_the_same_answer,
    signing_out_ends_the_session_and_everywhere_ends_them_all,
    a_cross_site_request_with_the_cookie_is_refused_and_changes_nothing,
    settings_are_checked_and_an_address_can_be_removed,
    changing_the_password_ends_the_other_sessions,
    the_owner_gets_their_seat_on_any_device_and_a_token_never_gives_the_account,
    a_deleted_account_leaves_its_finished_games_replayable,
    guessing_from_many_addresses_never_gets_faster_and_locks_the_person_out_briefly,
    a_session_expires_after_thirty_days_unless_used,
    games_in_play_stay_listed_however_many_games_ended_since,
    seats_owned_before_the_owners_index_learn_when_their_games_ended,
);

/// Two servers on one PostgreSQL database: a session begun on one works on
/// the other, and signing out on either ends it on both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_sessions_through_postgres() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let one = app(AppState::new(db.store().await, test_limits()));
    let two = app(AppState::new(db.store().await, test_limits()));
    let session = sign_up(&one, "Karl").await;
    assert_eq!(me(&two, &session).await.status, StatusCode::OK);
    let other = session_of(&sign_in(&two, "Karl", PASSWORD).await);
    assert_eq!(me(&one, &other).await.status, StatusCode::OK);
    let out = Call::new(Method::DELETE, "/api/session")
        .cookie(&session)
        .send(&two)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&one, &session).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&two, &session).await.status, StatusCode::UNAUTHORIZED);
    let everywhere = Call::new(Method::DELETE, "/api/sessions")
        .cookie(&other)
        .send(&one)
        .await;
    assert_eq!(everywhere.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&two, &other).await.status, StatusCode::UNAUTHORIZED);
}

/// Two servers on one PostgreSQL database count the same failed sign-ins:
/// guessing through both is no faster than through one, and a sign-in on
/// one trusts the address on the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_count_the_same_failed_sign_ins() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    // One clock for both, moved by the test past each wait.
    let clock = Clock::system();
    let on_clock = |store| {
        let setup = Setup {
            clock: clock.clone(),
            ..Setup::default()
        };
        app(AppState::with_setup(store, test_limits(), setup))
    };
    let one = on_clock(db.store().await);
    let two = on_clock(db.store().await);
    sign_up(&one, "Karl").await;
    // The person signs in from home on the first server.
    let home = address(7_000);
    let sign_in_at_home = |server| {
        Call::new(Method::POST, "/api/session")
            .body(json!({"name": "Karl", "password": PASSWORD}))
            .from(home)
            .send(server)
    };
    assert_eq!(sign_in_at_home(&one).await.status, StatusCode::OK);
    // Twelve guesses checked, through both servers in turn and from ever
    // new addresses, each as soon as the servers let it through: the
    // waits grow as they would on one server, and the next attempt, on
    // either server, must wait (64 s after the last, far more than the
    // test takes).
    let mut checked = 0;
    let mut n = 0;
    let mut waits = Vec::new();
    while checked < 12 {
        n += 1;
        let server = if n % 2 == 0 { &one } else { &two };
        let answer = Call::new(Method::POST, "/api/session")
            .body(json!({"name": "Karl", "password": format!("guess {n}")}))
            .from(address(n))
            .send(server)
            .await;
        match answer.status {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                let wait: i64 = answer.headers[header::RETRY_AFTER]
                    .to_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                waits.push(wait);
                advance(&clock, wait * 1_000);
            }
            other => panic!("{other}: {}", answer.text),
        }
    }
    // The waits doubled as on one server, whichever server counted the
    // failures: the one before the twelfth guess was 32 s (less only the
    // moments the test itself took).
    assert!(waits.windows(2).all(|pair| pair[0] <= pair[1]), "{waits:?}");
    assert!(*waits.last().unwrap() > 16, "{waits:?}");
    for server in [&one, &two] {
        let limited = Call::new(Method::POST, "/api/session")
            .body(json!({"name": "Karl", "password": "guess again"}))
            .from(address(100))
            .send(server)
            .await;
        assert_eq!(
            limited.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            limited.text
        );
        assert!(limited.headers.contains_key(header::RETRY_AFTER));
    }
    // Home is trusted on the other server too: the person signs in there
    // in the middle of the attack.
    let at_home = sign_in_at_home(&two).await;
    assert_eq!(at_home.status, StatusCode::OK, "{}", at_home.text);
}
