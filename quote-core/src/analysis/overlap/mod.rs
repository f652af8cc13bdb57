//! Bodies whose surfaces cross (primitives overlapping without a boolean union, one body exported
//! twice with an offset), and the volume of their union: what the printer will make.
//!
//! The boundary of a union of solids is made of the parts of each solid's surface that lie
//! outside every other solid. So each triangle near another body is cut, by the planes of the
//! other bodies' triangles that cross it (and, for a triangle lying in its plane, by the planes
//! through that triangle's edges), into convex pieces that no other surface crosses. Each piece
//! lies wholly inside or wholly outside each other body, which ray parity from its centroid
//! tells (a piece lying on a face of another body with the same orientation is kept by the body
//! of lower number only; on a face of opposite orientation, where two bodies touch, both are kept
//! and cancel). The union's volume is the divergence-theorem sum (`det / 6`) over the kept
//! pieces: the whole mesh's sum less the dropped pieces'. Exact up to rounding, with fixed
//! iteration orders, no hashing and no threads: the same bits in WebAssembly (docs/decisions.md,
//! « Corps qui se chevauchent »).
//!
//! Bounded: bodies whose boxes do not meet cost one pass over the triangles (none for a single
//! body), and all the rest draws on [`WORK_BUDGET`]; past it, the volumes are summed as before.

use super::nesting::Nesting;
use super::topology::Topology;
use super::volume::{area_vector, dot, greater, lesser, sub};
use crate::Mesh;

mod near;
mod parity;
mod pieces;
#[cfg(test)]
mod test_shapes;
#[cfg(test)]
mod tests;

/// Beyond this many bodies, overlaps are not looked for (as for nesting).
const MAX_BODIES: usize = 4096;
/// Elementary steps allowed (triangle pairs, grid entries, plane cuts, ray–triangle tests):
/// enough for two copies of a 500,000-triangle torus 10 mm apart (1.2 s natively), where the
/// first bound, 60 million, fell back to the sum.
const WORK_BUDGET: usize = 400_000_000;
/// A body overlaps when the surface it loses is more than this share of its area near the
/// others (rounding on faces that merely touch loses far less).
const LOST_AREA_SHARE: f64 = 1e-9;
/// Nor is an overlap told or subtracted when it counts less than this share of the volume
/// twice: a support touching its part (3MF sample `MUSTPASS_Chapter4.1_ExplicitSupport`) went
/// 2.3e-4 mm³ into it, 1.2e-8 of the volume, which changes no price.
const MIN_VOLUME_SHARE: f64 = 1e-6;

/// What the union changed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Overlap {
    /// Bodies that overlap another one.
    pub bodies: usize,
    /// Six times the volume counted more than once (subtract from the mesh's determinant sum).
    pub removed_det: f64,
}

/// A countdown of elementary steps; `None` once spent.
pub(super) struct Budget(usize);

impl Budget {
    pub fn spend(&mut self, n: usize) -> Option<()> {
        self.0 = self.0.checked_sub(n)?;
        Some(())
    }
}

/// An axis-aligned box.
pub(super) type Aabb = ([f64; 3], [f64; 3]);

pub(super) fn empty_box() -> Aabb {
    ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3])
}

pub(super) fn grow(b: &mut Aabb, (lo, hi): Aabb) {
    for k in 0..3 {
        b.0[k] = lesser(b.0[k], lo[k]);
        b.1[k] = greater(b.1[k], hi[k]);
    }
}

/// Whether two boxes meet once widened by `pad`.
pub(super) fn meet(a: &Aabb, b: &Aabb, pad: f64) -> bool {
    (0..3).all(|k| a.0[k] <= b.1[k] + pad && b.0[k] <= a.1[k] + pad)
}

/// The bodies that overlap and the volume counted twice, `None` when no body overlaps another
/// (or the work budget ran out: then the volume stays the sum of the bodies').
pub(crate) fn overlap(mesh: &Mesh, topo: &Topology, nesting: &Nesting) -> Option<Overlap> {
    overlap_within(mesh, topo, nesting, WORK_BUDGET)
}

