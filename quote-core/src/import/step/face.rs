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

use spade::handles::FixedVertexHandle;
use spade::{ConstrainedDelaunayTriangulation, Triangulation};
use truck_meshalgo::prelude::*;

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
}

/// Triangulates a face bounded by closed 3D polylines (each without its closing point repeated)
/// on `surface`, with chord tolerance `tol` and at most `max_points` grid points inside.
pub fn tessellate_face<S: TrimSurface>(
    surface: &S,
    wires: &[Vec<Point3>],
    tol: f64,
    max_points: usize,
) -> Result<FaceMesh, FaceError> {
    let mut pieces = Vec::with_capacity(wires.len());
    for w in wires {
        if w.is_empty() {
            continue;
        }
        pieces.push(wire_to_uv(surface, w).ok_or(FaceError::Unmapped)?);
    }
    // A face without bounds (a whole sphere or torus) covers the surface's parameter box.
    let boundary = boundary_loops(pieces, surface, tol);
    if boundary.iter().all(|l| l.len() < 3) {
        return Err(FaceError::Unmapped);
    }
    let (mut lo, mut hi) = (
        Point2::new(f64::INFINITY, f64::INFINITY),
        Point2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in boundary.iter().flatten() {
        lo = Point2::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point2::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    // The triangulation runs in (u·su, v·sv), about as long as the surface in each direction,
    // so that Delaunay's triangles are not long along a direction the parameters shrink.
    let (su, sv) = metric_scale(surface, lo, hi);
    let scaled: Vec<Vec<Point2>> = boundary
        .iter()
        .map(|l| l.iter().map(|p| Point2::new(p.x * su, p.y * sv)).collect())
        .collect();
    let eval = |x: f64, y: f64| surface.subs(x / su, y / sv);
    let region = Region::new(&scaled);
    let mut cdt = Cdt::new();
    let on_boundary = insert_boundary(&scaled, &mut cdt);
    let (udiv, vdiv) = grid(surface, (lo.x, hi.x), (lo.y, hi.y), tol, max_points)?;
    let udiv: Vec<f64> = udiv.iter().map(|u| u * su).collect();
    let vdiv: Vec<f64> = vdiv.iter().map(|v| v * sv).collect();
    insert_grid(&udiv, &vdiv, &region, &mut cdt);
    refine_by_deviation(&eval, &region, tol, max_points, &mut cdt)?;

    let mut mesh = FaceMesh::default();
    let mut sides: Vec<f64> = Vec::new();
    let mut index = vec![usize::MAX; cdt.num_vertices()];
    let wire_points = PointGrid::new(wires, tol);
    for v in cdt.vertices() {
        let p = v.position();
        index[v.fix().index()] = mesh.positions.len();
        let mut q = eval(p.x, p.y);
        // A boundary point takes the edge's own point it was found from (the surface's
        // parameter search lands near it, not on it): the neighbouring face has the same.
        let i = v.fix().index();
        if i < on_boundary.len() && on_boundary[i] {
            if let Some(w) = wire_points.nearest(q) {
                q = w;
            }
        }
        mesh.positions.push(q);
    }
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
        mesh.triangles.push(t);
    }
    // Where the sign is not defined (a pole), the face's majority decides.
    let majority: f64 = sides
        .iter()
        .filter(|s| s.is_finite())
        .map(|s| s.signum())
        .sum();
    for (t, side) in mesh.triangles.iter_mut().zip(&sides) {
        let flip = if side.is_finite() && *side != 0.0 {
            *side < 0.0
        } else {
            majority < 0.0
        };
        if flip {
            t.swap(1, 2);
        }
    }
    Ok(mesh)
}

/// Inserts points where the triangles leave the surface by more than `tol`: the centre of a
/// triangle whose centre is too far from the surface, else the middle of an inner edge whose
/// middle is. The grid alone does not bound the triangles: those between the boundary and the
/// grid can span a whole arc when the parameter box is much longer in one direction (a thin
/// cylinder), and Delaunay in (u, v) prefers them. Boundary edges are never split, so that the
/// face still meets its neighbours' points.
fn refine_by_deviation(
    surface: &impl Fn(f64, f64) -> Point3,
    region: &Region,
    tol: f64,
    max_points: usize,
    cdt: &mut Cdt,
) -> Result<(), FaceError> {
    let tol2 = tol * tol;
    let mut positions: Vec<Point3> = Vec::new();
    for _ in 0..MAX_REFINE_PASSES {
        // Surface points of the vertices, by fixed index (indices are stable under insertion).
        let new: Vec<SPoint2> = cdt
            .vertices()
            .skip(positions.len())
            .map(|v| v.position())
            .collect();
        positions.extend(new.iter().map(|p| surface(p.x, p.y)));
        let mut add: Vec<SPoint2> = Vec::new();
        for f in cdt.inner_faces() {
            let vs = f.vertices();
            let uv = vs.map(|v| v.position());
            let (e, g) = (
                (uv[1].x - uv[0].x, uv[1].y - uv[0].y),
                (uv[2].x - uv[0].x, uv[2].y - uv[0].y),
            );
            if (e.0 * g.1 - e.1 * g.0).abs() < 1e-12 {
                continue;
            }
            let centre = Point2::new(
                (uv[0].x + uv[1].x + uv[2].x) / 3.0,
                (uv[0].y + uv[1].y + uv[2].y) / 3.0,
            );
            if !region.include(centre) {
                continue;
            }
            let p = vs.map(|v| positions[v.fix().index()]);
            let flat = Point3::new(
                (p[0].x + p[1].x + p[2].x) / 3.0,
                (p[0].y + p[1].y + p[2].y) / 3.0,
                (p[0].z + p[1].z + p[2].z) / 3.0,
            );
            let d = surface(centre.x, centre.y).distance2(flat);
            if d.is_finite() && d > tol2 {
                add.push(SPoint2::new(centre.x, centre.y));
                continue;
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
                    add.push(mid);
                }
            }
        }
        if add.is_empty() {
            return Ok(());
        }
        if cdt.num_vertices() + add.len() > max_points {
            return Err(FaceError::TooFine);
        }
        for p in add {
            let _ = cdt.insert(p);
        }
    }
    Ok(())
}

