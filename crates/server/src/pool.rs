//! "Play now" (issue 67): a signed-in person picks a mode and a clock and
//! waits in a pool; the server pairs waiting people of close ratings and
//! starts a rated game with each person owning their seat, or fills the
//! missing seats with a computer of similar rating after a set time
//! (`Limits::pool_wait`, `carolus serve --pool-wait`) or when the person
//! asks.
//!
//! No task runs the pool: the waiting page asks again every few seconds
//! (`POST /api/pool`, [`HEARTBEAT_S`]), and each ask refreshes the
//! person's row and tries to pair them, so pairing happens on whichever
//! server a waiting page reaches. A row whose page has not asked for
//! [`SEEN_WITHIN_MS`] is left out and then forgotten: leaving the page
//! leaves the pool, also when the page could not say so.
//!
//! Who may be paired: each person accepts opponents within a range of
//! shown rating points that widens the longer they wait ([`range`]); two
//! people fit when their ratings differ by no more than the wider of
//! their two ranges (the one who waited longer accepts more), and a
//! table's people must all fit each other. The longest waiting are
//! seated first.
//!
//! Exactly one game per pairing, also with several servers: the people
//! are claimed in the store before the game is made
//! (`Store::pool_claim`, all of them or none), and only the server whose
//! claim held makes it. A claim whose game never appears (its server
//! stopped in between) is given back after [`UNSTORED_AFTER_MS`].

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use carolus_accounts::rating::{self as ratings, Mode, Rating};
use carolus_ai::Level;
use carolus_rules::RandomSource;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::SignedIn;
use crate::api::{ClockSpec, ErrorBody, object};
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, limited};
use crate::rating::ModeName;
use crate::responses::{BodyTooLarge, StoreUnreachable, TooManyRequests};
use crate::secret::{self, OsRandom};
use crate::state::AppState;
use crate::store::OwnedSeat;
use crate::store::pool::PoolRow;
use crate::store::ratings::mode_key;
use crate::store::{StoreError, StoredClock};
use crate::table::{Clock, Hosting, NewSeat, NewTable, Table};

/// How often the waiting page asks again, in seconds (the page's
/// heartbeat; the answer says it too).
pub const HEARTBEAT_S: u64 = 5;
/// A waiting person whose page has not asked for this long (four
/// heartbeats) is out of the pool.
pub const SEEN_WITHIN_MS: i64 = 20_000;
/// How long a pairing is answered to its people: after that the row is
/// forgotten, and asking again begins a new wait.
pub const PAIRED_KEPT_MS: i64 = 120_000;
/// How long a claim may wait for its game before it is given back.
pub const UNSTORED_AFTER_MS: i64 = 30_000;
/// The range of a person who has just joined, in shown rating points.
pub const RANGE_START: i64 = 100;
/// How much the range widens per second waited, in shown rating points.
pub const RANGE_PER_S: i64 = 10;

/// The rating points either side of their own that a person who has
/// waited `waited_ms` accepts.
pub fn range(waited_ms: i64) -> i64 {
    RANGE_START + waited_ms.max(0) * RANGE_PER_S / 1000
}

/// Whether `a` and `b` may play each other at `now_ms`.
fn fit(a: &PoolRow, b: &PoolRow, now_ms: i64) -> bool {
    let widest = range(now_ms - a.joined_ms).max(range(now_ms - b.joined_ms));
    (a.rating - b.rating).abs() <= widest
}

/// The computer level whose fixed rating in `mode` is nearest `mu`.
pub fn level_near(mode: Mode, mu: f64) -> Level {
    (Level::MIN.number()..=Level::MAX.number())
        .filter_map(|number| Some((Level::new(number).ok()?, ratings::anchor(mode, number)?)))
        .min_by(|(_, a), (_, b)| (a.mu - mu).abs().total_cmp(&(b.mu - mu).abs()))
        .map_or(Level::HINT, |(level, _)| level)
}

