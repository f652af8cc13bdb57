//! The `job_leases` table: one row per background job that must run once for the whole site.
//! An instance runs the job only when it takes the lease, in one atomic upsert: the row is
//! created, or taken over once it has expired. On PostgreSQL a concurrent taker waits for the
//! first one's row lock and then sees an unexpired lease; on SQLite the statement is the only
//! writer. No clock agreement is needed beyond the database's rows: every instance compares with
//! the `now` it passes, so the lease length should exceed any clock skew between instances.

use sqlx::{AnyConnection, FromRow};

/// The lease of a job as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Lease {
    /// Instance that took it last.
    pub holder: String,
    /// Unix seconds after which another instance may take it.
    pub expires_at: i64,
    /// Number of times it was taken.
    pub runs: i64,
}

/// Takes the lease of `job` for `holder` until `now + ttl` if nobody holds it at `now`; returns
/// whether it was taken (the caller then runs the job).
pub async fn try_take(
    conn: &mut AnyConnection,
    job: &str,
    holder: &str,
    now: i64,
    ttl: i64,
) -> Result<bool, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO job_leases (name, holder, expires_at, runs) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, \
         expires_at = excluded.expires_at, runs = job_leases.runs + 1 \
         WHERE job_leases.expires_at <= $4 RETURNING holder",
    )
    .bind(job)
    .bind(holder)
    .bind(now + ttl)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.is_some())
}

/// The lease of `job`, if it was ever taken.
pub async fn find(conn: &mut AnyConnection, job: &str) -> Result<Option<Lease>, sqlx::Error> {
    let row = sqlx::query("SELECT holder, expires_at, runs FROM job_leases WHERE name = $1")
        .bind(job)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| Lease::from_row(&r)).transpose()
}
