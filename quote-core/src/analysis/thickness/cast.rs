//! The cast of the rays: each ray's nearest hit within the reach, through the triangles binned
//! in the grid cells the rays cross.

use super::grid::{near_vertices, Grid};
use super::{bounds, Ray, REACH_MM};
use crate::analysis::volume::{cross, dot, sub, Measure};
use crate::Mesh;

/// Triangles whose box covers more cells than this are tested by every ray instead.
pub(super) const BIG_TRIANGLE_CELLS: usize = 512;

/// Distance along the ray to the triangle, when it is hit within `(0, reach]` (either side).
#[inline]
pub(super) fn hit(ray: &Ray, [a, b, c]: [[f64; 3]; 3], reach: f64) -> Option<f64> {
    let e1 = sub(b, a);
    let e2 = sub(c, a);
    let p = cross(ray.dir, e2);
    let det = dot(e1, p);
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    let inv = 1.0 / det;
    let s = sub(ray.origin, a);
    let u = dot(s, p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = cross(s, e1);
    let v = dot(ray.dir, q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = dot(e2, q) * inv;
    (t > 0.0 && t <= reach).then_some(t)
}

/// The cells each ray crosses, one after the other, with the distance at which it leaves each;
/// ray `i`'s are `walks[start[i]..start[i + 1]]`.
struct Walks {
    walks: Vec<(u32, f64)>,
    start: Vec<usize>,
}

impl Walks {
    fn new(grid: &Grid, rays: &[Ray], reach: f64) -> Walks {
        let mut walks: Vec<(u32, f64)> = Vec::new();
        let mut start = Vec::with_capacity(rays.len() + 1);
        for ray in rays {
            start.push(walks.len());
            grid.walk(ray, reach, &mut walks);
        }
        start.push(walks.len());
        Walks { walks, start }
    }

    fn of(&self, ray: usize) -> &[(u32, f64)] {
        &self.walks[self.start[ray]..self.start[ray + 1]]
    }
}

/// A mark on each crossed cell, and the marked cells' slots in cell order (their rank among the
/// marks, from running counts per 64-cell word).
struct Slots {
    marked: Vec<u64>,
    rank: Vec<u32>,
    count: u32,
}

impl Slots {
    fn new(grid: &Grid, walks: &Walks) -> Slots {
        let mut marked = vec![0u64; grid.len().div_ceil(64)];
        for &(c, _) in &walks.walks {
            marked[c as usize / 64] |= 1 << (c % 64);
        }
        let mut rank = Vec::with_capacity(marked.len() + 1);
        let mut count = 0u32;
        for w in &marked {
            rank.push(count);
            count += w.count_ones();
        }
        Slots {
            marked,
            rank,
            count,
        }
    }

    fn slot_of(&self, c: usize) -> Option<usize> {
        let w = self.marked[c / 64];
        let bit = 1u64 << (c % 64);
        (w & bit != 0).then(|| (self.rank[c / 64] + (w & (bit - 1)).count_ones()) as usize)
    }
}

/// The triangles of each slot (slot `s`'s are `binned[start[s]..start[s + 1]]`), and the large
/// triangles every ray tests.
struct Bins {
    start: Vec<u32>,
    binned: Vec<u32>,
    big: Vec<u32>,
}

impl Bins {
    /// Every triangle touching a marked cell, binned there; large triangles go to a list every
    /// ray tests.
    fn new(mesh: &Mesh, grid: &Grid, slots: &Slots, near: Option<&[bool]>) -> Bins {
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut big: Vec<u32> = Vec::new();
        for (t, tri) in mesh.triangles.iter().enumerate() {
            if let Some(near) = near {
                if !near[tri[0] as usize] {
                    continue;
                }
            }
            let c = tri.map(|v| mesh.vertices[v as usize]);
            let (lo, hi) = bounds(&c);
            let r = grid.range(lo, hi);
            let count = (r[0].1 - r[0].0 + 1) * (r[1].1 - r[1].0 + 1) * (r[2].1 - r[2].0 + 1);
            if count > BIG_TRIANGLE_CELLS {
                big.push(t as u32);
                continue;
            }
            for z in r[2].0..=r[2].1 {
                for y in r[1].0..=r[1].1 {
                    for x in r[0].0..=r[0].1 {
                        let cell = grid.index([x, y, z]);
                        if let Some(s) = slots.slot_of(cell) {
                            pairs.push((s as u32, t as u32));
                        }
                    }
                }
            }
        }
        // Counting sort of the pairs into per-slot triangle lists.
        let slots = slots.count as usize;
        let mut start = vec![0u32; slots + 1];
        for &(s, _) in &pairs {
            start[s as usize + 1] += 1;
        }
        for i in 0..slots {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut binned = vec![0u32; pairs.len()];
        for &(s, t) in &pairs {
            binned[fill[s as usize] as usize] = t;
            fill[s as usize] += 1;
        }
        Bins { start, binned, big }
    }

    fn of(&self, slot: usize) -> &[u32] {
        &self.binned[self.start[slot] as usize..self.start[slot + 1] as usize]
    }
}

/// The nearest hit of each ray within the reach (infinity when none), through the grid.
/// `whole` is the mesh's measure: its box, and its largest triangle side (see [`Measure`]).
pub(super) fn cast(mesh: &Mesh, rays: &[Ray], mean_extent: f64, whole: &Measure) -> Vec<f64> {
    if rays.is_empty() {
        return Vec::new();
    }
    let (min, max, max_extent) = (whole.min, whole.max, whole.max_extent);
    let grid = Grid::new(min, max, mean_extent, max_extent);
    let reach = REACH_MM;
    let walks = Walks::new(&grid, rays, reach);
    let slots = Slots::new(&grid, &walks);
    let near = near_vertices(mesh, &grid, &slots.marked, max_extent);
    let bins = Bins::new(mesh, &grid, &slots, near.as_deref());

    rays.iter()
        .enumerate()
        .map(|(i, ray)| {
            let mut best = bins
                .big
                .iter()
                .filter_map(|&t| hit(ray, mesh.corners(t as usize), reach))
                .fold(f64::INFINITY, f64::min);
            // A cell is entered where the previous one is left: past a hit, nothing nearer.
            let mut entry = 0.0;
            for &(cell, exit) in walks.of(i) {
                if best <= entry {
                    break;
                }
                entry = exit;
                let s = slots
                    .slot_of(cell as usize)
                    .expect("walked cells have slots");
                for &t in bins.of(s) {
                    if let Some(d) = hit(ray, mesh.corners(t as usize), reach) {
                        best = best.min(d);
                    }
                }
            }
            best
        })
        .collect()
}
