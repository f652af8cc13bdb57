//! The buyer's own order reference (purchase-order number, issue 23 part 3), through the real
//! routes: typed at checkout, it is on the quote of the basket, kept with the order, returned by
//! the customer's history and the admin's views, searchable by admins, corrected by an admin
//! until the invoice is issued, printed « Votre référence : … » on the invoice and the credit
//! note and carried in their Factur-X XML as BT-13 (validated offline like every invoice). A
//! refused reference is a 400 naming the field in French, and nothing is placed or numbered.

use serde_json::{json, Value};

use crate::builders::{a_customer, an_admin, cube, order_body, place, User, FR};
use crate::commande_pdf::pdf_text;
use crate::facturx::{document, outdir, validate_with, validator_available};
use crate::helpers::{scalar, spawn_app, TestApp, TestClient};

/// 35 characters once trimmed, accents and an en dash included (the longest accepted).
const LONGEST: &str = "BC-2026/0042 Atelier Nord – Évry 77";

/// The field of the requests and answers.
const FIELD: &str = "reference_commande_client";

async fn company_customer(app: &TestApp, email: &str) -> User {
    a_customer(app)
        .email(email)
        .with_address(FR.company("Ateliers Dupont SARL", "FR40303265045"))
        .with_basket(cube())
        .await
}

/// `POST Devis/pdf{query}`: `(status, body bytes)`.
async fn quote(c: &TestClient, query: &str) -> (u16, Vec<u8>) {
    let path = format!("/api/backend/Devis/pdf{query}");
    let res = c.send_json(reqwest::Method::POST, &path, None).await;
    (res.status().as_u16(), res.bytes().await.unwrap().to_vec())
}

fn with_reference(address: i64, reference: &str) -> Value {
    let mut body = order_body(address);
    body[FIELD] = json!(reference);
    body
}

/// The French refusal of the reference in a 400 body.
#[track_caller]
fn refusal(body: &Value) -> &str {
    body["errors"][FIELD][0]
        .as_str()
        .unwrap_or_else(|| panic!("no refusal of {FIELD} in {body}"))
}

#[tokio::test]
async fn the_reference_goes_from_checkout_to_the_history_the_admin_and_the_factur_x_invoice() {
    assert_eq!(LONGEST.chars().count(), 35);
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let c = company_customer(&app, "achats@dupont.example").await;
    let a = c.address();

    // The quote of the checkout's totals carries what the customer typed.
    let query = format!(
        "?idAdresseFacturation={a}&idAdresseLivraison={a}&{FIELD}=BC-2026%2F0042%20Atelier%20Nord"
    );
    let (status, pdf) = quote(&c, &query).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&pdf));
    if let Some(text) = pdf_text(&pdf) {
        assert!(
            text.contains("Votre référence : BC-2026/0042 Atelier Nord"),
            "{text}"
        );
    }

    let (status, placed) = place(
        &c,
        Some("ref-1"),
        with_reference(a, &format!("  {LONGEST}  ")),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["id_commande"].as_i64().unwrap();
    let numero = placed["numero"].as_str().unwrap().to_owned();

    let mine: Vec<Value> = c.get_json("Commande/mes-commandes").await;
    assert_eq!(mine[0][FIELD], LONGEST, "trimmed, kept whole");
    let seen = admin
        .expect(200, "GET", &format!("Commande/{id}"), None)
        .await;
    assert_eq!(seen[FIELD], LONGEST);

    // Admins find the order by its reference, any case, accented capitals folded.
    let found = admin
        .expect(
            200,
            "GET",
            "Commande?q=atelier%20nord%20%E2%80%93%20%C3%89VRY",
            None,
        )
        .await;
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(found["items"][0]["numero"], numero.as_str());
    assert_eq!(found["items"][0][FIELD], LONGEST);
    let none = admin.expect(200, "GET", "Commande?q=BC-2099", None).await;
    assert_eq!(none["total"], 0, "{none}");

    // Corrected before the invoice, with its audit line; the same value again writes nothing.
    let path = format!("Commande/{id}/reference");
    let body = json!({ FIELD: " BC-2026/0042-B " });
    let corrected = admin.expect(200, "PUT", &path, Some(body.clone())).await;
    assert_eq!(corrected[FIELD], "BC-2026/0042-B");
    assert_eq!(corrected["numero"], numero.as_str());
    admin.expect(200, "PUT", &path, Some(body)).await;
    let journal = admin
        .expect(200, "GET", "Admin/Journal?action=commande.reference", None)
        .await;
    assert_eq!(journal["total"], 1, "{journal}");
    let line = &journal["items"][0];
    assert_eq!(line["cible"], numero.as_str());
    assert_eq!(line["avant"][FIELD], LONGEST);
    assert_eq!(line["apres"][FIELD], "BC-2026/0042-B");
    assert_eq!(line["action_libelle"], "Référence de commande du client");

    // The invoice prints the reference it finds at issue, and is never changed afterwards.
    assert_eq!(admin.set_order_status(id, "payée").await.status(), 200);
    let (status, answer) = admin
        .call("PUT", &path, Some(json!({ FIELD: "AUTRE" })))
        .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(
        answer["message"],
        server::commerce::order_reference::INVOICE_ISSUED
    );
    let (invoice_path, invoice) = document(&c, id, "facture", "reference-facture").await;
    if let Some(text) = pdf_text(&invoice) {
        assert!(text.contains("Votre référence : BC-2026/0042-B"), "{text}");
    }
    let by_reference = admin
        .expect(200, "GET", "Factures?q=bc-2026%2F0042-b", None)
        .await;
    assert_eq!(by_reference["total"], 1, "{by_reference}");

    assert_eq!(
        admin
            .set_order_status_noted(id, "annulée", "Annulée avant fabrication")
            .await
            .status(),
        200
    );
    let (credit_path, credit) = document(&c, id, "avoir", "reference-avoir").await;
    if let Some(text) = pdf_text(&credit) {
        assert!(text.contains("Votre référence : BC-2026/0042-B"), "{text}");
    }

    if !validator_available() {
        return;
    }
    for (name, pdf) in [("facture", &invoice_path), ("avoir", &credit_path)] {
        let xml_path = outdir().join(format!("reference-{name}.xml"));
        validate_with(pdf, true, Some(&xml_path));
        // Indented by the writer: compared line by line, without the indentation.
        let xml: String = std::fs::read_to_string(&xml_path)
            .unwrap()
            .lines()
            .map(str::trim)
            .collect();
        assert!(
            xml.contains(
                "<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>BC-2026/0042-B\
                 </ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>"
            ),
            "{name}: BT-13 missing in\n{xml}"
        );
        assert!(!xml.contains("<ram:BuyerReference>"), "never BT-10");
    }
}

