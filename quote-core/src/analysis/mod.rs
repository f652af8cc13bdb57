//! Mesh analysis: the figures the quote and the preview need, for the whole file and per shell.

use serde::{Deserialize, Serialize};

mod fit;
mod options;
mod overhang;
pub(crate) mod quick;
mod run;
#[cfg(test)]
mod run_tests;
#[cfg(test)]
pub(crate) mod test_meshes;
mod thickness;
mod tolerant;
mod topology;
mod units;
mod volume;

pub use options::{AnalysisOptions, ProcessGeometry, Unit};
pub use quick::{quick_stats, QuickStats, QuickStream};
pub use run::{analyze, preview_flags};

use crate::import::Format;

/// Where and how a part fits one process's build volume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProcessFit {
    /// Process code.
    pub process: String,
    /// Whether some axis-aligned orientation fits the build volume.
    pub fits: bool,
    /// The chosen orientation: which source axis (0 x, 1 y, 2 z) becomes the build height.
    pub up_axis: usize,
    /// The build height runs along the negative `up_axis` (the part is flipped).
    pub upside_down: bool,
    /// Part dimensions in that orientation (x, y, z = height), mm.
    pub oriented_size_mm: [f64; 3],
    /// Build height in that orientation, mm.
    pub height_mm: f64,
    /// Bounding-box volume, mm³.
    pub bbox_volume_mm3: f64,
    /// Area of faces that need support in that orientation, mm².
    pub overhang_area_mm2: f64,
    /// Estimated support volume in that orientation, mm³ (0 for powder processes).
    pub support_volume_mm3: f64,
    /// Whether the estimated minimum wall is under the process minimum.
    pub too_thin: bool,
}

/// Figures for one connected body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShellAnalysis {
    /// Triangles in this shell.
    pub triangles: usize,
    /// Absolute volume, mm³.
    pub volume_mm3: f64,
    /// Signed volume (negative when the shell is inside out), mm³.
    pub signed_volume_mm3: f64,
    /// Surface area, mm².
    pub area_mm2: f64,
    /// Bounding box corners, mm.
    pub bbox_min: [f64; 3],
    /// Bounding box corners, mm.
    pub bbox_max: [f64; 3],
    /// Every edge shared by exactly two triangles with opposite directions.
    pub watertight: bool,
}

/// A warning for the user: stable code plus French text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    /// Stable code, e.g. `not_watertight`.
    pub code: String,
    /// French text.
    pub message: String,
}

/// The analysis of a whole file, in millimetres.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// Source format.
    pub format: Format,
    /// Triangle count.
    pub triangles: usize,
    /// Unique vertices after the exact weld.
    pub vertices: usize,
    /// Absolute value of the signed volume, mm³. This is what is priced. (Summing the shells'
    /// absolute volumes instead would add the cavity of a hollow part rather than subtract it.)
    pub volume_mm3: f64,
    /// Signed volume of the whole mesh, mm³.
    pub signed_volume_mm3: f64,
    /// Surface area, mm².
    pub area_mm2: f64,
    /// Bounding box, mm.
    pub bbox_min: [f64; 3],
    /// Bounding box, mm.
    pub bbox_max: [f64; 3],
    /// Connected bodies (shells), by shared vertices.
    pub shells: usize,
    /// Details per shell (largest first, at most 64 listed).
    pub shell_details: Vec<ShellAnalysis>,
    /// Every edge shared by exactly two triangles, consistently oriented (`is_volume` of the
    /// reference table).
    pub watertight: bool,
    /// Every undirected edge shared by exactly two triangles, orientation aside
    /// (`is_watertight` of the reference table).
    pub closed: bool,
    /// Edges used by one triangle only.
    pub boundary_edges: usize,
    /// Edges used by more than two triangles.
    pub non_manifold_edges: usize,
    /// Edges whose two triangles run them the same way (flipped faces).
    pub inconsistent_edges: usize,
    /// When not watertight: would welding vertices within a small tolerance close the mesh?
    pub tolerant_weld_closes: bool,
    /// Triangles with zero area (repeated index or collinear corners).
    pub degenerate_triangles: usize,
    /// The mesh is inside out (negative signed volume); the absolute volume is priced.
    pub inverted: bool,
    /// Estimated thinnest wall, mm: 5th percentile of inward ray casts from a sample of faces,
    /// measured up to 10 mm; `None` when the walls are thicker than that or nothing could be
    /// measured.
    pub min_wall_mm: Option<f64>,
    /// Fit and overhangs per process, in the best axis-aligned orientation.
    pub fits: Vec<ProcessFit>,
    /// Suggested unit when the size looks wrong for millimetres.
    pub unit_suggestion: Option<Unit>,
    /// Warnings in French.
    pub warnings: Vec<Warning>,
}
