//! The tolerant weld of the repair: vertices closer than a tiny tolerance are merged.
//!
//! Exact welding (the reference rule) calls a mesh open when duplicate vertices differ by
//! 1e-16; tools that merge at 1e-8 call it closed. When the exact weld leaves open edges, the
//! repair merges vertices within 1e-6 of the box diagonal (0.1 µm on a 100 mm part, far below
//! any printer's resolution; a binary STL's f32 coordinates are about 1e-7 of their size apart).
//! Vertices are bucketed on a grid of that size and each is merged with the first earlier kept
//! vertex within the tolerance (max norm) in the 27 cells around it, in file order (no chains: a
//! merged vertex attracts no other): deterministic, and only `floor`, `-` and comparisons, so the
//! same in WebAssembly.

use std::collections::HashMap;

use crate::Mesh;

/// Relative tolerance, of the bounding-box diagonal.
pub(crate) const RELATIVE_TOLERANCE: f64 = 1e-6;

/// A tolerant weld's outcome: the welded mesh (collapsed triangles dropped) and its counts.
pub(crate) struct Welded {
    /// The mesh with merged vertices' triangles pointing at the kept vertex.
    pub mesh: Mesh,
    /// Vertices merged into an earlier one.
    pub merged: usize,
    /// Triangles that lost their area to the weld (two corners merged), dropped.
    pub dropped: usize,
    /// The vertex each vertex became (itself when kept), so that a repair can be told apart by
    /// body (see [`super::body`]).
    pub remap: Vec<u32>,
}

/// Merges vertices within the tolerance of a part of box `size`; `None` when nothing merges.
pub(crate) fn tolerant_weld(mesh: &Mesh, size: [f64; 3]) -> Option<Welded> {
    let diag = (size[0] * size[0] + size[1] * size[1] + size[2] * size[2]).sqrt();
    let tol = diag * RELATIVE_TOLERANCE;
    if !(tol > 0.0 && tol.is_finite()) {
        return None;
    }
    let cell = |p: [f64; 3]| p.map(|c| (c / tol).floor() as i64);
    let mut grid: HashMap<[i64; 3], Vec<u32>> = HashMap::with_capacity(mesh.vertices.len());
    let mut remap: Vec<u32> = Vec::with_capacity(mesh.vertices.len());
    let mut merged = 0;
    for (i, p) in mesh.vertices.iter().enumerate() {
        let c = cell(*p);
        let mut target = i as u32;
        'search: for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    let Some(list) = grid.get(&[c[0] + dx, c[1] + dy, c[2] + dz]) else {
                        continue;
                    };
                    for &j in list {
                        let q = mesh.vertices[j as usize];
                        if (0..3).all(|k| (p[k] - q[k]).abs() <= tol) {
                            target = remap[j as usize];
                            break 'search;
                        }
                    }
                }
            }
        }
        if target != i as u32 {
            merged += 1;
        } else {
            // Only kept vertices are filed: two in one cell would be within the tolerance, so
            // each cell holds at most one and a search reads at most 27 (no quadratic scan
            // whatever the file).
            grid.entry(c).or_default().push(i as u32);
        }
        remap.push(target);
    }
    if merged == 0 {
        return None;
    }
    let triangles: Vec<[u32; 3]> = mesh
        .triangles
        .iter()
        .map(|t| t.map(|v| remap[v as usize]))
        .filter(|t| t[0] != t[1] && t[1] != t[2] && t[0] != t[2])
        .collect();
    let dropped = mesh.triangles.len() - triangles.len();
    Some(Welded {
        mesh: Mesh {
            vertices: mesh.vertices.clone(),
            triangles,
        },
        merged,
        dropped,
        remap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::cube;
    use crate::analysis::topology::topology;

    #[test]
    fn a_cube_with_a_split_vertex_closes_when_welded_tolerantly() {
        let mut m = cube(1.0, [0.0; 3]);
        m.vertices.push([1.0 + 1e-12, 1.0, 1.0]);
        let last = m.vertices.len() as u32 - 1;
        m.triangles[3] = [5, last, 6];
        assert!(!topology(&m).closed());
        let w = tolerant_weld(&m, [1.0; 3]).unwrap();
        assert_eq!((w.merged, w.dropped), (1, 0));
        assert!(topology(&w.mesh).watertight());
    }

    #[test]
    fn vertices_a_tolerance_apart_stay_apart() {
        let mut m = cube(1.0, [0.0; 3]);
        m.vertices.push([1.0 + 1e-5, 1.0, 1.0]);
        let last = m.vertices.len() as u32 - 1;
        m.triangles[3] = [5, last, 6];
        assert!(tolerant_weld(&m, [1.0; 3]).is_none());
    }

    #[test]
    fn an_open_box_has_nothing_to_weld() {
        let mut m = cube(1.0, [0.0; 3]);
        m.triangles.truncate(10);
        assert!(tolerant_weld(&m, [1.0; 3]).is_none());
    }
}
