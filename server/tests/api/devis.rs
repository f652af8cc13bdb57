//! The instant quote's routes: upload, server analysis, authoritative price, entries in signed
//! cookies, and the basket (anonymous visitors are asked to sign in).

use quote_core::pricing::validate_options;
use quote_core::{analyze_file, price, Catalog, PriceOptions, Unit};
use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};
use server::db::accounts::Role;
use sqlx::Row;

use crate::helpers::{spawn_app, TestClient};

/// A closed binary STL box of `x` × `y` × `z` mm (12 triangles, outward normals).
pub(crate) fn box_stl(x: f32, y: f32, z: f32) -> Vec<u8> {
    let p = |i: usize| {
        [
            if i & 1 != 0 { x } else { 0.0 },
            if i & 2 != 0 { y } else { 0.0 },
            if i & 4 != 0 { z } else { 0.0 },
        ]
    };
    let faces: [[usize; 3]; 12] = [
        [0, 2, 1],
        [1, 2, 3],
        [4, 5, 6],
        [5, 7, 6],
        [0, 1, 4],
        [1, 5, 4],
        [2, 6, 3],
        [3, 6, 7],
        [0, 4, 2],
        [2, 4, 6],
        [1, 3, 5],
        [3, 7, 5],
    ];
    let mut out = vec![0u8; 80];
    out.extend_from_slice(&12u32.to_le_bytes());
    for f in faces {
        out.extend_from_slice(&[0u8; 12]);
        for &v in &f {
            for c in p(v) {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&[0u8; 2]);
    }
    out
}

pub(crate) fn upload_form(bytes: Vec<u8>, name: &str, index: usize) -> Form {
    Form::new()
        .text("type", "models")
        .text("index", index.to_string())
        .part("file", Part::bytes(bytes).file_name(name.to_owned()))
}

pub(crate) async fn post_form(c: &TestClient, path: &str, form: Form) -> Response {
    let mut req = c.http.post(c.url(path)).multipart(form);
    if let Some(t) = &c.csrf {
        req = req.header("x-csrf-token", t);
    }
    req.send().await.unwrap()
}

pub(crate) async fn post(c: &TestClient, path: &str, body: Value) -> Response {
    c.send_json(reqwest::Method::POST, path, Some(body)).await
}

/// Uploads and analyses a file at `index`; returns the process-file body.
pub(crate) async fn drop_file(c: &TestClient, bytes: Vec<u8>, name: &str, index: usize) -> Value {
    let res = post_form(c, "/api/upload/file-temp", upload_form(bytes, name, index)).await;
    assert_eq!(res.status(), 200, "upload of {name}");
    let form = Form::new().text("index", index.to_string());
    let res = post_form(c, "/api/devis/process-file", form).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

pub(crate) async fn entries(c: &TestClient) -> Vec<Value> {
    let body: Value = c.get("/api/devis/get-cookies").await.json().await.unwrap();
    body["entries"].as_array().unwrap().clone()
}

pub(crate) fn native_line_cents(bytes: &[u8], unit: Unit, options: &PriceOptions) -> u64 {
    let catalog = Catalog::default_catalog();
    let mut analysis_options = catalog.analysis_options();
    analysis_options.unit = unit;
    let analysis = analyze_file("piece.stl", bytes, &analysis_options).unwrap();
    price(&analysis, options, &catalog).unwrap().line_cents
}

#[tokio::test]
async fn a_dropped_file_is_stored_under_its_hash_and_its_entry_survives_a_reload() {
    let app = spawn_app().await;
    let c = app.client();
    let bytes = box_stl(10.0, 20.0, 30.0);
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(bytes.clone(), "boîte.stl", 0),
    )
    .await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["cookieData"]["fileName"], "boîte.stl");
    assert_eq!(body["cookieData"]["size"], bytes.len());
    assert_eq!(body["cookieData"]["analysed"], false);
    let row = sqlx::query("SELECT storage_key, sha256 FROM temp_uploads")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let key: String = row.get("storage_key");
    assert_eq!(
        std::fs::read(app.dir.path().join("data").join(key)).unwrap(),
        bytes
    );
    let listed = entries(&c).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["index"], 0);
    assert_eq!(listed[0]["options"]["process"], "SLA");
    let back = c.get("/api/devis/fichier?index=0").await;
    assert_eq!(back.status(), 200);
    assert_eq!(back.bytes().await.unwrap().to_vec(), bytes);
    assert_eq!(c.get("/api/devis/fichier?index=1").await.status(), 400);
}

