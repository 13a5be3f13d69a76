//! The store's pool of people waiting to play now (migration
//! `0008_pool.sql`): one row per account, shared by every server of the
//! database. `pool.rs` decides who is paired with whom; this module only
//! reads and writes the rows.
//!
//! Exactly one game per pairing: [`Store::pool_claim`] sets the game of
//! every person of a pairing in one transaction, each row only where it
//! has no game yet, and rolls back unless every row changed. On
//! PostgreSQL a second server claiming one of the same rows waits for the
//! first's commit on the row's lock, then finds its game set and claims
//! nothing; the rows are updated in the accounts' order, so that two
//! claims over the same people never deadlock. SQLite has one writer at
//! a time.

use sqlx::Row;

use super::{OwnedSeat, Pool, Store, StoreError};

/// A person's row in the pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRow {
    pub account_id: i64,
    /// `2p`, `3p` or `teams`.
    pub mode: String,
    /// The clock as the store keeps a game's (`StoredClock::text`).
    pub clock: String,
    /// The shown rating in the mode when the person joined.
    pub rating: i64,
    /// The rating's estimate (OpenSkill's mu).
    pub mu: f64,
    pub joined_ms: i64,
    pub seen_ms: i64,
    /// Once paired: the game, the person's seat and its token, and when.
    pub paired: Option<Paired>,
}

/// The game a pairing made for a person.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub game: String,
    pub seat: usize,
    pub token: String,
    pub at_ms: i64,
    /// Whether the game is stored yet: it is written just after the
    /// claim, and never if the claiming server stopped in between.
    pub stored: bool,
}

/// The columns `pool_row!` reads, from the pool `p` joined with the
/// games `g` (whether a pairing's game is stored yet).
macro_rules! columns {
    () => {
        "SELECT p.account_id, p.mode, p.clock, p.rating, p.mu, p.joined_ms, p.seen_ms, \
         p.game_id, p.seat, p.token, p.paired_ms, g.id AS stored \
         FROM pool p LEFT JOIN games g ON g.id = p.game_id "
    };
}

/// Reads a row of `columns!()` of either database into a [`PoolRow`]: a
/// macro, since the two databases' rows are different types.
macro_rules! pool_row {
    ($row:expr) => {{
        let row = $row;
        (|| -> Result<PoolRow, sqlx::Error> {
            let game: Option<String> = row.try_get("game_id")?;
            let seat: Option<i64> = row.try_get("seat")?;
            let token: Option<String> = row.try_get("token")?;
            let at_ms: Option<i64> = row.try_get("paired_ms")?;
            let stored: Option<String> = row.try_get("stored")?;
            let paired = match (game, seat, token, at_ms) {
                (Some(game), Some(seat), Some(token), Some(at_ms)) => Some(Paired {
                    game,
                    seat: usize::try_from(seat).unwrap_or(0),
                    token,
                    at_ms,
                    stored: stored.is_some(),
                }),
                _ => None,
            };
            Ok(PoolRow {
                account_id: row.try_get("account_id")?,
                mode: row.try_get("mode")?,
                clock: row.try_get("clock")?,
                rating: row.try_get("rating")?,
                mu: row.try_get("mu")?,
                joined_ms: row.try_get("joined_ms")?,
                seen_ms: row.try_get("seen_ms")?,
                paired,
            })
        })()
    }};
}

impl Store {
    /// The account's row in the pool, if it has one.
    pub async fn pool_entry(&self, account_id: i64) -> Result<Option<PoolRow>, StoreError> {
        let sql = concat!(columns!(), "WHERE p.account_id = $1");
        Ok(with_pool!(self, pool => {
            match sqlx::query(sql).bind(account_id).fetch_optional(pool).await? {
                Some(row) => Some(pool_row!(&row)?),
                None => None,
            }
        }))
    }

