//! Receiving a dropped file: the multipart body is streamed to the shared object store (a
//! temporary key, in parts, never whole in memory) while its sha256 is computed, then moved to
//! `uploads/<sha256>` (content-addressed, so several server instances and repeated drops of the
//! same file share one copy). The file's name is checked before anything is written, so is the
//! header of a STEP file (`ISO-10303-21;`), an empty file is never kept, and a file only checked
//! against a stored one (`process-file`) is hashed without being written at all.

use std::collections::HashMap;

use axum::extract::multipart::{Field, MultipartError};
use axum::http::StatusCode;
use bytes::Bytes;
use sha2::{Digest, Sha256};

use quote_core::import::{looks_like_step, STEP_SNIFF_BYTES};
use quote_core::QuoteError;

use super::{file_too_large, quota_exceeded};
use crate::auth::tokens::random_token;
use crate::error::ApiError;
use crate::extract::Multipart;
use crate::storage::{self, Storage, UPLOADS};

/// Largest file accepted, bytes.
pub const MAX_FILE_BYTES: u64 = 100 * 1024 * 1024;
/// Largest text field accepted, bytes.
const MAX_TEXT_FIELD: usize = 4096;
/// Most text fields a quote form sends (`type`, `index`, and a few to spare): a body of
/// thousands of small fields is refused before it fills the field map.
const MAX_TEXT_FIELDS: usize = 16;
/// Longest file name kept, characters.
const MAX_NAME_CHARS: usize = 200;

/// A file written to the uploads folder.
#[derive(Debug, Clone)]
pub struct StoredFile {
    /// File name as sent (last path component, trimmed).
    pub name: String,
    /// sha256, lower-case hex.
    pub sha256: String,
    /// Size in bytes.
    pub size: u64,
    /// Its key in the object store: a temporary `uploads/tmp-…` key until [`place`] moves it
    /// to `uploads/<sha256>` (empty when only hashed).
    pub storage_key: String,
}

/// Moves a received file from its temporary key to its content key (`uploads/<sha256>`), once
/// the request is accepted: a refused request never leaves a file named by its content.
pub async fn place(storage: &Storage, file: &mut StoredFile) -> Result<(), ApiError> {
    let content_key = storage::upload_key(&file.sha256);
    // Same content, same key: moving over an existing copy is harmless, and it dates the copy
    // now, so the purge (which spares recent files) cannot take it before its row is written.
    storage
        .rename(&file.storage_key, &content_key)
        .await
        .map_err(anyhow::Error::from)?;
    file.storage_key = content_key;
    Ok(())
}

/// Deletes a received file that is refused, before [`place`] (its temporary key is its own: no
/// other upload can name it). A failure is logged: the purge takes temporary files later.
pub async fn discard(storage: &Storage, file: &StoredFile) {
    if let Err(error) = storage.delete(&file.storage_key).await {
        tracing::warn!(%error, key = %file.storage_key, "refused upload not deleted (the purge will)");
    }
}

/// The extensions of the files the quote reads.
pub const EXTENSIONS: [&str; 5] = ["stl", "obj", "3mf", "step", "stp"];
/// The extensions of STEP files, whose content must start with the ISO 10303-21 header.
const STEP_EXTENSIONS: [&str; 2] = ["step", "stp"];
/// Bytes read before a STEP file's header is judged: the engine's own window (room for a BOM,
/// blank lines and comments before the header, 64 KiB in all, as OpenCascade reads them).
const SNIFF_BYTES: usize = STEP_SNIFF_BYTES;

/// The refusal of a file the quote does not read.
pub fn unknown_format() -> ApiError {
    ApiError::quote(
        "Format de fichier non reconnu\u{a0}: seuls les fichiers STL, OBJ, 3MF et STEP (.step, .stp) sont acceptés.",
    )
}

/// What to do with the `file` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Store it under `uploads/<sha256>`, at most this many bytes (413 beyond).
    Store {
        /// Largest size accepted (the file limit, or what is left of a quota).
        max_bytes: u64,
        /// The daily quota the refusal names when `max_bytes` is what is left of it.
        daily_bytes: u64,
    },
    /// Only hash it (nothing is written).
    HashOnly,
}

