//! Parse and analysis benchmarks on a generated 1,000,000-triangle binary STL (a finely
//! tessellated torus, about 50 MB, built in memory and never written to disk).
//!
//! Run with `cargo bench -p quote-core --bench analysis`.

#[path = "common/torus.rs"]
mod torus;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quote_core::{analyze, analyze_file, import, quick_stats, AnalysisOptions, Format, Mesh};
use torus::torus_stl;

fn benches(c: &mut Criterion) {
    let bytes = torus_stl(1000, 500); // 1,000,000 triangles
    let mut g = c.benchmark_group("1M-triangle binary STL");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("read the bytes once (copy)", |b| {
        b.iter(|| black_box(bytes.clone()))
    });
    g.bench_function("quick_stats (parse + volume + area + box)", |b| {
        b.iter(|| quick_stats("t.stl", black_box(&bytes)).unwrap())
    });
    g.bench_function("import (parse + weld)", |b| {
        b.iter(|| import("t.stl", black_box(&bytes)).unwrap())
    });
    let (_, mesh) = import("t.stl", &bytes).unwrap();
    let core = AnalysisOptions {
        processes: Vec::new(),
        thickness_samples: 0,
        ..AnalysisOptions::default()
    };
    g.bench_function(
        "analyze core (volume, area, box, shells, watertight)",
        |b| b.iter(|| analyze(Format::Stl, black_box(&mesh), &core).unwrap()),
    );
    // The same torus with one triangle in 100 removed: 30,000 open edges, 500 of them listed
    // (`Analysis::open_edges`); the tolerant weld is tried and cannot close it.
    let mut open = mesh.clone();
    let mut kept = 0;
    open.triangles.retain(|_| {
        kept += 1;
        kept % 100 != 0
    });
    g.bench_function(
        "analyze core, 1 triangle in 100 removed (30,000 open edges)",
        |b| b.iter(|| analyze(Format::Stl, black_box(&open), &core).unwrap()),
    );
    g.bench_function(
        "full core analysis from bytes (parse, weld, volume, area, box, shells, watertight)",
        |b| b.iter(|| analyze_file("t.stl", black_box(&bytes), &core).unwrap()),
    );
    g.bench_function(
        "everything from bytes (default options: overhangs, fit, thickness)",
        |b| {
            b.iter(|| {
                analyze_file("t.stl", black_box(&bytes), &AnalysisOptions::default()).unwrap()
            })
        },
    );
    g.finish();
}

/// `a` and a copy of `b` moved by `f`, in one mesh.
fn merged(a: &Mesh, b: &Mesh, f: impl Fn([f64; 3]) -> [f64; 3]) -> Mesh {
    let n = a.vertices.len() as u32;
    let mut m = a.clone();
    m.vertices.extend(b.vertices.iter().map(|&p| f(p)));
    m.triangles
        .extend(b.triangles.iter().map(|t| t.map(|i| i + n)));
    m
}

/// Two bodies in one file: the overlap detection's cost when it has nothing to find (boxes
/// apart; boxes that meet around surfaces that do not), and when it measures a union.
fn two_bodies(c: &mut Criterion) {
    let (_, torus) = import("t.stl", &torus_stl(500, 500)).unwrap(); // 500,000 triangles
    let core = AnalysisOptions {
        processes: Vec::new(),
        thickness_samples: 0,
        ..AnalysisOptions::default()
    };
    let mut g = c.benchmark_group("two 500,000-triangle tori");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let cases = [
        (
            "analyze core, side by side (boxes apart)",
            merged(&torus, &torus, |[x, y, z]| [x + 120.0, y, z]),
        ),
        (
            // The second turned into the xz plane through the first's hole: linked like chain
            // links, the tubes 16 mm apart at the closest.
            "analyze core, linked like chain links (boxes meet, surfaces 16 mm apart)",
            merged(&torus, &torus, |[x, y, z]| [x + 40.0, -z, y]),
        ),
        (
            "analyze core, the second moved 10 mm (overlapping: union measured)",
            merged(&torus, &torus, |[x, y, z]| [x + 10.0, y, z]),
        ),
    ];
    for (name, mesh) in &cases {
        g.bench_function(*name, |b| {
            b.iter(|| analyze(Format::Stl, black_box(mesh), &core).unwrap())
        });
    }
    g.finish();
}

criterion_group!(analysis, benches, two_bodies);
criterion_main!(analysis);
