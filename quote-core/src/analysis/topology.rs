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

/// Lists up to this long are scanned, longer ones sorted and searched.
const SHORT: usize = 16;

/// Directed edges grouped by start vertex (CSR); groups longer than [`SHORT`] are sorted.
fn directed_edges(mesh: &Mesh) -> (Vec<u32>, Vec<u32>) {
    let n = mesh.vertices.len();
    let mut start = vec![0u32; n + 1];
    for t in &mesh.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            if a != b {
                start[a as usize + 1] += 1;
            }
        }
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut ends = vec![0u32; start[n] as usize];
    for t in &mesh.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            if a != b {
                ends[fill[a as usize] as usize] = b;
                fill[a as usize] += 1;
            }
        }
    }
    for v in 0..n {
        let list = &mut ends[start[v] as usize..start[v + 1] as usize];
        if list.len() > SHORT {
            list.sort_unstable();
        }
    }
    (start, ends)
}

/// How many times `x` occurs in a list (sorted when longer than [`SHORT`]).
#[inline]
fn occurrences(sorted: &[u32], x: u32) -> usize {
    if sorted.len() <= SHORT {
        return sorted.iter().filter(|&&e| e == x).count();
    }
    let lo = sorted.partition_point(|&e| e < x);
    sorted[lo..].partition_point(|&e| e == x)
}

/// Classifies every undirected edge once and finds the shells.
pub(crate) fn topology(mesh: &Mesh) -> Topology {
    let (shells, vertex_shell) = shells(mesh);
    let (start, ends) = directed_edges(mesh);
    let mut topo = Topology {
        boundary_edges: 0,
        non_manifold_edges: 0,
        inconsistent_edges: 0,
        shells,
        bad_edges_per_shell: vec![0; shells],
        vertex_shell,
    };
    let out = |v: u32| &ends[start[v as usize] as usize..start[v as usize + 1] as usize];
    for a in 0..mesh.vertices.len() as u32 {
        let list = out(a);
        let short = list.len() <= SHORT;
        let mut j = 0;
        while j < list.len() {
            let b = list[j];
            let ab = if short {
                j += 1;
                if list[..j - 1].contains(&b) {
                    continue;
                }
                occurrences(list, b)
            } else {
                let mut run = 1;
                while j + run < list.len() && list[j + run] == b {
                    run += 1;
                }
                j += run;
                run
            };
            let ba = occurrences(out(b), a);
            // Count each undirected edge once: from its smaller end when both directions
            // exist, otherwise from the only direction present.
            if ba > 0 && a > b {
                continue;
            }
            let bad = match ab + ba {
                1 => &mut topo.boundary_edges,
                2 if ab == 1 => continue,
                2 => &mut topo.inconsistent_edges,
                _ => &mut topo.non_manifold_edges,
            };
            *bad += 1;
            topo.bad_edges_per_shell[topo.vertex_shell[a as usize] as usize] += 1;
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
