//! « Télécharger mes données » (RGPD, articles 15 and 20): a ZIP of everything the site holds
//! about an account — the account, addresses, companies, parts and their files, basket, quotes,
//! orders, deliveries, invoices and credit notes (JSON and PDF), contact messages and sign-ins —
//! built in the background and e-mailed as a link valid 24 hours. Every request is built by one
//! instance only: [`run_pending`] claims the requests row by row (`db::data_exports`). The ZIP is
//! written to a temporary file, entry by entry, so that a large account does not sit in memory.

use std::io::Write;
use std::path::PathBuf;

use bytes::Bytes;
use tokio::io::AsyncReadExt;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::auth::tokens;
use crate::commerce::pdf_archive;
use crate::db::data_exports::{self, Claimed, Ready};
use crate::db::{accounts, personal_data, Db};
use crate::documents::{self, CreditNoteData, InvoiceData};
use crate::mail::{rgpd_templates, Mailer};
use crate::storage::{self, Storage};

/// How long an instance holds a request it builds before another may take it over.
pub const CLAIM_SECS: i64 = 15 * 60;
/// How long the e-mailed link works.
pub const LINK_VALID_SECS: i64 = 24 * 3600;
/// Folder of the built exports in the object store.
pub const EXPORTS: &str = "exports/";

/// What the archive holds, in French, at its root.
const README: &str = "Vos données Forme Additive\n\
=========================\n\n\
Cette archive contient toutes les données que nous conservons sur votre compte :\n\n\
- donnees/compte.json : votre compte (adresse e-mail, nom, prénom, dates) ;\n\
- donnees/adresses.json et donnees/entreprises.json : vos adresses et vos entreprises ;\n\
- donnees/pieces.json, pieces_historique.json et panier.json : vos pièces, leur analyse, \
leurs options, leur suivi et votre panier ; leurs fichiers sont dans fichiers/pieces/ ;\n\
- donnees/devis.json : vos devis ; leurs PDF sont dans documents/devis/ ;\n\
- donnees/commandes.json, commandes_lignes.json, commandes_historique.json et \
livraisons.json : vos commandes ;\n\
- donnees/factures.json et avoirs.json : vos factures et avoirs ; leurs PDF sont dans \
documents/factures/ et documents/avoirs/ ;\n\
- donnees/messages_contact.json : les messages envoyés par le formulaire de contact avec \
votre adresse e-mail ;\n\
- donnees/connexions.json : l'historique de vos connexions (date, adresse IP, navigateur).\n\n\
Les dates sont en secondes depuis le 1er janvier 1970 (UTC), les montants en centimes d'euro.\n";

/// A ZIP written to a temporary file, one entry at a time off the async threads.
struct ZipFile {
    path: PathBuf,
    writer: Option<ZipWriter<std::fs::File>>,
}

impl ZipFile {
    fn create() -> anyhow::Result<ZipFile> {
        let path = std::env::temp_dir().join(format!("export-{}.zip", tokens::random_token()));
        let file = std::fs::File::create(&path)?;
        Ok(ZipFile {
            path,
            writer: Some(ZipWriter::new(file)),
        })
    }

    /// Adds `name`; compressed unless `stored` (PDFs and most 3D formats gain little).
    async fn add(&mut self, name: String, bytes: Bytes, stored: bool) -> anyhow::Result<()> {
        let mut writer = self
            .writer
            .take()
            .ok_or_else(|| anyhow::anyhow!("zip closed"))?;
        let writer = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
            let method = if stored {
                CompressionMethod::Stored
            } else {
                CompressionMethod::Deflated
            };
            let options = SimpleFileOptions::default()
                .compression_method(method)
                .large_file(bytes.len() as u64 >= u64::from(u32::MAX));
            writer.start_file(name, options)?;
            writer.write_all(&bytes)?;
            Ok(writer)
        })
        .await??;
        self.writer = Some(writer);
        Ok(())
    }

    async fn finish(mut self) -> anyhow::Result<PathBuf> {
        let writer = self
            .writer
            .take()
            .ok_or_else(|| anyhow::anyhow!("zip closed"))?;
        tokio::task::spawn_blocking(move || writer.finish()).await??;
        Ok(self.path.clone())
    }
}

impl Drop for ZipFile {
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// A file name safe as one path segment of the archive.
fn entry_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | '\0') {
                '_'
            } else {
                c
            }
        })
        .collect();
    match cleaned.trim_start_matches('.') {
        "" => "fichier".to_owned(),
        s => s.to_owned(),
    }
}

