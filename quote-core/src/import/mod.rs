//! File importers: format detection and STL, OBJ, 3MF readers producing a welded [`Mesh`].

use serde::{Deserialize, Serialize};

use crate::{Mesh, QuoteError};

/// A supported file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Binary or ASCII STL.
    Stl,
    /// Wavefront OBJ.
    Obj,
    /// 3D Manufacturing Format (zip + XML).
    #[serde(rename = "3mf")]
    ThreeMf,
}

/// Picks the format from the content, falling back on the file name's extension.
pub fn detect_format(_name: &str, _bytes: &[u8]) -> Result<Format, QuoteError> {
    Err(QuoteError::UnknownFormat)
}

/// Reads a file into a welded mesh in millimetres.
pub fn import(name: &str, bytes: &[u8]) -> Result<(Format, Mesh), QuoteError> {
    let format = detect_format(name, bytes)?;
    Err(QuoteError::NoMesh).map(|m: Mesh| (format, m))
}
