//! Payment by bank transfer: the instructions the customer reads (IBAN, BIC, holder, the order
//! number as reference, the amount); the admin records the transfer received
//! (`commerce::payments`).

use serde::Serialize;

use crate::db::orders::OrderHead;
use crate::documents::Seller;

/// The bank-transfer instructions of an order.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TransferDetails {
    /// `virement`.
    #[cfg_attr(feature = "ts", ts(type = "\"virement\""))]
    pub mode: &'static str,
    /// The order number, to quote as the transfer reference.
    pub reference: String,
    /// IBAN of the seller.
    pub iban: String,
    /// BIC of the seller.
    pub bic: String,
    /// Account holder.
    pub titulaire: String,
    /// Amount to transfer, cents.
    pub montant_cents: i64,
}

/// The bank details of `seller` for `order`.
pub fn transfer_details(order: &OrderHead, seller: &Seller) -> TransferDetails {
    TransferDetails {
        mode: "virement",
        reference: order.numero.clone(),
        iban: seller.iban.clone(),
        bic: seller.bic.clone(),
        titulaire: seller.bank_holder.clone(),
        montant_cents: order.total_ttc_cents,
    }
}
