//! The refinement of the triangulation where its triangles leave the surface by more than the
//! chord tolerance.

use std::collections::HashSet;

use spade::handles::{FaceHandle, FixedVertexHandle, InnerTag};
use spade::{CdtEdge, Triangulation};
use truck_meshalgo::prelude::*;

use super::region::Region;
use super::{Cdt, FaceError, SPoint2, Work, INSERTION};

/// Inserts points where the triangles leave the surface by more than `tol`: the centre of a
/// triangle whose centre is too far from the surface, else the middle of an inner edge whose
/// middle is. The grid alone does not bound the triangles: those between the boundary and the
/// grid can span a whole arc when the parameter box is much longer in one direction (a thin
/// cylinder), and Delaunay in (u, v) prefers them. Boundary edges are never split, so that the
/// face still meets its neighbours' points.
pub(super) fn refine_by_deviation(
    surface: &impl Fn(f64, f64) -> Point3,
    region: &Region,
    tol: f64,
    max_points: usize,
    cdt: &mut Cdt,
    work: &mut Work,
) -> Result<(), FaceError> {
    let tol2 = tol * tol;
    let mut positions: Vec<Point3> = Vec::new();
    // Triangles (their vertices' fixed indices, sorted) found within the tolerance: one still
    // there in a later pass would be found so again, and is not evaluated again.
    let mut fine: HashSet<[usize; 3]> = HashSet::new();
    for _ in 0..MAX_REFINE_PASSES {
        // Surface points of the vertices, by fixed index (indices are stable under insertion).
        let new: Vec<SPoint2> = cdt
            .vertices()
            .skip(positions.len())
            .map(|v| v.position())
            .collect();
        work.evaluations(new.len())?;
        positions.extend(new.iter().map(|p| surface(p.x, p.y)));
        // Each point with a vertex of the triangle it comes from, where its insertion starts
        // looking (spade otherwise walks from the last point inserted, across the face).
        let mut add: Vec<(SPoint2, FixedVertexHandle)> = Vec::new();
        for f in cdt.inner_faces() {
            let vs = f.vertices();
            let mut key = vs.map(|v| v.fix().index());
            key.sort_unstable();
            if fine.contains(&key) {
                work.spend(1)?;
                continue;
            }
            // Its centre and the middles of its edges.
            work.evaluations(4)?;
            let added = add.len();
            check_triangle(surface, region, tol2, &positions, f, &mut add);
            if add.len() == added {
                fine.insert(key);
            }
        }
        if add.is_empty() {
            return Ok(());
        }
        if cdt.num_vertices() + add.len() > max_points {
            return Err(FaceError::TooFine);
        }
        work.spend_n(add.len(), INSERTION)?;
        for (p, hint) in add {
            let _ = cdt.insert_with_hint(p, hint);
        }
    }
    Ok(())
}

/// Adds to `add` the centre of a triangle whose centre is too far from the surface, else the
/// middles of its inner edges whose middles are.
fn check_triangle(
    surface: &impl Fn(f64, f64) -> Point3,
    region: &Region,
    tol2: f64,
    positions: &[Point3],
    f: FaceHandle<'_, InnerTag, SPoint2, (), CdtEdge<()>, ()>,
    add: &mut Vec<(SPoint2, FixedVertexHandle)>,
) {
    let vs = f.vertices();
    let hint = vs[0].fix();
    let uv = vs.map(|v| v.position());
    let (e, g) = (
        (uv[1].x - uv[0].x, uv[1].y - uv[0].y),
        (uv[2].x - uv[0].x, uv[2].y - uv[0].y),
    );
    if (e.0 * g.1 - e.1 * g.0).abs() < 1e-12 {
        return;
    }
    let centre = Point2::new(
        (uv[0].x + uv[1].x + uv[2].x) / 3.0,
        (uv[0].y + uv[1].y + uv[2].y) / 3.0,
    );
    if !region.include(centre) {
        return;
    }
    let p = vs.map(|v| positions[v.fix().index()]);
    let flat = Point3::new(
        (p[0].x + p[1].x + p[2].x) / 3.0,
        (p[0].y + p[1].y + p[2].y) / 3.0,
        (p[0].z + p[1].z + p[2].z) / 3.0,
    );
    let d = surface(centre.x, centre.y).distance2(flat);
    if d.is_finite() && d > tol2 {
        add.push((SPoint2::new(centre.x, centre.y), hint));
        return;
    }
    for edge in f.adjacent_edges() {
        if edge.is_constraint_edge() {
            continue;
        }
        let (a, b) = (edge.from(), edge.to());
        let (pa, pb) = (a.position(), b.position());
        let mid = SPoint2::new(0.5 * (pa.x + pb.x), 0.5 * (pa.y + pb.y));
        let chord = positions[a.fix().index()].midpoint(positions[b.fix().index()]);
        let d = surface(mid.x, mid.y).distance2(chord);
        if d.is_finite() && d > tol2 {
            add.push((mid, hint));
        }
    }
}

/// Most passes of [`refine_by_deviation`] (each at most doubles the points near a bulge).
const MAX_REFINE_PASSES: usize = 24;
