//! The broad phase: bodies whose boxes meet, the triangles near another body, and a uniform grid
//! that gives each of those triangles the other bodies' triangles whose boxes meet its own.

use super::{empty_box, grow, meet, Aabb, Budget};
use crate::analysis::volume::{corner_box, sub};
use crate::Mesh;

/// Grid cells per axis at most.
const MAX_CELLS_PER_AXIS: usize = 256;

/// For each body, the other closed bodies whose boxes meet its own, in body order (a sweep
/// along x over the boxes sorted by their low x).
pub(super) fn near_bodies(
    boxes: &[Aabb],
    closed: &[bool],
    pad: f64,
    budget: &mut Budget,
) -> Option<Vec<Vec<u32>>> {
    let mut order: Vec<u32> = (0..boxes.len() as u32)
        .filter(|&b| closed[b as usize])
        .collect();
    order.sort_by(|&x, &y| {
        boxes[x as usize].0[0]
            .total_cmp(&boxes[y as usize].0[0])
            .then(x.cmp(&y))
    });
    let mut near = vec![Vec::new(); boxes.len()];
    for (i, &a) in order.iter().enumerate() {
        let ba = &boxes[a as usize];
        for &b in &order[i + 1..] {
            let bb = &boxes[b as usize];
            if bb.0[0] > ba.1[0] + pad {
                break;
            }
            budget.spend(1)?;
            if meet(ba, bb, pad) {
                near[a as usize].push(b);
                near[b as usize].push(a);
            }
        }
    }
    for list in &mut near {
        list.sort_unstable();
    }
    Some(near)
}

/// The triangles near another body, and a grid over their boxes.
pub(super) struct Scene<'a> {
    /// Triangles (file order) of closed bodies whose box meets a neighbour body's box.
    pub active: Vec<u32>,
    /// Their boxes.
    pub boxes: Vec<Aabb>,
    /// Every triangle of each body that has a neighbour (empty for the others), file order.
    pub of_body: Vec<Vec<u32>>,
    body_of: &'a [u32],
    pad: f64,
    min: [f64; 3],
    cell: f64,
    dims: [usize; 3],
    /// Cell `c`'s entries are `items[start[c]..start[c + 1]]` (indices into `active`).
    start: Vec<u32>,
    items: Vec<u32>,
}

impl<'a> Scene<'a> {
    pub fn new(
        mesh: &Mesh,
        body_of: &'a [u32],
        body_boxes: &[Aabb],
        near: &[Vec<u32>],
        pad: f64,
        budget: &mut Budget,
    ) -> Option<Scene<'a>> {
        let mut active = Vec::new();
        let mut boxes = Vec::new();
        let mut of_body = vec![Vec::new(); near.len()];
        let mut all = empty_box();
        for (t, &b) in body_of.iter().enumerate() {
            let others = &near[b as usize];
            if others.is_empty() {
                continue;
            }
            of_body[b as usize].push(t as u32);
            let bx = corner_box(mesh.corners(t));
            budget.spend(others.len())?;
            if others
                .iter()
                .any(|&o| meet(&bx, &body_boxes[o as usize], pad))
            {
                active.push(t as u32);
                boxes.push(bx);
                grow(&mut all, bx);
            }
        }
        let size = sub(all.1, all.0);
        let largest = size[0].max(size[1]).max(size[2]).max(pad);
        let m = active.len().max(1) as f64;
        let flat = size.iter().filter(|&&s| s <= pad).count();
        // About one cell per triangle, in the dimensions the box has.
        let cell = match flat {
            0 => (size[0] * size[1] * size[2] / m).cbrt(),
            1 => largest / m.sqrt(),
            _ => largest / m,
        }
        .max(largest / MAX_CELLS_PER_AXIS as f64);
        let dims = size.map(|s| ((s / cell) as usize + 1).min(MAX_CELLS_PER_AXIS));
        let mut scene = Scene {
            active,
            boxes,
            of_body,
            body_of,
            pad,
            min: all.0,
            cell,
            dims,
            start: vec![0; dims[0] * dims[1] * dims[2] + 1],
            items: Vec::new(),
        };
        for i in 0..scene.boxes.len() {
            for c in scene.cells(&scene.boxes[i]) {
                budget.spend(1)?;
                scene.start[c + 1] += 1;
            }
        }
        for c in 1..scene.start.len() {
            scene.start[c] += scene.start[c - 1];
        }
        let mut fill = scene.start.clone();
        scene.items = vec![0; *scene.start.last().expect("one cell") as usize];
        for i in 0..scene.boxes.len() {
            for c in scene.cells(&scene.boxes[i]) {
                scene.items[fill[c] as usize] = i as u32;
                fill[c] += 1;
            }
        }
        Some(scene)
    }

    /// The body of triangle `t`.
    pub fn body(&self, t: usize) -> u32 {
        self.body_of[t]
    }

    fn index(&self, x: f64, k: usize) -> usize {
        let i = ((x - self.min[k]) / self.cell).floor();
        if i <= 0.0 {
            0
        } else {
            (i as usize).min(self.dims[k] - 1)
        }
    }

    /// The cells a box (widened by the pad) covers, in a fixed order.
    fn cells(&self, (lo, hi): &Aabb) -> impl Iterator<Item = usize> + use<> {
        let a = [0, 1, 2].map(|k| self.index(lo[k] - self.pad, k));
        let b = [0, 1, 2].map(|k| self.index(hi[k] + self.pad, k));
        let [dx, dy, _] = self.dims;
        (a[2]..=b[2]).flat_map(move |z| {
            (a[1]..=b[1]).flat_map(move |y| (a[0]..=b[0]).map(move |x| (z * dy + y) * dx + x))
        })
    }

    /// The active triangles of other bodies whose boxes meet active triangle `i`'s, sorted.
    pub fn candidates(&self, i: usize, out: &mut Vec<u32>, budget: &mut Budget) -> Option<()> {
        out.clear();
        let body = self.body_of[self.active[i] as usize];
        for c in self.cells(&self.boxes[i]) {
            let cell = &self.items[self.start[c] as usize..self.start[c + 1] as usize];
            budget.spend(cell.len() + 1)?;
            for &j in cell {
                let other = self.body_of[self.active[j as usize] as usize];
                if other != body && meet(&self.boxes[i], &self.boxes[j as usize], self.pad) {
                    out.push(j);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Some(())
    }
}
