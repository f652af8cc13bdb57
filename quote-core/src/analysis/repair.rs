//! The repair before measuring: the mesh as it will be printed, and what was done to it.
//!
//! Each step runs only when the exact topology shows its problem, so a sound mesh costs
//! nothing more than the topology it already needed: open edges try the tolerant weld
//! ([`super::tolerant`]), flipped faces are turned to agree with their patch's majority
//! ([`super::orient`]), and several shells are sorted into bodies and voids, turning the ones
//! written inside out ([`super::nesting`]). A single closed shell inside out is turned after
//! its volume is measured (see [`super::run`]), which needs no extra pass when it is not.

use std::borrow::Cow;

use super::nesting::{nesting, turn_shells, Nesting};
use super::orient::orient;
use super::tolerant::tolerant_weld;
use super::topology::{topology, Topology};
use super::volume::{greater, lesser};
use super::Repairs;
use crate::Mesh;

/// The repaired mesh, its topology and bodies, and the repairs made.
pub(crate) struct Repaired<'a> {
    pub mesh: Cow<'a, Mesh>,
    pub topo: Topology,
    pub nesting: Nesting,
    pub repairs: Repairs,
    /// Where each repair was made, for telling them apart by body ([`super::body`]).
    pub trace: Trace,
}

/// Where the repair acted: enough to give each body of a multi-body file its own repairs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Trace {
    /// The tolerant weld's vertex map (each vertex to the one it became), when it was applied.
    pub weld: Option<Vec<u32>>,
    /// The triangles whose faces were turned (indices in the repaired mesh, which keeps the
    /// welded mesh's order).
    pub turned_faces: Vec<u32>,
}

/// The box of the vertices the triangles use.
pub(crate) fn used_box(mesh: &Mesh, topo: &Topology) -> ([f64; 3], [f64; 3]) {
    let mut min = [f64::INFINITY; 3];
    let mut max = [f64::NEG_INFINITY; 3];
    for (v, s) in mesh.vertices.iter().zip(&topo.vertex_shell) {
        if *s != u32::MAX {
            for k in 0..3 {
                min[k] = lesser(min[k], v[k]);
                max[k] = greater(max[k], v[k]);
            }
        }
    }
    (min, max)
}

/// Repairs `mesh` (whose exact topology is `topo`) as far as its problems call for.
pub(crate) fn repair(mesh: Cow<'_, Mesh>, topo: Topology) -> Repaired<'_> {
    let mut repairs = Repairs {
        closed_as_read: topo.closed(),
        watertight_as_read: topo.watertight(),
        ..Repairs::default()
    };
    let mut mesh = mesh;
    let mut topo = topo;
    let mut trace = Trace::default();
    if !topo.closed() {
        let (min, max) = used_box(&mesh, &topo);
        let size = [0, 1, 2].map(|k| max[k] - min[k]);
        if let Some(w) = tolerant_weld(&mesh, size) {
            let t = topology(&w.mesh);
            let open = |t: &Topology| t.boundary_edges + t.non_manifold_edges;
            if !w.mesh.triangles.is_empty() && open(&t) < open(&topo) {
                repairs.welded_vertices = w.merged;
                repairs.removed_triangles = w.dropped;
                repairs.weld_closed = t.closed();
                trace.weld = Some(w.remap);
                mesh = Cow::Owned(w.mesh);
                topo = t;
            }
        }
    }
    if topo.inconsistent_edges > 0 {
        let m = mesh.to_mut();
        trace.turned_faces = orient(m);
        repairs.turned_faces = trace.turned_faces.len();
        if repairs.turned_faces > 0 {
            topo = topology(m);
        }
    }
    let nest = nesting(&mesh, &topo);
    if nest.turn.iter().any(|&t| t) {
        // Turning whole shells leaves every edge count as it was.
        repairs.turned_bodies = turn_shells(mesh.to_mut(), &topo, &nest.turn);
    }
    Repaired {
        mesh,
        topo,
        nesting: nest,
        repairs,
        trace,
    }
}
