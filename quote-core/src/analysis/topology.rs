//! Edge topology (watertight, boundary, non-manifold, flipped edges) and shells (union-find).

use crate::Mesh;

/// Edge counts and shells of a mesh.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Topology {
    /// Undirected edges used by one triangle.
    pub boundary_edges: usize,
    /// Undirected edges used by more than two triangles.
    pub non_manifold_edges: usize,
    /// Edges used by two triangles running them the same way.
    pub inconsistent_edges: usize,
    /// Connected bodies by shared vertices.
    pub shells: usize,
    /// Shell of each vertex (`u32::MAX` for vertices no triangle uses).
    pub vertex_shell: Vec<u32>,
    /// Bad edges (boundary, non-manifold or inconsistent) per shell.
    pub bad_edges_per_shell: Vec<u32>,
}

impl Topology {
    /// Every undirected edge used by exactly two triangles (`is_watertight` of the reference).
    pub fn closed(&self) -> bool {
        self.boundary_edges == 0 && self.non_manifold_edges == 0
    }

    /// Closed and consistently oriented: every directed edge has exactly one opposite.
    pub fn watertight(&self) -> bool {
        self.closed() && self.inconsistent_edges == 0
    }

    /// The shell of triangle `t`.
    #[cfg(test)]
    pub fn shell_of(&self, mesh: &Mesh, t: usize) -> u32 {
        self.vertex_shell[mesh.triangles[t][0] as usize]
    }
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[parent[x as usize] as usize];
        parent[x as usize] = p;
        x = p;
    }
    x
}

/// Sorts a short list in place (insertion sort: the lists hold a handful of edges).
#[inline]
fn sort_small(list: &mut [u32]) {
    if list.len() > 32 {
        list.sort_unstable();
        return;
    }
    for i in 1..list.len() {
        let x = list[i];
        let mut j = i;
        while j > 0 && list[j - 1] > x {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = x;
    }
}

/// Classifies every undirected edge once and finds the shells.
///
/// One pass over the triangles counts each undirected edge at its smaller vertex; a second
/// files it there (CSR whose offsets, kept one place ahead, serve as fill cursors) as the larger vertex
/// shifted left by one, bit 0 set when the triangle runs it from the smaller vertex. Then each
/// vertex sorts its short list: equal larger ends are adjacent, and each run is one undirected
/// edge, classified by its length and directions, and joined in the union-find of the shells.
pub(crate) fn topology(mesh: &Mesh) -> Topology {
    let n = mesh.vertices.len();
    // Counts at v + 2, summed: start[v + 1] is where v's list begins, and moves to its end as
    // the list fills, so that afterwards v's list is ends[start[v]..start[v + 1]].
    let mut start = vec![0u32; n + 2];
    let mut used = vec![false; n];
    for &[a, b, c] in &mesh.triangles {
        used[a as usize] = true;
        used[b as usize] = true;
        used[c as usize] = true;
        for (x, y) in [(a, b), (b, c), (c, a)] {
            if x != y {
                start[x.min(y) as usize + 2] += 1;
            }
        }
    }
    for v in 2..n + 2 {
        start[v] += start[v - 1];
    }
    let mut ends = vec![0u32; start[n + 1] as usize];
    for &[a, b, c] in &mesh.triangles {
        for (x, y) in [(a, b), (b, c), (c, a)] {
            if x != y {
                let slot = &mut start[x.min(y) as usize + 1];
                ends[*slot as usize] = (x.max(y) << 1) | u32::from(x < y);
                *slot += 1;
            }
        }
    }
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let (mut boundary, mut non_manifold, mut inconsistent) = (0, 0, 0);
    let mut bad_at: Vec<u32> = Vec::new();
    let mut begin = 0usize;
    for a in 0..n {
        let end = start[a + 1] as usize;
        let list = &mut ends[begin..end];
        begin = end;
        sort_small(list);
        // The root of a's shell, found once for all its edges.
        let mut root_a = if list.is_empty() {
            a as u32
        } else {
            find(&mut parent, a as u32)
        };
        let mut j = 0;
        while j < list.len() {
            let b = list[j] >> 1;
            let mut run = 1;
            while j + run < list.len() && list[j + run] >> 1 == b {
                run += 1;
            }
            let forward = list[j..j + run].iter().filter(|&&e| e & 1 == 1).count();
            j += run;
            let root_b = find(&mut parent, b);
            if root_a != root_b {
                // The larger root goes under the smaller: deterministic, and each root is its
                // shell's smallest vertex.
                if root_a < root_b {
                    parent[root_b as usize] = root_a;
                } else {
                    parent[root_a as usize] = root_b;
                    root_a = root_b;
                }
            }
            let bad = match run {
                1 => &mut boundary,
                2 if forward == 1 => continue,
                2 => &mut inconsistent,
                _ => &mut non_manifold,
            };
            *bad += 1;
            bad_at.push(a as u32);
        }
    }
    // Shells numbered in order of first vertex (each root is its shell's smallest vertex).
    let mut vertex_shell = vec![u32::MAX; n];
    let mut shells = 0u32;
    for v in 0..n {
        if !used[v] {
            continue;
        }
        let r = find(&mut parent, v as u32) as usize;
        if r == v {
            vertex_shell[v] = shells;
            shells += 1;
        } else {
            vertex_shell[v] = vertex_shell[r];
        }
    }
    let mut bad_edges_per_shell = vec![0; shells as usize];
    for a in bad_at {
        bad_edges_per_shell[vertex_shell[a as usize] as usize] += 1;
    }
    Topology {
        boundary_edges: boundary,
        non_manifold_edges: non_manifold,
        inconsistent_edges: inconsistent,
        shells: shells as usize,
        vertex_shell,
        bad_edges_per_shell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{cube, merge};

    #[test]
    fn a_cube_is_one_watertight_shell() {
        let t = topology(&cube(1.0, [0.0; 3]));
        assert!(t.watertight());
        assert_eq!(t.shells, 1);
    }

    #[test]
    fn an_open_box_has_four_boundary_edges() {
        let mut m = cube(1.0, [0.0; 3]);
        m.triangles.truncate(10); // drop the x = s side
        let t = topology(&m);
        assert_eq!(t.boundary_edges, 4);
        assert!(!t.closed());
    }

    #[test]
    fn a_flipped_face_makes_inconsistent_edges_but_stays_closed() {
        let mut m = cube(1.0, [0.0; 3]);
        m.triangles[0].swap(1, 2);
        let t = topology(&m);
        assert!(t.closed());
        assert!(!t.watertight());
        assert_eq!(t.inconsistent_edges, 3);
    }

    #[test]
    fn two_separate_cubes_are_two_shells() {
        let m = merge(&cube(1.0, [0.0; 3]), &cube(1.0, [3.0, 0.0, 0.0]));
        let t = topology(&m);
        assert_eq!(t.shells, 2);
        assert!(t.watertight());
        assert_eq!(t.shell_of(&m, 0), 0);
        assert_eq!(t.shell_of(&m, 12), 1);
    }
}
