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

use super::volume::{area_vector, cross, dot, sub, Measure};
use crate::Mesh;

/// Walls are measured up to this thickness, mm; thicker walls are "thick enough".
pub const REACH_MM: f64 = 10.0;
/// The grid has at most this many cells (one bit each while marking).
const MAX_CELLS: f64 = (1u64 << 25) as f64;
/// Triangles whose box covers more cells than this are tested by every ray instead.
const BIG_TRIANGLE_CELLS: usize = 512;

/// A ray from a sampled face: its triangle, origin and unit inward direction.
struct Ray {
    triangle: usize,
    origin: [f64; 3],
    dir: [f64; 3],
}

/// The uniform grid over the mesh box.
struct Grid {
    min: [f64; 3],
    cell: f64,
    dims: [usize; 3],
}

impl Grid {
    /// A grid whose cells are about twice the sampled faces' mean extent, or just wider than
    /// the widest face when faces are all of a size (then the vertex filter applies with small
    /// cells), within `[REACH_MM / 32, REACH_MM]`, coarsened until it has at most
    /// [`MAX_CELLS`] cells.
    fn new(min: [f64; 3], max: [f64; 3], mean_extent: f64, max_extent: f64) -> Grid {
        let size = sub(max, min);
        let cell = if max_extent <= 2.0 * mean_extent {
            max_extent * 1.01
        } else {
            2.0 * mean_extent
        };
        let mut cell = cell.clamp(REACH_MM / 32.0, REACH_MM);
        let count = |c: f64| size.iter().map(|s| (s / c).floor() + 1.0).product::<f64>();
        while count(cell) > MAX_CELLS {
            cell *= 2.0;
        }
        let dims = size.map(|s| (s / cell).floor() as usize + 1);
        Grid { min, cell, dims }
    }

    fn len(&self) -> usize {
        self.dims[0] * self.dims[1] * self.dims[2]
    }

    fn index(&self, c: [usize; 3]) -> usize {
        (c[2] * self.dims[1] + c[1]) * self.dims[0] + c[0]
    }

    /// The cell range covered by a box, clamped to the grid (the box is within the mesh box),
    /// padded by a millionth of a cell so that a point on a cell face is in both cells.
    #[inline]
    fn range(&self, lo: [f64; 3], hi: [f64; 3]) -> [(usize, usize); 3] {
        let inv = 1.0 / self.cell;
        let pad = 1e-6;
        let mut out = [(0, 0); 3];
        for k in 0..3 {
            let a = (lo[k] - self.min[k]) * inv - pad;
            let b = (hi[k] - self.min[k]) * inv + pad;
            // Truncation is the floor for non-negative values; negative ones clamp to 0.
            let last = self.dims[k] - 1;
            out[k] = (
                if a > 0.0 { (a as usize).min(last) } else { 0 },
                if b > 0.0 { (b as usize).min(last) } else { 0 },
            );
        }
        out
    }

    /// The cells a ray segment crosses, in order, with the distance along the ray at which it
    /// leaves each one (Amanatides and Woo's walk).
    fn walk(&self, ray: &Ray, reach: f64, out: &mut Vec<(u32, f64)>) {
        let mut cell = [0i64; 3];
        let mut step = [0i64; 3];
        let mut next = [f64::INFINITY; 3];
        let mut delta = [f64::INFINITY; 3];
        for k in 0..3 {
            let f = (ray.origin[k] - self.min[k]) / self.cell;
            cell[k] = f.floor() as i64;
            let d = ray.dir[k];
            if d > 0.0 {
                step[k] = 1;
                delta[k] = self.cell / d;
                next[k] = ((cell[k] + 1) as f64 - f) * self.cell / d;
            } else if d < 0.0 {
                step[k] = -1;
                delta[k] = -self.cell / d;
                next[k] = (f - cell[k] as f64) * self.cell / -d;
            }
        }
        let inside = |c: [i64; 3]| (0..3).all(|k| c[k] >= 0 && (c[k] as usize) < self.dims[k]);
        let mut t = 0.0;
        while t <= reach {
            let k = if next[0] <= next[1] && next[0] <= next[2] {
                0
            } else if next[1] <= next[2] {
                1
            } else {
                2
            };
            let exit = next[k];
            if inside(cell) {
                out.push((self.index(cell.map(|c| c as usize)) as u32, exit));
            }
            if !exit.is_finite() {
                break;
            }
            t = exit;
            cell[k] += step[k];
            next[k] += delta[k];
        }
    }
}

