//! A file of several separate bodies split into one entry per body
//! (`POST /api/devis/separer-corps`): each body is analysed and priced by the server on that body
//! only (its own entry in the analysis cache), and becomes its own part and basket line.

use quote_core::{analyze_file_body, price, Catalog, PriceOptions};
use serde_json::{json, Value};
use sqlx::Row;

use crate::builders::{a_customer, an_admin};
use crate::devis_helpers::{
    box_stl, drop_file, entries, fixture, post, price_of, process, set_entry, upload,
};
use crate::helpers::spawn_app;

/// quote-core's price of body `body` of a fixture with the default options.
fn body_cents(name: &str, body: usize) -> u64 {
    let catalog = Catalog::default_catalog();
    let analysis =
        analyze_file_body(name, &fixture(name), &catalog.analysis_options(), body).unwrap();
    price(&analysis, &PriceOptions::default(), &catalog)
        .unwrap()
        .line_cents
}

#[tokio::test]
async fn a_split_file_becomes_one_part_per_body_priced_on_that_body() {
    let app = spawn_app().await;
    let c = a_customer(&app).email("jeanne@example.fr").await;
    let account = c.id;
    let name = "two_bodies.stl";
    let whole = drop_file(&c, fixture(name), name, 0).await;
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
    assert_eq!(split[1]["file_name"], name);
    assert_eq!(entries(&c).await.len(), 3);

    for (index, body, volume) in [(0usize, 0usize, 1000.0), (2, 1, 125.0)] {
        let processed: Value = process(&c, index).await.json().await.unwrap();
        assert!(processed["error"].is_null(), "{processed}");
        let measured = processed["analysis"]["volume_mm3"].as_f64().unwrap();
        assert!((measured - volume).abs() < 1e-9, "body {body}: {measured}");
        assert_eq!(processed["analysis"]["bodies"], 1);
        let prix: Value = price_of(&c, index).await.json().await.unwrap();
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
    let res = upload(&c, fixture(name), name, 1).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        refusal(&c, 1).await,
        "Le fichier « two_bodies.stl » n'a pas encore été vérifié par le serveur."
    );
    // No free position left for the second body.
    for i in 2..20 {
        let res = upload(&c, box_stl(1.0, 1.0, 1.0), "c.stl", i).await;
        assert_eq!(res.status(), 200);
    }
    process(&c, 1).await;
    assert_eq!(
        refusal(&c, 1).await,
        "« two_bodies.stl » compte 2 corps\u{a0}: les séparer demande 1 position libre dans le devis, il en reste 0 (un devis compte au plus 20 fichiers)."
    );
    // Room again: split once, and a body cannot be split further.
    set_entry(&c, 19, Value::Null).await;
    let res = post(&c, "/api/devis/separer-corps", json!({ "index": 1 })).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        refusal(&c, 19).await,
        "« two_bodies (corps 2).stl » est déjà un corps séparé de son fichier."
    );
}

/// Splits the file at `index` (analysed already) and has the server analyse each body; returns
/// each body's process-file answer, by body.
async fn split_and_process(c: &crate::helpers::TestClient, index: usize) -> Vec<(usize, Value)> {
    let res = post(c, "/api/devis/separer-corps", json!({ "index": index })).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let mut out = Vec::new();
    for e in body["entries"].as_array().unwrap() {
        let i = e["index"].as_u64().unwrap() as usize;
        let processed: Value = process(c, i).await.json().await.unwrap();
        assert!(processed["error"].is_null(), "{processed}");
        out.push((i, processed));
    }
    out
}

