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

/// Builds the preview of `mesh` (already in millimetres). `overhang_cos` is the cosine of the
/// largest angle between a face's normal and straight down for which the face needs support;
/// faces lying on the build plate (all corners at the lowest z) are not overhangs.
/// `thin` optionally marks triangles on thin walls (same length as the mesh's triangles).
pub fn build(mesh: &Mesh, overhang_cos: Option<f64>, thin: Option<&[bool]>) -> PreviewBuffers {
    let count = mesh.triangles.len();
    let stride = count.div_ceil(PREVIEW_TRIANGLE_LIMIT).max(1);
    let kept = count.div_ceil(stride);
    let mut out = PreviewBuffers {
        positions: Vec::with_capacity(kept * 9),
        normals: Vec::with_capacity(kept * 9),
        flags: Vec::with_capacity(kept),
        stride,
    };
    let z_floor = mesh
        .vertices
        .iter()
        .map(|v| v[2])
        .fold(f64::INFINITY, f64::min);
    let plate_tolerance = 1e-6 * (1.0 + z_floor.abs());
    for t in (0..count).step_by(stride) {
        let [a, b, c] = mesh.corners(t);
        let n = unit_normal(a, b, c);
        let mut flag = 0;
        if let Some(cos) = overhang_cos {
            let on_plate = [a, b, c].iter().all(|p| p[2] - z_floor <= plate_tolerance);
            if -n[2] > cos && !on_plate {
                flag |= FLAG_OVERHANG;
            }
        }
        if thin.is_some_and(|m| m.get(t).copied().unwrap_or(false)) {
            flag |= FLAG_THIN_WALL;
        }
        for p in [a, b, c] {
            out.positions.extend(p.iter().map(|&x| x as f32));
            out.normals.extend(n.iter().map(|&x| x as f32));
        }
        out.flags.push(flag);
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

    /// A unit square pyramid standing on its base, plus a downward face floating above it.
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
            // Bottom face on the plate (normal -z), and the same face lifted to z = 5.
            triangles: vec![[0, 2, 1], [3, 5, 4], [3, 4, 5]],
        }
    }

    #[test]
    fn a_downward_face_above_the_plate_is_an_overhang_but_not_one_on_the_plate() {
        let p = build(&sample(), Some(std::f64::consts::FRAC_1_SQRT_2), None);
        assert_eq!(p.flags, vec![0, FLAG_OVERHANG, 0]);
        assert_eq!(p.positions.len(), 27);
        assert_eq!(&p.normals[9..12], &[0.0, 0.0, -1.0]);
        assert_eq!(&p.normals[18..21], &[0.0, 0.0, 1.0]);
    }

    #[test]
    fn thin_wall_marks_set_the_second_bit() {
        let p = build(&sample(), None, Some(&[false, true, true]));
        assert_eq!(p.flags, vec![0, FLAG_THIN_WALL, FLAG_THIN_WALL]);
        assert_eq!(p.stride, 1);
    }
}
