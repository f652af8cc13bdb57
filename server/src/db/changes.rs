//! Announcing a change of what every instance keeps in memory ([`crate::snapshot`]): on
//! PostgreSQL a `NOTIFY` on one channel, sent inside the writer's transaction so that it is
//! delivered at commit (never for a change that was rolled back); nothing on SQLite, where the
//! instances reload on a timer.

use sqlx::{AnyConnection, Executor};

/// The channel the instances `LISTEN` on.
pub const CHANNEL: &str = "forme_additive_snapshot";

/// What changed (the notification's payload).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The maintenance flag.
    Maintenance,
    /// A new catalog version.
    Catalog,
}

impl Change {
    /// The `NOTIFY` statement of this change (constant text: no parameter to bind).
    fn statement(self) -> &'static str {
        match self {
            Change::Maintenance => "NOTIFY forme_additive_snapshot, 'maintenance'",
            Change::Catalog => "NOTIFY forme_additive_snapshot, 'catalog'",
        }
    }
}

/// Announces `change` to the other instances, inside the caller's transaction (PostgreSQL only).
pub async fn announce(conn: &mut AnyConnection, change: Change) -> Result<(), sqlx::Error> {
    if conn.backend_name() != "PostgreSQL" {
        return Ok(());
    }
    conn.execute(change.statement()).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_notify_the_channel_instances_listen_on() {
        for change in [Change::Maintenance, Change::Catalog] {
            assert!(change
                .statement()
                .starts_with(&format!("NOTIFY {CHANNEL}, '")));
        }
    }
}
