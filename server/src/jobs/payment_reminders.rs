//! The reminders of the invoices on payment terms (issue 25, part 4): for every invoice on terms
//! neither paid nor cancelled, the reminder its due date calls for ([`payment_terms::reminder_stage`]:
//! a few days before, then days 1 and 15 after), sent once to the company's accounts address and
//! to the customer, with the invoice attached and, once late, the penalties accrued and the 40 €
//! indemnity. The reminder's row and its messages commit together, and the row's key (order,
//! stage) makes a second run, on this instance or another, send nothing again. Run under the
//! lease [`REMINDERS_JOB`], so once across the servers.

use crate::commerce::payment_mail;
use crate::commerce::payment_terms::{self, reminder_stage, to_send};
use crate::db::{payment_terms as terms_db, Db};
use crate::documents::{rate_fr, Seller};
use crate::domain::paris_time::fr_date_long;
use crate::domain::Cents;
use crate::mail::terms_templates::{self, Reminder, ReminderStage};
use crate::mail::Mailer;
use crate::storage::Storage;

/// Name of the job's lease.
pub const REMINDERS_JOB: &str = "relances";
/// The lease's length: the job runs about once per this period, site-wide.
pub const REMINDERS_LEASE_SECS: i64 = 3 * 3600;

/// What one run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RemindersRun {
    /// Reminders sent, as (invoice number, stage).
    pub sent: Vec<(String, &'static str)>,
}

/// Sends, at `now`, the reminders the open invoices on terms call for.
pub async fn payment_reminders(
    db: &Db,
    storage: &Storage,
    mailer: &Mailer,
    seller: &Seller,
    now: i64,
) -> anyhow::Result<RemindersRun> {
    let mut run = RemindersRun::default();
    let horizon = now + payment_terms::REMINDER_BEFORE_DAYS * 86_400 + 1;
    let open = terms_db::open_invoices(&mut *db.acquire().await?, horizon).await?;
    let bank = [
        format!("Titulaire\u{a0}: {}", seller.bank_holder),
        format!("IBAN\u{a0}: {}", seller.iban),
        format!("BIC\u{a0}: {}", seller.bic),
    ];
    let rate = rate_fr(seller.late_penalty_rate_bp);
    for inv in open {
        let Some(stage) = reminder_stage(inv.due_at, now) else {
            continue;
        };
        let sent: Vec<ReminderStage> = inv
            .reminders
            .split(',')
            .filter_map(ReminderStage::parse)
            .collect();
        if !to_send(stage, &sent) {
            continue;
        }
        let days = payment_terms::days_late(inv.due_at, now);
        let amount = Cents(inv.total_ttc_cents);
        let due = fr_date_long(inv.due_at);
        let reminder = Reminder {
            stage,
            invoice: &inv.invoice_number,
            order: &inv.order_number,
            amount,
            due: &due,
            days_late: days,
            penalty: payment_terms::penalty(amount, seller.late_penalty_rate_bp, days),
            penalty_rate: &rate,
            bank: &bank,
        };
        let pdf = payment_mail::invoice_pdf(db, storage, inv.order_id).await;
        let mut recipients = vec![inv.accounts_email.as_str()];
        if !inv.customer_email.eq_ignore_ascii_case(&inv.accounts_email) {
            recipients.push(inv.customer_email.as_str());
        }
        recipients.retain(|r| !r.is_empty());
        // The row and the messages commit together: a reminder is never recorded unsent.
        let mut tx = db.begin().await?;
        if !terms_db::record_reminder(&mut tx, inv.order_id, stage.as_str(), now).await? {
            continue;
        }
        for to in recipients {
            let mail = terms_templates::reminder(mailer.brand(), to, &reminder, pdf.clone());
            mailer.queue(&mut tx, &mail).await?;
        }
        tx.commit().await?;
        run.sent.push((inv.invoice_number.clone(), stage.as_str()));
    }
    if !run.sent.is_empty() {
        mailer.wake();
    }
    Ok(run)
}
