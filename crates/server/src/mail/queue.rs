//! The outbox: mails waiting in the database until a worker sends them.
//!
//! A row is one mail to one address about one event; the unique key
//! (event, recipient) makes queueing the same event again a no-op,
//! whichever server does it. A worker claims due rows for a lease before
//! it sends them: on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so that two
//! servers claiming at once take different rows, and with the lease
//! counted in the database's time, which every server shares; on SQLite,
//! where one server is alone, in the server's clock (which is the
//! database's), so that tests under paused time move it. A row whose lease
//! lapsed (its server died while sending) is claimed again.

use std::time::Duration;

use carolus_l10n::Language;
use serde_json::Value;
use sqlx::Row;

use super::Recipient;
use super::token::{self, Key};
use crate::store::{DATABASE_MS, Database, Store, StoreError};

/// Runs `$body` with `$pool` bound to whichever database the store uses,
/// and `$now` to the SQL of the present time: the database's own on
/// PostgreSQL, the bound parameter `$now_param` on SQLite.
macro_rules! on_database {
    ($store:expr, $pool:ident, $now:ident, $now_param:literal => $body:expr) => {
        match $store.database() {
            Database::Sqlite($pool) => {
                let $now = $now_param;
                $body
            }
            Database::Postgres($pool) => {
                let $now = DATABASE_MS;
                $body
            }
        }
    };
}

/// What a mail is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Turn,
    Ended,
    Reset,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Turn => "turn",
            Kind::Ended => "ended",
            Kind::Reset => "reset",
        }
    }

    fn from_str(text: &str) -> Option<Kind> {
        match text {
            "turn" => Some(Kind::Turn),
            "ended" => Some(Kind::Ended),
            "reset" => Some(Kind::Reset),
            _ => None,
        }
    }
}

/// A mail to queue.
pub struct NewMail<'a> {
    pub event: String,
    pub recipient: &'a Recipient,
    pub kind: Kind,
    /// What the mail says, as JSON text.
    pub payload: String,
    /// When it is queued (milliseconds since 1970).
    pub created_ms: i64,
    /// Not sent before then (milliseconds since 1970), unless a turn's
    /// mail and the sending server's `--mail-delay` is shorter (see
    /// [`claim`]).
    pub due_ms: i64,
}

/// A mail a worker claimed.
#[derive(Clone, Debug)]
pub struct Claimed {
    pub id: i64,
    pub event: String,
    pub recipient: String,
    pub language: Language,
    pub kind: Kind,
    pub payload: Value,
    /// Attempts so far, this one included.
    pub attempts: i64,
}

/// How a mail's attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// No longer wanted when its time came.
    Skipped,
    /// Refused for good, or too many attempts.
    Failed,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Sent => "sent",
            Outcome::Skipped => "skipped",
            Outcome::Failed => "failed",
        }
    }
}

/// Queues `mail`, unless its event is queued for its address already.
/// Answers whether it was new.
pub async fn enqueue(store: &Store, mail: &NewMail<'_>) -> Result<bool, StoreError> {
    let sql = "INSERT INTO mail_outbox \
               (event, recipient, language, kind, payload, created_ms, due_ms) \
               VALUES ($1, $2, $3, $4, $5, $6, $7) \
               ON CONFLICT (event, recipient) DO NOTHING";
    let done = on_database!(store, pool, _now, "" => {
        sqlx::query(sql)
            .bind(&mail.event)
            .bind(&mail.recipient.address)
            .bind(mail.recipient.language.code())
            .bind(mail.kind.as_str())
            .bind(&mail.payload)
            .bind(mail.created_ms)
            .bind(mail.due_ms)
            .execute(pool)
            .await?
            .rows_affected()
    });
    Ok(done == 1)
}

