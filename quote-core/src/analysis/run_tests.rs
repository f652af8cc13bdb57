//! Whole-analysis tests on hand-built meshes.

use super::test_meshes::{block, cube, merge};
use super::{analyze, preview_flags, AnalysisOptions, Unit};
use crate::{import::Format, Mesh};

fn run(m: &Mesh) -> super::Analysis {
    analyze(Format::Stl, m, &AnalysisOptions::default()).unwrap()
}

fn codes(a: &super::Analysis) -> Vec<&str> {
    a.warnings.iter().map(|w| w.code.as_str()).collect()
}

#[test]
fn a_closed_cube_is_watertight_fits_everywhere_and_has_no_warning() {
    let a = run(&cube(20.0, [0.0; 3]));
    assert_eq!((a.triangles, a.vertices, a.shells), (12, 8, 1));
    assert!((a.volume_mm3 - 8000.0).abs() < 1e-9);
    assert!((a.area_mm2 - 2400.0).abs() < 1e-9);
    assert!(a.watertight && a.closed && !a.inverted);
    assert_eq!(a.fits.len(), 4);
    assert!(a.fits.iter().all(|f| f.fits && f.support_volume_mm3 == 0.0));
    assert_eq!(
        a.min_wall_mm, None,
        "a 20 mm wall is beyond the measuring reach"
    );
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
}

fn flipped(mut m: Mesh) -> Mesh {
    for t in &mut m.triangles {
        t.swap(1, 2);
    }
    m
}

fn message<'a>(a: &'a super::Analysis, code: &str) -> &'a str {
    &a.warnings.iter().find(|w| w.code == code).unwrap().message
}

#[test]
fn an_inverted_cube_is_turned_and_says_so() {
    let a = run(&flipped(cube(10.0, [0.0; 3])));
    assert!(!a.inverted && a.watertight);
    assert!((a.signed_volume_mm3 - 1000.0).abs() < 1e-9);
    assert!((a.volume_mm3 - 1000.0).abs() < 1e-9);
    assert_eq!(a.repairs.turned_bodies, 1);
    assert!(a.repairs.watertight_as_read);
    assert!(a.body_details[0].turned);
    assert_eq!(
        message(&a, "repaired_bodies"),
        "1 corps à l'envers retourné automatiquement\u{a0}: le volume est compté tel que la pièce sera imprimée."
    );
    // Turned, its overhangs are those of the upright cube: the top face needs no support.
    let upright = run(&cube(10.0, [0.0; 3]));
    assert_eq!(a.fits, upright.fits);
}

#[test]
fn flipped_faces_are_turned_before_the_volume_is_taken() {
    let mut m = cube(10.0, [0.0; 3]);
    for t in [1, 4, 11] {
        m.triangles[t].swap(1, 2);
    }
    let raw: f64 = (0..12)
        .map(|t| {
            let [p, q, r] = m.corners(t);
            super::volume::dot(p, super::volume::cross(q, r)) / 6.0
        })
        .sum();
    assert!(
        (raw - 1000.0).abs() > 100.0,
        "the flips change the raw sum: {raw}"
    );
    let a = run(&m);
    assert!(a.watertight && a.closed && !a.repairs.watertight_as_read);
    assert_eq!(a.inconsistent_edges, 0);
    assert_eq!(a.repairs.turned_faces, 3);
    assert!((a.volume_mm3 - 1000.0).abs() < 1e-9);
    assert_eq!(
        message(&a, "repaired_faces"),
        "3 faces retournées automatiquement pour suivre leurs voisines."
    );
    assert!(!codes(&a).contains(&"inconsistent_orientation"));
}

#[test]
fn a_mesh_only_a_tolerant_weld_closes_is_priced_as_closed() {
    let mut m = cube(10.0, [0.0; 3]);
    // Vertex 7 written twice, a hair apart, by the triangles that use it.
    m.vertices.push([10.0, 10.0, 10.0 + 1e-10]);
    m.triangles[3] = [5, 8, 6];
    m.triangles[7] = [3, 6, 8];
    let a = run(&m);
    assert!(a.closed && a.watertight && a.tolerant_weld_closes);
    assert!(!a.repairs.closed_as_read);
    assert_eq!(a.repairs.welded_vertices, 1);
    assert_eq!(a.vertices, 8);
    assert!((a.volume_mm3 - 1000.0).abs() < 1e-6);
    assert!(!codes(&a).contains(&"not_watertight"));
    assert_eq!(
        message(&a, "repaired_vertices"),
        "1 sommet presque confondu avec un autre soudé automatiquement\u{a0}: le maillage est fermé."
    );
}

#[test]
fn a_void_is_subtracted_and_an_inverted_body_counts_positive() {
    // A 10 mm cube with a 4 mm void written like a solid, and a 2 mm cube inside out beside it.
    let hollow = merge(&cube(10.0, [0.0; 3]), &cube(4.0, [3.0; 3]));
    let m = merge(&hollow, &flipped(cube(2.0, [20.0, 0.0, 0.0])));
    let a = run(&m);
    assert_eq!((a.shells, a.bodies), (3, 2));
    assert!(
        (a.volume_mm3 - (1000.0 - 64.0 + 8.0)).abs() < 1e-9,
        "{}",
        a.volume_mm3
    );
    assert_eq!(a.repairs.turned_bodies, 2);
    let b = &a.body_details;
    assert_eq!((b[0].shells, b[0].voids, b[0].triangles), (2, 1, 24));
    assert!((b[0].volume_mm3 - 936.0).abs() < 1e-9);
    assert!((b[0].area_mm2 - (600.0 + 96.0)).abs() < 1e-9);
    assert_eq!((b[0].bbox_min, b[0].bbox_max), ([0.0; 3], [10.0; 3]));
    assert!((b[1].volume_mm3 - 8.0).abs() < 1e-9);
    assert!(b[0].turned && b[1].turned && b[1].watertight);
}

