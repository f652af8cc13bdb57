//! The measuring pass: the whole mesh's measure, the largest shells' and the overhangs at each
//! support angle, in one pass over the triangles, summed per chunk of [`CHUNK`] triangles and
//! the chunks' sums added in order (every build and every thread count gives the same bits).

use super::overhang::{Overhang, OverhangSums, DIRECTIONS};
use super::repair::used_box;
use super::topology::Topology;
use super::volume::{area_vector, corner_box, dot, greater, lesser, Measure};
use super::ShellAnalysis;
use crate::Mesh;

/// Shells listed in detail, largest first.
pub(crate) const MAX_SHELL_DETAILS: usize = 64;
/// Triangles per chunk of the measuring pass, whose partial sums are added in chunk order (a
/// constant, never the thread count, so that every build adds the same partial sums).
const CHUNK: usize = 1 << 16;

/// The whole mesh's measure, per-shell figures of the largest shells and the overhangs for
/// each angle.
pub(crate) type Measured = (Measure, Vec<ShellAnalysis>, Vec<[Overhang; DIRECTIONS]>);

/// The sums of one measuring pass.
pub(crate) struct Sums {
    total: Measure,
    /// The listed shells' measures (empty when the mesh is measured as one shell).
    shells: Vec<Measure>,
    /// Per angle (zero where the angle needs no support).
    overhangs: Vec<[Overhang; DIRECTIONS]>,
}

/// Which listed shell each triangle also counts for.
struct Shells<'a> {
    vertex_shell: &'a [u32],
    slot: &'a [u32],
    listed: usize,
}

/// One pass over the triangles, per chunk; `min..max` is the box the overhangs are taken in.
fn sums(
    mesh: &Mesh,
    shells: Option<Shells<'_>>,
    (min, max): ([f64; 3], [f64; 3]),
    angles: &[f64],
) -> Sums {
    // The angles needing support (their index and sums); the others stay zero.
    let (needed, fresh): (Vec<usize>, Vec<OverhangSums>) = angles
        .iter()
        .enumerate()
        .filter_map(|(i, &a)| OverhangSums::new(min, max, a).map(|s| (i, s)))
        .unzip();
    let listed = shells.as_ref().map_or(0, |s| s.listed);
    let partials = crate::par::map(mesh.triangles.len().div_ceil(CHUNK), |i| {
        let start = i * CHUNK;
        let end = (start + CHUNK).min(mesh.triangles.len());
        let mut total = Measure::default();
        let mut sums = fresh.clone();
        let mut measures = vec![Measure::default(); listed];
        for t in start..end {
            let c = mesh.corners(t);
            let n = area_vector(c);
            let len = dot(n, n).sqrt();
            let (lo, hi) = corner_box(c);
            total.add_boxed(c, n, len, lo, hi);
            for s in &mut sums {
                s.add_boxed(c, n, len, lo, hi);
            }
            if let Some(sh) = &shells {
                let k = sh.slot[sh.vertex_shell[mesh.triangles[t][0] as usize] as usize];
                if k != u32::MAX {
                    measures[k as usize].add_boxed(c, n, len, lo, hi);
                }
            }
        }
        (total, sums, measures)
    });
    let mut total = Measure::default();
    let mut sums = fresh;
    let mut measures = vec![Measure::default(); listed];
    for (t, s, m) in partials {
        total.merge(&t);
        for (into, from) in sums.iter_mut().zip(&s) {
            into.merge(from);
        }
        for (into, from) in measures.iter_mut().zip(&m) {
            into.merge(from);
        }
    }
    let mut overhangs = vec![[Overhang::default(); DIRECTIONS]; angles.len()];
    for (i, s) in needed.into_iter().zip(sums) {
        overhangs[i] = s.finish();
    }
    Sums {
        total,
        shells: measures,
        overhangs,
    }
}

