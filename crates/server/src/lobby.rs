//! The lobby benchmark (issue 67): how fast a signed-in person's lobby
//! answers for a player with many finished games, from a database of very
//! many games (`carolus bench --lobby`).
//!
//! [`make`] fills an empty database: the player [`PLAYER`] signs up
//! through the API, a few real games are played to their end through the
//! API (random legal moves) as templates, many other accounts are
//! inserted, and then the games are copies of the templates, inserted in
//! bulk, one transaction a batch ([`Store::copy_games`]): each copy has
//! its template's rows (so its record is real and replays) under an id of
//! its own, created at its own time over the last three years, with
//! seats owned by accounts. One game in every `games ÷ mine` is the
//! player's, so that its games lie among all the others as they would.
//!
//! [`measure`] signs in as the player and asks, round after round, what
//! the lobby page asks when signed in (`GET /api/me`, `GET /api/me/games`,
//! the names of the games listed, in pages of 100 ids, and the three
//! public lists), each request timed from sending to its whole answer,
//! and the player's profile besides.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use carolus_accounts::PlayerName;
use serde::Serialize;
use serde_json::Value;

use crate::api::{CreateGame, CreatedGame};
use crate::client::{Answer, Client};
use crate::loadgen::SplitMix;
use crate::store::{AccountCopy, GameCopy, Store};

/// The player whose lobby is measured, and the password it signs in with.
pub const PLAYER: &str = "lobby-player";
pub const PASSWORD: &str = "lobby benchmark password";

/// The names given to the templates' two seats.
const SEAT_NAMES: [&str; 2] = ["Anna", "Bruno"];

/// Games copied in one transaction.
const BATCH: usize = 2_000;

/// How many games are played to choose the templates from: the shortest
/// of them are kept, so that a million copies fit in a few gigabytes.
const TRIED_PER_TEMPLATE: usize = 4;

/// The time over which the games were created.
const SPAN_MS: i64 = 3 * 365 * 24 * 3600 * 1000;

/// The share of the other games (in percent) played to their end; the
/// rest were abandoned after [`ABANDONED_AFTER`] moves. Short records keep
/// a million games within a few gigabytes (a whole game's moves take
/// about 9 kB of SQLite).
const FULL_PERCENT: usize = 15;
const ABANDONED_AFTER: std::ops::Range<usize> = 6..30;

/// The share of games (in percent) whose second seat is owned by an
/// account too; the others' second player had none.
const SECOND_OWNER_PERCENT: usize = 70;

/// What to make.
#[derive(Clone, Debug)]
pub struct LobbyPlan {
    /// Games in all, templates included.
    pub games: usize,
    /// The player's games among them (all finished).
    pub mine: usize,
    /// Other accounts, which own the other games' seats.
    pub accounts: usize,
    /// Real games played through the API, which the others copy.
    pub templates: usize,
}

/// What [`make`] made.
#[derive(Clone, Debug, Serialize)]
pub struct Made {
    pub games: usize,
    pub mine: usize,
    pub accounts: usize,
    pub templates: usize,
    /// The mean length (moves, draws included) of the templates played to
    /// their end, and of those abandoned.
    pub moves_per_game: f64,
    pub moves_per_abandoned_game: f64,
    pub seconds: f64,
}

