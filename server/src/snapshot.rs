//! What nearly every request reads and almost nothing writes, kept in memory by each instance:
//! the maintenance flag and the current pricing catalog (its version, the JSON bytes that
//! `Combinaison/full` answers and the parsed catalog the prices use).
//!
//! Freshness, with several instances on one database:
//! - the instance that writes (`set-maintenance`, a catalog save) updates its own snapshot right
//!   after its commit, so it serves the change at once;
//! - on PostgreSQL the writer sends a `NOTIFY` in its transaction ([`crate::db::changes`]) and
//!   every instance has a listener task that reloads on each notification (and every
//!   [`SAFETY_RELOAD`] anyway); while the listener is down, it reloads every [`RELOAD_EVERY`];
//! - on SQLite it reloads every [`RELOAD_EVERY`].
//!
//! So another instance is at most about one second behind.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::http::HeaderValue;
use bytes::Bytes;
use quote_core::Catalog;
use sqlx::postgres::PgListener;

use crate::db::changes::CHANNEL;
use crate::db::{catalogs, settings, Backend, Db};

/// Reload period on SQLite, and on PostgreSQL while the listener is down.
pub const RELOAD_EVERY: Duration = Duration::from_secs(1);
/// Reload period on PostgreSQL while the listener is up (changes made outside the site).
pub const SAFETY_RELOAD: Duration = Duration::from_secs(15);

/// Why the snapshot could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The database did not answer.
    #[error("reading the snapshot: {0}")]
    Database(#[from] sqlx::Error),
    /// The `catalogs` table is empty (it is seeded at start-up).
    #[error("no catalog in the database")]
    NoCatalog,
    /// The stored catalog is not one quote-core reads.
    #[error("stored catalog {version}: {message}")]
    BadCatalog {
        /// Its version.
        version: i64,
        /// quote-core's reason.
        message: String,
    },
}

/// One version of the catalog, ready to serve.
#[derive(Debug)]
pub struct CatalogSnapshot {
    /// Its version number.
    pub version: i64,
    /// The JSON, as stored (the body of `Combinaison/full`).
    pub json: Bytes,
    /// The entity tag of `Combinaison/full`: `"catalog-<version>"`.
    pub etag: HeaderValue,
    /// The catalog parsed by quote-core.
    pub catalog: Arc<Catalog>,
}

impl CatalogSnapshot {
    /// Parses `json`, stored as `version`.
    pub fn parse(version: i64, json: String) -> Result<CatalogSnapshot, SnapshotError> {
        let catalog = Catalog::from_json(&json).map_err(|e| SnapshotError::BadCatalog {
            version,
            message: e.to_string(),
        })?;
        Ok(CatalogSnapshot::new(version, json, catalog))
    }

    /// The snapshot of a catalog already parsed (and serialised as `json`).
    pub fn new(version: i64, json: String, catalog: Catalog) -> CatalogSnapshot {
        CatalogSnapshot {
            version,
            json: Bytes::from(json),
            etag: HeaderValue::from_str(&etag(version))
                .expect("a quoted number is a valid header value"),
            catalog: Arc::new(catalog),
        }
    }
}

/// The entity tag of catalog `version`.
pub fn etag(version: i64) -> String {
    format!("\"catalog-{version}\"")
}

/// The in-memory snapshot of one instance (cheap to clone: one shared copy).
#[derive(Clone)]
pub struct Snapshot {
    inner: Arc<Inner>,
}

struct Inner {
    maintenance: AtomicBool,
    catalog: RwLock<Arc<CatalogSnapshot>>,
    /// Count of this instance's own writes; a reload that started before one is dropped, so
    /// that it never puts back what the writer replaced.
    writes: Mutex<u64>,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("maintenance", &self.maintenance())
            .field("catalog_version", &self.catalog().version)
            .finish()
    }
}

impl Snapshot {
    /// Reads the flag and the current catalog from the database.
    pub async fn load(db: &Db) -> Result<Snapshot, SnapshotError> {
        let maintenance = settings::maintenance(&mut *db.acquire().await?).await?;
        let (version, json) = catalogs::current(&mut *db.acquire().await?)
            .await?
            .ok_or(SnapshotError::NoCatalog)?;
        let catalog = CatalogSnapshot::parse(version, json)?;
        Ok(Snapshot {
            inner: Arc::new(Inner {
                maintenance: AtomicBool::new(maintenance),
                catalog: RwLock::new(Arc::new(catalog)),
                writes: Mutex::new(0),
            }),
        })
    }

    /// Whether maintenance mode is on.
    pub fn maintenance(&self) -> bool {
        self.inner.maintenance.load(Ordering::Acquire)
    }

