//! The documents of an intra-EU supply and of an export agree with the order: the quote PDF, the
//! invoice and the credit note print 0 % VAT, the article (262 ter I or 262 I), the buyer's VAT
//! number and the VIES consultation; none says "Autoliquidation". Read back with pdftotext.

use serde_json::Value;
use server::domain::Cents;

use crate::builders::{an_admin, CH};
use crate::commande_pdf::pdf_text;
use crate::helpers::TestClient;
use crate::vat::{customer, munich, order, recap, stored, INTRA_EU};
use crate::vies_helpers::{app_on_vies, VALID_DE};

/// `1 234,56 €` as pdftotext gives it back.
fn euros(cents: &Value) -> String {
    Cents(cents.as_i64().unwrap())
        .fr()
        .replace(['\u{a0}', '\u{202f}'], " ")
}

/// A quote issued by `POST path` (with the CSRF header).
async fn issued_pdf(c: &TestClient, path: &str) -> Vec<u8> {
    let res = c.send_json(reqwest::Method::POST, path, None).await;
    assert_eq!(res.status(), 200, "{path}");
    res.bytes().await.unwrap().to_vec()
}

async fn pdf(c: &TestClient, path: &str) -> Vec<u8> {
    let res = c.get(path).await;
    assert_eq!(res.status(), 200, "{path}");
    res.bytes().await.unwrap().to_vec()
}

#[track_caller]
fn assert_has(text: &str, wanted: &[&str]) {
    for w in wanted {
        assert!(text.contains(w), "missing {w:?} in:\n{text}");
    }
    assert!(
        !text.contains("Autoliquidation") && !text.contains("283-2"),
        "{text}"
    );
}

#[tokio::test]
async fn the_quote_the_invoice_and_the_credit_note_of_an_intra_eu_supply_agree() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[munich(VALID_DE)]).await;
    let office = c.address();
    let r = recap(&c, office, office).await;
    assert_eq!(r["intracommunautaire"], true, "{r}");
    let today = server::domain::paris_time::fr_date(server::clock::now());
    let vat_row = "TVA (livraison intracommunautaire, exonérée) 0,00 €";
    let ttc = format!("Total TTC {}", euros(&r["total_ttc_cents"]));

    let quote = issued_pdf(
        &c,
        &format!(
            "/api/backend/Devis/pdf?idAdresseLivraison={office}&idAdresseFacturation={office}"
        ),
    )
    .await;
    if let Some(text) = pdf_text(&quote) {
        assert_has(
            &text,
            &[
                "Muster GmbH",
                "N° TVA intracommunautaire : DE123456789",
                vat_row,
                &ttc,
                INTRA_EU,
                "Consultation VIES n° WAPIAAAAZ",
            ],
        );
    }

    let placed = order(&c, "docs-1", office, office).await;
    let id = placed["id_commande"].as_i64().unwrap();
    let (_, _, consultation, _) = stored(&app, &placed["id_commande"]).await;
    let proof = format!("Consultation VIES n° {consultation} du {today}");
    let admin = an_admin(&app).await;
    assert_eq!(admin.set_order_status(id, "payée").await.status(), 200);
    let invoice = pdf(&c, &format!("/api/backend/Commande/{id}/facture.pdf")).await;
    if let Some(text) = pdf_text(&invoice) {
        assert_has(
            &text,
            &[
                "N° TVA intracommunautaire : DE123456789",
                vat_row,
                &ttc,
                INTRA_EU,
                &proof,
            ],
        );
    }
    let res = admin
        .set_order_status_noted(id, "annulée", "Annulée avant fabrication")
        .await;
    assert_eq!(res.status(), 200);
    let credit = pdf(&c, &format!("/api/backend/Commande/{id}/avoir.pdf")).await;
    if let Some(text) = pdf_text(&credit) {
        assert_has(&text, &[vat_row, INTRA_EU, &proof]);
    }
}

#[tokio::test]
async fn an_export_invoice_prints_its_article() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[CH]).await;
    let geneva = c.address();
    let placed = order(&c, "export-doc-1", geneva, geneva).await;
    let id = placed["id_commande"].as_i64().unwrap();
    let admin = an_admin(&app).await;
    assert_eq!(admin.set_order_status(id, "payée").await.status(), 200);
    let invoice = pdf(&c, &format!("/api/backend/Commande/{id}/facture.pdf")).await;
    if let Some(text) = pdf_text(&invoice) {
        assert_has(
            &text,
            &[
                "TVA (exportation, exonérée) 0,00 €",
                "Exonération de TVA, article 262 I du CGI",
            ],
        );
    }
}
