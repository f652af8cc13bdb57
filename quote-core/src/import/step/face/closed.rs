//! Surfaces closed in a direction without saying so: a B-spline surface whose first and last
//! rows of control points coincide (a dome, a tube written as one spline) is closed in that
//! direction, but truck gives it no period, so that a loop crossing its seam was mapped into
//! (u, v) as if the surface ended there, and the face was meshed on the wrong side of its loop.
//! Such a surface is meshed through [`Closed`], which gives it the period of its parameter range
//! and evaluates it with each parameter brought back into that range.

use truck_meshalgo::prelude::*;

use super::{TrimSurface, Work};
use crate::import::step::work::Exhausted;

/// The periods of a surface in u and v (`None`: not periodic that way).
pub(super) type Periods = (Option<f64>, Option<f64>);

/// A surface's parameter ranges in u and v.
pub type Domain = ((f64, f64), (f64, f64));

/// Samples along the seam where the two ends must meet.
const SEAM_SAMPLES: usize = 9;

/// The periods a surface is closed with: truck's own, or, where truck gives none, the length of
/// the parameter range in a direction whose two ends are the same curve on the surface (within
/// `tol`, and not a single point). `None` when neither direction is closed anew. `domain`, when
/// given, is where the surface is defined (a B-spline's knots between its degree's first and
/// last: truck's range of a periodic B-spline written unclamped runs past it).
pub(super) fn closed_periods<S: TrimSurface>(
    surface: &S,
    domain: Option<Domain>,
    tol: f64,
    work: &mut Work,
) -> Result<Option<Periods>, Exhausted> {
    let (urange, vrange) = match domain {
        Some((u, v)) => (Some(u), Some(v)),
        None => surface.try_range_tuple(),
    };
    let (up, vp) = (surface.u_period(), surface.v_period());
    let finite = |r: Option<(f64, f64)>| r.filter(|(a, b)| a.is_finite() && b.is_finite() && a < b);
    let (Some((u0, u1)), Some((v0, v1))) = (finite(urange), finite(vrange)) else {
        return Ok(None);
    };
    let mut new_up = None;
    let mut new_vp = None;
    if up.is_none() {
        work.evaluations(2 * SEAM_SAMPLES)?;
        if ends_meet(
            |t| surface.subs(u0, t),
            |t| surface.subs(u1, t),
            (v0, v1),
            tol,
        ) {
            new_up = Some(u1 - u0);
        }
    }
    if vp.is_none() {
        work.evaluations(2 * SEAM_SAMPLES)?;
        if ends_meet(
            |t| surface.subs(t, v0),
            |t| surface.subs(t, v1),
            (u0, u1),
            tol,
        ) {
            new_vp = Some(v1 - v0);
        }
    }
    if new_up.is_none() && new_vp.is_none() {
        return Ok(None);
    }
    Ok(Some((up.or(new_up), vp.or(new_vp))))
}

/// Whether two curves of the surface are the same over `(t0, t1)` (within `tol` at every
/// sample) and not a point (their samples spread beyond `tol`).
fn ends_meet(
    a: impl Fn(f64) -> Point3,
    b: impl Fn(f64) -> Point3,
    (t0, t1): (f64, f64),
    tol: f64,
) -> bool {
    let mut spread = 0.0f64;
    let first = a(t0);
    for i in 0..SEAM_SAMPLES {
        let t = t0 + (t1 - t0) * i as f64 / (SEAM_SAMPLES - 1) as f64;
        let (p, q) = (a(t), b(t));
        // Not within tol, or not a number.
        let within = matches!(
            p.distance2(q).partial_cmp(&(tol * tol)),
            Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
        );
        if !within {
            return false;
        }
        spread = spread.max(p.distance(first));
    }
    spread > tol
}

/// A surface seen as periodic with the given periods: evaluated with its parameters brought
/// back into its range, searched for as itself.
#[derive(Clone)]
pub(super) struct Closed<'a, S> {
    surface: &'a S,
    up: Option<f64>,
    vp: Option<f64>,
    u0: f64,
    v0: f64,
    domain: Option<Domain>,
}