/// Most passes of [`refine_by_deviation`] (each at most doubles the points near a bulge).
const MAX_REFINE_PASSES: usize = 24;

/// Mean lengths of the surface's u and v derivatives over the box `lo..hi` (1 where not
/// defined): millimetres per unit of each parameter.
fn metric_scale<S: TrimSurface>(surface: &S, lo: Point2, hi: Point2) -> (f64, f64) {
    let (mut su, mut sv, mut n) = (0.0, 0.0, 0.0);
    for i in 0..=2 {
        for j in 0..=2 {
            let u = lo.x + (hi.x - lo.x) * f64::from(i) / 2.0;
            let v = lo.y + (hi.y - lo.y) * f64::from(j) / 2.0;
            let (a, b) = (
                surface.uder(u, v).magnitude(),
                surface.vder(u, v).magnitude(),
            );
            if a.is_finite() && b.is_finite() {
                su += a;
                sv += b;
                n += 1.0;
            }
        }
    }
    let ok = |x: f64| x.is_finite() && x > 1e-9 && x < 1e9;
    if n == 0.0 || !ok(su / n) || !ok(sv / n) {
        return (1.0, 1.0);
    }
    (su / n, sv / n)
}

/// Finds the parameters of a point of the boundary (near `hint` first).
fn search<S: TrimSurface>(surface: &S, p: Point3, hint: Option<(f64, f64)>) -> Option<(f64, f64)> {
    let found = surface
        .search_parameter(p, hint, 100)
        .or_else(|| surface.search_parameter(p, None, 100))
        .or_else(|| surface.search_nearest_parameter(p, hint, 100))
        .or_else(|| surface.search_nearest_parameter(p, None, 100))?;
    (found.0.is_finite() && found.1.is_finite()).then_some(found)
}

