//! Shells inside shells: the bodies of a file, their voids, and the bodies turned inside out.
//!
//! A closed shell lies inside another when its box is within the other's, the other encloses
//! more volume, and sample points of its surface (the centroids of its first, middle and last
//! triangles) are all inside the other by ray parity. Its depth is the number of shells around
//! it: at an even depth it is solid and its volume must be positive, at an odd depth it is a void
//! of its innermost container and its volume must be negative. A closed shell whose sign says
//! otherwise was written inside out, and is turned. Each solid shell starts a body; each void
//! belongs to the body of its container. Open shells are bodies of their own, never turned.
//! Only `+ - * /` and comparisons: the same in WebAssembly.

use super::topology::Topology;
use super::volume::{cross, dot, greater, lesser, sub};
use crate::Mesh;

/// Beyond this many shells, nesting is not looked for (every shell is a body, as written).
const MAX_NESTED_SHELLS: usize = 4096;
/// Triangle tests allowed for the ray parity, all shells together.
const RAY_BUDGET: usize = 50_000_000;
/// A direction of no particular alignment for the parity rays (unit length within rounding).
pub(crate) const RAY: [f64; 3] = [0.539_052_1, 0.621_143_3, 0.568_881_9];

/// The shells' bodies and which shells were inside out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Nesting {
    /// The body of each shell.
    pub body_of_shell: Vec<u32>,
    /// Bodies, numbered by their first shell.
    pub bodies: usize,
    /// Shells nested inside another (voids).
    pub voids: Vec<bool>,
    /// Shells to turn inside out.
    pub turn: Vec<bool>,
}

impl Nesting {
    /// Every shell its own body, none turned.
    pub fn flat(shells: usize) -> Nesting {
        Nesting {
            body_of_shell: (0..shells as u32).collect(),
            bodies: shells,
            voids: vec![false; shells],
            turn: vec![false; shells],
        }
    }
}

/// One shell's triangles (indices into the mesh), signed volume sum and box.
struct Shell {
    triangles: Vec<u32>,
    det: f64,
    min: [f64; 3],
    max: [f64; 3],
    closed: bool,
}

fn shells(mesh: &Mesh, topo: &Topology) -> Vec<Shell> {
    let mut out: Vec<Shell> = (0..topo.shells)
        .map(|s| Shell {
            triangles: Vec::new(),
            det: 0.0,
            min: [f64::INFINITY; 3],
            max: [f64::NEG_INFINITY; 3],
            closed: topo.bad_edges_per_shell[s] == 0,
        })
        .collect();
    for (t, tri) in mesh.triangles.iter().enumerate() {
        let s = &mut out[topo.vertex_shell[tri[0] as usize] as usize];
        let c = mesh.corners(t);
        s.det += dot(c[0], cross(sub(c[1], c[0]), sub(c[2], c[0])));
        for p in c {
            for (k, &x) in p.iter().enumerate() {
                s.min[k] = lesser(s.min[k], x);
                s.max[k] = greater(s.max[k], x);
            }
        }
        s.triangles.push(t as u32);
    }
    out
}

fn centroid([a, b, c]: [[f64; 3]; 3]) -> [f64; 3] {
    [0, 1, 2].map(|k| (a[k] + b[k] + c[k]) / 3.0)
}

/// Whether the ray from `p` along [`RAY`] crosses triangle `[a, b, c]` (Möller–Trumbore with
/// the division left out: the tests compare against the determinant's sign).
pub(crate) fn crosses(p: [f64; 3], [a, b, c]: [[f64; 3]; 3]) -> bool {
    let e1 = sub(b, a);
    let e2 = sub(c, a);
    let pv = cross(RAY, e2);
    let det = dot(e1, pv);
    let tv = sub(p, a);
    let u = dot(tv, pv);
    let q = cross(tv, e1);
    let v = dot(RAY, q);
    let t = dot(e2, q);
    if det > 0.0 {
        u >= 0.0 && v >= 0.0 && u + v <= det && t > 0.0
    } else if det < 0.0 {
        u <= 0.0 && v <= 0.0 && u + v >= det && t < 0.0
    } else {
        false
    }
}

fn inside(mesh: &Mesh, p: [f64; 3], shell: &Shell) -> bool {
    let hits = shell
        .triangles
        .iter()
        .filter(|&&t| crosses(p, mesh.corners(t as usize)))
        .count();
    hits % 2 == 1
}

