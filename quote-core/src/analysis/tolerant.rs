//! Would the mesh close if vertices closer than a tiny tolerance were merged?
//!
//! Exact welding (the reference rule) calls a mesh open when duplicate vertices differ by
//! 1e-16; tools that merge at 1e-8 call it closed. We report the exact flag and tell the user
//! when merging within 1e-6 of the box diagonal would close it. Vertices are bucketed on a grid
//! of that size and each is merged with any earlier vertex within the tolerance (max norm) in
//! the 27 cells around it.

use std::collections::HashMap;

use super::topology::topology;
use crate::Mesh;

/// Relative tolerance, of the bounding-box diagonal.
const RELATIVE_TOLERANCE: f64 = 1e-6;

/// Re-welds within the tolerance and checks that every edge is then used by exactly two
/// triangles.
pub(crate) fn tolerant_weld_closes(mesh: &Mesh, size: [f64; 3]) -> bool {
    let diag = (size[0] * size[0] + size[1] * size[1] + size[2] * size[2]).sqrt();
    let tol = diag * RELATIVE_TOLERANCE;
    if !(tol > 0.0 && tol.is_finite()) {
        return false;
    }
    let cell = |p: [f64; 3]| p.map(|c| (c / tol).floor() as i64);
    let mut grid: HashMap<[i64; 3], Vec<u32>> = HashMap::with_capacity(mesh.vertices.len());
    let mut remap: Vec<u32> = Vec::with_capacity(mesh.vertices.len());
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
        remap.push(target);
        grid.entry(c).or_default().push(i as u32);
    }
    let welded = Mesh {
        vertices: mesh.vertices.clone(),
        triangles: mesh
            .triangles
            .iter()
            .map(|t| t.map(|v| remap[v as usize]))
            .filter(|t| t[0] != t[1] && t[1] != t[2] && t[0] != t[2])
            .collect(),
    };
    !welded.triangles.is_empty() && topology(&welded).closed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::cube;

    #[test]
    fn a_cube_with_a_split_vertex_closes_when_welded_tolerantly() {
        let mut m = cube(1.0, [0.0; 3]);
        m.vertices.push([1.0 + 1e-12, 1.0, 1.0]);
        let last = m.vertices.len() as u32 - 1;
        m.triangles[3] = [5, last, 6];
        assert!(!topology(&m).closed());
        assert!(tolerant_weld_closes(&m, [1.0; 3]));
    }

    #[test]
    fn an_open_box_stays_open() {
        let mut m = cube(1.0, [0.0; 3]);
        m.triangles.truncate(10);
        assert!(!tolerant_weld_closes(&m, [1.0; 3]));
    }
}
