//! Background jobs of the server. Every instance runs the loop, but a job that must run once for
//! the whole site (the purge) first takes its lease in the database (`db::job_leases`): with two
//! instances or more, one of them runs it each period and the others skip; when the holder dies,
//! another instance takes the lease once it has expired.
//!
//! The e-mail drainer ([`mail_loop`]) runs on every instance at once: it needs no lease because
//! each queued message is claimed row by row (`db::mail_outbox`), so the instances share the
//! work and never send one message twice.

mod inactive_accounts;
mod payment_reminders;
mod purge_uploads;

use std::time::Duration;

use crate::clock;
use crate::db::{self, Db};
use crate::mail::{self, Mailer};
use crate::storage::Storage;
pub use inactive_accounts::{
    inactive_accounts, InactiveRun, INACTIVE_AFTER_SECS, INACTIVE_JOB, INACTIVE_LEASE_SECS,
    NOTICE_SECS,
};
pub use payment_reminders::{payment_reminders, RemindersRun, REMINDERS_JOB, REMINDERS_LEASE_SECS};
pub use purge_uploads::{purge_uploads, Purged};

/// Name of the purge's lease.
pub const PURGE_JOB: &str = "purge";
/// How long a purge's lease lasts: the purge runs about once per this period, site-wide.
pub const PURGE_LEASE_SECS: i64 = 3600;
/// How often each instance checks whether the purge's lease is free.
const PURGE_CHECK_EVERY: Duration = Duration::from_secs(300);

/// Runs `job` if this instance takes its lease for `ttl` seconds; returns whether it ran.
pub async fn run_once<F, Fut>(
    db: &Db,
    job: &str,
    holder: &str,
    ttl: i64,
    run: F,
) -> anyhow::Result<bool>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    if !db::job_leases::try_take(&mut *db.acquire().await?, job, holder, clock::now(), ttl).await? {
        return Ok(false);
    }
    run().await?;
    Ok(true)
}

/// Removes expired sessions, rate-limit events, quote entries, captcha solutions, uploads
/// (with the files nothing names any more, untouched for an hour), data exports and contact
/// messages older than three years: the work of one purge.
pub async fn purge(db: &Db, storage: &Storage) -> anyhow::Result<()> {
    let now = clock::now();
    db::sessions::purge_expired(&mut *db.acquire().await?, now).await?;
    db::rate_limits::purge(&mut *db.acquire().await?, now - 86_400).await?;
    db::quote_entries::purge(&mut *db.acquire().await?, now).await?;
    db::captcha::purge(&mut *db.acquire().await?, now).await?;
    let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    purge_uploads(db, storage, now, hour_ago).await?;
    db::mail_outbox::purge_sent(&mut *db.acquire().await?, now - SENT_MAIL_KEPT_SECS).await?;
    crate::commerce::data_export::purge_expired(db, storage, now).await?;
    db::contact_messages::purge(&mut *db.acquire().await?, now - CONTACT_KEPT_SECS).await?;
    Ok(())
}

/// How long a contact-form message is kept (three years, the privacy charter's period).
pub const CONTACT_KEPT_SECS: i64 = 1096 * 86_400;

/// How long a sent message stays in the outbox table (for the operator), then the purge
/// deletes it.
pub const SENT_MAIL_KEPT_SECS: i64 = 7 * 86_400;

/// Sends the queued e-mails: at start (messages left by an instance that stopped), whenever this
/// instance queues one ([`Mailer::wake`]), and every [`mail::SWEEP_EVERY`] (retries, and messages
/// another instance queued or left claimed when it died). Logs what each drain did.
pub async fn mail_loop(mailer: Mailer) {
    loop {
        match mailer.drain(clock::now()).await {
            Ok(d) if d == mail::Drained::default() => {}
            Ok(d) => tracing::info!(
                instance = mailer.instance(),
                sent = d.sent,
                retried = d.retried,
                given_up = d.given_up,
                "mail outbox drained"
            ),
            Err(e) => tracing::warn!(error = %e, "mail outbox drain failed"),
        }
        mailer.woken(mail::SWEEP_EVERY).await;
    }
}

