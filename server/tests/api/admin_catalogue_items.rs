//! Adding, removing and renaming catalog items (`POST Admin/Catalogue`): an added material is
//! offered and priced to quote-core's cent, a removed one leaves the orders placed with it as they
//! were while the basket line and the quote entry that chose it say so in French and cannot be
//! ordered until changed; the journal names the items; quote-core's refusals come back in French.

use quote_core::{analyze_file, price, Catalog, PriceOptions};
use serde_json::{json, Value};

use crate::admin_catalogue::{get, save};
use crate::builders::{a_customer, address, an_admin, order_body, place};
use crate::devis_helpers::{box_stl, drop_file, post, price_of, set_entry};
use crate::helpers::{spawn_app, TestClient};

async fn set_options(c: &TestClient, index: usize, updates: Value) -> (u16, Value) {
    let res = set_entry(c, index, updates).await;
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

async fn calcul_prix(c: &TestClient, index: usize) -> (u16, Value) {
    let res = price_of(c, index).await;
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

/// A new SLS material, "Polyamide 6", with its own rates.
fn pa6() -> Value {
    json!({
        "code": "PA6", "name": "Polyamide 6", "density_g_cm3": 1.13,
        "material_rate_cents_per_cm3": 0.0, "space_rate_cents_per_cm3": 17.5,
        "height_rate_cents_per_mm": 0.0, "handling_fee_cents": 450.0,
        "minimum_part_price_cents": 900.0, "default_colour": "blanc",
        "colours": [{ "code": "blanc", "name": "Blanc", "fee_cents": 0.0, "rate_cents_per_cm2": 0.0 }],
        "default_finish": "brut",
        "finishes": [{ "code": "brut", "name": "Brut", "fee_cents": 0.0, "rate_cents_per_cm2": 0.0 }]
    })
}

/// quote-core's line for a 20 × 30 × `z` mm part with `catalog`.
fn native_line(catalog: &Catalog, z: f32, options: &PriceOptions) -> i64 {
    let bytes = box_stl(20.0, 30.0, z);
    let analysis = analyze_file("cube.stl", &bytes, &catalog.analysis_options()).unwrap();
    price(&analysis, options, catalog).unwrap().line_cents as i64
}

const PA11_GONE: &str =
    "Le matériau PA11 n'est plus proposé pour le procédé SLS\u{a0}: choisissez-en un autre.";

#[tokio::test]
async fn an_added_material_is_priced_a_removed_one_blocks_its_basket_line_and_orders_keep_their_names(
) {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    // A customer orders a PA11 part, then puts another PA11 part in the basket.
    let c = a_customer(&app).email("client@exemple.fr").await;
    for (index, z) in [(0, 40.0), (1, 41.0)] {
        drop_file(&c, box_stl(20.0, 30.0, z), "cube.stl", index).await;
        let (status, body) =
            set_options(&c, index, json!({ "process": "SLS", "material": "PA11" })).await;
        assert_eq!(status, 200, "{body}");
        if index == 0 {
            let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0] })).await;
            assert_eq!(res.status(), 200);
            let home = address(&c, "fr", "69003", None).await;
            let (status, placed) = place(&c, Some("cle-pa11"), order_body(home)).await;
            assert_eq!(status, 201, "{placed}");
        }
    }
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [1] })).await;
    assert_eq!(res.status(), 200);
    let (_, orders) = get(&c, "Commande/mes-commandes").await;
    let order_id = orders[0]["id_commande"].as_i64().expect("an order");
    let (_, before) = get(&admin, &format!("Commande/{order_id}")).await;
    let designation = before["lignes"][0]["designation"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(designation.contains("Polyamide 11 (PA11)"), "{designation}");

    // The admin adds PA6, removes PA11 and renames PA12, in one version.
    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    let mut edited = v1["catalogue"].clone();
    let sls = &mut edited["processes"][1];
    sls["materials"].as_array_mut().unwrap().push(pa6());
    sls["materials"]
        .as_array_mut()
        .unwrap()
        .retain(|m| m["code"] != "PA11");
    sls["materials"][0]["name"] = json!("Polyamide 12 industriel");
    let (status, v2) = save(&admin, 1, &edited).await;
    assert_eq!(status, 201, "{v2}");
    let new_catalog = Catalog::from_json(&edited.to_string()).unwrap();

    // The journal names the added and the removed material and the new name.
    let (_, journal) = get(&admin, "Admin/Journal?action=catalogue.version").await;
    let line = &journal["items"][0];
    let (was, now) = (&line["avant"], &line["apres"]);
    assert_eq!(was["processes[SLS].materials[PA6]"], Value::Null, "{line}");
    assert_eq!(now["processes[SLS].materials[PA6]"], pa6());
    assert_eq!(
        was["processes[SLS].materials[PA11]"]["name"],
        "Polyamide 11 (PA11)"
    );
    assert_eq!(now["processes[SLS].materials[PA11]"], Value::Null);
    assert_eq!(
        now["processes[SLS].materials[PA12].name"],
        "Polyamide 12 industriel"
    );
    assert!(
        was.as_object()
            .unwrap()
            .keys()
            .all(|k| !k.contains("[PA6].")),
        "an added material is one entry: {was}"
    );

    // A visitor's new quote offers PA6, priced to quote-core's cent.
    let visitor = app.client();
    drop_file(&visitor, box_stl(20.0, 30.0, 40.0), "piece.stl", 0).await;
    let (status, body) =
        set_options(&visitor, 0, json!({ "process": "SLS", "material": "PA6" })).await;
    assert_eq!(status, 200, "{body}");
    let (status, prix) = calcul_prix(&visitor, 0).await;
    assert_eq!(status, 200, "{prix}");
    let options = PriceOptions {
        material: Some("PA6".into()),
        ..PriceOptions::for_process("SLS")
    };
    assert_eq!(
        prix["prix"]["line_cents"],
        native_line(&new_catalog, 40.0, &options)
    );
    assert_eq!(prix["prix"]["material_name"], "Polyamide 6");
    // PA11 is refused to a new choice, with the materials still offered.
    let (status, body) = set_options(&visitor, 0, json!({ "material": "PA11" })).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("PA12, TPU, PA6"),
        "{body}"
    );

    // The basket line that chose PA11 says so and cannot be ordered; nothing crashes.
    let (status, lines) = get(&c, "ComptePiece").await;
    assert_eq!(status, 200, "{lines}");
    let l = &lines[0];
    assert_eq!(
        l["erreur"],
        format!("{PA11_GONE} Modifiez la pièce sur la page de devis, puis ajoutez-la de nouveau au panier.")
    );
    assert_eq!(
        (l["commandable"].as_bool(), l["prix"].as_i64()),
        (Some(false), None)
    );
    let home = address(&c, "fr", "75011", None).await;
    let (status, refused) = place(&c, Some("cle-refus"), order_body(home)).await;
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["errors"][0].as_str().unwrap().contains(PA11_GONE),
        "{refused}"
    );
    // So does its quote entry.
    let (status, entry) = calcul_prix(&c, 1).await;
    assert_eq!(status, 400, "{entry}");
    assert_eq!(entry["message"], format!("« cube.stl » : {PA11_GONE}"));
    // The page sending the entry's options again (another quantity) reads the same sentence.
    let (status, body) = set_options(&c, 1, json!({ "quantity": 2 })).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some(PA11_GONE)),
        "{body}"
    );

    // The order placed with PA11 keeps its lines, names and amounts.
    let (_, after) = get(&admin, &format!("Commande/{order_id}")).await;
    assert_eq!(after["lignes"], before["lignes"]);
    assert_eq!(after["total_ttc_cents"], before["total_ttc_cents"]);
    let (_, mine) = get(&c, "Commande/mes-commandes").await;
    assert_eq!(mine[0]["total_ttc_cents"], before["total_ttc_cents"]);

    // Once the customer picks PA6, the line is priced again and can be ordered.
    let (status, body) = set_options(&c, 1, json!({ "material": "PA6" })).await;
    assert_eq!(status, 200, "{body}");
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [1] })).await;
    assert_eq!(res.status(), 200);
    let (_, lines) = get(&c, "ComptePiece").await;
    assert_eq!(lines[0]["erreur"], Value::Null, "{lines}");
    assert_eq!(lines[0]["commandable"], true);
    assert_eq!(lines[0]["prix"], native_line(&new_catalog, 41.0, &options));
    let (status, placed) = place(&c, Some("cle-pa6"), order_body(home)).await;
    assert_eq!(status, 201, "{placed}");
}