impl<'a, S: TrimSurface> Closed<'a, S> {
    pub(super) fn new(surface: &'a S, (up, vp): Periods, domain: Option<Domain>) -> Self {
        let (urange, vrange) = match domain {
            Some((u, v)) => (Some(u), Some(v)),
            None => surface.try_range_tuple(),
        };
        Closed {
            surface,
            up,
            vp,
            u0: urange.map_or(0.0, |r| r.0),
            v0: vrange.map_or(0.0, |r| r.0),
            domain,
        }
    }

    /// The parameters brought back into the range where the surface is periodic anew; a value
    /// already within it (the range's end included) is left as it is.
    fn wrap(&self, u: f64, v: f64) -> (f64, f64) {
        let w = |x: f64, x0: f64, p: Option<f64>| match p {
            Some(p) if p > 0.0 && x.is_finite() && (x < x0 || x > x0 + p) => {
                x0 + (x - x0).rem_euclid(p)
            }
            _ => x,
        };
        (w(u, self.u0, self.up), w(v, self.v0, self.vp))
    }
}

impl<S: TrimSurface> ParametricSurface for Closed<'_, S> {
    type Point = Point3;
    type Vector = Vector3;
    fn subs(&self, u: f64, v: f64) -> Point3 {
        let (u, v) = self.wrap(u, v);
        self.surface.subs(u, v)
    }
    fn uder(&self, u: f64, v: f64) -> Vector3 {
        let (u, v) = self.wrap(u, v);
        self.surface.uder(u, v)
    }
    fn vder(&self, u: f64, v: f64) -> Vector3 {
        let (u, v) = self.wrap(u, v);
        self.surface.vder(u, v)
    }
    fn uuder(&self, u: f64, v: f64) -> Vector3 {
        let (u, v) = self.wrap(u, v);
        self.surface.uuder(u, v)
    }
    fn uvder(&self, u: f64, v: f64) -> Vector3 {
        let (u, v) = self.wrap(u, v);
        self.surface.uvder(u, v)
    }
    fn vvder(&self, u: f64, v: f64) -> Vector3 {
        let (u, v) = self.wrap(u, v);
        self.surface.vvder(u, v)
    }
    fn parameter_range(&self) -> (ParameterRange, ParameterRange) {
        use std::ops::Bound::Included;
        match self.domain {
            Some(((u0, u1), (v0, v1))) => {
                ((Included(u0), Included(u1)), (Included(v0), Included(v1)))
            }
            None => self.surface.parameter_range(),
        }
    }
    fn u_period(&self) -> Option<f64> {
        self.up
    }
    fn v_period(&self) -> Option<f64> {
        self.vp
    }
}

impl<S: TrimSurface> ParametricSurface3D for Closed<'_, S> {
    fn normal(&self, u: f64, v: f64) -> Vector3 {
        let (u, v) = self.wrap(u, v);
        self.surface.normal(u, v)
    }
}

impl<S: TrimSurface> SearchParameter<D2> for Closed<'_, S> {
    type Point = Point3;
    fn search_parameter<H: Into<SPHint2D>>(
        &self,
        point: Point3,
        hint: H,
        trials: usize,
    ) -> Option<(f64, f64)> {
        let hint = match hint.into() {
            SPHint2D::Parameter(u, v) => {
                let (u, v) = self.wrap(u, v);
                SPHint2D::Parameter(u, v)
            }
            h => h,
        };
        self.surface.search_parameter(point, hint, trials)
    }
}

impl<S: TrimSurface> SearchNearestParameter<D2> for Closed<'_, S> {
    type Point = Point3;
    fn search_nearest_parameter<H: Into<SPHint2D>>(
        &self,
        point: Point3,
        hint: H,
        trials: usize,
    ) -> Option<(f64, f64)> {
        let hint = match hint.into() {
            SPHint2D::Parameter(u, v) => {
                let (u, v) = self.wrap(u, v);
                SPHint2D::Parameter(u, v)
            }
            h => h,
        };
        self.surface.search_nearest_parameter(point, hint, trials)
    }
}