#[tokio::test]
async fn an_upload_without_file_or_type_is_refused_in_french() {
    let app = spawn_app().await;
    let c = app.client();
    let no_file = Form::new().text("type", "models").text("index", "0");
    let res = post_form(&c, "/api/upload/file-temp", no_file).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert!(body["message"]
        .as_str()
        .unwrap()
        .starts_with("Aucun fichier reçu"));
    let no_type = Form::new().text("index", "0").part(
        "file",
        Part::bytes(box_stl(1.0, 1.0, 1.0)).file_name("a.stl"),
    );
    let res = post_form(&c, "/api/upload/file-temp", no_type).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "Type de fichier manquant dans l'envoi.");
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(b"hello".to_vec(), "photo.png", 0),
    )
    .await;
    assert_eq!(res.status(), 400);
    assert!(entries(&c).await.is_empty());
}

#[tokio::test]
async fn a_file_over_100_mb_is_refused_with_a_french_message() {
    let app = spawn_app().await;
    let c = app.client();
    let huge = vec![0u8; 100 * 1024 * 1024 + 1];
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(huge, "enorme.stl", 0),
    )
    .await;
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Le fichier dépasse la taille maximale autorisée (100 Mo)."
    );
    let leftovers = std::fs::read_dir(app.dir.path().join("data/uploads"))
        .unwrap()
        .count();
    assert_eq!(leftovers, 0, "the partial file is removed");
}

#[tokio::test]
async fn the_server_price_is_quote_core_s_price_and_follows_the_options() {
    let app = spawn_app().await;
    let c = app.client();
    let bytes = box_stl(20.0, 30.0, 40.0);
    let processed = drop_file(&c, bytes.clone(), "piece.stl", 0).await;
    assert_eq!(processed["error"], Value::Null);
    assert_eq!(processed["analysis"]["volume_mm3"], 24000.0);
    let res = post(&c, "/api/devis/calcul-prix", json!({ "index": 0 })).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["success"], true);
    let expected = native_line_cents(&bytes, Unit::Mm, &PriceOptions::default());
    assert_eq!(body["prix"]["line_cents"], expected);

    let updates = json!({ "index": 0, "updates": { "process": "SLS", "quantity": 10 } });
    assert_eq!(
        post(&c, "/api/devis/set-cookie", updates).await.status(),
        200
    );
    let body: Value = post(&c, "/api/devis/calcul-prix", json!({ "index": 0 }))
        .await
        .json()
        .await
        .unwrap();
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
    let res = post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 1, "updates": { "unit": "cm" } }),
    )
    .await;
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["entry"]["analysed"], false);
    let res = post(&c, "/api/devis/calcul-prix", json!({ "index": 1 })).await;
    assert_eq!(res.status(), 400);
    let processed: Value = post_form(
        &c,
        "/api/devis/process-file",
        Form::new().text("index", "1"),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(processed["analysis"]["volume_mm3"], 24000.0);
    let body: Value = post(&c, "/api/devis/calcul-prix", json!({ "index": 1 }))
        .await
        .json()
        .await
        .unwrap();
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
    let res = post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 0, "updates": { "material": "PA12" } }),
    )
    .await;
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
    let res = post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 0, "updates": { "prix": 1 } }),
    )
    .await;
    assert_eq!(res.status(), 400);
    let res = post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 5, "updates": {} }),
    )
    .await;
    assert_eq!(res.status(), 400);
}

#[tokio::test]
async fn a_forged_entry_is_ignored() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let forged = c
        .http
        .get(c.url("/api/devis/get-cookies"))
        .header("cookie", "fa_devis_3=eyJwYXJ0Ijo5OX0.00")
        .send()
        .await
        .unwrap();
    let body: Value = forged.json().await.unwrap();
    assert!(body["entries"].as_array().unwrap().is_empty());
    let res = post(&c, "/api/devis/calcul-prix", json!({ "index": 3 })).await;
    assert_eq!(res.status(), 400);
}

#[tokio::test]
async fn an_entry_can_be_removed() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let res = post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 0, "updates": null }),
    )
    .await;
    assert_eq!(res.status(), 200);
    assert!(entries(&c).await.is_empty());
}

#[tokio::test]
async fn an_anonymous_visitor_is_asked_to_sign_in_and_keeps_the_quote() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let res = post(
        &c,
        "/api/devis/panier",
        json!({ "dataFiles": [{ "index": 0 }] }),
    )
    .await;
    assert_eq!(res.status(), 401);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Veuillez vous connecter pour ajouter au panier."
    );
    assert_eq!(body["success"], false);
    assert_eq!(entries(&c).await.len(), 1);
}

