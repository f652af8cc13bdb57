//! Uploads to the instant quote: a dropped file stored under its hash, its entry surviving a
//! reload; what is refused before anything is written (no file, no type, an unknown type, over
//! 100 MB); and issue 12's finding 5: process-file never storing the file it is sent, the upload
//! quotas, and the purge of expired uploads and of the files nothing names.

use reqwest::multipart::{Form, Part};
use reqwest::StatusCode;
use serde_json::Value;

use crate::devis_helpers::{
    box_stl, drop_file, entries, post_form, process, purge, stored_files, upload,
};
use crate::helpers::{exec, scalar, spawn_app};

#[tokio::test]
async fn a_dropped_file_is_stored_under_its_hash_and_its_entry_survives_a_reload() {
    let app = spawn_app().await;
    let c = app.client();
    let bytes = box_stl(10.0, 20.0, 30.0);
    let res = upload(&c, bytes.clone(), "boîte.stl", 0).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["cookieData"]["file_name"], "boîte.stl");
    assert_eq!(body["cookieData"]["size"], bytes.len());
    assert_eq!(body["cookieData"]["analysed"], false);
    let key: String = scalar!(app, "SELECT storage_key FROM temp_uploads");
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
    let res = upload(&c, b"hello".to_vec(), "photo.png", 0).await;
    assert_eq!(res.status(), 400);
    assert!(entries(&c).await.is_empty());
}

#[tokio::test]
async fn a_file_over_100_mb_is_refused_with_a_french_message() {
    let app = spawn_app().await;
    let c = app.client();
    let huge = vec![0u8; 100 * 1024 * 1024 + 1];
    let res = upload(&c, huge, "enorme.stl", 0).await;
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Le fichier dépasse la taille maximale autorisée (100 Mo)."
    );
    assert!(stored_files(&app).is_empty(), "the partial file is removed");
}

#[tokio::test]
async fn a_file_of_an_unknown_type_is_refused_before_anything_is_written() {
    let app = spawn_app().await;
    let c = app.client();
    let res = upload(&c, b"pas un modele".to_vec(), "notes.txt", 0).await;
    assert_eq!(res.status(), 400);
    assert!(stored_files(&app).is_empty(), "{:?}", stored_files(&app));
    let res = upload(&c, Vec::new(), "vide.stl", 0).await;
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
    assert_eq!(again["part_id"], first["part_id"]);
    let second = drop_file(&c, cube, "copie.stl", 1).await;
    assert_ne!(second["part_id"], first["part_id"]);
    assert_eq!(second["analysis"], first["analysis"]);
    let parts: i64 = scalar!(app, "SELECT COUNT(*) FROM parts");
    let analyses: i64 = scalar!(app, "SELECT COUNT(*) FROM analysis_cache");
    assert_eq!((parts, analyses), (2, 1));
}

/// Issue 22, finding 2: the engine's refusal of a file is cached by hash and options like an
/// analysis, so that a hostile file is analysed once, whatever the number of calls.
#[tokio::test]
async fn an_engine_refusal_is_cached_and_not_analysed_again() {
    let app = spawn_app().await;
    let c = app.client();
    // An STL extension on bytes that are no mesh: refused by the engine, not by the upload.
    let junk = b"solid cube\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 nope\n".to_vec();
    let first = drop_file(&c, junk.clone(), "casse.stl", 0).await;
    let message = first["error"]
        .as_str()
        .expect("a French refusal")
        .to_owned();
    assert!(!message.is_empty(), "{first}");
    let cached: String = scalar!(app, "SELECT analysis FROM analysis_cache");
    assert!(cached.contains("\"refus\""), "{cached}");
    // The same file again, and at another position: the cached refusal, word for word.
    let again: Value = process(&c, 0).await.json().await.unwrap();
    assert_eq!(again["error"], first["error"]);
    assert_eq!(again["code"], first["code"]);
    let second = drop_file(&c, junk, "copie.stl", 1).await;
    assert_eq!(second["error"], first["error"]);
    let rows: i64 = scalar!(app, "SELECT COUNT(*) FROM analysis_cache");
    let parts: i64 = scalar!(app, "SELECT COUNT(*) FROM parts");
    assert_eq!((rows, parts), (1, 0));
}

