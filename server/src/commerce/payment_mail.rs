//! The "payment received" e-mail of an order whose payment was just recorded (the admin's
//! "transfer received" or the card webhook), built after that transaction committed: the invoice
//! is read back as it was frozen, rendered (and kept in the object store: the download serves the
//! same file), and attached as `FA-YYYY-NNNNNN.pdf`; and the invoice of an order on terms, sent
//! with its due date to the company's accounts address when the order is placed.

use super::invoicing::Change;
use super::pdf_archive;
use crate::db::{invoices, orders, payment_terms, Db};
use crate::documents::{self, InvoiceData};
use crate::domain::paris_time::fr_date_long;
use crate::domain::Cents;
use crate::mail::{order_templates, terms_templates, Mailer, OutgoingMail};
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

/// An invoice issued at once for an order on terms.
pub struct TermsInvoice<'a> {
    pub order_id: i64,
    /// The ordering account, whose terms give the accounts address.
    pub account_id: i64,
    pub invoice_number: &'a str,
    pub order_number: &'a str,
    pub total_ttc: Cents,
    pub due_at: i64,
}

/// Sends the invoice of an order just placed on terms, with its PDF and due date, to the company's
/// accounts address. A failure is logged: the order and its invoice stand, and the invoice stays
/// downloadable from the order.
pub async fn send_terms_invoice(
    db: &Db,
    storage: &Storage,
    mailer: &Mailer,
    invoice: TermsInvoice<'_>,
) {
    let order_id = invoice.order_id;
    let terms = async {
        let mut conn = db.pool.acquire().await?;
        payment_terms::find(&mut conn, invoice.account_id).await
    }
    .await;
    let terms = match terms {
        Ok(Some(terms)) => terms,
        Ok(None) => return,
        Err(e) => {
            tracing::error!(order_id, error = %e, "payment terms not read for the invoice e-mail");
            return;
        }
    };
    let pdf = invoice_pdf(db, storage, order_id).await;
    let mail = terms_templates::terms_invoice(
        mailer.brand(),
        &terms.accounts_email,
        invoice.invoice_number,
        invoice.order_number,
        invoice.total_ttc,
        &fr_date_long(invoice.due_at),
        pdf,
    );
    if let Err(e) = mailer.send(mail).await {
        tracing::warn!(order_id, error = %e, "invoice on terms e-mail not queued");
    }
}