/// [`overlap`] within `steps` elementary steps.
fn overlap_within(
    mesh: &Mesh,
    topo: &Topology,
    nesting: &Nesting,
    steps: usize,
) -> Option<Overlap> {
    let n = nesting.bodies;
    if !(2..=MAX_BODIES).contains(&n) {
        return None;
    }
    let mut closed = vec![true; n];
    for (s, &b) in nesting.body_of_shell.iter().enumerate() {
        closed[b as usize] &= topo.bad_edges_per_shell[s] == 0;
    }
    // The bodies' boxes from their vertices (half as many as triangles).
    let mut boxes = vec![empty_box(); n];
    let mut all = empty_box();
    for (v, &p) in mesh.vertices.iter().enumerate() {
        let s = topo.vertex_shell[v];
        if s != u32::MAX {
            let b = nesting.body_of_shell[s as usize] as usize;
            if closed[b] {
                grow(&mut boxes[b], (p, p));
            }
        }
    }
    for b in &boxes {
        grow(&mut all, *b);
    }
    let size = sub(all.1, all.0);
    let pad = dot(size, size).sqrt() * 1e-9;
    let mut budget = Budget(steps);
    let neighbours = near::near_bodies(&boxes, &closed, pad, &mut budget)?;
    if neighbours.iter().all(Vec::is_empty) {
        return None;
    }
    let body_of: Vec<u32> = mesh
        .triangles
        .iter()
        .map(|t| nesting.body_of_shell[topo.vertex_shell[t[0] as usize] as usize])
        .collect();
    let scene = near::Scene::new(mesh, &body_of, &boxes, &neighbours, pad, &mut budget)?;
    // Where each body will be asked about: the parts of its box that the other bodies'
    // triangles near it cover. Its parity grid holds only the triangles a ray from there can meet.
    let mut region = vec![empty_box(); n];
    for (i, &t) in scene.active.iter().enumerate() {
        let tb = &scene.boxes[i];
        for &b in &neighbours[body_of[t as usize] as usize] {
            let bb = &boxes[b as usize];
            if meet(tb, bb, pad) {
                let lo = [0, 1, 2].map(|k| greater(tb.0[k], bb.0[k]) - pad);
                let hi = [0, 1, 2].map(|k| lesser(tb.1[k], bb.1[k]) + pad);
                grow(&mut region[b as usize], (lo, hi));
            }
        }
    }
    let mut grids: Vec<Option<parity::Grid>> = (0..n).map(|_| None).collect();
    let mut lost_det = vec![0.0f64; n];
    let mut lost_area = vec![0.0f64; n];
    let mut candidates = Vec::new();
    for i in 0..scene.active.len() {
        let t = scene.active[i] as usize;
        let a = body_of[t] as usize;
        scene.candidates(i, &mut candidates, &mut budget)?;
        let cut = pieces::Cut::new(mesh, t, &candidates, &scene, pad);
        for piece in cut.pieces(mesh.corners(t), &mut budget)? {
            let c = pieces::centroid(&piece);
            let mut inside = false;
            for &b in &neighbours[a] {
                let b = b as usize;
                if !meet(&boxes[b], &(c, c), pad) {
                    continue;
                }
                inside = match cut.on_face_of(c, b) {
                    Some(same) => same && b < a,
                    None => {
                        let grid = match &mut grids[b] {
                            Some(g) => g,
                            g => g.insert(parity::Grid::new(
                                mesh,
                                &scene.of_body[b],
                                &region[b],
                                &mut budget,
                            )?),
                        };
                        grid.inside(mesh, c, &mut budget)?
                    }
                };
                if inside {
                    break;
                }
            }
            if inside {
                let (det, area) = pieces::measure(&piece);
                lost_det[a] += det;
                lost_area[a] += area;
            }
        }
    }
    let mut area = vec![0.0f64; n];
    for &t in &scene.active {
        let v = area_vector(mesh.corners(t as usize));
        area[body_of[t as usize] as usize] += dot(v, v).sqrt() / 2.0;
    }
    let bodies = (0..n)
        .filter(|&b| lost_area[b] > LOST_AREA_SHARE * area[b])
        .count();
    let removed_det: f64 = lost_det.iter().sum();
    // Six times the volume of the bodies near another, summed.
    let near_det: f64 = scene
        .of_body
        .iter()
        .flatten()
        .map(|&t| {
            let c = mesh.corners(t as usize);
            dot(c[0], area_vector(c))
        })
        .sum();
    if removed_det.abs() <= MIN_VOLUME_SHARE * near_det.abs() {
        return None;
    }
    (bodies > 0).then_some(Overlap {
        bodies,
        removed_det,
    })
}