#[tokio::test]
async fn items_that_break_quote_core_s_rules_are_refused_in_french_naming_the_field() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (_, v1) = get(&admin, "Admin/Catalogue").await;
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 7] = [
        (
            |c| {
                let mut twin = pa6();
                twin["code"] = json!("PA11");
                c["processes"][1]["materials"].as_array_mut().unwrap().push(twin);
            },
            "SLS, matériaux\u{a0}: l'identifiant «\u{a0}PA11\u{a0}» est en double.",
        ),
        (
            |c| {
                let mut nameless = pa6();
                nameless["name"] = json!(" ");
                c["processes"][1]["materials"].as_array_mut().unwrap().push(nameless);
            },
            "SLS, matériaux\u{a0}: le nom de «\u{a0}PA6\u{a0}» est vide.",
        ),
        (
            |c| {
                let mut spaced = pa6();
                spaced["code"] = json!("PA 6");
                c["processes"][1]["materials"].as_array_mut().unwrap().push(spaced);
            },
            "l'identifiant «\u{a0}PA 6\u{a0}» ne peut contenir que des lettres sans accent",
        ),
        (
            |c| c["processes"][2]["materials"] = json!([]),
            "MJF\u{a0}: aucun matériau proposé, un procédé doit en garder au moins un.",
        ),
        (
            |c| c["processes"][1]["materials"][2]["colours"] = json!([]),
            "SLS / TPU, couleurs\u{a0}: aucune couleur proposée, ajoutez-en au moins une.",
        ),
        (
            |c| c["processes"][0]["materials"][0]["finishes"][1]["name"] = json!("brut, supports retirés"),
            "SLA / RESINE_STANDARD, finitions\u{a0}: le nom «\u{a0}brut, supports retirés\u{a0}» est en double.",
        ),
        (
            |c| c["post_treatments"][2]["name"] = json!(""),
            "post-traitements\u{a0}: le nom de «\u{a0}revetement\u{a0}» est vide.",
        ),
    ];
    for (edit, message) in cases {
        let mut edited = v1["catalogue"].clone();
        edit(&mut edited);
        let (status, body) = save(&admin, 1, &edited).await;
        assert_eq!(status, 400, "{message}: {body}");
        let text = body["errors"][0].as_str().unwrap_or_default();
        assert!(
            text.starts_with("Catalogue invalide\u{a0}: ") && text.contains(message),
            "{message}: {text}"
        );
    }
    let (_, now) = get(&admin, "Admin/Catalogue").await;
    assert_eq!(now["version"], 1, "nothing was stored");
}
