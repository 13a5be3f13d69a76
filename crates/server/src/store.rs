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
use serde_json::{Value, json};
use sqlx::error::BoxDynError;
use sqlx::sqlite::SqliteArguments;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Arguments, Row, SqliteConnection, SqlitePool};
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
    work: Work,
    answer: oneshot::Sender<Result<(), CommitError>>,
}

/// What the writer writes. New games go through the writer too, so that
/// only one connection ever writes and none waits on another's lock.
#[derive(Debug)]
enum Work {
    Insert(Box<Table>),
    Change(ChangeRows),
}

impl Work {
    async fn write(&self, connection: &mut SqliteConnection) -> Result<(), CommitError> {
        match self {
            Work::Insert(table) => Ok(insert_game(connection, table).await?),
            Work::Change(rows) => rows.write(connection).await,
        }
    }
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

    /// Appends the change's statements: its moves, the game with the
    /// length guard, and every changed seat.
    fn push_sql(&self, sql: &mut String) {
        if !self.moves.is_empty() {
            sql.push_str("INSERT INTO moves (game_id, ply, token, played_ms) VALUES ");
            for index in 0..self.moves.len() {
                sql.push_str(if index == 0 {
                    "(?, ?, ?, ?)"
                } else {
                    ", (?, ?, ?, ?)"
                });
            }
            sql.push_str("; ");
        }
        sql.push_str(
            "UPDATE games SET updated_ms = ?, status = ?, length = ?, turn_started_ms = ?, \
             result = ?, header = COALESCE(?, header) WHERE id = ? AND length = ?; ",
        );
        for _ in &self.seats {
            sql.push_str(
                "UPDATE seats SET name = ?, token_hash = ?, clock_ms = ?, timed_out = ? \
                 WHERE game_id = ? AND seat = ? AND (NOT ? OR token_hash IS NULL); ",
            );
        }
    }

    /// Appends the values of [`ChangeRows::push_sql`]'s statements.
    fn push_arguments(&self, arguments: &mut SqliteArguments) -> Result<(), BoxDynError> {
        for (offset, token) in self.moves.iter().enumerate() {
            arguments.add(self.id.clone())?;
            arguments.add(self.from + offset as i64)?;
            arguments.add(token.clone())?;
            arguments.add(self.now_ms)?;
        }
        arguments.add(self.now_ms)?;
        arguments.add(self.status)?;
        arguments.add(self.length)?;
        arguments.add(self.turn_started_ms)?;
        arguments.add(self.result.clone())?;
        arguments.add(self.header.clone())?;
        arguments.add(self.id.clone())?;
        arguments.add(self.from)?;
        for seat in &self.seats {
            arguments.add(seat.name.clone())?;
            arguments.add(seat.token_hash.clone())?;
            arguments.add(seat.clock_ms)?;
            arguments.add(seat.timed_out)?;
            arguments.add(self.id.clone())?;
            arguments.add(seat.seat)?;
            arguments.add(seat.claimed)?;
        }
        Ok(())
    }

    /// The rows the change must touch: every move, the game, and every
    /// changed seat. Fewer means the stored game was not the one the
    /// change was made from.
    fn rows(&self) -> u64 {
        (self.moves.len() + 1 + self.seats.len()) as u64
    }

    /// Writes the change's seats alone (the rest went with its batch).
    async fn write_seats(&self, connection: &mut SqliteConnection) -> Result<(), CommitError> {
        for seat in &self.seats {
            let done = sqlx::query(
                "UPDATE seats SET name = ?, token_hash = ?, clock_ms = ?, timed_out = ? \
                 WHERE game_id = ? AND seat = ? AND (NOT ? OR token_hash IS NULL)",
            )
            .bind(&seat.name)
            .bind(&seat.token_hash)
            .bind(seat.clock_ms)
            .bind(seat.timed_out)
            .bind(&self.id)
            .bind(seat.seat)
            .bind(seat.claimed)
            .execute(&mut *connection)
            .await?;
            if done.rows_affected() != 1 {
                return Err(CommitError::Conflict);
            }
        }
        Ok(())
    }

    /// Writes the change as one query, one trip to the database's thread.
    /// Its text depends only on how many moves and seats it holds, so the
    /// few texts there are stay prepared.
    async fn write(&self, connection: &mut SqliteConnection) -> Result<(), CommitError> {
        let mut sql = String::new();
        self.push_sql(&mut sql);
        let mut arguments = SqliteArguments::default();
        self.push_arguments(&mut arguments).map_err(|error| {
            CommitError::Store(StoreError::Database(sqlx::Error::Encode(error)))
        })?;
        // The text is made of constant fragments repeated by count; every
        // value is bound.
        let done = sqlx::query_with(sqlx::AssertSqlSafe(sql), arguments)
            .execute(&mut *connection)
            .await?;
        if done.rows_affected() == self.rows() {
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
            let result = write_one(&pool, &job.work).await;
            let _ = job.answer.send(result);
        }
    }
}

/// How often the log is copied into the database in the background.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// Copies the write-ahead log into the database now and then, without
/// waiting for readers or the writer (a passive checkpoint), until the
/// store is closed. The writer's own checkpoint, which SQLite makes after
/// a commit once the log has grown past its limit and which the commit
/// waits for, then finds little left to copy, so that the moves waiting
/// for that commit are not held up.
async fn checkpoint(pool: SqlitePool) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while !pool.is_closed() {
        every.tick().await;
        if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
            && !pool.is_closed()
        {
            tracing::warn!(%error, "a checkpoint of the database's log failed");
        }
    }
}