/// The figures of shells `order` (the listed ones, largest first) from a pass's sums.
fn details(topo: &Topology, order: &[u32], s: Sums) -> Measured {
    let measures = if s.shells.is_empty() {
        vec![s.total]
    } else {
        s.shells
    };
    let details = order
        .iter()
        .zip(measures)
        .map(|(&sh, m)| ShellAnalysis {
            triangles: m.triangles,
            volume_mm3: m.signed_volume().abs(),
            signed_volume_mm3: m.signed_volume(),
            area_mm2: m.area(),
            bbox_min: m.min,
            bbox_max: m.max,
            watertight: topo.bad_edges_per_shell[sh as usize] == 0,
        })
        .collect();
    (s.total, details, s.overhangs)
}

/// The whole mesh's measure (triangles in file order), per-shell figures for the largest
/// shells (by triangle count, ties by first appearance) and the overhangs for each angle, in
/// one pass over the triangles.
pub(crate) fn measure(mesh: &Mesh, topo: &Topology, angles: &[f64]) -> Measured {
    let mut count = vec![0u32; topo.shells];
    if topo.shells > 1 {
        for t in &mesh.triangles {
            count[topo.vertex_shell[t[0] as usize] as usize] += 1;
        }
    }
    let mut order: Vec<u32> = (0..topo.shells as u32).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(count[s as usize]));
    order.truncate(MAX_SHELL_DETAILS);
    let mut slot = vec![u32::MAX; topo.shells];
    for (i, &s) in order.iter().enumerate() {
        slot[s as usize] = i as u32;
    }
    let shells = (topo.shells > 1).then(|| Shells {
        vertex_shell: &topo.vertex_shell,
        slot: &slot,
        listed: order.len(),
    });
    let s = sums(mesh, shells, used_box(mesh, topo), angles);
    details(topo, &order, s)
}

/// The pass of [`measure`] taken before the topology is known (natively, on another thread
/// while it is found), as if the mesh were one shell using every vertex: [`finish_whole`] keeps
/// it when the topology says so.
pub(crate) fn measure_whole(mesh: &Mesh, angles: &[f64]) -> Sums {
    let mut min = [f64::INFINITY; 3];
    let mut max = [f64::NEG_INFINITY; 3];
    for v in &mesh.vertices {
        for k in 0..3 {
            min[k] = lesser(min[k], v[k]);
            max[k] = greater(max[k], v[k]);
        }
    }
    sums(mesh, None, (min, max), angles)
}

/// [`measure`]'s result from a [`measure_whole`] of the same mesh, when `topo` (its topology)
/// finds one shell using every vertex (then both passes add the same numbers in the same
/// order); `None` otherwise.
pub(crate) fn finish_whole(topo: &Topology, s: Sums) -> Option<Measured> {
    let whole = topo.shells == 1 && topo.vertex_shell.iter().all(|&v| v != u32::MAX);
    whole.then(|| details(topo, &[0], s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{cube, merge, torus};
    use crate::analysis::topology::topology;

    #[test]
    fn the_whole_mesh_pass_gives_the_measure_of_one_shell_and_only_then() {
        // More triangles than a chunk, so that chunks' sums are added.
        let torus = torus(300, 120);
        let angles = [45.0, 0.0, 30.0];
        let topo = topology(&torus);
        assert!(topo.watertight() && torus.triangles.len() > CHUNK);
        let early = finish_whole(&topo, measure_whole(&torus, &angles)).unwrap();
        assert_eq!(early, measure(&torus, &topo, &angles));
        assert!(early.2[0][4].area > 0.0);
        let two = merge(&cube(1.0, [0.0; 3]), &cube(1.0, [3.0, 0.0, 0.0]));
        assert!(finish_whole(&topology(&two), measure_whole(&two, &angles)).is_none());
        // A vertex no triangle uses widens the box of the whole-mesh pass: not kept.
        let mut spare = cube(1.0, [0.0; 3]);
        spare.vertices.push([9.0, 9.0, 9.0]);
        assert!(finish_whole(&topology(&spare), measure_whole(&spare, &angles)).is_none());
    }
}
