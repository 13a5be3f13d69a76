//! The store on PostgreSQL, shared by several servers: the connections,
//! the writer's set statements over arrays, the notices each commit sends
//! to the other servers (`NOTIFY`, delivered only if the commit is), and
//! the claims on work due (a lease in the game's row).
//!
//! The writer keeps a connection of its own, and writes a batch of moves
//! with one statement that commits by itself: each round trip to the
//! database costs both sides CPU time, and a batch through the pool would
//! cost six (taking a connection, `BEGIN`, moves, games, notices, `COMMIT`,
//! and the pool's test of the connection put back).
//!
//! When the database goes away (a restart cuts every connection), the
//! connections resting in the pool are dead too, but nothing says so until
//! one is used. So the moment a loss is noticed is kept ([`Losses`]), and a
//! connection that has rested since before it is tried before it is handed
//! out: after a restart, each would otherwise fail one request — a move
//! refused, or a health check that a load balancer takes for a dead
//! server — long after the database is back.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use sqlx::{Connection, PgConnection, PgPool, Row};
use tracing::warn;

use super::{ChangeRows, CommitError, Job, Notice, Outcomes, StoreError, Work};
use super::{OwnedSeat, StoredClock};
use super::{due_ms, header_json, result_json};
use crate::table::{Player, Table};

/// The channel the servers' notices travel on.
const CHANNEL: &str = "carolus_games";

/// How long a claim on a game's work lasts unless it is renewed: the
/// longest another server waits before it takes over the work of a server
/// that died.
pub const CLAIM_LEASE: Duration = Duration::from_secs(5);

/// The database's time in milliseconds since 1970, in SQL: what claims and
/// due work are compared with, the same for every server.
macro_rules! database_ms {
    () => {
        "CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"
    };
}

/// The database's time in milliseconds since 1970, as an SQL expression,
/// for the other tables whose leases are counted in it (the mail queue).
pub(crate) const DATABASE_MS: &str = database_ms!();

/// Reads the database's time (see [`crate::clock`]).
pub(super) const DATABASE_MS_QUERY: &str = concat!("SELECT ", database_ms!());

/// PostgreSQL refuses notices longer than this many bytes; a longer one is
/// sent as a request to read the game back.
const MAX_NOTICE_BYTES: usize = 7900;

/// How many connections one server keeps at most: the writer's, the
/// listener's, and reads of games as they are started.
const CONNECTIONS: u32 = 16;

/// How long a request waits for a connection before it is refused, so that
/// while the database is away moves are refused promptly, not held.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// The pool and this server's name in the database.
#[derive(Clone, Debug)]
pub(super) struct Shared {
    pub(super) pool: PgPool,
    pub(super) server: Arc<str>,
    pub(super) losses: Arc<Losses>,
}

/// When a connection to the database was last seen to fail: the pool's
/// connections that have rested since then may be dead.
#[derive(Debug)]
pub(super) struct Losses {
    start: Instant,
    /// Nanoseconds from `start` to the last loss, plus one; 0 for none.
    last: AtomicU64,
}

impl Losses {
    fn new() -> Losses {
        Losses {
            start: Instant::now(),
            last: AtomicU64::new(0),
        }
    }

    /// A connection failed, or the database went away: every connection
    /// resting in the pool is suspect.
    pub(super) fn record(&self) {
        let now = self.start.elapsed().as_nanos() as u64;
        self.last
            .fetch_max(now.saturating_add(1), Ordering::Relaxed);
    }

    /// Whether a connection that has rested for `idle_for` has rested
    /// since before the last loss. (One used since then was tested when
    /// it was put back: the pool pings every connection it takes back.)
    fn suspect(&self, idle_for: Duration) -> bool {
        let last = self.last.load(Ordering::Relaxed);
        let rested_since = self.start.elapsed().saturating_sub(idle_for).as_nanos() as u64;
        last != 0 && rested_since < last
    }
}

