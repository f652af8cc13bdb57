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

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        // Attach the larger root under the smaller: deterministic, and path halving keeps
        // the trees shallow enough.
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[hi as usize] = lo;
    }
}

/// Shells by union-find over the triangles' vertices, numbered in order of first vertex.
fn shells(mesh: &Mesh) -> (usize, Vec<u32>) {
    let n = mesh.vertices.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut used = vec![false; n];
    for &[a, b, c] in &mesh.triangles {
        union(&mut parent, a, b);
        union(&mut parent, a, c);
        used[a as usize] = true;
        used[b as usize] = true;
        used[c as usize] = true;
    }
    let mut id = vec![u32::MAX; n];
    let mut count = 0u32;
    for v in 0..n {
        if !used[v] {
            continue;
        }
        let r = find(&mut parent, v as u32) as usize;
        if id[r] == u32::MAX {
            id[r] = count;
            count += 1;
        }
        id[v] = id[r];
    }
    (count as usize, id)
}

/// Undirected edges grouped by their smaller vertex (CSR): each entry is the larger vertex
/// shifted left by one, with bit 0 set when a triangle runs the edge from the smaller vertex.
fn edges_by_smaller_vertex(mesh: &Mesh) -> (Vec<u32>, Vec<u32>) {
    let n = mesh.vertices.len();
    let mut start = vec![0u32; n + 1];
    for t in &mesh.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            if a != b {
                start[a.min(b) as usize + 1] += 1;
            }
        }
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start[..n].to_vec();
    let mut ends = vec![0u32; start[n] as usize];
    for t in &mesh.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            if a != b {
                let lo = a.min(b) as usize;
                ends[fill[lo] as usize] = (a.max(b) << 1) | u32::from(a < b);
                fill[lo] += 1;
            }
        }
    }
    (start, ends)
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
pub(crate) fn topology(mesh: &Mesh) -> Topology {
    let (shells, vertex_shell) = shells(mesh);
    let (start, mut ends) = edges_by_smaller_vertex(mesh);
    let mut topo = Topology {
        boundary_edges: 0,
        non_manifold_edges: 0,
        inconsistent_edges: 0,
        shells,
        bad_edges_per_shell: vec![0; shells],
        vertex_shell,
    };
    for a in 0..mesh.vertices.len() {
        let list = &mut ends[start[a] as usize..start[a + 1] as usize];
        sort_small(list);
        // Equal larger ends are now adjacent, backward uses (bit 0 clear) before forward ones.
        let mut j = 0;
        while j < list.len() {
            let b = list[j] >> 1;
            let mut run = 1;
            while j + run < list.len() && list[j + run] >> 1 == b {
                run += 1;
            }
            let forward = list[j..j + run].iter().filter(|&&e| e & 1 == 1).count();
            j += run;
            let bad = match run {
                1 => &mut topo.boundary_edges,
                2 if forward == 1 => continue,
                2 => &mut topo.inconsistent_edges,
                _ => &mut topo.non_manifold_edges,
            };
            *bad += 1;
            topo.bad_edges_per_shell[topo.vertex_shell[a] as usize] += 1;
        }
    }
    topo
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
