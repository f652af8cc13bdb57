//! Quotes: valid until when, not an invoice, lead time, payment terms and the signature box.

use super::fixtures::{company_buyer, france_totals, seller, two_lines, DEC_22, NOV_22};
use super::read_back::{assert_has, pdf_text, SELLER_IDENTITY};
use crate::documents::{render_quote, QuoteData, VatRegime};

#[test]
fn quote_says_until_when_it_is_valid_and_that_it_is_not_an_invoice() {
    let data = QuoteData {
        number: "DE-2026-000007".to_owned(),
        issued_at: NOV_22,
        valid_until: DEC_22,
        seller: seller(),
        buyer: company_buyer(),
        buyer_reference: None,
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        vat_exemption: None,
        lead_time_days: Some(7),
        ship_date: Some("2026-12-02".to_owned()),
        delivery: Some(("2026-12-03".to_owned(), "2026-12-07".to_owned())),
        card_payment: true,
        notes: vec![
            "Frais de port calculés pour une livraison en France métropolitaine.".to_owned(),
        ],
    };
    let pdf = render_quote(&data).expect("render");
    let Some(text) = pdf_text("quote", &pdf) else {
        return;
    };
    assert_has(&text, SELLER_IDENTITY);
    assert_has(
        &text,
        &[
            "DEVIS",
            "DE-2026-000007",
            "Valable jusqu’au 22/12/2026",
            "Délai 7 jours ouvrés",
            "Expédition mercredi 2 décembre 2026",
            "Livraison estimée du jeudi 3 décembre 2026 au lundi 7 décembre 2026",
            "Dates d’expédition et de livraison pour une commande payée à l’heure de ce devis ;",
            "Devis valable jusqu’au 22 décembre 2026.",
            "Ce document est un devis, pas une facture",
            "Ateliers Mécaniques du Rhône",
            "Total HT 1 186,05 €",
            "TVA 20 % sur 1 186,05 € 237,21 €",
            "Total TTC 1 423,26 €",
            "Indemnité forfaitaire pour frais de recouvrement : 40 €",
            "L221-28 3°",
            "Bon pour accord",
            "Paiement à la commande, par carte bancaire ou par virement.",
            "Frais de port calculés pour une livraison en France métropolitaine.",
        ],
    );
    assert!(
        !text.contains("FACTURE"),
        "a quote is not titled as an invoice"
    );
    let transfer_only = render_quote(&QuoteData {
        card_payment: false,
        ..data
    })
    .expect("render");
    let text = pdf_text("quote-transfer-only", &transfer_only).expect("pdftotext ran above");
    assert_has(&text, &["Paiement à la commande, par virement bancaire."]);
    assert!(!text.contains("carte bancaire"), "{text}");
}

#[test]
fn a_quote_issued_before_dates_were_printed_reads_without_them() {
    // The frozen JSON of a quote from before: no `ship_date`, no `delivery`.
    let mut json = serde_json::to_value(QuoteData {
        number: "DE-2026-000008".to_owned(),
        issued_at: NOV_22,
        valid_until: DEC_22,
        seller: seller(),
        buyer: company_buyer(),
        buyer_reference: None,
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        vat_exemption: None,
        lead_time_days: Some(7),
        ship_date: None,
        delivery: None,
        card_payment: true,
        notes: Vec::new(),
    })
    .unwrap();
    assert!(json.get("ship_date").is_none() && json.get("delivery").is_none());
    json.as_object_mut().unwrap().remove("lead_time_days");
    let old: QuoteData = serde_json::from_value(json).expect("an older quote still reads");
    let pdf = render_quote(&old).expect("render");
    let Some(text) = pdf_text("quote-undated", &pdf) else {
        return;
    };
    assert!(!text.contains("Expédition"), "{text}");
    assert!(!text.contains("Dates d’expédition"), "{text}");
}

#[test]
fn a_company_s_quote_prints_its_siren() {
    let mut buyer = company_buyer();
    buyer.vat_number = None;
    buyer.siren = Some("732829320".to_owned());
    let data = QuoteData {
        number: "DE-2026-000008".to_owned(),
        issued_at: NOV_22,
        valid_until: DEC_22,
        seller: seller(),
        buyer,
        buyer_reference: None,
        lines: two_lines(),
        totals: france_totals(),
        vat_regime: VatRegime::France,
        vat_exemption: None,
        lead_time_days: None,
        ship_date: None,
        delivery: None,
        card_payment: false,
        notes: Vec::new(),
    };
    let pdf = render_quote(&data).expect("render");
    let Some(text) = pdf_text("quote-siren", &pdf) else {
        return;
    };
    assert_has(
        &text,
        &["Ateliers Mécaniques du Rhône", "SIREN : 732829320"],
    );
}
