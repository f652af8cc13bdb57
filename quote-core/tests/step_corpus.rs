//! Every STEP file of `../shared/fixtures/step` against `expected.tsv` (OpenCascade's exact
//! B-rep volume): prints, per file, the volume error and the time natively, and checks that the
//! share of the corpus read within 0.5 % (or refused with advice where OpenCascade finds no
//! solid) does not fall below what the engine reaches today.
//!
//! `cargo test -p quote-core --features step --test step_corpus -- --nocapture`
#![cfg(feature = "step")]

use std::path::{Path, PathBuf};
use std::time::Instant;

use quote_core::import::step::{read_step_with, StepLimits};

/// Files read within 0.5 % of the exact volume, or rightly refused, out of the corpus. The
/// shared corpus grew from 31 to 89 files from about twenty CAD systems (27 November 2026): the
/// engine read 73 of them right (82 %; it read 29 of the first 31), 75 (84 %) since a cone's tip
/// is closed at its apex, 78 (88 %) since closed B-spline surfaces are meshed as periodic and
/// edges on part of a B-spline curve stop at their vertices, 79 (89 %) since a periodic B-spline
/// written unclamped is meshed within its knots' domain, 80 (90 %) since a pole closed within the
/// tolerance only is stepped along (issue 24), 81 (91 %) since names written `$` are read
/// (wrenchnut; issue 24, branch step26), 83 (93 %) since a rational curve written with its
/// records out of alphabetical order is read (USB4145) and a boundary's first point is not placed
/// on the wrong turn of a thread (M6 screw; branch s3), 84 (94 %) since a hole across a
/// cylinder's u = 0 stays in its face and a closed edge runs from its vertex
/// (Z_endstop_pcb_assembly; branch s1); still 84 since a step along a pole goes the way that
/// keeps the face on its wire's left (PRO10363 right; wing_fuselage, right before by
/// compensating errors, wrong; branch s2), 85 (96 %) since a boundary point found outside a
/// surface's parameter box is brought back into it when within the tolerance (wing_fuselage
/// right again; branch s2), 86 (97 %) since two wires round a periodic direction are joined by
/// a line that crosses neither (1385_Laufrad_1000; branch s4). The floor (85 files, 95 %) is
/// that share less one file of slack for a loaded machine that pushes the largest files past
/// [`TIME_LIMIT`]; issue 24 asks for 95 % of the solid files. The files fixed by a named cause
/// must stay right whatever the share: see [`FIXED`]. Volumes are compared as OpenCascade
/// measures them, solids summed: where bodies overlap, the union the analysis prices
/// is printed beside (Tap_Photosensor_PCB, counted wrong once the analysis priced overlapping
/// bodies' union, is compared on the sum again).
const MIN_SHARE: f64 = 0.95;

/// Files read wrong or refused once, each fixed by a cause found in the engine (issue 24,
/// docs/benchmarks.md): the test fails if one of them is no longer read within 0.5 %.
const FIXED: &[&str] = &[
    "open-dynamic-robot-initiative/transmission_pulley_at3_t10_center.STEP",
    "Open-Cascade-SAS/bug27453_165-174_piattello.stp",
    "live-clones/periodic_u_cst.step",
    "live-clones/SampleCrankshaft4A.stp",
    "Open-Cascade-SAS/ec_soapbox-A.stp",
    "Open-Cascade-SAS/bug24595_281390.stp",
    "Open-Cascade-SAS/trj6_k1-al-214.stp",
    "live-clones/wrenchnut.stp",
    "VoronDesign/USB4145-03-0230-C_REVA2.step",
    "gumyr/M6-1x12-countersunk-screw.step",
    "VoronDesign/Z_endstop_pcb_assembly.step",
    "Open-Cascade-SAS/PRO10363.stp",
    "live-clones/1385_Laufrad_1000.stp",
];

/// Time given to one file before it counts as failed (the slowest takes 4 s in the test
/// profile on an idle machine).
const TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// The largest volume error accepted, relative.
const TOLERANCE: f64 = 0.005;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/step");
    if dir.join("expected.tsv").is_file() {
        Some(dir)
    } else {
        println!(
            "SKIP: {} is absent, the STEP corpus is not checked",
            dir.display()
        );
        None
    }
}

struct Row {
    file: String,
    solids: usize,
    volume: f64,
}

fn rows(dir: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (f, s, v, notes) = (col("file"), col("solids"), col("volume_mm3"), col("notes"));
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .map(|r| {
            // Tessellated files: the notes give the volume of the solids only, inside out.
            let only = r[notes]
                .split("volume of solids only ")
                .nth(1)
                .and_then(|t| t.split(';').next())
                .and_then(|t| t.trim().parse::<f64>().ok());
            Row {
                file: r[f].to_string(),
                solids: r[s].parse().unwrap(),
                volume: only.unwrap_or_else(|| r[v].parse().unwrap()).abs(),
            }
        })
        .collect()
}

