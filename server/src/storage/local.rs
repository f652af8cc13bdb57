//! The local-folder store: keys are paths under one folder (by default `DATA_DIR`, so
//! `uploads/<sha256>` is the file `DATA_DIR/uploads/<sha256>`, as before the object store).
//! Writes go to a staging file renamed into place, so a reader never sees half a file.

use std::path::Path;
use std::sync::Arc;

use object_store::local::LocalFileSystem;

use super::{Storage, StorageError};

/// The store of the folder `dir`, created when missing.
pub fn open(dir: &Path) -> Result<Storage, StorageError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| StorageError::Config(format!("dossier {} : {e}", dir.display())))?;
    let store = LocalFileSystem::new_with_prefix(dir)
        .map_err(|e| StorageError::Config(format!("dossier {} : {e}", dir.display())))?;
    Ok(Storage::new(
        Arc::new(store),
        format!("dossier {}", dir.display()),
    ))
}
