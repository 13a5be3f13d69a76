//! The store on SQLite, for one server: the database file and its options,
//! and the writer's statements, made so that a batch of changes costs few
//! trips to the database's thread.

use std::str::FromStr;
use std::time::Duration;

use carolus_rules::Move;
use serde_json::{Value, json};
use sqlx::error::BoxDynError;
use sqlx::sqlite::{
    SqliteArguments, SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Arguments, SqliteConnection, SqlitePool};

use super::{
    ChangeRows, CommitError, Job, Outcomes, StoreError, Work, Writer, header_json, result_json,
};
use super::{OwnedSeat, StoredClock};
use crate::table::{Player, Table};

/// Opens the database at `url` (a file path, or `sqlite:path`), creating
/// the file and its tables if they are missing, and starts the background
/// checkpoints of its log.
pub(super) async fn open(url: &str) -> Result<SqlitePool, StoreError> {
    let bad = |reason: String| StoreError::Url {
        url: url.to_owned(),
        reason,
    };
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    if path.is_empty() {
        return Err(bad("it names no file".to_owned()));
    }
    let options = if path == ":memory:" {
        SqliteConnectOptions::from_str("sqlite::memory:").map_err(|error| bad(error.to_string()))?
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
    if path != ":memory:" {
        tokio::spawn(checkpoint(pool.clone()));
    }
    Ok(pool)
}

impl Work {
    async fn write(&self, connection: &mut SqliteConnection) -> Result<(), CommitError> {
        match self {
            Work::Insert(new) => Ok(insert_game(connection, &new.0, &new.1).await?),
            Work::Change(rows) => rows.write(connection).await,
            Work::TakeBack(rows) => take_back(connection, rows).await,
        }
    }
}

impl ChangeRows {
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
             result = ?, header = COALESCE(?, header) WHERE id = ? AND length = ? \
             AND takebacks = ?; ",
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
        arguments.add(self.length_before())?;
        arguments.add(self.takebacks)?;
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
            other @ (Work::Insert(_) | Work::TakeBack(_)) => other.write(&mut tx).await?,
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

/// Every game of a batch in one statement, each guarded by the length and
/// take backs it had, from a JSON array of `[game, from, length, status,
/// updated_ms, turn_started_ms, result, header, takebacks]`.
const UPDATE_GAMES: &str = "WITH change AS (SELECT \
         json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS from_length, \
         json_extract(value, '$[2]') AS length, json_extract(value, '$[3]') AS status, \
         json_extract(value, '$[4]') AS updated_ms, json_extract(value, '$[5]') AS turn_started_ms, \
         json_extract(value, '$[6]') AS result, json_extract(value, '$[7]') AS header, \
         json_extract(value, '$[8]') AS takebacks \
         FROM json_each($1)) \
     UPDATE games SET updated_ms = change.updated_ms, status = change.status, \
         length = change.length, turn_started_ms = change.turn_started_ms, \
         result = change.result, header = COALESCE(change.header, games.header) \
     FROM change WHERE games.id = change.id AND games.length = change.from_length \
         AND games.takebacks = change.takebacks";

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
            change.length_before(),
            change.length,
            change.status,
            change.now_ms,
            change.turn_started_ms,
            change.result,
            change.header,
            change.takebacks
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

impl Writer for SqlitePool {
    /// One transaction: every change is written, or none.
    async fn write_batch(&mut self, batch: &[Job]) -> Result<Outcomes, CommitError> {
        write_batch(self, batch).await?;
        Ok(batch.iter().map(|_| Ok(())).collect())
    }

    async fn write_one(&mut self, work: &Work) -> Result<(), CommitError> {
        write_one(self, work).await
    }
}

/// Writes a take back: the game guarded by the length and take backs the
/// change was made from, and the moves taken back deleted.
async fn take_back(
    connection: &mut SqliteConnection,
    rows: &ChangeRows,
) -> Result<(), CommitError> {
    let updated = sqlx::query(
        "UPDATE games SET updated_ms = $1, status = $2, length = $3, turn_started_ms = $4, \
         result = NULL, takebacks = takebacks + 1 \
         WHERE id = $5 AND length = $6 AND takebacks = $7",
    )
    .bind(rows.now_ms)
    .bind(rows.status)
    .bind(rows.length)
    .bind(rows.turn_started_ms)
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
    Ok(())
}

/// Writes the rows of a new game.
async fn insert_game(
    tx: &mut SqliteConnection,
    table: &Table,
    owners: &[OwnedSeat],
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO games (id, created_ms, updated_ms, players, teams, hints, clock, header, \
         status, length, turn_started_ms, result, listed, host_seat, abandon_after_ms, rated) \
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
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
    .bind(table.hosting.listed)
    .bind(table.hosting.host.map(|seat| seat as i64))
    .bind(table.hosting.abandon_after_ms)
    .bind(table.hosting.rated)
    .execute(&mut *tx)
    .await?;
    let invites = super::sealed_invites(table);
    for (index, seat) in table.seats.iter().enumerate() {
        let (level, hash) = match &seat.player {
            Player::Computer { level } => (Some(i64::from(level.number())), None),
            Player::Person { token_hash } => (None, token_hash.clone()),
        };
        sqlx::query(
            "INSERT INTO seats (game_id, seat, name, ai_level, open, token_hash, clock_ms, \
             timed_out, away_since_ms, invite) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&table.id)
        .bind(index as i64)
        .bind(&seat.name)
        .bind(level)
        .bind(seat.open)
        .bind(hash)
        .bind(seat.clock_ms)
        .bind(seat.timed_out)
        .bind(table.away_since_ms.get(index).copied().flatten())
        .bind(invites[index].clone())
        .execute(&mut *tx)
        .await?;
    }
    super::insert_owners!(tx, &table.id, owners);
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
