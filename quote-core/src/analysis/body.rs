//! One body of a file on its own: the triangles of a body (its outer shell and its voids), taken
//! from the repaired mesh, so that a part split out of a multi-body file is analysed, previewed
//! and priced alone, with the repairs the whole file's repair made on that body.
//!
//! The whole mesh is repaired first (weld, faces and bodies turned, exactly as [`super::analyze`]
//! does), and bodies are numbered as in [`super::Analysis::body_details`]; the body's triangles
//! keep their file order and its vertices their exact coordinates (renumbered in order of first
//! use), so its measure is the one listed for it in the whole file's analysis.
//!
//! Each repair goes to the body it was made on: a welded vertex to the body of the vertex it
//! became, a triangle the weld removed to the body of its merged corners, a turned face to the
//! body of its triangle, a turned shell to its body. "Closed as read" is judged on the body's own
//! triangles as the file wrote them. So the bodies' repairs add up to the file's, and a sound
//! body of a file whose other body needed a weld reads as sound.

use std::borrow::Cow;

use super::repair::{repair, Repaired};
use super::topology::topology;
use super::units::warnings;
use super::{Analysis, Repairs};
use crate::{Mesh, QuoteError};

/// One body of a multi-body file: its repaired mesh and the repairs made on it (their
/// `weld_closed` is settled by [`attribute`], which knows whether the body ends closed).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Body {
    pub mesh: Mesh,
    pub repairs: Repairs,
}

