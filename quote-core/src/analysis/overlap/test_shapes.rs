//! Meshes for the overlap tests, and the independent measures of their unions: a regular
//! polygon clipped by a square, the union of rings' chords along horizontal lines.

use crate::Mesh;
use std::f64::consts::TAU;

/// A prism of `sides` facets around axis `axis` (0 x, 2 z) through `(c0, c1)` (the other two
/// coordinates, in order), from `lo` to `hi` along the axis: a faceted cylinder of radius `r`
/// (the polygon's corners on the circle), and, with `inner > 0`, a ring (a washer) with a hole of
/// that radius.
pub(super) fn prism(
    axis: usize,
    c: [f64; 2],
    r: f64,
    inner: f64,
    lo: f64,
    hi: f64,
    sides: u32,
) -> Mesh {
    let (i, j) = match axis {
        0 => (1, 2),
        _ => (0, 1),
    };
    let point = |rad: f64, k: u32, h: f64| {
        let a = TAU * f64::from(k % sides) / f64::from(sides);
        let mut p = [0.0; 3];
        p[axis] = h;
        p[i] = c[0] + rad * a.cos();
        p[j] = c[1] + rad * a.sin();
        p
    };
    let mut m = Mesh::default();
    // Outer corners 0..2s (low, high), inner ones 2s..4s, or the two axis centres.
    for rad in [r, inner] {
        for k in 0..sides {
            m.vertices.push(point(rad, k, lo));
            m.vertices.push(point(rad, k, hi));
        }
        if inner <= 0.0 {
            let mut a = [0.0; 3];
            a[i] = c[0];
            a[j] = c[1];
            let mut b = a;
            a[axis] = lo;
            b[axis] = hi;
            m.vertices.truncate(2 * sides as usize);
            m.vertices.extend([a, b]);
            break;
        }
    }
    let s = sides;
    let o = |k: u32, top: u32| 2 * (k % s) + top;
    let n = |k: u32, top: u32| 2 * s + 2 * (k % s) + top;
    for k in 0..s {
        // The outer wall, facing out (counter-clockwise around the axis when i, j, axis is
        // right-handed: x → (y, z), z → (x, y) both are).
        m.triangles.push([o(k, 0), o(k + 1, 0), o(k + 1, 1)]);
        m.triangles.push([o(k, 0), o(k + 1, 1), o(k, 1)]);
        if inner > 0.0 {
            m.triangles.push([n(k, 0), n(k + 1, 1), n(k + 1, 0)]);
            m.triangles.push([n(k, 0), n(k, 1), n(k + 1, 1)]);
            m.triangles.push([o(k, 1), o(k + 1, 1), n(k + 1, 1)]);
            m.triangles.push([o(k, 1), n(k + 1, 1), n(k, 1)]);
            m.triangles.push([o(k, 0), n(k + 1, 0), o(k + 1, 0)]);
            m.triangles.push([o(k, 0), n(k, 0), n(k + 1, 0)]);
        } else {
            m.triangles.push([2 * s + 1, o(k, 1), o(k + 1, 1)]);
            m.triangles.push([2 * s, o(k + 1, 0), o(k, 0)]);
        }
    }
    m
}

/// The regular polygon of a prism's section, in its own two coordinates.
pub(super) fn polygon(c: [f64; 2], r: f64, sides: u32) -> Vec<[f64; 2]> {
    (0..sides)
        .map(|k| {
            let a = TAU * f64::from(k) / f64::from(sides);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

pub(super) fn shoelace(p: &[[f64; 2]]) -> f64 {
    (0..p.len())
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % p.len()]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum::<f64>()
        / 2.0
}

/// A convex polygon clipped by the square `[lo, hi]²` (Sutherland–Hodgman).
pub(super) fn clip_square(mut p: Vec<[f64; 2]>, lo: f64, hi: f64) -> Vec<[f64; 2]> {
    for (k, bound, keep_above) in [(0, lo, true), (0, hi, false), (1, lo, true), (1, hi, false)] {
        let inside = |q: [f64; 2]| {
            if keep_above {
                q[k] >= bound
            } else {
                q[k] <= bound
            }
        };
        let mut out = Vec::new();
        for i in 0..p.len() {
            let (a, b) = (p[i], p[(i + 1) % p.len()]);
            if inside(a) {
                out.push(a);
            }
            if inside(a) != inside(b) {
                let f = (bound - a[k]) / (b[k] - a[k]);
                out.push([a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])]);
            }
        }
        p = out;
    }
    p
}

