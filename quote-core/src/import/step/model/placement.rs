//! Placements: affine maps from a local frame to its context, read from AXIS2_PLACEMENT_3D and
//! CARTESIAN_TRANSFORMATION_OPERATOR entities.

use super::{as_list, as_real, as_ref, params, Model};

/// An affine map `p -> m p + t`, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Affine {
    /// Rows of the linear part.
    pub m: [[f64; 3]; 3],
    /// Translation, mm.
    pub t: [f64; 3],
}

impl Affine {
    pub const IDENTITY: Affine = Affine {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        t: [0.0; 3],
    };

    pub fn apply(&self, p: [f64; 3]) -> [f64; 3] {
        let mut out = self.t;
        for (r, o) in out.iter_mut().enumerate() {
            *o += self.m[r][0] * p[0] + self.m[r][1] * p[1] + self.m[r][2] * p[2];
        }
        out
    }

    /// `self ∘ other`: applies `other` first.
    pub fn then_after(&self, other: &Affine) -> Affine {
        let mut m = [[0.0; 3]; 3];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = self.m[r][0] * other.m[0][c]
                    + self.m[r][1] * other.m[1][c]
                    + self.m[r][2] * other.m[2][c];
            }
        }
        let t = self.apply(other.t);
        Affine { m, t }
    }

    /// The inverse of a rigid placement (orthonormal linear part).
    pub fn rigid_inverse(&self) -> Affine {
        let mut m = [[0.0; 3]; 3];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = self.m[c][r];
            }
        }
        let neg = Affine { m, t: [0.0; 3] }.apply(self.t);
        Affine {
            m,
            t: [-neg[0], -neg[1], -neg[2]],
        }
    }

    /// Whether the linear part reverses orientation (a mirror).
    pub fn mirrors(&self) -> bool {
        let m = &self.m;
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        det < 0.0
    }
}

impl<'a> Model<'a> {
    /// The AXIS2_PLACEMENT_3D entities without a reference direction whose axis is along x:
    /// the default reference direction (x) is then parallel to the axis, and truck's frame
    /// comes out NaN. The placement's (u, v) orientation does not change the geometry.
    pub fn placements_without_usable_ref(&self) -> Vec<u64> {
        self.all("AXIS2_PLACEMENT_3D")
            .filter(|(_, r)| {
                let p = params(r);
                p.get(3).and_then(as_ref).is_none()
                    && p.get(2)
                        .and_then(as_ref)
                        .and_then(|d| self.direction(d))
                        .is_some_and(|z| z[0].abs() > 1.0 - 1e-9)
            })
            .map(|(id, _)| id)
            .collect()
    }

    pub(super) fn point(&self, id: u64) -> Option<[f64; 3]> {
        let r = self.record(id, "CARTESIAN_POINT")?;
        let c = params(r).get(1).and_then(as_list)?;
        let mut p = [0.0; 3];
        for (i, v) in c.iter().take(3).enumerate() {
            p[i] = as_real(v)?;
        }
        Some(p)
    }

    fn direction(&self, id: u64) -> Option<[f64; 3]> {
        let r = self.record(id, "DIRECTION")?;
        let c = params(r).get(1).and_then(as_list)?;
        let mut p = [0.0; 3];
        for (i, v) in c.iter().take(3).enumerate() {
            p[i] = as_real(v)?;
        }
        let n = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
        (n > 1e-12 && n.is_finite()).then(|| [p[0] / n, p[1] / n, p[2] / n])
    }

    /// An AXIS2_PLACEMENT_3D or CARTESIAN_TRANSFORMATION_OPERATOR_3D as a map from its local
    /// frame to its context, origin scaled by `unit_mm`.
    pub(super) fn placement(&self, id: u64, unit_mm: f64) -> Option<Affine> {
        if let Some(r) = self.record(id, "AXIS2_PLACEMENT_3D") {
            let p = params(r);
            let o = self.point(p.get(1).and_then(as_ref)?)?;
            let z = p.get(2).and_then(as_ref).and_then(|d| self.direction(d));
            let x = p.get(3).and_then(as_ref).and_then(|d| self.direction(d));
            let (x, y, z) = frame(z.unwrap_or([0.0, 0.0, 1.0]), x);
            return Some(Affine {
                m: [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]],
                t: [o[0] * unit_mm, o[1] * unit_mm, o[2] * unit_mm],
            });
        }
        let r = self.record(id, "CARTESIAN_TRANSFORMATION_OPERATOR")?;
        // CARTESIAN_TRANSFORMATION_OPERATOR(name, description, axis1, axis2, local_origin,
        // scale) with the 3D subtype's axis3 in its own record.
        let p = params(r);
        let n = p.len();
        if n < 4 {
            return None;
        }
        let (a1, a2, o, s) = (&p[n - 4], &p[n - 3], &p[n - 2], &p[n - 1]);
        let a3 = self
            .record(id, "CARTESIAN_TRANSFORMATION_OPERATOR_3D")
            .and_then(|r| params(r).last())
            .and_then(as_ref)
            .and_then(|d| self.direction(d));
        let o = self.point(as_ref(o)?)?;
        let scale = as_real(s).unwrap_or(1.0);
        if !(scale.is_finite() && scale > 0.0) {
            return None;
        }
        let x = as_ref(a1).and_then(|d| self.direction(d));
        let z = a3.unwrap_or([0.0, 0.0, 1.0]);
        let _ = a2;
        let (x, y, z) = frame(z, x);
        Some(Affine {
            m: [
                [x[0] * scale, y[0] * scale, z[0] * scale],
                [x[1] * scale, y[1] * scale, z[1] * scale],
                [x[2] * scale, y[2] * scale, z[2] * scale],
            ],
            t: [o[0] * unit_mm, o[1] * unit_mm, o[2] * unit_mm],
        })
    }
}

/// An orthonormal frame from an axis and an approximate x direction.
fn frame(z: [f64; 3], x: Option<[f64; 3]>) -> ([f64; 3], [f64; 3], [f64; 3]) {
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let norm = |a: [f64; 3]| {
        let n = dot(a, a).sqrt();
        [a[0] / n, a[1] / n, a[2] / n]
    };
    let mut xd = x.unwrap_or([1.0, 0.0, 0.0]);
    let mut d = dot(xd, z);
    let mut proj = [xd[0] - d * z[0], xd[1] - d * z[1], xd[2] - d * z[2]];
    if dot(proj, proj) < 1e-20 {
        // x along z: any perpendicular will do.
        xd = if z[0].abs() < 0.9 {
            [1.0, 0.0, 0.0]
        } else {
            [0.0, 1.0, 0.0]
        };
        d = dot(xd, z);
        proj = [xd[0] - d * z[0], xd[1] - d * z[1], xd[2] - d * z[2]];
    }
    let x = norm(proj);
    let y = cross(z, x);
    (x, y, z)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rigid_inverse_undoes_a_placement() {
        let (x, y, z) = frame([0.0, 0.0, 1.0], Some([0.0, 1.0, 0.0]));
        let a = Affine {
            m: [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]],
            t: [5.0, -2.0, 3.0],
        };
        let p = [1.0, 2.0, 3.0];
        let q = a.rigid_inverse().apply(a.apply(p));
        for i in 0..3 {
            assert!((q[i] - p[i]).abs() < 1e-12);
        }
        assert_eq!(a.apply([1.0, 0.0, 0.0]), [5.0, -1.0, 3.0]);
        assert!(!a.mirrors());
    }
}