#[tokio::test]
async fn a_refused_reference_is_a_400_naming_the_field_in_french_and_nothing_is_placed() {
    let app = spawn_app().await;
    let c = company_customer(&app, "achats@refus.example").await;
    let a = c.address();
    let too_long = "A".repeat(36);
    let cases = [
        (
            too_long.as_str(),
            "La référence de commande ne doit pas dépasser 35\u{a0}caractères (vous en avez \
             saisi 36).",
        ),
        (
            "BC-2026\n0042",
            "La référence de commande ne peut pas contenir de retour à la ligne, de tabulation \
             ni d’autre caractère de contrôle ou invisible.",
        ),
        (
            "BC\u{202e}2400",
            "La référence de commande ne peut pas contenir de retour à la ligne, de tabulation \
             ni d’autre caractère de contrôle ou invisible.",
        ),
        (
            "注文 42",
            "La référence de commande contient un caractère qui ne peut pas figurer sur la \
             facture («\u{a0}注\u{a0}»)\u{a0}: utilisez des lettres latines, des chiffres et la \
             ponctuation courante.",
        ),
    ];
    for (i, (reference, message)) in cases.iter().enumerate() {
        let (status, body) = place(
            &c,
            Some(&format!("refus-{i}")),
            with_reference(a, reference),
        )
        .await;
        assert_eq!(status, 400, "{reference:?}: {body}");
        assert_eq!(refusal(&body), *message, "{reference:?}");
        let encoded: String = url::form_urlencoded::byte_serialize(reference.as_bytes()).collect();
        let (status, bytes) = quote(&c, &format!("?{FIELD}={encoded}")).await;
        assert_eq!(status, 400, "quote of {reference:?}");
        let body: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(refusal(&body), *message, "quote of {reference:?}");
    }
    let orders: i64 = scalar!(app, "SELECT COUNT(*) FROM orders");
    let quotes: i64 = scalar!(app, "SELECT COUNT(*) FROM quotes");
    assert_eq!((orders, quotes), (0, 0), "nothing placed, nothing numbered");
    let basket: Vec<Value> = c.get_json("ComptePiece").await;
    assert_eq!(basket.len(), 1, "the basket is kept");

    // Blank is no reference: the order is placed without one.
    let (status, placed) = place(&c, Some("blanc"), with_reference(a, " \u{a0} ")).await;
    assert_eq!(status, 201, "{placed}");
    let mine: Vec<Value> = c.get_json("Commande/mes-commandes").await;
    assert_eq!(mine[0][FIELD], Value::Null);
}

#[tokio::test]
async fn an_admin_corrects_or_removes_the_reference_only_while_no_invoice_exists() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let c = company_customer(&app, "achats@correction.example").await;
    let (status, placed) = place(&c, Some("corr"), with_reference(c.address(), "PO 77")).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["id_commande"].as_i64().unwrap();
    let path = format!("Commande/{id}/reference");

    let (status, body) = admin
        .call("PUT", &path, Some(json!({ FIELD: "PO\t78" })))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(refusal(&body).contains("tabulation"));
    let (status, _) = c.call("PUT", &path, Some(json!({ FIELD: "PO 79" }))).await;
    assert_eq!(status, 403, "a customer does not correct it");

    let removed = admin
        .expect(200, "PUT", &path, Some(json!({ FIELD: null })))
        .await;
    assert_eq!(removed[FIELD], Value::Null);
    let mine: Vec<Value> = c.get_json("Commande/mes-commandes").await;
    assert_eq!(mine[0][FIELD], Value::Null);
    let unknown = admin
        .call(
            "PUT",
            "Commande/999999/reference",
            Some(json!({ FIELD: "X" })),
        )
        .await;
    assert_eq!(unknown.0, 404, "{}", unknown.1);

    // Cancelled before payment: nothing more to correct.
    assert_eq!(admin.set_order_status(id, "annulée").await.status(), 200);
    let (status, body) = admin
        .call("PUT", &path, Some(json!({ FIELD: "PO 80" })))
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        server::commerce::order_reference::ORDER_CANCELLED
    );
}
