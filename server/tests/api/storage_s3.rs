//! The site on an S3 bucket (`STORAGE_URL=s3://…`): a real S3-compatible server, s3s-fs, started
//! by scripts/test.sh (`TEST_S3_URL`; required in CI). A dropped part is written to the bucket
//! and read back through `Pieces/Fichier` and `devis/fichier`; an invoice PDF is kept in the
//! bucket and served from it; a quote PDF is kept as handed out; the purge lists and deletes in
//! the bucket. Nothing lands in the data folder.

use bytes::Bytes;
use server::storage::{self, names_under, UPLOADS};
use sha2::{Digest, Sha256};

use crate::builders::{a_customer, an_admin, an_order, cube, Part};
use crate::devis_helpers::{box_stl, purge, upload};
use crate::helpers::{spawn_app_on_s3, TestApp};

fn nothing_in_the_data_folder(app: &TestApp) {
    let data = app.dir.path().join("data");
    for folder in ["uploads", "documents"] {
        assert!(
            !data.join(folder).exists(),
            "{folder} written to the data folder instead of the bucket"
        );
    }
}

#[tokio::test]
async fn a_part_dropped_on_the_bucket_is_read_back_through_pieces_fichier() {
    let Some(app) = spawn_app_on_s3("part").await else {
        return;
    };
    assert!(
        app.storage.name().starts_with("s3://"),
        "{}",
        app.storage.name()
    );
    let bytes = box_stl(14.0, 9.0, 6.0);
    let sha = hex::encode(Sha256::digest(&bytes));
    let c = a_customer(&app)
        .with_basket(Part::file(bytes.clone(), "équerre.stl"))
        .await;
    let id = c.part();

    // In the bucket, under its hash.
    let key = storage::upload_key(&sha);
    assert_eq!(
        app.storage.get(&key).await.unwrap().as_deref(),
        Some(bytes.as_slice())
    );
    assert_eq!(
        names_under(UPLOADS, &app.storage.list(UPLOADS).await.unwrap()),
        vec![sha.clone()]
    );
    nothing_in_the_data_folder(&app);

    // Back through the controller and the quote page, byte for byte.
    let res = c.proxy("GET", &format!("Pieces/Fichier/{id}"), None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "model/stl");
    assert_eq!(
        res.headers()["content-length"],
        bytes.len().to_string().as_str()
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), bytes.as_slice());
    let res = c.get("/api/devis/fichier?index=0").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.bytes().await.unwrap().as_ref(), bytes.as_slice());

    // The same file dropped again is one object.
    let res = upload(&c, bytes.clone(), "copie.stl", 1).await;
    assert_eq!(res.status(), 200);
    assert_eq!(app.storage.list(UPLOADS).await.unwrap().len(), 1);

    // The bucket is the only copy: a file gone from it is a server fault, not another file.
    app.storage.delete(&key).await.unwrap();
    let res = c.proxy("GET", &format!("Pieces/Fichier/{id}"), None).await;
    assert_eq!(res.status(), 500);
}

#[tokio::test]
async fn an_invoice_pdf_is_kept_in_the_bucket_and_every_copy_is_the_kept_file() {
    let Some(app) = spawn_app_on_s3("invoice").await else {
        return;
    };
    let a = a_customer(&app).email("a@exemple.fr").await;
    let admin = an_admin(&app).await;
    let id = an_order(&app).of(&a).number(3).paid().by(&admin).await;
    let year = server::domain::paris_time::paris_year(server::clock::now());
    let number = format!("FA-{year}-000001");
    let key = storage::document_key(&number);

    let res = a
        .get(&format!("/api/backend/Commande/{id}/facture.pdf"))
        .await;
    assert_eq!(res.status(), 200);
    let first = res.bytes().await.unwrap();
    assert!(first.starts_with(b"%PDF-"));
    assert_eq!(app.storage.get(&key).await.unwrap(), Some(first.clone()));
    nothing_in_the_data_folder(&app);

    // What the bucket holds is what is served (never rendered again once kept).
    let kept = Bytes::from_static(b"%PDF-1.7\n% copie conservee dans le seau\n%%EOF\n");
    app.storage.put(&key, kept.clone()).await.unwrap();
    let res = admin
        .get(&format!("/api/backend/Commande/{id}/facture.pdf"))
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.bytes().await.unwrap(), kept);
}

#[tokio::test]
async fn a_quote_pdf_is_kept_in_the_bucket_as_handed_out() {
    let Some(app) = spawn_app_on_s3("quote").await else {
        return;
    };
    let c = a_customer(&app).with_basket(cube()).await;
    let res = c
        .send_json(reqwest::Method::POST, "/api/backend/Devis/pdf", None)
        .await;
    assert_eq!(res.status(), 200);
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    let pdf = res.bytes().await.unwrap();
    let year = server::domain::paris_time::paris_year(server::clock::now());
    let number = format!("DE-{year}-000001");
    assert_eq!(
        disposition,
        format!("attachment; filename=\"{number}.pdf\"")
    );
    assert_eq!(
        app.storage
            .get(&storage::document_key(&number))
            .await
            .unwrap(),
        Some(pdf)
    );
    nothing_in_the_data_folder(&app);
}

#[tokio::test]
async fn the_purge_lists_and_deletes_in_the_bucket() {
    let Some(app) = spawn_app_on_s3("purge").await else {
        return;
    };
    let c = a_customer(&app)
        .with_basket(Part::file(box_stl(10.0, 10.0, 10.0), "cube.stl"))
        .await;
    let res = upload(&c, box_stl(20.0, 10.0, 10.0), "plaque.stl", 1).await;
    assert_eq!(res.status(), 200);
    app.storage
        .put("uploads/0badc0de", Bytes::from_static(b"orphan"))
        .await
        .unwrap();
    app.storage
        .put("uploads/tmp-interrupted", Bytes::from_static(b"half"))
        .await
        .unwrap();
    app.storage
        .put(
            &storage::document_key("FA-2026-000009"),
            Bytes::from_static(b"%PDF"),
        )
        .await
        .unwrap();
    assert_eq!(app.storage.list(UPLOADS).await.unwrap().len(), 4);
    let now = server::clock::now();
    sqlx::query("UPDATE temp_uploads SET expires_at = $1")
        .bind(now - 1)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let part_key: String = sqlx::query_scalar("SELECT storage_key FROM parts")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();

    // Objects written in the last hour are left alone.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    assert_eq!(purge(&app, now, hour_ago).await, (2, 0));
    assert_eq!(app.storage.list(UPLOADS).await.unwrap().len(), 4);

    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    assert_eq!(purge(&app, now, later).await, (0, 3));
    // The part's file stays, and the documents are never purged.
    assert_eq!(
        names_under(UPLOADS, &app.storage.list(UPLOADS).await.unwrap()),
        vec![part_key.trim_start_matches(UPLOADS).to_owned()]
    );
    assert!(app
        .storage
        .exists(&storage::document_key("FA-2026-000009"))
        .await
        .unwrap());
    // A second instance running the same purge finds nothing more to do.
    assert_eq!(purge(&app, now, later).await, (0, 0));
}