/// Fills the empty database of `store`, which the server at `client`
/// serves, with the data of `plan`; `progress` hears the games copied so
/// far after each batch.
pub async fn make(
    store: &Store,
    client: &Client,
    plan: &LobbyPlan,
    mut progress: impl FnMut(usize),
) -> Result<Made, String> {
    let started = Instant::now();
    let (listed, _) = store
        .list(None, None, 1, None)
        .await
        .map_err(|error| error.to_string())?;
    if !listed.is_empty() {
        return Err(
            "the database has games already; make the lobby's data in a new database".to_owned(),
        );
    }
    let signed_up = client
        .post(
            "/api/accounts",
            &serde_json::json!({"name": PLAYER, "password": PASSWORD}),
            None,
        )
        .await
        .map_err(|error| error.to_string())?;
    expect(&signed_up, 201, "signing up")?;
    let key = PlayerName::parse(PLAYER)
        .map_err(|error| format!("{PLAYER}: {error}"))?
        .skeleton();
    let player = store
        .account_by_key(&key)
        .await
        .map_err(|error| error.to_string())?
        .ok_or("the player signed up but its account is not in the database")?;

    // The templates: the shortest of the games played to their end, and
    // games abandoned early, which most games of a busy site are.
    let mut random = SplitMix(0x006c_6f62_6279);
    let mut played = Vec::new();
    for _ in 0..plan.templates.max(1) * TRIED_PER_TEMPLATE {
        played.push(play(client, &mut random, None).await?);
    }
    played.sort_by_key(|game| game.length);
    let full: Vec<Template> = played.drain(..plan.templates.max(1)).collect();
    let mut abandoned = Vec::new();
    for _ in 0..plan.templates.max(1) {
        let moves = ABANDONED_AFTER.start + random.below(ABANDONED_AFTER.len());
        abandoned.push(play(client, &mut random, Some(moves)).await?);
    }
    // A person is away from a game nobody connected to since it was
    // created; once the host's time has passed, the other ends it.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    for game in &mut abandoned {
        abandon(client, game).await?;
    }
    let moves_per_game = full.iter().map(|t| t.length).sum::<usize>() as f64 / full.len() as f64;
    let moves_per_abandoned_game =
        abandoned.iter().map(|t| t.length).sum::<usize>() as f64 / abandoned.len() as f64;
    let made_before = full.len() + abandoned.len() + played.len();

    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64);
    let mut others = Vec::with_capacity(plan.accounts);
    for start in (0..plan.accounts).step_by(BATCH) {
        let batch: Vec<AccountCopy> = (start..(start + BATCH).min(plan.accounts))
            .map(|index| {
                let name = account_name(index);
                let name_key = carolus_accounts::name::skeleton_of(&name);
                AccountCopy {
                    name,
                    name_key,
                    created_ms: now - SPAN_MS,
                }
            })
            .collect();
        others.extend(
            store
                .copy_accounts(&batch, &player.password_hash)
                .await
                .map_err(|error| error.to_string())?,
        );
    }

    let copies = plan.games.saturating_sub(made_before);
    let stride = (copies / plan.mine.max(1)).max(1);
    let mut mine = 0;
    let mut batch = Vec::with_capacity(BATCH);
    for index in 0..copies {
        let pick = |random: &mut SplitMix| {
            (!others.is_empty()).then(|| others[random.below(others.len())])
        };
        // The player's games were all played to their end.
        let theirs = index % stride == 0 && mine < plan.mine;
        let template = if theirs || random.below(100) < FULL_PERCENT {
            &full[random.below(full.len())]
        } else {
            &abandoned[random.below(abandoned.len())]
        };
        let owners = if theirs {
            mine += 1;
            [Some(player.id), pick(&mut random)]
        } else {
            let first = pick(&mut random);
            let second = if random.below(100) < SECOND_OWNER_PERCENT {
                pick(&mut random)
            } else {
                None
            };
            [first, second]
        };
        batch.push(GameCopy {
            id: copy_id(index),
            template: template.id.clone(),
            created_ms: now - SPAN_MS + (index as i64 * SPAN_MS) / copies.max(1) as i64,
            owners: [0, 1]
                .map(|seat| owners[seat].map(|account| (account, template.tokens[seat].clone()))),
        });
        if batch.len() == BATCH || index + 1 == copies {
            store
                .copy_games(&batch)
                .await
                .map_err(|error| error.to_string())?;
            batch.clear();
            progress(index + 1);
        }
    }
    Ok(Made {
        games: made_before + copies,
        mine,
        accounts: others.len() + 1,
        templates: full.len() + abandoned.len(),
        moves_per_game,
        moves_per_abandoned_game,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The id of the `index`-th copy: the index in base 24, written with the
/// ids' letters (which, unlike their digits, sort as their values do),
/// so that the copies' ids sort in the order they are made. Real ids are
/// random; these let every bulk insert append to the tables' keys instead
/// of touching pages all over them, which makes a million games in a
/// fraction of the time. The lobby's queries find a player's games by
/// the player, wherever their ids lie.
fn copy_id(index: usize) -> String {
    let mut rest = index as u64;
    let mut id = vec![b'a'; crate::secret::ID_LENGTH];
    for place in id.iter_mut().rev() {
        *place = crate::secret::ID_LETTERS[(rest % 24) as usize];
        rest /= 24;
    }
    String::from_utf8_lossy(&id).into_owned()
}

/// The letters of the other accounts' names: each alone in its class of
/// look-alikes (`carolus_accounts::name::skeleton_of`), so that distinct
/// names never share a key.
const NAME_LETTERS: &[u8] = b"acefhjknprtuxy347";

/// The name of the `index`-th other account: `player-` and the index in
/// [`NAME_LETTERS`].
fn account_name(mut index: usize) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(NAME_LETTERS[index % NAME_LETTERS.len()]);
        index /= NAME_LETTERS.len();
        if index == 0 {
            break;
        }
    }
    digits.reverse();
    format!("player-{}", String::from_utf8_lossy(&digits))
}

