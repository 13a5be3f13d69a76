//! The store: games, seats and moves in a database, behind one interface.
//!
//! The embedded default is SQLite (a file, created and migrated at start);
//! the queries keep to what PostgreSQL speaks too, so that several servers
//! can later share one database. A change is written in one transaction,
//! and the primary key of `moves` (game, ply) together with the length
//! guard on `games` means that of two writers offering a move at the same
//! position, exactly one succeeds.

use std::str::FromStr;
use std::time::Duration;

use carolus_ai::Level;
use carolus_rules::{Move, Record, RecordedGame};
use serde_json::Value;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqliteConnection, SqlitePool};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

use crate::api::{GameSummary, Status};
use crate::table::{Change, Clock, Player, SeatState, Table};

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
    /// A stored game that no longer reads or replays: a bug or a damaged
    /// database, reported with the game's id.
    #[error("game {id}: the stored game is damaged: {reason}")]
    Damaged { id: String, reason: String },
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

/// The database behind the server. Cheap to clone: clones share the
/// connections and the writer.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    writer: mpsc::Sender<Job>,
}

/// A change waiting for the writer, and where its outcome goes.
#[derive(Debug)]
struct Job {
    rows: ChangeRows,
    answer: oneshot::Sender<Result<(), CommitError>>,
}

/// The most changes one transaction of the writer holds.
const BATCH: usize = 256;

/// A change as the rows it writes, computed on the game's task so that the
/// writer only writes.
#[derive(Debug)]
struct ChangeRows {
    id: String,
    from: i64,
    moves: Vec<String>,
    now_ms: i64,
    status: &'static str,
    length: i64,
    turn_started_ms: Option<i64>,
    result: Option<String>,
    /// The new header, when the names changed.
    header: Option<String>,
    seats: Vec<SeatRow>,
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
            })
            .collect();
        ChangeRows {
            id: next.id.clone(),
            from: change.from as i64,
            moves: change.moves.iter().map(Move::to_string).collect(),
            now_ms,
            status: next.status().as_str(),
            length: next.length() as i64,
            turn_started_ms: next.turn_started_ms,
            result: result_json(next.record()),
            header: (before.record().names != next.record().names)
                .then(|| header_json(next.record())),
            seats,
        }
    }

    /// The statements of the change as one query (one trip to the
    /// database's thread), and how many rows it must touch: every move, the
    /// game, and every changed seat. Fewer means the stored game was not
    /// `before` any more.
    async fn write(&self, connection: &mut SqliteConnection) -> Result<(), CommitError> {
        let mut sql = String::new();
        if !self.moves.is_empty() {
            sql.push_str("INSERT INTO moves (game_id, ply, token, played_ms) VALUES ");
            sql.push_str(&vec!["(?, ?, ?, ?)"; self.moves.len()].join(", "));
            sql.push_str("; ");
        }
        sql.push_str(
            "UPDATE games SET updated_ms = ?, status = ?, length = ?, turn_started_ms = ?, \
             result = ?, header = COALESCE(?, header) WHERE id = ? AND length = ?;",
        );
        for _ in &self.seats {
            sql.push_str(
                " UPDATE seats SET name = ?, token_hash = ?, clock_ms = ?, timed_out = ? \
                 WHERE game_id = ? AND seat = ? AND (NOT ? OR token_hash IS NULL);",
            );
        }
        // The text is made of constant fragments repeated by count; every
        // value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (offset, token) in self.moves.iter().enumerate() {
            query = query
                .bind(&self.id)
                .bind(self.from + offset as i64)
                .bind(token)
                .bind(self.now_ms);
        }
        query = query
            .bind(self.now_ms)
            .bind(self.status)
            .bind(self.length)
            .bind(self.turn_started_ms)
            .bind(&self.result)
            .bind(&self.header)
            .bind(&self.id)
            .bind(self.from);
        for seat in &self.seats {
            query = query
                .bind(&seat.name)
                .bind(&seat.token_hash)
                .bind(seat.clock_ms)
                .bind(seat.timed_out)
                .bind(&self.id)
                .bind(seat.seat)
                .bind(seat.claimed);
        }
        let done = query.execute(&mut *connection).await?;
        let expected = self.moves.len() + 1 + self.seats.len();
        if done.rows_affected() == expected as u64 {
            Ok(())
        } else {
            Err(CommitError::Conflict)
        }
    }
}