/// Connects to the database at `url` and creates or migrates its tables.
/// Several servers starting at once migrate it once: the migrator holds a
/// lock in the database while it works.
pub(super) async fn open(url: &str) -> Result<Shared, StoreError> {
    let options: PgConnectOptions = url.parse().map_err(|error: sqlx::Error| StoreError::Url {
        url: super::without_password(url),
        reason: error.to_string(),
    })?;
    let losses = Arc::new(Losses::new());
    let suspects = Arc::clone(&losses);
    let pool = PgPoolOptions::new()
        .max_connections(CONNECTIONS)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        // Testing every connection before use would cost every query a
        // round trip; only those that rested through a loss are tested
        // (a failed test closes the connection, and the pool takes
        // another or opens a new one).
        .test_before_acquire(false)
        .before_acquire(move |connection, meta| {
            let suspect = suspects.suspect(meta.idle_for);
            Box::pin(async move { Ok(!suspect || connection.ping().await.is_ok()) })
        })
        .connect_with(options)
        .await?;
    sqlx::migrate!("migrations/postgres").run(&pool).await?;
    let server = format!("{}-{}", std::process::id(), crate::secret::new_game_id());
    Ok(Shared {
        pool,
        server: server.into(),
        losses,
    })
}

impl Shared {
    /// Claims game `id`'s work for [`CLAIM_LEASE`] unless another server
    /// holds an unexpired claim; renews this server's own claim. The lease
    /// is counted in the database's time, which every server shares.
    pub(super) async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(concat!(
            "UPDATE games SET worker = $1, worker_until_ms = ",
            database_ms!(),
            " + $2 WHERE id = $3 AND (worker IS NULL OR worker = $1 OR worker_until_ms < ",
            database_ms!(),
            ")"
        ))
        .bind(&*self.server)
        .bind(CLAIM_LEASE.as_millis() as i64)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Games whose work is due by the database's time and unclaimed, most
    /// overdue first.
    pub(super) async fn unclaimed_due(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(concat!(
            "SELECT id FROM games WHERE due_ms <= ",
            database_ms!(),
            " AND (worker IS NULL OR worker_until_ms < ",
            database_ms!(),
            ") ORDER BY due_ms LIMIT $1"
        ))
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts listening to the other servers' notices.
    pub(super) async fn notices(&self) -> Result<Notices, StoreError> {
        Ok(Notices {
            listener: listen(&self.pool).await?,
            pool: self.pool.clone(),
            losses: Arc::clone(&self.losses),
        })
    }
}

async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// The notices of every server's commits, as they arrive.
pub struct Notices {
    listener: PgListener,
    pool: PgPool,
    /// The listener's connection is the first to hear that the database
    /// went away (it is always waiting on it), so it says so here.
    losses: Arc<Losses>,
}

/// What [`Notices::next`] heard.
#[derive(Debug)]
pub enum Heard {
    Notice(Notice),
    /// The connection to the database was lost and is back: notices sent
    /// meanwhile are lost, so every game in play must be read again.
    Lost,
    /// The store was closed.
    Closed,
}

impl Notices {
    /// Waits for the next notice; reconnects by itself when the database
    /// goes away, for as long as it takes.
    pub async fn next(&mut self) -> Heard {
        loop {
            match self.listener.try_recv().await {
                Ok(Some(notification)) => match serde_json::from_str(notification.payload()) {
                    Ok(notice) => return Heard::Notice(notice),
                    Err(error) => {
                        warn!(%error, payload = notification.payload(), "an unreadable notice was ignored");
                    }
                },
                // The listener has reconnected at once.
                Ok(None) => {
                    self.losses.record();
                    return Heard::Lost;
                }
                Err(sqlx::Error::PoolClosed) => return Heard::Closed,
                Err(error) => {
                    self.losses.record();
                    warn!(%error, "the notices of other servers cannot be heard; reconnecting");
                    loop {
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        if self.pool.is_closed() {
                            return Heard::Closed;
                        }
                        match listen(&self.pool).await {
                            Ok(listener) => {
                                self.listener = listener;
                                return Heard::Lost;
                            }
                            Err(error) => warn!(%error, "still no connection for notices"),
                        }
                    }
                }
            }
        }
    }
}

/// The store's writer on PostgreSQL, with its own connection, opened when
/// it is first needed and again after a failure.
pub(super) struct Writer {
    shared: Shared,
    connection: Option<PgConnection>,
    /// When the connection was last used: one that rested through a loss
    /// of the database is tested before it is used.
    used: Instant,
}

impl Writer {
    pub(super) fn new(shared: Shared) -> Writer {
        Writer {
            shared,
            connection: None,
            used: Instant::now(),
        }
    }

