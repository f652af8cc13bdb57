//! Invoices: a business customer's with the B2B mentions, a consumer's receipted card payment, and
//! the VAT mentions of reverse charge and export.

use super::fixtures::{b2b_invoice, NOV_22};
use super::read_back::{assert_has, pages, pdf_text, SELLER_IDENTITY};
use crate::documents::{render_invoice, VatRegime, ViesProof};
use crate::domain::Cents;

#[test]
fn business_invoice_prints_number_identities_lines_totals_and_b2b_mentions() {
    let pdf = render_invoice(&b2b_invoice()).expect("render");
    let Some(text) = pdf_text("invoice-b2b", &pdf) else {
        return;
    };
    assert_has(&text, SELLER_IDENTITY);
    assert_has(
        &text,
        &[
            "FACTURE",
            "FA-2026-000042",
            "Date 22/11/2026",
            "Échéance 22/12/2026",
            "CO-2026-000105",
            "Ateliers Mécaniques du Rhône",
            "Élodie Marchand",
            "N° TVA intracommunautaire : FR83 404833048",
            "69800 Saint-Priest",
            "support-moteur.stl · Frittage laser (SLS), PA12",
            "84,2 × 51,0 × 33,7 mm",
            "10 12,35 € 20 % 123,50 €",
            "2 590,00 € 20 % 1 180,00 €",
            "Sous-total HT 1 303,50 €",
            "Remise (code BIENVENUE10, -10 %) -130,35 €",
            "Frais de port HT 12,90 €",
            "Total HT 1 186,05 €",
            "TVA 20 % sur 1 186,05 € 237,21 €",
            "Total TTC 1 423,26 €",
            "Date d’échéance : 22 décembre 2026",
            "Pénalités de retard : taux annuel de 10 %",
            "Indemnité forfaitaire pour frais de recouvrement : 40 €",
            "L441-10",
            "Escompte pour paiement anticipé : néant.",
            "Règlement par virement bancaire",
            "IBAN : FR76 3000 6000 0112 3456 7890 189",
            "BIC : AGRIFRPPXXX",
            "Référence à indiquer : CO-2026-000105",
            "page 1 sur 1",
        ],
    );
    assert!(
        !text.contains("Autoliquidation"),
        "France sale: no reverse charge"
    );
    assert_eq!(pages(&text), 1);
}

#[test]
fn consumer_card_invoice_is_receipted_without_b2b_mentions() {
    let mut data = b2b_invoice();
    data.business = false;
    data.buyer.company = None;
    data.buyer.vat_number = None;
    data.payment_method = "carte".to_owned();
    data.paid_at = Some(NOV_22);
    data.due_at = NOV_22;
    let pdf = render_invoice(&data).expect("render");
    let Some(text) = pdf_text("invoice-b2c", &pdf) else {
        return;
    };
    assert_has(
        &text,
        &[
            "FA-2026-000042",
            "Facture acquittée le 22/11/2026 par carte bancaire.",
            "Total TTC 1 423,26 €",
        ],
    );
    for absent in ["Indemnité forfaitaire", "Pénalités de retard", "IBAN"] {
        assert!(
            !text.contains(absent),
            "{absent:?} printed for a consumer paying by card"
        );
    }
}

/// A B2B invoice zero-rated under `regime`, to a German buyer.
fn zero_rated(regime: VatRegime) -> crate::documents::InvoiceData {
    let mut data = b2b_invoice();
    data.buyer.vat_number = Some("DE129273398".to_owned());
    data.buyer.address_lines = vec![
        "Hauptstraße 5".to_owned(),
        "10115 Berlin".to_owned(),
        "Allemagne".to_owned(),
    ];
    data.vat_regime = regime;
    data.totals.vat_rate_bp = 0;
    data.totals.vat = Cents::ZERO;
    data.totals.total_ttc = data.totals.total_ht;
    for line in &mut data.lines {
        line.vat_rate_bp = 0;
    }
    data
}

#[test]
fn an_intra_eu_supply_prints_its_article_the_buyer_s_number_and_the_vies_consultation() {
    let mut data = zero_rated(VatRegime::IntraEu);
    data.vat_exemption = VatRegime::IntraEu.exemption(Some(ViesProof {
        request_identifier: "WAPIAAAAZ0001".to_owned(),
        checked_at: data.issued_at,
    }));
    let pdf = render_invoice(&data).expect("render");
    if let Some(text) = pdf_text("invoice-intra-eu", &pdf) {
        assert_has(
            &text,
            &[
                "N° TVA intracommunautaire : DE129273398",
                "TVA (livraison intracommunautaire, exonérée) 0,00 €",
                "Total TTC 1 186,05 €",
                "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire",
                "Consultation VIES n° WAPIAAAAZ0001 du",
                "10 12,35 € 0 % 123,50 €",
            ],
        );
        assert!(!text.contains("Autoliquidation") && !text.contains("283-2"));
    }
}

#[test]
fn an_export_invoice_prints_its_article() {
    let mut data = zero_rated(VatRegime::Export);
    data.buyer.vat_number = None;
    data.vat_exemption = VatRegime::Export.exemption(None);
    let pdf = render_invoice(&data).expect("render");
    if let Some(text) = pdf_text("invoice-export", &pdf) {
        assert_has(
            &text,
            &[
                "TVA (exportation, exonérée) 0,00 €",
                "Exonération de TVA, article 262 I du CGI",
            ],
        );
        assert!(!text.contains("Autoliquidation") && !text.contains("(exportation)."));
    }
}

#[test]
fn invoices_frozen_before_issue_23_render_as_they_were_issued() {
    // The frozen JSON of an old reverse-charged invoice: its regime word, no exemption.
    let mut json = serde_json::to_value(zero_rated(VatRegime::France)).unwrap();
    json["vat_regime"] = "reverse_charge".into();
    json.as_object_mut().unwrap().remove("vat_exemption");
    let data: crate::documents::InvoiceData = serde_json::from_value(json).unwrap();
    let pdf = render_invoice(&data).expect("render");
    if let Some(text) = pdf_text("invoice-reverse-charge", &pdf) {
        assert_has(
            &text,
            &[
                "N° TVA intracommunautaire : DE129273398",
                "TVA (autoliquidation) 0,00 €",
                "Autoliquidation : TVA due par le preneur (art. 283-2 du CGI).",
            ],
        );
    }
    let mut data = zero_rated(VatRegime::Export);
    data.buyer.vat_number = None;
    let pdf = render_invoice(&data).expect("render");
    if let Some(text) = pdf_text("invoice-export-old", &pdf) {
        assert_has(
            &text,
            &["Exonération de TVA, art. 262 I du CGI (exportation)."],
        );
    }
}