/// The store's one writer: takes the changes waiting, commits them in one
/// transaction, and answers each. If the batch fails, its changes are
/// committed one by one, so that one stale change refuses only itself.
async fn write_changes(pool: SqlitePool, mut jobs: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        if batch.len() > 1 && write_batch(&pool, &batch).await.is_ok() {
            for job in batch.drain(..) {
                let _ = job.answer.send(Ok(()));
            }
            continue;
        }
        for job in batch.drain(..) {
            let result = write_one(&pool, &job.rows).await;
            let _ = job.answer.send(result);
        }
    }
}

async fn write_batch(pool: &SqlitePool, batch: &[Job]) -> Result<(), CommitError> {
    let mut tx = pool.begin().await?;
    for job in batch {
        job.rows.write(&mut tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn write_one(pool: &SqlitePool, rows: &ChangeRows) -> Result<(), CommitError> {
    let mut tx = pool.begin().await?;
    rows.write(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}

impl Store {
    /// Opens the database at `url` (a file path, or `sqlite:path`),
    /// creating the file and its tables if they are missing.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let bad = |reason: String| StoreError::Url {
            url: url.to_owned(),
            reason,
        };
        if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            return Err(bad("this build stores games in SQLite only".to_owned()));
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        if path.is_empty() {
            return Err(bad("it names no file".to_owned()));
        }
        let options = if path == ":memory:" {
            SqliteConnectOptions::from_str("sqlite::memory:")
                .map_err(|error| bad(error.to_string()))?
        } else {
            SqliteConnectOptions::new().filename(path)
        }
        .create_if_missing(true)
        // Write-ahead logging lets readers go on while a move is written.
        // NORMAL synchronisation writes every commit to the operating
        // system before it returns, so a killed server loses nothing it
        // acknowledged; only a crash of the machine itself could lose the
        // last commits before a checkpoint.
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(5));
        // An in-memory database lives in one connection; a file can be read
        // by several at once.
        let connections = if path == ":memory:" { 1 } else { 4 };
        let pool = SqlitePoolOptions::new()
            .max_connections(connections)
            .connect_with(options)
            .await?;
        sqlx::migrate!("migrations/sqlite").run(&pool).await?;
        let (writer, jobs) = mpsc::channel(4 * BATCH);
        tokio::spawn(write_changes(pool.clone(), jobs));
        Ok(Store { pool, writer })
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Writes a new game.
    pub async fn insert(&self, table: &Table) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, created_ms, updated_ms, players, teams, hints, clock, header, \
             status, length, turn_started_ms, result) \
             VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&table.id)
        .bind(table.created_ms)
        .bind(table.position().players() as i64)
        .bind(table.position().variant().teams)
        .bind(table.hints)
        .bind(table.clock.map(|clock| clock.to_json().to_string()))
        .bind(header_json(table.record()))
        .bind(table.status().as_str())
        .bind(table.length() as i64)
        .bind(table.turn_started_ms)
        .bind(result_json(table.record()))
        .execute(&mut *tx)
        .await?;
        for (index, seat) in table.seats.iter().enumerate() {
            let (level, hash) = match &seat.player {
                Player::Computer { level } => (Some(i64::from(level.number())), None),
                Player::Person { token_hash } => (None, token_hash.clone()),
            };
            sqlx::query(
                "INSERT INTO seats (game_id, seat, name, ai_level, open, token_hash, clock_ms, \
                 timed_out) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&table.id)
            .bind(index as i64)
            .bind(&seat.name)
            .bind(level)
            .bind(seat.open)
            .bind(hash)
            .bind(seat.clock_ms)
            .bind(seat.timed_out)
            .execute(&mut *tx)
            .await?;
        }
        insert_moves(
            &mut tx,
            &table.id,
            0,
            &table.record().moves,
            table.created_ms,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Commits `change` to the game that stood as `before`: all of it, or
    /// nothing and [`CommitError::Conflict`] if the stored game is no longer
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
        let (answer, receiver) = oneshot::channel();
        self.writer
            .send(Job { rows, answer })
            .await
            .map_err(|_| CommitError::Store(StoreError::Closed))?;
        receiver
            .await
            .map_err(|_| CommitError::Store(StoreError::Closed))?
    }

    /// The game `id`, if it exists.
    pub async fn load(&self, id: &str) -> Result<Option<Table>, StoreError> {
        let Some(game) = sqlx::query(
            "SELECT created_ms, hints, clock, header, turn_started_ms FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let damaged = |reason: String| StoreError::Damaged {
            id: id.to_owned(),
            reason,
        };
        let header: String = game.try_get("header")?;
        let mut record =
            Record::from_json(&header).map_err(|error| damaged(format!("header: {error}")))?;
        let tokens = sqlx::query("SELECT ply, token FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        for (index, row) in tokens.iter().enumerate() {
            let ply: i64 = row.try_get("ply")?;
            let token: String = row.try_get("token")?;
            if ply != index as i64 {
                return Err(damaged(format!("move {index} is missing")));
            }
            let mv: Move = token
                .parse()
                .map_err(|error| damaged(format!("move {index} {token:?}: {error}")))?;
            record.moves.push(mv);
        }
        let game_record =
            RecordedGame::from_record(record).map_err(|error| damaged(error.to_string()))?;
        let seats = sqlx::query(
            "SELECT name, ai_level, open, token_hash, clock_ms, timed_out FROM seats \
             WHERE game_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| -> Result<SeatState, StoreError> {
            let level: Option<i64> = row.try_get("ai_level")?;
            let player = match level {
                Some(level) => Player::Computer {
                    level: u8::try_from(level)
                        .ok()
                        .and_then(|level| Level::new(level).ok())
                        .ok_or_else(|| damaged(format!("no level {level}")))?,
                },
                None => Player::Person {
                    token_hash: row.try_get("token_hash")?,
                },
            };
            Ok(SeatState {
                name: row.try_get("name")?,
                open: row.try_get("open")?,
                player,
                clock_ms: row.try_get("clock_ms")?,
                timed_out: row.try_get("timed_out")?,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
        if seats.len() != game_record.game().players() {
            return Err(damaged(format!("{} seats stored", seats.len())));
        }
        let clock: Option<String> = game.try_get("clock")?;
        let clock = match clock {
            Some(text) => Some(
                serde_json::from_str::<Value>(&text)
                    .ok()
                    .as_ref()
                    .and_then(Clock::from_json)
                    .ok_or_else(|| damaged(format!("clock {text:?}")))?,
            ),
            None => None,
        };
        Ok(Some(Table {
            id: id.to_owned(),
            created_ms: game.try_get("created_ms")?,
            hints: game.try_get("hints")?,
            clock,
            seats,
            game: game_record,
            turn_started_ms: game.try_get("turn_started_ms")?,
        }))
    }

    /// Up to `limit` games with `status` (any when `None`), newest first,
    /// starting after `after`; and the cursor of the next page.
    pub async fn list(
        &self,
        status: Option<Status>,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<(Vec<GameSummary>, Option<Cursor>), StoreError> {
        let rows = sqlx::query(
            "SELECT id, status, players, teams, length, created_ms FROM games \
             WHERE ($1 IS NULL OR status = $1) \
             AND ($2 IS NULL OR created_ms < $2 OR (created_ms = $2 AND id < $3)) \
             ORDER BY created_ms DESC, id DESC LIMIT $4",
        )
        .bind(status.map(Status::as_str))
        .bind(after.map(|cursor| cursor.created_ms))
        .bind(after.map(|cursor| cursor.id.as_str()))
        .bind(limit as i64 + 1)
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len().min(limit));
        for row in rows.iter().take(limit) {
            let id: String = row.try_get("id")?;
            let word: String = row.try_get("status")?;
            let seats =
                sqlx::query("SELECT name, ai_level FROM seats WHERE game_id = $1 ORDER BY seat")
                    .bind(&id)
                    .fetch_all(&self.pool)
                    .await?;
            let mut names = Vec::with_capacity(seats.len());
            let mut ai = Vec::with_capacity(seats.len());
            for seat in &seats {
                names.push(seat.try_get("name")?);
                let level: Option<i64> = seat.try_get("ai_level")?;
                ai.push(level.and_then(|level| u8::try_from(level).ok()));
            }
            games.push(GameSummary {
                status: Status::from_word(&word).ok_or_else(|| StoreError::Damaged {
                    id: id.clone(),
                    reason: format!("status {word:?}"),
                })?,
                players: row.try_get::<i64, _>("players")? as usize,
                teams: row.try_get("teams")?,
                length: row.try_get::<i64, _>("length")? as usize,
                created_ms: row.try_get("created_ms")?,
                names,
                ai,
                id,
            });
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
        let rows = sqlx::query("SELECT id FROM games WHERE status != 'over'")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| row.try_get("id").map_err(StoreError::from))
            .collect()
    }

    /// Closes the database's connections, waiting for writes under way.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

async fn insert_moves(
    tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    id: &str,
    from: usize,
    moves: &[Move],
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    for (offset, mv) in moves.iter().enumerate() {
        sqlx::query("INSERT INTO moves (game_id, ply, token, played_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind((from + offset) as i64)
            .bind(mv.to_string())
            .bind(now_ms)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
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
