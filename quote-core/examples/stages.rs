//! Times each stage on a generated 1,000,000-triangle binary STL: time on CPU, best of N runs
//! (robust on a busy machine, where criterion's wall-clock means drift): `cargo run --release -p quote-core --example
//! stages [N]`; `... stages once` runs one full analysis, for peak memory.

use std::f64::consts::TAU;
use std::hint::black_box;
use std::time::{Duration, Instant};

use quote_core::{analyze, analyze_file, import, quick_stats, AnalysisOptions, Format};

fn torus_stl(rings: usize, sides: usize) -> Vec<u8> {
    let (big, small) = (40.0, 12.0);
    let point = |i: usize, j: usize| {
        let u = TAU * (i % rings) as f64 / rings as f64;
        let v = TAU * (j % sides) as f64 / sides as f64;
        let r = big + small * v.cos();
        [
            (r * u.cos()) as f32,
            (r * u.sin()) as f32,
            (small * v.sin()) as f32,
        ]
    };
    let n = 2 * rings * sides;
    let mut out = Vec::with_capacity(84 + 50 * n);
    out.extend_from_slice(&[b' '; 80]);
    out.extend_from_slice(&(n as u32).to_le_bytes());
    for i in 0..rings {
        for j in 0..sides {
            let q = [
                point(i, j),
                point(i + 1, j),
                point(i + 1, j + 1),
                point(i, j + 1),
            ];
            for t in [[0, 1, 2], [0, 2, 3]] {
                out.extend_from_slice(&[0u8; 12]);
                for k in t {
                    for x in q[k] {
                        out.extend_from_slice(&x.to_le_bytes());
                    }
                }
                out.extend_from_slice(&[0, 0]);
            }
        }
    }
    out
}

/// The binary STL with every `step`-th triangle's last two corners swapped (wound the other way).
fn flip_triangles(stl: &[u8], step: usize) -> Vec<u8> {
    let mut out = stl.to_vec();
    for record in out[84..].chunks_exact_mut(50).step_by(step) {
        let (b, c) = record[24..48].split_at_mut(12);
        b.swap_with_slice(c);
    }
    out
}

/// Nanoseconds this thread has spent on a CPU (Linux), so that time waiting for a core on a
/// busy machine does not count; wall time elsewhere.
fn on_cpu() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let (t, c) = (Instant::now(), on_cpu());
            black_box(f());
            match (c, on_cpu()) {
                (Some(a), Some(b)) => Duration::from_nanos(b - a),
                _ => t.elapsed(),
            }
        })
        .min()
        .unwrap()
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_default();
    let bytes = torus_stl(1000, 500);
    if arg == "once" {
        // For peak-memory measurement (`/usr/bin/time -v`): the bytes plus one full analysis.
        let a = analyze_file("t.stl", &bytes, &AnalysisOptions::default()).unwrap();
        println!("{} triangles, volume {:.3} mm3", a.triangles, a.volume_mm3);
        return;
    }
    let runs: usize = arg.parse().unwrap_or(7);
    let (_, mesh) = import("t.stl", &bytes).unwrap();
    let core = AnalysisOptions {
        processes: Vec::new(),
        thickness_samples: 0,
        ..AnalysisOptions::default()
    };
    let full = AnalysisOptions::default();
    // The repair path: the same torus inside out, and with one triangle in a hundred flipped.
    let inside_out = flip_triangles(&bytes, 1);
    let some_flipped = flip_triangles(&bytes, 100);
    let rows: [(&str, Duration); 8] = [
        ("copy the bytes once", best(runs, || bytes.clone())),
        (
            "quick_stats",
            best(runs, || quick_stats("t.stl", &bytes).unwrap()),
        ),
        (
            "import (parse + weld)",
            best(runs, || import("t.stl", &bytes).unwrap()),
        ),
        (
            "analyze core on a mesh",
            best(runs, || analyze(Format::Stl, &mesh, &core).unwrap()),
        ),
        (
            "full core from bytes",
            best(runs, || analyze_file("t.stl", &bytes, &core).unwrap()),
        ),
        (
            "everything from bytes",
            best(runs, || analyze_file("t.stl", &bytes, &full).unwrap()),
        ),
        (
            "everything, inside out",
            best(runs, || analyze_file("t.stl", &inside_out, &full).unwrap()),
        ),
        (
            "everything, 1 % flipped",
            best(runs, || {
                analyze_file("t.stl", &some_flipped, &full).unwrap()
            }),
        ),
    ];
    println!(
        "{} bytes, {} triangles, best of {runs}, time on CPU",
        bytes.len(),
        mesh.triangles.len()
    );
    for (name, d) in rows {
        println!("{name:<28} {:>8.1} ms", d.as_secs_f64() * 1e3);
    }
}