/// `POST /api/pool`: join the pool, or say that I am still waiting.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinPool {
    /// The mode of the game: `2p`, `3p` or `teams`.
    pub mode: ModeName,
    /// The game's clock, as `POST /api/games` takes it (a rated game
    /// always has one).
    #[serde(deserialize_with = "object::required")]
    pub clock: ClockSpec,
    /// Fill the missing seats with the computer now instead of waiting.
    #[serde(default)]
    pub computer: bool,
}

/// Where a person stands in the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PoolStatus {
    /// Not in the pool.
    None,
    /// Waiting for opponents.
    Waiting,
    /// Paired: `game`, `seat` and `token` say where to play.
    Paired,
}

/// The answer of the pool's endpoints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PoolAnswer {
    pub status: PoolStatus,
    /// The mode waited for (waiting or paired).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<ModeName>,
    /// The clock waited for (waiting or paired).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// The person's shown rating in the mode when they joined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// Milliseconds waited so far (waiting).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waited_ms: Option<i64>,
    /// The rating points either side of their own that the person now
    /// accepts (waiting); it widens as they wait.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<i64>,
    /// Milliseconds until the computer fills the missing seats (waiting).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer_in_ms: Option<i64>,
    /// Others waiting for the same mode and clock (waiting).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub others: Option<usize>,
    /// Seconds after which the waiting page asks again; a wait not asked
    /// about for 20 s ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heartbeat_s: Option<u64>,
    /// The game made (paired).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The person's seat in it (paired).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// The seat's token (paired), as `GET /api/games/{id}/mine` gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl PoolAnswer {
    fn none() -> PoolAnswer {
        PoolAnswer {
            status: PoolStatus::None,
            mode: None,
            clock: None,
            rating: None,
            waited_ms: None,
            range: None,
            computer_in_ms: None,
            others: None,
            heartbeat_s: None,
            game: None,
            seat: None,
            token: None,
        }
    }
}

fn unreachable(error: StoreError) -> ApiError {
    tracing::warn!(%error, "the pool could not be read or written");
    ApiError::unavailable("the store cannot be reached; try again")
}

