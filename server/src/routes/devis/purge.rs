//! The purge of the uploads: expired upload rows, then the files of `uploads/` that no upload
//! row and no part names any more, and temporary files left by interrupted uploads. Only files
//! older than a cut-off are considered, so a file being written or just renamed into place (its
//! row not yet inserted) is never taken. Idempotent: every instance may run it.

use std::path::Path;
use std::time::SystemTime;

use crate::db::{uploads, Db};

/// What one purge removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Purged {
    /// Expired upload rows deleted.
    pub rows: u64,
    /// Files deleted.
    pub files: u64,
}

/// Purges the expired uploads of `data_dir` and the files no longer named, among those last
/// modified before `older_than`.
pub async fn purge_uploads(
    db: &Db,
    data_dir: &Path,
    now: i64,
    older_than: SystemTime,
) -> anyhow::Result<Purged> {
    let mut purged = Purged {
        rows: uploads::purge_expired(db, now).await?,
        files: 0,
    };
    let dir = data_dir.join("uploads");
    let mut entries = match tokio::fs::read_dir(&dir).await {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(purged),
        Err(e) => return Err(e.into()),
    };
    while let Some(entry) = entries.next_entry().await? {
        let meta = entry.metadata().await?;
        if !meta.is_file() || meta.modified()? >= older_than {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let referenced = !name.starts_with("tmp-")
            && uploads::is_referenced(db, &format!("uploads/{name}")).await?;
        if !referenced {
            match tokio::fs::remove_file(entry.path()).await {
                Ok(()) => purged.files += 1,
                // Another instance was first.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(purged)
}
