//! The store's ratings (migration `0007_ratings.sql`): each account's
//! rating per mode, the history of changes, and the update of a finished
//! rated game, written exactly once.
//!
//! Exactly once: the update of a game first inserts the game's row in
//! `rated_games`, in the same transaction as the new ratings and the
//! history rows. Two servers that both end (or both see the end of) the
//! same game both try; the database's unique key lets one insert the row,
//! the other's insert does nothing (on PostgreSQL it waits for the first
//! transaction to end), and that one then writes nothing. A rating is
//! read with an `UPDATE … RETURNING`, which on PostgreSQL locks the row
//! until the transaction ends, so that two games of the same account
//! ending at once do not lose either's change. The rating itself is
//! computed by `carolus_accounts::rating`; this module only reads and
//! writes.

use carolus_accounts::rating::{Mode, Rating};
use sqlx::Row;

use super::{Pool, Store, StoreError};

/// A mode as the store and the API name it.
pub fn mode_key(mode: Mode) -> &'static str {
    match mode {
        Mode::TwoPlayers => "2p",
        Mode::ThreePlayers => "3p",
        Mode::Teams => "teams",
    }
}

/// The mode named `key` (`2p`, `3p`, `teams`), if any.
pub fn mode_of_key(key: &str) -> Option<Mode> {
    Mode::ALL.into_iter().find(|&mode| mode_key(mode) == key)
}

/// An account's rating in one mode.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub mode: Mode,
    pub rating: Rating,
    /// Rated games played in the mode.
    pub games: i64,
    pub updated_ms: i64,
}

/// One seat's change by one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub game_id: String,
    pub seat: usize,
    pub account_id: i64,
    pub mode: Mode,
    pub before: Rating,
    pub after: Rating,
    pub at_ms: i64,
}

/// A row of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Leader {
    pub name: String,
    pub rating: Rating,
    pub games: i64,
}

/// A finished game of an account with a computer at the table: the
/// account's seat, a computer's seat and level, and the game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerGame {
    pub id: String,
    pub teams: bool,
    pub result: Option<serde_json::Value>,
    pub mine: usize,
    pub theirs: usize,
    pub level: u8,
}

/// What a finished rated game changes: for each seat an account owns, the
/// account and its rating after the game, given its rating before.
pub type Update<'a> = dyn FnOnce(&[(usize, i64, Rating)]) -> Vec<(usize, Rating)> + Send + 'a;