/// Joins the pool, or refreshes my wait: pairs me if people fit (or the
/// computer fills the seats), and says where I stand.
#[utoipa::path(
    post, path = "/api/pool", request_body = JoinPool,
    security(("session_cookie" = [])),
    responses(
        (status = 200, description = "Waiting (ask again within `heartbeat_s`), or paired: the game, my seat and its token", body = PoolAnswer),
        (status = 400, description = "The body is not `{\"mode\", \"clock\", \"computer\"?}`, or the clock is not one a game may have", body = ErrorBody),
        (status = 401, description = "No session: sign in first", body = ErrorBody),
        (status = 403, description = "The session cookie came from another site", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, description = "The store cannot be reached, or the game could not be stored; still waiting", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn join_pool(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    SignedIn(session): SignedIn,
    JsonBody(request): JsonBody<JoinPool>,
) -> Result<Json<PoolAnswer>, ApiError> {
    limited(&state, client)?;
    join(&state, session.account.id, &request).await.map(Json)
}

/// Where I stand in the pool, changing nothing.
#[utoipa::path(
    get, path = "/api/pool",
    security(("session_cookie" = [])),
    responses(
        (status = 200, description = "Not in the pool, waiting, or paired", body = PoolAnswer),
        (status = 401, description = "No session: sign in first", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn pool_state(
    State(state): State<AppState>,
    SignedIn(session): SignedIn,
) -> Result<Json<PoolAnswer>, ApiError> {
    let now = state.clock().now_ms();
    let row = state
        .store()
        .pool_entry(session.account.id)
        .await
        .map_err(unreachable)?;
    let answer = match row {
        // A pairing is answered as long as `join` would; a wait while
        // its page still asks.
        Some(row)
            if row
                .paired
                .as_ref()
                .map_or(row.seen_ms >= now - SEEN_WITHIN_MS, |paired| {
                    paired.at_ms >= now - PAIRED_KEPT_MS
                }) =>
        {
            answer(&state, &row, now).await?
        }
        _ => PoolAnswer::none(),
    };
    Ok(Json(answer))
}

/// Leaves the pool (the waiting page does so when it is left).
#[utoipa::path(
    delete, path = "/api/pool",
    security(("session_cookie" = [])),
    responses(
        (status = 204, description = "Out of the pool (also when not in it)"),
        (status = 401, description = "No session: sign in first", body = ErrorBody),
        (status = 403, description = "The session cookie came from another site", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn leave_pool(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    SignedIn(session): SignedIn,
) -> Result<StatusCode, ApiError> {
    limited(&state, client)?;
    state
        .store()
        .pool_leave(session.account.id)
        .await
        .map_err(unreachable)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `join_pool`'s work: the person's row made or refreshed, a pairing
/// tried, and the row read back.
async fn join(state: &AppState, account: i64, request: &JoinPool) -> Result<PoolAnswer, ApiError> {
    let mode = request.mode.mode();
    let clock = request.clock.to_clock()?;
    let clock_text = StoredClock::text(clock);
    let store = state.store();
    let now = state.clock().now_ms();
    store
        .pool_prune(now - SEEN_WITHIN_MS, now - PAIRED_KEPT_MS)
        .await
        .map_err(unreachable)?;
    let mut entry = store.pool_entry(account).await.map_err(unreachable)?;
    // A claim whose server stopped before it stored the game: its people
    // wait again.
    if let Some(paired) = entry.as_ref().and_then(|row| row.paired.as_ref())
        && !paired.stored
        && now - paired.at_ms > UNSTORED_AFTER_MS
    {
        store
            .pool_release(&paired.game)
            .await
            .map_err(unreachable)?;
        entry = store.pool_entry(account).await.map_err(unreachable)?;
    }
    let waiting = match &entry {
        Some(row) if row.paired.is_some() => false,
        Some(row)
            if row.mode == mode_key(mode)
                && row.clock == clock_text
                && row.seen_ms >= now - SEEN_WITHIN_MS =>
        {
            // The heartbeat; false when paired a moment ago.
            store.pool_seen(account, now).await.map_err(unreachable)?
        }
        _ => {
            let rating = store
                .ratings(account)
                .await
                .map_err(unreachable)?
                .into_iter()
                .find(|row| row.mode == mode)
                .map_or(Rating::NEWCOMER, |row| row.rating);
            let row = PoolRow {
                account_id: account,
                mode: mode_key(mode).to_owned(),
                clock: clock_text.clone(),
                rating: rating.shown(),
                mu: rating.mu,
                joined_ms: now,
                seen_ms: now,
                paired: None,
            };
            store
                .pool_join(&row, now - PAIRED_KEPT_MS)
                .await
                .map_err(unreachable)?
        }
    };
    if waiting && let Some(me) = store.pool_entry(account).await.map_err(unreachable)? {
        pair(state, &me, mode, clock, request.computer, now).await?;
    }
    match store.pool_entry(account).await.map_err(unreachable)? {
        Some(row) => answer(state, &row, now).await,
        None => Ok(PoolAnswer::none()),
    }
}

/// The answer for `row` at `now_ms`: paired once its game is stored,
/// else waiting.
async fn answer(state: &AppState, row: &PoolRow, now_ms: i64) -> Result<PoolAnswer, ApiError> {
    let mode = crate::store::ratings::mode_of_key(&row.mode);
    let clock = serde_json::from_str::<StoredClock>(&row.clock)
        .ok()
        .and_then(StoredClock::clock)
        .map(ClockSpec::of);
    let mut answer = PoolAnswer {
        mode: mode.map(ModeName::of),
        clock,
        rating: Some(row.rating),
        ..PoolAnswer::none()
    };
    if let Some(paired) = row.paired.as_ref().filter(|paired| paired.stored) {
        answer.status = PoolStatus::Paired;
        answer.game = Some(paired.game.clone());
        answer.seat = Some(paired.seat);
        answer.token = Some(paired.token.clone());
        return Ok(answer);
    }
    let waited = now_ms - row.joined_ms;
    let others = state
        .store()
        .pool_waiting(&row.mode, &row.clock, now_ms - SEEN_WITHIN_MS)
        .await
        .map_err(unreachable)?
        .iter()
        .filter(|other| other.account_id != row.account_id)
        .count();
    answer.status = PoolStatus::Waiting;
    answer.waited_ms = Some(waited);
    answer.range = Some(range(waited));
    answer.computer_in_ms = Some((wait_ms(state) - waited).max(0));
    answer.others = Some(others);
    answer.heartbeat_s = Some(HEARTBEAT_S);
    Ok(answer)
}

/// How long a person waits before the computer fills the seats, in
/// milliseconds (`--pool-wait`).
fn wait_ms(state: &AppState) -> i64 {
    i64::try_from(state.limits().pool_wait.as_millis()).unwrap_or(i64::MAX)
}

/// Who sits at a seat of a game the pool makes.
#[derive(Clone, Debug)]
enum Sitter {
    Person(PoolRow),
    Computer(Level),
}

/// Tries to pair `me`, waiting for `mode` with `clock`: with the people
/// who fit, longest waiting first, and with the computer for the seats
/// left once `me` has waited long enough or asks for it. Makes the game
/// if a table is full and its people are still to be had.
async fn pair(
    state: &AppState,
    me: &PoolRow,
    mode: Mode,
    clock: Clock,
    computer: bool,
    now: i64,
) -> Result<(), ApiError> {
    let waiting = state
        .store()
        .pool_waiting(&me.mode, &me.clock, now - SEEN_WITHIN_MS)
        .await
        .map_err(unreachable)?;
    let mut people = vec![me.clone()];
    for other in waiting.iter().filter(|o| o.account_id != me.account_id) {
        if people.len() == mode.seats() {
            break;
        }
        if people.iter().all(|person| fit(person, other, now)) {
            people.push(other.clone());
        }
    }
    let waited_enough = now - me.joined_ms >= wait_ms(state);
    if people.len() < mode.seats() && !(computer || waited_enough) {
        return Ok(());
    }
    let mean = people.iter().map(|person| person.mu).sum::<f64>() / people.len() as f64;
    let level = level_near(mode, mean);
    let mut sitters: Vec<Sitter> = people.into_iter().map(Sitter::Person).collect();
    sitters.resize(mode.seats(), Sitter::Computer(level));
    let sitters = seating(mode, sitters, &mut OsRandom);
    make_game(state, mode, clock, &me.clock, sitters, now).await
}

/// The shown rating a sitter plays with.
fn shown(mode: Mode, sitter: &Sitter) -> i64 {
    match sitter {
        Sitter::Person(row) => row.rating,
        Sitter::Computer(level) => {
            ratings::anchor(mode, level.number()).map_or(Rating::NEWCOMER.shown(), |r| r.shown())
        }
    }
}

/// The sitters in seat order. Two or three players: a random order (who
/// begins is chance). The team game: the strongest and the weakest
/// against the two between (seats 0 and 2 are a team, 1 and 3 the
/// other), the teams' sides drawn at random.
fn seating(mode: Mode, mut sitters: Vec<Sitter>, random: &mut impl RandomSource) -> Vec<Sitter> {
    if mode == Mode::Teams {
        sitters.sort_by_key(|sitter| std::cmp::Reverse(shown(mode, sitter)));
        // Strongest at 0, then 1, 3 and the weakest at 2.
        let order = [0, 1, 3, 2];
        let turn = random.below(2) as usize;
        let mut seats: Vec<Option<Sitter>> = vec![None; sitters.len()];
        for (sitter, seat) in sitters.into_iter().zip(order) {
            seats[(seat + turn) % 4] = Some(sitter);
        }
        seats.into_iter().flatten().collect()
    } else {
        for index in (1..sitters.len()).rev() {
            let other = random.below(index as u32 + 1) as usize;
            sitters.swap(index, other);
        }
        sitters
    }
}

/// Claims the people of `sitters` and, if the claim holds, stores their
/// rated game with each person owning their seat (one transaction). A claim that does not
/// hold (another request paired one of them first) changes nothing.
async fn make_game(
    state: &AppState,
    mode: Mode,
    clock: Clock,
    clock_text: &str,
    sitters: Vec<Sitter>,
    now: i64,
) -> Result<(), ApiError> {
    let store = state.store();
    let id = secret::new_game_id();
    let mut seats = Vec::with_capacity(sitters.len());
    let mut claims = Vec::new();
    for (seat, sitter) in sitters.iter().enumerate() {
        match sitter {
            Sitter::Computer(level) => seats.push(NewSeat::Computer {
                level: *level,
                name: None,
            }),
            Sitter::Person(row) => {
                let account = store
                    .account(row.account_id)
                    .await
                    .map_err(unreachable)?
                    // Deleted meanwhile: its row went with it; try again.
                    .ok_or_else(|| ApiError::unavailable("a player left; try again"))?;
                let token = secret::new_token();
                seats.push(NewSeat::Person {
                    name: account.name,
                    token_hash: secret::token_hash(&token),
                });
                claims.push(OwnedSeat {
                    account_id: row.account_id,
                    seat,
                    token,
                });
            }
        }
    }
    let new = NewTable {
        players: mode.seats(),
        teams: mode == Mode::Teams,
        seats,
        clock: Some(clock),
        hints: false,
        start: None,
        lesson: false,
        hosting: Hosting {
            rated: true,
            ..Hosting::default()
        },
    };
    let table = Table::create(id.clone(), new, now, &mut OsRandom)?;
    let claimed = store
        .pool_claim(
            &id,
            mode_key(mode),
            clock_text,
            &claims,
            now - SEEN_WITHIN_MS,
            now,
        )
        .await
        .map_err(unreachable)?;
    if !claimed {
        return Ok(());
    }
    // The people own their seats from the game's first write: a game of
    // the pool is rated, and its rating goes by its owners.
    if let Err(error) = state.start_owned(table, &claims).await {
        tracing::error!(%error, game = %id, "a game of the pool could not be stored");
        store.pool_release(&id).await.map_err(unreachable)?;
        return Err(ApiError::unavailable(
            "the game could not be stored; still waiting, try again",
        ));
    }
    tracing::info!(game = %id, people = claims.len(), "the pool made a game");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(account_id: i64, rating: i64, joined_ms: i64) -> PoolRow {
        PoolRow {
            account_id,
            mode: "2p".to_owned(),
            clock: String::new(),
            rating,
            mu: rating as f64 / ratings::DISPLAY_SCALE,
            joined_ms,
            seen_ms: joined_ms,
            paired: None,
        }
    }

    #[test]
    fn the_range_widens_with_the_wait_and_the_longer_waiter_decides() {
        assert_eq!(range(0), RANGE_START);
        assert_eq!(range(30_000), RANGE_START + 30 * RANGE_PER_S);
        let old = row(1, 1500, 0);
        let new = row(2, 1800, 30_000);
        // 300 apart: at 10 s the first accepts 200, at 20 s 300.
        assert!(!fit(&old, &new, 10_000));
        assert!(fit(&new, &old, 20_000));
        assert!(fit(&old, &row(3, 1590, 0), 0));
    }

    #[test]
    fn the_computer_level_is_the_nearest_anchor() {
        assert_eq!(level_near(Mode::TwoPlayers, 25.0).number(), 3);
        assert_eq!(level_near(Mode::TwoPlayers, 0.0).number(), 1);
        assert_eq!(level_near(Mode::Teams, 40.0).number(), 4);
        assert_eq!(level_near(Mode::Teams, 100.0).number(), 5);
    }

    /// A server stopped between claiming a pairing and storing its game:
    /// its people are told to wait meanwhile, and after 30 s they wait
    /// again and are paired anew.
    #[tokio::test]
    async fn a_claim_whose_game_never_came_is_given_back() {
        use crate::clock::Clock;
        use crate::limits::Limits;
        use crate::state::Setup;
        use crate::store::{NewAccount, Store};

        let clock = Clock::system();
        let setup = Setup {
            clock: clock.clone(),
            ..Setup::default()
        };
        let store = Store::open("sqlite::memory:").await.unwrap();
        let state = AppState::with_setup(store, Limits::default(), setup);
        let mut accounts = Vec::new();
        for name in ["Anna", "Bert"] {
            let new = NewAccount {
                name,
                name_key: &name.to_lowercase(),
                password_hash: "not a hash",
                email: None,
                language: "en",
                created_ms: 0,
            };
            accounts.push(state.store().create_account(&new).await.unwrap().unwrap());
        }
        let request = JoinPool {
            mode: ModeName::TwoPlayers,
            clock: ClockSpec {
                initial_s: Some(300),
                increment_s: Some(5),
                days_per_move: None,
            },
            computer: false,
        };
        let anna = join(&state, accounts[0], &request).await.unwrap();
        assert_eq!(anna.status, PoolStatus::Waiting);
        // The claim of a server that then stopped: no game is stored.
        let now = state.clock().now_ms();
        let lost = [OwnedSeat {
            account_id: accounts[0],
            seat: 0,
            token: secret::new_token(),
        }];
        let clock_text = StoredClock::text(request.clock.to_clock().unwrap());
        let store = state.store();
        let claimed = store
            .pool_claim(
                "lost2game2id",
                "2p",
                &clock_text,
                &lost,
                now - SEEN_WITHIN_MS,
                now,
            )
            .await
            .unwrap();
        assert!(claimed);
        let meanwhile = join(&state, accounts[0], &request).await.unwrap();
        assert_eq!(meanwhile.status, PoolStatus::Waiting);
        assert!(
            store
                .pool_entry(accounts[0])
                .await
                .unwrap()
                .unwrap()
                .paired
                .is_some()
        );
        let own = clock.own_now_ms();
        clock.set_database_ms(own + UNSTORED_AFTER_MS + 1_000, own, own);
        let again = join(&state, accounts[0], &request).await.unwrap();
        assert_eq!(again.status, PoolStatus::Waiting);
        assert!(
            store
                .pool_entry(accounts[0])
                .await
                .unwrap()
                .unwrap()
                .paired
                .is_none()
        );
        let bert = join(&state, accounts[1], &request).await.unwrap();
        assert_eq!(bert.status, PoolStatus::Paired);
        assert_ne!(bert.game.as_deref(), Some("lost2game2id"));
    }

    #[test]
    fn the_team_game_puts_the_strongest_with_the_weakest() {
        struct Fixed(u64);
        impl RandomSource for Fixed {
            fn next_u64(&mut self) -> u64 {
                self.0
            }
        }
        let sitters = vec![
            Sitter::Person(row(1, 1400, 0)),
            Sitter::Person(row(2, 1700, 0)),
            Sitter::Person(row(3, 1500, 0)),
            Sitter::Person(row(4, 1600, 0)),
        ];
        let seated = seating(Mode::Teams, sitters, &mut Fixed(0));
        let ratings: Vec<i64> = seated.iter().map(|s| shown(Mode::Teams, s)).collect();
        assert_eq!(ratings, vec![1700, 1600, 1400, 1500]);
        assert_eq!(ratings[0] + ratings[2], ratings[1] + ratings[3]);
    }
}
