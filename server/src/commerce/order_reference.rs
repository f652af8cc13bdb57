//! The buyer's own order reference (purchase-order number): its refusals as a rule's error tied
//! to the request's field, and the admin's correction of it on an order whose invoice is not
//! issued yet (the invoice freezes it; an issued invoice is never edited).

use super::error::CommerceError;
use super::invoicing::ORDER_NOT_FOUND;
use super::order_status::OrderStatus;
use crate::audit;
use crate::auth::session::Session;
use crate::db::{invoices, orders, Db};
use crate::domain::{OrderReference, OrderReferenceError};

/// The request field that carries it (`POST Commande`, `POST Devis/pdf`,
/// `PUT Commande/{id}/reference`), and the answer's field of an order.
pub const FIELD: &str = "reference_commande_client";

/// Answer when the order's invoice is issued.
pub const INVOICE_ISSUED: &str =
    "La facture de cette commande est émise\u{a0}: sa référence ne peut plus être modifiée \
     (une facture émise n’est jamais changée).";

/// Answer when the order was cancelled before payment.
pub const ORDER_CANCELLED: &str =
    "Cette commande est annulée\u{a0}: sa référence ne peut plus être modifiée.";

impl From<OrderReferenceError> for CommerceError {
    fn from(e: OrderReferenceError) -> Self {
        CommerceError::InvalidField {
            field: FIELD,
            reason: e.to_string(),
        }
    }
}

/// What a correction changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Corrected {
    /// The order's number.
    pub order_number: String,
    /// The reference before (empty: none).
    pub before: String,
    /// The reference now (empty: none).
    pub after: String,
}

/// Sets the buyer's reference of the order `order_id` to `reference` (`None` removes it) for
/// `admin`, with its audit line, in one transaction. Refused with a 409 once the invoice is
/// issued (it printed the reference it had) or the order is cancelled. The same value again
/// writes nothing.
pub async fn correct(
    db: &Db,
    admin: &Session,
    order_id: i64,
    reference: Option<&OrderReference>,
    now: i64,
) -> Result<Corrected, CommerceError> {
    let mut tx = db.begin().await?;
    // Locked like a payment locks it, so that the invoice is issued with one reference or the
    // other, never while it changes.
    let order = orders::find_row(&mut tx, order_id, db.for_update())
        .await?
        .ok_or_else(|| CommerceError::NotFound(ORDER_NOT_FOUND.to_owned()))?;
    if invoices::invoice_of_order(&mut tx, order_id)
        .await?
        .is_some()
    {
        return Err(CommerceError::Conflict(INVOICE_ISSUED.to_owned()));
    }
    if OrderStatus::parse(&order.head.status) == Some(OrderStatus::Cancelled) {
        return Err(CommerceError::Conflict(ORDER_CANCELLED.to_owned()));
    }
    let after = reference.map_or("", OrderReference::as_str);
    let corrected = Corrected {
        order_number: order.head.numero,
        before: order.buyer_reference,
        after: after.to_owned(),
    };
    if corrected.before == corrected.after {
        return Ok(corrected);
    }
    orders::set_buyer_reference(&mut tx, order_id, after, now).await?;
    let value = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    audit::record(
        &mut tx,
        admin,
        audit::ORDER_REFERENCE,
        &corrected.order_number,
        &serde_json::json!({ FIELD: value(&corrected.before) }),
        &serde_json::json!({ FIELD: value(&corrected.after) }),
    )
    .await?;
    tx.commit().await?;
    Ok(corrected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_reference_is_tied_to_the_request_field() {
        let e = CommerceError::from(OrderReferenceError::ControlCharacter);
        match e {
            CommerceError::InvalidField { field, reason } => {
                assert_eq!(field, "reference_commande_client");
                assert_eq!(reason, OrderReferenceError::ControlCharacter.to_string());
            }
            other => panic!("{other:?}"),
        }
    }
}
