//! Edge topology (watertight, boundary, non-manifold, flipped edges) and shells (union-find).

use crate::Mesh;

/// Edge counts and shells of a mesh.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Topology {
    /// Undirected edges used by one triangle.
    pub boundary_edges: usize,
    /// The first [`MAX_OPEN_EDGES`] of those edges as vertex pairs (smaller vertex first), in
    /// order of smaller, then larger vertex: deterministic for a given mesh.
    pub open_edges: Vec<[u32; 2]>,
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

/// Open edges listed by vertex pair (the count is always exact): enough to show where a mesh
/// is open, bounded so that a torn scan does not weigh on the analysis and its JSON.
pub(crate) const MAX_OPEN_EDGES: usize = 500;

/// Edge ends kept in a vertex's own bucket before the overflow list takes them.
const BUCKET: usize = 8;

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
/// One pass over the triangles files each use of an undirected edge at its smaller vertex, as
/// the larger vertex shifted left by one, bit 0 set when the triangle runs it from the smaller
/// vertex. Then each vertex sorts its short list: equal larger ends are adjacent, and each run
/// is one undirected edge, classified by its length and directions, and joined in the
/// union-find of the shells.
pub(crate) fn topology(mesh: &Mesh) -> Topology {
    let n = mesh.vertices.len();
    // Each vertex files up to BUCKET edge ends in its own bucket, the rest in `overflow`
    // (sorted afterwards): one pass over the triangles, no counting pass first.
    let mut count = vec![0u8; n];
    let mut buckets = vec![0u32; n * BUCKET];
    let mut overflow: Vec<(u32, u32)> = Vec::new();
    let mut used = vec![false; n];
    for &[a, b, c] in &mesh.triangles {
        used[a as usize] = true;
        used[b as usize] = true;
        used[c as usize] = true;
        for (x, y) in [(a, b), (b, c), (c, a)] {
            if x != y {
                let lo = x.min(y) as usize;
                let e = (x.max(y) << 1) | u32::from(x < y);
                let k = count[lo] as usize;
                if k < BUCKET {
                    buckets[lo * BUCKET + k] = e;
                    count[lo] = k as u8 + 1;
                } else {
                    overflow.push((lo as u32, e));
                }
            }
        }
    }
    overflow.sort_unstable();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let (mut boundary, mut non_manifold, mut inconsistent) = (0, 0, 0);
    let mut bad_at: Vec<u32> = Vec::new();
    let mut open_edges: Vec<[u32; 2]> = Vec::new();
    let mut spill: Vec<u32> = Vec::new();
    let mut next_overflow = 0;
    for a in 0..n {
        let bucket = &mut buckets[a * BUCKET..a * BUCKET + count[a] as usize];
        let list: &mut [u32] =
            if next_overflow < overflow.len() && overflow[next_overflow].0 == a as u32 {
                spill.clear();
                spill.extend_from_slice(bucket);
                while next_overflow < overflow.len() && overflow[next_overflow].0 == a as u32 {
                    spill.push(overflow[next_overflow].1);
                    next_overflow += 1;
                }
                &mut spill
            } else {
                bucket
            };
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
            // Most edges are used twice: test for a pair first, then for more.
            let mut run = 1;
            if j + 1 < list.len() && list[j + 1] >> 1 == b {
                run = 2;
                while j + run < list.len() && list[j + run] >> 1 == b {
                    run += 1;
                }
            }
            // Uses running from the smaller vertex. For a pair, one XOR: 1 when the two run
            // opposite ways, else 0 (for two the same way too); below, only "exactly 1" counts.
            let forward = if run == 2 {
                ((list[j] ^ list[j + 1]) & 1) as usize
            } else {
                list[j..j + run].iter().filter(|&&e| e & 1 == 1).count()
            };
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
                1 => {
                    if open_edges.len() < MAX_OPEN_EDGES {
                        open_edges.push([a as u32, b]);
                    }
                    &mut boundary
                }
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
        open_edges,
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
        // The square around the missing side, each edge once, smaller vertex first, in order.
        assert_eq!(t.open_edges.len(), 4);
        let mut sorted = t.open_edges.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, t.open_edges);
        for [a, b] in &t.open_edges {
            assert!(a < b);
            assert_eq!(m.vertices[*a as usize][0], 1.0);
            assert_eq!(m.vertices[*b as usize][0], 1.0);
        }
        assert!(topology(&cube(1.0, [0.0; 3])).open_edges.is_empty());
    }

    #[test]
    fn open_edges_are_listed_up_to_the_bound_and_counted_beyond() {
        // A strip of separate triangles: three open edges each.
        let n = MAX_OPEN_EDGES as u32;
        let mut m = Mesh {
            vertices: Vec::new(),
            triangles: Vec::new(),
        };
        for i in 0..n {
            let x = f64::from(i) * 2.0;
            m.vertices
                .extend([[x, 0.0, 0.0], [x + 1.0, 0.0, 0.0], [x, 1.0, 0.0]]);
            m.triangles.push([3 * i, 3 * i + 1, 3 * i + 2]);
        }
        let t = topology(&m);
        assert_eq!(t.boundary_edges, 3 * MAX_OPEN_EDGES);
        assert_eq!(t.open_edges.len(), MAX_OPEN_EDGES);
        assert_eq!(t.open_edges[..3], [[0, 1], [0, 2], [1, 2]]);
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

    /// A closed bipyramid: apexes 0 and 1 joined to a ring of `k` vertices, so that each apex
    /// files 2 k edge ends, beyond its bucket.
    fn bipyramid(k: u32) -> Mesh {
        let mut vertices = vec![[0.0, 0.0, 1.0], [0.0, 0.0, -1.0]];
        for i in 0..k {
            let t = std::f64::consts::TAU * f64::from(i) / f64::from(k);
            vertices.push([t.cos(), t.sin(), 0.0]);
        }
        let mut triangles = Vec::new();
        for i in 0..k {
            let (r, s) = (2 + i, 2 + (i + 1) % k);
            triangles.push([0, r, s]);
            triangles.push([1, s, r]);
        }
        Mesh {
            vertices,
            triangles,
        }
    }

    #[test]
    fn vertices_with_more_edges_than_a_bucket_are_classified_too() {
        let m = bipyramid(20);
        let t = topology(&m);
        assert!(t.watertight(), "{t:?}");
        assert_eq!(t.shells, 1);
        let mut flipped = m.clone();
        flipped.triangles[7].swap(1, 2);
        let t = topology(&flipped);
        assert!(t.closed());
        assert_eq!(t.inconsistent_edges, 3);
        let mut open = m;
        open.triangles.truncate(39);
        assert_eq!(topology(&open).boundary_edges, 3);
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
