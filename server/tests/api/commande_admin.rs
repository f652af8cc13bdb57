//! The admin's order list and order page (`GET Commande`, `GET Commande/{id}`): search by number,
//! customer e-mail, name or company, status filter, server-side pages, and the legal next
//! statuses of the state machine (`statuts_suivants`) on each order.

use serde_json::Value;
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, insert_order};
use crate::helpers::{assert_paging, exec, items_of, spawn_app, TestApp, TestClient};

async fn list(admin: &TestClient, query: &str) -> Value {
    admin.get_json(&format!("Commande?{query}")).await
}

fn numbers(page: &Value) -> Vec<String> {
    items_of(page, "numero")
}

async fn customer(app: &TestApp, email: &str, prenom: &str, nom: &str) -> i64 {
    let id = app.create_account(email, Role::Client).await;
    exec!(
        app,
        "UPDATE accounts SET prenom = $1, nom = $2 WHERE id = $3",
        prenom,
        nom,
        id
    );
    id
}

async fn company(app: &TestApp, account: i64, name: &str) {
    exec!(
        app,
        "INSERT INTO companies (account_id, nom_entreprise, numero_tva, created_at, updated_at) \
         VALUES ($1, $2, NULL, 1, 1)",
        account,
        name
    );
}

async fn one(admin: &TestClient, id: i64) -> Value {
    let res = admin.proxy("GET", &format!("Commande/{id}"), None).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

#[tokio::test]
async fn the_admin_finds_an_order_by_number_customer_name_or_company_and_by_status() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let ines = customer(&app, "ines@exemple.fr", "Inès", "Moreau").await;
    let paul = customer(&app, "paul@exemple.fr", "Paul", "Lefèvre").await;
    company(&app, paul, "Ateliers Rhône-Alpes").await;
    insert_order(&app, ines, 1).await;
    let paid = insert_order(&app, paul, 2).await;
    insert_order(&app, paul, 3).await;
    let res = admin.set_order_status(paid, "payée").await;
    assert_eq!(res.status(), 200);

    assert_eq!(
        numbers(&list(&admin, "").await),
        ["CO-2026-000003", "CO-2026-000002", "CO-2026-000001"]
    );
    assert_eq!(
        numbers(&list(&admin, "q=co-2026-000002").await),
        ["CO-2026-000002"]
    );
    // Name in either order, any case; company; a literal underscore is not a wildcard.
    assert_eq!(numbers(&list(&admin, "q=moreau").await), ["CO-2026-000001"]);
    assert_eq!(
        numbers(&list(&admin, "q=In%C3%A8s%20Moreau").await),
        ["CO-2026-000001"]
    );
    assert_eq!(
        numbers(&list(&admin, "q=moreau%20in%C3%A8s").await),
        ["CO-2026-000001"]
    );
    assert_eq!(
        numbers(&list(&admin, "q=rh%C3%B4ne-alpes").await),
        ["CO-2026-000003", "CO-2026-000002"]
    );
    assert!(numbers(&list(&admin, "q=rh%C3%B4ne_alpes").await).is_empty());
    assert!(numbers(&list(&admin, "q=rh%C3%B4ne%25alpes").await).is_empty());
    let paid_only = list(&admin, "statut=pay%C3%A9e&q=ateliers").await;
    assert_eq!(numbers(&paid_only), ["CO-2026-000002"]);
    assert_eq!(paid_only["total"], 1);
    let v = admin
        .expect(400, "GET", "Commande?statut=inconnu", None)
        .await;
    assert_eq!(v["message"], "Statut de commande inconnu.");
}

#[tokio::test]
async fn the_list_is_paginated_on_the_server() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    for n in 1..=7 {
        insert_order(&app, account, n).await;
    }
    let first = list(&admin, "page=1&par_page=3").await;
    assert_paging(&first, 7, 1, 3);
    assert_eq!(
        numbers(&first),
        ["CO-2026-000007", "CO-2026-000006", "CO-2026-000005"]
    );
    assert_eq!(
        numbers(&list(&admin, "page=3&par_page=3").await),
        ["CO-2026-000001"]
    );
    assert!(numbers(&list(&admin, "page=4&par_page=3").await).is_empty());
}

#[tokio::test]
async fn each_admin_order_carries_the_legal_next_statuses_and_the_customer_s_view_does_not() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let customer = a_customer(&app).email("client@exemple.fr").await;
    let account = customer.id;
    let id = insert_order(&app, account, 1).await;
    let next = |v: &Value| v["statuts_suivants"].clone();
    let v = one(&admin, id).await;
    assert_eq!(next(&v), serde_json::json!(["payée", "annulée"]));
    assert_eq!(v["client"]["email"], "client@exemple.fr");
    assert_eq!(
        next(&list(&admin, "").await["items"][0]),
        serde_json::json!(["payée", "annulée"])
    );
    for (to, expected) in [
        ("payée", serde_json::json!(["en production", "annulée"])),
        ("en production", serde_json::json!(["expédiée", "annulée"])),
        ("expédiée", serde_json::json!(["livrée"])),
        ("livrée", serde_json::json!([])),
    ] {
        let res = admin.set_order_status(id, to).await;
        assert_eq!(res.status(), 200, "{to}");
        assert_eq!(next(&one(&admin, id).await), expected, "after {to}");
    }
    let mine: Vec<Value> = customer.get_json("Commande/mes-commandes").await;
    assert!(mine[0].get("statuts_suivants").is_none(), "{}", mine[0]);
    admin.expect(404, "GET", "Commande/999999", None).await;
}