#[tokio::test]
async fn a_customer_puts_the_analysed_parts_in_the_basket_with_their_quantity() {
    let app = spawn_app().await;
    let (mut c, account) = app.signed_in("jeanne@example.fr", Role::Client).await;
    c.csrf_token().await;
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    drop_file(&c, box_stl(5.0, 5.0, 5.0), "petit.stl", 1).await;
    post(
        &c,
        "/api/devis/set-cookie",
        json!({ "index": 1, "updates": { "quantity": 4 } }),
    )
    .await;
    let res = post(
        &c,
        "/api/devis/panier",
        json!({ "dataFiles": [{ "index": 0 }, 1] }),
    )
    .await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "success": true, "message": "2 pièces ajoutées au panier." })
    );
    let rows = sqlx::query(
        "SELECT ap.quantite, p.account_id, p.file_name FROM account_parts ap JOIN parts p ON p.id = ap.part_id \
         WHERE ap.account_id = $1 ORDER BY p.file_name",
    )
    .bind(account)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let got: Vec<(i64, Option<i64>, String)> = rows
        .iter()
        .map(|r| (r.get("quantite"), r.get("account_id"), r.get("file_name")))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, Some(account), "cube.stl".into()),
            (4, Some(account), "petit.stl".into())
        ]
    );
}

/// Issue 12, finding 6: twenty entries, even with long file names, keep the `Cookie` header under
/// 4 KB (the entries live on the server, the cookies hold their signed ids).
#[tokio::test]
async fn twenty_entries_with_long_names_stay_under_4_kb_of_cookie_header() {
    let app = spawn_app().await;
    let c = app.client();
    let mut cookies = std::collections::BTreeMap::new();
    for index in 0..20 {
        let name = format!("{}-{index}.stl", "piece-de-rechange-tres-longue".repeat(6));
        let res = post_form(
            &c,
            "/api/upload/file-temp",
            upload_form(box_stl(10.0, 10.0, 10.0), &name, index),
        )
        .await;
        assert_eq!(res.status(), 200);
        for v in res.headers().get_all("set-cookie") {
            let pair = v.to_str().unwrap().split(';').next().unwrap().to_owned();
            let (k, _) = pair.split_once('=').unwrap();
            cookies.insert(k.to_owned(), pair);
        }
    }
    let header = cookies
        .values()
        .filter(|p| p.starts_with("fa_devis_"))
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    assert_eq!(header.matches("fa_devis_").count(), 20);
    assert!(
        header.len() < 4096,
        "{} bytes of Cookie header",
        header.len()
    );
    let listed = entries(&c).await;
    assert_eq!(listed.len(), 20);
    assert!(listed[19]["fileName"]
        .as_str()
        .unwrap()
        .starts_with("piece-de-rechange-tres-longue"));
}

// --- Issue 12, finding 5: uploads -------------------------------------------------------------

/// The files of the uploads folder (content and temporary ones).
pub(crate) fn stored_files(app: &crate::helpers::TestApp) -> Vec<String> {
    let dir = app.dir.path().join("data/uploads");
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    read.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[tokio::test]
async fn a_file_of_an_unknown_type_is_refused_before_anything_is_written() {
    let app = spawn_app().await;
    let c = app.client();
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(b"pas un modele".to_vec(), "notes.txt", 0),
    )
    .await;
    assert_eq!(res.status(), 400);
    assert!(stored_files(&app).is_empty(), "{:?}", stored_files(&app));
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(Vec::new(), "vide.stl", 0),
    )
    .await;
    assert_eq!(res.status(), 400);
    assert!(stored_files(&app).is_empty(), "{:?}", stored_files(&app));
}

#[tokio::test]
async fn process_file_never_keeps_its_file_field_and_reuses_part_and_analysis() {
    let app = spawn_app().await;
    let c = app.client();
    let cube = box_stl(10.0, 10.0, 10.0);
    let first = drop_file(&c, cube.clone(), "cube.stl", 0).await;
    assert_eq!(stored_files(&app).len(), 1);
    // A file sent with process-file is compared, never stored.
    let other = Form::new().text("index", "0").part(
        "file",
        Part::bytes(box_stl(20.0, 10.0, 10.0)).file_name("autre.stl"),
    );
    let res = post_form(&c, "/api/devis/process-file", other).await;
    assert_eq!(res.status(), 400);
    let same = Form::new()
        .text("index", "0")
        .part("file", Part::bytes(cube.clone()).file_name("cube.stl"));
    let again: Value = post_form(&c, "/api/devis/process-file", same)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(stored_files(&app).len(), 1, "{:?}", stored_files(&app));
    // The same entry keeps its part; the same file elsewhere is not analysed again.
    assert_eq!(again["partId"], first["partId"]);
    let second = drop_file(&c, cube, "copie.stl", 1).await;
    assert_ne!(second["partId"], first["partId"]);
    assert_eq!(second["analysis"], first["analysis"]);
    let count = |sql: &'static str| {
        let db = app.db.clone();
        async move {
            sqlx::query(sql)
                .fetch_one(&db.pool)
                .await
                .unwrap()
                .get::<i64, _>("n")
        }
    };
    assert_eq!(count("SELECT COUNT(*) AS n FROM parts").await, 2);
    assert_eq!(count("SELECT COUNT(*) AS n FROM analysis_cache").await, 1);
}