/// The value among `u + k·period` (k from −2 to 2) nearest `u0`.
fn nearest_period(u: f64, u0: f64, period: f64) -> f64 {
    let mut best = u;
    for k in -2..=2 {
        let c = u + f64::from(k) * period;
        if (c - u0).abs() < (best - u0).abs() {
            best = c;
        }
    }
    best
}

/// One closed wire mapped into (u, v): continuous across a periodic surface's seam, with the
/// pole of a sphere or a cone (where a parameter direction degenerates) stepped along.
fn wire_to_uv<S: TrimSurface>(surface: &S, wire: &[Point3]) -> Option<Vec<Point2>> {
    let (up, vp) = (surface.u_period(), surface.v_period());
    let (urange, vrange) = surface.try_range_tuple();
    let mut previous: Option<(f64, f64)> = None;
    let mut vec = Vec::with_capacity(wire.len() + 4);
    for &pt in wire.iter().chain(std::iter::once(&wire[0])) {
        let (mut u, mut v) = search(surface, pt, previous)?;
        if let (Some(up), Some((u0, _))) = (up, previous) {
            u = nearest_period(u, u0, up);
        }
        if let (Some(vp), Some((_, v0))) = (vp, previous) {
            v = nearest_period(v, v0, vp);
        }
        if let Some((u0, v0)) = previous {
            if !u0.near(&u) && surface.uder(u0, v0).so_small() {
                vec.push(Point2::new(u, v0));
            } else if !v0.near(&v) && surface.vder(u0, v0).so_small() {
                vec.push(Point2::new(u0, v));
            }
        }
        vec.push(Point2::new(u, v));
        previous = Some((u, v));
    }
    let n = vec.len() as f64;
    let grav = vec.iter().fold(Point2::new(0.0, 0.0), |g, p| {
        Point2::new(g.x + p.x / n, g.y + p.y / n)
    });
    if let (Some(up), Some((u0, _))) = (up, urange) {
        let quot = ((grav.x - u0) / up).floor();
        vec.iter_mut().for_each(|p| p.x -= quot * up);
    }
    if let (Some(vp), Some((v0, _))) = (vp, vrange) {
        let quot = ((grav.y - v0) / vp).floor();
        vec.iter_mut().for_each(|p| p.y -= quot * vp);
    }
    let last = *vec.last()?;
    if !vec[0].near(&last)
        && (surface.uder(last.x, last.y).so_small() || surface.vder(last.x, last.y).so_small())
    {
        vec.push(vec[0]);
    }
    Some(vec)
}

/// Shifts an open boundary piece by whole periods into `(u0, u1)` and cuts it where it crosses
/// `u1`, as truck does.
fn normalize_range(curve: &mut Vec<Point2>, compidx: usize, (u0, u1): (f64, f64)) {
    if curve.is_empty() || u1 <= u0 {
        return;
    }
    let p = curve[0];
    let q = curve[curve.len() - 1];
    let tmp = f64::min(p[compidx], q[compidx]) + TOLERANCE;
    let del = ((tmp - u0) / (u1 - u0)).floor() * (u1 - u0);
    curve.iter_mut().for_each(|p| p[compidx] -= del);
    let Some(i) = curve
        .iter()
        .position(|p| (curve[0][compidx] - u1) * (p[compidx] - u1) < 0.0)
    else {
        return;
    };
    let mut curve1 = curve.split_off(i + 1);
    curve1.pop();
    curve1.insert(0, curve[i]);
    match curve[0][compidx] < curve[curve.len() - 1][compidx] {
        true => curve1.iter_mut(),
        false => curve.iter_mut(),
    }
    .for_each(|p| p[compidx] -= u1 - u0);
    curve1.append(curve);
    *curve = curve1;
}

