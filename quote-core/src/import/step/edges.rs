//! The division of a solid's edges into points, once per edge, shared by the two faces it
//! bounds: bounded in depth, in points per solid and by the file's work budget.

use truck_meshalgo::prelude::*;

use super::relax::work_exhausted;
use super::work::{Exhausted, Work};
use super::{too_complex, unsupported, StepLimits};
use crate::QuoteError;

/// An edge's curve divided so that every chord is within `tol` of it; `points_left` counts down
/// the points the solid's edges may still take.
pub fn divide<C: ParametricCurve3D + BoundedCurve>(
    curve: &C,
    tol: f64,
    points_left: &mut usize,
    limits: &StepLimits,
    work: &mut Work,
) -> Result<Vec<Point3>, QuoteError> {
    divide_edge(curve, tol, points_left, work).map_err(|e| match e {
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

/// Divides a curve so that every chord is within `tol` of the curve at its middle and at its
/// quarters, with a bounded depth; a curve that evaluates to something not finite is refused.
fn divide_edge<C: ParametricCurve3D + BoundedCurve>(
    curve: &C,
    tol: f64,
    points_left: &mut usize,
    work: &mut Work,
) -> Result<Vec<Point3>, EdgeError> {
    let unbounded = EdgeError::Unfollowed("courbe non bornée");
    let (t0, t1) = curve.try_range_tuple().ok_or(unbounded)?;
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