/// Writes the archive of the account `account_id` to a temporary file; returns its path.
pub async fn build(db: &Db, storage: &Storage, account_id: i64) -> anyhow::Result<PathBuf> {
    let mut zip = ZipFile::create()?;
    zip.add(
        "LISEZMOI.txt".to_owned(),
        Bytes::from_static(README.as_bytes()),
        false,
    )
    .await?;
    let data = personal_data::all(&mut *db.acquire().await?, account_id).await?;
    for (file, rows) in data {
        let json = serde_json::to_vec_pretty(&rows)?;
        zip.add(format!("donnees/{file}"), Bytes::from(json), false)
            .await?;
    }
    for (id, name, key) in personal_data::part_files(&mut *db.acquire().await?, account_id).await? {
        // A file missing from the store (removed by hand) is noted, not fatal.
        let bytes = storage.get(&key).await?.unwrap_or_else(|| {
            tracing::warn!(part = id, "export: part file missing from the store");
            Bytes::new()
        });
        zip.add(
            format!("fichiers/pieces/{id}-{}", entry_name(&name)),
            bytes,
            false,
        )
        .await?;
    }
    let docs = personal_data::documents(&mut *db.acquire().await?, account_id).await?;
    for number in docs.quotes {
        if let Some(pdf) = storage.get(&storage::document_key(&number)).await? {
            zip.add(format!("documents/devis/{number}.pdf"), pdf, true)
                .await?;
        }
    }
    for (number, data) in docs.invoices {
        let pdf = pdf_archive::issued_pdf::<InvoiceData, _>(
            storage,
            &number,
            data,
            documents::render_invoice,
        )
        .await?;
        zip.add(format!("documents/factures/{number}.pdf"), pdf, true)
            .await?;
    }
    for (number, data) in docs.credit_notes {
        let pdf = pdf_archive::issued_pdf::<CreditNoteData, _>(
            storage,
            &number,
            data,
            documents::render_credit_note,
        )
        .await?;
        zip.add(format!("documents/avoirs/{number}.pdf"), pdf, true)
            .await?;
    }
    zip.finish().await
}

/// Copies the local file `path` to the object store at `key`, in chunks; returns its size.
async fn upload(storage: &Storage, path: &PathBuf, key: &str) -> anyhow::Result<i64> {
    let mut file = tokio::fs::File::open(path).await?;
    let mut writer = storage.writer(key)?;
    let mut size = 0i64;
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        size += n as i64;
        if let Err(e) = writer.write(Bytes::copy_from_slice(&buf[..n])).await {
            let _ = writer.abort().await;
            return Err(e.into());
        }
    }
    writer.finish().await?;
    Ok(size)
}

/// Builds, stores and e-mails the claimed request; the caller releases it on failure.
async fn fulfil(
    db: &Db,
    storage: &Storage,
    mailer: &Mailer,
    instance: &str,
    claimed: Claimed,
    now: i64,
) -> anyhow::Result<()> {
    let account = accounts::find(&mut *db.acquire().await?, claimed.account_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("export of a deleted account"))?;
    let path = build(db, storage, claimed.account_id).await?;
    let key = format!(
        "{EXPORTS}{}-{}.zip",
        claimed.id,
        &tokens::random_token()[..12]
    );
    let uploaded = upload(storage, &path, &key).await;
    let _ = tokio::fs::remove_file(&path).await;
    let size = uploaded?;
    let token = tokens::random_token();
    let ready = Ready {
        key: &key,
        size,
        token_hash: &tokens::sha256_hex(&token),
        now,
        expires_at: now + LINK_VALID_SECS,
    };
    if !data_exports::mark_ready(&mut *db.acquire().await?, claimed.id, instance, &ready).await? {
        // Another instance took the request over after our claim expired: its copy wins.
        storage.delete(&key).await?;
        return Ok(());
    }
    let mail = rgpd_templates::data_export_ready(
        mailer.brand(),
        mailer.base_url(),
        &account.email,
        &token,
    );
    mailer.send(mail).await?;
    tracing::info!(
        export = claimed.id,
        account = account.id,
        size,
        "data export ready"
    );
    Ok(())
}

/// Builds every pending request this instance can claim at `now`; returns how many were built.
pub async fn run_pending(
    db: &Db,
    storage: &Storage,
    mailer: &Mailer,
    instance: &str,
) -> anyhow::Result<u32> {
    let mut built = 0;
    loop {
        let now = crate::clock::now();
        let Some(claimed) =
            data_exports::claim_next(&mut *db.acquire().await?, instance, now, CLAIM_SECS).await?
        else {
            return Ok(built);
        };
        match fulfil(db, storage, mailer, instance, claimed, now).await {
            Ok(()) => built += 1,
            Err(e) => {
                tracing::warn!(export = claimed.id, error = %format!("{e:#}"), "data export failed");
                data_exports::release_failed(&mut *db.acquire().await?, claimed.id).await?;
            }
        }
    }
}

/// Deletes the expired exports and their ZIPs (part of the hourly purge).
pub async fn purge_expired(db: &Db, storage: &Storage, now: i64) -> anyhow::Result<usize> {
    let keys = data_exports::purge_expired(&mut *db.acquire().await?, now).await?;
    for key in &keys {
        storage.delete(key).await?;
    }
    Ok(keys.len())
}

#[cfg(test)]
mod tests {
    use super::entry_name;

    #[test]
    fn a_file_name_stays_inside_its_folder_of_the_archive() {
        assert_eq!(entry_name("support.stl"), "support.stl");
        assert_eq!(entry_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(entry_name("a\\b.obj"), "a_b.obj");
        assert_eq!(entry_name(".."), "fichier");
    }
}
