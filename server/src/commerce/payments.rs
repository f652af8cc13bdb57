//! The one way a payment is recorded, whoever reports it (the admin's "virement reçu", Stripe's
//! webhook): in the caller's transaction the order moves to "payée" and its invoice is issued;
//! once that transaction has committed, the "paiement reçu" e-mail with the invoice PDF is queued.
//! [`Recorded::commit`] does both in that order, so no caller can send the e-mail of a payment
//! that was rolled back, nor forget it.

use super::error::CommerceError;
use super::invoicing::{self, Actor, Change};
use super::order_status::OrderStatus;
use super::payment_mail;
use super::ship_dates::{self, ShipClock};
use crate::db::{orders, Db, Tx};
use crate::documents::Seller;
use crate::mail::Mailer;
use crate::storage::Storage;

/// What the e-mail after commit needs: where the invoice is read, rendered and kept, and who
/// queues the message.
#[derive(Clone, Copy)]
pub struct Receipts<'a> {
    /// The database (the invoice is read back as it was frozen).
    pub db: &'a Db,
    /// The object store that keeps the rendered PDF.
    pub storage: &'a Storage,
    /// The e-mail outbox.
    pub mailer: &'a Mailer,
}

/// A payment recorded in a transaction that has not committed yet.
#[must_use = "a recorded payment must be committed with Recorded::commit"]
#[derive(Debug)]
pub struct Recorded {
    order_id: i64,
    change: Change,
}

impl Recorded {
    /// The status change (and the invoice number) this payment made.
    pub fn change(&self) -> &Change {
        &self.change
    }

    /// Commits `tx`, then queues the "paiement reçu" e-mail with the invoice attached. The
    /// payment stands once committed: a failure to queue the e-mail is logged, not returned.
    pub async fn commit(self, tx: Tx, receipts: Receipts<'_>) -> Result<Change, CommerceError> {
        tx.commit().await?;
        if let Some(mail) = payment_mail::payment_received(
            receipts.db,
            receipts.storage,
            receipts.mailer,
            self.order_id,
            &self.change,
        )
        .await
        {
            if let Err(e) = receipts.mailer.send(mail).await {
                tracing::warn!(order_id = self.order_id, error = %e, "payment received e-mail not queued");
            }
        }
        Ok(self.change)
    }
}

/// Records the payment of `order_id` in `tx`: the order moves from "en attente de paiement" to
/// "payée", its invoice is issued (`invoicing`) and its ship date fixed (its slowest line's
/// working days counted from `dates.now` by the catalog's calendar); any other starting status
/// is a conflict and nothing is written.
pub async fn record(
    tx: &mut Tx,
    lock: &str,
    order_id: i64,
    actor: Actor<'_>,
    seller: &Seller,
    now: i64,
    dates: ShipClock<'_>,
) -> Result<Recorded, CommerceError> {
    let change =
        invoicing::change_status(tx, lock, order_id, OrderStatus::Paid, actor, seller, now).await?;
    if change.invoice.is_none() {
        return Err(CommerceError::internal(format!(
            "order {order_id} paid without an invoice"
        )));
    }
    let days = orders::line_lead_times(tx, order_id).await?;
    if let Some(ship) = ship_dates::slowest(dates.catalog, days, dates.now, None)? {
        orders::set_ship_date(tx, order_id, &ship.expedition).await?;
    }
    Ok(Recorded { order_id, change })
}
