//! Mesh analysis: the figures the quote and the preview need, for the whole file and per shell.

use serde::{Deserialize, Serialize};

use crate::{import::Format, Mesh, QuoteError};

/// A length unit a file may have been drawn in. STL and OBJ carry none: millimetres are assumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Millimetres (the default).
    Mm,
    /// Centimetres.
    Cm,
    /// Inches.
    In,
}

impl Unit {
    /// How many millimetres one unit is.
    pub fn to_mm(self) -> f64 {
        match self {
            Unit::Mm => 1.0,
            Unit::Cm => 10.0,
            Unit::In => 25.4,
        }
    }
}

/// The geometry of one process that the analysis needs: its build volume, the angle from the
/// horizontal under which a downward face needs support, and its minimum wall.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProcessGeometry {
    /// Process code: `SLA`, `SLS`, `MJF`, `SLM`.
    pub code: String,
    /// Build volume (x, y, z) in mm.
    pub build_volume_mm: [f64; 3],
    /// Faces whose downward normal is within this angle of straight down need support (degrees
    /// from the horizontal plane, the usual "45° rule"); 0 means the process needs no support.
    pub overhang_angle_deg: f64,
    /// Minimum printable wall in mm.
    pub min_wall_mm: f64,
    /// Whether supports are built (SLA, SLM) or the powder holds the part (SLS, MJF).
    pub needs_support: bool,
}

/// What to analyse and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnalysisOptions {
    /// The processes to check fit and overhangs for (from the catalog).
    pub processes: Vec<ProcessGeometry>,
    /// Scale applied to the file's coordinates before analysis (unit chosen by the user).
    pub unit: Unit,
    /// How many faces to sample for the wall-thickness ray casts (bounded cost).
    pub thickness_samples: usize,
    /// Whether to fill the per-triangle preview flags.
    pub preview_flags: bool,
}

/// Where and how a part fits one process's build volume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProcessFit {
    /// Process code.
    pub process: String,
    /// Whether some axis-aligned orientation fits the build volume.
    pub fits: bool,
    /// The chosen orientation: which source axis (0 x, 1 y, 2 z) becomes the build height.
    pub up_axis: usize,
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
    /// Absolute volume (sum over shells of |signed volume|), mm³. This is what is priced.
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
    /// Every edge shared by exactly two triangles, consistently oriented.
    pub watertight: bool,
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
    /// Estimated thinnest wall, mm (sampled ray casts); `None` if it could not be estimated.
    pub min_wall_mm: Option<f64>,
    /// Fit and overhangs per process, in the best axis-aligned orientation.
    pub fits: Vec<ProcessFit>,
    /// Suggested unit when the size looks wrong for millimetres.
    pub unit_suggestion: Option<Unit>,
    /// Warnings in French.
    pub warnings: Vec<Warning>,
}

/// Analyses a mesh already in millimetres (apply `options.unit` before calling, or let
/// [`crate::analyze_file`] do it).
pub fn analyze(
    _format: Format,
    _mesh: &Mesh,
    _options: &AnalysisOptions,
) -> Result<Analysis, QuoteError> {
    Err(QuoteError::NoMesh)
}
