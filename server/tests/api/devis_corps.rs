//! A file of several separate bodies split into one entry per body
//! (`POST /api/devis/separer-corps`): each body is analysed and priced by the server on that body
//! only (its own entry in the analysis cache), and becomes its own part and basket line.

use quote_core::{analyze_file_body, price, Catalog, PriceOptions};
use reqwest::multipart::Form;
use serde_json::{json, Value};
use server::db::accounts::Role;
use sqlx::Row;

use crate::devis::{box_stl, drop_file, entries, post, post_form, project_fixture, upload_form};
use crate::helpers::spawn_app;

/// quote-core's price of body `body` of a fixture with the default options.
fn body_cents(name: &str, body: usize) -> u64 {
    let catalog = Catalog::default_catalog();
    let analysis = analyze_file_body(
        name,
        &project_fixture(name),
        &catalog.analysis_options(),
        body,
    )
    .unwrap();
    price(&analysis, &PriceOptions::default(), &catalog)
        .unwrap()
        .line_cents
}

#[tokio::test]
async fn a_split_file_becomes_one_part_per_body_priced_on_that_body() {
    let app = spawn_app().await;
    let (mut c, account) = app.signed_in("jeanne@example.fr", Role::Client).await;
    c.csrf_token().await;
    let name = "two_bodies.stl";
    let whole = drop_file(&c, project_fixture(name), name, 0).await;
    assert_eq!(whole["analysis"]["bodies"], 2);
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 1).await;

    let res = post(&c, "/api/devis/separer-corps", json!({ "index": 0 })).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let split = body["entries"].as_array().unwrap();
    // Body 1 keeps the file's position, body 2 takes the lowest free one.
    let got: Vec<(u64, u64, bool)> = split
        .iter()
        .map(|e| {
            let index = e["index"].as_u64().unwrap();
            (
                index,
                e["body"].as_u64().unwrap(),
                e["analysed"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, vec![(0, 0, false), (2, 1, false)]);
    assert_eq!(split[1]["fileName"], name);
    assert_eq!(entries(&c).await.len(), 3);

    for (index, body, volume) in [(0usize, 0usize, 1000.0), (2, 1, 125.0)] {
        let form = Form::new().text("index", index.to_string());
        let processed: Value = post_form(&c, "/api/devis/process-file", form)
            .await
            .json()
            .await
            .unwrap();
        assert!(processed["error"].is_null(), "{processed}");
        let measured = processed["analysis"]["volume_mm3"].as_f64().unwrap();
        assert!((measured - volume).abs() < 1e-9, "body {body}: {measured}");
        assert_eq!(processed["analysis"]["bodies"], 1);
        let prix: Value = post(&c, "/api/devis/calcul-prix", json!({ "index": index }))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            prix["prix"]["line_cents"],
            body_cents(name, body),
            "body {body}"
        );
    }
    // The whole file's analysis and each body's are three entries of the cache.
    let cached: i64 = sqlx::query("SELECT COUNT(*) AS n FROM analysis_cache")
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("n");
    assert_eq!(cached, 4, "two_bodies.stl whole and per body, and cube.stl");

    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0, 2] })).await;
    assert_eq!(res.status(), 200);
    let rows = sqlx::query(
        "SELECT p.file_name, p.analysis FROM account_parts ap JOIN parts p ON p.id = ap.part_id \
         WHERE ap.account_id = $1 ORDER BY p.file_name",
    )
    .bind(account)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let lines: Vec<(String, i64)> = rows
        .iter()
        .map(|r| {
            let analysis: Value = serde_json::from_str(r.get("analysis")).unwrap();
            let volume = analysis["volume_mm3"].as_f64().unwrap();
            (r.get("file_name"), volume.round() as i64)
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            ("two_bodies (corps 1).stl".to_owned(), 1000),
            ("two_bodies (corps 2).stl".to_owned(), 125),
        ]
    );
}

async fn refusal(c: &crate::helpers::TestClient, index: usize) -> String {
    let res = post(c, "/api/devis/separer-corps", json!({ "index": index })).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    body["message"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_split_is_refused_in_french_when_there_is_nothing_to_split_or_no_room() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    assert_eq!(
        refusal(&c, 0).await,
        "« cube.stl » ne compte qu'un corps\u{a0}: il n'y a rien à séparer."
    );
    // Not analysed by the server yet.
    let name = "two_bodies.stl";
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(project_fixture(name), name, 1),
    )
    .await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        refusal(&c, 1).await,
        "Le fichier « two_bodies.stl » n'a pas encore été vérifié par le serveur."
    );
    // No free position left for the second body.
    for i in 2..20 {
        let res = post_form(
            &c,
            "/api/upload/file-temp",
            upload_form(box_stl(1.0, 1.0, 1.0), "c.stl", i),
        )
        .await;
        assert_eq!(res.status(), 200);
    }
    let form = Form::new().text("index", "1");
    post_form(&c, "/api/devis/process-file", form).await;
    assert_eq!(
        refusal(&c, 1).await,
        "« two_bodies.stl » compte 2 corps\u{a0}: les séparer demande 1 position libre dans le devis, il en reste 0 (un devis compte au plus 20 fichiers)."
    );
    // Room again: split once, and a body cannot be split further.
    post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 19, "updates": null }),
    )
    .await;
    let res = post(&c, "/api/devis/separer-corps", json!({ "index": 1 })).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        refusal(&c, 19).await,
        "« two_bodies (corps 2).stl » est déjà un corps séparé de son fichier."
    );
}