async fn write_batch(pool: &SqlitePool, batch: &[Job]) -> Result<(), CommitError> {
    let mut tx = pool.begin().await?;
    let mut changes = Vec::with_capacity(batch.len());
    for job in batch {
        match &job.work {
            Work::Change(rows) => changes.push(rows),
            insert @ Work::Insert(_) => insert.write(&mut tx).await?,
        }
    }
    write_set(&mut tx, &changes).await?;
    tx.commit().await?;
    Ok(())
}

/// Every move of a batch in one statement, as a JSON array of
/// `[game, ply, token, played_ms]` that SQLite takes apart itself.
const INSERT_MOVES: &str = "INSERT INTO moves (game_id, ply, token, played_ms) \
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), \
            json_extract(value, '$[2]'), json_extract(value, '$[3]') \
     FROM json_each($1)";

/// Every game of a batch in one statement, each guarded by the length it
/// had, from a JSON array of `[game, from, length, status, updated_ms,
/// turn_started_ms, result, header]`.
const UPDATE_GAMES: &str = "WITH change AS (SELECT \
         json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS from_length, \
         json_extract(value, '$[2]') AS length, json_extract(value, '$[3]') AS status, \
         json_extract(value, '$[4]') AS updated_ms, json_extract(value, '$[5]') AS turn_started_ms, \
         json_extract(value, '$[6]') AS result, json_extract(value, '$[7]') AS header \
         FROM json_each($1)) \
     UPDATE games SET updated_ms = change.updated_ms, status = change.status, \
         length = change.length, turn_started_ms = change.turn_started_ms, \
         result = change.result, header = COALESCE(change.header, games.header) \
     FROM change WHERE games.id = change.id AND games.length = change.from_length";

/// Writes the changes of many games with two statements whose texts never
/// change (so they stay prepared), however many games the batch holds:
/// the writer's time goes into the database, not into trips to its
/// thread. Seats change seldom (a claim, a clock) and are written one by
/// one. Fails with [`CommitError::Conflict`] unless every change touched
/// every row it must.
async fn write_set(
    connection: &mut SqliteConnection,
    changes: &[&ChangeRows],
) -> Result<(), CommitError> {
    if changes.is_empty() {
        return Ok(());
    }
    // One game twice in a batch cannot be guarded by one statement; the
    // caller then writes the changes one by one.
    let mut ids: Vec<&str> = changes.iter().map(|change| change.id.as_str()).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(CommitError::Conflict);
    }
    let mut moves = Vec::new();
    let mut games = Vec::with_capacity(changes.len());
    for change in changes {
        for (offset, token) in change.moves.iter().enumerate() {
            moves.push(json!([
                change.id,
                change.from + offset as i64,
                token,
                change.now_ms
            ]));
        }
        games.push(json!([
            change.id,
            change.from,
            change.length,
            change.status,
            change.now_ms,
            change.turn_started_ms,
            change.result,
            change.header
        ]));
    }
    let inserted = sqlx::query(INSERT_MOVES)
        .bind(Value::Array(moves).to_string())
        .execute(&mut *connection)
        .await?;
    let updated = sqlx::query(UPDATE_GAMES)
        .bind(Value::Array(games).to_string())
        .execute(&mut *connection)
        .await?;
    let expected_moves: usize = changes.iter().map(|change| change.moves.len()).sum();
    if inserted.rows_affected() != expected_moves as u64
        || updated.rows_affected() != changes.len() as u64
    {
        return Err(CommitError::Conflict);
    }
    for change in changes.iter().filter(|change| !change.seats.is_empty()) {
        change.write_seats(connection).await?;
    }
    Ok(())
}

async fn write_one(pool: &SqlitePool, work: &Work) -> Result<(), CommitError> {
    let mut tx = pool.begin().await?;
    work.write(&mut tx).await?;
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
        if path != ":memory:" {
            tokio::spawn(checkpoint(pool.clone()));
        }
        Ok(Store { pool, writer })
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Writes a new game.
    pub async fn insert(&self, table: &Table) -> Result<(), StoreError> {
        let result = self.write(Work::Insert(Box::new(table.clone()))).await;
        result.map_err(|error| match error {
            CommitError::Store(error) => error,
            CommitError::Conflict => StoreError::Closed,
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
        self.write(Work::Change(ChangeRows::new(before, change, now_ms)))
            .await
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

/// Writes the rows of a new game.
async fn insert_game(tx: &mut SqliteConnection, table: &Table) -> Result<(), sqlx::Error> {
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
    insert_moves(tx, &table.id, 0, &table.record().moves, table.created_ms).await
}

async fn insert_moves(
    tx: &mut SqliteConnection,
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
            .execute(&mut *tx)
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

    #[tokio::test]
    async fn of_two_changes_from_the_same_position_only_the_first_is_kept() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let (table, tokens) = stored_game(&store).await;
        let first = change(&table, &tokens, false);
        let second = change(&table, &tokens, true);
        store.commit(&table, &first, 1).await.unwrap();
        let refused = store.commit(&table, &second, 2).await;
        assert!(matches!(refused, Err(CommitError::Conflict)), "{refused:?}");
        let stored = store.load(&table.id).await.unwrap().unwrap();
        assert_eq!(stored.record().moves, first.next.record().moves);
    }

    #[tokio::test]
    async fn a_stale_change_in_a_batch_refuses_only_itself() {
        let store = Store::open("sqlite::memory:").await.unwrap();
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
