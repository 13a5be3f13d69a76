//! Scratch PostgreSQL databases for tests and benchmarks: each a new, empty
//! database on the server that `CAROLUS_TEST_POSTGRES` names, dropped when
//! it is no longer used, so that tests never see each other's games.
//!
//! Without that variable the PostgreSQL tests skip, and say so once on
//! the terminal; with `CAROLUS_REQUIRE_POSTGRES` set (as CI sets it) a
//! missing or unreachable server is an error instead, so that CI cannot
//! pass by skipping them.

use std::io::Write;
use std::sync::Once;

use sqlx::{Connection, PgConnection};

/// The variable naming a PostgreSQL server for tests: the URL of a
/// database on it whose user may create databases.
pub const URL_VARIABLE: &str = "CAROLUS_TEST_POSTGRES";

/// The variable that turns a skipped PostgreSQL test into a failure.
pub const REQUIRE_VARIABLE: &str = "CAROLUS_REQUIRE_POSTGRES";

/// A database made for one test, dropped (connections and all) when this
/// is dropped.
#[derive(Debug)]
pub struct ScratchDatabase {
    /// The URL to open it with.
    pub url: String,
    admin: String,
    name: String,
}

/// A new empty database, `Ok(None)` if no PostgreSQL server is configured
/// (and none is required), or why there is none.
pub async fn create() -> Result<Option<ScratchDatabase>, String> {
    let required = std::env::var_os(REQUIRE_VARIABLE).is_some_and(|value| !value.is_empty());
    let admin = match std::env::var(URL_VARIABLE) {
        Ok(url) if !url.is_empty() => url,
        _ if required => {
            return Err(format!(
                "{REQUIRE_VARIABLE} is set, but {URL_VARIABLE} names no PostgreSQL server"
            ));
        }
        _ => {
            static SAID: Once = Once::new();
            SAID.call_once(|| {
                // Written past the test harness's capture, so that a
                // passing run still says what it did not test.
                let _ = writeln!(
                    std::io::stderr(),
                    "PostgreSQL tests skipped: set {URL_VARIABLE} to a server's URL to run them"
                );
            });
            return Ok(None);
        }
    };
    let name = format!("carolus_test_{}", crate::secret::new_game_id());
    let mut connection = PgConnection::connect(&admin)
        .await
        .map_err(|error| format!("{URL_VARIABLE}={admin}: {error}"))?;
    // The name is made of the game id alphabet: letters and digits only.
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut connection)
        .await
        .map_err(|error| format!("cannot create a database on {admin}: {error}"))?;
    let _ = connection.close().await;
    let url = with_database(&admin, &name);
    Ok(Some(ScratchDatabase { url, admin, name }))
}

/// `admin` with its database replaced by `name`.
fn with_database(admin: &str, name: &str) -> String {
    let (base, query) = admin.split_once('?').unwrap_or((admin, ""));
    let authority_end = base
        .find("://")
        .map(|scheme| scheme + 3)
        .and_then(|start| base[start..].find('/').map(|slash| start + slash))
        .unwrap_or(base.len());
    let mut url = format!("{}/{name}", &base[..authority_end]);
    if !query.is_empty() {
        url.push('?');
        url.push_str(query);
    }
    url
}

impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        let admin = self.admin.clone();
        let name = self.name.clone();
        // Dropping may happen inside a runtime, which cannot block on
        // another: the database is dropped from a thread of its own.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            runtime.block_on(async {
                let mut connection = PgConnection::connect(&admin).await.ok()?;
                sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .execute(&mut connection)
                .await
                .ok()
            })
        });
        let _ = dropped.join();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_of_a_url_is_replaced() {
        assert_eq!(
            with_database("postgres://u@h:5432/postgres", "t").as_str(),
            "postgres://u@h:5432/t"
        );
        assert_eq!(
            with_database("postgres://u@h/postgres?sslmode=disable", "t").as_str(),
            "postgres://u@h/t?sslmode=disable"
        );
        assert_eq!(
            with_database("postgresql://h", "t").as_str(),
            "postgresql://h/t"
        );
    }
}