    /// Puts `row` in the pool as a new wait (its game, if any, is not
    /// written), replacing the account's row unless that row was paired
    /// at or after `replaceable_before_ms`: a pairing another server made
    /// a moment ago is kept. Answers whether the row was written.
    pub async fn pool_join(
        &self,
        row: &PoolRow,
        replaceable_before_ms: i64,
    ) -> Result<bool, StoreError> {
        let written = with_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO pool (account_id, mode, clock, rating, mu, joined_ms, seen_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (account_id) DO UPDATE SET mode = excluded.mode, \
                 clock = excluded.clock, rating = excluded.rating, mu = excluded.mu, \
                 joined_ms = excluded.joined_ms, seen_ms = excluded.seen_ms, game_id = NULL, \
                 seat = NULL, token = NULL, paired_ms = NULL \
                 WHERE pool.game_id IS NULL OR pool.paired_ms < $8",
            )
            .bind(row.account_id)
            .bind(&row.mode)
            .bind(&row.clock)
            .bind(row.rating)
            .bind(row.mu)
            .bind(row.joined_ms)
            .bind(row.seen_ms)
            .bind(replaceable_before_ms)
            .execute(pool)
            .await?
            .rows_affected()
        });
        Ok(written == 1)
    }

    /// The heartbeat of a person still waiting: `seen_ms` set to `now_ms`.
    /// Answers whether they were still waiting (not paired meanwhile).
    pub async fn pool_seen(&self, account_id: i64, now_ms: i64) -> Result<bool, StoreError> {
        let updated = with_pool!(self, pool => {
            sqlx::query("UPDATE pool SET seen_ms = $1 WHERE account_id = $2 AND game_id IS NULL")
                .bind(now_ms)
                .bind(account_id)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(updated == 1)
    }

    /// The people waiting, unpaired, for a game of `mode` with `clock`
    /// whose page was heard from at or after `seen_since_ms`, longest
    /// waiting first.
    pub async fn pool_waiting(
        &self,
        mode: &str,
        clock: &str,
        seen_since_ms: i64,
    ) -> Result<Vec<PoolRow>, StoreError> {
        let sql = concat!(
            columns!(),
            "WHERE p.game_id IS NULL AND p.mode = $1 AND p.clock = $2 AND p.seen_ms >= $3 \
             ORDER BY p.joined_ms, p.account_id"
        );
        Ok(with_pool!(self, pool => {
            sqlx::query(sql)
                .bind(mode)
                .bind(clock)
                .bind(seen_since_ms)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| pool_row!(row))
                .collect::<Result<Vec<_>, sqlx::Error>>()?
        }))
    }

    /// Claims the people of a pairing for game `game` of `mode` and
    /// `clock`: every one of them still unpaired, waiting for that game
    /// and heard from at or after `seen_since_ms`, or none of them.
    /// Answers whether the claim was made.
    pub async fn pool_claim(
        &self,
        game: &str,
        mode: &str,
        clock: &str,
        people: &[OwnedSeat],
        seen_since_ms: i64,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut order: Vec<&OwnedSeat> = people.iter().collect();
        order.sort_by_key(|claim| claim.account_id);
        let claimed = with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let mut all = true;
            for claim in &order {
                let updated = sqlx::query(
                    "UPDATE pool SET game_id = $1, seat = $2, token = $3, paired_ms = $4 \
                     WHERE account_id = $5 AND game_id IS NULL AND mode = $6 AND clock = $7 \
                     AND seen_ms >= $8",
                )
                .bind(game)
                .bind(claim.seat as i64)
                .bind(&claim.token)
                .bind(now_ms)
                .bind(claim.account_id)
                .bind(mode)
                .bind(clock)
                .bind(seen_since_ms)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if updated != 1 {
                    all = false;
                    break;
                }
            }
            if all {
                tx.commit().await?;
            } else {
                tx.rollback().await?;
            }
            all
        });
        Ok(claimed)
    }

    /// Gives the people claimed for `game` back to the pool, still
    /// waiting: the game could not be stored, or never was.
    pub async fn pool_release(&self, game: &str) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "UPDATE pool SET game_id = NULL, seat = NULL, token = NULL, paired_ms = NULL \
                 WHERE game_id = $1",
            )
            .bind(game)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Takes the account out of the pool, waiting or paired.
    pub async fn pool_leave(&self, account_id: i64) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM pool WHERE account_id = $1")
                .bind(account_id)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Forgets the rows of people not heard from since `unseen_before_ms`
    /// (their page is gone) and pairings made before `paired_before_ms`
    /// (their people have long been told).
    pub async fn pool_prune(
        &self,
        unseen_before_ms: i64,
        paired_before_ms: i64,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "DELETE FROM pool WHERE (game_id IS NULL AND seen_ms < $1) \
                 OR (game_id IS NOT NULL AND paired_ms < $2)",
            )
            .bind(unseen_before_ms)
            .bind(paired_before_ms)
            .execute(pool)
            .await?;
        });
        Ok(())
    }
}
