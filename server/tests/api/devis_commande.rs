//! « Commander ce devis » (`POST Devis/{numero}/commander`, issue 25 part 3): a saved quote's
//! parts go back to the basket with its options and quantities, at its prices while it is valid
//! even after the catalog changed (basket, summary and the order placed), at today's once it
//! expired or once the customer changes a line; the answer gives each line's total then and now.

use serde_json::{json, Value};

use crate::admin_catalogue::{get, save};
use crate::builders::{a_customer, an_admin, order_body, place, FR};
use crate::devis_helpers::{box_stl, drop_file, post, set_entry};
use crate::helpers::{spawn_app, TestApp, TestClient};

/// `POST Devis/pdf` of the caller's basket: the quote's number.
async fn issue_quote(c: &TestClient) -> String {
    let res = c
        .send_json(reqwest::Method::POST, "/api/backend/Devis/pdf", None)
        .await;
    assert_eq!(res.status(), 200);
    let disposition = res.headers()["content-disposition"].to_str().unwrap();
    disposition
        .trim_start_matches("attachment; filename=\"")
        .trim_end_matches(".pdf\"")
        .to_owned()
}

/// Doubles the first material's rate in a new catalog version.
async fn raise_prices(admin: &TestClient) {
    let (_, v1) = get(admin, "Admin/Catalogue").await;
    let mut edited = v1["catalogue"].clone();
    let rate = edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"]
        .as_f64()
        .unwrap();
    edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"] = json!(rate * 2.0);
    let (status, saved) = save(admin, v1["version"].as_i64().unwrap(), &edited).await;
    assert_eq!(status, 201, "{saved}");
}

async fn basket(c: &TestClient) -> Value {
    get(c, "ComptePiece").await.1
}

/// A customer with an address whose basket holds seven express parts, and a quote of it.
async fn quoted(app: &TestApp) -> (crate::builders::User, String, Value) {
    let c = a_customer(app).with_address(FR).await;
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "support.stl", 0).await;
    let res = set_entry(&c, 0, json!({ "express": true, "quantity": 7 })).await;
    assert_eq!(res.status(), 200);
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0] })).await;
    assert_eq!(res.status(), 200);
    let number = issue_quote(&c).await;
    let line = basket(&c).await[0].clone();
    (c, number, line)
}

#[tokio::test]
async fn a_valid_quote_is_ordered_at_its_prices_after_the_catalog_changed() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (c, number, quoted_line) = quoted(&app).await;
    let quoted_cents = quoted_line["prix"].as_i64().unwrap();
    let (_, mine) = get(&c, "Devis/mes-devis").await;
    assert_eq!(mine[0]["commandable"], true, "{mine}");

    // The basket is changed (quantity 2) and the catalog's prices go up.
    let part = quoted_line["Id_Piece"].as_i64().unwrap();
    let (status, _) = c
        .call(
            "POST",
            "ComptePiece",
            Some(json!({ "Id_Piece": part, "Quantite": 2 })),
        )
        .await;
    assert_eq!(status, 200);
    raise_prices(&admin).await;

    let (status, ordered) = c
        .call("POST", &format!("Devis/{number}/commander"), None)
        .await;
    assert_eq!(status, 200, "{ordered}");
    assert_eq!(ordered["numero"], number.as_str());
    assert_eq!(ordered["au_prix_du_devis"], true);
    let line = &ordered["lignes"][0];
    assert_eq!(line["quantite"], 7);
    assert_eq!(line["total_ht_avant_cents"], quoted_cents);
    assert_eq!(line["total_ht_cents"], quoted_cents, "{ordered}");
    assert_eq!(line["raison"], Value::Null);
    let now = basket(&c).await;
    assert_eq!(now.as_array().unwrap().len(), 1, "{now}");
    assert_eq!(now[0]["Quantite"], 7);
    assert_eq!(now[0]["options"]["express"], true);
    assert_eq!(now[0]["prix"], quoted_cents);
    assert_eq!(now[0]["prix_devis"], number.as_str());

    // The summary and the order placed keep the quote's price.
    let address = c.address();
    let both = json!({ "idAdresseLivraison": address, "idAdresseFacturation": address });
    let (status, recap) = c.call("POST", "Commande/Recapitulatif", Some(both)).await;
    assert_eq!(status, 200, "{recap}");
    assert_eq!(recap["sous_total_cents"], quoted_cents, "{recap}");
    let (status, placed) = place(&c, Some("cle-devis"), order_body(address)).await;
    assert_eq!(status, 201, "{placed}");
    let (_, orders) = get(&c, "Commande/mes-commandes").await;
    assert_eq!(
        orders[0]["lignes"][0]["total_ht_cents"], quoted_cents,
        "{orders}"
    );
}