/// When every triangle is narrower than a cell, the vertices whose cell is within one cell of
/// a crossed cell (on each axis): a triangle touching a crossed cell (even through the padding)
/// has all its corners there, so the other vertices' triangles need no look. `None` when
/// triangles may be wider (every triangle is then checked).
fn near_vertices(mesh: &Mesh, grid: &Grid, crossed: &[u64], max_extent: f64) -> Option<Vec<bool>> {
    if max_extent.is_nan() || max_extent >= grid.cell * (1.0 - 4e-6) {
        return None;
    }
    // The crossed cells grown by one cell along x, then y, then z: each step ORs the set with
    // itself shifted by one cell's stride both ways, a word at a time. A shift also carries
    // cells across a row or plane end; that only marks a few more cells, never fewer.
    let [dx, dy, _] = grid.dims;
    let mut near = crossed.to_vec();
    for stride in [1, dx, dx * dy] {
        near = grown(&near, stride);
    }
    let inv = 1.0 / grid.cell;
    // Through i32 (one instruction in WebAssembly; the grid has at most 2^25 cells).
    let last = grid.dims.map(|d| d as i32 - 1);
    let cell = |x: f64, k: usize| (((x - grid.min[k]) * inv) as i32).clamp(0, last[k]) as usize;
    Some(
        mesh.vertices
            .iter()
            .map(|p| {
                let i = grid.index([cell(p[0], 0), cell(p[1], 1), cell(p[2], 2)]);
                near[i / 64] & (1 << (i % 64)) != 0
            })
            .collect(),
    )
}