/// A multipart body: its text fields and its file, if any.
#[derive(Debug, Default)]
pub struct Received {
    /// Text fields by name.
    pub fields: HashMap<String, String>,
    /// The `file` field.
    pub file: Option<StoredFile>,
}

/// Reads every field; the `file` field is streamed to the store (under a temporary key, see
/// [`place`] and [`discard`]) or only hashed, as `keep` says. A refusal after the file was
/// written deletes it.
pub async fn receive(
    mut multipart: Multipart,
    storage: &Storage,
    keep: Keep,
) -> Result<Received, ApiError> {
    let mut received = Received::default();
    let result = read_fields(&mut multipart, storage, keep, &mut received).await;
    if let Err(e) = result {
        if let Some(file) = received.file.as_ref().filter(|f| !f.storage_key.is_empty()) {
            discard(storage, file).await;
        }
        return Err(e);
    }
    Ok(received)
}

async fn read_fields(
    multipart: &mut Multipart,
    storage: &Storage,
    keep: Keep,
    received: &mut Received,
) -> Result<(), ApiError> {
    while let Some(field) = multipart.0.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            if received.file.is_some() {
                return Err(ApiError::quote(
                    "Un seul fichier par envoi, s'il vous plaît.",
                ));
            }
            received.file = Some(store(field, storage, keep).await?);
        } else {
            if received.fields.len() >= MAX_TEXT_FIELDS {
                return Err(ApiError::quote("Trop de champs dans le formulaire."));
            }
            let bytes = read_text(field).await?;
            received.fields.insert(name, bytes);
        }
    }
    Ok(())
}

async fn read_text(mut field: Field<'_>) -> Result<String, ApiError> {
    let mut out = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        out.extend_from_slice(&chunk);
        if out.len() > MAX_TEXT_FIELD {
            return Err(ApiError::quote("Un champ du formulaire est trop long."));
        }
    }
    String::from_utf8(out).map_err(|_| ApiError::quote("Un champ du formulaire est illisible."))
}

fn clean_name(raw: Option<&str>) -> String {
    let last = raw
        .unwrap_or_default()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default();
    let name: String = last
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    name.trim().to_owned()
}

fn extension(name: &str) -> Option<String> {
    name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())
}

/// Whether a file name has one of the quote's extensions.
pub fn known_extension(name: &str) -> bool {
    extension(name).is_some_and(|e| EXTENSIONS.contains(&e.as_str()))
}

/// Whether a file name is a STEP file's (`.step`, `.stp`).
pub fn step_extension(name: &str) -> bool {
    extension(name).is_some_and(|e| STEP_EXTENSIONS.contains(&e.as_str()))
}

/// The refusal of a `.step`/`.stp` file whose first bytes are not the ISO 10303-21 header (the
/// engine's own words for it), or `None` when they are.
pub fn step_header_refusal(first_bytes: &[u8]) -> Option<ApiError> {
    (!looks_like_step(first_bytes)).then(|| {
        ApiError::quote(
            QuoteError::StepInvalid {
                detail: "il ne commence pas par « ISO-10303-21; »".into(),
            }
            .message(),
        )
    })
}

async fn hash_only(mut field: Field<'_>, name: String) -> Result<StoredFile, ApiError> {
    let mut hasher = Sha256::new();
    let mut size: u64 = 0;
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        size += chunk.len() as u64;
        if size > MAX_FILE_BYTES {
            return Err(file_too_large());
        }
        hasher.update(&chunk);
    }
    Ok(StoredFile {
        name,
        sha256: hex::encode(hasher.finalize()),
        size,
        storage_key: String::new(),
    })
}

