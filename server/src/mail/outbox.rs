//! The file outbox: one RFC 5322 `.eml` file per message of the `mail_outbox` table, named
//! `<row id, 12 digits>_<purpose>_<recipient>_outbox-<row id>.eml`, written atomically (temporary
//! file, then rename). The name depends only on the row: a message sent again after its sender
//! died between writing it and marking it sent replaces its own file instead of making a second
//! one, and names sort in the order the messages were queued.

use std::path::{Path, PathBuf};

use super::MailError;

/// Writes `bytes` (the formatted message of outbox row `id`) into `dir`, creating it if needed.
pub(super) async fn write(
    dir: &Path,
    id: i64,
    purpose: &str,
    recipient: &str,
    bytes: &[u8],
) -> Result<(), MailError> {
    tokio::fs::create_dir_all(dir).await?;
    let path = dir.join(file_name(id, purpose, recipient));
    // Unique per writer, so that two processes sending the same row never share a temporary file.
    let tmp = path.with_extension(format!("eml.{}.tmp", std::process::id()));
    tokio::fs::write(&tmp, bytes).await?;
    tokio::fs::rename(&tmp, &path).await?;
    tracing::info!(path = %path.display(), purpose, "e-mail written to the outbox");
    Ok(())
}

fn file_name(id: i64, purpose: &str, recipient: &str) -> PathBuf {
    let recipient = portable(recipient);
    let purpose = portable(purpose);
    PathBuf::from(format!("{id:012}_{purpose}_{recipient}_outbox-{id}.eml"))
}

/// `text` with only characters safe in a file name on every system (others become `_`), at most
/// 80 of them.
fn portable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '@' | '+' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect()
}
