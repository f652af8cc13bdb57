//! The STEP reader's work budget and its faces too fine for the cap of points (issue 24, item
//! 1): work is counted, not timed, so that a file ends alike natively and in WebAssembly; a face
//! that would need more points than the cap is meshed with a coarser tolerance, recorded,
//! rather than refused.
#![cfg(feature = "step")]

#[path = "hostile_step/writer.rs"]
#[allow(dead_code)]
mod writer;

use quote_core::import::step::{read_step_with, StepLimits};
use writer::Writer;

/// A sphere of radius 10 mm as one face without bounds.
fn sphere_file() -> Vec<u8> {
    let mut w = Writer::new();
    let ctx = w.context();
    let ax = w.axis([0.0; 3], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
    let sphere = w.add(format!("SPHERICAL_SURFACE('',#{ax},10.)"));
    let face = w.add(format!("ADVANCED_FACE('',( ),#{sphere},.T.)"));
    let shell = w.add(format!("CLOSED_SHELL('',(#{face}))"));
    let solid = w.add(format!("MANIFOLD_SOLID_BREP('',#{shell})"));
    w.add(format!(
        "ADVANCED_BREP_SHAPE_REPRESENTATION('',(#{solid}),#{ctx})"
    ));
    w.finish().into_bytes()
}

fn sphere_volume() -> f64 {
    4.0 / 3.0 * std::f64::consts::PI * 1000.0
}

#[test]
fn a_face_past_the_point_cap_is_meshed_with_a_coarser_tolerance_recorded() {
    let file = sphere_file();
    let fine = read_step_with(&file, &StepLimits::default()).unwrap();
    assert!(fine.relaxed_faces.is_empty());
    let limits = StepLimits {
        max_face_points: 300,
        ..StepLimits::default()
    };
    let coarse = read_step_with(&file, &limits).unwrap();
    assert_eq!(coarse.relaxed_faces.len(), 1, "{:?}", coarse.relaxed_faces);
    let face = &coarse.relaxed_faces[0];
    let ratio = face.tolerance_mm / face.nominal_mm;
    assert!(
        [2.0, 4.0, 8.0, 16.0, 32.0, 64.0].contains(&ratio),
        "{face:?}"
    );
    assert!(coarse.mesh.triangles.len() < fine.mesh.triangles.len());
    let v = quote_core::analyze(
        quote_core::Format::Step,
        &coarse.mesh,
        &quote_core::AnalysisOptions::default(),
    )
    .unwrap()
    .volume_mm3;
    // Every point within the relaxed tolerance of the sphere: the volume lost is at most the
    // tolerance times the area.
    let area = 4.0 * std::f64::consts::PI * 100.0;
    let lost = sphere_volume() - v;
    assert!(
        lost > 0.0 && lost <= face.tolerance_mm * area,
        "{v} mm³ with {face:?}"
    );
}

#[test]
fn a_face_still_too_fine_at_the_coarsest_tolerance_is_refused_in_french() {
    let limits = StepLimits {
        max_face_points: 300,
        max_relaxations: 0,
        ..StepLimits::default()
    };
    let e = read_step_with(&sphere_file(), &limits).unwrap_err();
    assert_eq!(e.code(), "step_too_complex");
    let message = e.to_string();
    assert!(
        message.contains("plus de 300 points de maillage, même à"),
        "{message}"
    );
    assert!(message.contains("STL ou en 3MF"), "{message}");
}

#[test]
fn a_file_whose_faces_fit_the_cap_carries_no_relaxation_warning() {
    // The warning's wording is checked beside it (quote-core/src/import/mod.rs).
    let (_, _, notes) = quote_core::import_noting("boule.step", &sphere_file()).unwrap();
    assert!(
        notes.iter().all(|w| w.code != "step_faces_relaxed"),
        "{notes:?}"
    );
}

#[test]
fn work_is_counted_the_same_every_time_and_its_end_is_a_french_refusal() {
    let file = sphere_file();
    let a = read_step_with(&file, &StepLimits::default()).unwrap();
    let b = read_step_with(&file, &StepLimits::default()).unwrap();
    assert!(a.work > 0);
    assert_eq!(a.work, b.work);
    let exact = StepLimits {
        max_work: a.work,
        ..StepLimits::default()
    };
    assert_eq!(read_step_with(&file, &exact).unwrap().mesh, a.mesh);
    let short = StepLimits {
        max_work: a.work - 1,
        ..StepLimits::default()
    };
    let e = read_step_with(&file, &short).unwrap_err();
    assert_eq!(e.code(), "step_too_complex");
    let message = e.to_string();
    assert!(message.contains("opérations"), "{message}");
    assert!(message.contains("STL ou en 3MF"), "{message}");
}

#[test]
fn the_default_budget_leaves_room_for_the_heaviest_corpus_file() {
    // en11-hsm1af15.STEP, the heaviest file of the shared corpus read right, spends 35 million
    // units since boundary points off their surface are placed from their hint (173 million
    // before); 100 million take about 1 s natively, so that a file refused at the budget (the
    // M6 screw) ends within the 2 s issue 24 allows (docs/benchmarks.md).
    assert_eq!(StepLimits::default().max_work, 100_000_000);
}