#[test]
fn two_sound_bodies_need_no_repair() {
    let m = merge(&cube(10.0, [0.0; 3]), &cube(5.0, [20.0, 0.0, 0.0]));
    let a = run(&m);
    assert_eq!(a.bodies, 2);
    assert_eq!(
        a.repairs,
        super::Repairs {
            closed_as_read: true,
            watertight_as_read: true,
            ..Default::default()
        }
    );
    assert!((a.body_details[1].volume_mm3 - 125.0).abs() < 1e-9);
    assert!(!a.warnings.iter().any(|w| w.code.starts_with("repaired")));
}

#[test]
fn an_open_box_is_not_watertight_and_says_so_in_french() {
    let mut m = cube(10.0, [0.0; 3]);
    m.triangles.truncate(10);
    let a = run(&m);
    assert!(!a.watertight && !a.closed && !a.tolerant_weld_closes);
    assert_eq!(a.boundary_edges, 4);
    // The square around the missing x = 10 side, as segments in mm.
    assert_eq!(a.open_edges.len(), 4);
    for [p, q] in &a.open_edges {
        assert_eq!((p[0], q[0]), (10.0, 10.0));
        assert_eq!((p[1] - q[1]).abs() + (p[2] - q[2]).abs(), 10.0);
    }
    let w = a
        .warnings
        .iter()
        .find(|w| w.code == "not_watertight")
        .unwrap();
    assert!(
        w.message
            .starts_with("Le maillage n'est pas étanche\u{a0}: 4 arête(s) ouverte(s)"),
        "{}",
        w.message
    );
}

#[test]
fn two_cubes_are_two_shells_listed_largest_first() {
    let a = run(&merge(&cube(5.0, [0.0; 3]), &cube(10.0, [20.0, 0.0, 0.0])));
    assert_eq!(a.shells, 2);
    assert_eq!(a.shell_details.len(), 2);
    assert!(a
        .shell_details
        .iter()
        .all(|s| s.watertight && s.triangles == 12));
    assert!((a.volume_mm3 - 1125.0).abs() < 1e-9);
}

#[test]
fn a_degenerate_triangle_is_counted_and_reported() {
    let mut m = cube(10.0, [0.0; 3]);
    m.triangles.push([0, 1, 1]);
    let a = run(&m);
    assert_eq!(a.degenerate_triangles, 1);
    assert!(codes(&a).contains(&"degenerate_triangles"));
}

#[test]
fn a_tiny_part_gets_a_unit_suggestion_and_scaling_removes_it() {
    let a = run(&cube(2.0, [0.0; 3]));
    assert_eq!(a.unit_suggestion, Some(Unit::In));
    assert!(codes(&a).contains(&"unit_suggestion"));
    let opts = AnalysisOptions {
        unit: Unit::In,
        ..AnalysisOptions::default()
    };
    let mut m = cube(2.0, [0.0; 3]);
    m.scale(opts.unit.to_mm());
    assert_eq!(
        analyze(Format::Stl, &m, &opts).unwrap().unit_suggestion,
        None
    );
}

#[test]
fn a_part_too_large_for_every_machine_is_reported() {
    let a = run(&block([700.0, 700.0, 700.0], [0.0; 3]));
    assert!(a.fits.iter().all(|f| !f.fits));
    assert!(codes(&a).contains(&"fits_no_process"));
}

#[test]
fn a_thin_plate_is_too_thin_for_every_process_and_flagged_in_the_preview() {
    let m = block([30.0, 20.0, 0.3], [0.0; 3]);
    let a = run(&m);
    assert!((a.min_wall_mm.unwrap() - 0.3).abs() < 1e-3);
    assert!(a.fits.iter().all(|f| f.too_thin));
    assert_eq!(codes(&a).iter().filter(|c| **c == "too_thin").count(), 4);
    let flags = preview_flags(&m, &AnalysisOptions::default());
    assert_eq!(flags.iter().filter(|f| *f & 2 != 0).count(), 4, "{flags:?}");
}

#[test]
fn a_raised_slab_overhangs_in_the_preview_with_z_up() {
    let m = merge(
        &block([10.0, 10.0, 2.0], [0.0, 0.0, 5.0]),
        &block([1.0, 1.0, 5.0], [0.0; 3]),
    );
    let flags = preview_flags(&m, &AnalysisOptions::default());
    // The slab's two bottom triangles overhang; the foot's bottom rests on the plate.
    assert_eq!(flags.iter().map(|f| f & 1).collect::<Vec<_>>()[..2], [1, 1]);
    assert_eq!(flags.iter().filter(|f| *f & 1 != 0).count(), 2);
}
