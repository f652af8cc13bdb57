//! One body of a file on its own: the triangles of a body (its outer shell and its voids), taken
//! from the repaired mesh, so that a part split out of a multi-body file is analysed, previewed
//! and priced alone.
//!
//! The whole mesh is repaired first (weld, faces and bodies turned, exactly as [`super::analyze`]
//! does), and bodies are numbered as in [`super::Analysis::body_details`]; the body's triangles
//! keep their file order and its vertices their exact coordinates (renumbered in order of first
//! use), so its measure is the one listed for it in the whole file's analysis.

use std::borrow::Cow;

use super::repair::{repair, Repaired};
use super::topology::topology;
use crate::{Mesh, QuoteError};

/// The mesh of body `body` (0-based, in the order of `body_details`), repaired; `None` when the
/// file has a single body (the whole mesh is that body).
pub(crate) fn body_mesh(mesh: &Mesh, body: usize) -> Result<Option<Mesh>, QuoteError> {
    if mesh.triangles.is_empty() {
        return Err(QuoteError::NoMesh);
    }
    let topo = topology(mesh);
    let Repaired {
        mesh: repaired,
        topo,
        nesting,
        ..
    } = repair(Cow::Borrowed(mesh), topo);
    if body >= nesting.bodies {
        return Err(QuoteError::NoSuchBody {
            body: body + 1,
            bodies: nesting.bodies,
        });
    }
    if nesting.bodies == 1 {
        return Ok(None);
    }
    let wanted = body as u32;
    let mut index = vec![u32::MAX; repaired.vertices.len()];
    let mut out = Mesh::default();
    for tri in &repaired.triangles {
        let shell = topo.vertex_shell[tri[0] as usize] as usize;
        if nesting.body_of_shell[shell] != wanted {
            continue;
        }
        let t = tri.map(|v| {
            let slot = &mut index[v as usize];
            if *slot == u32::MAX {
                *slot = out.vertices.len() as u32;
                out.vertices.push(repaired.vertices[v as usize]);
            }
            *slot
        });
        out.triangles.push(t);
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{cube, merge};

    /// Each triangle's corner positions, in order: the mesh whatever its vertex numbering.
    fn corners(m: &Mesh) -> Vec<[[f64; 3]; 3]> {
        (0..m.triangles.len()).map(|t| m.corners(t)).collect()
    }

    fn body(m: &Mesh, b: usize) -> Vec<[[f64; 3]; 3]> {
        corners(&body_mesh(m, b).unwrap().unwrap())
    }

    fn flipped(mut m: Mesh) -> Mesh {
        for t in &mut m.triangles {
            t.swap(1, 2);
        }
        m
    }

    #[test]
    fn each_body_of_two_cubes_comes_out_alone_with_its_own_vertices() {
        let m = merge(&cube(10.0, [0.0; 3]), &cube(5.0, [20.0, 0.0, 0.0]));
        let first = body_mesh(&m, 0).unwrap().unwrap();
        assert_eq!(first.vertices.len(), 8);
        assert_eq!(corners(&first), corners(&cube(10.0, [0.0; 3])));
        assert_eq!(body(&m, 1), corners(&cube(5.0, [20.0, 0.0, 0.0])));
    }

    #[test]
    fn a_body_written_inside_out_comes_out_turned() {
        let m = merge(&cube(10.0, [0.0; 3]), &flipped(cube(5.0, [20.0, 0.0, 0.0])));
        assert_eq!(body(&m, 1), corners(&cube(5.0, [20.0, 0.0, 0.0])));
    }

    #[test]
    fn a_void_stays_with_its_body_and_a_part_inside_it_is_its_own_body() {
        let hollow = merge(&cube(10.0, [0.0; 3]), &flipped(cube(8.0, [1.0; 3])));
        let m = merge(&hollow, &cube(2.0, [4.0; 3]));
        assert_eq!(body(&m, 0), corners(&hollow));
        assert_eq!(body(&m, 1), corners(&cube(2.0, [4.0; 3])));
    }

    #[test]
    fn a_single_body_is_the_whole_mesh_and_a_missing_one_is_refused_in_french() {
        let m = cube(1.0, [0.0; 3]);
        assert_eq!(body_mesh(&m, 0).unwrap(), None);
        let e = body_mesh(&m, 1).unwrap_err();
        assert_eq!(e.code(), "no_such_body");
        assert_eq!(
            e.message(),
            "Le fichier ne compte qu'un corps\u{a0}: le corps 2 n'existe pas."
        );
        let two = merge(&cube(1.0, [0.0; 3]), &cube(1.0, [3.0, 0.0, 0.0]));
        assert_eq!(
            body_mesh(&two, 5).unwrap_err().message(),
            "Le fichier compte 2 corps\u{a0}: le corps 6 n'existe pas."
        );
    }
}
