//! Accounts unused for three years (the retention the privacy charter announces): the owner of
//! a customer account without sign-in for [`INACTIVE_AFTER_SECS`] is warned by e-mail, and
//! [`NOTICE_SECS`] later, still without sign-in, the account is closed and anonymised exactly as
//! « Supprimer mon compte » does (`commerce::account_closure`). A sign-in meanwhile withdraws
//! the warning. Run under the lease [`INACTIVE_JOB`], so once across the servers.

use crate::commerce::account_closure;
use crate::db::{inactive_accounts as inactive_db, Db};
use crate::domain::paris_time::fr_date_long;
use crate::mail::{rgpd_templates, Mailer};
use crate::storage::Storage;

/// Name of the job's lease.
pub const INACTIVE_JOB: &str = "comptes_inactifs";
/// The lease's length: the job runs about once per this period, site-wide.
pub const INACTIVE_LEASE_SECS: i64 = 6 * 3600;
/// Three years (of 365.25 days) without sign-in.
pub const INACTIVE_AFTER_SECS: i64 = 1096 * 86_400;
/// Between the warning and the anonymisation.
pub const NOTICE_SECS: i64 = 30 * 86_400;
/// Accounts handled per run and step (the next run takes the rest).
const BATCH: i64 = 500;

/// What one run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct InactiveRun {
    /// Accounts warned.
    pub warned: u64,
    /// Accounts anonymised.
    pub closed: u64,
}

/// Warns the accounts inactive for three years at `now` and closes those warned 30 days ago.
pub async fn inactive_accounts(
    db: &Db,
    storage: &Storage,
    mailer: &Mailer,
    now: i64,
) -> anyhow::Result<InactiveRun> {
    let mut run = InactiveRun::default();
    let before = now - INACTIVE_AFTER_SECS;
    let due = inactive_db::inactive_unwarned(&mut *db.acquire().await?, before, BATCH).await?;
    let date = fr_date_long(now + NOTICE_SECS);
    for (id, email) in due {
        // The mark and the message commit together: a warning is never recorded unsent.
        let mut tx = db.begin().await?;
        if !inactive_db::mark_warned(&mut tx, id, before, now).await? {
            continue;
        }
        let mail =
            rgpd_templates::inactivity_warning(mailer.brand(), mailer.base_url(), &email, &date);
        mailer.queue(&mut tx, &mail).await?;
        tx.commit().await?;
        run.warned += 1;
    }
    if run.warned > 0 {
        mailer.wake();
    }
    let expired =
        inactive_db::warned_and_still_inactive(&mut *db.acquire().await?, now - NOTICE_SECS, BATCH)
            .await?;
    for id in expired {
        match account_closure::close(db, storage, id, now).await {
            Ok(_) => run.closed += 1,
            // An order still being fulfilled: the next run tries again.
            Err(e) => tracing::warn!(account = id, error = %e, "inactive account not closed"),
        }
    }
    Ok(run)
}
