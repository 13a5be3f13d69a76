//! The store's accounts: accounts, their sessions, the seats they own and
//! password-reset tokens (migration `0004_accounts.sql`).
//!
//! The queries keep to what SQLite and PostgreSQL both speak, so each is
//! written once and run on whichever pool the store has (`with_pool!`).
//! Nothing here decides anything: the rules (names, passwords, expiry) are
//! `carolus_accounts`'s, applied by the server's `accounts.rs`.

use std::collections::BTreeMap;

use carolus_rules::{MAX_SEATS, Record};
use sqlx::Row;

use super::{Pool, Store, StoreError};
use crate::api::Status;

/// The name a finished game's seat takes when its owner deletes their
/// account: the record stays whole and replayable, without the person.
pub const DELETED_PLAYER: &str = "deleted player";

/// An account as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    pub id: i64,
    /// The name as it was typed.
    pub name: String,
    /// The name's look-alike key, unique among accounts.
    pub name_key: String,
    /// The Argon2id PHC string.
    pub password_hash: String,
    pub email: Option<String>,
    pub mail_on: bool,
    pub language: String,
    pub created_ms: i64,
}

/// A new account's row.
#[derive(Clone, Debug)]
pub struct NewAccount<'a> {
    pub name: &'a str,
    pub name_key: &'a str,
    pub password_hash: &'a str,
    pub email: Option<&'a str>,
    pub language: &'a str,
    pub created_ms: i64,
}

/// What a mail about a seat needs of its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatOwner {
    pub account_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub mail_on: bool,
    pub language: String,
}

/// A game with a seat of an account's, as its lists show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedGame {
    pub id: String,
    pub status: Status,
    pub players: usize,
    pub teams: bool,
    pub length: usize,
    pub created_ms: i64,
    pub updated_ms: i64,
    /// The account's seats in the game, in order.
    pub seats: Vec<usize>,
}

/// The rows of [`Store::owned_games`]: an owned seat and its game.
macro_rules! owned_columns {
    () => {
        "SELECT g.id, g.status, g.players, g.teams, g.length, g.created_ms, g.updated_ms, \
         o.seat FROM seat_owners o JOIN games g ON g.id = o.game_id"
    };
}

/// One owned seat's row of [`Store::owned_games`].
#[derive(sqlx::FromRow)]
struct OwnedRow {
    id: String,
    status: String,
    players: i64,
    teams: bool,
    length: i64,
    created_ms: i64,
    updated_ms: i64,
    seat: i64,
}

/// Owned seats' rows, each game's together, as at most `limit` games
/// (their seats in order).
fn group_owned(rows: Vec<OwnedRow>, limit: usize) -> Result<Vec<OwnedGame>, StoreError> {
    let mut games: Vec<OwnedGame> = Vec::new();
    for row in rows {
        let seat = row.seat as usize;
        if let Some(last) = games.last_mut()
            && last.id == row.id
        {
            last.seats.push(seat);
            last.seats.sort_unstable();
            continue;
        }
        if games.len() == limit {
            break;
        }
        games.push(OwnedGame {
            status: Status::from_word(&row.status).ok_or_else(|| StoreError::Damaged {
                id: row.id.clone(),
                reason: format!("status {:?}", row.status),
            })?,
            id: row.id,
            players: row.players as usize,
            teams: row.teams,
            length: row.length as usize,
            created_ms: row.created_ms,
            updated_ms: row.updated_ms,
            seats: vec![seat],
        });
    }
    Ok(games)
}

/// A change of an account's settings; `None` leaves a field as it is.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// `Some(None)` removes the address.
    pub email: Option<Option<String>>,
    pub mail_on: Option<bool>,
    pub language: Option<String>,
}

/// The columns [`account_of`] reads, for `concat!` (sqlx takes only
/// literal statements).
macro_rules! account_columns {
    () => {
        "id, name, name_key, password_hash, email, mail_on, language, created_ms"
    };
}