#[tokio::test]
async fn upload_quotas_answer_429_then_413_in_french() {
    let app = spawn_app().await;
    let c = app.client();
    let now = server::clock::now();
    // An address that already dropped its files of the hour.
    for _ in 0..120 {
        exec!(
            app,
            "INSERT INTO rate_limit_events (bucket, created_at) VALUES ($1, $2)",
            "upload-ip:127.0.0.1",
            now
        );
    }
    let res = upload(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    assert_eq!(res.status(), 429);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Trop de tentatives en peu de temps. Veuillez réessayer plus tard."
    );
    exec!(app, "DELETE FROM rate_limit_events");
    // And one that dropped its 2 GB of the day.
    exec!(
        app,
        "INSERT INTO temp_uploads (token, kind, file_name, storage_key, sha256, size_bytes, created_at, expires_at, ip) \
         VALUES ('t', 'models', 'gros.stl', 'uploads/x', 'x', $1, $2, $3, '127.0.0.1')",
        2_i64 * 1024 * 1024 * 1024,
        now,
        now + 3600
    );
    let res = upload(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
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
    // The test runs the purge itself: the server's own purge (its loop's first run, late on a
    // loaded machine) is kept off by holding its lease for the hour.
    exec!(
        app,
        "INSERT INTO job_leases (name, holder, expires_at) VALUES ('purge', 'test', $1) \
         ON CONFLICT (name) DO UPDATE SET holder = 'test', expires_at = $1",
        server::clock::now() + 3600
    );
    let c = app.client();
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    let res = upload(&c, box_stl(20.0, 10.0, 10.0), "plaque.stl", 1).await;
    assert_eq!(res.status(), 200);
    let uploads = app.dir.path().join("data/uploads");
    std::fs::write(uploads.join("0badc0de"), b"orphan").unwrap();
    std::fs::write(uploads.join("tmp-interrupted"), b"half").unwrap();
    assert_eq!(stored_files(&app).len(), 4);
    let now = server::clock::now();
    exec!(app, "UPDATE temp_uploads SET expires_at = $1", now - 1);
    let cube_key: String = scalar!(app, "SELECT storage_key FROM parts");

    // Files modified in the last hour are left alone.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    assert_eq!(purge(&app, now, hour_ago).await, (2, 0));
    assert_eq!(stored_files(&app).len(), 4);

    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    assert_eq!(purge(&app, now, later).await, (0, 3));
    // The analysed part's file stays.
    assert_eq!(
        stored_files(&app),
        vec![cube_key.trim_start_matches("uploads/").to_owned()]
    );
}

#[tokio::test]
async fn a_form_of_many_small_fields_is_refused_before_it_is_read_whole() {
    let app = spawn_app().await;
    let c = app.client();
    let mut many = Form::new().text("index", "0");
    for i in 0..40 {
        many = many.text(format!("champ{i}"), "x");
    }
    let res = post_form(&c, "/api/devis/process-file", many).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "Trop de champs dans le formulaire.");
}

/// Issue 22, finding 4: an upload refused for its fields (`type=autre`, a bad index) leaves no
/// file behind, so its bytes can neither stay on disk nor escape the quota.
#[tokio::test]
async fn a_refused_upload_leaves_no_file() {
    let app = spawn_app().await;
    let c = app.client();
    for (kind, index) in [("autre", "0"), ("models", "-1"), ("models", "x")] {
        let form = Form::new().text("type", kind).text("index", index).part(
            "file",
            Part::bytes(box_stl(10.0, 10.0, 10.0)).file_name("cube.stl"),
        );
        let res = post_form(&c, "/api/upload/file-temp", form).await;
        assert_eq!(res.status(), 400, "{kind} {index}");
        assert!(
            stored_files(&app).is_empty(),
            "{kind} {index}: a file stayed"
        );
    }
    let rows: i64 = scalar!(app, "SELECT COUNT(*) FROM temp_uploads");
    assert_eq!(rows, 0);
}

/// Issue 22, finding 4: the daily quota is counted with each upload's own row, so 20 parallel
/// uploads cannot together pass it (here 1 MiB a day, files of 120 kB: at most 8 fit).
#[tokio::test]
async fn twenty_parallel_uploads_cannot_exceed_the_daily_quota() {
    let app = crate::helpers::spawn_app_with(|s| s.upload_daily_bytes = 1024 * 1024).await;
    let c = app.client();
    let uploads = (0..20).map(|i| {
        let c = &c;
        async move {
            // Twenty different files of the same size (each cube a little longer).
            let mut bytes = box_stl(10.0 + i as f32, 10.0, 10.0);
            bytes.resize(120_000, b' ');
            upload(c, bytes, &format!("cube{i}.stl"), i as usize)
                .await
                .status()
        }
    });
    let statuses = futures_util::future::join_all(uploads).await;
    let accepted = statuses.iter().filter(|s| s.as_u16() == 200).count();
    let refused = statuses.iter().filter(|s| s.as_u16() == 413).count();
    assert_eq!(accepted + refused, 20, "{statuses:?}");
    let stored: i64 = scalar!(
        app,
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) FROM temp_uploads"
    );
    assert!(
        stored <= 1024 * 1024,
        "{stored} bytes stored over a 1 MiB quota"
    );
    assert!(accepted >= 1, "{statuses:?}");
    // Only the accepted files are on disk.
    assert_eq!(stored_files(&app).len(), accepted);
}

/// Issue 22, finding 5: on a shared computer, signing out takes the quote with it: the next
/// person lists no entry and cannot download the model dropped while signed in.
#[tokio::test]
async fn signing_out_takes_the_quote_and_its_files_away() {
    let app = spawn_app().await;
    let c = crate::builders::a_customer(&app).await;
    drop_file(&c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0).await;
    drop_file(&c, box_stl(20.0, 10.0, 10.0), "plaque.stl", 1).await;
    assert_eq!(entries(&c).await.len(), 2);
    assert_eq!(c.get("/api/devis/fichier?index=0").await.status(), 200);
    assert_eq!(c.sign_out().await.status(), 200);
    assert!(entries(&c).await.is_empty(), "entries after sign-out");
    let res = c.get("/api/devis/fichier?index=0").await;
    assert_eq!(res.status(), 400, "the model after sign-out");
    let rows: i64 = scalar!(app, "SELECT COUNT(*) FROM quote_entries");
    assert_eq!(rows, 0, "the entries' rows are gone too");
}