    /// The current catalog.
    pub fn catalog(&self) -> Arc<CatalogSnapshot> {
        self.inner
            .catalog
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The writer's update, right after its commit: maintenance is now `on`.
    pub fn set_maintenance(&self, on: bool) {
        let mut writes = self.writes();
        *writes += 1;
        self.inner.maintenance.store(on, Ordering::Release);
    }

    /// The writer's update, right after its commit: `catalog` is now the current version.
    pub fn set_catalog(&self, catalog: CatalogSnapshot) {
        let mut writes = self.writes();
        *writes += 1;
        self.store_catalog(Arc::new(catalog));
    }

    fn writes(&self) -> std::sync::MutexGuard<'_, u64> {
        self.inner.writes.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn store_catalog(&self, catalog: Arc<CatalogSnapshot>) {
        *self
            .inner
            .catalog
            .write()
            .unwrap_or_else(|e| e.into_inner()) = catalog;
    }

    /// Reads the database again: the flag, the catalog's version, and the catalog itself only
    /// when its version differs from the one held.
    pub async fn reload(&self, db: &Db) -> Result<(), SnapshotError> {
        let started = *self.writes();
        let maintenance = settings::maintenance(&mut *db.acquire().await?).await?;
        let version = catalogs::current_version(&mut *db.acquire().await?)
            .await?
            .ok_or(SnapshotError::NoCatalog)?;
        let catalog = if version == self.catalog().version {
            None
        } else {
            let (version, json) = catalogs::current(&mut *db.acquire().await?)
                .await?
                .ok_or(SnapshotError::NoCatalog)?;
            Some(Arc::new(CatalogSnapshot::parse(version, json)?))
        };
        let writes = self.writes();
        if *writes != started {
            // This instance wrote meanwhile: what was read may predate it; the next reload sees it.
            return Ok(());
        }
        self.inner.maintenance.store(maintenance, Ordering::Release);
        if let Some(catalog) = catalog {
            tracing::info!(version = catalog.version, "catalog reloaded");
            self.store_catalog(catalog);
        }
        drop(writes);
        Ok(())
    }

    /// Starts the task that keeps the snapshot fresh: a `LISTEN` on PostgreSQL, a timer on SQLite.
    pub fn spawn_refresh(&self, db: Db, database_url: String) -> tokio::task::JoinHandle<()> {
        let snapshot = self.clone();
        tokio::spawn(async move {
            match db.backend {
                Backend::Sqlite => snapshot.poll_forever(&db).await,
                Backend::Postgres => snapshot.listen_forever(&db, &database_url).await,
            }
        })
    }

    async fn reload_logged(&self, db: &Db) {
        if let Err(e) = self.reload(db).await {
            tracing::warn!(error = %e, "snapshot not reloaded");
        }
    }

    async fn poll_forever(&self, db: &Db) {
        loop {
            tokio::time::sleep(RELOAD_EVERY).await;
            self.reload_logged(db).await;
        }
    }

    async fn listen_forever(&self, db: &Db, url: &str) {
        loop {
            match self.listen(db, url).await {
                Ok(()) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "snapshot listener down: reloading every second")
                }
            }
            // Without a listener, reload on the timer for a while, then try to listen again.
            for _ in 0..5 {
                tokio::time::sleep(RELOAD_EVERY).await;
                self.reload_logged(db).await;
            }
        }
    }

    /// Listens until the connection fails for good: reloads on each notification, after each
    /// reconnection (notifications may have been lost) and every [`SAFETY_RELOAD`].
    async fn listen(&self, db: &Db, url: &str) -> Result<(), sqlx::Error> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        // What changed before the LISTEN took effect.
        self.reload_logged(db).await;
        loop {
            match tokio::time::timeout(SAFETY_RELOAD, listener.try_recv()).await {
                // A notification, or a connection lost then re-established (`None`).
                Ok(Ok(_)) => {
                    while listener.next_buffered().is_some() {}
                    self.reload_logged(db).await;
                }
                Ok(Err(e)) => return Err(e),
                Err(_quiet) => self.reload_logged(db).await,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog_json() -> String {
        serde_json::to_string(&Catalog::default_catalog()).unwrap()
    }

    #[test]
    fn a_catalog_snapshot_keeps_the_bytes_and_tags_them_with_its_version() {
        let json = catalog_json();
        let snap = CatalogSnapshot::parse(7, json.clone()).unwrap();
        assert_eq!(snap.json, Bytes::from(json));
        assert_eq!(snap.etag, "\"catalog-7\"");
        assert_eq!(*snap.catalog, Catalog::default_catalog());
    }

    #[test]
    fn an_unreadable_catalog_is_an_error_naming_its_version() {
        let err = CatalogSnapshot::parse(3, "{}".into()).unwrap_err();
        assert!(matches!(err, SnapshotError::BadCatalog { version: 3, .. }));
    }
}
