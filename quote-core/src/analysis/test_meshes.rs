//! Small hand-built meshes for the analysis unit tests.

use crate::Mesh;

/// An axis-aligned cube of side `s` with its minimum corner at `o`, outward normals.
pub(crate) fn cube(s: f64, o: [f64; 3]) -> Mesh {
    let vertices = (0..8)
        .map(|i| {
            [
                o[0] + s * (i & 1) as f64,
                o[1] + s * ((i >> 1) & 1) as f64,
                o[2] + s * ((i >> 2) & 1) as f64,
            ]
        })
        .collect();
    #[rustfmt::skip]
    let triangles = vec![
        [0, 2, 1], [1, 2, 3], // bottom z = 0
        [4, 5, 6], [5, 7, 6], // top
        [0, 1, 4], [1, 5, 4], // y = 0
        [2, 6, 3], [3, 6, 7], // y = s
        [0, 4, 2], [2, 4, 6], // x = 0
        [1, 3, 5], [3, 7, 5], // x = s
    ];
    Mesh {
        vertices,
        triangles,
    }
}

/// A box of size `size` with its minimum corner at `o` (a thin plate when one side is small).
pub(crate) fn block(size: [f64; 3], o: [f64; 3]) -> Mesh {
    let mut m = cube(1.0, [0.0; 3]);
    for v in &mut m.vertices {
        for k in 0..3 {
            v[k] = o[k] + v[k] * size[k];
        }
    }
    m
}

/// Two meshes side by side in one.
pub(crate) fn merge(a: &Mesh, b: &Mesh) -> Mesh {
    let n = a.vertices.len() as u32;
    let mut m = a.clone();
    m.vertices.extend_from_slice(&b.vertices);
    m.triangles
        .extend(b.triangles.iter().map(|t| t.map(|i| i + n)));
    m
}

/// A closed torus (major radius 40, minor 12) of `2 * nu * nv` triangles, outward normals.
pub(crate) fn torus(nu: usize, nv: usize) -> Mesh {
    let tau = std::f64::consts::TAU;
    let mut vertices = Vec::with_capacity(nu * nv);
    for i in 0..nu {
        let u = tau * i as f64 / nu as f64;
        for j in 0..nv {
            let v = tau * j as f64 / nv as f64;
            let r = 40.0 + 12.0 * v.cos();
            vertices.push([r * u.cos(), r * u.sin(), 12.0 * v.sin()]);
        }
    }
    let at = |i: usize, j: usize| ((i % nu) * nv + j % nv) as u32;
    let mut triangles = Vec::with_capacity(2 * nu * nv);
    for i in 0..nu {
        for j in 0..nv {
            triangles.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            triangles.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    Mesh {
        vertices,
        triangles,
    }
}
