//! Reading a file's bytes: memory-mapped when possible (no 50 MB copy and no fresh pages to zero
//! for a large STL), read into memory otherwise (pipes, special files, empty files).

use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;

/// A file's bytes.
pub enum Input {
    /// Mapped read-only.
    Mapped(memmap2::Mmap),
    /// Read into memory.
    Owned(Vec<u8>),
}

impl Deref for Input {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Input::Mapped(m) => m,
            Input::Owned(v) => v,
        }
    }
}

/// Opens a file. Mapping is used for regular, non-empty files; the map is read-only and private
/// to this short-lived command, which does not expect the file to change while it runs.
pub fn load(path: &Path) -> io::Result<Input> {
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "directory"));
    }
    if meta.is_file() && meta.len() > 0 {
        // SAFETY: the map is read-only; a file truncated by another process while mapped would
        // fault, an accepted risk for a command-line tool (same trade-off as ripgrep).
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            return Ok(Input::Mapped(map));
        }
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(Input::Owned(bytes))
}
