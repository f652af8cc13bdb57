//! The work budget of one STEP file: the tessellation's points evaluated on curves and surfaces,
//! boundary points searched on their surface, points inserted into triangulations and triangles
//! examined by the refinement, counted across the whole file rather than timed, so that every
//! file ends after the same bounded work, natively and in WebAssembly.
//!
//! A unit is about 32 multiply-adds (a few tens of nanoseconds natively): an evaluation of a
//! plane or a cylinder costs 2, one of a B-spline surface more the larger its control net and
//! knot vectors (truck sums over the whole net), a search without a starting point truck's
//! sampling of the whole surface. Measured on the corpus, a unit takes 0.03 to 0.1 µs.

use truck_stepio::r#in::alias::{BSplineSurface, Surface};

/// Units of a point inserted into a face's triangulation.
pub const INSERTION: u64 = 8;
/// Evaluations of a successful Newton search of a point's parameters (a few iterations, each
/// evaluating the surface and its first and second derivatives).
const NEWTON_FOUND: u64 = 30;
/// Evaluations of a failed one (truck's 100 iterations).
const NEWTON_FAILED: u64 = 600;

/// What evaluating one face's surface costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurfaceCost {
    /// Units of one evaluation.
    pub evaluation: u64,
    /// Evaluations truck samples to start a search without a starting point (51 × 51 on a
    /// B-spline surface, 51 along a swept curve's profile).
    pub presearch: u64,
}

impl SurfaceCost {
    /// A plane, a cylinder, a cone, a sphere or a torus.
    pub const ELEMENTARY: SurfaceCost = SurfaceCost {
        evaluation: 2,
        presearch: 51,
    };

    /// What evaluating one of truck's surfaces costs.
    pub fn of(surface: &Surface) -> SurfaceCost {
        fn spline<P>(s: &BSplineSurface<P>) -> SurfaceCost {
            let net = s.control_points().iter().map(Vec::len).sum();
            let (du, dv) = s.degrees();
            let basis = s.uknot_vec().len() * (du + 1) + s.vknot_vec().len() * (dv + 1);
            SurfaceCost::spline(net, basis)
        }
        match surface {
            Surface::BSplineSurface(s) => spline(s),
            Surface::NurbsSurface(s) => spline(s.non_rationalized()),
            Surface::ElementarySurface(_) | Surface::SweptCurve(_) => SurfaceCost::ELEMENTARY,
        }
    }

    /// A B-spline or NURBS surface of `net` control points whose basis functions take `basis`
    /// steps (knots times degree plus one, both directions): about 32 multiply-adds a unit.
    pub fn spline(net: usize, basis: usize) -> SurfaceCost {
        SurfaceCost {
            evaluation: (net.saturating_add(basis) as u64).div_ceil(32).max(1),
            presearch: 51 * 51,
        }
    }
}

/// The work units left for the file, and the cost of the face being meshed.
#[derive(Debug, Clone)]
pub struct Work {
    limit: u64,
    left: u64,
    surface: SurfaceCost,
}

/// The file's budget ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exhausted;

impl Work {
    pub fn new(limit: u64) -> Self {
        Work {
            limit,
            left: limit,
            surface: SurfaceCost::ELEMENTARY,
        }
    }

    /// The surface whose evaluations are counted next.
    pub fn set_surface(&mut self, surface: SurfaceCost) {
        self.surface = surface;
    }

    /// Spends `units`, or fails (spending what was left) when fewer are left.
    #[inline]
    pub fn spend(&mut self, units: u64) -> Result<(), Exhausted> {
        match self.left.checked_sub(units) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => {
                self.left = 0;
                Err(Exhausted)
            }
        }
    }

    /// `count` operations of `each` units.
    #[inline]
    pub fn spend_n(&mut self, count: usize, each: u64) -> Result<(), Exhausted> {
        self.spend((count as u64).saturating_mul(each))
    }

    /// `count` evaluations of the current surface.
    #[inline]
    pub fn evaluations(&mut self, count: usize) -> Result<(), Exhausted> {
        self.spend_n(count, self.surface.evaluation)
    }

    /// One search of a point's parameters on the current surface, from a starting point or
    /// not, that found it or not.
    pub fn search(&mut self, from_hint: bool, found: bool) -> Result<(), Exhausted> {
        let presearch = if from_hint { 0 } else { self.surface.presearch };
        let newton = if found { NEWTON_FOUND } else { NEWTON_FAILED };
        self.spend((presearch + newton).saturating_mul(self.surface.evaluation))
    }

    /// The units spent so far.
    pub fn spent(&self) -> u64 {
        self.limit - self.left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spending_past_the_limit_fails_and_leaves_nothing() {
        let mut w = Work::new(10);
        assert_eq!(w.spend(4), Ok(()));
        assert_eq!(w.spend_n(3, 2), Ok(()));
        assert_eq!(w.spent(), 10);
        assert_eq!(w.spend(1), Err(Exhausted));
        let mut w = Work::new(10);
        assert_eq!(w.spend_n(usize::MAX, u64::MAX), Err(Exhausted));
        assert_eq!(w.spent(), 10);
    }

    #[test]
    fn a_surface_costs_by_its_net_and_a_search_by_its_start() {
        let mut w = Work::new(u64::MAX);
        // A bicubic patch: 16 control points, 8 knots of degree 3 each way.
        assert_eq!(SurfaceCost::spline(16, 64).evaluation, 3);
        assert_eq!(SurfaceCost::spline(0, 0).evaluation, 1);
        // 100 control points and 28 basis steps: 128 multiply-adds.
        w.set_surface(SurfaceCost::spline(100, 28));
        w.evaluations(10).unwrap();
        assert_eq!(w.spent(), 40);
        w.search(true, true).unwrap();
        assert_eq!(w.spent(), 40 + 30 * 4);
        w.search(false, false).unwrap();
        assert_eq!(w.spent(), 40 + 30 * 4 + (2601 + 600) * 4);
    }
}
