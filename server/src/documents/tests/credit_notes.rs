//! Credit notes: the invoice cancelled, the reason, and the credited (negative) totals.

use super::fixtures::{b2b_invoice, NEW_YEAR_IN_PARIS};
use super::read_back::{assert_has, pdf_text, SELLER_IDENTITY};
use crate::documents::{render_credit_note, CreditNoteData};

#[test]
fn credit_note_names_the_invoice_it_cancels_and_why_with_credited_totals() {
    let invoice = b2b_invoice();
    let data = CreditNoteData {
        number: "AV-2027-000001".to_owned(),
        issued_at: NEW_YEAR_IN_PARIS,
        invoice_number: invoice.number.clone(),
        invoice_issued_at: invoice.issued_at,
        reason: "Commande annulée à la demande du client avant fabrication".to_owned(),
        order_number: invoice.order_number.clone(),
        buyer_reference: invoice.buyer_reference.clone(),
        seller: invoice.seller.clone(),
        buyer: invoice.buyer.clone(),
        lines: invoice.lines.clone(),
        totals: invoice.totals.clone(),
        vat_regime: invoice.vat_regime,
        vat_exemption: invoice.vat_exemption.clone(),
        delivery: None,
        business: invoice.business,
        factur_x: false,
    };
    let pdf = render_credit_note(&data).expect("render");
    let Some(text) = pdf_text("credit-note", &pdf) else {
        return;
    };
    assert_has(&text, SELLER_IDENTITY);
    assert_has(
        &text,
        &[
            "AVOIR",
            "AV-2027-000001",
            // Issued at 23:30 UTC on 31 December: already 2027 in Paris.
            "Date 01/01/2027",
            "Cet avoir annule la facture n° FA-2026-000042 du 22 novembre 2026.",
            "Motif : Commande annulée à la demande du client avant fabrication",
            "10 -12,35 € 20 % -123,50 €",
            "Total HT -1 186,05 €",
            "TVA 20 % sur -1 186,05 € -237,21 €",
            "Total TTC de l’avoir -1 423,26 €",
        ],
    );
    assert!(
        !text.contains("FACTURE"),
        "a credit note is not titled as an invoice"
    );
}
