//! The store: games, seats and moves in a database, behind one interface.
//!
//! Two databases stand behind it. SQLite (`store/sqlite.rs`) is the embedded
//! default: a file, created and migrated at start, for one server.
//! PostgreSQL (`store/postgres.rs`) lets several servers share the games: each
//! commit also tells the other servers what changed (a [`Notice`]), and
//! work that must happen once, a computer's move or a clock running out,
//! is claimed in the database for a while (a lease) before it is done.
//!
//! Reading is the same on both: the queries keep to what both speak. A
//! change is written in one transaction by the store's one writer task,
//! which commits the changes that arrive together in one transaction
//! (group commit); the primary key of `moves` (game, ply) together with the
//! length guard on `games` means that of two writers offering a move at
//! the same position, exactly one succeeds, in this process or another.

mod postgres;
mod sqlite;

use std::future::Future;

use carolus_ai::Level;
use carolus_rules::{Move, Record, RecordedGame};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{Row, SqlitePool};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

use crate::api::{GameSummary, Status};
use crate::table::{Change, Clock, DAY_MS, Hosting, Player, Rematch, SeatState, Table};

pub(crate) use postgres::DATABASE_MS;
pub use postgres::{CLAIM_LEASE, Heard, Notices};

/// Why the store failed.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("the database URL {url:?} is not one the server can use: {reason}")]
    Url { url: String, reason: String },
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the database's migrations failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// The store was closed: the server is shutting down.
    #[error("the database is closed")]
    Closed,
    /// A new game's id is another game's already (ids are random, so
    /// this is all but impossible; a new id is the remedy).
    #[error("there is a game {id} already")]
    Duplicate { id: String },
    /// Moves of the game were taken back during every one of several reads.
    #[error("game {id} kept changing while it was read; try again")]
    Changing { id: String },
    /// A stored game that no longer reads or replays: a bug or a damaged
    /// database, reported with the game's id.
    #[error("game {id}: the stored game is damaged: {reason}")]
    Damaged { id: String, reason: String },
}

/// `url` with any password in it replaced by `***`, for messages and logs:
/// a database URL may carry the password that DEPLOY.md keeps in a file
/// only the server's user can read, and logs are read more widely.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    // The last `@` ends the user's part, as in URL parsers, so that an
    // unescaped `@` in a password is hidden too.
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_owned(),
        },
        None => authority.to_owned(),
    };
    let path = match path.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => {
                        format!("{key}=***")
                    }
                    _ => pair.to_owned(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => path.to_owned(),
    };
    format!("{scheme}://{authority}{path}")
}

/// Why a change was not committed.
#[derive(Debug, Error)]
pub enum CommitError {
    /// Another writer changed the game first (a move at the same position,
    /// a seat claimed at the same time): nothing was written.
    #[error("the game changed meanwhile")]
    Conflict,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CommitError {
    fn from(error: sqlx::Error) -> CommitError {
        match error.as_database_error() {
            Some(database) if database.is_unique_violation() => CommitError::Conflict,
            _ => CommitError::Store(StoreError::Database(error)),
        }
    }
}

/// A page of the game list: where the next page starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub created_ms: i64,
    pub id: String,
}

impl Cursor {
    /// The cursor's text, as the API hands it out.
    pub fn to_text(&self) -> String {
        format!("{}-{}", self.created_ms, self.id)
    }

    /// Reads a cursor handed out by [`Cursor::to_text`].
    pub fn from_text(text: &str) -> Option<Cursor> {
        let (created, id) = text.split_once('-')?;
        Some(Cursor {
            created_ms: created.parse().ok()?,
            id: id.to_owned(),
        })
    }
}

/// What another server committed to a game, as it tells the others: the
/// moves and clocks, enough to follow the game without reading it back;
/// or, for a change of seats' holders or names, only that it must be read
/// back (`reload`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// The server that committed the change (its own notices are skipped).
    pub server: String,
    pub game: String,
    /// The record's length before the change.
    pub from: usize,
    pub moves: Vec<String>,
    pub turn_started_ms: Option<i64>,
    /// Every seat whose clock changed: seat, time left, timed out.
    pub clocks: Vec<(usize, Option<i64>, bool)>,
    pub reload: bool,
    /// The game's take backs after the change: a notice of moves is
    /// followed only by a server that knows of as many.
    #[serde(default)]
    pub takebacks: u32,
}

/// The database behind the server. Cheap to clone: clones share the
/// connections and the writer.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    writer: mpsc::Sender<Job>,
}

/// The connections, of one database or the other.
#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(postgres::Shared),
}

/// Runs `$body` with `$pool` bound to the pool of whichever database the
/// store uses: the same query text and row reading, checked against each
/// database's types.
macro_rules! with_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match &$store.pool {
            Pool::Sqlite($pool) => $body,
            Pool::Postgres(shared) => {
                let $pool = &shared.pool;
                $body
            }
        }
    };
}

// The accounts' queries, after `with_pool!` so that they can use it.
pub(crate) mod accounts;

pub use accounts::{AccountRow, NewAccount, OwnedGame, Settings};

// The ratings' queries (issue 67), likewise.
pub(crate) mod ratings;

// The pool of people waiting to play now (issue 67), likewise.
pub(crate) mod pool;

// Bulk copies for the lobby benchmark's data.
pub(crate) mod bulk;

pub use bulk::{AccountCopy, GameCopy};

/// A change waiting for the writer, and where its outcome goes.
#[derive(Debug)]
struct Job {
    work: Work,
    answer: oneshot::Sender<Result<(), CommitError>>,
}

/// What the writer writes. New games go through the writer too, so that
/// only one connection of a server ever writes games and moves.
#[derive(Debug)]
enum Work {
    /// A new game with the seats that accounts own from its start, in one
    /// transaction: a game is never stored without its owners, whose
    /// ratings and lists depend on them.
    Insert(Box<(Table, Vec<OwnedSeat>)>),
    Change(ChangeRows),
    /// A take back: the end of a record deleted. Seldom, and written by
    /// statements of its own.
    TakeBack(ChangeRows),
}

/// A seat of a new game that an account owns, with the seat's token (the
/// account's devices are given it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedSeat {
    pub seat: usize,
    pub account_id: i64,
    pub token: String,
}

