//! The uniform grid the rays walk: its cells, the walk of a ray through them, and the vertices
//! near the crossed cells.

use super::{Ray, REACH_MM};
use crate::analysis::volume::sub;
use crate::Mesh;

/// The grid has at most this many cells (one bit each while marking).
const MAX_CELLS: f64 = (1u64 << 25) as f64;

/// The uniform grid over the mesh box.
pub(super) struct Grid {
    pub(super) min: [f64; 3],
    pub(super) cell: f64,
    pub(super) dims: [usize; 3],
}

impl Grid {
    /// A grid whose cells are about twice the sampled faces' mean extent, or just wider than
    /// the widest face when faces are all of a size (then the vertex filter applies with small
    /// cells), within `[REACH_MM / 32, REACH_MM]`, coarsened until it has at most
    /// [`MAX_CELLS`] cells.
    pub(super) fn new(min: [f64; 3], max: [f64; 3], mean_extent: f64, max_extent: f64) -> Grid {
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

    #[inline]
    pub(super) fn len(&self) -> usize {
        self.dims[0] * self.dims[1] * self.dims[2]
    }

    // Called for every binned cell from the cast: inlined there as when one file held them.
    #[inline]
    pub(super) fn index(&self, c: [usize; 3]) -> usize {
        (c[2] * self.dims[1] + c[1]) * self.dims[0] + c[0]
    }

    /// The cell range covered by a box, clamped to the grid (the box is within the mesh box),
    /// padded by a millionth of a cell so that a point on a cell face is in both cells.
    #[inline]
    pub(super) fn range(&self, lo: [f64; 3], hi: [f64; 3]) -> [(usize, usize); 3] {
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
    pub(super) fn walk(&self, ray: &Ray, reach: f64, out: &mut Vec<(u32, f64)>) {
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
pub(super) fn near_vertices(
    mesh: &Mesh,
    grid: &Grid,
    crossed: &[u64],
    max_extent: f64,
) -> Option<Vec<bool>> {
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
pub(super) fn grown(bits: &[u64], k: usize) -> Vec<u64> {
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
