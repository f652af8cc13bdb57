//! The "payment received" e-mail of an order whose payment was just recorded (the admin's
//! "transfer received" or the card webhook), built after that transaction committed: the invoice
//! is read back as it was frozen, rendered (and kept in the object store: the download serves the
//! same file), and attached as `FA-YYYY-NNNNNN.pdf`.

use super::invoicing::Change;
use super::pdf_archive;
use crate::db::{invoices, orders, Db};
use crate::documents::{self, InvoiceData};
use crate::domain::Cents;
use crate::mail::{order_templates, Mailer, OutgoingMail};
use crate::storage::Storage;

/// The invoice PDF of an order, from its frozen data; `None` (and the cause logged) when it
/// cannot be read or rendered, so that the customer still gets the e-mail with the link.
pub async fn invoice_pdf(db: &Db, storage: &Storage, order_id: i64) -> Option<Vec<u8>> {
    let stored = async {
        let mut conn = db.pool.acquire().await?;
        invoices::invoice_of_order(&mut conn, order_id).await
    }
    .await;
    let (number, data) = match stored {
        Ok(Some((_, number, data))) => (number, data),
        Ok(None) => {
            tracing::error!(order_id, "paid order without an invoice row");
            return None;
        }
        Err(e) => {
            tracing::error!(order_id, error = %e, "reading the invoice to attach");
            return None;
        }
    };
    match pdf_archive::issued_pdf::<InvoiceData, _>(
        storage,
        &number,
        data,
        documents::render_invoice,
    )
    .await
    {
        Ok(bytes) => Some(bytes.to_vec()),
        Err(e) => {
            tracing::error!(order_id, error = %e, "invoice not attached");
            None
        }
    }
}

/// The e-mail telling the customer of `order_id` that the payment of `change` was received,
/// with the invoice it issued attached and the ship date fixed at payment; `None` when the change
/// issued no invoice.
pub async fn payment_received(
    db: &Db,
    storage: &Storage,
    mailer: &Mailer,
    order_id: i64,
    change: &Change,
) -> Option<OutgoingMail> {
    let invoice = change.invoice.as_deref()?;
    let pdf = invoice_pdf(db, storage, order_id).await;
    // Fixed in the payment's transaction; the message goes without it if it cannot be read.
    let ship_date = async {
        let mut conn = db.pool.acquire().await?;
        orders::ship_date(&mut conn, order_id).await
    }
    .await
    .unwrap_or_else(|e| {
        tracing::error!(order_id, error = %e, "ship date not read for the payment e-mail");
        None
    });
    Some(order_templates::payment_received(
        mailer.brand(),
        mailer.base_url(),
        &change.customer_email,
        &change.order_number,
        invoice,
        Cents(change.total_ttc_cents),
        ship_date.as_deref(),
        pdf,
    ))
}
