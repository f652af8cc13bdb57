//! The purge of the uploads: expired upload rows, then the stored files under `uploads/` that no
//! upload row and no part names any more, and temporary files left by interrupted uploads. Only
//! files written before a cut-off are considered, so a file being written or just moved into
//! place (its row not yet inserted) is never taken. Works on every storage backend (a listing,
//! then deletions) and is idempotent: every instance may run it.

use std::time::SystemTime;

use crate::db::{uploads, Db};
use crate::storage::{Storage, UPLOADS};

/// What one purge removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Purged {
    /// Expired upload rows deleted.
    pub rows: u64,
    /// Files deleted.
    pub files: u64,
}

/// Purges the expired uploads and, among the stored files last written before `older_than`,
/// those no longer named.
pub async fn purge_uploads(
    db: &Db,
    storage: &Storage,
    now: i64,
    older_than: SystemTime,
) -> anyhow::Result<Purged> {
    let mut purged = Purged {
        rows: uploads::purge_expired(&mut *db.acquire().await?, now).await?,
        files: 0,
    };
    for object in storage.list(UPLOADS).await? {
        if object.modified >= older_than {
            continue;
        }
        let name = object.key.strip_prefix(UPLOADS).unwrap_or(&object.key);
        let referenced = !name.starts_with("tmp-")
            && uploads::is_referenced(&mut *db.acquire().await?, &object.key).await?;
        if !referenced {
            // Absent already: another instance was first.
            storage.delete(&object.key).await?;
            purged.files += 1;
        }
    }
    Ok(purged)
}