/// The x-interval where the horizontal line at height `y` crosses a convex polygon.
fn chord(p: &[[f64; 2]], y: f64) -> Option<(f64, f64)> {
    let mut xs = Vec::new();
    for i in 0..p.len() {
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        if (a[1] <= y) != (b[1] <= y) {
            xs.push(a[0] + (y - a[1]) / (b[1] - a[1]) * (b[0] - a[0]));
        }
    }
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo < hi).then_some((lo, hi))
}

/// A ring's section: its outer and inner convex polygons.
pub(super) type Ring = (Vec<[f64; 2]>, Vec<[f64; 2]>);

/// The area of a union of rings (outer and inner convex polygons), integrated over `rows`
/// horizontal lines (midpoint rule) with the exact length of the union of their chords.
pub(super) fn chord_union_area(rings: &[Ring], y0: f64, y1: f64, rows: usize) -> f64 {
    let h = (y1 - y0) / rows as f64;
    let mut area = 0.0;
    for r in 0..rows {
        let y = y0 + (r as f64 + 0.5) * h;
        let mut spans: Vec<(f64, f64)> = Vec::new();
        for (outer, inner) in rings {
            if let Some((a, b)) = chord(outer, y) {
                match chord(inner, y) {
                    Some((c, d)) => spans.extend([(a, c), (d, b)]),
                    None => spans.push((a, b)),
                }
            }
        }
        spans.sort_by(|p, q| p.0.total_cmp(&q.0));
        let mut end = f64::NEG_INFINITY;
        for (a, b) in spans {
            let a = a.max(end);
            if b > a {
                area += (b - a) * h;
                end = b;
            }
        }
    }
    area
}

/// A closed torus (R 40, r 12 mm) of `2 n²` triangles, its points moved by `f`, added to `m`.
pub(super) fn torus(m: &mut Mesh, n: u32, f: impl Fn([f64; 3]) -> [f64; 3]) {
    let base = m.vertices.len() as u32;
    for i in 0..n {
        for j in 0..n {
            let (u, w) = (
                TAU * f64::from(i) / f64::from(n),
                TAU * f64::from(j) / f64::from(n),
            );
            let r = 40.0 + 12.0 * w.cos();
            m.vertices
                .push(f([r * u.cos(), r * u.sin(), 12.0 * w.sin()]));
        }
    }
    let id = |i: u32, j: u32| base + (i % n) * n + (j % n);
    for i in 0..n {
        for j in 0..n {
            m.triangles.push([id(i, j), id(i + 1, j), id(i + 1, j + 1)]);
            m.triangles.push([id(i, j), id(i + 1, j + 1), id(i, j + 1)]);
        }
    }
}

/// The exact volume of a union of boxes with integer corners: the unit cells any box covers.
pub(super) fn boxes_union(boxes: &[([i32; 3], [i32; 3])]) -> f64 {
    let mut cells = 0;
    for x in 0..8 {
        for y in 0..8 {
            for z in 0..8 {
                let p = [x, y, z];
                cells += u32::from(
                    boxes
                        .iter()
                        .any(|(lo, hi)| (0..3).all(|k| lo[k] <= p[k] && p[k] < hi[k])),
                );
            }
        }
    }
    f64::from(cells)
}
