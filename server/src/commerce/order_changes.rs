//! What the admin does to an order, each in one transaction with its audit line: a status change
//! (a payment received by transfer goes through [`payments::record`]; « en production » queues
//! the customer's e-mail with the ship date in the same transaction), the transfer of an invoice
//! on terms received ([`settle`]), and a parcel shipped (the order becomes "expédiée" and the
//! customer's e-mail is queued in the same transaction).

use super::error::CommerceError;
use super::invoicing::{self, Actor, Change};
use super::order_status::OrderStatus;
use super::payments::{self, Receipts};
use super::ship_dates::ShipClock;
use super::shipping;
use crate::audit;
use crate::auth::session::Session;
use crate::db::deliveries::{self, DeliveryRow};
use crate::db::orders;
use crate::documents::Seller;
use crate::mail::order_templates;

/// Moves the order to `to` for `admin`, with `note` kept in its history; "payée" records the
/// transfer and issues the invoice (its e-mail leaves after commit), "annulée" after payment
/// issues the credit note.
#[allow(clippy::too_many_arguments)]
pub async fn set_status(
    receipts: Receipts<'_>,
    admin: &Session,
    order_id: i64,
    to: OrderStatus,
    note: &str,
    seller: &Seller,
    now: i64,
    dates: ShipClock<'_>,
) -> Result<Change, CommerceError> {
    let db = receipts.db;
    let mut tx = db.begin().await?;
    let actor = Actor {
        account_id: Some(admin.account_id()),
        note,
    };
    if to == OrderStatus::Paid {
        let recorded = payments::record(
            &mut tx,
            db.for_update(),
            order_id,
            actor,
            seller,
            now,
            dates,
        )
        .await?;
        audit_status(&mut tx, admin, recorded.change(), note).await?;
        return recorded.commit(tx, receipts).await;
    }
    let change =
        invoicing::change_status(&mut tx, db.for_update(), order_id, to, actor, seller, now)
            .await?;
    audit_status(&mut tx, admin, &change, note).await?;
    let in_production = to == OrderStatus::InProduction;
    if in_production {
        // The customer hears that the parts are being made, with the date they leave.
        let ship_date = orders::ship_date(&mut tx, order_id).await?;
        let mail = order_templates::in_production(
            receipts.mailer.brand(),
            receipts.mailer.base_url(),
            &change.customer_email,
            &change.order_number,
            ship_date.as_deref(),
        );
        receipts.mailer.queue(&mut tx, &mail).await?;
    }
    tx.commit().await?;
    if in_production {
        receipts.mailer.wake();
    }
    Ok(change)
}

/// Records for `admin` the transfer received for the invoice of the order on terms `order_id`
/// (an order still « en attente de paiement » becomes « payée »), with its audit line; the
/// customer's e-mail leaves after commit.
pub async fn settle(
    receipts: Receipts<'_>,
    admin: &Session,
    order_id: i64,
    seller: &Seller,
    now: i64,
) -> Result<Change, CommerceError> {
    let db = receipts.db;
    let mut tx = db.begin().await?;
    let actor = Actor {
        account_id: Some(admin.account_id()),
        note: "Virement reçu (paiement à 30 jours)",
    };
    let recorded =
        payments::settle_terms(&mut tx, db.for_update(), order_id, actor, seller, now).await?;
    let change = recorded.change();
    audit::record(
        &mut tx,
        admin,
        audit::TERMS_SETTLED,
        &change.order_number,
        &serde_json::json!({ "statut": change.from.as_str(), "reglee": false }),
        &serde_json::json!({ "statut": change.to.as_str(), "reglee": true, "facture": change.invoice }),
    )
    .await?;
    recorded.commit(tx, receipts).await
}

async fn audit_status(
    tx: &mut sqlx::AnyConnection,
    admin: &Session,
    change: &Change,
    note: &str,
) -> Result<(), CommerceError> {
    let before = serde_json::json!({ "statut": change.from.as_str() });
    let after = serde_json::json!({ "statut": change.to.as_str(), "note": note, "facture": change.invoice, "avoir": change.credit_note });
    audit::record(
        tx,
        admin,
        audit::ORDER_STATUS,
        &change.order_number,
        &before,
        &after,
    )
    .await?;
    Ok(())
}

/// A parcel handed to a carrier.
#[derive(Debug, Clone, Copy)]
pub struct Parcel<'a> {
    /// Carrier (checked: 1 to 100 characters).
    pub carrier: &'a str,
    /// Tracking number (checked: 1 to 100 characters).
    pub number: &'a str,
}

/// Records `parcel` for the order: it becomes "expédiée" (state machine), the audit line is
/// written and the "expédiée" e-mail queued, all in one transaction.
pub async fn ship(
    receipts: Receipts<'_>,
    admin: &Session,
    order_id: i64,
    parcel: Parcel<'_>,
    seller: &Seller,
    now: i64,
) -> Result<DeliveryRow, CommerceError> {
    let (db, mailer) = (receipts.db, receipts.mailer);
    let Parcel { carrier, number } = parcel;
    let url = shipping::tracking_url(carrier, number);
    let mut tx = db.begin().await?;
    let change = invoicing::change_status(
        &mut tx,
        db.for_update(),
        order_id,
        OrderStatus::Shipped,
        Actor {
            account_id: Some(admin.account_id()),
            note: &format!("{carrier} {number}"),
        },
        seller,
        now,
    )
    .await?;
    let delivery_id = deliveries::insert(&mut tx, order_id, carrier, number, &url, now).await?;
    let row = deliveries::for_order(&mut tx, order_id)
        .await?
        .into_iter()
        .find(|d| d.id == delivery_id)
        .ok_or_else(|| CommerceError::internal("delivery just inserted"))?;
    let before = serde_json::json!({ "statut": change.from.as_str() });
    let after = serde_json::json!({ "statut": change.to.as_str(), "transporteur": carrier, "numero_suivi": number, "lien_suivi": url });
    audit::record(
        &mut tx,
        admin,
        audit::ORDER_DELIVERY,
        &change.order_number,
        &before,
        &after,
    )
    .await?;
    // Queued in the shipment's transaction: the customer is told exactly when it is recorded.
    let mail = order_templates::order_shipped(
        mailer.brand(),
        &change.customer_email,
        &change.order_number,
        carrier,
        number,
        &url,
    );
    mailer.queue(&mut tx, &mail).await?;
    tx.commit().await?;
    mailer.wake();
    Ok(row)
}
