//! The division of a solid's edges into points, once per edge, shared by the two faces it
//! bounds: bounded in depth, in points per solid and by the file's work budget.

use truck_meshalgo::prelude::*;

use super::relax::work_exhausted;
use super::work::{Exhausted, Work};
use super::{too_complex, unsupported, StepLimits};
use crate::QuoteError;

/// An edge's curve between its two vertices (when known), divided so that every chord is within
/// `tol` of it; `points_left` counts down the points the solid's edges may still take.
pub fn divide<C>(
    curve: &C,
    ends: Option<(Point3, Point3)>,
    tol: f64,
    points_left: &mut usize,
    limits: &StepLimits,
    work: &mut Work,
) -> Result<Vec<Point3>, QuoteError>
where
    C: ParametricCurve3D + BoundedCurve + SearchNearestParameter<D1, Point = Point3>,
{
    let divided = trimmed_ranges(curve, ends, tol, work).and_then(|(ranges, trimmed)| {
        let mut out: Vec<Point3> = Vec::new();
        for range in ranges {
            let piece = divide_edge(curve, range, tol, points_left, work)?;
            // A piece starts where the one before it ends (a closed curve's end and start).
            let skip = usize::from(!out.is_empty());
            out.extend(piece.into_iter().skip(skip));
        }
        // A trimmed edge ends at its vertices, where the neighbouring edges end (the vertex
        // can lie off the curve by the file's modelling tolerance).
        if let (true, Some((front, back)), 2..) = (trimmed, ends, out.len()) {
            let last = out.len() - 1;
            out[0] = front;
            out[last] = back;
        }
        Ok(out)
    });
    divided.map_err(|e| match e {
        EdgeError::TooManyPoints => too_complex(format!(
            "plus de {} points sur les arêtes",
            crate::fr_int(limits.max_edge_points as u64)
        )),
        EdgeError::Exhausted => work_exhausted(limits),
        EdgeError::Unfollowed(why) => unsupported(format!(
            "une arête que le moteur ne sait pas suivre ({why})"
        )),
    })
}

/// Deepest halving of an edge's parameter range (2^12 segments at most per edge).
const MAX_EDGE_DEPTH: u32 = 12;