/// Finds the bodies and the shells written inside out (see the module's text).
pub(crate) fn nesting(mesh: &Mesh, topo: &Topology) -> Nesting {
    let n = topo.shells;
    if !(2..=MAX_NESTED_SHELLS).contains(&n) {
        return Nesting::flat(n);
    }
    let shells = shells(mesh, topo);
    // The containers of each shell.
    let mut containers: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut budget = RAY_BUDGET;
    for (a, sa) in shells.iter().enumerate() {
        if !sa.closed || sa.det == 0.0 {
            continue;
        }
        let list = &sa.triangles;
        let samples =
            [0, list.len() / 2, list.len() - 1].map(|i| centroid(mesh.corners(list[i] as usize)));
        for (b, sb) in shells.iter().enumerate() {
            let within = (0..3).all(|k| sb.min[k] <= sa.min[k] && sa.max[k] <= sb.max[k]);
            if b == a || !sb.closed || !within || sb.det.abs() <= sa.det.abs() {
                continue;
            }
            let cost = 3 * sb.triangles.len();
            if cost > budget {
                continue;
            }
            budget -= cost;
            if samples.iter().all(|&p| inside(mesh, p, sb)) {
                containers[a].push(b as u32);
            }
        }
    }
    let mut nest = Nesting::flat(n);
    let mut parent = vec![u32::MAX; n];
    for (s, sh) in shells.iter().enumerate() {
        let depth = containers[s].len();
        if sh.closed && sh.det != 0.0 && (sh.det > 0.0) != depth.is_multiple_of(2) {
            nest.turn[s] = true;
        }
        if !depth.is_multiple_of(2) {
            nest.voids[s] = true;
            // The innermost container: the one enclosing the least volume (at an even depth).
            parent[s] = containers[s]
                .iter()
                .copied()
                .min_by(|&x, &y| {
                    let (vx, vy) = (shells[x as usize].det.abs(), shells[y as usize].det.abs());
                    vx.total_cmp(&vy).then(x.cmp(&y))
                })
                .expect("an odd depth has a container");
        }
    }
    // Bodies numbered by their first (solid) shell; each void joins its container's body.
    let mut bodies = 0u32;
    for s in 0..n {
        if !nest.voids[s] {
            nest.body_of_shell[s] = bodies;
            bodies += 1;
        }
    }
    for (s, &p) in parent.iter().enumerate() {
        if nest.voids[s] {
            nest.body_of_shell[s] = nest.body_of_shell[p as usize];
        }
    }
    nest.bodies = bodies as usize;
    nest
}

/// Turns the marked shells' triangles; returns how many shells were turned.
pub(crate) fn turn_shells(mesh: &mut Mesh, topo: &Topology, turn: &[bool]) -> usize {
    for t in &mut mesh.triangles {
        if turn[topo.vertex_shell[t[0] as usize] as usize] {
            t.swap(1, 2);
        }
    }
    turn.iter().filter(|&&t| t).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_meshes::{cube, merge};
    use crate::analysis::topology::topology;

    fn flipped(mut m: Mesh) -> Mesh {
        for t in &mut m.triangles {
            t.swap(1, 2);
        }
        m
    }

    #[test]
    fn two_separate_cubes_are_two_bodies() {
        let m = merge(&cube(1.0, [0.0; 3]), &cube(1.0, [3.0, 0.0, 0.0]));
        let n = nesting(&m, &topology(&m));
        assert_eq!(n.bodies, 2);
        assert_eq!(n.body_of_shell, vec![0, 1]);
        assert_eq!(n.turn, vec![false, false]);
    }

    #[test]
    fn an_inverted_cube_beside_a_good_one_is_turned() {
        let m = merge(&cube(1.0, [0.0; 3]), &flipped(cube(1.0, [3.0, 0.0, 0.0])));
        let n = nesting(&m, &topology(&m));
        assert_eq!(n.bodies, 2);
        assert_eq!(n.turn, vec![false, true]);
    }

    #[test]
    fn a_cube_inside_another_is_a_void_of_its_body_whatever_its_winding() {
        let inner = cube(2.0, [4.0, 4.0, 4.0]);
        for (m, turned) in [
            (merge(&cube(10.0, [0.0; 3]), &flipped(inner.clone())), false),
            (merge(&cube(10.0, [0.0; 3]), &inner), true),
        ] {
            let n = nesting(&m, &topology(&m));
            assert_eq!(n.bodies, 1);
            assert_eq!(n.body_of_shell, vec![0, 0]);
            assert_eq!(n.voids, vec![false, true]);
            assert_eq!(n.turn, vec![false, turned]);
        }
    }

    #[test]
    fn a_part_inside_a_void_is_a_body_of_its_own() {
        let hollow = merge(&cube(10.0, [0.0; 3]), &flipped(cube(8.0, [1.0; 3])));
        let m = merge(&hollow, &cube(2.0, [4.0; 3]));
        let n = nesting(&m, &topology(&m));
        assert_eq!(n.bodies, 2);
        assert_eq!(n.body_of_shell, vec![0, 0, 1]);
        assert_eq!(n.turn, vec![false; 3]);
    }

    #[test]
    fn an_overlapping_cube_is_not_a_void() {
        let m = merge(&cube(10.0, [0.0; 3]), &cube(4.0, [8.0, 3.0, 3.0]));
        let n = nesting(&m, &topology(&m));
        assert_eq!(n.bodies, 2);
        assert_eq!(n.voids, vec![false, false]);
    }
}
