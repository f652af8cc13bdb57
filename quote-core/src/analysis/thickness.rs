//! Wall-thickness estimate: rays cast inward from a bounded, evenly spread sample of faces,
//! with parry3d (f32), up to a reach of [`REACH_MM`].
//!
//! From the centroid of each sampled face, a ray runs along the inward normal (starting a
//! hair inside so it does not hit its own face) to the first surface it meets; that distance
//! is the local wall thickness. Only walls thinner than the reach matter (every process's
//! minimum wall is far below it), so parry's tree is built only over the triangles near the
//! sampled rays, found with a coarse grid: the cost stays a few milliseconds even for a
//! million-triangle mesh. The minimum wall reported is the 5th percentile of the samples, so
//! that rays grazing the edge of a sharp corner do not decide alone.

use parry3d::math::Vector;
use parry3d::query::{Ray, RayCast};
use parry3d::shape::TriMesh;

use super::volume::{area_vector, dot};
use crate::Mesh;

/// Walls are measured up to this thickness, mm; thicker walls are "thick enough".
pub const REACH_MM: f64 = 10.0;
/// The grid has at most this many cells (a bit each).
const MAX_CELLS: f64 = 64e6;

struct Grid {
    min: [f64; 3],
    cell: f64,
    dims: [usize; 3],
    bits: Vec<u64>,
}

impl Grid {
    fn new(min: [f64; 3], max: [f64; 3]) -> Grid {
        let size = [0, 1, 2].map(|k| max[k] - min[k]);
        let mut cell = REACH_MM;
        while size
            .iter()
            .map(|s| (s / cell).floor() + 1.0)
            .product::<f64>()
            > MAX_CELLS
        {
            cell *= 2.0;
        }
        let dims = size.map(|s| (s / cell).floor() as usize + 1);
        let n = dims[0] * dims[1] * dims[2];
        Grid {
            min,
            cell,
            dims,
            bits: vec![0; n.div_ceil(64)],
        }
    }

    /// The cell range covered by a box, clamped to the grid.
    fn range(&self, lo: [f64; 3], hi: [f64; 3]) -> [(usize, usize); 3] {
        [0, 1, 2].map(|k| {
            let c = |x: f64| {
                (((x - self.min[k]) / self.cell).floor().max(0.0) as usize).min(self.dims[k] - 1)
            };
            (c(lo[k]), c(hi[k]))
        })
    }

    fn cells(&self, r: [(usize, usize); 3]) -> impl Iterator<Item = usize> + '_ {
        let d = self.dims;
        (r[2].0..=r[2].1).flat_map(move |z| {
            (r[1].0..=r[1].1)
                .flat_map(move |y| (r[0].0..=r[0].1).map(move |x| (z * d[1] + y) * d[0] + x))
        })
    }
}

