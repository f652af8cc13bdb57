//! The inside test of the face's loops in (u, v): a winding number over the boundary segments
//! of one column of a bucket grid only, so that it stays cheap on a face of thousands of points.

use truck_meshalgo::prelude::*;

/// The loops' segments bucketed by u, for the winding number of a point (a vertical ray).
pub(super) struct Region {
    segments: Vec<(Point2, Point2)>,
    u0: f64,
    width: f64,
    buckets: Vec<Vec<u32>>,
}

impl Region {
    pub(super) fn new(loops: &[Vec<Point2>]) -> Self {
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
    // Called for every triangle from the sibling modules: inlined there as when one file held them.
    #[inline]
    pub(super) fn include(&self, c: Point2) -> bool {
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
    pub(super) fn include_clear(&self, c: Point2, eps: f64) -> bool {
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
}