/// The bit set `bits` ORed with itself shifted up and down by `k` bits.
fn grown(bits: &[u64], k: usize) -> Vec<u64> {
    let (q, r) = (k / 64, (k % 64) as u32);
    let word = |w: Option<usize>| w.and_then(|w| bits.get(w)).copied().unwrap_or(0);
    (0..bits.len())
        .map(|w| {
            // Bit i + k of `up` is bit i of `bits`, and bit i - k of `down` is bit i.
            let (lo, hi) = (word(w.checked_sub(q + 1)), word(w.checked_sub(q)));
            let up = if r == 0 { hi } else { hi << r | lo >> (64 - r) };
            let (lo, hi) = (word(Some(w + q)), word(Some(w + q + 1)));
            let down = if r == 0 { lo } else { lo >> r | hi << (64 - r) };
            bits[w] | up | down
        })
        .collect()
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

/// Distance along the ray to the triangle, when it is hit within `(0, reach]` (either side).
#[inline]
fn hit(ray: &Ray, [a, b, c]: [[f64; 3]; 3], reach: f64) -> Option<f64> {
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

/// The nearest hit of each ray within the reach (infinity when none), through the grid.
/// `whole` is the mesh's measure: its box, and its largest triangle side (see [`Measure`]).
fn cast(mesh: &Mesh, rays: &[Ray], mean_extent: f64, whole: &Measure) -> Vec<f64> {
    if rays.is_empty() {
        return Vec::new();
    }
    let (min, max, max_extent) = (whole.min, whole.max, whole.max_extent);
    let grid = Grid::new(min, max, mean_extent, max_extent);
    let reach = REACH_MM;

    // The cells each ray crosses, and a mark on each.
    let mut walks: Vec<(u32, f64)> = Vec::new();
    let mut walk_start = Vec::with_capacity(rays.len() + 1);
    for ray in rays {
        walk_start.push(walks.len());
        grid.walk(ray, reach, &mut walks);
    }
    walk_start.push(walks.len());
    let mut marked = vec![0u64; grid.len().div_ceil(64)];
    for &(c, _) in &walks {
        marked[c as usize / 64] |= 1 << (c % 64);
    }
    // Marked cells get slots in cell order (their rank among the marks, from running counts
    // per 64-cell word), then every triangle touching a marked cell is binned there; large
    // triangles go to a list every ray tests.
    let mut rank = Vec::with_capacity(marked.len() + 1);
    let mut slots = 0u32;
    for w in &marked {
        rank.push(slots);
        slots += w.count_ones();
    }
    let slot_of = |c: usize| {
        let w = marked[c / 64];
        let bit = 1u64 << (c % 64);
        (w & bit != 0).then(|| (rank[c / 64] + (w & (bit - 1)).count_ones()) as usize)
    };
    let near = near_vertices(mesh, &grid, &marked, max_extent);
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut big: Vec<u32> = Vec::new();
    for (t, tri) in mesh.triangles.iter().enumerate() {
        if let Some(near) = &near {
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
                    if let Some(s) = slot_of(cell) {
                        pairs.push((s as u32, t as u32));
                    }
                }
            }
        }
    }
    // Counting sort of the pairs into per-slot triangle lists.
    let slots = slots as usize;
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

    rays.iter()
        .enumerate()
        .map(|(i, ray)| {
            let mut best = big
                .iter()
                .filter_map(|&t| hit(ray, mesh.corners(t as usize), reach))
                .fold(f64::INFINITY, f64::min);
            // A cell is entered where the previous one is left: past a hit, nothing nearer.
            let mut entry = 0.0;
            for &(cell, exit) in &walks[walk_start[i]..walk_start[i + 1]] {
                if best <= entry {
                    break;
                }
                entry = exit;
                let s = slot_of(cell as usize).expect("walked cells have slots");
                for &t in &binned[start[s] as usize..start[s + 1] as usize] {
                    if let Some(d) = hit(ray, mesh.corners(t as usize), reach) {
                        best = best.min(d);
                    }
                }
            }
            best
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{block, cube, merge};

    fn whole(m: &Mesh) -> Measure {
        let mut w = Measure::default();
        for t in 0..m.triangles.len() {
            w.add(m.corners(t));
        }
        w
    }

    #[test]
    fn a_thin_plate_measures_its_thickness() {
        let m = block([20.0, 10.0, 0.5], [0.0; 3]);
        let w = min_wall(&m, 100, &whole(&m)).unwrap();
        assert!((w - 0.5).abs() < 1e-3, "{w}");
        assert_eq!(thin_triangles(&m, 100, &whole(&m), 0.6), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_cube_wall_is_its_side_and_a_thick_one_is_beyond_reach() {
        let c = cube(4.0, [100.0; 3]);
        let w = min_wall(&c, 100, &whole(&c)).unwrap();
        assert!((w - 4.0).abs() < 1e-3, "{w}");
        let c = cube(30.0, [0.0; 3]);
        assert_eq!(min_wall(&c, 100, &whole(&c)), None);
    }

    #[test]
    fn a_thin_plate_far_from_the_origin_is_measured_without_loss() {
        let m = block([20.0, 10.0, 0.5], [1e6, 1e6, 1e6]);
        let w = min_wall(&m, 100, &whole(&m)).unwrap();
        assert!((w - 0.5).abs() < 1e-3, "{w}");
    }

    /// A closed torus of `rings x sides` quads (tube radius `r` around a circle of radius `big`).
    fn torus(rings: usize, sides: usize, big: f64, r: f64) -> Mesh {
        let tau = std::f64::consts::TAU;
        let mut vertices = Vec::new();
        for i in 0..rings {
            for j in 0..sides {
                let (u, v) = (tau * i as f64 / rings as f64, tau * j as f64 / sides as f64);
                let d = big + r * v.cos();
                vertices.push([d * u.cos(), d * u.sin(), r * v.sin()]);
            }
        }
        let id = |i: usize, j: usize| ((i % rings) * sides + j % sides) as u32;
        let mut triangles = Vec::new();
        for i in 0..rings {
            for j in 0..sides {
                let q = [id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)];
                triangles.push([q[0], q[1], q[2]]);
                triangles.push([q[0], q[2], q[3]]);
            }
        }
        Mesh {
            vertices,
            triangles,
        }
    }

    #[test]
    fn the_grid_finds_the_same_nearest_hits_as_testing_every_triangle() {
        // A fine torus (small faces, small cells), with a coarse block across its hole (large
        // faces, some in the every-ray list) and a thin plate inside the tube's reach.
        let fine = torus(120, 40, 20.0, 4.0);
        let block = block([80.0, 2.0, 40.0], [-40.0, -1.0, -20.0]);
        let plate = block_plate();
        let m = merge(&merge(&fine, &block), &plate);
        // As if some triangle were huge: every triangle is checked, no vertex filter.
        let mut w = whole(&m);
        w.max_extent = 80.0;
        let (rays, _, mean_extent) = rays(&m, 3000, &w);
        let grid = Grid::new(
            bounds(&m.vertices).0,
            bounds(&m.vertices).1,
            mean_extent,
            80.0,
        );
        // The block's large faces cover more cells than the limit: the every-ray list is used.
        assert!(80.0 * 40.0 / (grid.cell * grid.cell) > BIG_TRIANGLE_CELLS as f64);
        assert!(rays.len() > 2000);
        let got = cast(&m, &rays, mean_extent, &w);
        let hits = hits_as_brute_force(&m, &rays, &got);
        assert!(hits > 1000, "{hits} hits");
    }

    #[test]
    fn the_vertex_filter_keeps_every_triangle_a_ray_can_meet() {
        // Two nested fine tori (walls of about 1 mm between them): every face is narrower than
        // a cell, so only triangles with a corner near a crossed cell are binned.
        let m = merge(&torus(160, 48, 20.0, 4.0), &torus(150, 40, 20.0, 3.0));
        let measure = whole(&m);
        let (rays, _, mean_extent) = rays(&m, 4000, &measure);
        let (min, max) = bounds(&m.vertices);
        let grid = Grid::new(min, max, mean_extent, measure.max_extent);
        assert!(measure.max_extent < grid.cell);
        let nothing = vec![0; grid.len().div_ceil(64)];
        assert!(near_vertices(&m, &grid, &nothing, measure.max_extent).is_some());
        let got = cast(&m, &rays, mean_extent, &measure);
        let hits = hits_as_brute_force(&m, &rays, &got);
        assert!(hits > 3000, "{hits} hits");
    }

    /// Checks each ray's hit against testing every triangle; the number of rays that hit.
    fn hits_as_brute_force(m: &Mesh, rays: &[Ray], got: &[f64]) -> usize {
        let mut hits = 0;
        for (ray, got) in rays.iter().zip(got) {
            let want = (0..m.triangles.len())
                .filter_map(|t| hit(ray, m.corners(t), REACH_MM))
                .fold(f64::INFINITY, f64::min);
            assert_eq!(*got, want, "ray from triangle {}", ray.triangle);
            hits += usize::from(want.is_finite());
        }
        hits
    }

    fn block_plate() -> Mesh {
        block([8.0, 8.0, 0.3], [18.0, -4.0, 5.0])
    }

    #[test]
    fn a_grown_bit_set_holds_every_bit_within_the_shift() {
        let n: usize = 300;
        for k in [1, 5, 63, 64, 65, 130] {
            for seed in [3usize, 64, 127, 128, 200, 299] {
                let mut bits = vec![0u64; n.div_ceil(64)];
                bits[seed / 64] |= 1 << (seed % 64);
                let got = grown(&bits, k);
                let set: Vec<usize> = (0..got.len() * 64)
                    .filter(|&i| got[i / 64] >> (i % 64) & 1 == 1)
                    .collect();
                let want: Vec<usize> = [seed.checked_sub(k), Some(seed), Some(seed + k)]
                    .into_iter()
                    .flatten()
                    .filter(|&i| i < got.len() * 64)
                    .collect();
                assert_eq!(set, want, "bit {seed} grown by {k}");
            }
        }
    }

    #[test]
    fn no_samples_means_no_estimate() {
        let c = cube(4.0, [0.0; 3]);
        assert_eq!(min_wall(&c, 0, &whole(&c)), None);
    }
}
