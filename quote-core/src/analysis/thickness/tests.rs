//! The wall-thickness estimate against plates, cubes and tori, and its grid and vertex filter
//! against testing every triangle.

use super::cast::{cast, hit, BIG_TRIANGLE_CELLS};
use super::grid::{grown, near_vertices, Grid};
use super::*;
use crate::analysis::test_meshes::{block, cube, merge};

fn whole(m: &Mesh) -> Measure {
    let mut w = Measure::default();
    for t in 0..m.triangles.len() {
        w.add(m.corners(t));
    }
    w
}

#[test]
fn a_thin_plate_measures_its_thickness() {
    let m = block([20.0, 10.0, 0.5], [0.0; 3]);
    let w = min_wall(&m, 100, &whole(&m)).unwrap();
    assert!((w - 0.5).abs() < 1e-3, "{w}");
    assert_eq!(thin_triangles(&m, 100, &whole(&m), 0.6), vec![0, 1, 2, 3]);
}

#[test]
fn a_cube_wall_is_its_side_and_a_thick_one_is_beyond_reach() {
    let c = cube(4.0, [100.0; 3]);
    let w = min_wall(&c, 100, &whole(&c)).unwrap();
    assert!((w - 4.0).abs() < 1e-3, "{w}");
    let c = cube(30.0, [0.0; 3]);
    assert_eq!(min_wall(&c, 100, &whole(&c)), None);
}

#[test]
fn a_thin_plate_far_from_the_origin_is_measured_without_loss() {
    let m = block([20.0, 10.0, 0.5], [1e6, 1e6, 1e6]);
    let w = min_wall(&m, 100, &whole(&m)).unwrap();
    assert!((w - 0.5).abs() < 1e-3, "{w}");
}

/// A closed torus of `rings x sides` quads (tube radius `r` around a circle of radius `big`).
fn torus(rings: usize, sides: usize, big: f64, r: f64) -> Mesh {
    let tau = std::f64::consts::TAU;
    let mut vertices = Vec::new();
    for i in 0..rings {
        for j in 0..sides {
            let (u, v) = (tau * i as f64 / rings as f64, tau * j as f64 / sides as f64);
            let d = big + r * v.cos();
            vertices.push([d * u.cos(), d * u.sin(), r * v.sin()]);
        }
    }
    let id = |i: usize, j: usize| ((i % rings) * sides + j % sides) as u32;
    let mut triangles = Vec::new();
    for i in 0..rings {
        for j in 0..sides {
            let q = [id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)];
            triangles.push([q[0], q[1], q[2]]);
            triangles.push([q[0], q[2], q[3]]);
        }
    }
    Mesh {
        vertices,
        triangles,
    }
}

#[test]
fn the_grid_finds_the_same_nearest_hits_as_testing_every_triangle() {
    // A fine torus (small faces, small cells), with a coarse block across its hole (large
    // faces, some in the every-ray list) and a thin plate inside the tube's reach.
    let fine = torus(120, 40, 20.0, 4.0);
    let block = block([80.0, 2.0, 40.0], [-40.0, -1.0, -20.0]);
    let plate = block_plate();
    let m = merge(&merge(&fine, &block), &plate);
    // As if some triangle were huge: every triangle is checked, no vertex filter.
    let mut w = whole(&m);
    w.max_extent = 80.0;
    let (rays, _, mean_extent) = rays(&m, 3000, &w);
    let grid = Grid::new(
        bounds(&m.vertices).0,
        bounds(&m.vertices).1,
        mean_extent,
        80.0,
    );
    // The block's large faces cover more cells than the limit: the every-ray list is used.
    assert!(80.0 * 40.0 / (grid.cell * grid.cell) > BIG_TRIANGLE_CELLS as f64);
    assert!(rays.len() > 2000);
    let got = cast(&m, &rays, mean_extent, &w);
    let hits = hits_as_brute_force(&m, &rays, &got);
    assert!(hits > 1000, "{hits} hits");
}

#[test]
fn the_vertex_filter_keeps_every_triangle_a_ray_can_meet() {
    // Two nested fine tori (walls of about 1 mm between them): every face is narrower than
    // a cell, so only triangles with a corner near a crossed cell are binned.
    let m = merge(&torus(160, 48, 20.0, 4.0), &torus(150, 40, 20.0, 3.0));
    let measure = whole(&m);
    let (rays, _, mean_extent) = rays(&m, 4000, &measure);
    let (min, max) = bounds(&m.vertices);
    let grid = Grid::new(min, max, mean_extent, measure.max_extent);
    assert!(measure.max_extent < grid.cell);
    let nothing = vec![0; grid.len().div_ceil(64)];
    assert!(near_vertices(&m, &grid, &nothing, measure.max_extent).is_some());
    let got = cast(&m, &rays, mean_extent, &measure);
    let hits = hits_as_brute_force(&m, &rays, &got);
    assert!(hits > 3000, "{hits} hits");
}

/// Checks each ray's hit against testing every triangle; the number of rays that hit.
fn hits_as_brute_force(m: &Mesh, rays: &[Ray], got: &[f64]) -> usize {
    let mut hits = 0;
    for (ray, got) in rays.iter().zip(got) {
        let want = (0..m.triangles.len())
            .filter_map(|t| hit(ray, m.corners(t), REACH_MM))
            .fold(f64::INFINITY, f64::min);
        assert_eq!(*got, want, "ray from triangle {}", ray.triangle);
        hits += usize::from(want.is_finite());
    }
    hits
}

fn block_plate() -> Mesh {
    block([8.0, 8.0, 0.3], [18.0, -4.0, 5.0])
}

#[test]
fn a_grown_bit_set_holds_every_bit_within_the_shift() {
    let n: usize = 300;
    for k in [1, 5, 63, 64, 65, 130] {
        for seed in [3usize, 64, 127, 128, 200, 299] {
            let mut bits = vec![0u64; n.div_ceil(64)];
            bits[seed / 64] |= 1 << (seed % 64);
            let got = grown(&bits, k);
            let set: Vec<usize> = (0..got.len() * 64)
                .filter(|&i| got[i / 64] >> (i % 64) & 1 == 1)
                .collect();
            let want: Vec<usize> = [seed.checked_sub(k), Some(seed), Some(seed + k)]
                .into_iter()
                .flatten()
                .filter(|&i| i < got.len() * 64)
                .collect();
            assert_eq!(set, want, "bit {seed} grown by {k}");
        }
    }
}

#[test]
fn no_samples_means_no_estimate() {
    let c = cube(4.0, [0.0; 3]);
    assert_eq!(min_wall(&c, 0, &whole(&c)), None);
}
