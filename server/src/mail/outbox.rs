//! The file outbox: one RFC 5322 `.eml` file per message, named
//! `<UTC time>_<purpose>_<recipient>_<process id>-<n>.eml`, written atomically (temporary file,
//! then rename). The process id keeps the names of two instances sharing one folder apart.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::MailError;

static SEQUENCE: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` (the formatted message) into `dir`, creating it if needed.
pub(super) async fn write(
    dir: &Path,
    purpose: &str,
    recipient: &str,
    bytes: &[u8],
) -> Result<(), MailError> {
    tokio::fs::create_dir_all(dir).await?;
    let path = dir.join(file_name(purpose, recipient));
    let tmp = path.with_extension("eml.tmp");
    tokio::fs::write(&tmp, bytes).await?;
    tokio::fs::rename(&tmp, &path).await?;
    tracing::info!(path = %path.display(), purpose, "e-mail written to the outbox");
    Ok(())
}

fn file_name(purpose: &str, recipient: &str) -> PathBuf {
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = i64::try_from(since_epoch.as_secs()).unwrap_or(0);
    // `2026-11-22T10:00:00.000Z` -> `20261122T100000`, then microseconds: sortable and portable.
    let iso: String = crate::clock::iso8601(secs)
        .chars()
        .take(19)
        .filter(|c| *c != '-' && *c != ':')
        .collect();
    let now = format!("{iso}.{:06}Z", since_epoch.subsec_micros());
    let n = SEQUENCE.fetch_add(1, Ordering::Relaxed);
    let recipient = portable(recipient);
    let purpose = portable(purpose);
    PathBuf::from(format!(
        "{now}_{purpose}_{recipient}_{}-{n}.eml",
        std::process::id()
    ))
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
