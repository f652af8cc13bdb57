//! The admin dashboard: what waits for staff now and the revenue of the current Paris month.

use sqlx::AnyConnection;

use crate::db::dashboard::{self, Backlog, Revenue};
use crate::domain::paris_time;

/// The dashboard at `now` (Unix seconds).
#[derive(Debug, Clone)]
pub struct Dashboard {
    /// What waits for staff.
    pub backlog: Backlog,
    /// The revenue of the Paris month of `now`.
    pub revenue: Revenue,
    /// That month's French name (`novembre 2026`).
    pub month: String,
}

/// Computes the dashboard at `now`.
pub async fn at(conn: &mut AnyConnection, now: i64) -> Result<Dashboard, sqlx::Error> {
    let backlog = dashboard::backlog(&mut *conn).await?;
    let (from, to, month) = paris_time::paris_month(now);
    let revenue = dashboard::revenue(&mut *conn, from, to).await?;
    Ok(Dashboard {
        backlog,
        revenue,
        month,
    })
}