    async fn connection(&mut self) -> Result<&mut PgConnection, CommitError> {
        let rested = self.used.elapsed();
        self.used = Instant::now();
        if let Some(connection) = &mut self.connection
            && self.shared.losses.suspect(rested)
            && connection.ping().await.is_err()
        {
            self.connection = None;
        }
        match &mut self.connection {
            Some(connection) => Ok(connection),
            unopened => {
                let mut connection = self.shared.pool.acquire().await?.detach();
                sqlx::raw_sql(WRITER_SETTINGS)
                    .execute(&mut connection)
                    .await?;
                Ok(unopened.insert(connection))
            }
        }
    }

    /// Passes `result` on; a failure of the database, rather than a stale
    /// change, closes the connection (it may be broken) and is noted as a
    /// possible loss of the database.
    fn noting_loss<T>(&mut self, result: Result<T, CommitError>) -> Result<T, CommitError> {
        if let Err(CommitError::Store(_)) = result {
            self.connection = None;
            self.shared.losses.record();
        }
        result
    }

    /// Writes `works` and answers each one's outcome, or fails having
    /// written nothing. Moves alone (no seat changes, no new games, no take
    /// backs) are written by one statement, each guarded on its own; the
    /// rest in a transaction that writes all or nothing.
    async fn try_write(&mut self, works: &[&Work]) -> Result<Outcomes, CommitError> {
        let server = Arc::clone(&self.shared.server);
        let connection = self.connection().await?;
        let plain: Option<Vec<&ChangeRows>> = works
            .iter()
            .map(|work| match work {
                Work::Change(rows) if rows.seats.is_empty() => Some(rows),
                _ => None,
            })
            .collect();
        if let Some(mut changes) = plain {
            let written = write_changes(connection, &mut changes, &server).await?;
            return Ok(works
                .iter()
                .map(|work| match work {
                    Work::Change(rows) if written.contains(&rows.id) => Ok(()),
                    _ => Err(CommitError::Conflict),
                })
                .collect());
        }
        let mut tx = connection.begin().await?;
        let mut changes = Vec::with_capacity(works.len());
        for work in works {
            match work {
                Work::Change(rows) => changes.push(rows),
                Work::Insert(new) => insert_game(&mut tx, &new.0, &new.1).await?,
                Work::TakeBack(rows) => take_back(&mut tx, rows, &server).await?,
            }
        }
        write_set(&mut tx, &mut changes, &server).await?;
        tx.commit().await?;
        Ok(works.iter().map(|_| Ok(())).collect())
    }
}

impl super::Writer for Writer {
    async fn write_batch(&mut self, batch: &[Job]) -> Result<Outcomes, CommitError> {
        let works: Vec<&Work> = batch.iter().map(|job| &job.work).collect();
        let result = self.try_write(&works).await;
        self.noting_loss(result)
    }

