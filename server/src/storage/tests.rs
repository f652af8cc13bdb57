//! The storage contract, run against both backends: the local folder (a temporary folder, always)
//! and an S3-compatible bucket, a real server (`s3s-fs`, started by scripts/test.sh, which
//! exports `TEST_S3_URL=http://KEY:SECRET@127.0.0.1:PORT/BUCKET`). Without `TEST_S3_URL` the S3 run
//! is skipped with a message, except in CI (`CI=true`) where it fails.

use std::time::{Duration, SystemTime};

use bytes::Bytes;
use futures_util::TryStreamExt;

use super::*;

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u32).wrapping_mul(31).wrapping_add(u32::from(seed)) as u8)
        .collect()
}

/// Every promise of [`Storage`], on one store.
async fn contract(storage: &Storage) {
    let started = SystemTime::now() - Duration::from_secs(120);

    // Nothing yet.
    assert_eq!(storage.get("uploads/abc").await.unwrap(), None);
    assert!(!storage.exists("uploads/abc").await.unwrap());
    assert!(storage.get_stream("uploads/abc").await.unwrap().is_none());
    assert!(storage.list(UPLOADS).await.unwrap().is_empty());
    // Deleting what is not there is no error (another instance may have been first).
    storage.delete("uploads/abc").await.unwrap();

    // Put, get, exists, overwrite.
    storage
        .put("uploads/abc", Bytes::from_static(b"premier"))
        .await
        .unwrap();
    assert!(storage.exists("uploads/abc").await.unwrap());
    assert_eq!(
        storage.get("uploads/abc").await.unwrap().unwrap(),
        Bytes::from_static(b"premier")
    );
    storage
        .put("uploads/abc", Bytes::from_static(b"second, plus long"))
        .await
        .unwrap();
    assert_eq!(
        storage.get("uploads/abc").await.unwrap().unwrap(),
        Bytes::from_static(b"second, plus long")
    );

    // A writer fed in chunks, larger than one part (multipart on S3): invisible until finished.
    let big = pattern(WRITE_CHUNK + 300_000, 7);
    let mut writer = storage.writer("uploads/tmp-gros").unwrap();
    for chunk in big.chunks(64 * 1024) {
        writer.write(Bytes::copy_from_slice(chunk)).await.unwrap();
    }
    assert!(!storage.exists("uploads/tmp-gros").await.unwrap());
    writer.finish().await.unwrap();
    let back = storage.get("uploads/tmp-gros").await.unwrap().unwrap();
    assert_eq!(back.len(), big.len());
    assert!(back == big, "the large object comes back byte for byte");
    // Streamed back, the same bytes and size.
    let stream = storage
        .get_stream("uploads/tmp-gros")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stream.size, big.len() as u64);
    let chunks: Vec<Bytes> = stream.stream.try_collect().await.unwrap();
    assert!(chunks.concat() == big);

    // A small written object, and an aborted one that leaves nothing.
    let mut writer = storage.writer("uploads/tmp-petit").unwrap();
    writer.write(Bytes::from_static(b"solid ")).await.unwrap();
    writer.write(Bytes::from_static(b"cube")).await.unwrap();
    writer.finish().await.unwrap();
    assert_eq!(
        storage.get("uploads/tmp-petit").await.unwrap().unwrap(),
        Bytes::from_static(b"solid cube")
    );
    let mut aborted = storage.writer("uploads/tmp-abandon").unwrap();
    aborted
        .write(Bytes::from(pattern(WRITE_CHUNK + 10, 3)))
        .await
        .unwrap();
    aborted.abort().await.unwrap();
    assert!(!storage.exists("uploads/tmp-abandon").await.unwrap());

    // Rename: to a free key, then over an existing one (replaced).
    storage
        .rename("uploads/tmp-gros", "uploads/0123abcd")
        .await
        .unwrap();
    assert!(!storage.exists("uploads/tmp-gros").await.unwrap());
    assert!(storage.get("uploads/0123abcd").await.unwrap().unwrap() == big);
    storage
        .rename("uploads/tmp-petit", "uploads/abc")
        .await
        .unwrap();
    assert_eq!(
        storage.get("uploads/abc").await.unwrap().unwrap(),
        Bytes::from_static(b"solid cube")
    );

    // A document elsewhere: listing a folder shows that folder only, with sizes and dates.
    storage
        .put(
            &document_key("FA-2026-000001"),
            Bytes::from_static(b"%PDF-1.7 facture"),
        )
        .await
        .unwrap();
    let listed = storage.list(UPLOADS).await.unwrap();
    assert_eq!(
        names_under(UPLOADS, &listed),
        vec!["0123abcd".to_owned(), "abc".to_owned()]
    );
    let now = SystemTime::now() + Duration::from_secs(120);
    for o in &listed {
        assert!(o.modified > started && o.modified < now, "{o:?} dated now");
    }
    let sizes: Vec<u64> = {
        let mut l = listed.clone();
        l.sort_by(|a, b| a.key.cmp(&b.key));
        l.iter().map(|o| o.size).collect()
    };
    assert_eq!(sizes, vec![big.len() as u64, 10]);
    assert_eq!(
        names_under(DOCUMENTS, &storage.list(DOCUMENTS).await.unwrap()),
        vec!["FA-2026-000001.pdf".to_owned()]
    );

    // Delete.
    storage.delete("uploads/abc").await.unwrap();
    assert!(!storage.exists("uploads/abc").await.unwrap());
    assert_eq!(
        names_under(UPLOADS, &storage.list(UPLOADS).await.unwrap()),
        vec!["0123abcd".to_owned()]
    );
    storage.delete("uploads/0123abcd").await.unwrap();
    storage
        .delete(&document_key("FA-2026-000001"))
        .await
        .unwrap();
    assert!(storage.list(UPLOADS).await.unwrap().is_empty());

    // Keys are plain relative names.
    for bad in ["", "../secret", "uploads//x", "/uploads/x", "uploads/x/"] {
        assert!(
            matches!(storage.get(bad).await, Err(StorageError::BadKey(_))),
            "{bad:?} refused"
        );
    }
}

