//! Volume, surface area, bounding box and degenerate triangles, accumulated in f64.

/// Running sums over triangles. The volume is the sum of `det[v0, v1, v2] / 6` about the
/// origin (exact for a closed mesh wherever it sits), added in file order so that native and
/// WebAssembly builds give the same bits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Measure {
    /// Sum of determinants (six times the signed volume).
    pub det_sum: f64,
    /// Sum of cross-product lengths (twice the area).
    pub cross_sum: f64,
    /// Bounding box.
    pub min: [f64; 3],
    /// Bounding box.
    pub max: [f64; 3],
    /// Triangles added.
    pub triangles: usize,
    /// Triangles of zero area.
    pub degenerate: usize,
    /// The largest side of a triangle's own box.
    pub max_extent: f64,
}

impl Default for Measure {
    fn default() -> Self {
        Measure {
            det_sum: 0.0,
            cross_sum: 0.0,
            min: [f64::INFINITY; 3],
            max: [f64::NEG_INFINITY; 3],
            triangles: 0,
            degenerate: 0,
            max_extent: 0.0,
        }
    }
}

#[inline]
pub(crate) fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline]
pub(crate) fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

#[inline]
pub(crate) fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The smaller of two numbers that are not NaN (the first when equal).
#[inline]
pub(crate) fn lesser(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

/// The larger of two numbers that are not NaN (the first when equal).
#[inline]
pub(crate) fn greater(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// A triangle's own box.
#[inline]
pub(crate) fn corner_box([a, b, c]: [[f64; 3]; 3]) -> ([f64; 3], [f64; 3]) {
    let mut lo = [0.0; 3];
    let mut hi = [0.0; 3];
    for k in 0..3 {
        lo[k] = lesser(lesser(a[k], b[k]), c[k]);
        hi[k] = greater(greater(a[k], b[k]), c[k]);
    }
    (lo, hi)
}

/// Twice the triangle's area vector (normal times twice the area).
#[inline]
pub(crate) fn area_vector([a, b, c]: [[f64; 3]; 3]) -> [f64; 3] {
    cross(sub(b, a), sub(c, a))
}

impl Measure {
    /// Adds one triangle. The box uses plain comparisons (coordinates are never NaN here),
    /// which compile to one instruction each where `f64::min` needs several in WebAssembly.
    #[inline]
    pub fn add(&mut self, t: [[f64; 3]; 3]) {
        let n = area_vector(t);
        let (lo, hi) = corner_box(t);
        self.add_boxed(t, n, dot(n, n).sqrt(), lo, hi);
    }

    /// [`Measure::add`] when the triangle's area vector `n` (of length `len`) and its own box
    /// are known. The determinant `a · (b × c)` is computed as `a · n`, which is equal:
    /// `n = (b − a) × (c − a)` and `a` is orthogonal to `b × a` and `a × c`.
    #[inline]
    pub fn add_boxed(
        &mut self,
        t: [[f64; 3]; 3],
        n: [f64; 3],
        len: f64,
        lo: [f64; 3],
        hi: [f64; 3],
    ) {
        self.det_sum += dot(t[0], n);
        self.cross_sum += len;
        if len == 0.0 {
            self.degenerate += 1;
        }
        for k in 0..3 {
            self.min[k] = lesser(self.min[k], lo[k]);
            self.max[k] = greater(self.max[k], hi[k]);
            self.max_extent = greater(self.max_extent, hi[k] - lo[k]);
        }
        self.triangles += 1;
    }

    /// Adds the sums of `other`, the measure of the triangles that follow this one's.
    pub fn merge(&mut self, other: &Measure) {
        self.det_sum += other.det_sum;
        self.cross_sum += other.cross_sum;
        for k in 0..3 {
            self.min[k] = lesser(self.min[k], other.min[k]);
            self.max[k] = greater(self.max[k], other.max[k]);
        }
        self.max_extent = greater(self.max_extent, other.max_extent);
        self.triangles += other.triangles;
        self.degenerate += other.degenerate;
    }

    /// Signed volume, mm³.
    pub fn signed_volume(&self) -> f64 {
        self.det_sum / 6.0
    }

    /// Surface area, mm².
    pub fn area(&self) -> f64 {
        self.cross_sum / 2.0
    }

    /// Bounding box size.
    pub fn size(&self) -> [f64; 3] {
        sub(self.max, self.min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::cube;

    #[test]
    fn a_unit_cube_has_volume_one_and_area_six() {
        let m = cube(1.0, [5.0, -3.0, 2.0]);
        let mut s = Measure::default();
        for t in 0..m.triangles.len() {
            s.add(m.corners(t));
        }
        assert!((s.signed_volume() - 1.0).abs() < 1e-12);
        assert!((s.area() - 6.0).abs() < 1e-12);
        assert_eq!(s.min, [5.0, -3.0, 2.0]);
        assert_eq!(s.max, [6.0, -2.0, 3.0]);
        assert_eq!(s.degenerate, 0);
    }

    #[test]
    fn a_collinear_triangle_is_degenerate() {
        let mut s = Measure::default();
        s.add([[0.0; 3], [1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]);
        assert_eq!(s.degenerate, 1);
    }
}