/// The mesh of body `body` (0-based, in the order of `body_details`), repaired, and its share of
/// the repairs; `None` when the file has a single body (the whole mesh is that body).
pub(crate) fn body_part(mesh: &Mesh, body: usize) -> Result<Option<Body>, QuoteError> {
    if mesh.triangles.is_empty() {
        return Err(QuoteError::NoMesh);
    }
    let topo = topology(mesh);
    let Repaired {
        mesh: repaired,
        topo,
        nesting,
        trace,
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
    // The body of a vertex of the repaired mesh (`None` for a vertex no triangle uses).
    let body_of_vertex = |v: u32| {
        let shell = topo.vertex_shell[v as usize];
        (shell != u32::MAX).then(|| nesting.body_of_shell[shell as usize])
    };
    let became = |v: u32| trace.weld.as_ref().map_or(v, |w| w[v as usize]);
    let mut repairs = Repairs::default();
    if let Some(weld) = &trace.weld {
        repairs.welded_vertices = weld
            .iter()
            .enumerate()
            .filter(|&(v, &to)| to as usize != v && body_of_vertex(to) == Some(wanted))
            .count();
    }
    // The body's triangles as the file wrote them (before the weld), for its state as read.
    let mut as_read = Mesh {
        vertices: mesh.vertices.clone(),
        triangles: Vec::new(),
    };
    for tri in &mesh.triangles {
        let t = tri.map(became);
        if t.iter().find_map(|&v| body_of_vertex(v)) != Some(wanted) {
            continue;
        }
        as_read.triangles.push(*tri);
        if trace.weld.is_some() && (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) {
            repairs.removed_triangles += 1;
        }
    }
    let read = topology(&as_read);
    repairs.closed_as_read = read.closed();
    repairs.watertight_as_read = read.watertight();
    repairs.turned_faces = trace
        .turned_faces
        .iter()
        .filter(|&&t| body_of_vertex(repaired.triangles[t as usize][0]) == Some(wanted))
        .count();
    repairs.turned_bodies = nesting
        .turn
        .iter()
        .zip(&nesting.body_of_shell)
        .filter(|&(&turned, &b)| turned && b == wanted)
        .count();
    let mut index = vec![u32::MAX; repaired.vertices.len()];
    let mut out = Mesh::default();
    for tri in &repaired.triangles {
        if body_of_vertex(tri[0]) != Some(wanted) {
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
    Ok(Some(Body { mesh: out, repairs }))
}

/// Gives the analysis of a body's mesh (already repaired, so its own repairs are usually none)
/// the repairs the whole file's repair made on that body, and the warnings that say so.
pub(crate) fn attribute(a: &mut Analysis, file: &Repairs) {
    let own = &a.repairs;
    let welded = file.welded_vertices + own.welded_vertices;
    a.repairs = Repairs {
        welded_vertices: welded,
        removed_triangles: file.removed_triangles + own.removed_triangles,
        turned_faces: file.turned_faces + own.turned_faces,
        turned_bodies: file.turned_bodies + own.turned_bodies,
        weld_closed: welded > 0 && !file.closed_as_read && a.closed,
        closed_as_read: file.closed_as_read,
        watertight_as_read: file.watertight_as_read,
    };
    a.tolerant_weld_closes = a.repairs.weld_closed;
    a.warnings = warnings(a);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{cube, merge};

    /// Each triangle's corner positions, in order: the mesh whatever its vertex numbering.
    fn corners(m: &Mesh) -> Vec<[[f64; 3]; 3]> {
        (0..m.triangles.len()).map(|t| m.corners(t)).collect()
    }

    fn body_mesh(m: &Mesh, b: usize) -> Result<Option<Mesh>, QuoteError> {
        body_part(m, b).map(|p| p.map(|p| p.mesh))
    }

    fn body(m: &Mesh, b: usize) -> Vec<[[f64; 3]; 3]> {
        corners(&body_mesh(m, b).unwrap().unwrap())
    }

    fn repairs(m: &Mesh, b: usize) -> Repairs {
        body_part(m, b).unwrap().unwrap().repairs
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
    /// `m` with triangle `t`'s use of vertex `v` moved to a new vertex 1e-12 away (a seam an
    /// exporter left open, which the tolerant weld closes).
    fn split_vertex(mut m: Mesh, t: usize, v: u32) -> Mesh {
        let p = m.vertices[v as usize];
        m.vertices.push([p[0] + 1e-12, p[1], p[2]]);
        let new = m.vertices.len() as u32 - 1;
        for c in &mut m.triangles[t] {
            if *c == v {
                *c = new;
            }
        }
        m
    }

    /// A 10 mm cube with three faces wound against their neighbours, then a 5 mm cube written
    /// inside out with one vertex split: each repair belongs to one of the two bodies.
    fn repaired_pair() -> Mesh {
        let mut a = cube(10.0, [0.0; 3]);
        for t in [0, 5, 9] {
            a.triangles[t].swap(1, 2);
        }
        let m = merge(&a, &flipped(cube(5.0, [20.0, 0.0, 0.0])));
        // Triangle 12 is the second cube's first, [8, 9, 10] once turned: vertex 8 split.
        split_vertex(m, 12, 8)
    }

    #[test]
    fn each_repair_goes_to_the_body_it_was_made_on() {
        let m = repaired_pair();
        let first = repairs(&m, 0);
        assert_eq!(
            first,
            Repairs {
                turned_faces: 3,
                closed_as_read: true,
                ..Repairs::default()
            }
        );
        let second = repairs(&m, 1);
        assert_eq!(
            second,
            Repairs {
                welded_vertices: 1,
                turned_bodies: 1,
                ..Repairs::default()
            }
        );
        // The bodies' repairs add up to the whole file's.
        let whole = crate::analyze(crate::Format::Stl, &m, &crate::AnalysisOptions::default())
            .unwrap()
            .repairs;
        assert_eq!(
            (
                whole.welded_vertices,
                whole.turned_faces,
                whole.turned_bodies
            ),
            (1, 3, 1)
        );
        assert!(whole.weld_closed && !whole.closed_as_read);
    }

    #[test]
    fn a_body_s_analysis_says_in_french_what_was_repaired_on_it_only() {
        let m = repaired_pair();
        let options = crate::AnalysisOptions::default();
        let codes = |a: &Analysis| -> Vec<String> {
            a.warnings
                .iter()
                .map(|w| w.code.clone())
                .filter(|c| c.starts_with("repaired_"))
                .collect()
        };
        let first = crate::analyze_body(crate::Format::Stl, &m, &options, 0).unwrap();
        assert_eq!(codes(&first), ["repaired_faces"]);
        assert_eq!(
            first.warnings[0].message,
            "3 faces retournées automatiquement pour suivre leurs voisines."
        );
        assert!(!first.tolerant_weld_closes && first.repairs.closed_as_read);
        let second = crate::analyze_body(crate::Format::Stl, &m, &options, 1).unwrap();
        assert_eq!(codes(&second), ["repaired_vertices", "repaired_bodies"]);
        assert_eq!(
            second.warnings[0].message,
            "1 sommet presque confondu avec un autre soudé automatiquement\u{a0}: le maillage est fermé."
        );
        assert!(second.tolerant_weld_closes && second.repairs.weld_closed);
        assert!(second.watertight && !second.inverted);
        assert!((second.volume_mm3 - 125.0).abs() < 1e-9);
        // The preview path gives the same analysis.
        let (again, mesh) =
            crate::analyze_body_repaired(crate::Format::Stl, m.clone(), &options, 1).unwrap();
        assert_eq!(again, second);
        assert_eq!(mesh.triangles.len(), 12);
    }

    #[test]
    fn a_sound_body_next_to_a_repaired_one_reads_as_sound() {
        let m = merge(
            &cube(10.0, [0.0; 3]),
            &split_vertex(cube(5.0, [20.0, 0.0, 0.0]), 0, 0),
        );
        let first = repairs(&m, 0);
        assert_eq!(
            first,
            Repairs {
                closed_as_read: true,
                watertight_as_read: true,
                ..Repairs::default()
            }
        );
        let a = crate::analyze_body(crate::Format::Stl, &m, &Default::default(), 0).unwrap();
        assert!(a.warnings.is_empty(), "{:?}", a.warnings);
        assert_eq!(repairs(&m, 1).welded_vertices, 1);
    }
}
