//! Overhangs and an estimated support volume for the six axis-aligned build directions.
//!
//! A face needs support when its outward normal points down within `angle` of straight down
//! (the "45° rule": `angle` is measured from the horizontal plane for the surface, hence from
//! the vertical for the normal). Faces lying on the lowest plane rest on the build plate and
//! need none. The support volume is estimated as the sum over overhanging faces of their
//! area projected on the plate times the height of their centroid above the part's lowest
//! point: an upper bound that ignores the part's own lower surfaces catching the supports.

use super::volume::{area_vector, dot, greater, lesser};
#[cfg(test)]
use crate::Mesh;

/// Overhang figures for one build direction.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Overhang {
    /// Area of the faces needing support, mm².
    pub area: f64,
    /// Estimated support volume, mm³.
    pub support_volume: f64,
}

/// `cos` of an angle in degrees from 0 to 90 by its Taylor series: only `+ - * /`, so the
/// native and WebAssembly builds give the same bits (the math library's `cos` may not).
pub(crate) fn cos_deg(deg: f64) -> f64 {
    let x = deg.clamp(0.0, 90.0) * (std::f64::consts::PI / 180.0);
    let (x2, mut term, mut sum) = (x * x, 1.0, 1.0);
    for k in 1..=12 {
        term = -term * x2 / ((2 * k - 1) as f64 * (2 * k) as f64);
        sum += term;
    }
    sum
}

/// Direction index: `2 * axis` for +axis up, `2 * axis + 1` for -axis up.
pub(crate) const DIRECTIONS: usize = 6;

/// Overhang sums for one angle, fed triangle by triangle (with the area vector the caller has
/// already computed, so that one pass over the mesh serves several angles and the measures).
#[derive(Debug, Clone)]
pub(crate) struct OverhangSums {
    cos: f64,
    min: [f64; 3],
    max: [f64; 3],
    eps: f64,
    out: [Overhang; DIRECTIONS],
}

impl OverhangSums {
    /// Sums for the part's box `min..max` at `angle_deg`; `None` when the angle is not
    /// positive (no support needed: every direction is zero).
    pub fn new(min: [f64; 3], max: [f64; 3], angle_deg: f64) -> Option<OverhangSums> {
        if angle_deg <= 0.0 {
            return None;
        }
        let size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
        Some(OverhangSums {
            cos: cos_deg(angle_deg),
            min,
            max,
            eps: dot(size, size).sqrt() * 1e-9,
            out: [Overhang::default(); DIRECTIONS],
        })
    }

    /// Adds triangle `c` whose area vector is `n` of length `len`.
    #[cfg(test)]
    pub fn add(&mut self, c: [[f64; 3]; 3], n: [f64; 3], len: f64) {
        let (lo, hi) = super::volume::corner_box(c);
        self.add_boxed(c, n, len, lo, hi);
    }

    /// [`OverhangSums::add`] when the triangle's own box `lo..hi` is known too.
    #[inline]
    pub fn add_boxed(
        &mut self,
        c: [[f64; 3]; 3],
        n: [f64; 3],
        len: f64,
        lo: [f64; 3],
        hi: [f64; 3],
    ) {
        if len == 0.0 {
            return;
        }
        let (min, max) = (self.min, self.max);
        for axis in 0..3 {
            let down = -n[axis]; // normal's component toward -axis, times twice the area
            let (lo, hi) = (lo[axis], hi[axis]);
            let centroid = (c[0][axis] + c[1][axis] + c[2][axis]) / 3.0;
            if down >= self.cos * len && hi - min[axis] > self.eps {
                let o = &mut self.out[2 * axis];
                o.area += len / 2.0;
                o.support_volume += down / 2.0 * (centroid - min[axis]);
            } else if -down >= self.cos * len && max[axis] - lo > self.eps {
                let o = &mut self.out[2 * axis + 1];
                o.area += len / 2.0;
                o.support_volume += -down / 2.0 * (max[axis] - centroid);
            }
        }
    }

    /// Adds the sums of `other` (the same angle and box, the triangles that follow).
    pub fn merge(&mut self, other: &OverhangSums) {
        for (into, from) in self.out.iter_mut().zip(&other.out) {
            into.area += from.area;
            into.support_volume += from.support_volume;
        }
    }

    /// The figures of the six directions.
    pub fn finish(self) -> [Overhang; DIRECTIONS] {
        self.out
    }
}

/// Overhang area and support volume for each of the six directions, in one pass.
#[cfg(test)]
pub(crate) fn overhangs(
    mesh: &Mesh,
    min: [f64; 3],
    max: [f64; 3],
    angle_deg: f64,
) -> [Overhang; DIRECTIONS] {
    let Some(mut sums) = OverhangSums::new(min, max, angle_deg) else {
        return [Overhang::default(); DIRECTIONS];
    };
    for t in 0..mesh.triangles.len() {
        let c = mesh.corners(t);
        let n = area_vector(c);
        sums.add(c, n, dot(n, n).sqrt());
    }
    sums.finish()
}

fn corner_range(c: [[f64; 3]; 3], axis: usize) -> (f64, f64) {
    let (a, b, d) = (c[0][axis], c[1][axis], c[2][axis]);
    (lesser(lesser(a, b), d), greater(greater(a, b), d))
}

/// Whether triangle `t` overhangs with +z up at `angle_deg` (bit 0 of the preview flags).
pub(crate) fn overhangs_up_z(c: [[f64; 3]; 3], min_z: f64, eps: f64, cos: f64) -> bool {
    let n = area_vector(c);
    let len = dot(n, n).sqrt();
    len > 0.0 && -n[2] >= cos * len && corner_range(c, 2).1 - min_z > eps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{block, cube};

    #[test]
    fn cosine_matches_the_library_closely() {
        for d in [0.0, 30.0, 45.0, 60.0, 90.0] {
            assert!((cos_deg(d) - d.to_radians().cos()).abs() < 1e-15, "{d}");
        }
    }

    #[test]
    fn a_cube_on_the_plate_needs_no_support() {
        let m = cube(10.0, [0.0; 3]);
        let o = overhangs(&m, [0.0; 3], [10.0; 3], 45.0);
        assert!(o.iter().all(|o| o.area == 0.0 && o.support_volume == 0.0));
    }

    #[test]
    fn a_raised_bottom_face_overhangs_and_needs_support_under_it() {
        // A 10 x 10 x 2 slab raised 5 mm above a 1 mm foot: its bottom overhangs.
        let slab = block([10.0, 10.0, 2.0], [0.0, 0.0, 5.0]);
        let foot = block([1.0, 1.0, 5.0], [0.0, 0.0, 0.0]);
        let m = crate::analysis::test_meshes::merge(&slab, &foot);
        let o = overhangs(&m, [0.0; 3], [10.0, 10.0, 7.0], 45.0);
        assert!((o[4].area - 100.0).abs() < 1e-9, "{:?}", o[4]);
        assert!((o[4].support_volume - 500.0).abs() < 1e-9);
        // Upside down, the slab's top lies on the plate and the foot's end overhangs.
        assert!((o[5].area - 1.0).abs() < 1e-9, "{:?}", o[5]);
        assert!((o[5].support_volume - 2.0).abs() < 1e-9);
    }
}
