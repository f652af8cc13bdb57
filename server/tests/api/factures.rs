//! `GET Factures` (admin): every invoice and credit note, newest first, with the customer and
//! the totals as printed, the PDF's address, the credit note's reason and the invoice it
//! cancels; filtered by kind, searched by number, order or customer, paginated; French 400s.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, insert_order};
use crate::helpers::{exec, items_of, spawn_app, TestApp, TestClient};

async fn set_status(admin: &TestClient, id: i64, statut: &str, note: &str) {
    let res = admin.set_order_status_noted(id, statut, note).await;
    assert_eq!(res.status(), 200, "{statut}");
}

async fn factures(admin: &TestClient, query: &str) -> Value {
    admin.get_json(&format!("Factures?{query}")).await
}

fn numbers(page: &Value) -> Vec<String> {
    items_of(page, "numero")
}

/// Dates the documents one hour apart in issue order, so that "newest first" is visible.
async fn spread_issue_times(app: &TestApp) {
    for (table, base) in [("invoices", 1_800_000_000), ("credit_notes", 1_800_100_000)] {
        exec!(
            app,
            &format!("UPDATE {table} SET issued_at = {base} + seq * 3600")
        );
    }
}

#[tokio::test]
async fn the_admin_lists_invoices_and_credit_notes_with_what_they_print() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let customer = a_customer(&app).email("client@exemple.fr").await;
    let account = customer.id;
    let other = app.create_account("autre@exemple.fr", Role::Client).await;
    exec!(
        app,
        "UPDATE accounts SET prenom = 'Paul', nom = 'Lefèvre' WHERE id = $1",
        other
    );
    let first = insert_order(&app, account, 1).await;
    let second = insert_order(&app, account, 2).await;
    let third = insert_order(&app, other, 3).await;
    exec!(
        app,
        "UPDATE orders SET customer_email = 'autre@exemple.fr' WHERE id = $1",
        third
    );
    insert_order(&app, account, 4).await; // never paid: no document
    for id in [first, second, third] {
        set_status(&admin, id, "payée", "Virement reçu").await;
    }
    set_status(&admin, third, "en production", "").await;
    set_status(&admin, third, "expédiée", "").await;
    set_status(&admin, first, "annulée", "Pièce impossible à imprimer").await;
    spread_issue_times(&app).await;
    let year = server::domain::paris_time::paris_year(server::clock::now());
    let fa = |n: u32| format!("FA-{year}-{n:06}");
    let av1 = format!("AV-{year}-000001");

    let all = factures(&admin, "").await;
    assert_eq!(all["total"], 4);
    assert_eq!(numbers(&all), [av1.clone(), fa(3), fa(2), fa(1)]);
    let credit = &all["items"][0];
    assert_eq!(credit["type"], "avoir");
    assert_eq!(credit["facture"], fa(1));
    assert_eq!(credit["motif"], "Pièce impossible à imprimer");
    assert_eq!(credit["commande"], "CO-2026-000001");
    assert_eq!(credit["statut_commande"], "annulée");
    assert_eq!(credit["annulable"], false);
    assert_eq!(
        credit["url"],
        format!("/api/backend/Commande/{first}/avoir.pdf")
    );
    // Totals and customer as the frozen document prints them.
    for d in all["items"].as_array().unwrap() {
        assert_eq!(
            (&d["total_ht_cents"], &d["tva_cents"], &d["total_ttc_cents"]),
            (&json!(10690), &json!(2138), &json!(12828)),
            "{d}"
        );
        assert_eq!(d["client"]["nom"], "Jeanne Dupont");
        assert_eq!(d["client"]["entreprise"], Value::Null);
    }
    let cancelled = &all["items"][3];
    assert_eq!(
        (
            &cancelled["type"],
            &cancelled["avoir"],
            &cancelled["annulable"]
        ),
        (&json!("facture"), &json!(av1), &json!(false))
    );
    // A paid invoice can still be cancelled by a credit note; a shipped order cannot.
    assert_eq!(all["items"][2]["annulable"], true);
    assert_eq!(all["items"][1]["annulable"], false);
    assert_eq!(all["items"][1]["client"]["id"], other);
    assert_eq!(
        all["items"][2]["url"],
        format!("/api/backend/Commande/{second}/facture.pdf")
    );

    // Every listed PDF downloads for the admin (and the owner keeps theirs).
    for d in all["items"].as_array().unwrap() {
        let res = admin.get(d["url"].as_str().unwrap()).await;
        assert_eq!(res.status(), 200, "{d}");
        assert_eq!(res.headers()["content-type"], "application/pdf");
    }
    let res = customer.get(credit["url"].as_str().unwrap()).await;
    assert_eq!(res.status(), 200);

    assert_eq!(
        numbers(&factures(&admin, "type=avoir").await),
        std::slice::from_ref(&av1)
    );
    assert_eq!(
        numbers(&factures(&admin, "type=facture").await),
        [fa(3), fa(2), fa(1)]
    );
    // Search: a document's number, the invoice a credit note cancels, the order, the customer.
    assert_eq!(
        numbers(&factures(&admin, &format!("q={}", fa(2))).await),
        [fa(2)]
    );
    assert_eq!(
        numbers(&factures(&admin, &format!("q={}", fa(1).to_lowercase())).await),
        [av1.clone(), fa(1)]
    );
    assert_eq!(
        numbers(&factures(&admin, "q=CO-2026-000003").await),
        [fa(3)]
    );
    assert_eq!(
        numbers(&factures(&admin, "q=paul%20lef%C3%A8vre").await),
        [fa(3)]
    );
    assert_eq!(
        numbers(&factures(&admin, "type=facture&q=client%40exemple.fr").await),
        [fa(2), fa(1)]
    );
    let page = factures(&admin, "page=2&par_page=3").await;
    assert_eq!(
        (page["total"].as_i64(), numbers(&page)),
        (Some(4), vec![fa(1)])
    );
}

#[tokio::test]
async fn wrong_filters_are_refused_in_french() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    for (query, expected) in [
        ("type=devis", "Type de document inconnu"),
        ("page=0", "Numéro de page invalide"),
        ("par_page=500", "Nombre de lignes par page invalide"),
        ("page=abc", "Numéro de page invalide"),
    ] {
        let res = admin.proxy("GET", &format!("Factures?{query}"), None).await;
        assert_eq!(res.status(), 400, "{query}");
        let v: Value = res.json().await.unwrap();
        let text = v.to_string();
        assert!(text.contains(expected), "{query}: {text}");
    }
    let empty = factures(&admin, "").await;
    assert_eq!(
        (empty["total"].as_i64(), numbers(&empty).len()),
        (Some(0), 0)
    );
}
