//! The engine's own tessellation of one trimmed face, bounded in time and memory.
//!
//! The face's boundary (its edges, already divided by the engine and shared with the
//! neighbouring faces) is mapped into the surface's (u, v) parameter domain, the parameter box of
//! the boundary is divided into a grid fine enough for the chord tolerance (each direction on its
//! own, so that a long cylinder is not divided along its straight lines), and the boundary and the
//! grid points inside it are triangulated by a constrained Delaunay triangulation (`spade`).
//!
//! The mapping of the boundary into (u, v), with its handling of periodic surfaces, seams and
//! poles, follows truck-meshalgo 0.4 (`tessellation/triangulation.rs`, Apache-2.0), which this
//! module replaces: truck divided the parameter box as a tensor grid (a direction divided as
//! often as the other whatever its curvature) without a bound, and tested every grid point and
//! every triangle against the whole boundary; on real parts (a gear, a bent pipe) that ran for
//! minutes. Here the grid has a cap and the inside test looks at the boundary segments of one
//! column of a bucket grid only. Everything is single-threaded and iterates in a fixed order.

mod boundary;
mod closed;
mod grid;
mod refinement;
mod region;

use spade::handles::FixedVertexHandle;
use spade::{ConstrainedDelaunayTriangulation, Triangulation};
use truck_meshalgo::prelude::*;

use boundary::uv_boundary;
pub use closed::Domain;
use closed::{closed_periods, Closed};
use grid::{grid, insert_grid, metric_scale};
use refinement::refine_by_deviation;
use region::Region;

use super::work::{Exhausted, Work, INSERTION};

type SPoint2 = spade::Point2<f64>;

type Cdt = ConstrainedDelaunayTriangulation<SPoint2>;

/// A surface the tessellator can trim: evaluated, inverted (point to parameters) and bounded.
pub trait TrimSurface:
    ParametricSurface3D
    + SearchParameter<D2, Point = Point3>
    + SearchNearestParameter<D2, Point = Point3>
{
}

impl<S> TrimSurface for S where
    S: ParametricSurface3D
        + SearchParameter<D2, Point = Point3>
        + SearchNearestParameter<D2, Point = Point3>
{
}

/// Deepest halving of a parameter interval, in the grid and along the lines the boundary gets
/// closed with.
const MAX_DEPTH: u32 = 14;

/// One face's triangles: positions on the surface and triangles counter-clockwise around the
/// surface's normal, before the face's own orientation is applied.
#[derive(Debug, Default)]
pub struct FaceMesh {
    pub positions: Vec<Point3>,
    pub triangles: Vec<[usize; 3]>,
}

/// Why a face was not triangulated.
#[derive(Debug, PartialEq)]
pub enum FaceError {
    /// The boundary could not be placed on the surface (a point the surface's parameter search
    /// does not find): the face is left out, as truck did.
    Unmapped,
    /// The grid the tolerance asks for has more points than the cap.
    TooFine,
    /// The file's work budget ran out.
    Exhausted,
}

impl From<Exhausted> for FaceError {
    fn from(_: Exhausted) -> Self {
        FaceError::Exhausted
    }
}

/// Triangulates a face bounded by closed 3D polylines (each without its closing point repeated)
/// on `surface`, with chord tolerance `tol` and at most `max_points` grid points inside, its
/// work spent from `work`. `domain`: where the surface is defined, when truck's range runs past
/// it (an unclamped B-spline).
pub fn tessellate_face<S: TrimSurface>(
    surface: &S,
    domain: Option<Domain>,
    wires: &[Vec<Point3>],
    tol: f64,
    max_points: usize,
    work: &mut Work,
) -> Result<FaceMesh, FaceError> {
    // A surface closed in a direction truck gives no period (a B-spline dome) is meshed as the
    // periodic surface it is.
    match closed_periods(surface, domain, tol, work)? {
        Some(periods) => tessellate_on(
            &Closed::new(surface, periods, domain),
            wires,
            tol,
            max_points,
            work,
        ),
        None => tessellate_on(surface, wires, tol, max_points, work),
    }
}