/// The [`AccountRow`] of a row that has the columns of `account_columns!`, on either
/// database (a macro, as the rows' types differ).
macro_rules! account_of {
    ($row:expr) => {
        AccountRow {
            id: $row.try_get("id")?,
            name: $row.try_get("name")?,
            name_key: $row.try_get("name_key")?,
            password_hash: $row.try_get("password_hash")?,
            email: $row.try_get("email")?,
            mail_on: $row.try_get("mail_on")?,
            language: $row.try_get("language")?,
            created_ms: $row.try_get("created_ms")?,
        }
    };
}

/// Whether `error` is a unique key's violation (a name taken meanwhile).
fn is_unique_violation(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|database| database.is_unique_violation())
}

impl Store {
    /// Stores a new account: its id, or `None` when an account with the
    /// same name key exists (taken, perhaps a moment ago by another
    /// server).
    pub async fn create_account(&self, new: &NewAccount<'_>) -> Result<Option<i64>, StoreError> {
        let inserted = with_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "INSERT INTO accounts (name, name_key, password_hash, email, language, created_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            )
            .bind(new.name)
            .bind(new.name_key)
            .bind(new.password_hash)
            .bind(new.email)
            .bind(new.language)
            .bind(new.created_ms)
            .fetch_one(pool)
            .await
        });
        match inserted {
            Ok(id) => Ok(Some(id)),
            Err(error) if is_unique_violation(&error) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// The account whose name key is `name_key`.
    pub async fn account_by_key(&self, name_key: &str) -> Result<Option<AccountRow>, StoreError> {
        let sql = concat!(
            "SELECT ",
            account_columns!(),
            " FROM accounts WHERE name_key = $1"
        );
        Ok(with_pool!(self, pool => {
            match sqlx::query(sql).bind(name_key).fetch_optional(pool).await? {
                Some(row) => Some(account_of!(row)),
                None => None,
            }
        }))
    }

    /// The accounts whose e-mail address is `email`, ignoring case (an
    /// address may be given to several accounts), at most 10: for
    /// password resets asked for by address.
    pub async fn accounts_by_email(&self, email: &str) -> Result<Vec<AccountRow>, StoreError> {
        let sql = concat!(
            "SELECT ",
            account_columns!(),
            " FROM accounts WHERE lower(email) = lower($1) ORDER BY id LIMIT 10"
        );
        Ok(with_pool!(self, pool => {
            let mut accounts = Vec::new();
            for row in sqlx::query(sql).bind(email).fetch_all(pool).await? {
                accounts.push(account_of!(row));
            }
            accounts
        }))
    }

    /// The account `id`.
    pub async fn account(&self, id: i64) -> Result<Option<AccountRow>, StoreError> {
        let sql = concat!(
            "SELECT ",
            account_columns!(),
            " FROM accounts WHERE id = $1"
        );
        Ok(with_pool!(self, pool => {
            match sqlx::query(sql).bind(id).fetch_optional(pool).await? {
                Some(row) => Some(account_of!(row)),
                None => None,
            }
        }))
    }

    /// Replaces the account's password hash.
    pub async fn set_password_hash(&self, id: i64, hash: &str) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
                .bind(hash)
                .bind(id)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Changes the account's settings (the fields given).
    pub async fn update_settings(&self, id: i64, settings: &Settings) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "UPDATE accounts SET \
                 email = CASE WHEN $1 THEN $2 ELSE email END, \
                 mail_on = COALESCE($3, mail_on), \
                 language = COALESCE($4, language) \
                 WHERE id = $5",
            )
            .bind(settings.email.is_some())
            .bind(settings.email.clone().flatten())
            .bind(settings.mail_on)
            .bind(settings.language.clone())
            .bind(id)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Deletes the account `id` with its sessions, seats' ownership and
    /// reset tokens, in one transaction; in every finished game where it
    /// owned a seat, the seat's name (in the seat's row and the record's
    /// header) becomes "deleted player" (`DELETED_PLAYER`). Answers those
    /// games' ids, so that the server can drop its copies of them.
    ///
    /// Games still in play keep their seats' names: their tasks own their
    /// rows until they end (a rename here would race their next commit).
    pub async fn delete_account(&self, id: i64) -> Result<Vec<String>, StoreError> {
        let renamed = with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let owned = sqlx::query(
                "SELECT o.game_id, o.seat, g.header FROM seat_owners o \
                 JOIN games g ON g.id = o.game_id \
                 WHERE o.account_id = $1 AND g.status = 'over' ORDER BY o.game_id, o.seat",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| Ok((row.try_get("game_id")?, row.try_get("seat")?, row.try_get("header")?)))
            .collect::<Result<Vec<(String, i64, String)>, sqlx::Error>>()?;
            // Each game's header once, with all of the account's seats in it
            // renamed.
            let mut headers: BTreeMap<String, Record> = BTreeMap::new();
            for (game, seat, text) in owned {
                if !headers.contains_key(&game) {
                    let record = Record::from_json(&text).map_err(|error| StoreError::Damaged {
                        id: game.clone(),
                        reason: format!("header: {error}"),
                    })?;
                    headers.insert(game.clone(), record);
                }
                if let Some(record) = headers.get_mut(&game)
                    && let Some(names) = record.names.as_mut()
                    && let Some(name) = usize::try_from(seat).ok().and_then(|s| names.get_mut(s))
                {
                    *name = DELETED_PLAYER.to_owned();
                }
                sqlx::query("UPDATE seats SET name = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(DELETED_PLAYER)
                    .bind(&game)
                    .bind(seat)
                    .execute(&mut *tx)
                    .await?;
            }
            for (game, record) in &headers {
                sqlx::query("UPDATE games SET header = $1 WHERE id = $2")
                    .bind(super::header_json(record))
                    .bind(game)
                    .execute(&mut *tx)
                    .await?;
            }
            for sql in [
                // The addresses it signed in from are personal data too.
                "DELETE FROM login_trust WHERE name_key = \
                 (SELECT name_key FROM accounts WHERE id = $1)",
                "DELETE FROM login_failures WHERE key = \
                 (SELECT 'n:' || name_key FROM accounts WHERE id = $1) \
                 OR key LIKE (SELECT 'p:' || name_key || ' %' FROM accounts WHERE id = $1)",
                "DELETE FROM sessions WHERE account_id = $1",
                "DELETE FROM seat_owners WHERE account_id = $1",
                "DELETE FROM password_resets WHERE account_id = $1",
                // Ratings go with the account (issue 67); the games stay.
                "DELETE FROM ratings WHERE account_id = $1",
                "DELETE FROM rating_history WHERE account_id = $1",
            ] {
                sqlx::query(sql).bind(id).execute(&mut *tx).await?;
            }
            sqlx::query("DELETE FROM accounts WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            headers.into_keys().collect::<Vec<_>>()
        });
        Ok(renamed)
    }

    /// Stores a session: the hash of its id, its account, when it began
    /// and when it ends unless renewed.
    pub async fn insert_session(
        &self,
        id_hash: &[u8],
        account_id: i64,
        created_ms: i64,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO sessions (id_hash, account_id, created_ms, expires_ms) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id_hash)
            .bind(account_id)
            .bind(created_ms)
            .bind(expires_ms)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// The session whose id hashes to `id_hash`: its account and when it
    /// ends.
    pub async fn session(&self, id_hash: &[u8]) -> Result<Option<(AccountRow, i64)>, StoreError> {
        let sql = "SELECT a.id, a.name, a.name_key, a.password_hash, a.email, a.mail_on, \
                   a.language, a.created_ms, s.expires_ms \
                   FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = $1";
        Ok(with_pool!(self, pool => {
            match sqlx::query(sql).bind(id_hash).fetch_optional(pool).await? {
                Some(row) => Some((account_of!(row), row.try_get("expires_ms")?)),
                None => None,
            }
        }))
    }

    /// Moves the session's end to `expires_ms`.
    pub async fn renew_session(&self, id_hash: &[u8], expires_ms: i64) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("UPDATE sessions SET expires_ms = $1 WHERE id_hash = $2")
                .bind(expires_ms)
                .bind(id_hash)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Ends the session whose id hashes to `id_hash`.
    pub async fn delete_session(&self, id_hash: &[u8]) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
                .bind(id_hash)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Ends every session of the account, except the one whose id hashes
    /// to `except` if given.
    pub async fn delete_sessions(
        &self,
        account_id: i64,
        except: Option<&[u8]>,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "DELETE FROM sessions WHERE account_id = $1 AND ($2 IS NULL OR id_hash <> $2)",
            )
            .bind(account_id)
            .bind(except)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Records that the account owns seat `seat` of game `game`, whose
    /// token is `token`. A seat has one owner: the first stays.
    pub async fn own_seat(
        &self,
        game: &str,
        seat: usize,
        account_id: i64,
        token: &str,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(super::INSERT_OWNER)
            .bind(game)
            .bind(seat as i64)
            .bind(account_id)
            .bind(token)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// The owner of seat `seat` of game `game`, with what a mail to them
    /// needs (address, whether they want mail, language); `None` for a
    /// seat nobody signed in owns.
    pub async fn seat_owner(
        &self,
        game: &str,
        seat: usize,
    ) -> Result<Option<SeatOwner>, StoreError> {
        Ok(with_pool!(self, pool => {
            match sqlx::query(
                "SELECT a.id, a.name, a.email, a.mail_on, a.language FROM seat_owners o \
                 JOIN accounts a ON a.id = o.account_id WHERE o.game_id = $1 AND o.seat = $2",
            )
            .bind(game)
            .bind(seat as i64)
            .fetch_optional(pool)
            .await?
            {
                Some(row) => Some(SeatOwner {
                    account_id: row.try_get("id")?,
                    name: row.try_get("name")?,
                    email: row.try_get("email")?,
                    mail_on: row.try_get("mail_on")?,
                    language: row.try_get("language")?,
                }),
                None => None,
            }
        }))
    }

    /// The account's seats of game `game` with their tokens, in order.
    pub async fn owned_seats(
        &self,
        game: &str,
        account_id: i64,
    ) -> Result<Vec<(usize, String)>, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query(
                "SELECT seat, token FROM seat_owners WHERE game_id = $1 AND account_id = $2 \
                 ORDER BY seat",
            )
            .bind(game)
            .bind(account_id)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| Ok((row.try_get::<i64, _>("seat")? as usize, row.try_get("token")?)))
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        }))
    }

    /// The games where the account owns a seat: those in play (at most
    /// `limit`), most recently changed first, then its latest `limit`
    /// finished ones, latest ended first. Each is one walk of the owners'
    /// index (migration 0010), stopped after a page, however many games
    /// the account has played.
    pub async fn owned_games(
        &self,
        account_id: i64,
        limit: usize,
    ) -> Result<Vec<OwnedGame>, StoreError> {
        // A seat is a row: a page of games is at most this many rows.
        let rows = (limit * MAX_SEATS) as i64;
        const IN_PLAY: &str = concat!(
            owned_columns!(),
            " WHERE o.account_id = $1 AND o.ended_ms IS NULL \
             ORDER BY g.updated_ms DESC, g.id DESC, o.seat LIMIT $2"
        );
        const FINISHED: &str = concat!(
            owned_columns!(),
            " WHERE o.account_id = $1 AND o.ended_ms IS NOT NULL \
             ORDER BY o.ended_ms DESC, o.game_id DESC, o.seat DESC LIMIT $2"
        );
        let mut games = Vec::new();
        for query in [IN_PLAY, FINISHED] {
            let found = with_pool!(self, pool => {
                sqlx::query_as::<_, OwnedRow>(query)
                    .bind(account_id)
                    .bind(rows)
                    .fetch_all(pool)
                    .await?
            });
            games.extend(group_owned(found, limit)?);
        }
        Ok(games)
    }

    /// The login throttle's rows for `keys`: each key found with its
    /// failures not yet forgiven and the last one's time.
    pub async fn login_failures(
        &self,
        keys: &[&str; 3],
    ) -> Result<Vec<(String, i64, i64)>, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query("SELECT key, count, last_ms FROM login_failures WHERE key IN ($1, $2, $3)")
                .bind(keys[0])
                .bind(keys[1])
                .bind(keys[2])
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| Ok((row.try_get("key")?, row.try_get("count")?, row.try_get("last_ms")?)))
                .collect::<Result<Vec<_>, sqlx::Error>>()?
        }))
    }

    /// Writes the login throttle's rows: each key's count and last time.
    pub async fn put_login_failures(&self, rows: &[(&str, i64, i64)]) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            for (key, count, last_ms) in rows {
                sqlx::query(
                    "INSERT INTO login_failures (key, count, last_ms) VALUES ($1, $2, $3) \
                     ON CONFLICT (key) DO UPDATE SET count = excluded.count, last_ms = excluded.last_ms",
                )
                .bind(*key)
                .bind(*count)
                .bind(*last_ms)
                .execute(pool)
                .await?;
            }
        });
        Ok(())
    }

    /// Whether the account with `name_key` signed in from `address` at or
    /// after `since_ms`.
    pub async fn is_trusted(
        &self,
        name_key: &str,
        address: &str,
        since_ms: i64,
    ) -> Result<bool, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "SELECT at_ms FROM login_trust WHERE name_key = $1 AND address = $2 AND at_ms >= $3",
            )
            .bind(name_key)
            .bind(address)
            .bind(since_ms)
            .fetch_optional(pool)
            .await?
            .is_some()
        }))
    }

    /// A successful sign-in to `name_key` from `address` at `at_ms`: the
    /// address is trusted for the account, and the throttle's row `pair`
    /// (the account at the address) is forgotten.
    pub async fn trust(
        &self,
        name_key: &str,
        address: &str,
        pair: &str,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM login_failures WHERE key = $1")
                .bind(pair)
                .execute(pool)
                .await?;
            sqlx::query(
                "INSERT INTO login_trust (name_key, address, at_ms) VALUES ($1, $2, $3) \
                 ON CONFLICT (name_key, address) DO UPDATE SET at_ms = excluded.at_ms",
            )
            .bind(name_key)
            .bind(address)
            .bind(at_ms)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Drops the throttle's rows whose last failure is before
    /// `failures_before_ms` (all forgiven by then) and trust from before
    /// `trust_before_ms`.
    pub async fn prune_logins(
        &self,
        failures_before_ms: i64,
        trust_before_ms: i64,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM login_failures WHERE last_ms < $1")
                .bind(failures_before_ms)
                .execute(pool)
                .await?;
            sqlx::query("DELETE FROM login_trust WHERE at_ms < $1")
                .bind(trust_before_ms)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Stores a password-reset token's hash for the account, valid until
    /// `expires_ms`.
    pub async fn insert_reset(
        &self,
        token_hash: &[u8],
        account_id: i64,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO password_resets (token_hash, account_id, expires_ms) VALUES ($1, $2, $3)",
            )
            .bind(token_hash)
            .bind(account_id)
            .bind(expires_ms)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// The account of the reset token whose hash is `token_hash`, if the
    /// token is unused and has not expired at `now_ms`; it stays unused.
    pub async fn reset_account(
        &self,
        token_hash: &[u8],
        now_ms: i64,
    ) -> Result<Option<i64>, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "SELECT account_id FROM password_resets \
                 WHERE token_hash = $1 AND used_ms IS NULL AND expires_ms > $2",
            )
            .bind(token_hash)
            .bind(now_ms)
            .fetch_optional(pool)
            .await?
        }))
    }

    /// Uses the reset token whose hash is `token_hash` at `now_ms`: its
    /// account, if the token exists, is unused and has not expired. One
    /// conditional write marks it used, so that of two requests at once
    /// (on any servers) only one gets the account.
    pub async fn redeem_reset(
        &self,
        token_hash: &[u8],
        now_ms: i64,
    ) -> Result<Option<i64>, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>(
                "UPDATE password_resets SET used_ms = $1 \
                 WHERE token_hash = $2 AND used_ms IS NULL AND expires_ms > $1 \
                 RETURNING account_id",
            )
            .bind(now_ms)
            .bind(token_hash)
            .fetch_optional(pool)
            .await?
        }))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::secret::new_game_id;

    /// An account named `name` with `email`, stored.
    pub(crate) async fn account(store: &Store, name: &str, email: Option<&str>) -> i64 {
        let key = carolus_accounts::name::skeleton_of(name);
        store
            .create_account(&NewAccount {
                name,
                name_key: &key,
                password_hash: "$argon2id$not-checked-here",
                email,
                language: "en",
                created_ms: 1,
            })
            .await
            .unwrap()
            .unwrap()
    }

    /// What a mail about a seat reads of its owner follows the owner's
    /// settings, and goes with the account.
    async fn a_seats_owner_is_found_with_what_a_mail_needs(store: Store) {
        let (table, tokens) = crate::table::two_people(new_game_id(), None);
        store.insert(&table).await.unwrap();
        let karl = account(&store, "Karl", Some("karl@example.org")).await;
        assert_eq!(
            account_id_of_taken(&store).await,
            None,
            "a look-alike name is taken"
        );
        store
            .own_seat(&table.id, 1, karl, &tokens[1])
            .await
            .unwrap();
        let otto = account(&store, "Otto", None).await;
        store
            .own_seat(&table.id, 1, otto, &tokens[1])
            .await
            .unwrap();
        assert_eq!(store.seat_owner(&table.id, 0).await.unwrap(), None);
        let owner = store.seat_owner(&table.id, 1).await.unwrap().unwrap();
        assert_eq!(
            owner,
            SeatOwner {
                account_id: karl,
                name: "Karl".to_owned(),
                email: Some("karl@example.org".to_owned()),
                mail_on: false,
                language: "en".to_owned(),
            },
            "the first owner stays"
        );
        store
            .update_settings(
                karl,
                &Settings {
                    mail_on: Some(true),
                    language: Some("fr".to_owned()),
                    ..Settings::default()
                },
            )
            .await
            .unwrap();
        let owner = store.seat_owner(&table.id, 1).await.unwrap().unwrap();
        assert!(owner.mail_on);
        assert_eq!(owner.language, "fr");
        assert_eq!(owner.email.as_deref(), Some("karl@example.org"));
        // A game in play keeps its names when the account goes.
        assert_eq!(
            store.delete_account(karl).await.unwrap(),
            Vec::<String>::new()
        );
        assert_eq!(store.seat_owner(&table.id, 1).await.unwrap(), None);
        let stored = store.load(&table.id).await.unwrap().unwrap();
        assert_eq!(stored.seats[1].name, table.seats[1].name);
    }

    /// Tries to store an account named like Karl's: `None` when taken.
    async fn account_id_of_taken(store: &Store) -> Option<i64> {
        let key = carolus_accounts::name::skeleton_of("KAR1");
        store
            .create_account(&NewAccount {
                name: "KAR1",
                name_key: &key,
                password_hash: "$argon2id$not-checked-here",
                email: None,
                language: "en",
                created_ms: 1,
            })
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn sqlite_a_seats_owner_is_found_with_what_a_mail_needs() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        a_seats_owner_is_found_with_what_a_mail_needs(store).await;
    }

    #[tokio::test]
    async fn postgres_a_seats_owner_is_found_with_what_a_mail_needs() {
        if let Some(database) = crate::scratch::create().await.unwrap() {
            let store = Store::open(&database.url).await.unwrap();
            a_seats_owner_is_found_with_what_a_mail_needs(store.clone()).await;
            store.close().await;
        }
    }
}