/// Writes the `owners` of the new game `id` on the transaction `tx` (a
/// macro: the two databases' connections are of different types).
macro_rules! insert_owners {
    ($tx:expr, $id:expr, $owners:expr) => {
        for owner in $owners {
            sqlx::query($crate::store::INSERT_OWNER)
                .bind($id)
                .bind(owner.seat as i64)
                .bind(owner.account_id)
                .bind(&owner.token)
                .execute(&mut *$tx)
                .await?;
        }
    };
}
use insert_owners;

/// Records an owned seat; a seat has one owner, the first.
const INSERT_OWNER: &str = "INSERT INTO seat_owners (game_id, seat, account_id, token) \
                            VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat) DO NOTHING";

/// The most changes one batch of the writer holds.
const BATCH: usize = 256;

/// Each change's outcome in a batch, in the batch's order.
type Outcomes = Vec<Result<(), CommitError>>;

/// A database's side of the writer: a batch at once, or one change alone.
trait Writer: Send + 'static {
    /// Writes a batch and answers each change's outcome; or fails having
    /// written nothing, and the changes are then written one by one.
    fn write_batch(
        &mut self,
        batch: &[Job],
    ) -> impl Future<Output = Result<Outcomes, CommitError>> + Send;
    fn write_one(&mut self, work: &Work) -> impl Future<Output = Result<(), CommitError>> + Send;
}

/// The store's one writer: takes the changes waiting, commits them
/// together, and answers each. If the batch fails, its changes are
/// committed one by one, so that one stale change refuses only itself.
async fn write_changes(mut writer: impl Writer, mut jobs: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        if batch.len() > 1
            && let Ok(outcomes) = writer.write_batch(&batch).await
        {
            debug_assert_eq!(outcomes.len(), batch.len());
            for (job, outcome) in batch.drain(..).zip(outcomes) {
                let _ = job.answer.send(outcome);
            }
            continue;
        }
        for job in batch.drain(..) {
            let result = writer.write_one(&job.work).await;
            let _ = job.answer.send(result);
        }
    }
}

/// A change as the rows it writes, computed on the game's task so that the
/// writer only writes.
#[derive(Debug)]
struct ChangeRows {
    id: String,
    /// Where the change's moves start.
    from: i64,
    /// How many moves the change takes back from the end of the record
    /// before `from`'s moves are added.
    taken_back: i64,
    /// The game's take backs before the change: with the length, its guard.
    takebacks: i64,
    moves: Vec<String>,
    now_ms: i64,
    status: &'static str,
    length: i64,
    turn_started_ms: Option<i64>,
    result: Option<String>,
    /// The new header, when the names changed.
    header: Option<String>,
    seats: Vec<SeatRow>,
    /// When a server must next act by itself (see [`due_ms`]).
    due_ms: Option<i64>,
    /// Whether the change ended the game with no move (it was abandoned),
    /// which the other servers cannot follow from moves.
    ended_without_moves: bool,
}

/// A seat whose row changes.
#[derive(Debug)]
struct SeatRow {
    seat: i64,
    name: Option<String>,
    token_hash: Option<Vec<u8>>,
    clock_ms: Option<i64>,
    timed_out: bool,
    /// A claim only succeeds on a seat that is still free in the store, so
    /// two claims at once cannot both win.
    claimed: bool,
    /// Whether the name or the holder changed, not only the clock.
    holder_changed: bool,
}

impl ChangeRows {
    fn new(before: &Table, change: &Change, now_ms: i64) -> ChangeRows {
        let next = &change.next;
        let seats = before
            .seats
            .iter()
            .zip(&next.seats)
            .enumerate()
            .filter(|(_, (old, new))| old != new)
            .map(|(index, (old, new))| SeatRow {
                seat: index as i64,
                name: new.name.clone(),
                token_hash: match &new.player {
                    Player::Person { token_hash } => token_hash.clone(),
                    Player::Computer { .. } => None,
                },
                clock_ms: new.clock_ms,
                timed_out: new.timed_out,
                claimed: old.is_free() && !new.is_free(),
                holder_changed: old.name != new.name || old.player != new.player,
            })
            .collect();
        ChangeRows {
            id: next.id.clone(),
            from: change.from as i64,
            taken_back: change.taken_back as i64,
            takebacks: i64::from(before.takebacks),
            moves: change.moves.iter().map(Move::to_string).collect(),
            now_ms,
            status: next.status().as_str(),
            length: next.length() as i64,
            turn_started_ms: next.turn_started_ms,
            result: result_json(next.record()),
            header: (before.record().names != next.record().names)
                .then(|| header_json(next.record())),
            seats,
            due_ms: due_ms(next, now_ms),
            ended_without_moves: change.moves.is_empty()
                && before.status() != Status::Over
                && next.status() == Status::Over,
        }
    }

    /// The change as the other servers hear of it.
    fn notice(&self, server: &str) -> Notice {
        Notice {
            server: server.to_owned(),
            game: self.id.clone(),
            from: self.from as usize,
            moves: self.moves.clone(),
            turn_started_ms: self.turn_started_ms,
            clocks: self
                .seats
                .iter()
                .map(|seat| (seat.seat as usize, seat.clock_ms, seat.timed_out))
                .collect(),
            reload: self.header.is_some()
                || self.ended_without_moves
                || self.seats.iter().any(|seat| seat.holder_changed)
                || self.taken_back > 0,
            // A take back adds one to the count it was guarded by.
            takebacks: u32::try_from(self.takebacks + i64::from(self.taken_back > 0))
                .unwrap_or(u32::MAX),
        }
    }

    /// The record's length the change was made from: its guard, with the
    /// take backs.
    fn length_before(&self) -> i64 {
        self.from + self.taken_back
    }

    /// The rows the change must touch: every move, the game, and every
    /// changed seat. Fewer means the stored game was not the one the
    /// change was made from.
    fn rows(&self) -> u64 {
        (self.moves.len() + 1 + self.seats.len()) as u64
    }
}

/// When a server must act on `table` by itself: now if the computer is to
/// act, when the clock of the seat to act runs out, or never.
fn due_ms(table: &Table, now_ms: i64) -> Option<i64> {
    match table.computer_to_act() {
        Some(_) => Some(now_ms),
        None => table.deadline_ms(),
    }
}