    async fn write_one(&mut self, work: &Work) -> Result<(), CommitError> {
        let result = self.try_write(&[work]).await;
        let outcome = result.and_then(|outcomes| outcomes.into_iter().next().unwrap_or(Ok(())));
        self.noting_loss(outcome)
    }
}

/// The writer's statements touch a few rows each, found by primary key.
/// PostgreSQL plans a prepared statement once for the connection's life,
/// from the statistics of the moment, and a server's first writes meet a
/// young table without any: the plan it then makes scans the whole table
/// of games for every batch, more so as dead row versions pile up between
/// vacuums. Looking rows up by index is the only plan fit for these
/// statements at any size of the tables, so the writer's connection allows
/// no other.
const WRITER_SETTINGS: &str =
    "SET enable_seqscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off";

/// Every move of a batch in one statement, from arrays of its columns.
const INSERT_MOVES: &str = "INSERT INTO moves (game_id, ply, token, played_ms) \
     SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::int8[])";

/// The changes of many games in one statement, each game guarded by the
/// length and take backs it had: the games updated, the moves of those
/// whose guard held inserted, and the other servers told of them; answers
/// the ids of the games changed. A commit also ends the claim on the
/// game's work, since the work claimed was this change or came before it.
/// (Its parts see one snapshot, so the moves are filtered by what the
/// update answers, not by reading the games again.)
const WRITE_CHANGES: &str = "WITH updated AS ( \
         UPDATE games SET updated_ms = c.updated_ms, status = c.status, \
             length = c.length, turn_started_ms = c.turn_started_ms, result = c.result, \
             header = COALESCE(c.header, games.header), due_ms = c.due_ms, \
             worker = NULL, worker_until_ms = NULL \
         FROM UNNEST($1::text[], $2::int8[], $3::int8[], $4::text[], $5::int8[], $6::int8[], \
                     $7::text[], $8::text[], $9::int8[], $10::int8[], $11::text[]) \
             AS c(id, from_length, length, status, updated_ms, turn_started_ms, result, header, \
                  due_ms, takebacks, notice) \
         WHERE games.id = c.id AND games.length = c.from_length \
             AND games.takebacks = c.takebacks \
         RETURNING games.id, c.notice \
     ), inserted AS ( \
         INSERT INTO moves (game_id, ply, token, played_ms) \
         SELECT m.* FROM UNNEST($12::text[], $13::int8[], $14::text[], $15::int8[]) \
             AS m(game_id, ply, token, played_ms) \
         WHERE m.game_id IN (SELECT id FROM updated) \
     ) \
     SELECT id, pg_notify($16, notice)::text FROM updated";

const UPDATE_SEAT: &str = "UPDATE seats SET name = $1, token_hash = $2, clock_ms = $3, \
     timed_out = $4 WHERE game_id = $5 AND seat = $6 AND (NOT $7 OR token_hash IS NULL)";

/// Writes the changes of many games with one statement whose text never
/// changes, and tells the other servers; answers the ids of the games
/// whose guard held (the others are left as they were). On a connection
/// outside a transaction, the statement commits by itself. Games are
/// written in the order of their ids, so that two servers' writes lock
/// rows in the same order and never wait on each other in a circle.
async fn write_changes(
    connection: &mut PgConnection,
    changes: &mut Vec<&ChangeRows>,
    server: &str,
) -> Result<HashSet<String>, CommitError> {
    if changes.is_empty() {
        return Ok(HashSet::new());
    }
    changes.sort_unstable_by(|a, b| a.id.cmp(&b.id));
    // One game twice at once cannot be guarded by one statement; the
    // caller then writes the changes one by one.
    if changes.windows(2).any(|pair| pair[0].id == pair[1].id) {
        return Err(CommitError::Conflict);
    }
    let mut move_games = Vec::new();
    let mut plies = Vec::new();
    let mut tokens = Vec::new();
    let mut played = Vec::new();
    for change in changes.iter() {
        for (offset, token) in change.moves.iter().enumerate() {
            move_games.push(change.id.as_str());
            plies.push(change.from + offset as i64);
            tokens.push(token.as_str());
            played.push(change.now_ms);
        }
    }
    let column = |f: fn(&ChangeRows) -> i64| changes.iter().map(|c| f(c)).collect::<Vec<_>>();
    let rows = sqlx::query(WRITE_CHANGES)
        .bind(changes.iter().map(|c| c.id.as_str()).collect::<Vec<_>>())
        .bind(column(ChangeRows::length_before))
        .bind(column(|c| c.length))
        .bind(changes.iter().map(|c| c.status).collect::<Vec<_>>())
        .bind(column(|c| c.now_ms))
        .bind(
            changes
                .iter()
                .map(|c| c.turn_started_ms)
                .collect::<Vec<_>>(),
        )
        .bind(
            changes
                .iter()
                .map(|c| c.result.as_deref())
                .collect::<Vec<_>>(),
        )
        .bind(
            changes
                .iter()
                .map(|c| c.header.as_deref())
                .collect::<Vec<_>>(),
        )
        .bind(changes.iter().map(|c| c.due_ms).collect::<Vec<_>>())
        .bind(column(|c| c.takebacks))
        .bind(
            changes
                .iter()
                .map(|change| payload(&change.notice(server)))
                .collect::<Vec<_>>(),
        )
        .bind(move_games)
        .bind(plies)
        .bind(tokens)
        .bind(played)
        .bind(CHANNEL)
        .fetch_all(&mut *connection)
        .await?;
    rows.iter()
        .map(|row| row.try_get::<String, _>(0))
        .collect::<Result<_, _>>()
        .map_err(CommitError::from)
}

/// Writes the changes of many games inside a transaction, with the seats
/// they change: every change is written, or [`CommitError::Conflict`] says
/// that one was stale (and the transaction must be rolled back).
async fn write_set(
    connection: &mut PgConnection,
    changes: &mut Vec<&ChangeRows>,
    server: &str,
) -> Result<(), CommitError> {
    let written = write_changes(connection, changes, server).await?;
    if written.len() != changes.len() {
        return Err(CommitError::Conflict);
    }
    for change in changes.iter() {
        for seat in &change.seats {
            let done = sqlx::query(UPDATE_SEAT)
                .bind(&seat.name)
                .bind(&seat.token_hash)
                .bind(seat.clock_ms)
                .bind(seat.timed_out)
                .bind(&change.id)
                .bind(seat.seat)
                .bind(seat.claimed)
                .execute(&mut *connection)
                .await?;
            if done.rows_affected() != 1 {
                return Err(CommitError::Conflict);
            }
        }
    }
    Ok(())
}

/// Writes a take back: the game guarded by the length and take backs the
/// change was made from, the moves taken back deleted, any claim on the
/// game's work ended (a computer's search of the position taken back is
/// of no use), and the other servers told to read the game back.
async fn take_back(
    connection: &mut PgConnection,
    rows: &ChangeRows,
    server: &str,
) -> Result<(), CommitError> {
    let updated = sqlx::query(
        "UPDATE games SET updated_ms = $1, status = $2, length = $3, turn_started_ms = $4, \
         result = NULL, takebacks = takebacks + 1, due_ms = $5, worker = NULL, \
         worker_until_ms = NULL WHERE id = $6 AND length = $7 AND takebacks = $8",
    )
    .bind(rows.now_ms)
    .bind(rows.status)
    .bind(rows.length)
    .bind(rows.turn_started_ms)
    .bind(rows.due_ms)
    .bind(&rows.id)
    .bind(rows.length_before())
    .bind(rows.takebacks)
    .execute(&mut *connection)
    .await?;
    if updated.rows_affected() != 1 {
        return Err(CommitError::Conflict);
    }
    let deleted = sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
        .bind(&rows.id)
        .bind(rows.from)
        .execute(&mut *connection)
        .await?;
    if deleted.rows_affected() != rows.taken_back as u64 {
        return Err(CommitError::Conflict);
    }
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload(&rows.notice(server)))
        .execute(&mut *connection)
        .await?;
    Ok(())
}

