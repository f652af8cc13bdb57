//! The one way a payment is recorded, whoever reports it (the admin's "virement reçu", Stripe's
//! webhook): in the caller's transaction the order moves to "payée" and its invoice is issued;
//! once that transaction has committed, the "paiement reçu" e-mail with the invoice PDF is queued.
//! [`Recorded::commit`] does both in that order, so no caller can send the e-mail of a payment
//! that was rolled back, nor forget it.

use super::error::CommerceError;
use super::invoicing::{self, Actor, Change};
use super::order_status::{Machine, OrderStatus};
use super::payment_mail;
use super::ship_dates::{self, ShipClock};
use crate::db::{invoices, orders, payment_terms, Db, Tx};
use crate::documents::Seller;
use crate::domain::Cents;
use crate::mail::terms_templates;
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
    /// The settlement of an invoice on terms (issued when the order was placed).
    on_terms: bool,
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
        if self.on_terms {
            let mail = terms_templates::terms_settled(
                receipts.mailer.brand(),
                &self.change.customer_email,
                self.change.invoice.as_deref().unwrap_or_default(),
                &self.change.order_number,
                Cents(self.change.total_ttc_cents),
            );
            if let Err(e) = receipts.mailer.send(mail).await {
                tracing::warn!(order_id = self.order_id, error = %e, "settlement e-mail not queued");
            }
            return Ok(self.change);
        }
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
    let due_at = orders::find_row(tx, order_id, lock)
        .await?
        .and_then(|o| o.due_at);
    if Machine::of(due_at) == Machine::OnTerms {
        return settle_terms(tx, lock, order_id, actor, seller, now).await;
    }
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
    Ok(Recorded {
        order_id,
        change,
        on_terms: false,
    })
}

/// Records in `tx` the transfer received for the invoice of the order on terms `order_id`: the
/// invoice is settled (it stops counting against the credit limit and its reminders stop), and an
/// order still « en attente de paiement » becomes « payée » (its invoice and ship date exist
/// since it was placed). Refused for an order not on terms, settled already, or cancelled.
pub async fn settle_terms(
    tx: &mut Tx,
    lock: &str,
    order_id: i64,
    actor: Actor<'_>,
    seller: &Seller,
    now: i64,
) -> Result<Recorded, CommerceError> {
    let order = orders::find_row(tx, order_id, lock)
        .await?
        .ok_or_else(|| CommerceError::NotFound(invoicing::ORDER_NOT_FOUND.to_owned()))?;
    if Machine::of(order.due_at) != Machine::OnTerms {
        return Err(CommerceError::Conflict(
            "Cette commande n'est pas payable à 30\u{a0}jours\u{a0}: enregistrez son paiement en la passant à «\u{a0}payée\u{a0}».".to_owned(),
        ));
    }
    if order.settled_at.is_some() {
        return Err(CommerceError::Conflict(
            "Le virement de cette commande est déjà enregistré.".to_owned(),
        ));
    }
    let status = OrderStatus::parse(&order.head.status)
        .ok_or_else(|| CommerceError::internal(format!("order {order_id}: status")))?;
    if status == OrderStatus::Cancelled {
        return Err(CommerceError::Conflict(
            "Cette commande est annulée\u{a0}: son avoir annule sa facture, il n'y a rien à régler."
                .to_owned(),
        ));
    }
    let invoice = invoices::invoice_of_order(tx, order_id)
        .await?
        .map(|(_, number, _)| number)
        .ok_or_else(|| {
            CommerceError::internal(format!("order {order_id} on terms without invoice"))
        })?;
    payment_terms::settle(tx, order_id, now).await?;
    let change = if status == OrderStatus::AwaitingPayment {
        invoicing::change_status(tx, lock, order_id, OrderStatus::Paid, actor, seller, now).await?
    } else {
        Change {
            order_number: order.head.numero.clone(),
            from: status,
            to: status,
            invoice: Some(invoice),
            credit_note: None,
            customer_email: order.customer_email.clone(),
            total_ttc_cents: order.head.total_ttc_cents,
        }
    };
    Ok(Recorded {
        order_id,
        change,
        on_terms: true,
    })
}
