//! Wall-thickness estimate: rays cast inward from a bounded, evenly spread sample of faces,
//! against the whole mesh with parry3d (f32).
//!
//! From the centroid of each sampled face, a ray runs along the inward normal (starting a
//! hair inside so it does not hit its own face) to the first surface it meets; that distance
//! is the local wall thickness. The minimum wall reported is the 5th percentile of the samples,
//! so that rays grazing an edge of a sharp corner do not decide alone.

use parry3d::math::Vector;
use parry3d::query::{Ray, RayCast};
use parry3d::shape::TriMesh;

use super::volume::{area_vector, dot};
use crate::Mesh;

/// Coordinates beyond this are not cast (f32 would lose them).
const MAX_COORD: f64 = 1e9;

/// The sampled faces' thicknesses as (triangle, thickness mm); empty when it cannot be done.
fn sample(mesh: &Mesh, samples: usize) -> Vec<(usize, f64)> {
    let n = mesh.triangles.len();
    if samples == 0 || n == 0 || mesh.vertices.iter().flatten().any(|c| c.abs() > MAX_COORD) {
        return Vec::new();
    }
    let vertices: Vec<Vector> = mesh
        .vertices
        .iter()
        .map(|v| Vector::new(v[0] as f32, v[1] as f32, v[2] as f32))
        .collect();
    let Ok(shape) = TriMesh::new(vertices, mesh.triangles.clone()) else {
        return Vec::new();
    };
    let aabb = shape.local_aabb();
    let diag = (aabb.maxs - aabb.mins).length() as f64;
    let nudge = (diag * 1e-6).max(1e-6);
    let step = n.div_ceil(samples.min(n));
    let mut out = Vec::with_capacity(n / step + 1);
    for t in (0..n).step_by(step) {
        let c = mesh.corners(t);
        let nrm = area_vector(c);
        let len = dot(nrm, nrm).sqrt();
        if len == 0.0 {
            continue;
        }
        let dir = nrm.map(|x| -x / len);
        let origin = [0, 1, 2].map(|k| (c[0][k] + c[1][k] + c[2][k]) / 3.0 + dir[k] * nudge);
        let ray = Ray::new(
            Vector::new(origin[0] as f32, origin[1] as f32, origin[2] as f32),
            Vector::new(dir[0] as f32, dir[1] as f32, dir[2] as f32),
        );
        if let Some(toi) = shape.cast_local_ray(&ray, (2.0 * diag) as f32, false) {
            out.push((t, toi as f64 + nudge));
        }
    }
    out
}

/// The estimated thinnest wall in mm, or `None` when no ray found an opposite wall.
pub(crate) fn min_wall(mesh: &Mesh, samples: usize) -> Option<f64> {
    let mut d: Vec<f64> = sample(mesh, samples).into_iter().map(|s| s.1).collect();
    if d.is_empty() {
        return None;
    }
    d.sort_by(f64::total_cmp);
    Some(d[(d.len() - 1) * 5 / 100])
}

/// Sampled triangles whose wall is under `min_wall_mm`.
pub(crate) fn thin_triangles(mesh: &Mesh, samples: usize, min_wall_mm: f64) -> Vec<usize> {
    sample(mesh, samples)
        .into_iter()
        .filter(|&(_, d)| d < min_wall_mm)
        .map(|(t, _)| t)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{block, cube};

    #[test]
    fn a_thin_plate_measures_its_thickness() {
        let m = block([20.0, 10.0, 0.5], [0.0; 3]);
        let w = min_wall(&m, 100).unwrap();
        assert!((w - 0.5).abs() < 1e-3, "{w}");
        assert_eq!(thin_triangles(&m, 100, 0.6), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_cube_wall_is_its_side() {
        let w = min_wall(&cube(10.0, [1.0; 3]), 100).unwrap();
        assert!((w - 10.0).abs() < 1e-3, "{w}");
    }

    #[test]
    fn no_samples_means_no_estimate() {
        assert_eq!(min_wall(&cube(10.0, [0.0; 3]), 0), None);
    }
}
