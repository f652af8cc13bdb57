//! Overlapping bodies measured against unions computed another way: inclusion–exclusion of
//! boxes, a polygon clipped by a square, and horizontal lines across rings.

use crate::analysis::test_meshes::{block, cube, merge};
use crate::analysis::{analyze, Analysis, AnalysisOptions};
use crate::{Format, Mesh};

use super::test_shapes::{
    boxes_union, chord_union_area, clip_square, polygon, prism, shoelace, torus,
};

fn run(m: &Mesh) -> Analysis {
    analyze(Format::Stl, m, &AnalysisOptions::default()).unwrap()
}

fn flipped(mut m: Mesh) -> Mesh {
    for t in &mut m.triangles {
        t.swap(1, 2);
    }
    m
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

fn overlap_message(a: &Analysis) -> Option<&str> {
    a.warnings
        .iter()
        .find(|w| w.code == "overlapping_bodies")
        .map(|w| w.message.as_str())
}

#[test]
fn two_overlapping_cubes_measure_their_union() {
    let m = merge(&cube(10.0, [0.0; 3]), &cube(10.0, [4.0, 3.0, 2.0]));
    let a = run(&m);
    // Inclusion–exclusion: the common box is 6 × 7 × 8.
    let union = 1000.0 + 1000.0 - 6.0 * 7.0 * 8.0;
    assert!(close(a.volume_mm3, union, 1e-12), "{}", a.volume_mm3);
    assert!(close(a.signed_volume_mm3, 2000.0, 1e-12));
    assert_eq!((a.bodies, a.overlapping_bodies), (2, 2));
    assert_eq!(
        overlap_message(&a),
        Some("2 corps qui se chevauchent\u{a0}: volume de leur union")
    );
}

#[test]
fn the_union_does_not_depend_on_the_bodies_order() {
    let (a, b) = (cube(10.0, [0.0; 3]), cube(10.0, [3.0, 0.0, 2.5]));
    let (ab, ba) = (run(&merge(&a, &b)), run(&merge(&b, &a)));
    assert!(close(
        ab.volume_mm3,
        1000.0 + 1000.0 - 7.0 * 10.0 * 7.5,
        1e-12
    ));
    assert!(close(ab.volume_mm3, ba.volume_mm3, 1e-12));
}

#[test]
fn past_its_work_budget_the_union_gives_up_and_the_sum_stays() {
    use crate::analysis::repair::{repair, Repaired};
    use crate::analysis::topology::topology;
    let m = merge(&cube(10.0, [0.0; 3]), &cube(10.0, [4.0, 3.0, 2.0]));
    let Repaired {
        mesh,
        topo,
        nesting,
        ..
    } = repair(std::borrow::Cow::Borrowed(&m), topology(&m));
    let whole = super::overlap_within(&mesh, &topo, &nesting, super::WORK_BUDGET).unwrap();
    assert_eq!(whole.bodies, 2);
    assert!(close(whole.removed_det / 6.0, 336.0, 1e-12));
    for steps in [0, 10, 100] {
        assert_eq!(super::overlap_within(&mesh, &topo, &nesting, steps), None);
    }
}

#[test]
fn a_body_exported_twice_with_an_offset_counts_once_even_where_faces_coincide() {
    // Offsets along one axis, then two: the copies share face planes, same orientation.
    for (offset, common) in [
        ([3.0, 0.0, 0.0], 7.0 * 10.0 * 10.0),
        ([2.5, 0.0, 4.0], 7.5 * 10.0 * 6.0),
    ] {
        let m = merge(&cube(10.0, [0.0; 3]), &cube(10.0, offset));
        let a = run(&m);
        assert!(
            close(a.volume_mm3, 2000.0 - common, 1e-12),
            "{offset:?}: {}",
            a.volume_mm3
        );
        assert_eq!(a.overlapping_bodies, 2);
    }
    // A box overlapping two others (a chain of three), one of them sharing the top plane.
    let m = merge(
        &merge(
            &block([10.0, 4.0, 4.0], [0.0; 3]),
            &block([4.0, 10.0, 4.0], [8.0, -3.0, 0.0]),
        ),
        &block([3.0, 3.0, 9.0], [9.0, 5.0, -2.0]),
    );
    let a = run(&m);
    let (ab, bc) = (2.0 * 4.0 * 4.0, 3.0 * 2.0 * 4.0);
    let union = 160.0 + 160.0 + 81.0 - ab - bc;
    assert!(close(a.volume_mm3, union, 1e-12), "{}", a.volume_mm3);
    assert_eq!(a.overlapping_bodies, 3);
}

#[test]
fn a_cube_crossed_by_a_faceted_rod_measures_their_union() {
    let sides = 48;
    // A rod along x of radius 4 through the cube [0, 10]³, off centre: it leaves by y = 10.
    let rod = prism(0, [8.0, 5.0], 4.0, 0.0, -5.0, 25.0, sides);
    let m = merge(&cube(10.0, [0.0; 3]), &rod);
    let a = run(&m);
    let section = polygon([8.0, 5.0], 4.0, sides);
    let rod_volume = shoelace(&section) * 30.0;
    let common = shoelace(&clip_square(section, 0.0, 10.0)) * 10.0;
    let union = 1000.0 + rod_volume - common;
    assert!(common > 100.0 && common < rod_volume / 3.0);
    assert!(
        close(a.volume_mm3, union, 1e-11),
        "{} vs {union}",
        a.volume_mm3
    );
    assert_eq!(a.overlapping_bodies, 2);
}

#[test]
fn a_chain_of_rings_overlapping_pairwise_measures_their_union() {
    let (sides, r, inner) = (40, 6.0, 4.0);
    let centres = [[0.0, 0.0], [10.0, 0.5], [20.0, 0.0]];
    let rings: Vec<_> = centres
        .iter()
        .map(|&c| (polygon(c, r, sides), polygon(c, inner, sides)))
        .collect();
    let ring_area = shoelace(&rings[0].0) - shoelace(&rings[0].1);
    let union_area = chord_union_area(&rings, -7.0, 7.0, 20_000);
    assert!(union_area < 3.0 * ring_area - 1.0, "the rings overlap");
    // The same heights (tops and bottoms coincide), then the middle link raised by 1 mm.
    for lift in [0.0, 1.0] {
        let mut m = Mesh::default();
        for (i, c) in centres.iter().enumerate() {
            let z = if i == 1 { lift } else { 0.0 };
            m = merge(&m, &prism(2, *c, r, inner, z, z + 3.0, sides));
        }
        let a = run(&m);
        // Slabs: where the middle link is alone, where all three are, where the ends are alone
        // (the end links are 20 mm apart: disjoint).
        let union = lift * ring_area + (3.0 - lift) * union_area + lift * 2.0 * ring_area;
        assert!(
            close(a.volume_mm3, union, 1e-5),
            "lift {lift}: {} vs {union}",
            a.volume_mm3
        );
        assert_eq!((a.bodies, a.overlapping_bodies), (3, 3));
        assert_eq!(
            overlap_message(&a),
            Some("3 corps qui se chevauchent\u{a0}: volume de leur union")
        );
    }
}

#[test]
fn bodies_that_do_not_overlap_keep_their_summed_volume_and_no_notice() {
    let hollow = merge(&cube(10.0, [0.0; 3]), &flipped(cube(8.0, [1.0; 3])));
    for (m, volume, bodies) in [
        (cube(10.0, [0.0; 3]), 1000.0, 1),
        (
            merge(&cube(10.0, [0.0; 3]), &cube(5.0, [20.0, 0.0, 0.0])),
            1125.0,
            2,
        ),
        // Face against face: they touch, nothing is counted twice.
        (
            merge(&cube(10.0, [0.0; 3]), &cube(10.0, [10.0, 0.0, 0.0])),
            2000.0,
            2,
        ),
        (
            merge(&cube(10.0, [0.0; 3]), &cube(4.0, [10.0, 2.0, 3.0])),
            1064.0,
            2,
        ),
        (hollow.clone(), 488.0, 1),
        // A part inside the void: its box is inside the hollow body's.
        (merge(&hollow, &cube(2.0, [4.0; 3])), 496.0, 2),
    ] {
        let a = run(&m);
        assert!(close(a.volume_mm3, volume, 1e-12), "{}", a.volume_mm3);
        assert_eq!(a.volume_mm3, a.signed_volume_mm3.abs());
        assert_eq!((a.bodies, a.overlapping_bodies), (bodies, 0));
        assert_eq!(overlap_message(&a), None);
    }
}

#[test]
fn the_price_is_that_of_the_union() {
    let catalog = crate::Catalog::default_catalog();
    let options = crate::PriceOptions::for_process("SLS");
    let twice = run(&merge(&cube(10.0, [0.0; 3]), &cube(10.0, [3.0, 0.0, 0.0])));
    let one = run(&block([13.0, 10.0, 10.0], [0.0; 3]));
    let p = |a: &Analysis| crate::price(a, &options, &catalog).unwrap();
    let (twice, one) = (p(&twice), p(&one));
    assert!(close(twice.material_volume_cm3, 1.3, 1e-12));
    assert!(close(twice.weight_g, one.weight_g, 1e-12));
    assert_eq!(twice.subtotal_cents, one.subtotal_cents);
}

/// The overlap stage alone on two tori of 500,000 triangles each, best of 7 (run in release;
/// the figures go to docs/benchmarks.md).
#[test]
#[ignore = "timing: cargo test --release -p quote-core --lib overlap_stage -- --ignored --nocapture"]
fn overlap_stage_cost_on_two_large_tori() {
    use crate::analysis::repair::{repair, Repaired};
    use crate::analysis::topology::topology;
    use std::borrow::Cow;
    type Move = fn([f64; 3]) -> [f64; 3];
    let cases: [(&str, Move); 3] = [
        ("boxes apart", |[x, y, z]| [x + 120.0, y, z]),
        ("linked, 16 mm apart", |[x, y, z]| [x + 40.0, -z, y]),
        ("moved 10 mm, overlapping", |[x, y, z]| [x + 10.0, y, z]),
    ];
    for (name, f) in cases {
        let mut m = Mesh::default();
        torus(&mut m, 500, |p| p);
        torus(&mut m, 500, f);
        let Repaired {
            mesh,
            topo,
            nesting,
            ..
        } = repair(Cow::Owned(m.clone()), topology(&m));
        let mut best = (f64::INFINITY, f64::INFINITY);
        let mut found = None;
        for _ in 0..7 {
            let t = std::time::Instant::now();
            found = super::overlap(&mesh, &topo, &nesting);
            let stage = t.elapsed().as_secs_f64();
            let t = std::time::Instant::now();
            let a = run(&m);
            let whole = t.elapsed().as_secs_f64();
            assert_eq!(a.overlapping_bodies, found.map_or(0, |o| o.bodies));
            best = (best.0.min(stage), best.1.min(whole));
        }
        println!(
            "{name}: overlap stage {:.1} ms, whole analysis {:.1} ms, overlapping {:?}",
            best.0 * 1e3,
            best.1 * 1e3,
            found.map(|o| o.bodies)
        );
    }
}

#[test]
fn random_boxes_on_a_grid_measure_their_exact_union() {
    // Integer corners: faces in common planes, edges on others' faces, touching faces, the cases
    // where rounding cannot help. A box inside another (a void to the nesting) and two boxes
    // with a corner in common (welded into one shell) are not drawn.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: i32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as i32
    };
    let corners = |&(lo, hi): &([i32; 3], [i32; 3])| -> Vec<[i32; 3]> {
        (0..8)
            .map(|i| [0, 1, 2].map(|k| if i >> k & 1 == 0 { lo[k] } else { hi[k] }))
            .collect()
    };
    let mut overlapping = 0;
    let mut cases = 0;
    while cases < 150 {
        let count = 2 + next(3) as usize;
        let boxes: Vec<([i32; 3], [i32; 3])> = (0..count)
            .map(|_| {
                let lo = [0, 1, 2].map(|_| next(5));
                let hi = lo.map(|l| l + 1 + next(3));
                (lo, hi)
            })
            .collect();
        let inside = |a: &([i32; 3], [i32; 3]), b: &([i32; 3], [i32; 3])| {
            (0..3).all(|k| b.0[k] <= a.0[k] && a.1[k] <= b.1[k])
        };
        let clash = (0..count).any(|i| {
            (0..count).any(|j| {
                i != j
                    && (inside(&boxes[i], &boxes[j])
                        || corners(&boxes[i])
                            .iter()
                            .any(|c| corners(&boxes[j]).contains(c)))
            })
        });
        if clash {
            continue;
        }
        cases += 1;
        let mut m = Mesh::default();
        for (lo, hi) in &boxes {
            let size = [0, 1, 2].map(|k| f64::from(hi[k] - lo[k]));
            m = merge(&m, &block(size, lo.map(f64::from)));
        }
        let a = run(&m);
        let exact = boxes_union(&boxes);
        assert!(
            (a.volume_mm3 - exact).abs() <= 1e-9 * exact,
            "{boxes:?}: {} vs {exact}",
            a.volume_mm3
        );
        overlapping += usize::from(a.overlapping_bodies > 0);
    }
    assert!(overlapping > 25, "only {overlapping} of 150 cases overlap");
}