/// Why an edge was not divided.
enum EdgeError {
    /// The curve cannot be followed (why, in French).
    Unfollowed(&'static str),
    /// The solid's edges need more points than the cap.
    TooManyPoints,
    /// The file's work budget ran out.
    Exhausted,
}

impl From<Exhausted> for EdgeError {
    fn from(_: Exhausted) -> Self {
        EdgeError::Exhausted
    }
}

/// How far from its curve, in chord tolerances, an edge's vertex may lie (the file's modelling
/// tolerance; a few hundredths of a millimetre in files written in inches).
const VERTEX_GAP: f64 = 10.0;

/// Work units of one search of a point's parameter on a curve: truck's presearch over the
/// curve's division, then Newton's steps.
const CURVE_SEARCH: u64 = 150;

/// The parameter ranges of the curve an edge covers, in order. truck gives an edge on a B-spline
/// curve the whole curve, whatever its vertices: an edge that uses only part of its curve (its
/// vertices inside the curve's range) then ran past its vertices, the faces on either side of it
/// did not meet, and their loops crossed themselves. The edge runs from the parameter of its
/// front vertex to that of its back vertex (the curve is already turned the edge's way); across
/// the seam of a closed curve, in two pieces. The whole curve where its ends are the vertices,
/// or where a vertex is not found on it (within [`VERTEX_GAP`] times the tolerance); with
/// whether the curve was trimmed.
fn trimmed_ranges<C>(
    curve: &C,
    ends: Option<(Point3, Point3)>,
    tol: f64,
    work: &mut Work,
) -> Result<(Vec<(f64, f64)>, bool), EdgeError>
where
    C: ParametricCurve3D + BoundedCurve + SearchNearestParameter<D1, Point = Point3>,
{
    let (t0, t1) = curve
        .try_range_tuple()
        .filter(|(a, b)| a.is_finite() && b.is_finite())
        .ok_or(EdgeError::Unfollowed("courbe non bornée"))?;
    let whole = (vec![(t0, t1)], false);
    let Some((front, back)) = ends else {
        return Ok(whole);
    };
    let (start, end) = (curve.subs(t0), curve.subs(t1));
    let near = |p: Point3, q: Point3| p.distance2(q) <= tol * tol;
    let gap = VERTEX_GAP * tol;
    if near(front, back) {
        // A closed edge goes once round its closed curve from its vertex back to it: where the
        // vertex is not the curve's start (a B-spline loop where two cylinders meet, written from
        // another point), the curve is run from the vertex's parameter, across its seam. Run
        // from its start, the edge's polyline left the vertex for the curve's start and came
        // back from the curve's end: the face bounded by the edge and another edge at the
        // vertex took two chords across it, its neighbour on the other side did not, and both
        // were left open there.
        if near(start, front) || !near(start, end) {
            return Ok(whole);
        }
        work.spend(CURVE_SEARCH)?;
        let at = curve
            .search_nearest_parameter(front, None, 100)
            .filter(|t| t0 < *t && *t < t1 && curve.subs(*t).distance(front) <= gap);
        return Ok(match at {
            Some(t) => (vec![(t, t1), (t0, t)], true),
            None => whole,
        });
    }
    if near(start, front) && near(end, back) {
        return Ok(whole);
    }
    let mut find = |p: Point3, at_end: Point3, t_end: f64| -> Result<Option<f64>, EdgeError> {
        if near(p, at_end) {
            return Ok(Some(t_end));
        }
        work.spend(CURVE_SEARCH)?;
        Ok(curve
            .search_nearest_parameter(p, None, 100)
            .filter(|t| t.is_finite() && curve.subs(*t).distance(p) <= gap))
    };
    let (Some(ta), Some(tb)) = (find(front, start, t0)?, find(back, end, t1)?) else {
        return Ok(whole);
    };
    if ta < tb {
        Ok((vec![(ta, tb)], true))
    } else if near(start, end) && ta > tb {
        Ok((vec![(ta, t1), (t0, tb)], true))
    } else {
        Ok(whole)
    }
}

/// Divides a curve over `(t0, t1)` so that every chord is within `tol` of the curve at its
/// middle and at its quarters, with a bounded depth; a curve that evaluates to something not
/// finite is refused.
fn divide_edge<C: ParametricCurve3D + BoundedCurve>(
    curve: &C,
    (t0, t1): (f64, f64),
    tol: f64,
    points_left: &mut usize,
    work: &mut Work,
) -> Result<Vec<Point3>, EdgeError> {
    if !(t0.is_finite() && t1.is_finite()) {
        return Err(EdgeError::Unfollowed("courbe non bornée"));
    }
    let finite = |p: Point3| p.x.is_finite() && p.y.is_finite() && p.z.is_finite();
    let mut out = vec![curve.subs(t0)];
    // Depth-first over (start, end, depth), right half pushed first.
    let mut stack = vec![(t0, t1, 0u32)];
    while let Some((a, b, depth)) = stack.pop() {
        // The ends and up to three points between them.
        work.spend(5)?;
        let (pa, pb) = (curve.subs(a), curve.subs(b));
        if !finite(pa) || !finite(pb) {
            return Err(EdgeError::Unfollowed("courbe qui ne s'évalue pas"));
        }
        let far = |t: f64| {
            let s = (t - a) / (b - a);
            let chord = pa + (pb - pa) * s;
            let p = curve.subs(t);
            !finite(p) || p.distance2(chord) > tol * tol
        };
        let split = depth < 2
            || (depth < MAX_EDGE_DEPTH
                && (far(0.5 * (a + b)) || far(0.75 * a + 0.25 * b) || far(0.25 * a + 0.75 * b)));
        if split {
            let m = 0.5 * (a + b);
            stack.push((m, b, depth + 1));
            stack.push((a, m, depth + 1));
        } else {
            if *points_left == 0 {
                return Err(EdgeError::TooManyPoints);
            }
            *points_left -= 1;
            out.push(pb);
        }
    }
    Ok(out)
}
