//! The parameter grid: the box of the boundary divided, each direction on its own, until the
//! surface between grid lines is within the chord tolerance, and its points inside the face
//! inserted into the triangulation.

use spade::handles::FixedVertexHandle;
use spade::Triangulation;
use truck_meshalgo::prelude::*;

use super::region::Region;
use super::{Cdt, FaceError, SPoint2, TrimSurface, Work, MAX_DEPTH};

/// Mean lengths of the surface's u and v derivatives over the box `lo..hi` (1 where not
/// defined): millimetres per unit of each parameter.
pub(super) fn metric_scale<S: TrimSurface>(surface: &S, lo: Point2, hi: Point2) -> (f64, f64) {
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

/// Inserts the grid points strictly inside the parameter box and inside the loops, joined
/// along the grid lines where no boundary crosses.
pub(super) fn insert_grid(udiv: &[f64], vdiv: &[f64], region: &Region, cdt: &mut Cdt) {
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
/// bilinear patch of its corners. Refused past `max_points` grid points, or when `work` runs out.
pub(super) fn grid<S: TrimSurface>(
    surface: &S,
    urange: (f64, f64),
    vrange: (f64, f64),
    tol: f64,
    max_points: usize,
    work: &mut Work,
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
        // Each node, the middles of its two intervals and its cell's centre, at most.
        work.evaluations(4 * ud.len() * vd.len())?;
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
    fn refine_halves_the_marked_intervals() {
        assert_eq!(
            refine(&[0.0, 1.0, 2.0], &[false, true]),
            vec![0.0, 1.0, 1.5, 2.0]
        );
    }
}