impl Store {
    /// The accounts owning seats of game `id`: (seat, account), by seat.
    pub async fn seat_accounts(&self, id: &str) -> Result<Vec<(usize, i64)>, StoreError> {
        let rows = with_pool!(self, pool => {
            sqlx::query("SELECT seat, account_id FROM seat_owners WHERE game_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| Ok((row.try_get::<i64, _>("seat")?, row.try_get::<i64, _>("account_id")?)))
                .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        Ok(rows
            .into_iter()
            .filter_map(|(seat, account)| Some((usize::try_from(seat).ok()?, account)))
            .collect())
    }

    /// The owned seats of game `id` with their owners and tokens: (seat,
    /// account, token), by seat. A rated game's rematch gives each owner
    /// the seat their token plays in it.
    pub async fn seat_owners_with_tokens(
        &self,
        id: &str,
    ) -> Result<Vec<(usize, i64, String)>, StoreError> {
        let rows = with_pool!(self, pool => {
            sqlx::query(
                "SELECT seat, account_id, token FROM seat_owners WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok((
                    row.try_get::<i64, _>("seat")?,
                    row.try_get::<i64, _>("account_id")?,
                    row.try_get::<String, _>("token")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        Ok(rows
            .into_iter()
            .filter_map(|(seat, account, token)| {
                Some((usize::try_from(seat).ok()?, account, token))
            })
            .collect())
    }

    /// Applies the rating update of the finished rated game `id` in `mode`,
    /// once: `owners` are the seats accounts own, and `update` is given
    /// each one's (seat, account, rating before) and answers each seat's
    /// rating after. Answers whether this call applied it (`false`: it
    /// was applied before, perhaps by another server a moment ago).
    pub async fn apply_rating(
        &self,
        id: &str,
        mode: Mode,
        owners: &[(usize, i64)],
        now_ms: i64,
        update: Box<Update<'_>>,
    ) -> Result<bool, StoreError> {
        let key = mode_key(mode);
        let newcomer = Rating::NEWCOMER;
        let applied = with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let marked = sqlx::query(
                "INSERT INTO rated_games (game_id, applied_ms) VALUES ($1, $2) \
                 ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(id)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if marked == 0 {
                tx.rollback().await?;
                false
            } else {
                // In the accounts' order, so that two games locking the same
                // accounts lock them in the same order.
                let mut order: Vec<(usize, i64)> = owners.to_vec();
                order.sort_by_key(|&(seat, account)| (account, seat));
                let mut before = Vec::with_capacity(order.len());
                for &(seat, account) in &order {
                    sqlx::query(
                        "INSERT INTO ratings (account_id, mode, mu, sigma, games, updated_ms) \
                         VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (account_id, mode) DO NOTHING",
                    )
                    .bind(account)
                    .bind(key)
                    .bind(newcomer.mu)
                    .bind(newcomer.sigma)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await?;
                    let row = sqlx::query(
                        "UPDATE ratings SET games = games WHERE account_id = $1 AND mode = $2 \
                         RETURNING mu, sigma",
                    )
                    .bind(account)
                    .bind(key)
                    .fetch_one(&mut *tx)
                    .await?;
                    let rating = Rating {
                        mu: row.try_get("mu")?,
                        sigma: row.try_get("sigma")?,
                    };
                    before.push((seat, account, rating));
                }
                before.sort_by_key(|&(seat, _, _)| seat);
                let after = update(&before);
                for (seat, account, old) in &before {
                    let Some((_, new)) = after.iter().find(|(s, _)| s == seat) else {
                        continue;
                    };
                    sqlx::query(
                        "UPDATE ratings SET mu = $1, sigma = $2, games = games + 1, updated_ms = $3 \
                         WHERE account_id = $4 AND mode = $5",
                    )
                    .bind(new.mu)
                    .bind(new.sigma)
                    .bind(now_ms)
                    .bind(account)
                    .bind(key)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query(
                        "INSERT INTO rating_history (game_id, seat, account_id, mode, mu_before, \
                         sigma_before, mu, sigma, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    )
                    .bind(id)
                    .bind(*seat as i64)
                    .bind(account)
                    .bind(key)
                    .bind(old.mu)
                    .bind(old.sigma)
                    .bind(new.mu)
                    .bind(new.sigma)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                true
            }
        });
        Ok(applied)
    }

    /// An account's ratings, in the modes' order.
    pub async fn ratings(&self, account: i64) -> Result<Vec<RatingRow>, StoreError> {
        let rows = with_pool!(self, pool => {
            sqlx::query(
                "SELECT mode, mu, sigma, games, updated_ms FROM ratings WHERE account_id = $1",
            )
            .bind(account)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok((
                    row.try_get::<String, _>("mode")?,
                    Rating { mu: row.try_get("mu")?, sigma: row.try_get("sigma")? },
                    row.try_get::<i64, _>("games")?,
                    row.try_get::<i64, _>("updated_ms")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        let mut ratings: Vec<RatingRow> = rows
            .into_iter()
            .filter_map(|(mode, rating, games, updated_ms)| {
                Some(RatingRow {
                    mode: mode_of_key(&mode)?,
                    rating,
                    games,
                    updated_ms,
                })
            })
            .collect();
        ratings.sort_by_key(|row| row.mode);
        Ok(ratings)
    }

    /// Rating changes, oldest first: an account's latest `limit` (for the
    /// profile's graph), or, given `game`, those of one game's seats.
    pub async fn rating_changes(
        &self,
        account: Option<i64>,
        game: Option<&str>,
        limit: usize,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let rows = with_pool!(self, pool => {
            sqlx::query(
                "SELECT game_id, seat, account_id, mode, mu_before, sigma_before, mu, sigma, at_ms \
                 FROM rating_history WHERE ($1 IS NULL OR account_id = $1) \
                 AND ($2 IS NULL OR game_id = $2) ORDER BY at_ms DESC, game_id DESC, seat DESC LIMIT $3",
            )
            .bind(account)
            .bind(game)
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok((
                    row.try_get::<String, _>("game_id")?,
                    row.try_get::<i64, _>("seat")?,
                    row.try_get::<i64, _>("account_id")?,
                    row.try_get::<String, _>("mode")?,
                    Rating { mu: row.try_get("mu_before")?, sigma: row.try_get("sigma_before")? },
                    Rating { mu: row.try_get("mu")?, sigma: row.try_get("sigma")? },
                    row.try_get::<i64, _>("at_ms")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        let mut changes: Vec<RatingChange> = rows
            .into_iter()
            .filter_map(|(game_id, seat, account_id, mode, before, after, at_ms)| {
                Some(RatingChange {
                    game_id,
                    seat: usize::try_from(seat).ok()?,
                    account_id,
                    mode: mode_of_key(&mode)?,
                    before,
                    after,
                    at_ms,
                })
            })
            .collect();
        changes.reverse();
        Ok(changes)
    }

    /// The best `limit` accounts in `mode` by the conservative value
    /// (`mu − 3σ`), best first; deleted accounts have no ratings left.
    pub async fn leaderboard(&self, mode: Mode, limit: usize) -> Result<Vec<Leader>, StoreError> {
        let leaders = with_pool!(self, pool => {
            sqlx::query(
                "SELECT a.name, r.mu, r.sigma, r.games FROM ratings r \
                 JOIN accounts a ON a.id = r.account_id \
                 WHERE r.mode = $1 AND r.games > 0 \
                 ORDER BY (r.mu - 3 * r.sigma) DESC, a.name_key LIMIT $2",
            )
            .bind(mode_key(mode))
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok(Leader {
                    name: row.try_get("name")?,
                    rating: Rating { mu: row.try_get("mu")?, sigma: row.try_get("sigma")? },
                    games: row.try_get("games")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        Ok(leaders)
    }

    /// An account's latest finished games with a computer at the table,
    /// for the profile's results against each level: one row per pair of
    /// the account's seat and a computer's seat, from the latest `limit`
    /// such pairs (walking the owners' index from the latest game ended).
    pub async fn computer_games(
        &self,
        account: i64,
        limit: usize,
    ) -> Result<Vec<ComputerGame>, StoreError> {
        let rows = with_pool!(self, pool => {
            sqlx::query(
                "SELECT g.id, g.teams, g.result, o.seat AS mine, s.seat AS theirs, s.ai_level \
                 FROM seat_owners o JOIN games g ON g.id = o.game_id \
                 JOIN seats s ON s.game_id = g.id AND s.ai_level IS NOT NULL \
                 WHERE o.account_id = $1 AND o.ended_ms IS NOT NULL \
                 ORDER BY o.ended_ms DESC, o.game_id DESC LIMIT $2",
            )
            .bind(account)
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok((
                    row.try_get::<String, _>("id")?,
                    row.try_get::<bool, _>("teams")?,
                    row.try_get::<Option<String>, _>("result")?,
                    row.try_get::<i64, _>("mine")?,
                    row.try_get::<i64, _>("theirs")?,
                    row.try_get::<i64, _>("ai_level")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        rows.into_iter()
            .map(|(id, teams, result, mine, theirs, level)| {
                let damaged = |reason: String| StoreError::Damaged {
                    id: id.clone(),
                    reason,
                };
                let result = match result {
                    Some(text) => Some(
                        serde_json::from_str(&text)
                            .map_err(|error| damaged(format!("result: {error}")))?,
                    ),
                    None => None,
                };
                Ok(ComputerGame {
                    teams,
                    result,
                    mine: usize::try_from(mine).map_err(|_| damaged(format!("seat {mine}")))?,
                    theirs: usize::try_from(theirs)
                        .map_err(|_| damaged(format!("seat {theirs}")))?,
                    level: u8::try_from(level).map_err(|_| damaged(format!("level {level}")))?,
                    id,
                })
            })
            .collect()
    }

    /// Sets the rating in `mode` of the account named `name` (as typed),
    /// for tests that need players of different strengths without
    /// playing their games first.
    #[cfg(feature = "test-support")]
    pub async fn put_rating(
        &self,
        name: &str,
        mode: Mode,
        rating: Rating,
    ) -> Result<(), StoreError> {
        with_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO ratings (account_id, mode, mu, sigma, games, updated_ms) \
                 SELECT id, $2, $3, $4, 1, 0 FROM accounts WHERE name = $1 \
                 ON CONFLICT (account_id, mode) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
            )
            .bind(name)
            .bind(mode_key(mode))
            .bind(rating.mu)
            .bind(rating.sigma)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// The finished rated games whose update was never applied (a server
    /// stopped between the game's end and its update): at most `limit`,
    /// the earliest finished first.
    pub async fn unrated_finished(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let ids = with_pool!(self, pool => {
            sqlx::query_scalar::<_, String>(
                "SELECT g.id FROM games g WHERE g.rated AND g.status = 'over' \
                 AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) \
                 ORDER BY g.updated_ms, g.id LIMIT $1",
            )
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
        });
        Ok(ids)
    }
}