fn repair_codes(analysis: &Value) -> Vec<String> {
    analysis["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|w| w["code"].as_str())
        .filter(|c| c.starts_with("repaired_"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn a_body_part_shows_the_repairs_made_on_that_body_and_downloads_its_original_file() {
    let app = spawn_app().await;
    let c = a_customer(&app).email("jeanne@example.fr").await;
    // Two cubes, the second written inside out: the whole file's repair turned that body only.
    let name = "inverted_body.stl";
    let bytes = fixture(name);
    let whole = drop_file(&c, bytes.clone(), name, 0).await;
    assert_eq!(repair_codes(&whole["analysis"]), ["repaired_bodies"]);
    assert_eq!(whole["analysis"]["repairs"]["turned_bodies"], 1);
    let parts = split_and_process(&c, 0).await;
    let turned = "1 corps à l'envers retourné automatiquement\u{a0}: le volume est compté tel que la pièce sera imprimée.";
    let (first, second) = (&parts[0].1["analysis"], &parts[1].1["analysis"]);
    assert_eq!(repair_codes(first), Vec::<String>::new());
    assert_eq!(first["repairs"]["turned_bodies"], 0);
    assert_eq!(repair_codes(second), ["repaired_bodies"]);
    assert_eq!(second["repairs"]["turned_bodies"], 1);
    assert!((second["volume_mm3"].as_f64().unwrap() - 125.0).abs() < 1e-9);

    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0, 1] })).await;
    assert_eq!(res.status(), 200);
    let (status, lines) = c.call("GET", "ComptePiece", None).await;
    assert_eq!(status, 200);
    let mut by_name: Vec<(String, Value, i64)> = lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["nom_fichier"].as_str().unwrap().to_owned(),
                l["reparations"].clone(),
                l["Id_Piece"].as_i64().unwrap(),
            )
        })
        .collect();
    by_name.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(by_name[0].0, "inverted_body (corps 1).stl");
    assert_eq!(by_name[0].1, json!([]));
    assert_eq!(by_name[1].0, "inverted_body (corps 2).stl");
    assert_eq!(by_name[1].1, json!([turned]));

    // The customer's view and an admin's say which body the part is, with its repairs, and the
    // download is the whole original file, named as such.
    let a = an_admin(&app).email("admin@example.fr").await;
    for (b, id) in [(0u64, by_name[0].2), (1, by_name[1].2)] {
        for (who, path) in [
            (&c, format!("Pieces/ById/{id}")),
            (&a, format!("Pieces/ById_AsAdmin/{id}")),
        ] {
            let (status, p) = who.call("GET", &path, None).await;
            assert_eq!(status, 200, "{path}: {p}");
            assert_eq!(p["corps"], b, "{path}");
            assert_eq!(p["reparations"], by_name[b as usize].1, "{path}");
        }
        for who in [&c, &a] {
            let res = who
                .proxy("GET", &format!("Pieces/Fichier/{id}"), None)
                .await;
            assert_eq!(res.status(), 200);
            let n = b + 1;
            assert_eq!(
                res.headers()["content-disposition"],
                format!("attachment; filename=\"inverted_body (fichier d'origine, corps {n}).stl\"; filename*=UTF-8''inverted_body%20%28fichier%20d%27origine%2C%20corps%20{n}%29.stl").as_str()
            );
            assert_eq!(res.bytes().await.unwrap().as_ref(), bytes.as_slice());
        }
    }
}

#[tokio::test]
async fn a_whole_file_part_has_no_body_and_keeps_its_name() {
    let app = spawn_app().await;
    let c = a_customer(&app).email("jeanne@example.fr").await;
    let name = "two_bodies.stl";
    drop_file(&c, fixture(name), name, 0).await;
    let res = post(&c, "/api/devis/panier", json!({ "dataFiles": [0] })).await;
    assert_eq!(res.status(), 200);
    let (_, lines) = c.call("GET", "ComptePiece", None).await;
    let id = lines[0]["Id_Piece"].as_i64().unwrap();
    let (status, p) = c.call("GET", &format!("Pieces/ById/{id}"), None).await;
    assert_eq!(status, 200);
    assert!(p.get("corps").is_none(), "{p}");
    let res = c.proxy("GET", &format!("Pieces/Fichier/{id}"), None).await;
    assert_eq!(
        res.headers()["content-disposition"],
        "attachment; filename=\"two_bodies.stl\"; filename*=UTF-8''two_bodies.stl"
    );
}

