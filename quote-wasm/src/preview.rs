//! Preview buffers for the 3D viewer: flat positions, normals and per-triangle flags.
//!
//! The buffers are non-indexed (three vertices per triangle) so that every triangle keeps its own
//! flat normal and its own highlight colour. Coordinates are `f32` millimetres: display only,
//! never priced.

use quote_core::Mesh;

/// Bit 0 of a triangle flag: the face overhangs (needs support in the file's orientation).
pub const FLAG_OVERHANG: u8 = 1;
/// Bit 1 of a triangle flag: the face lies on a wall thinner than the process minimum.
pub const FLAG_THIN_WALL: u8 = 2;

/// Above this many triangles the preview keeps one triangle in `stride` (the analysis and the
/// price always use the whole mesh).
pub const PREVIEW_TRIANGLE_LIMIT: usize = 2_000_000;

/// The buffers handed to the page.
#[derive(Debug, Default)]
pub struct PreviewBuffers {
    /// x, y, z of each corner of each kept triangle, mm.
    pub positions: Vec<f32>,
    /// The triangle's unit normal, repeated for its three corners.
    pub normals: Vec<f32>,
    /// One byte per kept triangle: [`FLAG_OVERHANG`] | [`FLAG_THIN_WALL`].
    pub flags: Vec<u8>,
    /// 1 when every triangle is kept, otherwise the sampling step.
    pub stride: usize,
}

/// Builds the preview of `mesh` (already in millimetres) with the engine's per-triangle flags
/// (`flags[t]` for triangle `t`; missing entries count as 0).
pub fn build(mesh: &Mesh, flags: &[u8]) -> PreviewBuffers {
    let count = mesh.triangles.len();
    let stride = count.div_ceil(PREVIEW_TRIANGLE_LIMIT).max(1);
    let kept = count.div_ceil(stride);
    let mut out = PreviewBuffers {
        positions: Vec::with_capacity(kept * 9),
        normals: Vec::with_capacity(kept * 9),
        flags: Vec::with_capacity(kept),
        stride,
    };
    for t in (0..count).step_by(stride) {
        let [a, b, c] = mesh.corners(t);
        let n = unit_normal(a, b, c);
        for p in [a, b, c] {
            out.positions.extend(p.iter().map(|&x| x as f32));
            out.normals.extend(n.iter().map(|&x| x as f32));
        }
        out.flags.push(flags.get(t).copied().unwrap_or(0));
    }
    out
}

/// The unit normal of a counter-clockwise triangle; zero for a degenerate one.
fn unit_normal(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> [f64; 3] {
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if len > 0.0 {
        [n[0] / len, n[1] / len, n[2] / len]
    } else {
        [0.0; 3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangle on the floor (normal -z) and the same one facing up at z = 5.
    fn sample() -> Mesh {
        Mesh {
            vertices: vec![
                [0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0],
                [0.0, 1.0, 0.0],
                [0.0, 0.0, 5.0],
                [1.0, 0.0, 5.0],
                [0.0, 1.0, 5.0],
            ],
            triangles: vec![[0, 2, 1], [3, 4, 5]],
        }
    }

    #[test]
    fn every_corner_gets_its_position_and_the_flat_normal_of_its_triangle() {
        let p = build(&sample(), &[FLAG_OVERHANG, FLAG_THIN_WALL]);
        assert_eq!(p.positions.len(), 18);
        assert_eq!(&p.positions[9..12], &[0.0, 0.0, 5.0]);
        assert_eq!(&p.normals[0..3], &[0.0, 0.0, -1.0]);
        assert_eq!(&p.normals[15..18], &[0.0, 0.0, 1.0]);
        assert_eq!(p.flags, vec![FLAG_OVERHANG, FLAG_THIN_WALL]);
        assert_eq!(p.stride, 1);
    }

    #[test]
    fn missing_flags_count_as_none() {
        let p = build(&sample(), &[]);
        assert_eq!(p.flags, vec![0, 0]);
    }
}
