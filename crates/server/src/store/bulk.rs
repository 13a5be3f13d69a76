//! Bulk writes for the lobby benchmark's data (`carolus bench --lobby`,
//! the `lobby` module): many games copied from a few real ones, and many
//! accounts, each batch one transaction of a few statements.
//!
//! A copy takes every column of its template's rows (`games`, `seats`,
//! `moves`) but the game's id and times, so that it is exactly what the
//! server wrote for the template: a real record that replays, whatever
//! columns later migrations add. The columns are read from the database's
//! own catalogue, and the statements built from them; every value is
//! bound. The server itself never calls these.

use sqlx::Row;

use super::{Pool, Store, StoreError};

/// A copy of a game: its id, the template it copies, when it was
/// created, and the accounts (with the seat's token) that own seats 0 and
/// 1, if any.
#[derive(Clone, Debug)]
pub struct GameCopy {
    pub id: String,
    pub template: String,
    pub created_ms: i64,
    pub owners: [Option<(i64, String)>; 2],
}

/// An account to insert: its name and look-alike key.
#[derive(Clone, Debug)]
pub struct AccountCopy {
    pub name: String,
    pub name_key: String,
    pub created_ms: i64,
}

/// How the two databases spell what the statements need: the rows of the
/// JSON array bound as `$1`, and the `index`-th field of a row as text or
/// as an integer.
struct Dialect {
    postgres: bool,
}

impl Dialect {
    fn rows(&self) -> &'static str {
        if self.postgres {
            "jsonb_array_elements($1::jsonb) AS c(value)"
        } else {
            "json_each($1) AS c"
        }
    }

    fn text(&self, index: usize) -> String {
        format!("(c.value ->> {index})")
    }

    fn int(&self, index: usize) -> String {
        if self.postgres {
            format!("(c.value ->> {index})::int8")
        } else {
            format!("(c.value ->> {index})")
        }
    }
}

impl Store {
    fn dialect(&self) -> Dialect {
        Dialect {
            postgres: matches!(self.pool, Pool::Postgres(_)),
        }
    }