impl Store {
    /// Opens the database at `url`: a SQLite file (a path, or
    /// `sqlite:path`), created with its tables if it is missing; or a
    /// PostgreSQL database (`postgres://…`), whose tables are created or
    /// migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let (writer, jobs) = mpsc::channel(4 * BATCH);
        let pool = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let shared = postgres::open(url).await?;
            tokio::spawn(write_changes(postgres::Writer::new(shared.clone()), jobs));
            Pool::Postgres(shared)
        } else {
            let pool = sqlite::open(url).await?;
            tokio::spawn(write_changes(pool.clone(), jobs));
            Pool::Sqlite(pool)
        };
        Ok(Store { pool, writer })
    }

    /// Whether other servers may share this database (PostgreSQL), so that
    /// games change under this server's feet and work due must be claimed.
    pub fn is_shared(&self) -> bool {
        matches!(self.pool, Pool::Postgres(_))
    }

    /// This server's name in the database: in its notices and its claims.
    pub fn server_name(&self) -> Option<&str> {
        match &self.pool {
            Pool::Sqlite(_) => None,
            Pool::Postgres(shared) => Some(&shared.server),
        }
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        let result =
            with_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()));
        if let (Err(_), Pool::Postgres(shared)) = (&result, &self.pool) {
            // The next ping tries another connection, or a new one.
            shared.losses.record();
        }
        result?;
        Ok(())
    }

    /// Writes a new game.
    pub async fn insert(&self, table: &Table) -> Result<(), StoreError> {
        self.insert_owned(table, &[]).await
    }

    /// Writes a new game and the seats of it that accounts own, together.
    pub async fn insert_owned(
        &self,
        table: &Table,
        owners: &[OwnedSeat],
    ) -> Result<(), StoreError> {
        let work = Work::Insert(Box::new((table.clone(), owners.to_vec())));
        let result = self.write(work).await;
        result.map_err(|error| match error {
            CommitError::Store(error) => error,
            // The only key a new game can collide on is its id.
            CommitError::Conflict => StoreError::Duplicate {
                id: table.id.clone(),
            },
        })
    }

    /// Hands `work` to the writer and waits for its outcome.
    async fn write(&self, work: Work) -> Result<(), CommitError> {
        let (answer, receiver) = oneshot::channel();
        self.writer
            .send(Job { work, answer })
            .await
            .map_err(|_| CommitError::Store(StoreError::Closed))?;
        receiver
            .await
            .map_err(|_| CommitError::Store(StoreError::Closed))?
    }

    /// Commits `change` to the game that stood as `before`: all of it, or
    /// nothing and `CommitError::Conflict` if the stored game is no longer
    /// `before`.
    ///
    /// Changes are handed to the store's one writer, which commits the
    /// changes of many games that arrive together in one transaction
    /// (group commit): one database commit then acknowledges a whole batch
    /// of moves, and writers never wait on each other's locks.
    pub async fn commit(
        &self,
        before: &Table,
        change: &Change,
        now_ms: i64,
    ) -> Result<(), CommitError> {
        let rows = ChangeRows::new(before, change, now_ms);
        self.write(if change.taken_back > 0 {
            Work::TakeBack(rows)
        } else {
            Work::Change(rows)
        })
        .await
    }

    /// Claims the work due on game `id` (a computer's move, a clock running
    /// out) for this server for a while, or renews its claim: whether this
    /// server may do it. Always so on SQLite, where this server is alone.
    pub async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(true),
            Pool::Postgres(shared) => shared.claim(id).await,
        }
    }

    /// Up to `limit` games whose work is due by the database's time and
    /// that no server has claimed (or whose claim lapsed), most overdue
    /// first. None on SQLite.
    pub async fn unclaimed_due(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(Vec::new()),
            Pool::Postgres(shared) => shared.unclaimed_due(limit).await,
        }
    }

    /// Takes a connection of a SQLite store's pool and keeps it until the
    /// answer is dropped: with a store in memory, which has one, every
    /// read waits meanwhile, as a slow database would make it.
    #[cfg(test)]
    pub(crate) async fn hold_connection(&self) -> sqlx::pool::PoolConnection<sqlx::Sqlite> {
        match &self.pool {
            Pool::Sqlite(pool) => pool.acquire().await.expect("a connection"),
            Pool::Postgres(_) => panic!("only SQLite's connections are held in tests"),
        }
    }

    /// The database's time, in milliseconds since 1970: PostgreSQL's
    /// `clock_timestamp()`, SQLite's `julianday('now')`.
    pub async fn database_ms(&self) -> Result<i64, StoreError> {
        let sql = match &self.pool {
            Pool::Sqlite(_) => {
                "SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"
            }
            Pool::Postgres(_) => postgres::DATABASE_MS_QUERY,
        };
        Ok(with_pool!(self, pool => sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await)?)
    }

    /// Sets `clock` to count from the database's time (see
    /// [`crate::clock`]).
    pub async fn set_clock(&self, clock: &crate::clock::Clock) -> Result<(), StoreError> {
        let before = clock.own_now_ms();
        let database = self.database_ms().await?;
        clock.set_database_ms(database, before, clock.own_now_ms());
        Ok(())
    }

    /// The other servers' notices, if the database carries them
    /// (PostgreSQL).
    pub async fn notices(&self) -> Result<Option<Notices>, StoreError> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(None),
            Pool::Postgres(shared) => Ok(Some(shared.notices().await?)),
        }
    }

    /// The game `id`, if it exists.
    ///
    /// Its rows are read by several statements; a take back committed in
    /// between could pair the game's row with another position's moves, so
    /// the read is made again until the game's length and take backs are
    /// the same after it as before.
    pub async fn load(&self, id: &str) -> Result<Option<Table>, StoreError> {
        const ATTEMPTS: usize = 8;
        let rows = with_pool!(self, pool => {
            let mut rows = None;
            for _ in 0..ATTEMPTS {
                let Some(game) = sqlx::query(
                    "SELECT created_ms, hints, clock, header, turn_started_ms, length, takebacks, \
                     result, listed, host_seat, abandon_after_ms, rematch, rematch_by, rated \
                     FROM games WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(pool)
                .await?
                else {
                    return Ok(None);
                };
                let game = GameRow {
                    created_ms: game.try_get("created_ms")?,
                    hints: game.try_get("hints")?,
                    clock: game.try_get("clock")?,
                    header: game.try_get("header")?,
                    turn_started_ms: game.try_get("turn_started_ms")?,
                    length: game.try_get("length")?,
                    takebacks: game.try_get("takebacks")?,
                    result: game.try_get("result")?,
                    listed: game.try_get("listed")?,
                    host_seat: game.try_get("host_seat")?,
                    abandon_after_ms: game.try_get("abandon_after_ms")?,
                    rematch: game.try_get("rematch")?,
                    rematch_by: game.try_get("rematch_by")?,
                    rated: game.try_get("rated")?,
                };
                let moves = sqlx::query(
                    "SELECT ply, token FROM moves WHERE game_id = $1 AND ply < $2 ORDER BY ply",
                )
                .bind(id)
                .bind(game.length)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| Ok((row.try_get("ply")?, row.try_get("token")?)))
                .collect::<Result<Vec<(i64, String)>, sqlx::Error>>()?;
                let seats = sqlx::query(
                    "SELECT name, ai_level, open, token_hash, clock_ms, timed_out, away_since_ms \
                     FROM seats WHERE game_id = $1 ORDER BY seat",
                )
                .bind(id)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| {
                    Ok(SeatRead {
                        name: row.try_get("name")?,
                        ai_level: row.try_get("ai_level")?,
                        open: row.try_get("open")?,
                        token_hash: row.try_get("token_hash")?,
                        clock_ms: row.try_get("clock_ms")?,
                        timed_out: row.try_get("timed_out")?,
                        away_since_ms: row.try_get("away_since_ms")?,
                    })
                })
                .collect::<Result<Vec<_>, sqlx::Error>>()?;
                let after = sqlx::query("SELECT length, takebacks FROM games WHERE id = $1")
                    .bind(id)
                    .fetch_one(pool)
                    .await?;
                let length: i64 = after.try_get("length")?;
                let takebacks: i64 = after.try_get("takebacks")?;
                let taken_back_meanwhile = takebacks != game.takebacks;
                // Moves appended meanwhile do no harm: the read ends at the
                // length the game's row had.
                if !taken_back_meanwhile && length >= game.length {
                    rows = Some((game, moves, seats));
                    break;
                }
            }
            rows
        });
        match rows {
            Some((game, moves, seats)) => table_of(id, game, moves, seats).map(Some),
            None => Err(StoreError::Changing { id: id.to_owned() }),
        }
    }

    /// Up to `limit` games with `status` (any when `None`), newest first,
    /// starting after `after`; and the cursor of the next page. The games
    /// are the listed ones, or, given `ids`, those (listed or not).
    pub async fn list(
        &self,
        status: Option<Status>,
        after: Option<&Cursor>,
        limit: usize,
        ids: Option<&[String]>,
    ) -> Result<(Vec<GameSummary>, Option<Cursor>), StoreError> {
        if matches!(ids, Some([])) {
            return Ok((Vec::new(), None));
        }
        // The conditions are only those that apply, each value a
        // placeholder numbered in the order the values are bound below, so
        // that the database sees `status = $1` and `(created_ms, id) < …`
        // and walks an index in order (`games_listed`, and
        // `games_listed_by_time` for every status: migration 0009) instead
        // of reading every listed game and sorting them, as a condition
        // such as `($1 IS NULL OR status = $1)` made it do.
        let mut placeholders = (1..).map(|n| format!("${n}"));
        let mut place = || placeholders.next().unwrap_or_default();
        let mut conditions = Vec::new();
        if status.is_some() {
            conditions.push(format!("status = {}", place()));
        }
        if after.is_some() {
            let (created, id) = (place(), place());
            conditions.push(format!("(created_ms, id) < ({created}, {id})"));
        }
        let limit_at = place();
        conditions.push(match ids {
            None => "listed".to_owned(),
            Some(ids) => {
                let places: Vec<String> = ids.iter().map(|_| place()).collect();
                format!("id IN ({})", places.join(", "))
            }
        });
        // One query: the page's games (and one more, which only says that
        // there is a next page), each joined with its seats in order. Its
        // text is fixed fragments and one placeholder per value; every
        // value is bound.
        let sql = format!(
            "SELECT g.id, g.status, g.players, g.teams, g.length, g.created_ms, \
             s.seat, s.name, s.ai_level FROM \
             (SELECT id, status, players, teams, length, created_ms FROM games \
              WHERE {} ORDER BY created_ms DESC, id DESC LIMIT {limit_at}) AS g \
             LEFT JOIN seats s ON s.game_id = g.id \
             ORDER BY g.created_ms DESC, g.id DESC, s.seat",
            conditions.join(" AND ")
        );
        let rows: Vec<GameRead> = with_pool!(self, pool => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.clone()));
            if let Some(status) = status {
                query = query.bind(status.as_str());
            }
            if let Some(cursor) = after {
                query = query.bind(cursor.created_ms).bind(cursor.id.as_str());
            }
            query = query.bind(limit as i64 + 1);
            for id in ids.unwrap_or_default() {
                query = query.bind(id.as_str());
            }
            let joined = query.fetch_all(pool).await?;
            let mut rows: Vec<GameRead> = Vec::with_capacity(limit + 1);
            for row in &joined {
                let id: String = row.try_get("id")?;
                if rows.last().is_none_or(|game| game.id != id) {
                    rows.push(GameRead {
                        id,
                        status: row.try_get("status")?,
                        players: row.try_get("players")?,
                        teams: row.try_get("teams")?,
                        length: row.try_get("length")?,
                        created_ms: row.try_get("created_ms")?,
                        seats: Vec::new(),
                    });
                }
                // A game without seats (none is made so) joins one row of
                // nulls.
                let seat: Option<i64> = row.try_get("seat")?;
                if let (Some(_), Some(game)) = (seat, rows.last_mut()) {
                    game.seats.push((row.try_get("name")?, row.try_get("ai_level")?));
                }
            }
            rows
        });
        let mut games = Vec::with_capacity(rows.len().min(limit));
        for game in rows.iter().take(limit) {
            games.push(game.summary()?);
        }
        let next = (rows.len() > limit)
            .then(|| games.last())
            .flatten()
            .map(|last| Cursor {
                created_ms: last.created_ms,
                id: last.id.clone(),
            });
        Ok((games, next))
    }

    /// The ids of games that are not over, so that a restarted server can
    /// let their computer seats and clocks go on.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let ids = with_pool!(self, pool => {
            sqlx::query("SELECT id FROM games WHERE status != 'over'")
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| row.try_get("id"))
                .collect::<Result<Vec<String>, sqlx::Error>>()?
        });
        Ok(ids)
    }

    /// The kept analysis of game `id` (a JSON document), if it was made.
    pub async fn analysis(&self, id: &str) -> Result<Option<String>, StoreError> {
        let body = with_pool!(self, pool => {
            sqlx::query("SELECT body FROM analyses WHERE game_id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
                .map(|row| row.try_get("body"))
                .transpose()?
        });
        Ok(body)
    }

    /// Keeps the analysis of game `id`; one made meanwhile (by another
    /// server) is kept instead, as both are of the same game.
    pub async fn keep_analysis(&self, id: &str, body: &str) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("INSERT INTO analyses (game_id, body) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING")
                .bind(id)
                .bind(body)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// The host's seat and token hash, and every invited seat not yet
    /// claimed with its name and sealed token, of game `id` (`None` if
    /// there is no such game), read afresh: a seat claimed through another
    /// server is not offered.
    pub async fn invitations(&self, id: &str) -> Result<Option<HostedSeats>, StoreError> {
        let hosted = with_pool!(self, pool => {
            let Some(game) = sqlx::query("SELECT host_seat FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
            else {
                return Ok(None);
            };
            let host: Option<i64> = game.try_get("host_seat")?;
            let mut hosted = HostedSeats {
                host: None,
                invites: Vec::new(),
            };
            for row in sqlx::query(
                "SELECT seat, name, token_hash, invite FROM seats WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id)
            .fetch_all(pool)
            .await?
            {
                let seat: i64 = row.try_get("seat")?;
                let hash: Option<Vec<u8>> = row.try_get("token_hash")?;
                if Some(seat) == host {
                    hosted.host = hash.map(|hash| (seat as usize, hash));
                }
                if let Some(sealed) = row.try_get::<Option<Vec<u8>>, _>("invite")? {
                    hosted.invites.push((seat as usize, row.try_get("name")?, sealed));
                }
            }
            hosted
        });
        Ok(Some(hosted))
    }

    /// Keeps that a seat's person came (`away_since_ms` `None`: the seat's
    /// invitation is claimed, its seal dropped) or left at a time.
    pub async fn set_presence(
        &self,
        id: &str,
        seat: usize,
        away_since_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        let sql = if away_since_ms.is_none() {
            "UPDATE seats SET away_since_ms = $1, invite = NULL WHERE game_id = $2 AND seat = $3"
        } else {
            "UPDATE seats SET away_since_ms = $1 WHERE game_id = $2 AND seat = $3"
        };
        with_pool!(self, pool => {
            sqlx::query(sql)
                .bind(away_since_ms)
                .bind(id)
                .bind(seat as i64)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// When each seat's person of game `id` left, as the store holds it now
    /// (another server may have seen them come back).
    pub async fn away_since(&self, id: &str) -> Result<Vec<Option<i64>>, StoreError> {
        let away = with_pool!(self, pool => {
            sqlx::query("SELECT away_since_ms FROM seats WHERE game_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| row.try_get("away_since_ms"))
                .collect::<Result<Vec<Option<i64>>, sqlx::Error>>()?
        });
        Ok(away)
    }

    /// Notes `rematch` as game `id`'s rematch, unless one was noted first
    /// (by another server): answers the rematch that stands.
    pub async fn offer_rematch(&self, id: &str, rematch: &Rematch) -> Result<Rematch, StoreError> {
        let standing = with_pool!(self, pool => {
            sqlx::query(
                "UPDATE games SET rematch = $1, rematch_by = $2 WHERE id = $3 AND rematch IS NULL",
            )
            .bind(&rematch.game)
            .bind(rematch.by as i64)
            .bind(id)
            .execute(pool)
            .await?;
            let row = sqlx::query("SELECT rematch, rematch_by FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(pool)
                .await?;
            let game: Option<String> = row.try_get("rematch")?;
            let by: Option<i64> = row.try_get("rematch_by")?;
            match (game, by) {
                (Some(game), Some(by)) => Rematch {
                    game,
                    by: by as usize,
                },
                _ => rematch.clone(),
            }
        });
        if let Pool::Postgres(shared) = &self.pool {
            // The other servers' watchers hear of it as this server's do.
            shared.notify_reload(id).await?;
        }
        Ok(standing)
    }

    /// Closes the database's connections, waiting for writes under way.
    pub async fn close(&self) {
        with_pool!(self, pool => pool.close().await);
    }

    /// The connections, for the parts of the server that keep tables of
    /// their own beside the games' (the mail queue, `mail/queue.rs`) and
    /// write them outside the games' writer.
    pub(crate) fn database(&self) -> Database<'_> {
        match &self.pool {
            Pool::Sqlite(pool) => Database::Sqlite(pool),
            Pool::Postgres(shared) => Database::Postgres(&shared.pool),
        }
    }
}

/// The store's connections, of one database or the other.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Database<'a> {
    Sqlite(&'a SqlitePool),
    Postgres(&'a sqlx::PgPool),
}

/// A game's row as [`Store::load`] reads it.
struct GameRow {
    created_ms: i64,
    hints: bool,
    clock: Option<String>,
    header: String,
    turn_started_ms: Option<i64>,
    length: i64,
    takebacks: i64,
    /// The finished game's result (JSON), which the header leaves out.
    result: Option<String>,
    listed: bool,
    host_seat: Option<i64>,
    abandon_after_ms: i64,
    rematch: Option<String>,
    rematch_by: Option<i64>,
    rated: bool,
}

/// A seat's row as [`Store::load`] reads it.
struct SeatRead {
    name: Option<String>,
    ai_level: Option<i64>,
    open: bool,
    token_hash: Option<Vec<u8>>,
    clock_ms: Option<i64>,
    timed_out: bool,
    away_since_ms: Option<i64>,
}

/// A game's row as [`Store::list`] reads it.
struct GameRead {
    id: String,
    status: String,
    players: i64,
    teams: bool,
    length: i64,
    created_ms: i64,
    /// Each seat's name and computer level.
    seats: Vec<(Option<String>, Option<i64>)>,
}

impl GameRead {
    /// The game as the list shows it.
    fn summary(&self) -> Result<GameSummary, StoreError> {
        let (names, ai) = self
            .seats
            .iter()
            .map(|(name, level)| {
                (
                    name.clone(),
                    level.and_then(|level| u8::try_from(level).ok()),
                )
            })
            .unzip();
        Ok(GameSummary {
            status: Status::from_word(&self.status).ok_or_else(|| StoreError::Damaged {
                id: self.id.clone(),
                reason: format!("status {:?}", self.status),
            })?,
            players: self.players as usize,
            teams: self.teams,
            length: self.length as usize,
            created_ms: self.created_ms,
            names,
            ai,
            id: self.id.clone(),
        })
    }
}

/// What the host of a game may read again: the host's seat and token hash
/// (`None` for a game without a host), and each invited seat not yet
/// claimed, with its name and sealed token.
pub struct HostedSeats {
    pub host: Option<(usize, Vec<u8>)>,
    pub invites: Vec<(usize, Option<String>, Vec<u8>)>,
}

/// Each seat's sealed invitation of a new table, `None` for the others.
fn sealed_invites(table: &Table) -> Vec<Option<Vec<u8>>> {
    let mut sealed = vec![None; table.seats.len()];
    for (seat, bytes) in &table.hosting.invites {
        if let Some(slot) = sealed.get_mut(*seat) {
            *slot = Some(bytes.clone());
        }
    }
    sealed
}

/// The table that the rows of game `id` describe, or why they describe
/// none.
fn table_of(
    id: &str,
    game: GameRow,
    moves: Vec<(i64, String)>,
    seats: Vec<SeatRead>,
) -> Result<Table, StoreError> {
    let damaged = |reason: String| StoreError::Damaged {
        id: id.to_owned(),
        reason,
    };
    let mut record =
        Record::from_json(&game.header).map_err(|error| damaged(format!("header: {error}")))?;
    if moves.len() as i64 != game.length {
        return Err(damaged(format!(
            "{} moves stored for a record of {}",
            moves.len(),
            game.length
        )));
    }
    for (index, (ply, token)) in moves.iter().enumerate() {
        if *ply != index as i64 {
            return Err(damaged(format!("move {index} is missing")));
        }
        let mv: Move = token
            .parse()
            .map_err(|error| damaged(format!("move {index} {token:?}: {error}")))?;
        record.moves.push(mv);
    }
    // A finished game read back keeps the result it was stored with; an
    // abandoned game's, which its replay does not reach, is set below.
    let stored_result: Option<Value> = match &game.result {
        Some(text) => {
            Some(serde_json::from_str(text).map_err(|error| damaged(format!("result: {error}")))?)
        }
        None => None,
    };
    let abandoned = stored_result
        .as_ref()
        .is_some_and(|result| result.get("abandoned").is_some());
    if !abandoned {
        record.result = stored_result;
    }
    let mut game_record =
        RecordedGame::from_record(record).map_err(|error| damaged(error.to_string()))?;
    // A finished game's result is the replay's; an abandoned game's is
    // only in its row.
    if !game_record.game().is_over()
        && let Some(text) = &game.result
    {
        let result: Value =
            serde_json::from_str(text).map_err(|error| damaged(format!("result: {error}")))?;
        if result.get("abandoned").is_some() {
            game_record.record_mut().result = Some(result);
        }
    }
    let away_since_ms = seats.iter().map(|seat| seat.away_since_ms).collect();
    let seats = seats
        .into_iter()
        .map(|seat| -> Result<SeatState, StoreError> {
            let player = match seat.ai_level {
                Some(level) => Player::Computer {
                    level: u8::try_from(level)
                        .ok()
                        .and_then(|level| Level::new(level).ok())
                        .ok_or_else(|| damaged(format!("no level {level}")))?,
                },
                None => Player::Person {
                    token_hash: seat.token_hash,
                },
            };
            Ok(SeatState {
                name: seat.name,
                open: seat.open,
                player,
                clock_ms: seat.clock_ms,
                timed_out: seat.timed_out,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if seats.len() != game_record.game().players() {
        return Err(damaged(format!("{} seats stored", seats.len())));
    }
    let clock = match game.clock {
        Some(text) => Some(
            serde_json::from_str::<StoredClock>(&text)
                .ok()
                .and_then(StoredClock::clock)
                .ok_or_else(|| damaged(format!("clock {text:?}")))?,
        ),
        None => None,
    };
    Ok(Table {
        id: id.to_owned(),
        created_ms: game.created_ms,
        hints: game.hints,
        clock,
        seats,
        game: game_record,
        turn_started_ms: game.turn_started_ms,
        takebacks: u32::try_from(game.takebacks)
            .map_err(|_| damaged(format!("{} take backs", game.takebacks)))?,
        hosting: Hosting {
            host: game.host_seat.and_then(|seat| usize::try_from(seat).ok()),
            listed: game.listed,
            abandon_after_ms: game.abandon_after_ms,
            invites: Vec::new(),
            rated: game.rated,
        },
        away_since_ms,
        rematch: match (game.rematch, game.rematch_by) {
            (Some(id), Some(by)) => Some(Rematch {
                game: id,
                by: usize::try_from(by).map_err(|_| damaged(format!("rematch by {by}")))?,
            }),
            _ => None,
        },
    })
}

/// A game's clock as the store keeps it (the JSON text of `games.clock`):
/// in whole seconds or days, the shape every stored game has. It is read
/// without the limits on what a new game may ask for, so that a game
/// created under other limits stays readable whatever they are now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StoredClock {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    initial_s: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    increment_s: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    days_per_move: Option<u64>,
}

impl StoredClock {
    /// `clock` as the store keeps it.
    pub(crate) fn of(clock: Clock) -> StoredClock {
        let whole = |ms: i64, unit: i64| u64::try_from(ms / unit).unwrap_or(0);
        match clock {
            Clock::RealTime {
                initial_ms,
                increment_ms,
            } => StoredClock {
                initial_s: Some(whole(initial_ms, 1000)),
                increment_s: Some(whole(increment_ms, 1000)),
                days_per_move: None,
            },
            Clock::Correspondence { per_turn_ms } => StoredClock {
                initial_s: None,
                increment_s: None,
                days_per_move: Some(whole(per_turn_ms, DAY_MS)),
            },
        }
    }

    /// The JSON text of `clock`, for the column.
    pub(crate) fn text(clock: Clock) -> String {
        // A struct of three optional numbers always serialises.
        serde_json::to_string(&StoredClock::of(clock)).unwrap_or_default()
    }

    /// The clock kept, if it is one.
    pub(crate) fn clock(self) -> Option<Clock> {
        let millis = |count: u64, unit: i64| i64::try_from(count).ok()?.checked_mul(unit);
        match (self.initial_s, self.increment_s, self.days_per_move) {
            (Some(initial), increment, None) => Some(Clock::RealTime {
                initial_ms: millis(initial, 1000)?,
                increment_ms: millis(increment.unwrap_or(0), 1000)?,
            }),
            (None, None, Some(days)) => Some(Clock::Correspondence {
                per_turn_ms: millis(days, DAY_MS)?,
            }),
            _ => None,
        }
    }
}

/// The record without its moves and result, which the store keeps apart.
fn header_json(record: &Record) -> String {
    let mut header = record.clone();
    header.moves.clear();
    header.result = None;
    header.to_json()
}

fn result_json(record: &Record) -> Option<String> {
    record.result.as_ref().map(Value::to_string)
}

/// Declares each named `async fn(Store, Store)` as two tests: on SQLite
/// (one store in memory, given twice: one server) and, if PostgreSQL is
/// configured for tests, on a scratch database opened twice, as two
/// servers on one database are.
#[cfg(test)]
macro_rules! on_every_store_pair {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store = crate::store::Store::open("sqlite::memory:").await.unwrap();
                    super::$name(store.clone(), store).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(database) = crate::scratch::create().await.unwrap() {
                        let one = crate::store::Store::open(&database.url).await.unwrap();
                        let two = crate::store::Store::open(&database.url).await.unwrap();
                        super::$name(one.clone(), two.clone()).await;
                        one.close().await;
                        two.close().await;
                    }
                }
            )*
        }
    };
}
#[cfg(test)]
pub(crate) use on_every_store_pair;

#[cfg(test)]
mod tests {
    use carolus_rules::Seat;

    use super::*;
    use crate::secret::{OsRandom, new_game_id};
    use crate::table::Mover;

    /// A stored two-player game of people, and its tokens.
    async fn stored_game(store: &Store) -> (Table, Vec<String>) {
        let (table, tokens) = crate::table::two_people(new_game_id(), None);
        store.insert(&table).await.unwrap();
        (table, tokens)
    }

    /// The change playing the `nth` legal move (from the end if `last`).
    fn change(table: &Table, tokens: &[String], last: bool) -> Change {
        let seat = table.position().to_act().map_or(0, Seat::index);
        let legal = table.position().legal_moves();
        let mv = if last {
            legal[legal.len() - 1]
        } else {
            legal[0]
        };
        let token = &tokens[seat];
        table
            .play(
                Mover::Token(token),
                &mv.to_string(),
                table.length(),
                1,
                &mut OsRandom,
            )
            .unwrap()
    }

    /// Runs `test` on a SQLite store in memory and, if PostgreSQL is
    /// configured for tests, on a scratch PostgreSQL database.
    macro_rules! on_every_store {
        ($($name:ident),* $(,)?) => {
            mod sqlite {
                $(
                    #[tokio::test]
                    async fn $name() {
                        let store = super::Store::open("sqlite::memory:").await.unwrap();
                        super::$name(store).await;
                    }
                )*
            }
            mod postgres {
                $(
                    #[tokio::test]
                    async fn $name() {
                        if let Some(database) = crate::scratch::create().await.unwrap() {
                            let store = super::Store::open(&database.url).await.unwrap();
                            super::$name(store.clone()).await;
                            store.close().await;
                        }
                    }
                )*
            }
        };
    }

    #[test]
    fn passwords_are_kept_out_of_urls_shown() {
        assert_eq!(
            without_password("postgres://carolus:s3cr@t@db.example/carolus?sslmode=require"),
            "postgres://carolus:***@db.example/carolus?sslmode=require"
        );
        assert_eq!(
            without_password("postgres://carolus@db/carolus?password=x&application_name=a"),
            "postgres://carolus@db/carolus?password=***&application_name=a"
        );
        for plain in [
            "carolus.db",
            "sqlite:games.db",
            "postgres://db.example/carolus",
        ] {
            assert_eq!(without_password(plain), plain);
        }
    }

    on_every_store!(
        of_two_changes_from_the_same_position_only_the_first_is_kept,
        a_stale_change_in_a_batch_refuses_only_itself,
        a_take_back_shortens_the_stored_record_and_refuses_changes_made_before_it,
        a_stored_clock_reads_back_whatever_new_games_may_ask_for_now,
        a_new_game_with_another_games_id_is_refused_as_such,
        a_clock_set_from_the_store_counts_from_the_databases_time,
        a_new_game_is_written_with_its_owners_or_not_at_all,
    );

    /// The seats accounts own from a game's start are written with the
    /// game: a game refused (its id taken) leaves no owner behind.
    async fn a_new_game_is_written_with_its_owners_or_not_at_all(store: Store) {
        let karl = accounts::tests::account(&store, "Karl", None).await;
        let (table, tokens) = crate::table::two_people(new_game_id(), None);
        let owner = OwnedSeat {
            seat: 1,
            account_id: karl,
            token: tokens[1].clone(),
        };
        store
            .insert_owned(&table, std::slice::from_ref(&owner))
            .await
            .unwrap();
        let owned = store.owned_games(karl, 10).await.unwrap();
        assert_eq!(owned.len(), 1);
        assert_eq!(
            (owned[0].id.as_str(), &owned[0].seats),
            (table.id.as_str(), &vec![1])
        );

        let (mut other, other_tokens) = crate::table::two_people(new_game_id(), None);
        other.id = table.id.clone();
        let refused = store
            .insert_owned(
                &other,
                &[OwnedSeat {
                    seat: 0,
                    account_id: karl,
                    token: other_tokens[0].clone(),
                }],
            )
            .await;
        assert!(
            matches!(refused, Err(StoreError::Duplicate { .. })),
            "{refused:?}"
        );
        let owned = store.owned_games(karl, 10).await.unwrap();
        assert_eq!(
            owned[0].seats,
            vec![1],
            "the refused game's owner was not written"
        );
    }

    async fn a_new_game_with_another_games_id_is_refused_as_such(store: Store) {
        let (table, _) = stored_game(&store).await;
        let (mut other, _) = crate::table::against_the_computer(None);
        other.id = table.id.clone();
        let refused = store.insert(&other).await;
        assert!(
            matches!(&refused, Err(StoreError::Duplicate { id }) if *id == table.id),
            "{refused:?}"
        );
        let stored = store.load(&table.id).await.unwrap().unwrap();
        assert_eq!(stored.seats, table.seats, "the first game is kept");
    }

    /// A clock past what a new game may ask for today stands for a game
    /// created when the limits were higher: it must read back as it was.
    async fn a_stored_clock_reads_back_whatever_new_games_may_ask_for_now(store: Store) {
        let days = crate::api::MAX_DAYS_PER_MOVE + 335;
        let initial_s = crate::api::MAX_INITIAL_S * 2;
        for clock in [
            Clock::Correspondence {
                per_turn_ms: days as i64 * DAY_MS,
            },
            Clock::RealTime {
                initial_ms: initial_s as i64 * 1000,
                increment_ms: (crate::api::MAX_INCREMENT_S as i64 + 1) * 1000,
            },
        ] {
            let (table, _) = crate::table::two_people(new_game_id(), Some(clock));
            store.insert(&table).await.unwrap();
            let stored = store.load(&table.id).await.unwrap().unwrap();
            assert_eq!(stored.clock, Some(clock));
        }
    }

    #[test]
    fn a_clock_is_kept_in_the_shape_every_stored_game_has() {
        let real_time = Clock::RealTime {
            initial_ms: 600_000,
            increment_ms: 2_000,
        };
        assert_eq!(
            StoredClock::text(real_time),
            r#"{"initial_s":600,"increment_s":2}"#
        );
        let days = Clock::Correspondence {
            per_turn_ms: 3 * DAY_MS,
        };
        assert_eq!(StoredClock::text(days), r#"{"days_per_move":3}"#);
        for clock in [real_time, days] {
            let text = StoredClock::text(clock);
            let read: StoredClock = serde_json::from_str(&text).unwrap();
            assert_eq!(read.clock(), Some(clock));
        }
        for damaged in [
            r#"{"initial_s":1,"days_per_move":1}"#,
            r#"{"increment_s":1}"#,
            r#"{}"#,
            r#"{"days_per_move":18446744073709551615}"#,
        ] {
            let read: StoredClock = serde_json::from_str(damaged).unwrap();
            assert_eq!(read.clock(), None, "{damaged}");
        }
    }

    async fn a_clock_set_from_the_store_counts_from_the_databases_time(store: Store) {
        // A clock a day behind the world: set from the database (on this
        // machine, whose clock is the world's), it reads the present.
        let system = crate::clock::Clock::system();
        let behind = crate::clock::Clock::following_tokio(system.now_ms() - 86_400_000);
        store.set_clock(&behind).await.unwrap();
        let database = store.database_ms().await.unwrap();
        assert!(
            (behind.now_ms() - database).abs() < 5_000,
            "{}",
            behind.now_ms() - database
        );
        assert!((behind.offset_ms() - 86_400_000).abs() < 5_000);
    }

    /// The change of `before`'s next decision, as the server makes it.
    fn decision(before: &Table, token: &str) -> Change {
        let next = crate::table::decide(before.clone(), token, 1);
        Change {
            from: before.length(),
            taken_back: 0,
            moves: next.record().moves[before.length()..].to_vec(),
            next,
        }
    }

    /// Commits `before`'s next decision; answers the table after it.
    async fn commit_decision(store: &Store, before: &Table, token: &str) -> Table {
        let change = decision(before, token);
        store.commit(before, &change, 1).await.unwrap();
        change.next
    }

    async fn a_take_back_shortens_the_stored_record_and_refuses_changes_made_before_it(
        store: Store,
    ) {
        let (table, token) = crate::table::against_the_computer(None);
        store.insert(&table).await.unwrap();
        let mut played = table;
        for _ in 0..20 {
            played = commit_decision(&store, &played, &token).await;
        }
        let take_back = played.take_back(&token, played.length(), 2).unwrap();
        let shortened = take_back.next.clone();
        store.commit(&played, &take_back, 2).await.unwrap();
        let stored = store.load(&played.id).await.unwrap().unwrap();
        assert_eq!(stored.record().moves, shortened.record().moves);
        assert_eq!(stored.takebacks, 1);

        // The same take back again, from the position before it: refused.
        let again = store.commit(&played, &take_back, 3).await;
        assert!(matches!(again, Err(CommitError::Conflict)), "{again:?}");

        // The record grows back past its old length; a change made from the
        // position before the take back, at a length the record now has
        // again, is refused all the same.
        let mut grown = shortened;
        while grown.length() < played.length() {
            grown = commit_decision(&store, &grown, &token).await;
        }
        let mut old = played.clone();
        old.game = grown.game.clone();
        old.takebacks = 0;
        let refused = store.commit(&old, &decision(&old, &token), 5).await;
        assert!(matches!(refused, Err(CommitError::Conflict)), "{refused:?}");
        let stored = store.load(&played.id).await.unwrap().unwrap();
        assert_eq!(stored.record().moves, grown.record().moves);
    }

    async fn of_two_changes_from_the_same_position_only_the_first_is_kept(store: Store) {
        let (table, tokens) = stored_game(&store).await;
        let first = change(&table, &tokens, false);
        let second = change(&table, &tokens, true);
        store.commit(&table, &first, 1).await.unwrap();
        let refused = store.commit(&table, &second, 2).await;
        assert!(matches!(refused, Err(CommitError::Conflict)), "{refused:?}");
        let stored = store.load(&table.id).await.unwrap().unwrap();
        assert_eq!(stored.record().moves, first.next.record().moves);
    }

    async fn a_stale_change_in_a_batch_refuses_only_itself(store: Store) {
        let mut games = Vec::new();
        for _ in 0..8 {
            games.push(stored_game(&store).await);
        }
        let changes: Vec<Change> = games
            .iter()
            .map(|(table, tokens)| change(table, tokens, false))
            .collect();
        let (first_table, first_tokens) = &games[0];
        let stale = change(first_table, first_tokens, true);
        // Sent together, the changes reach the writer as one batch.
        let mut commits: Vec<_> = games
            .iter()
            .zip(&changes)
            .map(|((table, _), change)| store.commit(table, change, 1))
            .collect();
        commits.push(store.commit(first_table, &stale, 1));
        let results = futures_util::future::join_all(commits).await;
        let conflicts = results
            .iter()
            .filter(|result| matches!(result, Err(CommitError::Conflict)))
            .count();
        assert_eq!(conflicts, 1, "{results:?}");
        assert!(results[..8].iter().all(Result::is_ok), "{results:?}");
        for ((table, _), change) in games.iter().zip(&changes) {
            let stored = store.load(&table.id).await.unwrap().unwrap();
            assert_eq!(stored.record().moves, change.next.record().moves);
        }

        // A batch of different games, one of which offers a change from a
        // position the store has moved past, and one whose seats change.
        let mut batch = Vec::new();
        for ((_, tokens), change) in games.iter().zip(&changes).skip(1) {
            let next = &change.next;
            batch.push((next.clone(), self::change(next, tokens, false)));
        }
        let (old, tokens) = &games[0];
        batch.push((old.clone(), self::change(old, tokens, false)));
        let commits = batch
            .iter()
            .map(|(before, change)| store.commit(before, change, 2));
        let results = futures_util::future::join_all(commits).await;
        assert!(
            matches!(results.last(), Some(Err(CommitError::Conflict))),
            "{results:?}"
        );
        assert!(
            results[..results.len() - 1].iter().all(Result::is_ok),
            "{results:?}"
        );
    }
}