/// A game played: its id, length, seats' tokens and the seat to act.
struct Template {
    id: String,
    length: usize,
    tokens: [String; 2],
    to_act: Option<usize>,
}

/// Creates a two-player game of people and plays it through the API,
/// every move a random legal one: to its end, or until its record has
/// `until` moves (the host may then end it as abandoned a second later).
async fn play(
    client: &Client,
    random: &mut SplitMix,
    until: Option<usize>,
) -> Result<Template, String> {
    let fault = |error: crate::client::ClientError| error.to_string();
    let mut request = CreateGame::of_people(SEAT_NAMES.map(str::to_owned));
    if until.is_some() {
        request.abandon_after_s = Some(1);
    }
    let created = client
        .post("/api/games", &request, None)
        .await
        .map_err(fault)?;
    expect(&created, 201, "creating a game")?;
    let CreatedGame { id, seats } = serde_json::from_value(created.body)
        .map_err(|error| format!("creating a game: the answer does not read: {error}"))?;
    let mut tokens = [String::new(), String::new()];
    for seat in seats {
        if let Some(token) = tokens.get_mut(seat.seat) {
            token.clone_from(&seat.token);
        }
    }
    let game = client
        .get(&format!("/api/games/{id}"))
        .await
        .map_err(fault)?;
    expect(&game, 200, "reading a game")?;
    let mut at = game.body["record"]["moves"].as_array().map_or(0, Vec::len);
    let mut state = game.body["state"].clone();
    loop {
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        let Some(seat) = state["to_act"].as_u64() else {
            break;
        };
        if legal.is_empty() || until.is_some_and(|until| at >= until) {
            break;
        }
        let token = tokens
            .get(seat as usize)
            .ok_or_else(|| format!("game {id}: seat {seat} to act has no token"))?;
        let mv = &legal[random.below(legal.len())];
        let played = client
            .post(
                &format!("/api/games/{id}/moves"),
                &serde_json::json!({"move": mv, "at": at}),
                Some(token),
            )
            .await
            .map_err(fault)?;
        expect(&played, 200, "playing a move")?;
        at = played.body["at"].as_u64().unwrap_or_default() as usize;
        state = played.body["state"].clone();
    }
    Ok(Template {
        id,
        length: at,
        tokens,
        to_act: state["to_act"].as_u64().map(|seat| seat as usize),
    })
}

/// Ends `game` as abandoned by the seat to act, through the other seat.
async fn abandon(client: &Client, game: &mut Template) -> Result<(), String> {
    let other = 1 - game
        .to_act
        .ok_or("an abandoned game has a seat to act")?
        .min(1);
    let ended = client
        .post(
            &format!("/api/games/{}/abandon", game.id),
            &serde_json::json!({}),
            Some(&game.tokens[other]),
        )
        .await
        .map_err(|error| error.to_string())?;
    expect(&ended, 200, "abandoning a game")?;
    game.length = ended.body["at"].as_u64().unwrap_or_default() as usize;
    Ok(())
}

/// `Ok` if `answer` has `status`, else what the server said.
fn expect(answer: &Answer, status: u16, doing: &str) -> Result<(), String> {
    if answer.status == status {
        Ok(())
    } else {
        Err(format!(
            "{doing}: the server answered {} {}",
            answer.status, answer.body
        ))
    }
}

/// One request's times over the rounds, in milliseconds.
#[derive(Clone, Debug, Serialize)]
pub struct Times {
    pub request: String,
    pub count: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Times {
    fn of(request: String, mut samples: Vec<Duration>) -> Times {
        samples.sort_unstable();
        let at = |share: f64| {
            let index = ((samples.len() as f64 * share).ceil() as usize).saturating_sub(1);
            samples
                .get(index)
                .map_or(0.0, |duration| duration.as_secs_f64() * 1e3)
        };
        Times {
            request,
            count: samples.len(),
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        }
    }
}

/// What [`measure`] measured.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyReport {
    pub rounds: usize,
    /// The player's games that "my games" lists.
    pub listed: usize,
    /// Each request of the lobby page.
    pub requests: Vec<Times>,
    /// The lobby page's requests of a round, one after another.
    pub page: Times,
    /// The player's profile (`GET /api/players/{name}`), which lists the
    /// same games.
    pub profile: Times,
}