async fn store(field: Field<'_>, storage: &Storage, keep: Keep) -> Result<StoredFile, ApiError> {
    let name = clean_name(field.file_name());
    let (max_bytes, daily_bytes) = match keep {
        Keep::HashOnly => return hash_only(field, name).await,
        Keep::Store {
            max_bytes,
            daily_bytes,
        } => (max_bytes.min(MAX_FILE_BYTES), daily_bytes),
    };
    // Checked before a byte is written.
    if !known_extension(&name) {
        return Err(unknown_format());
    }
    let mut field = field;
    // A STEP file's first chunks wait in memory until its header is seen.
    let mut held = step_extension(&name).then(Vec::<Bytes>::new);
    if let Some(held) = &mut held {
        sniff_step(&mut field, held).await?;
    }
    let tmp = format!("{UPLOADS}tmp-{}", random_token());
    let mut out = storage.writer(&tmp).map_err(anyhow::Error::from)?;
    let result = async {
        let mut hasher = Sha256::new();
        let mut size: u64 = 0;
        let mut held = held.unwrap_or_default().into_iter();
        loop {
            let chunk = match held.next() {
                Some(chunk) => chunk,
                None => match field.chunk().await.map_err(multipart_error)? {
                    Some(chunk) => chunk,
                    None => break,
                },
            };
            size += chunk.len() as u64;
            if size > MAX_FILE_BYTES {
                return Err(file_too_large());
            }
            if size > max_bytes {
                return Err(quota_exceeded(daily_bytes));
            }
            hasher.update(&chunk);
            out.write(chunk).await.map_err(anyhow::Error::from)?;
        }
        if size == 0 {
            return Err(ApiError::quote(QuoteError::EmptyFile.message()));
        }
        Ok((hex::encode(hasher.finalize()), size))
    }
    .await;
    let (sha256, size) = match result {
        Ok(v) => v,
        Err(e) => {
            if let Err(abort) = out.abort().await {
                tracing::warn!(error = %abort, key = %tmp, "abandoned upload not cleaned (the purge will)");
            }
            return Err(e);
        }
    };
    out.finish().await.map_err(anyhow::Error::from)?;
    Ok(StoredFile {
        name,
        sha256,
        size,
        storage_key: tmp,
    })
}

/// Reads a STEP file's first chunks into `held` until [`SNIFF_BYTES`] (or the end) and refuses
/// the file when they do not start with the ISO 10303-21 header; an empty file passes (refused
/// as empty afterwards).
async fn sniff_step(field: &mut Field<'_>, held: &mut Vec<Bytes>) -> Result<(), ApiError> {
    let mut start = Vec::with_capacity(SNIFF_BYTES);
    while start.len() < SNIFF_BYTES {
        let Some(chunk) = field.chunk().await.map_err(multipart_error)? else {
            break;
        };
        let take = chunk.len().min(SNIFF_BYTES - start.len());
        start.extend_from_slice(&chunk[..take]);
        held.push(chunk);
    }
    match step_header_refusal(&start) {
        Some(refusal) if !start.is_empty() => Err(refusal),
        _ => Ok(()),
    }
}

fn multipart_error(e: MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        file_too_large()
    } else {
        tracing::warn!(error = %e.body_text(), "unreadable multipart body");
        ApiError::quote("L'envoi du fichier a échoué : requête multipart illisible.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_loses_its_folders_and_control_characters() {
        assert_eq!(
            clean_name(Some("C:\\pièces\\support\u{7}.stl")),
            "support.stl"
        );
        assert_eq!(clean_name(Some("../../etc/passwd")), "passwd");
        assert_eq!(clean_name(None), "");
    }

    #[test]
    fn step_files_are_known_by_either_extension_and_their_header() {
        assert!(known_extension("bride.STEP") && known_extension("bride.stp"));
        assert!(step_extension("bride.Stp") && !step_extension("bride.stl"));
        assert!(!known_extension("bride.iges"));
        assert!(step_header_refusal(b"\xEF\xBB\xBF\r\nISO-10303-21;\nHEADER;").is_none());
        let refusal = step_header_refusal(b"solid cube\nfacet normal 0 0 1").unwrap();
        assert!(refusal.to_string().contains("ISO-10303-21"), "{refusal}");
    }
}
