//! The stored files (dropped 3D files, issued PDFs) behind one interface, `object_store`'s
//! [`ObjectStore`] trait, with two implementations: a local folder ([`local`], the default:
//! `DATA_DIR` itself, so the files sit where they always did, `DATA_DIR/uploads/<sha256>`) and an
//! S3-compatible bucket ([`s3`], `STORAGE_URL=s3://bucket`), which several server instances share.
//!
//! Keys are `/`-separated relative names: `uploads/<sha256>` for a dropped file (content
//! addressed: one copy whatever the number of drops) and `documents/<number>.pdf` for an issued
//! invoice, credit note or quote (unique and frozen, like its number).

pub mod local;
pub mod s3;
mod settings;

use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::TryStreamExt;
use object_store::buffered::BufWriter;
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt};
use tokio::io::AsyncWriteExt;

pub use settings::StorageSettings;

/// Prefix of the dropped files.
pub const UPLOADS: &str = "uploads/";
/// Prefix of the issued documents.
pub const DOCUMENTS: &str = "documents/";

/// The key of a dropped file: `uploads/<sha256>`.
pub fn upload_key(sha256: &str) -> String {
    format!("{UPLOADS}{sha256}")
}

/// The key of an issued document's PDF: `documents/<number>.pdf`.
pub fn document_key(number: &str) -> String {
    format!("{DOCUMENTS}{number}.pdf")
}

/// What can go wrong with the stored files.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// `STORAGE_URL` (or its endpoint) cannot be used.
    #[error("STORAGE_URL inutilisable : {0}")]
    Config(String),
    /// A key that is not a plain relative name (empty part, `..`, control character).
    #[error("invalid storage key {0:?}")]
    BadKey(String),
    /// A row names an object the store does not hold (lost, or removed by hand).
    #[error("stored object {0} is missing")]
    Missing(String),
    /// The backend failed (disk, network, permissions, bucket).
    #[error("storage {backend}: {source}")]
    Backend {
        /// Which store.
        backend: String,
        /// Its error.
        #[source]
        source: object_store::Error,
    },
}

/// A stored object as a listing shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredObject {
    /// Its key.
    pub key: String,
    /// Size in bytes.
    pub size: u64,
    /// When it was last written.
    pub modified: SystemTime,
}

/// An object being read: its size and its bytes as they arrive.
pub struct ObjectStream {
    /// Size in bytes.
    pub size: u64,
    /// The bytes.
    pub stream: BoxStream<'static, Result<Bytes, object_store::Error>>,
}

/// The object store of the site (cheap to clone).
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// `dossier /srv/data` or `s3://bucket/prefix`, for logs and errors.
    name: Arc<str>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Storage").field(&self.name).finish()
    }
}

/// Largest part written at once: the S3 minimum part size, so a large file never sits in memory
/// whole.
const WRITE_CHUNK: usize = 5 * 1024 * 1024;
/// Parts of one file uploaded at once.
const WRITE_CONCURRENCY: usize = 2;

impl Storage {
    /// The storage `settings` name: the local folder `data_dir` when `STORAGE_URL` is absent.
    pub fn open(settings: &StorageSettings, data_dir: &Path) -> Result<Storage, StorageError> {
        match settings
            .storage_url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
        {
            None => local::open(data_dir),
            Some(url) if url.starts_with("file://") => {
                let parsed = url::Url::parse(url)
                    .map_err(|e| StorageError::Config(format!("{url} : {e}")))?;
                let dir = parsed
                    .to_file_path()
                    .map_err(|()| StorageError::Config(format!("{url} : chemin absolu attendu")))?;
                local::open(&dir)
            }
            Some(url) if url.starts_with("s3://") => s3::open(url, settings),
            Some(url) => Err(StorageError::Config(format!(
                "« {url} » : s3://seau[/préfixe] ou file:///chemin attendu"
            ))),
        }
    }

    fn new(store: Arc<dyn ObjectStore>, name: String) -> Storage {
        Storage {
            store,
            name: name.into(),
        }
    }