impl Shared {
    /// Tells the other servers to read game `id` back: a change made
    /// outside the writer (a rematch offered), which no notice of moves
    /// carries.
    pub(super) async fn notify_reload(&self, id: &str) -> Result<(), sqlx::Error> {
        let notice = Notice {
            server: self.server.to_string(),
            game: id.to_owned(),
            from: 0,
            moves: Vec::new(),
            turn_started_ms: None,
            clocks: Vec::new(),
            reload: true,
            takebacks: 0,
        };
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload(&notice))
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// A notice as the text of a `NOTIFY`: its JSON, or, if that is too long
/// for PostgreSQL, a notice that asks for the game to be read back.
fn payload(notice: &Notice) -> String {
    let text = serde_json::to_string(notice).unwrap_or_default();
    if text.len() <= MAX_NOTICE_BYTES {
        return text;
    }
    let short = Notice {
        moves: Vec::new(),
        clocks: Vec::new(),
        reload: true,
        ..notice.clone()
    };
    serde_json::to_string(&short).unwrap_or_default()
}

/// Writes the rows of a new game: three statements, whatever its seats
/// and moves.
async fn insert_game(
    tx: &mut PgConnection,
    table: &Table,
    owners: &[OwnedSeat],
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO games (id, created_ms, updated_ms, players, teams, hints, clock, header, \
         status, length, turn_started_ms, result, due_ms, listed, host_seat, abandon_after_ms, rated) \
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(&table.id)
    .bind(table.created_ms)
    .bind(table.position().players() as i64)
    .bind(table.position().variant().teams)
    .bind(table.hints)
    .bind(table.clock.map(StoredClock::text))
    .bind(header_json(table.record()))
    .bind(table.status().as_str())
    .bind(table.length() as i64)
    .bind(table.turn_started_ms)
    .bind(result_json(table.record()))
    .bind(due_ms(table, table.created_ms))
    .bind(table.hosting.listed)
    .bind(table.hosting.host.map(|seat| seat as i64))
    .bind(table.hosting.abandon_after_ms)
    .bind(table.hosting.rated)
    .execute(&mut *tx)
    .await?;
    let mut levels = Vec::new();
    let mut hashes = Vec::new();
    for seat in &table.seats {
        let (level, hash) = match &seat.player {
            Player::Computer { level } => (Some(i64::from(level.number())), None),
            Player::Person { token_hash } => (None, token_hash.clone()),
        };
        levels.push(level);
        hashes.push(hash);
    }
    sqlx::query(
        "INSERT INTO seats (game_id, seat, name, ai_level, open, token_hash, clock_ms, timed_out, \
         away_since_ms, invite) \
         SELECT $1, * FROM UNNEST($2::int8[], $3::text[], $4::int8[], $5::bool[], $6::bytea[], \
                                  $7::int8[], $8::bool[], $9::int8[], $10::bytea[])",
    )
    .bind(&table.id)
    .bind((0..table.seats.len() as i64).collect::<Vec<_>>())
    .bind(
        table
            .seats
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>(),
    )
    .bind(levels)
    .bind(table.seats.iter().map(|s| s.open).collect::<Vec<_>>())
    .bind(hashes)
    .bind(table.seats.iter().map(|s| s.clock_ms).collect::<Vec<_>>())
    .bind(table.seats.iter().map(|s| s.timed_out).collect::<Vec<_>>())
    .bind(table.away_since_ms.clone())
    .bind(super::sealed_invites(table))
    .execute(&mut *tx)
    .await?;
    let moves = &table.record().moves;
    if !moves.is_empty() {
        sqlx::query(INSERT_MOVES)
            .bind(vec![table.id.as_str(); moves.len()])
            .bind((0..moves.len() as i64).collect::<Vec<_>>())
            .bind(moves.iter().map(ToString::to_string).collect::<Vec<_>>())
            .bind(vec![table.created_ms; moves.len()])
            .execute(&mut *tx)
            .await?;
    }
    super::insert_owners!(tx, &table.id, owners);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan PostgreSQL keeps for the writer's statement on a new
    /// database, on a connection with `settings`; `None` without a
    /// PostgreSQL server for tests.
    async fn kept_plan(settings: &'static str) -> Option<String> {
        let database = crate::scratch::create().await.unwrap()?;
        let shared = open(&database.url).await.unwrap();
        let mut connection = shared.pool.acquire().await.unwrap().detach();
        sqlx::raw_sql(settings)
            .execute(&mut connection)
            .await
            .unwrap();
        // A prepared statement keeps its generic plan once it has been
        // run a few times; this asks for that plan at once.
        sqlx::raw_sql("SET plan_cache_mode = force_generic_plan")
            .execute(&mut connection)
            .await
            .unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "PREPARE write_changes AS {WRITE_CHANGES}"
        )))
        .execute(&mut connection)
        .await
        .unwrap();
        let nulls = vec!["NULL"; 16].join(", ");
        let plan: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "EXPLAIN EXECUTE write_changes({nulls})"
        )))
        .fetch_all(&mut connection)
        .await
        .unwrap();
        connection.close().await.unwrap();
        shared.pool.close().await;
        Some(plan.join("\n"))
    }

    #[tokio::test]
    async fn the_writer_finds_games_by_their_key_even_in_a_new_database() {
        let Some(plan) = kept_plan(WRITER_SETTINGS).await else {
            return;
        };
        assert!(
            plan.contains("Index Scan using games_pkey on games"),
            "{plan}"
        );
        assert!(!plan.contains("Seq Scan on games"), "{plan}");
    }
}
