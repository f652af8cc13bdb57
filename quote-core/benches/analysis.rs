//! Parse and analysis benchmarks on a generated 1,000,000-triangle binary STL (a finely
//! tessellated torus, about 50 MB, built in memory and never written to disk).
//!
//! Run with `cargo bench -p quote-core --bench analysis`.

use std::f64::consts::TAU;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quote_core::{analyze, analyze_file, import, quick_stats, AnalysisOptions, Format};

/// A closed torus of `2 * rings * sides` triangles as binary STL bytes.
fn torus_stl(rings: usize, sides: usize) -> Vec<u8> {
    let (big, small) = (40.0, 12.0);
    let point = |i: usize, j: usize| {
        let (u, v) = (
            TAU * (i % rings) as f64 / rings as f64,
            TAU * (j % sides) as f64 / sides as f64,
        );
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
    let mut tri = |a: [f32; 3], b: [f32; 3], c: [f32; 3]| {
        out.extend_from_slice(&[0u8; 12]);
        for p in [a, b, c] {
            for x in p {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    };
    for i in 0..rings {
        for j in 0..sides {
            let (a, b, c, d) = (
                point(i, j),
                point(i + 1, j),
                point(i + 1, j + 1),
                point(i, j + 1),
            );
            tri(a, b, c);
            tri(a, c, d);
        }
    }
    out
}

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

criterion_group!(analysis, benches);
criterion_main!(analysis);
