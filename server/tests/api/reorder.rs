//! « Commander à nouveau » (`POST Commande/{id}/recommander`, issue 25 part 3): the order's parts
//! go back to the basket with the options and quantities they were ordered with, priced with
//! today's catalog, the answer giving each line's total then and now; only the order's customer
//! can do it.

use serde_json::{json, Value};

use crate::admin_catalogue::{get, save};
use crate::builders::{a_customer, an_admin, place_order};
use crate::devis_helpers::{box_stl, drop_file, post, set_entry};
use crate::helpers::spawn_app;

fn reorder_path(id: i64) -> String {
    format!("Commande/{id}/recommander")
}

#[tokio::test]
async fn an_order_goes_back_to_the_basket_at_today_s_prices_and_says_what_changed() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let c = a_customer(&app).with_address(crate::builders::FR).await;
    // Seven express parts, ordered.
    drop_file(&c, box_stl(20.0, 30.0, 40.0), "support.stl", 0).await;
    let res = set_entry(&c, 0, json!({ "express": true, "quantity": 7 })).await;
    assert_eq!(res.status(), 200);
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0] })).await;
    assert_eq!(res.status(), 200);
    let placed = place_order(&c, "cle-recommande").await;
    let id = placed["id_commande"].as_i64().unwrap();
    let (_, orders) = get(&c, "Commande/mes-commandes").await;
    let ordered = orders[0]["lignes"][0].clone();
    assert_eq!(ordered["Quantite"], 7, "{orders}");
    let (_, basket) = get(&c, "ComptePiece").await;
    assert_eq!(basket, json!([]), "the order emptied the basket");

    let (status, again) = c.call("POST", &reorder_path(id), None).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["numero"], placed["numero"]);
    let line = &again["lignes"][0];
    assert_eq!(line["id_piece"], ordered["Id_Piece"]);
    assert_eq!(line["designation"], ordered["designation"]);
    assert_eq!(line["quantite"], 7);
    assert_eq!(line["total_ht_avant_cents"], ordered["total_ht_cents"]);
    assert_eq!(
        line["total_ht_cents"], ordered["total_ht_cents"],
        "same catalog, same price"
    );
    assert_eq!(line["raison"], Value::Null);
    let (_, basket) = get(&c, "ComptePiece").await;
    assert_eq!(basket.as_array().unwrap().len(), 1, "{basket}");
    assert_eq!(basket[0]["Quantite"], 7);
    assert_eq!(
        basket[0]["options"]["express"], true,
        "the options it was ordered with"
    );
    assert_eq!(basket[0]["prix"], ordered["total_ht_cents"]);

    // The admin doubles the resin's rate: the same order again is priced at today's rate, the
    // answer says the total then and now, and the basket keeps one line for the part.
    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    let mut edited = v1["catalogue"].clone();
    edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"] = json!(130.0);
    let (status, saved) = save(&admin, v1["version"].as_i64().unwrap(), &edited).await;
    assert_eq!(status, 201, "{saved}");
    let (status, again) = c.call("POST", &reorder_path(id), None).await;
    assert_eq!(status, 200, "{again}");
    let line = &again["lignes"][0];
    assert_eq!(line["total_ht_avant_cents"], ordered["total_ht_cents"]);
    let now = line["total_ht_cents"].as_i64().unwrap();
    assert!(now > ordered["total_ht_cents"].as_i64().unwrap(), "{again}");
    let (_, basket) = get(&c, "ComptePiece").await;
    assert_eq!(basket.as_array().unwrap().len(), 1, "{basket}");
    assert_eq!(basket[0]["prix"], now);
}

#[tokio::test]
async fn only_the_order_s_customer_can_order_it_again() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let a = a_customer(&app).ready_to_order().await;
    let placed = place_order(&a, "cle-a").await;
    let id = placed["id_commande"].as_i64().unwrap();
    let b = a_customer(&app)
        .email("autre@exemple.fr")
        .with_address(crate::builders::FR)
        .await;
    for (who, c) in [("another customer", &b), ("an admin", &admin)] {
        let (status, body) = c.call("POST", &reorder_path(id), None).await;
        assert_eq!(status, 404, "{who}: {body}");
        assert_eq!(
            body["message"], "Cette commande est introuvable.",
            "{who}: {body}"
        );
        let (_, basket) = get(c, "ComptePiece").await;
        assert_eq!(basket, json!([]), "{who}: nothing put in their basket");
    }
    for unknown in ["999999", "0", "abc"] {
        let (status, _) = a
            .call("POST", &format!("Commande/{unknown}/recommander"), None)
            .await;
        assert_eq!(status, 404, "{unknown}");
    }
    let (status, _) = app.client().call("POST", &reorder_path(id), None).await;
    assert_eq!(status, 401);
    let (_, basket) = get(&a, "ComptePiece").await;
    assert_eq!(
        basket,
        json!([]),
        "the refused calls put nothing in A's basket"
    );
}
