//! Inside one body or not, by ray parity: the body's triangles projected along the nesting's ray
//! direction onto a plane across it and binned in a 2D grid, so that a ray meets only the
//! triangles of its own cell.

use super::{Aabb, Budget};
use crate::analysis::nesting::{crosses, RAY};
use crate::analysis::volume::{cross, dot, greater, lesser};
use crate::Mesh;

/// Grid cells per side at most.
const MAX_CELLS_PER_SIDE: usize = 1024;

/// Two directions across [`RAY`]: a point and any point of its ray project alike.
fn axes() -> [[f64; 3]; 2] {
    let u = cross(RAY, [0.0, 0.0, 1.0]);
    [u, cross(RAY, u)]
}

/// The triangles of one body, binned by their projection across the ray.
pub(super) struct Grid {
    triangles: Vec<u32>,
    axes: [[f64; 3]; 2],
    min: [f64; 2],
    max: [f64; 2],
    inv: [f64; 2],
    side: usize,
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Grid {
    /// The grid of those of `triangles` that a ray from a point of `region` can meet.
    pub fn new(mesh: &Mesh, triangles: &[u32], region: &Aabb, budget: &mut Budget) -> Option<Grid> {
        let axes = axes();
        let project = |p: [f64; 3]| [dot(p, axes[0]), dot(p, axes[1])];
        // The region's shadow across the ray: its eight corners projected.
        let mut shadow = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for c in 0..8 {
            let corner = [0, 1, 2].map(|k| {
                if c >> k & 1 == 0 {
                    region.0[k]
                } else {
                    region.1[k]
                }
            });
            for (k, x) in project(corner).into_iter().enumerate() {
                shadow.0[k] = lesser(shadow.0[k], x);
                shadow.1[k] = greater(shadow.1[k], x);
            }
        }
        let margin = greater(shadow.1[0] - shadow.0[0], shadow.1[1] - shadow.0[1]) * 1e-9;
        budget.spend(triangles.len())?;
        let mut kept = Vec::new();
        let mut boxes = Vec::new();
        let mut min = [f64::INFINITY; 2];
        let mut max = [f64::NEG_INFINITY; 2];
        for &t in triangles {
            let mut lo = [f64::INFINITY; 2];
            let mut hi = [f64::NEG_INFINITY; 2];
            for p in mesh.corners(t as usize) {
                let q = project(p);
                for k in 0..2 {
                    lo[k] = lesser(lo[k], q[k]);
                    hi[k] = greater(hi[k], q[k]);
                }
            }
            if (0..2).any(|k| hi[k] < shadow.0[k] - margin || lo[k] > shadow.1[k] + margin) {
                continue;
            }
            for k in 0..2 {
                min[k] = lesser(min[k], lo[k]);
                max[k] = greater(max[k], hi[k]);
            }
            kept.push(t);
            boxes.push((lo, hi));
        }
        let triangles = kept;
        // Rounding apart, a ray's projection is its origin's: a margin of a billionth covers it.
        let pad = greater(max[0] - min[0], max[1] - min[1]) * 1e-9;
        for k in 0..2 {
            min[k] -= 2.0 * pad;
            max[k] += 2.0 * pad;
        }
        if triangles.is_empty() {
            // No triangle in the shadow: every point of the region is outside.
            (min, max) = ([1.0, 1.0], [0.0, 0.0]);
        }
        let side = ((triangles.len() as f64).sqrt() as usize).clamp(1, MAX_CELLS_PER_SIDE);
        let inv = [0, 1].map(|k| side as f64 / (max[k] - min[k]));
        let mut grid = Grid {
            triangles,
            axes,
            min,
            max,
            inv,
            side,
            start: vec![0; side * side + 1],
            items: Vec::new(),
        };
        let ranges: Vec<[usize; 4]> = boxes
            .iter()
            .map(|(lo, hi)| {
                let a = [0, 1].map(|k| grid.index(lo[k] - pad, k));
                let b = [0, 1].map(|k| grid.index(hi[k] + pad, k));
                [a[0], b[0], a[1], b[1]]
            })
            .collect();
        for r in &ranges {
            budget.spend((r[1] - r[0] + 1) * (r[3] - r[2] + 1))?;
            for y in r[2]..=r[3] {
                for x in r[0]..=r[1] {
                    grid.start[y * side + x + 1] += 1;
                }
            }
        }
        for c in 1..grid.start.len() {
            grid.start[c] += grid.start[c - 1];
        }
        let mut fill = grid.start.clone();
        grid.items = vec![0; *grid.start.last().expect("one cell") as usize];
        for (i, r) in ranges.iter().enumerate() {
            for y in r[2]..=r[3] {
                for x in r[0]..=r[1] {
                    let c = y * side + x;
                    grid.items[fill[c] as usize] = i as u32;
                    fill[c] += 1;
                }
            }
        }
        Some(grid)
    }

    fn index(&self, x: f64, k: usize) -> usize {
        let i = ((x - self.min[k]) * self.inv[k]).floor();
        if i <= 0.0 {
            0
        } else {
            (i as usize).min(self.side - 1)
        }
    }

    /// Whether `p` is inside the body: an odd number of its triangles on the ray from `p`.
    pub fn inside(&self, mesh: &Mesh, p: [f64; 3], budget: &mut Budget) -> Option<bool> {
        let q = [dot(p, self.axes[0]), dot(p, self.axes[1])];
        if (0..2).any(|k| q[k] < self.min[k] || q[k] > self.max[k]) {
            return Some(false);
        }
        let c = self.index(q[1], 1) * self.side + self.index(q[0], 0);
        let cell = &self.items[self.start[c] as usize..self.start[c + 1] as usize];
        budget.spend(cell.len() + 1)?;
        let hits = cell
            .iter()
            .filter(|&&i| crosses(p, mesh.corners(self.triangles[i as usize] as usize)))
            .count();
        Some(hits % 2 == 1)
    }
}
