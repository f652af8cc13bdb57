//! The buyer's own order reference (purchase-order number) on the three documents: « Votre
//! référence : … » above the lines of an invoice (a Factur-X one, whose PDF/A-3 refuses a glyph
//! its font lacks), a credit note and a quote, with the longest reference and the widest
//! letters; nothing when none was given.

use super::fixtures::{b2b_invoice, company_buyer, france_totals, seller, two_lines};
use super::fixtures::{DEC_22, NOV_22};
use super::read_back::{assert_has, pdf_text};
use crate::documents::{render_credit_note, render_invoice, render_quote};
use crate::documents::{CreditNoteData, InvoiceData, QuoteData, VatRegime};
use crate::domain::order_reference::MAX_CHARS;
use crate::domain::OrderReference;

/// The widest reference accepted: 35 characters, capitals W and M, accents, the usual signs.
fn widest() -> String {
    let reference = "WMWMWMWMWM-ÉŒÆ/№ 2026 «Œuvre» €…–WM";
    assert_eq!(reference.chars().count(), MAX_CHARS);
    OrderReference::parse(reference)
        .expect("accepted by the domain rule")
        .expect("not blank")
        .as_str()
        .to_owned()
}

fn fx_invoice_with(reference: Option<String>) -> InvoiceData {
    let mut d = b2b_invoice();
    d.factur_x = true;
    d.paid_at = Some(NOV_22);
    d.due_at = NOV_22;
    d.buyer_reference = reference;
    d
}

#[test]
fn the_invoice_prints_votre_reference_above_the_lines() {
    let reference = widest();
    let pdf = render_invoice(&fx_invoice_with(Some(reference.clone())))
        .expect("a Factur-X PDF/A-3b with the widest reference");
    let Some(text) = pdf_text("invoice-reference", &pdf) else {
        return;
    };
    let line = format!("Votre référence : {reference}");
    assert_has(&text, &[&line]);
    assert!(
        text.find(&line) < text.find("Désignation"),
        "above the lines:\n{text}"
    );
    let pdf = render_invoice(&fx_invoice_with(None)).unwrap();
    let text = pdf_text("invoice-no-reference", &pdf).expect("pdftotext ran above");
    assert!(!text.contains("Votre référence"), "{text}");
}

#[test]
fn the_credit_note_keeps_its_invoice_s_reference() {
    let invoice = fx_invoice_with(Some("BC-2026/0042".to_owned()));
    let data = CreditNoteData {
        number: "AV-2026-000003".to_owned(),
        issued_at: DEC_22,
        invoice_number: invoice.number.clone(),
        invoice_issued_at: invoice.issued_at,
        reason: "Annulation de la commande".to_owned(),
        order_number: invoice.order_number.clone(),
        buyer_reference: invoice.buyer_reference.clone(),
        seller: invoice.seller.clone(),
        buyer: invoice.buyer.clone(),
        lines: invoice.lines.clone(),
        totals: invoice.totals.clone(),
        vat_regime: invoice.vat_regime,
        vat_exemption: None,
        delivery: Some(invoice.delivery.clone()),
        business: true,
        factur_x: true,
    };
    let pdf = render_credit_note(&data).expect("render");
    let Some(text) = pdf_text("credit-note-reference", &pdf) else {
        return;
    };
    assert_has(
        &text,
        &[
            "Motif : Annulation de la commande",
            "Votre référence : BC-2026/0042",
        ],
    );
}

#[test]
fn the_quote_prints_the_reference_typed_at_checkout() {
    let data = QuoteData {
        number: "DE-2026-000009".to_owned(),
        issued_at: NOV_22,
        valid_until: DEC_22,
        seller: seller(),
        buyer: company_buyer(),
        buyer_reference: Some(widest()),
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        vat_exemption: None,
        lead_time_days: Some(7),
        ship_date: None,
        delivery: None,
        card_payment: false,
        notes: Vec::new(),
    };
    let pdf = render_quote(&data).expect("render");
    let Some(text) = pdf_text("quote-reference", &pdf) else {
        return;
    };
    assert_has(&text, &[&format!("Votre référence : {}", widest())]);
}

#[test]
fn a_frozen_document_without_the_field_reads_as_none() {
    // Invoices frozen before the reference existed have no `buyer_reference` key.
    let mut json = serde_json::to_value(b2b_invoice()).unwrap();
    assert!(json.get("buyer_reference").is_none(), "skipped when none");
    json.as_object_mut().unwrap().remove("buyer_reference");
    let back: InvoiceData = serde_json::from_value(json).unwrap();
    assert_eq!(back.buyer_reference, None);
}

/// A buyer, a delivery party and a company named in scripts the embedded font lacks (Chinese,
/// an emoji): the Factur-X invoice and its credit note are still issued, printing `?` for each
/// missing character (the Factur-X XML, written from the same data, keeps them as typed).
#[test]
fn names_the_font_lacks_print_as_question_marks_and_the_invoice_is_issued() {
    let mut d = fx_invoice_with(None);
    d.buyer.name = "王小明 😀".to_owned();
    d.buyer.company = Some("深圳打印有限公司".to_owned());
    d.delivery.name = "Ølaf 🚚".to_owned();
    let pdf = render_invoice(&d).expect("an invoice whose names the font lacks is issued");
    assert!(pdf.starts_with(b"%PDF-"));
    let credit = CreditNoteData {
        number: "AV-2026-000004".to_owned(),
        issued_at: DEC_22,
        invoice_number: d.number.clone(),
        invoice_issued_at: d.issued_at,
        reason: "Annulation".to_owned(),
        order_number: d.order_number.clone(),
        buyer_reference: None,
        seller: seller(),
        buyer: d.buyer.clone(),
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        vat_exemption: None,
        delivery: Some(d.delivery.clone()),
        business: true,
        factur_x: true,
    };
    render_credit_note(&credit).expect("its credit note too");
    let Some(text) = pdf_text("invoice-missing-glyphs", &pdf) else {
        return;
    };
    // DejaVu Sans has the grinning face; it has neither the Chinese nor the truck.
    assert_has(&text, &["??? 😀", "????????", "Ølaf ?"]);
}
