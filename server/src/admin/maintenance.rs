//! The maintenance switch: the flag, its audit line and the notice to the other instances
//! (PostgreSQL) in one transaction; this instance's snapshot changes right after the commit.

use serde_json::json;

use crate::audit;
use crate::auth::session::Session;
use crate::commerce::error::CommerceError;
use crate::db::changes::{self, Change};
use crate::db::{settings, Db};
use crate::snapshot::Snapshot;

/// Turns maintenance mode `on` (or off) on behalf of `admin`.
pub async fn switch(
    db: &Db,
    snapshot: &Snapshot,
    admin: &Session,
    on: bool,
) -> Result<(), CommerceError> {
    let mut tx = db.begin().await?;
    let was = settings::switch_maintenance(&mut tx, on).await?;
    let state_of = |on: bool| json!({ "maintenance": on });
    audit::record(
        &mut tx,
        admin,
        audit::MAINTENANCE,
        "site",
        &state_of(was),
        &state_of(on),
    )
    .await?;
    changes::announce(&mut tx, Change::Maintenance).await?;
    tx.commit().await?;
    snapshot.set_maintenance(on);
    tracing::info!(admin = admin.account_id(), on, "maintenance mode changed");
    Ok(())
}