    /// The columns of `table`, in order.
    async fn columns(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let names = match &self.pool {
            Pool::Sqlite(pool) => sqlx::query("SELECT name FROM pragma_table_info($1)")
                .bind(table)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| row.try_get("name"))
                .collect::<Result<Vec<String>, _>>()?,
            Pool::Postgres(shared) => sqlx::query(
                "SELECT column_name::text AS name FROM information_schema.columns \
                 WHERE table_name = $1 AND table_schema = current_schema() \
                 ORDER BY ordinal_position",
            )
            .bind(table)
            .fetch_all(&shared.pool)
            .await?
            .iter()
            .map(|row| row.try_get("name"))
            .collect::<Result<Vec<String>, _>>()?,
        };
        Ok(names)
    }

    /// `INSERT INTO table (every column) SELECT …` from the template's rows
    /// (`source` aliased `t`, joined on `join`), with `replaced` columns
    /// given by expressions instead of copied.
    async fn copy_statement(
        &self,
        table: &str,
        join: &str,
        replaced: &[(&str, String)],
    ) -> Result<String, StoreError> {
        let columns = self.columns(table).await?;
        let values: Vec<String> = columns
            .iter()
            .map(|column| {
                replaced
                    .iter()
                    .find(|(name, _)| name == column)
                    .map_or_else(|| format!("t.{column}"), |(_, value)| value.clone())
            })
            .collect();
        Ok(format!(
            "INSERT INTO {table} ({}) SELECT {} FROM {} JOIN {table} t ON {join}",
            columns.join(", "),
            values.join(", "),
            self.dialect().rows()
        ))
    }

    /// Inserts `copies` in one transaction: each game's row, seats and
    /// moves copied from its template (its times moved to its
    /// `created_ms`), and its owners' rows.
    pub async fn copy_games(&self, copies: &[GameCopy]) -> Result<(), StoreError> {
        let d = self.dialect();
        let rows = serde_json::Value::Array(
            copies
                .iter()
                .map(|copy| {
                    let owner = |seat: usize| match &copy.owners[seat] {
                        Some((account, token)) => {
                            (serde_json::json!(account), serde_json::json!(token))
                        }
                        None => (serde_json::Value::Null, serde_json::Value::Null),
                    };
                    let ((a0, t0), (a1, t1)) = (owner(0), owner(1));
                    serde_json::json!([copy.id, copy.template, copy.created_ms, a0, t0, a1, t1])
                })
                .collect(),
        )
        .to_string();
        let shift = format!("{} - g.created_ms", d.int(2));
        let games = self
            .copy_statement(
                "games",
                &format!("t.id = {}", d.text(1)),
                &[
                    ("id", d.text(0)),
                    ("created_ms", d.int(2)),
                    (
                        "updated_ms",
                        format!("t.updated_ms - t.created_ms + {}", d.int(2)),
                    ),
                ],
            )
            .await?;
        // Seats and moves join the template's game too, for its times.
        let joined = format!("t.game_id = {} JOIN games g ON g.id = t.game_id", d.text(1));
        let seats = self
            .copy_statement("seats", &joined, &[("game_id", d.text(0))])
            .await?;
        let moves = self
            .copy_statement(
                "moves",
                &joined,
                &[
                    ("game_id", d.text(0)),
                    ("played_ms", format!("t.played_ms + {shift}")),
                ],
            )
            .await?;
        let owners = format!(
            "INSERT INTO seat_owners (game_id, seat, account_id, token) \
             SELECT {id}, 0, {a0}, {t0} FROM {rows} WHERE {a0} IS NOT NULL \
             UNION ALL SELECT {id}, 1, {a1}, {t1} FROM {rows} WHERE {a1} IS NOT NULL",
            id = d.text(0),
            a0 = d.int(3),
            t0 = d.text(4),
            a1 = d.int(5),
            t1 = d.text(6),
            rows = d.rows(),
        );
        with_pool!(self, pool => {
            let mut connection = pool.acquire().await?;
            // On SQLite, a cache of 256 MB while the batch is written: the
            // copies' keys append, but their owners' index by account
            // takes rows all over it. The connection's own cache is given
            // back after, so that a server on the pool reads with the
            // cache it always has.
            let cache: Option<i64> = if d.postgres {
                None
            } else {
                let cache = sqlx::query_scalar("PRAGMA cache_size")
                    .fetch_one(&mut *connection)
                    .await?;
                sqlx::query("PRAGMA cache_size = -262144")
                    .execute(&mut *connection)
                    .await?;
                Some(cache)
            };
            let mut tx = sqlx::Connection::begin(&mut *connection).await?;
            for sql in [&games, &seats, &moves, &owners] {
                sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
                    .bind(&rows)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            if let Some(cache) = cache {
                sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA cache_size = {cache}")))
                    .execute(&mut *connection)
                    .await?;
            }
        });
        Ok(())
    }

    /// Inserts `accounts` in one transaction, all with `password_hash`;
    /// answers their ids, in order.
    pub async fn copy_accounts(
        &self,
        accounts: &[AccountCopy],
        password_hash: &str,
    ) -> Result<Vec<i64>, StoreError> {
        let d = self.dialect();
        let rows = serde_json::Value::Array(
            accounts
                .iter()
                .map(|a| serde_json::json!([a.name, a.name_key, a.created_ms]))
                .collect(),
        )
        .to_string();
        let insert = format!(
            "INSERT INTO accounts (name, name_key, password_hash, created_ms) \
             SELECT {}, {}, $2, {} FROM {}",
            d.text(0),
            d.text(1),
            d.int(2),
            d.rows()
        );
        let keys: Vec<&str> = accounts.iter().map(|a| a.name_key.as_str()).collect();
        let ids = with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(sqlx::AssertSqlSafe(insert))
                .bind(&rows)
                .bind(password_hash)
                .execute(&mut *tx)
                .await?;
            let mut ids = Vec::with_capacity(keys.len());
            for key in &keys {
                let id: i64 = sqlx::query_scalar("SELECT id FROM accounts WHERE name_key = $1")
                    .bind(*key)
                    .fetch_one(&mut *tx)
                    .await?;
                ids.push(id);
            }
            tx.commit().await?;
            ids
        });
        Ok(ids)
    }
}
