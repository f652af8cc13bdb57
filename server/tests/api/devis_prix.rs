//! The instant quote's analysis and price on the server: quote-core's price, following the
//! options; a new unit needing a new analysis; the engine's French error for an unreadable file;
//! options the catalogue does not offer refused; meshes the engine repairs priced as closed.

use quote_core::pricing::validate_options;
use quote_core::{Catalog, PriceOptions, Unit};
use serde_json::{json, Value};
use server::db::pieces::status;

use crate::devis_helpers::{
    box_stl, drop_file, fixture, native_line_cents, price_of, process, set_entry,
};
use crate::helpers::spawn_app;

#[tokio::test]
async fn the_server_price_is_quote_core_s_price_and_follows_the_options() {
    let app = spawn_app().await;
    let c = app.client();
    let bytes = box_stl(20.0, 30.0, 40.0);
    let processed = drop_file(&c, bytes.clone(), "piece.stl", 0).await;
    assert_eq!(processed["error"], Value::Null);
    assert_eq!(processed["analysis"]["volume_mm3"], 24000.0);
    let res = price_of(&c, 0).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["success"], true);
    let expected = native_line_cents(&bytes, Unit::Mm, &PriceOptions::default());
    assert_eq!(body["prix"]["line_cents"], expected);

    let updates = json!({ "process": "SLS", "quantity": 10 });
    assert_eq!(set_entry(&c, 0, updates).await.status(), 200);
    let body: Value = price_of(&c, 0).await.json().await.unwrap();
    let options = PriceOptions {
        quantity: 10,
        ..PriceOptions::for_process("SLS")
    };
    assert_eq!(
        body["prix"]["line_cents"],
        native_line_cents(&bytes, Unit::Mm, &options)
    );
    assert_eq!(body["prix"]["discount_percent"], 10);
}

#[tokio::test]
async fn a_new_unit_needs_a_new_analysis_and_scales_the_part() {
    let app = spawn_app().await;
    let c = app.client();
    let bytes = box_stl(2.0, 3.0, 4.0);
    drop_file(&c, bytes.clone(), "petite.stl", 1).await;
    let res = set_entry(&c, 1, json!({ "unit": "cm" })).await;
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["entry"]["analysed"], false);
    assert_eq!(price_of(&c, 1).await.status(), 400);
    let processed: Value = process(&c, 1).await.json().await.unwrap();
    assert_eq!(processed["analysis"]["volume_mm3"], 24000.0);
    let body: Value = price_of(&c, 1).await.json().await.unwrap();
    assert_eq!(
        body["prix"]["line_cents"],
        native_line_cents(&bytes, Unit::Cm, &PriceOptions::default())
    );
}

#[tokio::test]
async fn an_unreadable_file_gets_the_engine_s_french_error() {
    let app = spawn_app().await;
    let c = app.client();
    let mut truncated = box_stl(1.0, 1.0, 1.0);
    truncated.truncate(84 + 50 * 5);
    let body = drop_file(&c, truncated, "cassee.stl", 0).await;
    assert_eq!(body["code"], "stl_truncated");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .starts_with("Le fichier STL est tronqué"));
}

#[tokio::test]
async fn options_the_catalog_does_not_offer_are_refused() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let res = set_entry(&c, 0, json!({ "material": "PA12" })).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    // quote-core's verdict, word for word, in the quote page's shape.
    let sla_pa12 = PriceOptions {
        material: Some("PA12".into()),
        ..PriceOptions::for_process("SLA")
    };
    let verdict = validate_options(&Catalog::default_catalog(), &sla_pa12).unwrap_err();
    assert_eq!(
        body,
        json!({ "success": false, "message": verdict.message() })
    );
    assert!(verdict.message().contains("PA12"));
    assert_eq!(set_entry(&c, 0, json!({ "prix": 1 })).await.status(), 400);
    assert_eq!(set_entry(&c, 5, json!({})).await.status(), 400);
}

#[tokio::test]
async fn a_mesh_the_engine_repairs_is_priced_and_recorded_as_closed() {
    let app = spawn_app().await;
    let c = app.client();
    for (index, name) in [
        "flipped_faces.stl",
        "near_duplicates.obj",
        "inverted_cube.stl",
    ]
    .into_iter()
    .enumerate()
    {
        let body = drop_file(&c, fixture(name), name, index).await;
        assert!(body["error"].is_null(), "{name}: {body}");
        assert_eq!(body["analysis"]["watertight"], true, "{name}");
        assert_eq!(
            body["status_id"],
            status::ANALYSED,
            "{name}: no human review"
        );
        let repaired = &body["analysis"]["repairs"];
        let count = ["welded_vertices", "turned_faces", "turned_bodies"]
            .iter()
            .map(|k| repaired[k].as_u64().unwrap())
            .sum::<u64>();
        assert!(count > 0, "{name}: {repaired}");
    }
    // A mesh no repair closes still waits for a review.
    let body = drop_file(&c, fixture("open_cube.stl"), "open_cube.stl", 3).await;
    assert_eq!(body["status_id"], status::TO_REVIEW);
}

/// Issue 22, finding 6: changing the unit back and forth adds no row each time: one part per
/// upload, unit and body, however many changes.
#[tokio::test]
async fn a_hundred_unit_changes_record_one_part_per_unit() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(2.0, 3.0, 4.0), "petite.stl", 0).await;
    for i in 0..100 {
        let unit = ["cm", "mm", "in"][i % 3];
        let res = set_entry(&c, 0, json!({ "unit": unit })).await;
        assert_eq!(res.status(), 200, "change {i}");
        let res = process(&c, 0).await;
        assert_eq!(res.status(), 200, "process {i}");
    }
    let parts: i64 = crate::helpers::scalar!(app, "SELECT COUNT(*) FROM parts");
    assert_eq!(parts, 3, "one part per unit");
    let history: i64 = crate::helpers::scalar!(app, "SELECT COUNT(*) FROM part_status_history");
    assert!(history <= 3, "{history} history rows");
}