/// Signs in as [`PLAYER`] at the server of `client` and asks the lobby's
/// requests `rounds` times (after one round not counted, which warms the
/// caches as a server in use has them).
pub async fn measure(client: &Client, rounds: usize) -> Result<LobbyReport, String> {
    let mut client = client.clone();
    let signed_in = client
        .sign_in(PLAYER, PASSWORD)
        .await
        .map_err(|error| error.to_string())?;
    expect(&signed_in, 200, &format!("signing in as {PLAYER}"))?;
    let mine = client
        .get("/api/me/games")
        .await
        .map_err(|error| error.to_string())?;
    expect(&mine, 200, "GET /api/me/games")?;
    let ids: Vec<String> = mine.body["games"]
        .as_array()
        .map(|games| {
            games
                .iter()
                .filter_map(|game| game["id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    if ids.is_empty() {
        return Err(format!(
            "{PLAYER} has no games: is this the database `carolus bench --lobby` made?"
        ));
    }
    // What the signed-in lobby page asks (crates/web/assets/js/lobby.js),
    // with a name for each row of the report.
    let mut requests: Vec<(String, String)> = vec![
        ("GET /api/me".to_owned(), "/api/me".to_owned()),
        ("GET /api/me/games".to_owned(), "/api/me/games".to_owned()),
    ];
    for page in ids.chunks(100) {
        requests.push((
            "GET /api/games?ids=… (100 of my games)".to_owned(),
            format!("/api/games?ids={}", page.join(",")),
        ));
    }
    for status in ["open", "running", "over"] {
        requests.push((
            format!("GET /api/games?status={status}&limit=10"),
            format!("/api/games?status={status}&limit=10"),
        ));
    }
    let profile_path = format!("/api/players/{PLAYER}");
    let mut samples: Vec<(String, Vec<Duration>)> = Vec::new();
    let mut pages = Vec::with_capacity(rounds);
    let mut profiles = Vec::with_capacity(rounds);
    for round in 0..=rounds {
        let mut page = Duration::ZERO;
        for (name, path) in &requests {
            let took = timed_get(&client, path).await?;
            page += took;
            if round > 0 {
                match samples.iter_mut().find(|(row, _)| row == name) {
                    Some((_, times)) => times.push(took),
                    None => samples.push((name.clone(), vec![took])),
                }
            }
        }
        let profile = timed_get(&client, &profile_path).await?;
        if round > 0 {
            pages.push(page);
            profiles.push(profile);
        }
    }
    Ok(LobbyReport {
        rounds,
        listed: ids.len(),
        requests: samples
            .into_iter()
            .map(|(name, times)| Times::of(name, times))
            .collect(),
        page: Times::of(
            "the lobby page's requests, one after another".to_owned(),
            pages,
        ),
        profile: Times::of(format!("GET {profile_path}"), profiles),
    })
}

/// How long `GET path` took to answer 200 in full.
async fn timed_get(client: &Client, path: &str) -> Result<Duration, String> {
    let start = Instant::now();
    let answer = client.get(path).await.map_err(|error| error.to_string())?;
    let took = start.elapsed();
    if answer.status != 200 {
        return Err(format!(
            "GET {path}: the server answered {} {}",
            answer.status,
            short(&answer.body)
        ));
    }
    Ok(took)
}

/// An answer's body, cut short for a message.
fn short(body: &Value) -> String {
    let text = body.to_string();
    text.chars().take(300).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use carolus_accounts::PlayerName;

    use super::account_name;

    #[test]
    fn the_copies_ids_are_game_ids_that_sort_as_they_are_made() {
        let ids: Vec<String> = [0, 1, 23, 24, 999_999].map(super::copy_id).to_vec();
        assert!(ids.iter().all(|id| crate::secret::is_game_id_syntax(id)));
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{ids:?}");
    }

    #[test]
    fn the_other_accounts_names_are_names_with_keys_of_their_own() {
        let mut keys = HashSet::new();
        for index in 0..20_000 {
            let name = account_name(index);
            let parsed = PlayerName::parse(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(keys.insert(parsed.skeleton()), "{name} shares its key");
        }
        assert_eq!(account_name(0), "player-a");
    }
}
