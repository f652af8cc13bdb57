//! The Factur-X XML of an invoice or a credit note: UN/CEFACT CII D16B, profile EN 16931 of
//! Factur-X 1.09, with what the French CTC rules add (business process, SIREN under scheme
//! 0002, electronic addresses in the French directory, the `BAR`, `PMD`, `PMT`, `AAB` notes).
//! Written with quick-xml from the frozen document data; `render` embeds it in the PDF/A-3.
//! The rules it follows, and why: docs/decisions.md ("Factur-X").

mod amounts;
mod cii;
mod parties;
#[cfg(test)]
mod tests;
mod xml;

use super::view::{business_terms, payment_method_fr};
use super::{CreditNoteData, InvoiceData, Seller};
use crate::domain::paris_time::fr_date;
use cii::{Doc, Settlement};

/// `PMD`, `PMT`, `AAB` of a business buyer (late-payment penalties, the 40 € indemnity, no
/// discount for early payment: BR-FR-05), in the words the PDF prints.
fn business_notes(seller: &Seller) -> Vec<(&'static str, String)> {
    ["PMD", "PMT", "AAB"]
        .into_iter()
        .zip(business_terms(seller))
        .collect()
}

/// The CII XML of an invoice.
pub fn invoice_xml(d: &InvoiceData) -> String {
    let mut notes = vec![("BAR", parties::framework(&d.buyer).to_owned())];
    if parties::is_company(&d.buyer) {
        notes.extend(business_notes(&d.seller));
    }
    let method = payment_method_fr(&d.payment_method);
    let settlement = match d.paid_at {
        Some(at) => Settlement::Paid {
            at,
            method: &d.payment_method,
            terms: format!("Facture acquittée le {} par {method}.", fr_date(at)),
        },
        None => Settlement::ToPay {
            terms: format!(
                "Paiement au plus tard le {} par {method}.",
                fr_date(d.due_at)
            ),
        },
    };
    cii::write(&Doc {
        number: &d.number,
        type_code: "380",
        issued_at: d.issued_at,
        seller: &d.seller,
        buyer: &d.buyer,
        delivery: Some(&d.delivery),
        delivery_date: d.issued_at,
        order_number: &d.order_number,
        buyer_order: d.buyer_reference.as_deref(),
        lines: &d.lines,
        totals: &d.totals,
        regime: d.vat_regime,
        exemption: d.vat_exemption.as_ref(),
        notes,
        settlement,
        corrects: None,
    })
}

/// The CII XML of a credit note (type 381, positive amounts, citing its invoice).
pub fn credit_note_xml(d: &CreditNoteData) -> String {
    let mut notes = vec![
        ("BAR", parties::framework(&d.buyer).to_owned()),
        (
            "AAI",
            format!(
                "Avoir sur la facture {} du {} : {}",
                d.invoice_number,
                fr_date(d.invoice_issued_at),
                d.reason
            ),
        ),
    ];
    if d.business || parties::is_company(&d.buyer) {
        notes.extend(business_notes(&d.seller));
    }
    cii::write(&Doc {
        number: &d.number,
        type_code: "381",
        issued_at: d.issued_at,
        seller: &d.seller,
        buyer: &d.buyer,
        delivery: d.delivery.as_ref(),
        delivery_date: d.invoice_issued_at,
        order_number: &d.order_number,
        buyer_order: d.buyer_reference.as_deref(),
        lines: &d.lines,
        totals: &d.totals,
        regime: d.vat_regime,
        exemption: d.vat_exemption.as_ref(),
        notes,
        settlement: Settlement::ToPay {
            terms: format!(
                "Remboursement par le moyen de paiement de la commande {}.",
                d.order_number
            ),
        },
        corrects: Some((&d.invoice_number, d.invoice_issued_at)),
    })
}