#[tokio::test]
async fn upload_quotas_answer_429_then_413_in_french() {
    let app = spawn_app().await;
    let c = app.client();
    let now = server::clock::now();
    // An address that already dropped its files of the hour.
    for _ in 0..120 {
        sqlx::query("INSERT INTO rate_limit_events (bucket, created_at) VALUES ($1, $2)")
            .bind("upload-ip:127.0.0.1")
            .bind(now)
            .execute(&app.db.pool)
            .await
            .unwrap();
    }
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(box_stl(10.0, 10.0, 10.0), "cube.stl", 0),
    )
    .await;
    assert_eq!(res.status(), 429);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Trop de tentatives en peu de temps. Veuillez réessayer plus tard."
    );
    sqlx::query("DELETE FROM rate_limit_events")
        .execute(&app.db.pool)
        .await
        .unwrap();
    // And one that dropped its 2 GB of the day.
    sqlx::query(
        "INSERT INTO temp_uploads (token, kind, file_name, storage_key, sha256, size_bytes, created_at, expires_at, ip) \
         VALUES ('t', 'models', 'gros.stl', 'uploads/x', 'x', $1, $2, $3, '127.0.0.1')",
    )
    .bind(2_i64 * 1024 * 1024 * 1024)
    .bind(now)
    .bind(now + 3600)
    .execute(&app.db.pool)
    .await
    .unwrap();
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(box_stl(10.0, 10.0, 10.0), "cube.stl", 0),
    )
    .await;
    assert_eq!(res.status(), 413);
    let body: Value = res.json().await.unwrap();
    assert!(body["message"]
        .as_str()
        .unwrap()
        .starts_with("Quota de dépôt atteint"));
    assert!(stored_files(&app).is_empty());
}

#[tokio::test]
async fn the_purge_removes_expired_uploads_and_the_files_nothing_names() {
    let app = spawn_app().await;
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let res = post_form(
        &c,
        "/api/upload/file-temp",
        upload_form(box_stl(20.0, 10.0, 10.0), "plaque.stl", 1),
    )
    .await;
    assert_eq!(res.status(), 200);
    let uploads = app.dir.path().join("data/uploads");
    std::fs::write(uploads.join("0badc0de"), b"orphan").unwrap();
    std::fs::write(uploads.join("tmp-interrupted"), b"half").unwrap();
    assert_eq!(stored_files(&app).len(), 4);
    let now = server::clock::now();
    sqlx::query("UPDATE temp_uploads SET expires_at = $1")
        .bind(now - 1)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let cube_key: String = sqlx::query("SELECT storage_key FROM parts")
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("storage_key");

    // Files modified in the last hour are left alone.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let first = server::jobs::purge_uploads(&app.db, &app.storage, now, hour_ago)
        .await
        .unwrap();
    assert_eq!((first.rows, first.files), (2, 0));
    assert_eq!(stored_files(&app).len(), 4);

    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    let second = server::jobs::purge_uploads(&app.db, &app.storage, now, later)
        .await
        .unwrap();
    assert_eq!((second.rows, second.files), (0, 3));
    // The analysed part's file stays.
    assert_eq!(
        stored_files(&app),
        vec![cube_key.trim_start_matches("uploads/").to_owned()]
    );
}

pub(crate) fn project_fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures")
            .join(name),
    )
    .unwrap()
}

#[tokio::test]
async fn a_mesh_the_engine_repairs_is_priced_and_recorded_as_closed() {
    use server::db::pieces::status;
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
        let body = drop_file(&c, project_fixture(name), name, index).await;
        assert!(body["error"].is_null(), "{name}: {body}");
        assert_eq!(body["analysis"]["watertight"], true, "{name}");
        assert_eq!(
            body["statusId"],
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
    let body = drop_file(&c, project_fixture("open_cube.stl"), "open_cube.stl", 3).await;
    assert_eq!(body["statusId"], status::TO_REVIEW);
}
