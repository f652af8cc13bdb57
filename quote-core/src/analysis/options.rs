//! Analysis options: units, process geometry, and the defaults of PRODUCT.md.

use serde::{Deserialize, Serialize};

/// A length unit a file may have been drawn in. STL and OBJ carry none: millimetres are assumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

impl ProcessGeometry {
    fn new(code: &str, volume: [f64; 3], min_wall: f64, support: bool) -> Self {
        ProcessGeometry {
            code: code.into(),
            build_volume_mm: volume,
            overhang_angle_deg: if support { 45.0 } else { 0.0 },
            min_wall_mm: min_wall,
            needs_support: support,
        }
    }

    /// The four processes of PRODUCT.md with their default build volumes and minimum walls.
    pub fn defaults() -> Vec<ProcessGeometry> {
        vec![
            Self::new("SLA", [335.0, 200.0, 300.0], 0.6, true),
            Self::new("SLS", [340.0, 340.0, 600.0], 0.8, false),
            Self::new("MJF", [380.0, 284.0, 380.0], 0.6, false),
            Self::new("SLM", [250.0, 250.0, 325.0], 0.4, true),
        ]
    }
}

/// What to analyse and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnalysisOptions {
    /// The processes to check fit and overhangs for (from the catalog).
    pub processes: Vec<ProcessGeometry>,
    /// Scale applied to the file's coordinates before analysis (unit chosen by the user).
    pub unit: Unit,
    /// How many faces to sample for the wall-thickness ray casts (bounded cost); 0 skips it.
    pub thickness_samples: usize,
    /// Whether to fill the per-triangle preview flags.
    pub preview_flags: bool,
}

impl Default for AnalysisOptions {
    /// The default processes, millimetres, 2 000 thickness samples, no preview flags.
    fn default() -> Self {
        AnalysisOptions {
            processes: ProcessGeometry::defaults(),
            unit: Unit::Mm,
            thickness_samples: 2000,
            preview_flags: false,
        }
    }
}
