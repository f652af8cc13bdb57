//! Following orders: `GET Commande/mes-commandes` (lines, totals, history, bank details while a
//! transfer is awaited, invoice link once paid), `POST Commande/{id}/Livraisons` and
//! `GET Commande/Livraisons`, and the admin list with filters, search and pagination.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, insert_order, place_order};
use crate::helpers::{assert_paging, spawn_app, TestClient};
use crate::mail_helpers::{text_part, wait_for_files};

async fn get(c: &TestClient, path: &str) -> (u16, Value) {
    c.call("GET", path, None).await
}

#[tokio::test]
async fn a_customer_follows_an_order_from_transfer_to_delivery() {
    let app = spawn_app().await;
    let c = a_customer(&app)
        .email("suivi@exemple.fr")
        .ready_to_order()
        .await;
    let placed = place_order(&c, "k1").await;
    let id = placed["id_commande"].as_i64().unwrap();
    let (status, list) = get(&c, "Commande/mes-commandes").await;
    assert_eq!(status, 200);
    let o = &list[0];
    assert_eq!(o["numero"], placed["numero"]);
    assert_eq!(o["statut"], "en attente de paiement");
    assert_eq!(o["historique"][0]["vers"], "en attente de paiement");
    assert_eq!(o["lignes"][0]["Quantite"], 3);
    assert_eq!(o["total_ttc_cents"], placed["total_ttc_cents"]);
    assert_eq!(o["adresse_livraison"]["codePostal"], "69003");
    assert_eq!(o["paiement"]["reference"], placed["numero"]);
    assert_eq!(o["facture"], Value::Null);
    assert!(o.get("client").is_none());

    let admin = an_admin(&app).await;
    for statut in ["payée", "en production"] {
        let res = admin.set_order_status(id, statut).await;
        assert_eq!(res.status(), 200);
    }
    let parcel = json!({ "transporteur": "Colissimo", "numero_suivi": "6A12345678901" });
    let l = admin
        .expect(
            201,
            "POST",
            &format!("Commande/{id}/Livraisons"),
            Some(parcel.clone()),
        )
        .await;
    assert_eq!(
        l["lien_suivi"],
        "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901"
    );
    // Shipped already: a second parcel through this route is an illegal transition.
    admin
        .expect(
            409,
            "POST",
            &format!("Commande/{id}/Livraisons"),
            Some(parcel),
        )
        .await;

    let (_, list) = get(&c, "Commande/mes-commandes").await;
    let o = &list[0];
    assert_eq!(o["statut"], "expédiée");
    assert_eq!(o["historique"].as_array().unwrap().len(), 4);
    assert_eq!(o["paiement"], Value::Null, "no bank details once paid");
    assert!(o["facture"]["numero"].as_str().unwrap().starts_with("FA-"));
    assert_eq!(
        o["facture"]["url"],
        format!("/api/backend/Commande/{id}/facture.pdf")
    );
    assert_eq!(o["livraisons"][0]["transporteur"], "Colissimo");
    let (status, parcels) = get(&c, "Commande/Livraisons").await;
    assert_eq!(status, 200);
    assert_eq!(parcels.as_array().unwrap().len(), 1);
    assert_eq!(parcels[0]["numero"], placed["numero"]);

    // Four French e-mails: received with the bank details, paid with the invoice, in production
    // with its ship date, shipped.
    let outbox = app.dir.path().join("data/outbox");
    let mails: Vec<String> = wait_for_files(&outbox, 4)
        .await
        .iter()
        .map(|m| text_part(m))
        .collect();
    let numero = placed["numero"].as_str().unwrap();
    let received = mails
        .iter()
        .find(|m| m.contains("Nous avons bien reçu votre commande"))
        .expect("order received e-mail");
    assert!(
        received.contains(&format!("référence {numero}")),
        "{received}"
    );
    assert!(received.contains("IBAN"));
    let invoice = o["facture"]["numero"].as_str().unwrap();
    assert!(mails
        .iter()
        .any(|m| m.contains(&format!("Votre facture {invoice}"))));
    assert!(mails
        .iter()
        .any(|m| m.contains("suivre-vos-envois?code=6A12345678901")));
    assert!(mails.iter().any(|m| m.contains(&format!(
        "Les pièces de votre commande {numero} sont en cours"
    ))));

    // Another customer sees none of it.
    let b = a_customer(&app).email("b@exemple.fr").await;
    assert_eq!(get(&b, "Commande/mes-commandes").await.1, json!([]));
    assert_eq!(get(&b, "Commande/Livraisons").await.1, json!([]));
}

#[tokio::test]
async fn a_parcel_needs_a_carrier_and_a_number() {
    let app = spawn_app().await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    let admin = an_admin(&app).await;
    let id = insert_order(&app, account, 1).await;
    let body = json!({ "transporteur": " " });
    let v = admin
        .expect(
            400,
            "POST",
            &format!("Commande/{id}/Livraisons"),
            Some(body),
        )
        .await;
    assert_eq!(v["errors"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_admin_list_filters_searches_and_pages_on_the_server() {
    let app = spawn_app().await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    let admin = an_admin(&app).await;
    let mut ids = Vec::new();
    for n in 1..=25 {
        ids.push(insert_order(&app, account, n).await);
    }
    for id in &ids[..3] {
        let res = admin.set_order_status(*id, "payée").await;
        assert_eq!(res.status(), 200);
    }
    let (status, p) = get(&admin, "Commande").await;
    assert_eq!(status, 200);
    assert_paging(&p, 25, 1, 20);
    assert_eq!(p["items"].as_array().unwrap().len(), 20);
    assert_eq!(p["items"][0]["numero"], "CO-2026-000025", "newest first");
    assert_eq!(p["items"][0]["client"]["email"], "client@exemple.fr");
    let (_, p2) = get(&admin, "Commande?page=2&par_page=20").await;
    assert_eq!(p2["items"].as_array().unwrap().len(), 5);
    let (_, paid) = get(&admin, "Commande?statut=pay%C3%A9e").await;
    assert_eq!(paid["total"], 3);
    let (_, found) = get(&admin, "Commande?q=co-2026-000007").await;
    assert_eq!(found["total"], 1);
    assert_eq!(found["items"][0]["id_commande"], ids[6]);
    let (_, none) = get(&admin, "Commande?q=100%25").await;
    assert_eq!(none["total"], 0, "a % is searched for, not a wildcard");
    assert_eq!(get(&admin, "Commande?statut=perdue").await.0, 400);
    let (status, one) = get(&admin, &format!("Commande/{}", ids[0])).await;
    assert_eq!(status, 200);
    assert_eq!(one["statut"], "payée");
    assert_eq!(get(&admin, "Commande/999999").await.0, 404);
}
