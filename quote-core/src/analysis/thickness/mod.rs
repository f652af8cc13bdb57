//! Wall-thickness estimate: rays cast inward from a bounded, evenly spread sample of faces, up
//! to a reach of [`REACH_MM`], through a uniform grid of the cells the rays cross.
//!
//! From the centroid of each sampled face, a ray runs along the inward normal (starting a hair
//! inside so it does not hit its own face) to the first surface it meets; that distance is the
//! local wall thickness. Only walls thinner than the reach matter (every process's minimum
//! wall is far below it), so only the grid cells the rays cross are filled: one pass over the
//! triangles bins those touching a crossed cell, then each ray walks its own cells in order
//! (3D DDA) and tests their triangles (Möller–Trumbore in f64), stopping at the first cell that
//! cannot hold a nearer hit. The cell size follows the faces' size, so a cell holds a handful
//! of triangles whether the mesh has twelve or a million. The minimum wall reported is the 5th
//! percentile of the samples, so that rays grazing the edge of a sharp corner do not decide
//! alone. Only `+ - * /`, `sqrt` and `floor` are used: native and WebAssembly agree to the bit.

mod cast;
mod grid;
#[cfg(test)]
mod tests;

use super::volume::{area_vector, dot, sub, Measure};
use crate::Mesh;
use cast::cast;

/// Walls are measured up to this thickness, mm; thicker walls are "thick enough".
pub const REACH_MM: f64 = 10.0;

/// A ray from a sampled face: its triangle, origin and unit inward direction.
struct Ray {
    triangle: usize,
    origin: [f64; 3],
    dir: [f64; 3],
}

fn bounds(points: &[[f64; 3]]) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in points {
        for k in 0..3 {
            lo[k] = if p[k] < lo[k] { p[k] } else { lo[k] };
            hi[k] = if p[k] > hi[k] { p[k] } else { hi[k] };
        }
    }
    (lo, hi)
}

/// The rays of the sampled faces, with the nudge they start inside by and the sampled faces'
/// mean extent (largest side of their box).
fn rays(mesh: &Mesh, samples: usize, whole: &Measure) -> (Vec<Ray>, f64, f64) {
    let n = mesh.triangles.len();
    let (min, max) = (whole.min, whole.max);
    let diag = dot(sub(max, min), sub(max, min)).sqrt();
    let nudge = (diag * 1e-6).max(1e-6);
    let step = n.div_ceil(samples.min(n));
    let mut extent_sum = 0.0;
    let rays = (0..n)
        .step_by(step)
        .filter_map(|t| {
            let c = mesh.corners(t);
            let (lo, hi) = bounds(&c);
            let e = sub(hi, lo);
            extent_sum += e[0].max(e[1]).max(e[2]);
            let nrm = area_vector(c);
            let len = dot(nrm, nrm).sqrt();
            (len > 0.0).then(|| {
                let dir = nrm.map(|x| -x / len);
                let origin =
                    [0, 1, 2].map(|k| (c[0][k] + c[1][k] + c[2][k]) / 3.0 + dir[k] * nudge);
                Ray {
                    triangle: t,
                    origin,
                    dir,
                }
            })
        })
        .collect();
    (rays, nudge, extent_sum / n.div_ceil(step) as f64)
}

/// The sampled faces' thicknesses under the reach, as (triangle, thickness mm), and the
/// number of faces sampled.
fn sample(mesh: &Mesh, samples: usize, whole: &Measure) -> (Vec<(usize, f64)>, usize) {
    if samples == 0 || mesh.triangles.is_empty() {
        return (Vec::new(), 0);
    }
    let (rays, nudge, mean_extent) = rays(mesh, samples, whole);
    let sampled = rays.len();
    let hits = cast(mesh, &rays, mean_extent, whole);
    let out = rays
        .iter()
        .zip(hits)
        .filter(|(_, d)| d.is_finite())
        .map(|(r, d)| (r.triangle, d + nudge))
        .collect();
    (out, sampled)
}

/// The estimated thinnest wall in mm: the 5th percentile of the sampled walls, counting those
/// beyond the reach as thick. `None` when that percentile is beyond the reach (the walls are
/// thick) or nothing could be sampled.
/// `whole` is the mesh's measure: its box, and its largest triangle side (see [`Measure`]).
pub(crate) fn min_wall(mesh: &Mesh, samples: usize, whole: &Measure) -> Option<f64> {
    let (hits, sampled) = sample(mesh, samples, whole);
    let mut d: Vec<f64> = hits.into_iter().map(|s| s.1).collect();
    let rank = sampled.checked_sub(1)? * 5 / 100;
    d.sort_by(f64::total_cmp);
    d.get(rank).copied()
}

/// Sampled triangles whose wall is under `min_wall_mm`.
pub(crate) fn thin_triangles(
    mesh: &Mesh,
    samples: usize,
    whole: &Measure,
    min_wall_mm: f64,
) -> Vec<usize> {
    sample(mesh, samples, whole)
        .0
        .into_iter()
        .filter(|&(_, d)| d < min_wall_mm)
        .map(|(t, _)| t)
        .collect()
}
