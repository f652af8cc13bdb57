//! The catalog editor (`GET|POST Admin/Catalogue`, `GET Admin/Catalogue/{version}`): a saved
//! version is what `Combinaison/full` serves and what new quotes and baskets are priced with,
//! while an order placed before keeps its amounts; quote-core's refusals come back in French and
//! a save based on an old version is refused with a 409.

use quote_core::{analyze_file, price, Catalog, PriceOptions};
use serde_json::{json, Value};

use crate::builders::{a_customer, an_admin, cube, place_order};
use crate::devis_helpers::{box_stl, drop_file, price_of};
use crate::helpers::{scalar, spawn_app, TestClient};

const RATE: &str = "processes[SLA].materials[RESINE_STANDARD].material_rate_cents_per_cm3";

pub(crate) async fn get(c: &TestClient, path: &str) -> (u16, Value) {
    c.call("GET", path, None).await
}

pub(crate) async fn save(c: &TestClient, base: i64, catalogue: &Value) -> (u16, Value) {
    let body = json!({ "version_base": base, "catalogue": catalogue });
    c.call("POST", "Admin/Catalogue", Some(body)).await
}

/// The line of quote-core for a 20 × 30 × 40 mm SLA part with `catalog`.
fn line_cents(catalog: &Catalog, quantity: u32) -> i64 {
    let analysis = analyze_file(
        "cube.stl",
        &box_stl(20.0, 30.0, 40.0),
        &catalog.analysis_options(),
    )
    .unwrap();
    let options = PriceOptions {
        quantity,
        ..PriceOptions::default()
    };
    price(&analysis, &options, catalog).unwrap().line_cents as i64
}