fn tessellate_on<S: TrimSurface>(
    surface: &S,
    wires: &[Vec<Point3>],
    tol: f64,
    max_points: usize,
    work: &mut Work,
) -> Result<FaceMesh, FaceError> {
    let boundary = uv_boundary(surface, wires, tol, work)?;
    let (lo, hi) = parameter_box(&boundary);
    // The triangulation runs in (u·su, v·sv), about as long as the surface in each direction,
    // so that Delaunay's triangles are not long along a direction the parameters shrink.
    let (su, sv) = metric_scale(surface, lo, hi);
    let q = quantum(lo, hi, (su, sv));
    let scaled: Vec<Vec<Point2>> = boundary
        .iter()
        .map(|l| {
            l.iter()
                .map(|p| Point2::new(snap(p.x * su, q), snap(p.y * sv, q)))
                .collect()
        })
        .collect();
    let eval = |x: f64, y: f64| surface.subs(x / su, y / sv);
    let region = Region::new(&scaled);
    let mut cdt = Cdt::new();
    work.spend_n(scaled.iter().map(Vec::len).sum(), INSERTION)?;
    let on_boundary = insert_boundary(&scaled, &mut cdt);
    let (udiv, vdiv) = grid(surface, (lo.x, hi.x), (lo.y, hi.y), tol, max_points, work)?;
    let udiv: Vec<f64> = udiv.iter().map(|u| u * su).collect();
    let vdiv: Vec<f64> = vdiv.iter().map(|v| v * sv).collect();
    let inner = udiv.len().saturating_sub(2) * vdiv.len().saturating_sub(2);
    work.spend_n(inner, INSERTION)?;
    insert_grid(&udiv, &vdiv, &region, &mut cdt);
    refine_by_deviation(&eval, &region, tol, max_points, &mut cdt, work)?;

    // A point a vertex; a normal and two derivatives a triangle.
    work.evaluations(cdt.num_vertices() + 3 * cdt.num_inner_faces())?;
    let (positions, index) = surface_points(&cdt, &eval, &on_boundary, &PointGrid::new(wires, tol));
    let (mut triangles, sides) = inner_triangles(surface, &cdt, &region, (su, sv), &index);
    orient(&mut triangles, &sides);
    Ok(FaceMesh {
        positions,
        triangles,
    })
}

/// The step the boundary's scaled (u, v) coordinates are rounded to: a power of two about
/// 1e-10 of the box. The parameter searches place points of one iso-line (a cylinder's circle
/// at v = −25) a few ulps apart; the exact Delaunay triangulation then sees them as a polyline
/// that turns by 1e-15 and joins points far apart along it by slivers of no area in (u, v)
/// whose centres fall inside the face: on the surface those points are not collinear (a
/// circle), and each sliver became a flat triangle across the cylinder's end, the boundary
/// points under it left open. Rounded, the points of an iso-line are exactly collinear.
fn quantum(lo: Point2, hi: Point2, (su, sv): (f64, f64)) -> f64 {
    let size = ((hi.x - lo.x) * su).abs().max(((hi.y - lo.y) * sv).abs());
    let size = [lo.x * su, hi.x * su, lo.y * sv, hi.y * sv]
        .iter()
        .fold(size, |m, c| m.max(c.abs()));
    let x = size * 1e-10;
    if !(x.is_finite() && x >= f64::MIN_POSITIVE) {
        return 0.0;
    }
    // The largest power of two not above `x`, from its exponent bits: exact, and the same in
    // WebAssembly (no libm call).
    f64::from_bits(x.to_bits() & 0x7ff0_0000_0000_0000)
}

/// `x` rounded to a multiple of `q` (a power of two: exact); unchanged when `q` is 0.
fn snap(x: f64, q: f64) -> f64 {
    if q > 0.0 && x.is_finite() {
        (x / q).round() * q
    } else {
        x
    }
}

