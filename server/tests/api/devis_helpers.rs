//! The instant quote's calls as the quote page makes them: a file uploaded (`upload`), analysed
//! (`drop_file`), its entry's options changed (`set_entry`) and priced (`price_of`), the entries
//! listed; the files it is given (`box_stl`, the project's `fixture`s) and quote-core's own price
//! of them (`native_line_cents`); the uploads folder (`stored_files`).

use quote_core::{analyze_file, price, Catalog, PriceOptions, Unit};
use reqwest::multipart::{Form, Part};
use reqwest::Response;
use serde_json::{json, Value};

use crate::helpers::{TestApp, TestClient};

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

/// A file of the project's `fixtures/` folder.
pub(crate) fn fixture(name: &str) -> Vec<u8> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    std::fs::read(dir.join(name)).unwrap()
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

/// `POST /api/upload/file-temp` of `bytes` named `name` at entry `index` (not analysed yet).
pub(crate) async fn upload(c: &TestClient, bytes: Vec<u8>, name: &str, index: usize) -> Response {
    post_form(c, "/api/upload/file-temp", upload_form(bytes, name, index)).await
}

/// `POST /api/devis/process-file` of entry `index` (the stored upload, no file sent).
pub(crate) async fn process(c: &TestClient, index: usize) -> Response {
    let form = Form::new().text("index", index.to_string());
    post_form(c, "/api/devis/process-file", form).await
}

/// Uploads and analyses a file at `index`; returns the process-file body.
pub(crate) async fn drop_file(c: &TestClient, bytes: Vec<u8>, name: &str, index: usize) -> Value {
    let res = upload(c, bytes, name, index).await;
    assert_eq!(res.status(), 200, "upload of {name}");
    let res = process(c, index).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// `POST /api/devis/set-cookie`: `updates` to entry `index`'s options (`null` removes it).
pub(crate) async fn set_entry(c: &TestClient, index: usize, updates: Value) -> Response {
    let body = json!({ "index": index, "updates": updates });
    post(c, "/api/devis/set-cookie", body).await
}

/// `POST /api/devis/calcul-prix` of entry `index`.
pub(crate) async fn price_of(c: &TestClient, index: usize) -> Response {
    post(c, "/api/devis/calcul-prix", json!({ "index": index })).await
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

/// The purge of the uploads at `now`, sparing the files modified `after`: `(rows, files)` it
/// removed (expired temporary uploads, files nothing names).
pub(crate) async fn purge(app: &TestApp, now: i64, after: std::time::SystemTime) -> (u64, u64) {
    let purged = server::jobs::purge_uploads(&app.db, &app.storage, now, after)
        .await
        .unwrap();
    (purged.rows, purged.files)
}

/// The files of the uploads folder (content and temporary ones).
pub(crate) fn stored_files(app: &TestApp) -> Vec<String> {
    let dir = app.dir.path().join("data/uploads");
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    read.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}
