//! The engine's volume against parry's mass properties (`parry3d-f64`), on every fixture whose
//! mesh is closed as priced (after the engine's repair): the same triangles, measured by another
//! library along another path (tetrahedra from the vertices' centre rather than from the origin).

use std::path::{Path, PathBuf};

use parry3d_f64::mass_properties::details::trimesh_signed_volume_and_center_of_mass;
use parry3d_f64::mass_properties::MassProperties;
use parry3d_f64::math::Vector;
use quote_core::{analyze_repaired, import, AnalysisOptions, Mesh};

/// Relative tolerance between the two volumes. Both sum in f64 over the same triangles; the sums
/// differ only by rounding: 1.5e-14 relative at worst on the 68 closed fixtures (project and
/// shared). (parry3d's f32 build is 6e-4 off on a million triangles: TOOLCHAIN.md.)
const TOLERANCE: f64 = 1e-11;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if matches!(
            p.extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase)
                .as_deref(),
            Some("stl" | "obj" | "3mf")
        ) {
            out.push(p);
        }
    }
}

/// parry's signed volume and mass (density 1) of the mesh.
fn parry(mesh: &Mesh) -> (f64, f64) {
    let vertices: Vec<Vector> = mesh
        .vertices
        .iter()
        .map(|v| Vector::new(v[0], v[1], v[2]))
        .collect();
    let (signed, _centre) = trimesh_signed_volume_and_center_of_mass(&vertices, &mesh.triangles);
    let mass = MassProperties::from_trimesh(1.0, &vertices, &mesh.triangles).mass();
    (signed, mass)
}

#[test]
fn the_volume_agrees_with_parry_mass_properties_on_every_closed_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths = Vec::new();
    files(&root.join("fixtures"), &mut paths);
    let shared = root.join("../shared/fixtures");
    if shared.is_dir() {
        files(&shared, &mut paths);
    } else {
        println!(
            "SKIP: {} is absent, project fixtures only",
            shared.display()
        );
    }
    paths.sort();
    let options = AnalysisOptions {
        processes: Vec::new(),
        thickness_samples: 0,
        ..AnalysisOptions::default()
    };
    let (mut compared, mut worst) = (Vec::new(), 0.0f64);
    let mut failures = Vec::new();
    let mut overlapping = Vec::new();
    for path in paths {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        let Ok((format, mesh)) = import(&name, &std::fs::read(&path).unwrap()) else {
            continue;
        };
        let (analysis, repaired) = analyze_repaired(format, mesh, &options).unwrap();
        if !analysis.watertight {
            println!("{name}: open after repair, no volume to compare");
            continue;
        }
        let (signed, mass) = parry(&repaired);
        let rel = |a: f64, b: f64| (a - b).abs() / b.abs().max(f64::MIN_POSITIVE);
        // Bodies that overlap are priced as their union (below): parry sums them, as the signed
        // volume does.
        let summed = if analysis.overlapping_bodies > 0 {
            overlapping.push((name.clone(), analysis.volume_mm3, mass));
            signed.abs()
        } else {
            analysis.volume_mm3
        };
        let err = rel(summed, mass).max(rel(analysis.signed_volume_mm3, signed));
        println!(
            "{name}: engine {} mm³, parry {mass} mm³, relative difference {err:.1e}",
            analysis.volume_mm3
        );
        worst = worst.max(err);
        if err > TOLERANCE || mass <= 0.0 {
            failures.push(format!(
                "{name}: engine {} (signed {}), parry {mass} (signed {signed})",
                analysis.volume_mm3, analysis.signed_volume_mm3
            ));
        }
        compared.push(name);
    }
    println!(
        "{} meshes compared, worst relative difference {worst:.1e}",
        compared.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The one shared sample whose bodies overlap (17 boxes: tests/overlap_sample.rs checks its
    // union against a grid count): priced less than the sum, by 3 %.
    for (name, union, sum) in &overlapping {
        println!("{name}: overlapping bodies, union {union} mm³, sum {sum} mm³");
        assert!(union < sum, "{name}");
    }
    if shared.is_dir() {
        let names: Vec<&str> = overlapping.iter().map(|o| o.0.as_str()).collect();
        assert_eq!(
            names,
            ["../shared/fixtures/3mf-samples/examples/slices/cube_gears_sliced.3mf"]
        );
    }
    // Repaired ones among them: faces turned, a body turned, a void subtracted.
    for name in [
        "cube.stl",
        "flipped_faces.stl",
        "inverted_body.stl",
        "hollow_cube.stl",
        "torus.obj",
    ] {
        assert!(
            compared
                .iter()
                .any(|c| c.ends_with(&format!("fixtures/{name}"))),
            "{name} not compared: {compared:?}"
        );
    }
    if shared.is_dir() {
        assert!(
            compared.len() >= 40,
            "only {} meshes compared",
            compared.len()
        );
    }
}
