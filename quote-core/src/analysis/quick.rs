//! The instant figures (volume, area, box) without welding, streamed for binary STL.

use serde::{Deserialize, Serialize};

use super::volume::Measure;
use crate::import::{import, stl, Format};
use crate::QuoteError;

/// What the browser shows at once, before the full analysis: no weld, no topology.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuickStats {
    /// Source format.
    pub format: Format,
    /// Triangle count.
    pub triangles: usize,
    /// Absolute volume, mm³ (meaningful for closed meshes).
    pub volume_mm3: f64,
    /// Signed volume about the origin, mm³.
    pub signed_volume_mm3: f64,
    /// Surface area, mm².
    pub area_mm2: f64,
    /// Bounding box, mm.
    pub bbox_min: [f64; 3],
    /// Bounding box, mm.
    pub bbox_max: [f64; 3],
}

/// Triangle count, volume, area and box of a file. A binary STL is streamed record by record
/// without building a mesh; other formats go through the importer. Figures are the same bits
/// as the full [`crate::analyze`] gives, since both add the same f64 triangles in file order.
pub fn quick_stats(name: &str, bytes: &[u8]) -> Result<QuickStats, QuoteError> {
    let mut m = Measure::default();
    let streamed = if bytes.starts_with(b"PK\x03\x04") {
        None
    } else {
        stl::for_each_binary_triangle(bytes, |t| m.add(t))?
    };
    let format = match streamed {
        Some(_) => Format::Stl,
        None => {
            let (format, mesh) = import(name, bytes)?;
            for t in 0..mesh.triangles.len() {
                m.add(mesh.corners(t));
            }
            format
        }
    };
    if m.triangles == 0 {
        return Err(QuoteError::NoMesh);
    }
    Ok(QuickStats {
        format,
        triangles: m.triangles,
        volume_mm3: m.signed_volume().abs(),
        signed_volume_mm3: m.signed_volume(),
        area_mm2: m.area(),
        bbox_min: m.min,
        bbox_max: m.max,
    })
}
