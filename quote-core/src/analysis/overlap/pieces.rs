//! One triangle cut into convex pieces that no other body's surface crosses, and what a piece
//! lying on another body's face keeps.

use super::near::Scene;
use super::Budget;
use crate::analysis::volume::{area_vector, cross, dot, sub};
use crate::Mesh;

/// Pieces one triangle may be cut into; past it the budget is spent (a pathological file).
const MAX_PIECES: usize = 4096;
/// Two faces are parallel when the sine of their angle is under this.
const PARALLEL_SINE: f64 = 1e-9;

/// A plane `dot(n, p) = d`.
#[derive(Debug, Clone, Copy)]
struct Plane {
    n: [f64; 3],
    d: f64,
}

/// The triangles of other bodies lying in the cut triangle's plane.
struct Flat {
    body: u32,
    corners: [[f64; 3]; 3],
    same: bool,
}

/// How one triangle is cut.
pub(super) struct Cut {
    normal: [f64; 3],
    planes: Vec<Plane>,
    flats: Vec<Flat>,
}

/// Signed distances (times `|n|`) of the corners to the plane through `p` of normal `n`.
fn sides(n: [f64; 3], p: [f64; 3], corners: &[[f64; 3]; 3]) -> [f64; 3] {
    corners.map(|c| dot(n, sub(c, p)))
}

fn straddles(s: [f64; 3]) -> bool {
    s.iter().any(|&x| x < 0.0) && s.iter().any(|&x| x > 0.0)
}

/// Whether a triangle reaches the plane (touches or crosses it).
fn reaches(s: [f64; 3]) -> bool {
    !(s.iter().all(|&x| x > 0.0) || s.iter().all(|&x| x < 0.0))
}

impl Cut {
    /// The planes that cut triangle `t`: those of the candidates (active indices of `scene`)
    /// that cross it, and those through the edges of the candidates lying in its plane
    /// (within `pad`, a billionth of the scene's diagonal).
    pub fn new(mesh: &Mesh, t: usize, candidates: &[u32], scene: &Scene, pad: f64) -> Cut {
        let tc = mesh.corners(t);
        let normal = area_vector(tc);
        let len = dot(normal, normal).sqrt();
        let mut cut = Cut {
            normal,
            planes: Vec::new(),
            flats: Vec::new(),
        };
        for &j in candidates {
            let u = scene.active[j as usize] as usize;
            let uc = mesh.corners(u);
            let un = area_vector(uc);
            let ulen = dot(un, un).sqrt();
            let su = sides(normal, tc[0], &uc);
            let parallel = {
                let c = cross(normal, un);
                dot(c, c).sqrt() <= PARALLEL_SINE * len * ulen
            };
            if parallel && su.iter().all(|&s| s.abs() <= pad * len) {
                for k in 0..3 {
                    let (a, b) = (uc[k], uc[(k + 1) % 3]);
                    let n = cross(normal, sub(b, a));
                    if straddles(sides(n, a, &tc)) {
                        cut.planes.push(Plane { n, d: dot(n, a) });
                    }
                }
                cut.flats.push(Flat {
                    body: scene.body(u),
                    corners: uc,
                    same: dot(normal, un) > 0.0,
                });
            } else if reaches(su) && straddles(sides(un, uc[0], &tc)) {
                // Reaching the plane is enough: a surface may cross it along an edge lying in
                // it, and neither triangle of that edge then straddles the plane.
                cut.planes.push(Plane {
                    n: un,
                    d: dot(un, uc[0]),
                });
            }
        }
        cut
    }

    /// The triangle's convex pieces (its corners when nothing cuts it).
    pub fn pieces(&self, tc: [[f64; 3]; 3], budget: &mut Budget) -> Option<Vec<Vec<[f64; 3]>>> {
        let mut pieces = vec![tc.to_vec()];
        for p in &self.planes {
            budget.spend(pieces.len())?;
            let mut next = Vec::with_capacity(pieces.len() + 1);
            for poly in pieces {
                let s: Vec<f64> = poly.iter().map(|&v| dot(p.n, v) - p.d).collect();
                if s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0) {
                    next.push(poly);
                    continue;
                }
                let (mut above, mut below) = (Vec::new(), Vec::new());
                for i in 0..poly.len() {
                    let j = (i + 1) % poly.len();
                    let (a, b, sa, sb) = (poly[i], poly[j], s[i], s[j]);
                    if sa >= 0.0 {
                        above.push(a);
                    }
                    if sa <= 0.0 {
                        below.push(a);
                    }
                    if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
                        let f = sa / (sa - sb);
                        let x = [0, 1, 2].map(|k| a[k] + f * (b[k] - a[k]));
                        above.push(x);
                        below.push(x);
                    }
                }
                next.extend([above, below].into_iter().filter(|q| q.len() >= 3));
            }
            if next.len() > MAX_PIECES {
                return None;
            }
            pieces = next;
        }
        Some(pieces)
    }

    /// When point `c` of the triangle lies on a face of body `body` in its plane: whether that
    /// face has the same orientation.
    pub fn on_face_of(&self, c: [f64; 3], body: usize) -> Option<bool> {
        self.flats
            .iter()
            .filter(|f| f.body as usize == body)
            .find(|f| {
                let s = [0, 1, 2].map(|k| {
                    let (a, b) = (f.corners[k], f.corners[(k + 1) % 3]);
                    dot(cross(sub(b, a), sub(c, a)), self.normal)
                });
                s.iter().all(|&x| x > 0.0) || s.iter().all(|&x| x < 0.0)
            })
            .map(|f| f.same)
    }
}

/// The vertex average of a convex polygon (inside it).
pub(super) fn centroid(poly: &[[f64; 3]]) -> [f64; 3] {
    let mut c = [0.0; 3];
    for p in poly {
        for k in 0..3 {
            c[k] += p[k];
        }
    }
    c.map(|x| x / poly.len() as f64)
}

/// A convex polygon's determinant sum about the origin (six times its signed volume
/// contribution) and its area, fanned from its first corner.
pub(super) fn measure(poly: &[[f64; 3]]) -> (f64, f64) {
    let mut det = 0.0;
    let mut n = [0.0; 3];
    for w in 1..poly.len() - 1 {
        let v = area_vector([poly[0], poly[w], poly[w + 1]]);
        det += dot(poly[0], v);
        for k in 0..3 {
            n[k] += v[k];
        }
    }
    (det, dot(n, n).sqrt() / 2.0)
}