#[tokio::test]
async fn the_local_folder_keeps_the_storage_contract() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(&StorageSettings::default(), dir.path()).unwrap();
    storage.check().await.unwrap();
    contract(&storage).await;
}

#[tokio::test]
async fn the_s3_bucket_keeps_the_storage_contract() {
    let Some(settings) = StorageSettings::test_bucket("contract") else {
        return;
    };
    let storage = Storage::open(&settings, Path::new("/nonexistent")).unwrap();
    assert!(storage.name().starts_with("s3://"), "{}", storage.name());
    storage.check().await.unwrap();
    contract(&storage).await;
}

#[tokio::test]
async fn wrong_s3_keys_are_refused_at_the_start_up_check() {
    let Some(mut settings) = StorageSettings::test_bucket("wrong-keys") else {
        return;
    };
    settings.aws_secret_access_key = Some("pas-la-bonne-cle".into());
    let storage = Storage::open(&settings, Path::new("/nonexistent")).unwrap();
    let err = storage.check().await.unwrap_err();
    assert!(matches!(err, StorageError::Backend { .. }), "{err}");
}

#[tokio::test]
async fn the_local_default_is_the_data_folder_as_it_always_was() {
    // A data folder written before the object store: `uploads/<sha256>` files.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("uploads")).unwrap();
    std::fs::write(dir.path().join("uploads/ancien"), b"fichier d'avant").unwrap();
    std::fs::write(dir.path().join("forme-additive.db"), b"la base").unwrap();
    let storage = Storage::open(&StorageSettings::default(), dir.path()).unwrap();
    assert_eq!(
        storage.get("uploads/ancien").await.unwrap().unwrap(),
        Bytes::from_static(b"fichier d'avant")
    );
    assert_eq!(
        names_under(UPLOADS, &storage.list(UPLOADS).await.unwrap()),
        vec!["ancien".to_owned()]
    );
    // And what it writes lands at the same place.
    storage
        .put(&upload_key("f00d"), Bytes::from_static(b"nouveau"))
        .await
        .unwrap();
    assert_eq!(
        std::fs::read(dir.path().join("uploads/f00d")).unwrap(),
        b"nouveau"
    );
    // `file:///path` names another folder.
    let other = tempfile::tempdir().unwrap();
    let settings = StorageSettings {
        storage_url: Some(format!("file://{}", other.path().display())),
        ..StorageSettings::default()
    };
    let elsewhere = Storage::open(&settings, dir.path()).unwrap();
    elsewhere
        .put(&document_key("DE-2026-000001"), Bytes::from_static(b"%PDF"))
        .await
        .unwrap();
    assert!(other.path().join("documents/DE-2026-000001.pdf").is_file());
    assert!(!dir.path().join("documents").exists());
}

#[test]
fn an_unknown_storage_url_is_refused_in_french() {
    let settings = StorageSettings {
        storage_url: Some("ftp://seau".into()),
        ..StorageSettings::default()
    };
    let err = Storage::open(&settings, Path::new("/tmp")).unwrap_err();
    assert!(
        err.to_string().starts_with("STORAGE_URL inutilisable"),
        "{err}"
    );
}