/// Claims up to `limit` due mails nobody holds (or whose holder's lease
/// lapsed) for `worker` for `lease`, oldest due first, counting an
/// attempt on each; `now_ms` is the present on SQLite.
///
/// A turn's mail not yet tried is also due once `turn_delay` (the sending
/// server's `--mail-delay`) has passed since it was queued: the delay is
/// the sender's, so a server restarted with a shorter one sends the
/// mails queued under the longer one by then.
pub async fn claim(
    store: &Store,
    worker: &str,
    lease: Duration,
    limit: usize,
    turn_delay: Duration,
    now_ms: i64,
) -> Result<Vec<Claimed>, StoreError> {
    let rows = on_database!(store, pool, now, "$5" => {
        let lock = if now == DATABASE_MS { " FOR UPDATE SKIP LOCKED" } else { "" };
        let sql = format!(
            "UPDATE mail_outbox SET claimed_by = $1, lease_until_ms = {now} + $2, \
             attempts = attempts + 1 \
             WHERE id IN (SELECT id FROM mail_outbox WHERE outcome IS NULL \
             AND (due_ms <= {now} OR (kind = 'turn' AND attempts = 0 AND created_ms + $4 <= {now})) \
             AND (lease_until_ms IS NULL OR lease_until_ms < {now}) \
             ORDER BY due_ms, id LIMIT $3{lock}) \
             RETURNING id, event, recipient, language, kind, payload, attempts"
        );
        let query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(worker)
            .bind(lease.as_millis() as i64)
            .bind(limit as i64)
            .bind(turn_delay.as_millis() as i64);
        let query = if now == DATABASE_MS { query } else { query.bind(now_ms) };
        query
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok((
                    row.try_get::<i64, _>("id")?,
                    row.try_get::<String, _>("event")?,
                    row.try_get::<String, _>("recipient")?,
                    row.try_get::<String, _>("language")?,
                    row.try_get::<String, _>("kind")?,
                    row.try_get::<String, _>("payload")?,
                    row.try_get::<i64, _>("attempts")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?
    });
    let mut claimed: Vec<Claimed> = rows
        .into_iter()
        .map(
            |(id, event, recipient, language, kind, payload, attempts)| Claimed {
                id,
                event,
                recipient,
                // What this server wrote; anything else reads as English.
                language: language.parse().unwrap_or(Language::English),
                kind: Kind::from_str(&kind).unwrap_or(Kind::Turn),
                payload: serde_json::from_str(&payload).unwrap_or(Value::Null),
                attempts,
            },
        )
        .collect();
    // RETURNING gives no order: the oldest first, as they were chosen.
    claimed.sort_by_key(|mail| mail.id);
    Ok(claimed)
}

/// Records how the attempt on mail `id` ended, if `worker` still holds it;
/// a password reset's link is wiped, so that it is kept no longer than it
/// is needed. Answers whether the row was still the worker's.
pub async fn finish(
    store: &Store,
    worker: &str,
    id: i64,
    outcome: Outcome,
    error: Option<&str>,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let done = on_database!(store, pool, now, "$5" => {
        let sql = format!(
            "UPDATE mail_outbox SET outcome = $1, sent_ms = {now}, last_error = $2, \
             claimed_by = NULL, lease_until_ms = NULL, \
             payload = CASE WHEN kind = 'reset' THEN '{{}}' ELSE payload END \
             WHERE id = $3 AND claimed_by = $4 AND outcome IS NULL"
        );
        let query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(outcome.as_str())
            .bind(error)
            .bind(id)
            .bind(worker);
        let query = if now == DATABASE_MS { query } else { query.bind(now_ms) };
        query.execute(pool).await?.rows_affected()
    });
    Ok(done == 1)
}

/// Puts mail `id` back in the queue, due again `after` from now, with the
/// reason it failed this time.
pub async fn retry_later(
    store: &Store,
    worker: &str,
    id: i64,
    after: Duration,
    error: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    on_database!(store, pool, now, "$5" => {
        let sql = format!(
            "UPDATE mail_outbox SET due_ms = {now} + $1, last_error = $2, \
             claimed_by = NULL, lease_until_ms = NULL \
             WHERE id = $3 AND claimed_by = $4 AND outcome IS NULL"
        );
        let query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(after.as_millis() as i64)
            .bind(error)
            .bind(id)
            .bind(worker);
        let query = if now == DATABASE_MS { query } else { query.bind(now_ms) };
        query.execute(pool).await?;
    });
    Ok(())
}

/// Lets go of every claim on a store no other server shares: a server on
/// SQLite that starts is its only sender, so whatever it held when it
/// died is free at once.
pub async fn release_all(store: &Store) -> Result<(), StoreError> {
    if let Database::Sqlite(pool) = store.database() {
        sqlx::query(
            "UPDATE mail_outbox SET claimed_by = NULL, lease_until_ms = NULL \
             WHERE outcome IS NULL AND claimed_by IS NOT NULL",
        )
        .execute(pool)
        .await?;
    }
    Ok(())
}

/// Whether `address` asked for no more mails.
pub async fn opted_out(store: &Store, address: &str) -> Result<bool, StoreError> {
    let address = token::normal(address);
    let found = on_database!(store, pool, _now, "" => {
        sqlx::query("SELECT 1 FROM mail_optouts WHERE address = $1")
            .bind(&address)
            .fetch_optional(pool)
            .await?
            .is_some()
    });
    Ok(found)
}

/// Sends no more mails to `address` (none but password resets, which the
/// person asks for).
pub async fn opt_out(store: &Store, address: &str, now_ms: i64) -> Result<(), StoreError> {
    let address = token::normal(address);
    on_database!(store, pool, _now, "" => {
        sqlx::query(
            "INSERT INTO mail_optouts (address, created_ms) VALUES ($1, $2) \
             ON CONFLICT (address) DO NOTHING",
        )
        .bind(&address)
        .bind(now_ms)
        .execute(pool)
        .await?;
    });
    Ok(())
}

/// Sends mails to `address` again: the person turned mails on in their
/// settings after an unsubscribe link had stopped them.
pub async fn clear_opt_out(store: &Store, address: &str) -> Result<(), StoreError> {
    let address = token::normal(address);
    on_database!(store, pool, _now, "" => {
        sqlx::query("DELETE FROM mail_optouts WHERE address = $1")
            .bind(&address)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Whether game `game` still awaits the decision it awaited at `ply` moves
/// after `takebacks` take backs: nobody has moved since.
pub async fn still_awaited(
    store: &Store,
    game: &str,
    ply: i64,
    takebacks: i64,
) -> Result<bool, StoreError> {
    let row = on_database!(store, pool, _now, "" => {
        sqlx::query("SELECT length, takebacks, status FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(pool)
            .await?
            .map(|row| -> Result<(i64, i64, String), sqlx::Error> {
                Ok((row.try_get("length")?, row.try_get("takebacks")?, row.try_get("status")?))
            })
            .transpose()?
    });
    Ok(row.is_some_and(|(length, taken, status)| {
        length == ply && taken == takebacks && status == "running"
    }))
}

/// The key that signs unsubscribe links: the database's, made by the
/// first server that asks.
pub async fn key(store: &Store) -> Result<Key, StoreError> {
    let fresh = Key::random();
    let key: Vec<u8> = on_database!(store, pool, _now, "" => {
        sqlx::query("INSERT INTO mail_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING")
            .bind(fresh.0.to_vec())
            .execute(pool)
            .await?;
        sqlx::query_scalar("SELECT key FROM mail_key WHERE id = 1")
            .fetch_one(pool)
            .await?
    });
    let key: [u8; 32] = key.try_into().map_err(|key: Vec<u8>| StoreError::Damaged {
        id: "mail_key".to_owned(),
        reason: format!("the unsubscribe key has {} bytes, not 32", key.len()),
    })?;
    Ok(Key(key))
}

/// Mails in the outbox for `recipient`, oldest first: event, kind and
/// outcome, for tests.
#[cfg(test)]
pub async fn rows_of(
    store: &Store,
    recipient: &str,
) -> Result<Vec<(String, String, Option<String>)>, StoreError> {
    let rows = on_database!(store, pool, _now, "" => {
        sqlx::query(
            "SELECT event, kind, outcome FROM mail_outbox WHERE recipient = $1 ORDER BY id",
        )
        .bind(recipient)
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("event")?, row.try_get("kind")?, row.try_get("outcome")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?
    });
    Ok(rows)
}