    /// `dossier /srv/data` or `s3://bucket/prefix`.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn key(&self, key: &str) -> Result<Key, StorageError> {
        let parsed = Key::parse(key).map_err(|_| StorageError::BadKey(key.to_owned()))?;
        if key.is_empty() || parsed.as_ref() != key {
            return Err(StorageError::BadKey(key.to_owned()));
        }
        Ok(parsed)
    }

    fn backend(&self, source: object_store::Error) -> StorageError {
        StorageError::Backend {
            backend: self.name.to_string(),
            source,
        }
    }

    /// Checks that the store answers (read access to the uploads), so a wrong bucket or key
    /// stops the start-up instead of the first upload.
    pub async fn check(&self) -> Result<(), StorageError> {
        self.store
            .list_with_delimiter(Some(&Key::from("uploads")))
            .await
            .map(|_| ())
            .map_err(|e| self.backend(e))
    }

    /// Writes `bytes` at `key` in one go (atomically: readers see the old object or the new one).
    pub async fn put(&self, key: &str, bytes: Bytes) -> Result<(), StorageError> {
        let key = self.key(key)?;
        self.store
            .put(&key, bytes.into())
            .await
            .map(|_| ())
            .map_err(|e| self.backend(e))
    }

    /// The object at `key`, read whole; `None` when there is none.
    pub async fn get(&self, key: &str) -> Result<Option<Bytes>, StorageError> {
        let key = self.key(key)?;
        match self.store.get(&key).await {
            Ok(found) => found.bytes().await.map(Some).map_err(|e| self.backend(e)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(self.backend(e)),
        }
    }

    /// The object at `key` as a stream (for a download); `None` when there is none.
    pub async fn get_stream(&self, key: &str) -> Result<Option<ObjectStream>, StorageError> {
        let key = self.key(key)?;
        match self.store.get(&key).await {
            Ok(found) => Ok(Some(ObjectStream {
                size: found.meta.size,
                stream: found.into_stream(),
            })),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(self.backend(e)),
        }
    }

    /// Whether an object is stored at `key`.
    pub async fn exists(&self, key: &str) -> Result<bool, StorageError> {
        let key = self.key(key)?;
        match self.store.head(&key).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(self.backend(e)),
        }
    }

    /// Deletes the object at `key`; an absent object is no error (another instance may have
    /// been first).
    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let key = self.key(key)?;
        match self.store.delete(&key).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(self.backend(e)),
        }
    }

    /// Every object whose key starts with `prefix` (a folder such as `uploads/`), in no order.
    pub async fn list(&self, prefix: &str) -> Result<Vec<StoredObject>, StorageError> {
        let folder = prefix.trim_end_matches('/');
        let folder = self.key(folder)?;
        self.store
            .list(Some(&folder))
            .map_ok(|meta| StoredObject {
                key: meta.location.to_string(),
                size: meta.size,
                modified: meta.last_modified.into(),
            })
            .try_collect()
            .await
            .map_err(|e| self.backend(e))
    }

    /// Moves the object at `from` to `to`, replacing any object there (on S3 a copy then a
    /// delete: the new object is dated now).
    pub async fn rename(&self, from: &str, to: &str) -> Result<(), StorageError> {
        let (from, to) = (self.key(from)?, self.key(to)?);
        self.store
            .rename(&from, &to)
            .await
            .map_err(|e| self.backend(e))
    }

    /// A writer of the object at `key`, fed chunk by chunk: small objects are written in one
    /// request, larger ones in parts of 5 MB (never whole in memory). Nothing is visible at `key`
    /// before [`Writer::finish`].
    pub fn writer(&self, key: &str) -> Result<Writer, StorageError> {
        let key = self.key(key)?;
        Ok(Writer {
            inner: BufWriter::with_capacity(self.store.clone(), key, WRITE_CHUNK)
                .with_max_concurrency(WRITE_CONCURRENCY),
            storage: self.clone(),
        })
    }
}

/// An object being written (see [`Storage::writer`]). Dropped without [`Writer::finish`], it
/// leaves no object at its key (on S3 an unfinished multipart upload may remain until the bucket's
/// lifecycle rule removes it, see docs/deployment.md).
pub struct Writer {
    inner: BufWriter,
    storage: Storage,
}

impl Writer {
    /// Appends `chunk`.
    pub async fn write(&mut self, chunk: Bytes) -> Result<(), StorageError> {
        let storage = &self.storage;
        self.inner.put(chunk).await.map_err(|e| storage.backend(e))
    }

    /// Completes the object: it is visible at its key once this returns.
    pub async fn finish(mut self) -> Result<(), StorageError> {
        self.inner.shutdown().await.map_err(|e| {
            self.storage.backend(object_store::Error::Generic {
                store: "writer",
                source: Box::new(e),
            })
        })
    }

    /// Gives the object up, removing what was written of it.
    pub async fn abort(mut self) -> Result<(), StorageError> {
        let storage = &self.storage;
        self.inner.abort().await.map_err(|e| storage.backend(e))
    }
}

/// The names under `prefix` of `objects`, sorted (for tests and logs).
pub fn names_under<'a>(
    prefix: &str,
    objects: impl IntoIterator<Item = &'a StoredObject>,
) -> Vec<String> {
    let mut names: Vec<String> = objects
        .into_iter()
        .filter_map(|o| o.key.strip_prefix(prefix).map(str::to_owned))
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests;