#[test]
fn step_corpus_volumes() {
    let Some(dir) = corpus() else { return };
    let rows = rows(&dir);
    assert!(rows.len() >= 30, "expected.tsv lists {} files", rows.len());
    let limits = StepLimits::default();
    let mut good = 0usize;
    let mut times = Vec::new();
    println!(
        "{:<48} {:>9} {:>9} {:>9} {:>9} {:>8}  result",
        "file", "error %", "ms", "Mwork", "triangles", "solids"
    );
    let mut most_work = (0u64, String::new());
    let mut regressed: Vec<String> = Vec::new();
    // `STEP_ONLY=<part of a name>` runs the matching files only, without the share check.
    let only = std::env::var("STEP_ONLY").ok();
    for row in &rows {
        if only
            .as_ref()
            .is_some_and(|o| !row.file.contains(o.as_str()))
        {
            continue;
        }
        let bytes = std::fs::read(dir.join(&row.file)).unwrap();
        let start = Instant::now();
        // Each file in its own thread, given up after TIME_LIMIT: a file the reader would loop
        // on must fail this test, not hang it.
        let (send, receive) = std::sync::mpsc::channel();
        let l = limits.clone();
        std::thread::spawn(move || {
            let _ = send.send(read_step_with(&bytes, &l));
        });
        let Ok(read) = receive.recv_timeout(TIME_LIMIT) else {
            times.push(TIME_LIMIT.as_secs_f64() * 1000.0);
            if FIXED.contains(&row.file.as_str()) {
                regressed.push(row.file.clone());
            }
            println!(
                "{:<48} {:>9} {:>9} {:>9} {:>9} {:>8}  FAIL: still reading after {} s",
                row.file,
                "-",
                "-",
                "-",
                "-",
                "-",
                TIME_LIMIT.as_secs()
            );
            continue;
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        let (err, tris, solids, verdict) = match &read {
            Ok(r) => {
                if r.work > most_work.0 {
                    most_work = (r.work, row.file.clone());
                }
                // OpenCascade sums the solids: the reader is measured on that sum (the signed
                // volume after repair); where bodies overlap, the analysis prices their union,
                // told beside the verdict.
                let a = quote_core::analyze(
                    quote_core::Format::Step,
                    &r.mesh,
                    &quote_core::AnalysisOptions::default(),
                );
                let (v, union) = a.as_ref().map_or((f64::NAN, None), |a| {
                    (
                        a.signed_volume_mm3.abs(),
                        (a.overlapping_bodies > 0).then_some((a.overlapping_bodies, a.volume_mm3)),
                    )
                });
                let err = (v - row.volume) / row.volume;
                let ok = row.solids > 0 && err.abs() <= TOLERANCE;
                let mut verdict = if ok && !r.relaxed_faces.is_empty() {
                    format!("ok, {} face(s) relaxed", r.relaxed_faces.len())
                } else if ok {
                    "ok".to_string()
                } else if row.solids == 0 {
                    "FAIL: read a file OpenCascade finds no solid in".to_string()
                } else {
                    format!("FAIL: volume {v:.3} mm³, exact {:.3}", row.volume)
                };
                if let Some((n, u)) = union {
                    verdict.push_str(&format!(
                        " ({n} bodies overlap: their union, priced, is {:+.3} % from the sum)",
                        (u - v) / v * 100.0
                    ));
                }
                (
                    format!("{:+.3}", err * 100.0),
                    r.mesh.triangles.len().to_string(),
                    r.solids.to_string(),
                    verdict,
                )
            }
            Err(e) => {
                // A refusal is right only where OpenCascade finds no solid; its message must
                // suggest another format whatever the reason.
                assert!(e.to_string().contains("STL ou en 3MF"), "{}: {e}", row.file);
                let ok = row.solids == 0;
                (
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    format!(
                        "{} {}: {e}",
                        if ok { "ok, refused" } else { "FAIL" },
                        e.code()
                    ),
                )
            }
        };
        if verdict.starts_with("ok") {
            good += 1;
        } else if FIXED.contains(&row.file.as_str()) {
            regressed.push(row.file.clone());
        }
        let work = read
            .as_ref()
            .map_or("-".to_string(), |r| format!("{:.1}", r.work as f64 / 1e6));
        println!(
            "{:<48} {:>9} {:>9.0} {:>9} {:>9} {:>8}  {verdict}",
            row.file, err, ms, work, tris, solids
        );
    }
    times.sort_by(f64::total_cmp);
    let share = good as f64 / rows.len() as f64;
    println!(
        "STEP corpus: {good} of {} files right ({:.0} %), median {:.0} ms, slowest {:.0} ms",
        rows.len(),
        share * 100.0,
        times[times.len() / 2],
        times[times.len() - 1]
    );
    println!(
        "most work: {:.1} million units ({}), budget {:.0} million",
        most_work.0 as f64 / 1e6,
        most_work.1,
        limits.max_work as f64 / 1e6
    );
    assert!(
        regressed.is_empty(),
        "files fixed before are read wrong again: {regressed:?}"
    );
    if only.is_some() {
        return;
    }
    assert!(
        share >= MIN_SHARE,
        "{good} of {} files right, below the {:.0} % reached before",
        rows.len(),
        MIN_SHARE * 100.0
    );
}