fn bounds(points: &[[f64; 3]]) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in points {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

/// The sampled faces' thicknesses under the reach, as (triangle, thickness mm), and the
/// number of faces sampled.
fn sample(mesh: &Mesh, samples: usize) -> (Vec<(usize, f64)>, usize) {
    let n = mesh.triangles.len();
    if samples == 0 || n == 0 {
        return (Vec::new(), 0);
    }
    let (min, max) = bounds(&mesh.vertices);
    let diag = dot(super::volume::sub(max, min), super::volume::sub(max, min)).sqrt();
    let nudge = (diag * 1e-6).max(1e-6);
    // Rays: (triangle, origin, inward direction), relative to `min` for f32 precision.
    let step = n.div_ceil(samples.min(n));
    let rays: Vec<(usize, [f64; 3], [f64; 3])> = (0..n)
        .step_by(step)
        .filter_map(|t| {
            let c = mesh.corners(t);
            let nrm = area_vector(c);
            let len = dot(nrm, nrm).sqrt();
            (len > 0.0).then(|| {
                let dir = nrm.map(|x| -x / len);
                let o = [0, 1, 2].map(|k| (c[0][k] + c[1][k] + c[2][k]) / 3.0 + dir[k] * nudge);
                (t, o, dir)
            })
        })
        .collect();
    let sampled = rays.len();
    let mut grid = Grid::new(min, max);
    for (_, o, d) in &rays {
        let end = [0, 1, 2].map(|k| o[k] + d[k] * REACH_MM);
        let (lo, hi) = bounds(&[*o, end]);
        for cell in grid.cells(grid.range(lo, hi)).collect::<Vec<_>>() {
            grid.bits[cell / 64] |= 1 << (cell % 64);
        }
    }
    // The triangles in marked cells (or too large to check cell by cell).
    let mut remap = vec![u32::MAX; mesh.vertices.len()];
    let (mut vertices, mut indices) = (Vec::new(), Vec::new());
    for (t, tri) in mesh.triangles.iter().enumerate() {
        let (lo, hi) = bounds(&mesh.corners(t));
        let r = grid.range(lo, hi);
        let count: usize = r.iter().map(|(a, b)| b - a + 1).product();
        let near = count > 27
            || grid
                .cells(r)
                .any(|c| grid.bits[c / 64] & (1 << (c % 64)) != 0);
        if !near {
            continue;
        }
        indices.push(tri.map(|v| {
            if remap[v as usize] == u32::MAX {
                remap[v as usize] = vertices.len() as u32;
                let p = mesh.vertices[v as usize];
                vertices.push(Vector::new(
                    (p[0] - min[0]) as f32,
                    (p[1] - min[1]) as f32,
                    (p[2] - min[2]) as f32,
                ));
            }
            remap[v as usize]
        }));
    }
    let Ok(shape) = TriMesh::new(vertices, indices) else {
        return (Vec::new(), sampled);
    };
    let mut out = Vec::with_capacity(rays.len());
    for (t, o, d) in rays {
        let ray = Ray::new(
            Vector::new(
                (o[0] - min[0]) as f32,
                (o[1] - min[1]) as f32,
                (o[2] - min[2]) as f32,
            ),
            Vector::new(d[0] as f32, d[1] as f32, d[2] as f32),
        );
        if let Some(toi) = shape.cast_local_ray(&ray, REACH_MM as f32, false) {
            out.push((t, toi as f64 + nudge));
        }
    }
    (out, sampled)
}

/// The estimated thinnest wall in mm: the 5th percentile of the sampled walls, counting those
/// beyond the reach as thick. `None` when that percentile is beyond the reach (the walls are
/// thick) or nothing could be sampled.
pub(crate) fn min_wall(mesh: &Mesh, samples: usize) -> Option<f64> {
    let (hits, sampled) = sample(mesh, samples);
    let mut d: Vec<f64> = hits.into_iter().map(|s| s.1).collect();
    let rank = sampled.checked_sub(1)? * 5 / 100;
    d.sort_by(f64::total_cmp);
    d.get(rank).copied()
}

/// Sampled triangles whose wall is under `min_wall_mm`.
pub(crate) fn thin_triangles(mesh: &Mesh, samples: usize, min_wall_mm: f64) -> Vec<usize> {
    sample(mesh, samples)
        .0
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
    fn a_cube_wall_is_its_side_and_a_thick_one_is_beyond_reach() {
        let w = min_wall(&cube(4.0, [100.0; 3]), 100).unwrap();
        assert!((w - 4.0).abs() < 1e-3, "{w}");
        assert_eq!(min_wall(&cube(30.0, [0.0; 3]), 100), None);
    }

    #[test]
    fn a_thin_plate_far_from_the_origin_is_measured_in_f32_without_loss() {
        let m = block([20.0, 10.0, 0.5], [1e6, 1e6, 1e6]);
        let w = min_wall(&m, 100).unwrap();
        assert!((w - 0.5).abs() < 1e-3, "{w}");
    }

    #[test]
    fn no_samples_means_no_estimate() {
        assert_eq!(min_wall(&cube(4.0, [0.0; 3]), 0), None);
    }
}
