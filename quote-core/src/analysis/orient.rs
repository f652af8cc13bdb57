//! Faces wound against their neighbours, turned to agree with the majority of their shell.
//!
//! Two triangles sharing a manifold edge (used by exactly two triangles) agree when they run it
//! in opposite directions. A breadth-first walk over those edges, from each unvisited triangle
//! in file order, splits each connected patch into two classes: the triangles that agree with
//! the first one and those that would have to be turned to agree. The smaller class is turned
//! (the first triangle's class on a tie). A non-orientable patch keeps its walk's choice.

use crate::Mesh;

/// Turns the minority faces of every patch; returns the triangles turned, in the order of the
/// walk (their count is the number of faces turned).
pub(crate) fn orient(mesh: &mut Mesh) -> Vec<u32> {
    let n = mesh.triangles.len();
    // Each edge use: its undirected key, then the triangle (shifted) and 1 when it runs the
    // edge from the smaller vertex.
    let mut uses: Vec<(u64, u32)> = Vec::with_capacity(3 * n);
    for (t, &[a, b, c]) in mesh.triangles.iter().enumerate() {
        for (x, y) in [(a, b), (b, c), (c, a)] {
            if x != y {
                let key = (u64::from(x.min(y)) << 32) | u64::from(x.max(y));
                uses.push((key, ((t as u32) << 1) | u32::from(x < y)));
            }
        }
    }
    uses.sort_unstable();
    // Neighbours through manifold edges, with 1 when the pair must be in different classes
    // (both run the edge the same way).
    let mut degree = vec![0u32; n + 1];
    let mut pairs: Vec<(u32, u32, u8)> = Vec::new();
    let mut j = 0;
    while j < uses.len() {
        let mut run = 1;
        while j + run < uses.len() && uses[j + run].0 == uses[j].0 {
            run += 1;
        }
        if run == 2 {
            let (a, b) = (uses[j].1, uses[j + 1].1);
            let (ta, tb) = (a >> 1, b >> 1);
            if ta != tb {
                pairs.push((ta, tb, u8::from((a ^ b) & 1 == 0)));
                degree[ta as usize] += 1;
                degree[tb as usize] += 1;
            }
        }
        j += run;
    }
    drop(uses);
    let mut start = vec![0u32; n + 1];
    for t in 0..n {
        start[t + 1] = start[t] + degree[t];
    }
    let mut fill = start.clone();
    let mut adjacency = vec![(0u32, 0u8); start[n] as usize];
    for &(a, b, differ) in &pairs {
        adjacency[fill[a as usize] as usize] = (b, differ);
        fill[a as usize] += 1;
        adjacency[fill[b as usize] as usize] = (a, differ);
        fill[b as usize] += 1;
    }
    drop(pairs);
    const UNSEEN: u8 = 2;
    let mut class = vec![UNSEEN; n];
    let mut patch: Vec<u32> = Vec::new();
    let mut turned = Vec::new();
    for root in 0..n {
        if class[root] != UNSEEN {
            continue;
        }
        patch.clear();
        patch.push(root as u32);
        class[root] = 0;
        let mut next = 0;
        let mut others = 0usize;
        while next < patch.len() {
            let t = patch[next] as usize;
            next += 1;
            for &(u, differ) in &adjacency[start[t] as usize..start[t + 1] as usize] {
                if class[u as usize] == UNSEEN {
                    class[u as usize] = class[t] ^ differ;
                    others += usize::from(class[u as usize]);
                    patch.push(u);
                }
            }
        }
        let minority = u8::from(others * 2 <= patch.len());
        for &t in &patch {
            if class[t as usize] == minority {
                mesh.triangles[t as usize].swap(1, 2);
                turned.push(t);
            }
        }
    }
    turned
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::cube;
    use crate::analysis::topology::topology;

    #[test]
    fn three_flipped_faces_of_a_cube_are_turned_back() {
        let good = cube(1.0, [0.0; 3]);
        let mut m = good.clone();
        for t in [0, 5, 9] {
            m.triangles[t].swap(1, 2);
        }
        let mut turned = orient(&mut m);
        turned.sort_unstable();
        assert_eq!(turned, vec![0, 5, 9]);
        assert!(topology(&m).watertight());
        assert_eq!(m, good);
    }

    #[test]
    fn a_majority_of_flipped_faces_turns_the_rest() {
        let mut m = cube(1.0, [0.0; 3]);
        for t in 0..8 {
            m.triangles[t].swap(1, 2);
        }
        assert_eq!(orient(&mut m).len(), 4);
        assert!(topology(&m).watertight());
    }

    #[test]
    fn a_consistent_mesh_is_left_alone() {
        let mut m = cube(1.0, [0.0; 3]);
        assert!(orient(&mut m).is_empty());
        assert_eq!(m, cube(1.0, [0.0; 3]));
    }
}
