//! Database access: one pool for SQLite or PostgreSQL (sqlx `Any`, `$1` placeholders), the
//! migrations of each backend, and one module per table or aggregate. All SQL lives here.

pub mod account_admin;
pub mod account_closure;
pub mod account_parts;
pub mod accounting;
pub mod accounts;
pub mod address_changes;
pub mod addresses;
pub mod analysis_cache;
pub mod audit_log;
pub mod captcha;
pub mod catalogs;
pub mod changes;
pub mod companies;
pub mod contact_messages;
pub mod counters;
pub mod countries;
pub mod dashboard;
pub mod data_exports;
pub mod deliveries;
pub mod discounts;
pub mod email_codes;
pub mod fold;
pub mod inactive_accounts;
pub mod invoices;
pub mod job_leases;
pub mod mail_outbox;
pub mod orders;
pub mod part_history;
pub mod part_queue;
pub mod payment_terms;
pub mod payments;
pub mod personal_data;
pub mod pieces;
pub mod quote_entries;
pub mod quote_links;
pub mod quotes;
pub mod rate_limits;
pub mod reset_tokens;
pub mod sessions;
pub mod settings;
pub mod statistics;
pub mod two_factor;
pub mod uploads;
pub mod vies_checks;

use std::path::Path;

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{Any, AnyPool, Transaction};

/// A transaction on either backend; `&mut *tx` is the `&mut AnyConnection` that `db/` functions
/// take, so that several of them make one atomic change.
pub type Tx = Transaction<'static, Any>;

/// Which database the pool talks to (for the rare statement that must differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SQLite (the default, a file in the data folder).
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// The connection pool and its backend.
#[derive(Debug, Clone)]
pub struct Db {
    /// The pool; queries use `$1` placeholders, valid on both backends.
    pub pool: AnyPool,
    /// The backend behind the pool.
    pub backend: Backend,
}

static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

impl Db {
    /// Connects to `url`, creating the SQLite file's folder when needed.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite: or postgres:");
        };
        if backend == Backend::Sqlite {
            create_sqlite_folder(url)?;
        }
        let max = if backend == Backend::Sqlite { 4 } else { 10 };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .connect(url)
            .await
            .with_context(|| format!("cannot connect to the {backend:?} database"))?;
        if backend == Backend::Sqlite {
            // WAL lets readers work while one writer writes; it is a property of the file.
            sqlx::query("PRAGMA journal_mode=WAL")
                .execute(&pool)
                .await?;
        }
        Ok(Db { pool, backend })
    }

    /// A connection of the pool, for a read or a single statement (no transaction).
    pub async fn acquire(&self) -> Result<sqlx::pool::PoolConnection<Any>, sqlx::Error> {
        self.pool.acquire().await
    }

    /// Starts a write transaction. On SQLite it is `BEGIN IMMEDIATE`: the write lock is taken at
    /// once (the database's single writer), so that two transactions never read, then both try
    /// to write and one fails; others wait for the lock (busy timeout). On PostgreSQL rows are
    /// locked where needed (`SELECT ... FOR UPDATE`, see [`Db::for_update`]).
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// ` FOR UPDATE` on PostgreSQL (a row lock for the rest of the transaction), nothing on
    /// SQLite, where the transaction of [`Db::begin`] already holds the only write lock.
    pub fn for_update(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        }
    }

    /// Applies the migrations of the backend.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATOR,
            Backend::Postgres => &POSTGRES_MIGRATOR,
        };
        migrator
            .run(&self.pool)
            .await
            .context("migrations failed")?;
        Ok(())
    }
}

fn create_sqlite_folder(url: &str) -> anyhow::Result<()> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .split('?')
        .next()
        .unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = Path::new(path).parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
    }
    Ok(())
}

/// Reads a 0/1 flag column.
pub(crate) fn flag(row: &AnyRow, column: &str) -> Result<bool, sqlx::Error> {
    use sqlx::Row;
    Ok(row.try_get::<i64, _>(column)? != 0)
}