/// Twice the signed area of a loop: positive when counter-clockwise.
fn signed_area(curve: &[Point2]) -> f64 {
    let n = curve.len();
    (0..n)
        .map(|i| {
            let (p, q) = (curve[i], curve[(i + 1) % n]);
            (q.x + p.x) * (q.y - p.y)
        })
        .sum::<f64>()
}

/// Whether a loop is counter-clockwise.
fn loop_orientation(curve: &[Point2]) -> bool {
    signed_area(curve) > 0.0
}

/// The segment from `p` to `q` in (u, v), divided so that its image on the surface is within
/// `tol` of its chords (bounded depth); `p` included, `q` too.
fn polyline_on_surface<S: TrimSurface>(surface: &S, p: Point2, q: Point2, tol: f64) -> Vec<Point2> {
    let at = |t: f64| Point2::new(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
    let eval = |t: f64| {
        let a = at(t);
        surface.subs(a.x, a.y)
    };
    let mut out = vec![p];
    let mut stack = vec![(0.0f64, 1.0f64, 0u32)];
    while let Some((a, b, depth)) = stack.pop() {
        let (pa, pb) = (eval(a), eval(b));
        let far = |t: f64| {
            let s = (t - a) / (b - a);
            let chord = pa + (pb - pa) * s;
            eval(t).distance2(chord) > tol * tol
        };
        if depth < 2 || (depth < MAX_DEPTH && (far(0.5 * (a + b)) || far(0.7 * a + 0.3 * b))) {
            let m = 0.5 * (a + b);
            stack.push((m, b, depth + 1));
            stack.push((a, m, depth + 1));
        } else {
            out.push(at(b));
        }
    }
    out
}

fn connect(vecs: impl IntoIterator<Item = Vec<Point2>>) -> Vec<Point2> {
    vecs.into_iter()
        .flat_map(|v| {
            let n = v.len().saturating_sub(1);
            v.into_iter().take(n)
        })
        .collect()
}

/// The face's closed loops in (u, v), outer ones counter-clockwise: wires that are open in (u, v)
/// (a cylinder's two circles) are closed along the parameter box, as truck does.
fn boundary_loops<S: TrimSurface>(
    pieces: Vec<Vec<Point2>>,
    surface: &S,
    tol: f64,
) -> Vec<Vec<Point2>> {
    let (mut closed, mut open) = (Vec::new(), Vec::new());
    for mut vec in pieces {
        if vec.len() < 2 {
            continue;
        }
        if vec[0].distance(vec[vec.len() - 1]) < 1.0e-3 {
            vec.pop();
            closed.push(vec);
        } else {
            open.push(vec);
        }
    }
    let line = |a: Point2, b: Point2| polyline_on_surface(surface, a, b, tol);
    // Loops wound against their surface happen (a bound flagged reversed by an exporter, read
    // as it says): as OpenCascade does, the loop that encloses the others is the outer one and
    // the others are holes, whatever their direction. Only where every loop is closed in
    // (u, v) and the surface is not closed both ways: there, one loop can bound either side.
    let doubly_closed = surface.u_period().is_some() && surface.v_period().is_some();
    if open.is_empty() && !doubly_closed && !closed.is_empty() {
        let areas: Vec<f64> = closed.iter().map(|c| signed_area(c)).collect();
        let mut outer = 0;
        for (i, a) in areas.iter().enumerate() {
            if a.abs() > areas[outer].abs() {
                outer = i;
            }
        }
        for (i, c) in closed.iter_mut().enumerate() {
            if (i == outer) != (areas[i] > 0.0) {
                c.reverse();
            }
        }
    }
    match open.len() {
        1 => {
            let mut curve = open.pop().unwrap_or_default();
            let p = curve[0];
            let q = curve[curve.len() - 1];
            if let (Some((u0, u1)), Some((v0, v1))) = surface.try_range_tuple() {
                let corners = if p.x < q.x - TOLERANCE {
                    Some((0, (u0, u1), Point2::new(u0, v1), Point2::new(u1, v1)))
                } else if q.x < p.x - TOLERANCE {
                    Some((0, (u0, u1), Point2::new(u1, v0), Point2::new(u0, v0)))
                } else if p.y < q.y - TOLERANCE {
                    Some((1, (v0, v1), Point2::new(u0, v0), Point2::new(u0, v1)))
                } else if q.y < p.y - TOLERANCE {
                    Some((1, (v0, v1), Point2::new(u1, v1), Point2::new(u1, v0)))
                } else {
                    None
                };
                if let Some((idx, range, x, y)) = corners {
                    normalize_range(&mut curve, idx, range);
                    let p = curve[0];
                    let q = curve[curve.len() - 1];
                    closed.push(connect([line(q, y), line(y, x), line(x, p), curve]));
                }
            }
        }
        2 => {
            let mut curve1 = open.pop().unwrap_or_default();
            let mut curve0 = open.pop().unwrap_or_default();
            let ends = |v: &[Point2]| (v[0], v[v.len() - 1]);
            let ((p0, p1), (q0, q1)) = (ends(&curve0), ends(&curve1));
            if !p0.x.near(&p1.x) && !q0.x.near(&q1.x) {
                if let (Some(urange), _) = surface.try_range_tuple() {
                    normalize_range(&mut curve0, 0, urange);
                    normalize_range(&mut curve1, 0, urange);
                }
            } else if !p0.y.near(&p1.y) && !q0.y.near(&q1.y) {
                if let (_, Some(vrange)) = surface.try_range_tuple() {
                    normalize_range(&mut curve0, 1, vrange);
                    normalize_range(&mut curve1, 1, vrange);
                }
            }
            let ((p0, p1), (q0, q1)) = (ends(&curve0), ends(&curve1));
            let (a, b) = (line(p1, q0), line(q1, p0));
            closed.push(connect([curve0, a, curve1, b]));
        }
        _ => {}
    }
    if !closed.iter().any(|c| loop_orientation(c)) {
        if let (Some((u0, u1)), Some((v0, v1))) = surface.try_range_tuple() {
            let p = [
                Point2::new(u0, v0),
                Point2::new(u1, v0),
                Point2::new(u1, v1),
                Point2::new(u0, v1),
            ];
            closed.push(connect([
                line(p[0], p[1]),
                line(p[1], p[2]),
                line(p[2], p[3]),
                line(p[3], p[0]),
            ]));
        }
    }
    closed
}

/// The loops' segments bucketed by u, for the winding number of a point (a vertical ray).
struct Region {
    segments: Vec<(Point2, Point2)>,
    u0: f64,
    width: f64,
    buckets: Vec<Vec<u32>>,
}

impl Region {
    fn new(loops: &[Vec<Point2>]) -> Self {
        let mut segments = Vec::new();
        for l in loops {
            let n = l.len();
            for i in 0..n {
                segments.push((l[i], l[(i + 1) % n]));
            }
        }
        let (mut u0, mut u1) = (f64::INFINITY, f64::NEG_INFINITY);
        for (a, b) in &segments {
            u0 = u0.min(a.x.min(b.x));
            u1 = u1.max(a.x.max(b.x));
        }
        let count = segments.len().clamp(1, 4096);
        let width = if u1 > u0 {
            (u1 - u0) / count as f64
        } else {
            1.0
        };
        let mut region = Region {
            segments,
            u0,
            width,
            buckets: vec![Vec::new(); count],
        };
        for (i, (a, b)) in region.segments.iter().enumerate() {
            let (lo, hi) = (region.bucket(a.x.min(b.x)), region.bucket(a.x.max(b.x)));
            for k in lo..=hi {
                region.buckets[k].push(i as u32);
            }
        }
        region
    }

    fn bucket(&self, u: f64) -> usize {
        let k = ((u - self.u0) / self.width).floor();
        if k.is_nan() || k < 0.0 {
            0
        } else {
            (k as usize).min(self.buckets.len() - 1)
        }
    }

    /// Whether `c` is inside: its winding number about the loops is positive.
    fn include(&self, c: Point2) -> bool {
        if !(c.x >= self.u0 && c.x <= self.u0 + self.width * self.buckets.len() as f64) {
            return false;
        }
        let mut winding = 0i32;
        for &i in &self.buckets[self.bucket(c.x)] {
            let (a, b) = self.segments[i as usize];
            if (a.x <= c.x) == (b.x <= c.x) {
                continue;
            }
            let y = a.y + (c.x - a.x) * (b.y - a.y) / (b.x - a.x);
            if y > c.y {
                winding += if b.x < a.x { 1 } else { -1 };
            }
        }
        winding > 0
    }

    /// Whether `c` is inside and not within `eps` of the boundary: a grid point on a boundary
    /// segment would split it, and the neighbouring face would not have that point.
    fn include_clear(&self, c: Point2, eps: f64) -> bool {
        if !self.include(c) {
            return false;
        }
        let (lo, hi) = (self.bucket(c.x - eps), self.bucket(c.x + eps));
        for k in lo..=hi {
            for &i in &self.buckets[k] {
                let (a, b) = self.segments[i as usize];
                let (ab, ac) = (b - a, c - a);
                let len2 = ab.x * ab.x + ab.y * ab.y;
                let t = if len2 > 0.0 {
                    ((ac.x * ab.x + ac.y * ab.y) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let (dx, dy) = (ac.x - ab.x * t, ac.y - ab.y * t);
                if dx * dx + dy * dy <= eps * eps {
                    return false;
                }
            }
        }
        true
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

/// Inserts the grid points strictly inside the parameter box and inside the loops, joined
/// along the grid lines where no boundary crosses.
fn insert_grid(udiv: &[f64], vdiv: &[f64], region: &Region, cdt: &mut Cdt) {
    if udiv.len() < 3 || vdiv.len() < 3 {
        return;
    }
    let size = (udiv[udiv.len() - 1] - udiv[0]).abs() + (vdiv[vdiv.len() - 1] - vdiv[0]).abs();
    let eps = 1e-9 * size;
    let inner_u = &udiv[1..udiv.len() - 1];
    let inner_v = &vdiv[1..vdiv.len() - 1];
    let rows: Vec<Vec<Option<FixedVertexHandle>>> = inner_u
        .iter()
        .map(|&u| {
            inner_v
                .iter()
                .map(|&v| {
                    let p = Point2::new(u, v);
                    if region.include_clear(p, eps) {
                        cdt.insert(SPoint2::new(u, v)).ok()
                    } else {
                        None
                    }
                })
                .collect()
        })
        .collect();
    for i in 0..rows.len() {
        for j in 0..rows[i].len() {
            let Some(x) = rows[i][j] else { continue };
            let right = if j + 1 < rows[i].len() {
                rows[i][j + 1]
            } else {
                None
            };
            let up = rows.get(i + 1).and_then(|r| r[j]);
            for y in [right, up].into_iter().flatten() {
                if cdt.can_add_constraint(x, y) {
                    cdt.add_constraint(x, y);
                }
            }
        }
    }
}

/// Divides the parameter box `urange × vrange` so that the surface between grid lines is
/// within `tol` of its chords: a u interval is halved where the surface along u bulges from the
/// chord at some grid v, a v interval likewise, and both where a cell's centre leaves the
/// bilinear patch of its corners. Refused past `max_points` grid points.
fn grid<S: TrimSurface>(
    surface: &S,
    urange: (f64, f64),
    vrange: (f64, f64),
    tol: f64,
    max_points: usize,
) -> Result<(Vec<f64>, Vec<f64>), FaceError> {
    let mut ud = vec![urange.0, 0.5 * (urange.0 + urange.1), urange.1];
    let mut vd = vec![vrange.0, 0.5 * (vrange.0 + vrange.1), vrange.1];
    if !(urange.0.is_finite()
        && urange.1.is_finite()
        && vrange.0.is_finite()
        && vrange.1.is_finite())
    {
        return Ok((ud, vd));
    }
    let tol2 = tol * tol;
    let far = |p: Point3, q: Point3| {
        let d = p.distance2(q);
        d.is_finite() && d > tol2
    };
    for _ in 0..MAX_DEPTH {
        let nodes: Vec<Vec<Point3>> = ud
            .iter()
            .map(|&u| vd.iter().map(|&v| surface.subs(u, v)).collect())
            .collect();
        let mut usplit = vec![false; ud.len() - 1];
        let mut vsplit = vec![false; vd.len() - 1];
        for i in 0..ud.len() - 1 {
            let um = 0.5 * (ud[i] + ud[i + 1]);
            for j in 0..vd.len() {
                let mid = surface.subs(um, vd[j]);
                let chord = nodes[i][j].midpoint(nodes[i + 1][j]);
                if far(mid, chord) {
                    usplit[i] = true;
                    break;
                }
            }
        }
        for j in 0..vd.len() - 1 {
            let vm = 0.5 * (vd[j] + vd[j + 1]);
            for i in 0..ud.len() {
                let mid = surface.subs(ud[i], vm);
                let chord = nodes[i][j].midpoint(nodes[i][j + 1]);
                if far(mid, chord) {
                    vsplit[j] = true;
                    break;
                }
            }
        }
        for i in 0..ud.len() - 1 {
            for j in 0..vd.len() - 1 {
                if usplit[i] || vsplit[j] {
                    continue;
                }
                let centre = surface.subs(0.5 * (ud[i] + ud[i + 1]), 0.5 * (vd[j] + vd[j + 1]));
                let n = [
                    nodes[i][j],
                    nodes[i + 1][j],
                    nodes[i][j + 1],
                    nodes[i + 1][j + 1],
                ];
                let bilinear = Point3::new(
                    0.25 * (n[0].x + n[1].x + n[2].x + n[3].x),
                    0.25 * (n[0].y + n[1].y + n[2].y + n[3].y),
                    0.25 * (n[0].z + n[1].z + n[2].z + n[3].z),
                );
                if far(centre, bilinear) {
                    usplit[i] = true;
                    vsplit[j] = true;
                }
            }
        }
        let (nu, nv) = (
            usplit.iter().filter(|s| **s).count(),
            vsplit.iter().filter(|s| **s).count(),
        );
        if nu == 0 && nv == 0 {
            break;
        }
        if (ud.len() + nu).saturating_mul(vd.len() + nv) > max_points {
            return Err(FaceError::TooFine);
        }
        ud = refine(&ud, &usplit);
        vd = refine(&vd, &vsplit);
    }
    Ok((ud, vd))
}

fn refine(div: &[f64], split: &[bool]) -> Vec<f64> {
    let mut out = Vec::with_capacity(div.len() * 2);
    out.push(div[0]);
    for i in 0..div.len() - 1 {
        if split[i] {
            out.push(0.5 * (div[i] + div[i + 1]));
        }
        out.push(div[i + 1]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winding_of_a_square_with_a_hole() {
        let sq = |a: f64, b: f64, ccw: bool| {
            let mut v = vec![
                Point2::new(a, a),
                Point2::new(b, a),
                Point2::new(b, b),
                Point2::new(a, b),
            ];
            if !ccw {
                v.reverse();
            }
            v
        };
        let r = Region::new(&[sq(0.0, 4.0, true), sq(1.0, 3.0, false)]);
        assert!(r.include(Point2::new(0.5, 0.5)));
        assert!(r.include(Point2::new(3.5, 2.0)));
        assert!(!r.include(Point2::new(2.0, 2.0)));
        assert!(!r.include(Point2::new(5.0, 2.0)));
        assert!(!r.include(Point2::new(2.0, -1.0)));
    }

    #[test]
    fn refine_halves_the_marked_intervals() {
        assert_eq!(
            refine(&[0.0, 1.0, 2.0], &[false, true]),
            vec![0.0, 1.0, 1.5, 2.0]
        );
    }
}
