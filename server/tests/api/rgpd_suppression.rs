//! « Supprimer mon compte » (issue 26, part 3): `POST Comptes/me/suppression` with the password,
//! and a second-factor code when it is on. The account is closed at once, its personal data leave
//! every table but the invoices and credit notes, whose PDFs still download for an admin; its
//! files leave the object store; an admin sees it closed and cannot reopen it.

use serde_json::{json, Value};
use server::commerce::account_closure::{order_in_progress, CLOSED_FOR_GOOD};
use server::db::accounts::{self, Role};
use server::routes::comptes::deletion::{CLOSED, NO_CODE, NO_PASSWORD, WRONG_CODE, WRONG_PASSWORD};
use server::storage;

use crate::builders::{a_customer, an_order};
use crate::helpers::{scalar, spawn_app, PASSWORD};
use crate::rgpd_helpers::{needles_found, prepared_customer, rows_of, EMAIL};

#[tokio::test]
async fn deleting_the_account_leaves_no_personal_data_outside_the_invoices() {
    let app = spawn_app().await;
    let p = prepared_customer(&app).await;
    let c = &p.customer;
    let id = c.id;
    let part_key: String = scalar!(app, "SELECT storage_key FROM parts WHERE id = $1", p.part);
    assert!(app.storage.exists(&part_key).await.unwrap());
    assert!(app
        .storage
        .exists(&storage::document_key(&p.quote))
        .await
        .unwrap());
    let before = needles_found(&app).await;
    for table in [
        "accounts",
        "addresses",
        "contact_messages",
        "invoices",
        "orders",
    ] {
        assert!(
            before.iter().any(|f| f.starts_with(&format!("{table}."))),
            "{before:?}"
        );
    }

    // A wrong or missing password is refused in French, and nothing changes.
    let wrong = c
        .expect(
            400,
            "POST",
            "Comptes/me/suppression",
            Some(json!({ "password": "pas-le-bon" })),
        )
        .await;
    assert_eq!(wrong["message"], WRONG_PASSWORD);
    let missing = c
        .expect(400, "POST", "Comptes/me/suppression", Some(json!({})))
        .await;
    assert_eq!(missing["message"], NO_PASSWORD);
    assert_eq!(c.get_json::<Value>("Comptes/me").await["email"], EMAIL);

    let done = c
        .expect(
            200,
            "POST",
            "Comptes/me/suppression",
            Some(json!({ "password": PASSWORD })),
        )
        .await;
    assert_eq!(done["message"], CLOSED);

    // Closed at once: the session is over.
    assert_eq!(c.call("GET", "Comptes/me", None).await.0, 401);

    // No personal data left outside the invoices and credit notes, table by table.
    let after = needles_found(&app).await;
    let outside: Vec<&String> = after
        .iter()
        .filter(|f| !f.starts_with("invoices.") && !f.starts_with("credit_notes."))
        .collect();
    assert!(outside.is_empty(), "personal data left: {outside:?}");
    assert!(
        after.iter().any(|f| f.starts_with("invoices.data")),
        "{after:?}"
    );
    for table in [
        "addresses",
        "companies",
        "sessions",
        "account_parts",
        "quotes",
        "temp_uploads",
    ] {
        assert_eq!(rows_of(&app, table, id).await, 0, "{table}");
    }
    let unpaid: i64 = scalar!(app, "SELECT COUNT(*) FROM orders WHERE id = $1", p.unpaid);
    assert_eq!(unpaid, 0, "an order never invoiced is deleted");

    // The files are gone from the object store.
    assert!(!app.storage.exists(&part_key).await.unwrap());
    assert!(!app
        .storage
        .exists(&storage::document_key(&p.quote))
        .await
        .unwrap());

    // The invoices and the credit note still download for an admin.
    for (order, doc) in [
        (p.delivered, "facture.pdf"),
        (p.cancelled, "facture.pdf"),
        (p.cancelled, "avoir.pdf"),
    ] {
        let res = p
            .admin
            .get(&format!("/api/backend/Commande/{order}/{doc}"))
            .await;
        assert_eq!(res.status(), 200, "{order} {doc}");
        assert!(res.bytes().await.unwrap().starts_with(b"%PDF-"));
    }

    // An admin sees the account closed, and cannot reopen or change it.
    let page: Value = p.admin.get_json("Admin/Comptes?q=compte-supprime").await;
    let row = &page["comptes"][0];
    assert_eq!(
        (row["id"].as_i64(), &row["supprime"]),
        (Some(id), &json!(true)),
        "{page}"
    );
    assert!(row["supprime_le"].is_string());
    let reopen = p
        .admin
        .expect(
            400,
            "PUT",
            &format!("Admin/Comptes/{id}/desactivation"),
            Some(json!({ "desactive": false })),
        )
        .await;
    assert_eq!(reopen["message"], CLOSED_FOR_GOOD);
    let rename = p
        .admin
        .expect(
            400,
            "PUT",
            "Comptes",
            Some(json!({ "id": id, "nom": "Nouveau" })),
        )
        .await;
    assert_eq!(rename["message"], CLOSED_FOR_GOOD);

    // Nobody signs in with it any more (a try leaves a rate-limit line naming the address
    // typed, which is no data of the closed account: hence after the scan).
    assert_eq!(app.client().sign_in(EMAIL, PASSWORD).await.status(), 401);

    // The e-mail is free: a new account may take it.
    assert!(
        accounts::find_by_email(&mut app.db.acquire().await.unwrap(), EMAIL)
            .await
            .unwrap()
            .is_none()
    );
    let again = app.create_account(EMAIL, Role::Client).await;
    assert_ne!(again, id);
}

#[tokio::test]
async fn an_account_with_two_factor_needs_a_code_too() {
    let app = spawn_app().await;
    let c = a_customer(&app).email(EMAIL).await;
    server::commerce::two_factor::enrol(&app.db, c.id, server::clock::now())
        .await
        .unwrap();
    let body = |code: Option<&str>| Some(json!({ "password": PASSWORD, "code": code }));
    let no_code = c
        .expect(400, "POST", "Comptes/me/suppression", body(None))
        .await;
    assert_eq!(no_code["message"], NO_CODE);
    let wrong = c
        .expect(400, "POST", "Comptes/me/suppression", body(Some("000000")))
        .await;
    assert_eq!(wrong["message"], WRONG_CODE);
    let code = app.second_factor_code(c.id).await;
    c.expect(200, "POST", "Comptes/me/suppression", body(Some(&code)))
        .await;
    let closed: Option<i64> = scalar!(app, "SELECT closed_at FROM accounts WHERE id = $1", c.id);
    assert!(closed.is_some());
}

#[tokio::test]
async fn an_order_being_fulfilled_or_an_admin_role_stops_the_deletion() {
    let app = spawn_app().await;
    let c = a_customer(&app).email(EMAIL).await;
    let order = an_order(&app).of(&c).paid().await;
    let numero: String = scalar!(app, "SELECT numero FROM orders WHERE id = $1", order);
    let refused = c
        .expect(
            400,
            "POST",
            "Comptes/me/suppression",
            Some(json!({ "password": PASSWORD })),
        )
        .await;
    assert_eq!(refused["message"], order_in_progress(&numero));
    assert_eq!(c.call("GET", "Comptes/me", None).await.0, 200);

    let admin = crate::builders::an_admin(&app).await;
    let code = app.second_factor_code(admin.id).await;
    let refused = admin
        .expect(
            400,
            "POST",
            "Comptes/me/suppression",
            Some(json!({ "password": PASSWORD, "code": code })),
        )
        .await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("administrateur"),
        "{refused}"
    );
}