/// The box of the boundary's (u, v) points.
fn parameter_box(boundary: &[Vec<Point2>]) -> (Point2, Point2) {
    let (mut lo, mut hi) = (
        Point2::new(f64::INFINITY, f64::INFINITY),
        Point2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in boundary.iter().flatten() {
        lo = Point2::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point2::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    (lo, hi)
}

/// The surface point of every vertex of the triangulation, and each vertex's place among them
/// by its fixed index.
fn surface_points(
    cdt: &Cdt,
    eval: &impl Fn(f64, f64) -> Point3,
    on_boundary: &[bool],
    wire_points: &PointGrid,
) -> (Vec<Point3>, Vec<usize>) {
    let mut positions = Vec::new();
    let mut index = vec![usize::MAX; cdt.num_vertices()];
    for v in cdt.vertices() {
        let p = v.position();
        index[v.fix().index()] = positions.len();
        let mut q = eval(p.x, p.y);
        // A boundary point takes the edge's own point it was found from (the surface's
        // parameter search lands near it, not on it): the neighbouring face has the same.
        let i = v.fix().index();
        if i < on_boundary.len() && on_boundary[i] {
            if let Some(w) = wire_points.nearest(q) {
                q = w;
            }
        }
        positions.push(q);
    }
    (positions, index)
}

/// The triangles inside the face, counter-clockwise in (u, v), with the sign of u × v along
/// the surface's normal at each one's centre.
fn inner_triangles<S: TrimSurface>(
    surface: &S,
    cdt: &Cdt,
    region: &Region,
    (su, sv): (f64, f64),
    index: &[usize],
) -> (Vec<[usize; 3]>, Vec<f64>) {
    let mut triangles = Vec::new();
    let mut sides: Vec<f64> = Vec::new();
    for f in cdt.inner_faces() {
        let vs = f.vertices();
        let [a, b, c] = vs.map(|v| {
            let p = v.position();
            Point2::new(p.x, p.y)
        });
        let (e, g) = (b - a, c - a);
        let area = e.x * g.y - e.y * g.x;
        if area.abs() < 1e-12 {
            continue;
        }
        let centre = Point2::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
        if !region.include(centre) {
            continue;
        }
        let t = vs.map(|v| index[v.fix().index()]);
        let t = if area > 0.0 { t } else { [t[0], t[2], t[1]] };
        // Counter-clockwise in (u, v) is around u × v; the surface's normal may point the
        // other way (truck inverts a surface by flipping its normal only).
        let (uu, vv) = (centre.x / su, centre.y / sv);
        let side = surface
            .uder(uu, vv)
            .cross(surface.vder(uu, vv))
            .dot(surface.normal(uu, vv));
        sides.push(side);
        triangles.push(t);
    }
    (triangles, sides)
}

/// Turns the triangles whose side is negative, so that all go round the surface's normal.
fn orient(triangles: &mut [[usize; 3]], sides: &[f64]) {
    // Where the sign is not defined (a pole), the face's majority decides.
    let majority: f64 = sides
        .iter()
        .filter(|s| s.is_finite())
        .map(|s| s.signum())
        .sum();
    for (t, side) in triangles.iter_mut().zip(sides) {
        let flip = if side.is_finite() && *side != 0.0 {
            *side < 0.0
        } else {
            majority < 0.0
        };
        if flip {
            t.swap(1, 2);
        }
    }
}

/// Inserts the loops' points and their segments as constraints, as truck does (a segment
/// that would cross one already there is joined to the next point instead).
/// Returns, by vertex index, whether a vertex is a boundary point.
fn insert_boundary(loops: &[Vec<Point2>], cdt: &mut Cdt) -> Vec<bool> {
    let round = |x: f64| {
        if x.abs() < spade::MIN_ALLOWED_VALUE {
            0.0
        } else {
            x
        }
    };
    let mut on_boundary = Vec::new();
    for l in loops {
        let handles: Vec<Option<FixedVertexHandle>> = l
            .iter()
            .map(|p| cdt.insert(SPoint2::new(round(p.x), round(p.y))).ok())
            .collect();
        for h in handles.iter().flatten() {
            if on_boundary.len() <= h.index() {
                on_boundary.resize(h.index() + 1, false);
            }
            on_boundary[h.index()] = true;
        }
        let n = handles.len();
        let mut prev: Option<usize> = None;
        for i in 0..n {
            let j = (i + 1) % n;
            let Some(vj) = handles[j] else { continue };
            if let Some(p) = prev {
                let Some(v) = handles[p] else { continue };
                if cdt.can_add_constraint(v, vj) {
                    cdt.add_constraint(v, vj);
                    prev = None;
                }
            } else {
                let Some(vi) = handles[i] else { continue };
                if cdt.can_add_constraint(vi, vj) {
                    cdt.add_constraint(vi, vj);
                } else {
                    prev = Some(i);
                }
            }
        }
    }
    on_boundary
}

/// The face's boundary points in 3D, bucketed by cells of `tol`, to find the one a boundary
/// vertex was found from.
struct PointGrid {
    cell: f64,
    points: Vec<Point3>,
    cells: std::collections::BTreeMap<[i64; 3], Vec<u32>>,
}

impl PointGrid {
    fn new(wires: &[Vec<Point3>], tol: f64) -> Self {
        let cell = tol.max(1e-9);
        let mut g = PointGrid {
            cell,
            points: Vec::new(),
            cells: Default::default(),
        };
        for p in wires.iter().flatten() {
            if let Some(k) = g.key(*p) {
                g.cells.entry(k).or_default().push(g.points.len() as u32);
                g.points.push(*p);
            }
        }
        g
    }

    fn key(&self, p: Point3) -> Option<[i64; 3]> {
        let k = [p.x, p.y, p.z].map(|c| (c / self.cell).floor());
        k.iter()
            .all(|c| c.is_finite() && c.abs() < 1e15)
            .then(|| k.map(|c| c as i64))
    }

    /// The nearest boundary point within one cell size, first in insertion order on ties.
    fn nearest(&self, p: Point3) -> Option<Point3> {
        let k = self.key(p)?;
        let mut best: Option<(f64, u32)> = None;
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    let Some(ids) = self.cells.get(&[k[0] + dx, k[1] + dy, k[2] + dz]) else {
                        continue;
                    };
                    for &i in ids {
                        let d = self.points[i as usize].distance2(p);
                        if d <= self.cell * self.cell
                            && best.is_none_or(|(bd, bi)| d < bd || (d == bd && i < bi))
                        {
                            best = Some((d, i));
                        }
                    }
                }
            }
        }
        best.map(|(_, i)| self.points[i as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundary_points_an_ulp_apart_on_an_iso_line_are_made_collinear() {
        // Laufrad's face #196: a circle at v = −25 on a cylinder 655 mm in radius, found by the
        // parameter search at −25 and −25.000000000000004 by turns.
        let (lo, hi) = (Point2::new(0.0, -25.0), Point2::new(6.2875, 0.0));
        let q = quantum(lo, hi, (655.0, 1.0));
        assert!(
            q > 0.0 && q < 1e-6 && q == 2f64.powi(q.log2() as i32),
            "{q}"
        );
        let a = snap(-25.000000000000004, q);
        assert_eq!(a, snap(-25.0, q));
        assert_eq!(a, -25.0);
        // Points far apart keep their distance within the step.
        assert!((snap(1160.9890729289853, q) - 1160.9890729289853).abs() <= q);
        assert!(snap(f64::NAN, q).is_nan());
        let origin = Point2::new(0.0, 0.0);
        assert_eq!(quantum(origin, origin, (1.0, 1.0)), 0.0);
    }
}
