//! Head-to-head of the engine's readers and the crates it uses as test oracles, on the
//! benchmarks' 1,000,000-triangle torus (`common/torus.rs`): binary STL against `stl_io` and
//! OBJ against `tobj`. Each side reads the bytes from memory into an indexed mesh: the engine
//! parses and welds by exact position, stl_io parses and welds by bit pattern (a hash map), tobj
//! parses and indexes its positions as written. The figures and the decision are in
//! docs/decisions.md ("Oracles").
//!
//! Run with `cargo bench -p quote-core --bench oracles`.

#[path = "common/torus.rs"]
mod torus;

use std::hint::black_box;
use std::io::Cursor;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quote_core::import;
use torus::{torus_obj, torus_stl};

fn stl(c: &mut Criterion) {
    let bytes = torus_stl(1000, 500);
    let mut g = c.benchmark_group("1M-triangle binary STL, read into an indexed mesh");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("engine (quote_core::import)", |b| {
        b.iter(|| import("t.stl", black_box(&bytes)).unwrap())
    });
    g.bench_function("stl_io::read_stl", |b| {
        b.iter(|| stl_io::read_stl(&mut Cursor::new(black_box(&bytes))).unwrap())
    });
    g.finish();
}

fn obj(c: &mut Criterion) {
    let bytes = torus_obj(1000, 500);
    let options = tobj::LoadOptions {
        single_index: true,
        triangulate: true,
        ignore_points: true,
        ignore_lines: true,
    };
    let mut g = c.benchmark_group("1M-triangle OBJ, read into an indexed mesh");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("engine (quote_core::import)", |b| {
        b.iter(|| import("t.obj", black_box(&bytes)).unwrap())
    });
    g.bench_function("tobj::load_obj_buf", |b| {
        b.iter(|| {
            tobj::load_obj_buf(&mut black_box(&bytes[..]), &options, |_| {
                Err(tobj::LoadError::OpenFileFailed)
            })
            .unwrap()
        })
    });
    g.finish();
}

criterion_group!(oracles, stl, obj);
criterion_main!(oracles);
