//! Mesh analysis: the figures the quote and the preview need, for the whole file and per shell.

use serde::{Deserialize, Serialize};

mod body;
mod fit;
mod measure;
mod nesting;
mod options;
mod orient;
mod overhang;
mod overlap;
pub(crate) mod quick;
mod repair;
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
pub use run::{analyze, analyze_body, analyze_body_repaired, analyze_repaired, preview_flags};

use crate::import::Format;

/// Where and how a part fits one process's build volume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// One body of the file: a solid shell with the voids inside it, as it will be printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BodyAnalysis {
    /// Triangles of its shells.
    pub triangles: usize,
    /// Shells: the outer one and its voids.
    pub shells: usize,
    /// Voids (shells inside the outer one), subtracted from the volume.
    pub voids: usize,
    /// Volume after repair (the outer shell's less its voids'), mm³.
    pub volume_mm3: f64,
    /// Surface area, voids included, mm².
    pub area_mm2: f64,
    /// Bounding box corners, mm.
    pub bbox_min: [f64; 3],
    /// Bounding box corners, mm.
    pub bbox_max: [f64; 3],
    /// Every edge of its shells shared by exactly two triangles with opposite directions.
    pub watertight: bool,
    /// One of its shells was written inside out and was turned (its volume counts as it should).
    pub turned: bool,
}

/// What the engine repaired before measuring, so that the figures are those of the part as it
/// will be printed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Repairs {
    /// Vertices merged into a vertex closer than the weld's tolerance (1e-6 of the diagonal).
    pub welded_vertices: usize,
    /// Triangles left without area by that weld (two corners merged), removed.
    pub removed_triangles: usize,
    /// Faces turned to agree with the majority of their shell.
    pub turned_faces: usize,
    /// Whole shells turned (a body inside out, or a void wound like a solid).
    pub turned_bodies: usize,
    /// The weld closed a mesh that exact coordinates left open.
    pub weld_closed: bool,
    /// Closed as read, before any repair (exact weld; `is_watertight` of the reference table).
    pub closed_as_read: bool,
    /// Watertight as read, before any repair (`is_volume` of the reference table).
    pub watertight_as_read: bool,
}

/// A warning for the user: stable code plus French text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Warning {
    /// Stable code, e.g. `not_watertight`.
    pub code: String,
    /// French text.
    pub message: String,
}

/// The analysis of a whole file, in millimetres.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Analysis {
    /// Source format.
    pub format: Format,
    /// Triangle count.
    pub triangles: usize,
    /// Unique vertices after the weld (exact, then tolerant when it repaired the mesh).
    pub vertices: usize,
    /// Absolute value of the signed volume after repair, mm³, less what overlapping bodies count
    /// twice (the volume of their union, see `overlapping_bodies`). This is what is priced.
    /// (Summing the shells' absolute volumes instead would add the cavity of a hollow part rather
    /// than subtract it; the repair has turned voids and inverted bodies so that the sum is right.)
    pub volume_mm3: f64,
    /// Signed volume of the whole mesh, mm³ (each body counted whole, overlaps included).
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
    /// Separate bodies: shells not inside another (a shell inside another is a void of its body).
    pub bodies: usize,
    /// Each body in order of first appearance in the file (at most 64 listed).
    pub body_details: Vec<BodyAnalysis>,
    /// Closed bodies whose surfaces cross another's (printed as one): `volume_mm3` is then the
    /// volume of their union, not the sum of theirs. 0 when none (and in older JSON).
    #[serde(default)]
    pub overlapping_bodies: usize,
    /// What the repair did before the figures were taken.
    pub repairs: Repairs,
    /// After repair, every edge shared by exactly two triangles, consistently oriented
    /// (`is_volume` of the reference table for a file that needed no repair).
    pub watertight: bool,
    /// After repair, every undirected edge shared by exactly two triangles, orientation aside
    /// (`is_watertight` of the reference table for a file that needed no repair).
    pub closed: bool,
    /// Edges used by one triangle only.
    pub boundary_edges: usize,
    /// Those open edges as segments (two corners, mm, `f32`: for display, never measured), the
    /// first 500 in the order of their vertices (deterministic), for the viewer to draw:
    /// `boundary_edges` gives the full count. Empty in the analyses the server stores (the viewer
    /// analyses the file itself) and when absent from older JSON.
    #[serde(default)]
    pub open_edges: Vec<[[f32; 3]; 2]>,
    /// Edges used by more than two triangles.
    pub non_manifold_edges: usize,
    /// Edges whose two triangles run them the same way (flipped faces).
    pub inconsistent_edges: usize,
    /// The repair's tolerant weld closed a mesh that exact coordinates left open (the same as
    /// `repairs.weld_closed`).
    pub tolerant_weld_closes: bool,
    /// Triangles with zero area (repeated index or collinear corners).
    pub degenerate_triangles: usize,
    /// The mesh is still inside out after repair (negative signed volume: an open mesh, which the
    /// repair does not turn); the absolute volume is priced.
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