#[tokio::test]
async fn a_saved_version_prices_new_quotes_and_baskets_while_a_placed_order_keeps_its_amounts() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    // An order placed with version 1, and another customer's basket line priced with it.
    let c = a_customer(&app)
        .email("commande@exemple.fr")
        .ready_to_order()
        .await;
    let placed = place_order(&c, "cle-catalogue").await;
    let order_id = placed["id_commande"].as_i64().unwrap();
    let (_, before) = get(&admin, &format!("Commande/{order_id}")).await;
    let waiting = a_customer(&app)
        .email("panier@exemple.fr")
        .with_basket(cube())
        .await;

    let (status, v1) = get(&admin, "Admin/Catalogue").await;
    assert_eq!(status, 200, "{v1}");
    assert_eq!(
        (v1["version"].as_i64(), v1["courante"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(v1["auteur"], "", "the shipped catalog has no author");
    let mut edited = v1["catalogue"].clone();
    assert_eq!(
        edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"],
        65.0
    );
    edited["processes"][0]["materials"][0]["material_rate_cents_per_cm3"] = json!(130.0);
    let (status, v2) = save(&admin, 1, &edited).await;
    assert_eq!(status, 201, "{v2}");
    assert_eq!(v2["version"], 2);
    assert_eq!(v2["courante"], true);
    assert_eq!(v2["auteur"], "admin@exemple.fr");
    let listed: Vec<i64> = v2["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["version"].as_i64().unwrap())
        .collect();
    assert_eq!(listed, [2, 1]);

    // Everyone is served the new version, with its ETag.
    let res = app.client().get("/api/backend/Combinaison/full").await;
    assert_eq!(res.headers()["etag"], "\"catalog-2\"");
    let served: Value = res.json().await.unwrap();
    assert_eq!(served, edited);
    let new_catalog = Catalog::from_json(&edited.to_string()).unwrap();
    let old_catalog = Catalog::default_catalog();
    assert!(line_cents(&new_catalog, 3) > line_cents(&old_catalog, 3));

    // A new quote is priced with version 2, to quote-core's cent.
    let visitor = app.client();
    drop_file(&visitor, box_stl(20.0, 30.0, 40.0), "piece.stl", 0).await;
    let prix: Value = price_of(&visitor, 0).await.json().await.unwrap();
    assert_eq!(prix["prix"]["line_cents"], line_cents(&new_catalog, 1));
    // A basket line put in with version 1 is priced again with version 2 (the basket shows it).
    let (_, lines) = get(&waiting, "ComptePiece").await;
    assert_eq!(lines[0]["prix"], line_cents(&new_catalog, 3), "{lines}");

    // The order placed with version 1 keeps every amount.
    let (_, after) = get(&admin, &format!("Commande/{order_id}")).await;
    for key in [
        "sous_total_cents",
        "total_ht_cents",
        "tva_cents",
        "total_ttc_cents",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    assert_eq!(after["lignes"], before["lignes"]);
    assert_eq!(
        after["lignes"][0]["total_ht_cents"],
        line_cents(&old_catalog, 3)
    );
    let (_, mine) = get(&c, "Commande/mes-commandes").await;
    assert_eq!(
        mine[0]["total_ttc_cents"], placed["total_ttc_cents"],
        "{mine}"
    );
    // Paid after the change, it is invoiced at the amounts it was placed with.
    let res = admin.set_order_status(order_id, "payée").await;
    assert_eq!(res.status(), 200);
    let invoiced: i64 = scalar!(
        app,
        "SELECT total_ttc_cents FROM invoices WHERE order_id = $1",
        order_id
    );
    assert_eq!(invoiced, placed["total_ttc_cents"].as_i64().unwrap());
    let stored: i64 = scalar!(
        app,
        "SELECT catalog_version FROM orders WHERE id = $1",
        order_id
    );
    assert_eq!(stored, 1);

    // The old version stays readable; the journal names the change.
    let (status, old) = get(&admin, "Admin/Catalogue/1").await;
    assert_eq!(status, 200);
    assert_eq!(old["courante"], false);
    assert_eq!(old["catalogue"], v1["catalogue"]);
    let (_, journal) = get(&admin, "Admin/Journal?action=catalogue.version").await;
    let line = &journal["items"][0];
    assert_eq!(line["cible"], "Catalogue version 2", "{journal}");
    assert_eq!(line["avant"], json!({ "version": 1, RATE: 65.0 }));
    assert_eq!(line["apres"], json!({ "version": 2, RATE: 130.0 }));
}

#[tokio::test]
async fn quote_core_s_refusal_comes_back_in_french_and_nothing_is_stored() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    let cases: [(&str, Value, &str); 4] = [
        (
            "/processes/1/materials/0/space_rate_cents_per_cm3",
            json!(-1.0),
            "SLS / PA12\u{a0}: le tarif d'encombrement doit être un nombre positif",
        ),
        ("/processes", json!([]), "au moins un procédé"),
        (
            "/quantity_breaks/1/min_quantity",
            json!(5),
            "les paliers de quantité doivent être croissants",
        ),
        (
            "/shipping/zones/0/bands/1/max_weight_g",
            json!(100),
            "les tranches doivent être croissantes",
        ),
    ];
    for (pointer, value, message) in cases {
        let mut edited = v1["catalogue"].clone();
        *edited.pointer_mut(pointer).unwrap() = value;
        let (status, body) = save(&admin, 1, &edited).await;
        assert_eq!(status, 400, "{pointer}: {body}");
        let text = body["errors"][0].as_str().unwrap();
        assert!(text.starts_with("Catalogue invalide"), "{text}");
        assert!(text.contains(message), "{pointer}: {text}");
    }
    let (status, body) = save(&admin, 1, &json!({ "processes": "SLA" })).await;
    assert_eq!(status, 400, "{body}");
    let body = json!({ "catalogue": v1["catalogue"] });
    admin
        .expect(400, "POST", "Admin/Catalogue", Some(body))
        .await;
    let (_, now) = get(&admin, "Admin/Catalogue").await;
    assert_eq!(now["version"], 1, "nothing was stored");
    let (status, body) = get(&admin, "Admin/Catalogue/9").await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(body["message"], "Cette version du catalogue n'existe pas.");
}

#[tokio::test]
async fn a_save_based_on_an_old_version_is_refused_with_a_409() {
    let app = spawn_app().await;
    let first = an_admin(&app).await;
    let second = an_admin(&app).email("autre-admin@exemple.fr").await;
    let (_, v1) = get(&first, "Admin/Catalogue").await;
    let mut a = v1["catalogue"].clone();
    a["lead_time_days"] = json!(8);
    let mut b = v1["catalogue"].clone();
    b["lead_time_days"] = json!(9);
    assert_eq!(save(&first, 1, &a).await.0, 201);
    let (status, body) = save(&second, 1, &b).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("modifié entre-temps (version 2 enregistrée)"),
        "{body}"
    );
    let (_, now) = get(&second, "Admin/Catalogue").await;
    assert_eq!(
        (
            now["version"].as_i64(),
            now["catalogue"]["lead_time_days"].as_i64()
        ),
        (Some(2), Some(8))
    );
    // From the version it now reads, the second admin's save goes through.
    assert_eq!(save(&second, 2, &b).await.0, 201);
}

#[tokio::test]
async fn concurrent_saves_from_the_same_version_make_one_version() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..8 {
        let tab = TestClient {
            http: admin.http.clone(),
            address: admin.address.clone(),
            csrf: admin.csrf.clone(),
        };
        let mut edited = v1["catalogue"].clone();
        edited["lead_time_days"] = json!(10 + i);
        set.spawn(async move { save(&tab, 1, &edited).await.0 });
    }
    let mut statuses: Vec<u16> = set.join_all().await;
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409, 409, 409, 409, 409, 409, 409]);
    let versions: i64 = scalar!(app, "SELECT COUNT(*) FROM catalogs");
    assert_eq!(versions, 2);
}