/// Checks every five minutes (and at start) whether the purge is due, and runs it when this
/// instance takes the lease. Logs `job purge ran` or `job purge skipped` (the cluster test reads
/// these lines).
pub async fn purge_loop(db: Db, storage: Storage, instance: String) {
    let mut tick = tokio::time::interval(PURGE_CHECK_EVERY);
    loop {
        tick.tick().await;
        let result = run_once(&db, PURGE_JOB, &instance, PURGE_LEASE_SECS, || {
            purge(&db, &storage)
        })
        .await;
        match result {
            Ok(true) => tracing::info!(instance = %instance, "job purge ran"),
            Ok(false) => tracing::info!(instance = %instance, "job purge skipped: lease held"),
            Err(e) => tracing::warn!(error = %e, "purge failed"),
        }
    }
}

/// How often each instance looks for data exports to build (requests left by an instance that
/// stopped; a request is normally built at once by the instance that took it).
const EXPORT_SWEEP_EVERY: Duration = Duration::from_secs(60);
/// How often each instance checks whether the inactive-accounts job is due.
const INACTIVE_CHECK_EVERY: Duration = Duration::from_secs(600);

/// Builds the pending data exports this instance can claim, every minute. Runs on every
/// instance: each request is claimed row by row (`db::data_exports`), never built twice.
pub async fn export_loop(db: Db, storage: Storage, mailer: Mailer, instance: String) {
    let mut tick = tokio::time::interval(EXPORT_SWEEP_EVERY);
    loop {
        tick.tick().await;
        match crate::commerce::data_export::run_pending(&db, &storage, &mailer, &instance).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(instance = %instance, built = n, "data exports built"),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "data exports sweep failed"),
        }
    }
}

/// How often each instance checks whether the reminders job is due.
const REMINDERS_CHECK_EVERY: Duration = Duration::from_secs(900);

/// Checks every quarter of an hour (and at start) whether the reminders of the invoices on terms
/// are due, and sends them when this instance takes the lease (once per
/// [`REMINDERS_LEASE_SECS`] across the servers).
pub async fn reminders_loop(
    db: Db,
    storage: Storage,
    mailer: Mailer,
    seller: crate::documents::Seller,
    instance: String,
) {
    let mut tick = tokio::time::interval(REMINDERS_CHECK_EVERY);
    loop {
        tick.tick().await;
        let result = run_once(
            &db,
            REMINDERS_JOB,
            &instance,
            REMINDERS_LEASE_SECS,
            || async {
                let run = payment_reminders(&db, &storage, &mailer, &seller, clock::now()).await?;
                tracing::info!(instance = %instance, sent = run.sent.len(), "job relances ran");
                Ok(())
            },
        )
        .await;
        if let Err(e) = result {
            tracing::warn!(error = %format!("{e:#}"), "payment reminders job failed");
        }
    }
}

/// Checks every ten minutes whether the inactive-accounts job is due, and runs it when this
/// instance takes its lease (once per [`INACTIVE_LEASE_SECS`] across the servers).
pub async fn inactive_loop(db: Db, storage: Storage, mailer: Mailer, instance: String) {
    let mut tick = tokio::time::interval(INACTIVE_CHECK_EVERY);
    loop {
        tick.tick().await;
        let result = run_once(
            &db,
            INACTIVE_JOB,
            &instance,
            INACTIVE_LEASE_SECS,
            || async {
                let run = inactive_accounts(&db, &storage, &mailer, clock::now()).await?;
                tracing::info!(
                    instance = %instance,
                    warned = run.warned,
                    closed = run.closed,
                    "job comptes_inactifs ran"
                );
                Ok(())
            },
        )
        .await;
        if let Err(e) = result {
            tracing::warn!(error = %format!("{e:#}"), "inactive accounts job failed");
        }
    }
}