#[tokio::test]
async fn changing_a_line_or_an_expired_quote_prices_at_today_s_catalog() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (c, number, quoted_line) = quoted(&app).await;
    let quoted_cents = quoted_line["prix"].as_i64().unwrap();
    raise_prices(&admin).await;
    let (status, _) = c
        .call("POST", &format!("Devis/{number}/commander"), None)
        .await;
    assert_eq!(status, 200);
    // Another quantity is priced at today's catalog; back to the quote's quantity, its price.
    let part = basket(&c).await[0]["Id_Piece"].as_i64().unwrap();
    let (status, _) = c
        .call(
            "POST",
            "ComptePiece",
            Some(json!({ "Id_Piece": part, "Quantite": 8 })),
        )
        .await;
    assert_eq!(status, 200);
    let line = basket(&c).await[0].clone();
    assert_eq!(line["prix_devis"], Value::Null, "{line}");
    assert!(
        line["prix"].as_i64().unwrap() > quoted_cents * 8 / 7,
        "{line}"
    );
    let (status, _) = c
        .call(
            "POST",
            "ComptePiece",
            Some(json!({ "Id_Piece": part, "Quantite": 7 })),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(basket(&c).await[0]["prix"], quoted_cents);

    // The quote expires: ordering it again prices it at today's catalog and says so.
    sqlx::query("UPDATE quotes SET valid_until = $1")
        .bind(server::clock::now() - 1)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let (status, again) = c
        .call("POST", &format!("Devis/{number}/commander"), None)
        .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["au_prix_du_devis"], false);
    let line = &again["lignes"][0];
    assert_eq!(line["total_ht_avant_cents"], quoted_cents);
    let today = line["total_ht_cents"].as_i64().unwrap();
    assert!(today > quoted_cents, "{again}");
    let now = basket(&c).await;
    assert_eq!(now[0]["prix"], today);
    assert_eq!(now[0]["prix_devis"], Value::Null);
    // The basket of a quote that no longer holds is not at its price even while it was put there.
    let (_, recap) = c
        .call(
            "POST",
            "Commande/Recapitulatif",
            Some(json!({ "idAdresseLivraison": c.address(), "idAdresseFacturation": c.address() })),
        )
        .await;
    assert_eq!(recap["sous_total_cents"], today, "{recap}");
}

#[tokio::test]
async fn a_quote_is_ordered_by_its_customer_only_and_older_quotes_say_why_not() {
    let app = spawn_app().await;
    let (c, number, _) = quoted(&app).await;
    let other = a_customer(&app).email("paul@exemple.fr").await;
    let answer = other
        .expect(404, "POST", &format!("Devis/{number}/commander"), None)
        .await;
    assert_eq!(answer["message"], "Devis introuvable.");
    assert_eq!(basket(&other).await, json!([]));
    // A quote issued before quotes kept their lines.
    sqlx::query("UPDATE quotes SET basket = NULL")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let (_, mine) = get(&c, "Devis/mes-devis").await;
    assert_eq!(mine[0]["commandable"], false);
    let refused = c
        .expect(400, "POST", &format!("Devis/{number}/commander"), None)
        .await;
    assert!(
        refused
            .to_string()
            .contains("avant que les devis puissent être commandés"),
        "{refused}"
    );
}