async fn regroup(c: &crate::helpers::TestClient, index: usize) -> (u16, Value) {
    let res = post(c, "/api/devis/regrouper-corps", json!({ "index": index })).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

async fn choose(c: &crate::helpers::TestClient, index: usize, updates: Value) {
    let res = set_entry(c, index, updates).await;
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
}

#[tokio::test]
async fn split_bodies_regroup_into_the_whole_file_with_the_process_and_material_they_share() {
    let app = spawn_app().await;
    let c = app.client();
    let name = "two_bodies.stl";
    let bytes = fixture(name);
    drop_file(&c, bytes.clone(), name, 0).await;
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 1).await;
    let whole_cents = {
        process(&c, 0).await;
        let prix: Value = price_of(&c, 0).await.json().await.unwrap();
        prix["prix"]["line_cents"].as_u64().unwrap()
    };
    let parts = split_and_process(&c, 0).await;
    assert_eq!(parts.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 2]);
    // The same process and material on both bodies, different quantities.
    choose(&c, 0, json!({ "process": "SLS", "quantity": 2 })).await;
    choose(&c, 2, json!({ "process": "SLS", "quantity": 5 })).await;

    let (status, body) = regroup(&c, 2).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["removed"], json!([2]));
    assert_eq!(body["options_kept"], true);
    let entry = &body["entry"];
    assert_eq!(entry["index"], 0, "the whole file takes body 1's position");
    assert!(entry["body"].is_null());
    assert_eq!(entry["analysed"], false);
    assert_eq!(entry["file_name"], name);
    assert_eq!(entry["options"]["process"], "SLS");
    assert_eq!(entry["options"]["quantity"], 1, "the quantities differed");
    let now = entries(&c).await;
    let got: Vec<(u64, bool)> = now
        .iter()
        .map(|e| (e["index"].as_u64().unwrap(), e["body"].is_null()))
        .collect();
    assert_eq!(got, vec![(0, true), (1, true)]);

    // Analysed again by the server (its cached analysis): both bodies, one part, one price.
    let processed: Value = process(&c, 0).await.json().await.unwrap();
    assert!(processed["error"].is_null(), "{processed}");
    assert_eq!(processed["analysis"]["bodies"], 2);
    assert!((processed["analysis"]["volume_mm3"].as_f64().unwrap() - 1125.0).abs() < 1e-9);
    let part: String = sqlx::query("SELECT file_name FROM parts WHERE id = $1")
        .bind(processed["part_id"].as_i64().unwrap())
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("file_name");
    assert_eq!(part, name);
    choose(&c, 0, json!({ "process": "SLA", "quantity": 1 })).await;
    let prix: Value = price_of(&c, 0).await.json().await.unwrap();
    assert_eq!(prix["prix"]["line_cents"], whole_cents);

    // Split again, with two processes: the whole file starts from a fresh file's options.
    split_and_process(&c, 0).await;
    choose(&c, 2, json!({ "process": "MJF" })).await;
    let (status, body) = regroup(&c, 0).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["options_kept"], false);
    assert_eq!(body["entry"]["options"]["process"], "SLA");
    assert_eq!(entries(&c).await.len(), 2);
}

#[tokio::test]
async fn regrouping_is_refused_in_french_for_a_whole_file_and_needs_the_csrf_token() {
    let app = spawn_app().await;
    let c = a_customer(&app).email("jeanne@example.fr").await;
    let name = "two_bodies.stl";
    drop_file(&c, fixture(name), name, 0).await;
    let (status, body) = regroup(&c, 0).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "« two_bodies.stl » n'est pas un corps séparé de son fichier\u{a0}: il n'y a rien à regrouper."
    );
    let (status, body) = regroup(&c, 7).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "Aucun fichier n'est déposé à cette position du devis : déposez-le à nouveau."
    );
    split_and_process(&c, 0).await;
    // A signed-in visitor's call without the session's token changes nothing.
    let res = c
        .http
        .post(c.url("/api/devis/regrouper-corps"))
        .json(&json!({ "index": 1 }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    assert_eq!(entries(&c).await.len(), 2);
    let (status, _) = regroup(&c, 1).await;
    assert_eq!(status, 200);
    assert_eq!(entries(&c).await.len(), 1);
}
