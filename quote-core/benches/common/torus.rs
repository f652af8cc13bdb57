//! The benchmarks' generated 1,000,000-triangle torus, as binary STL and as OBJ, built in memory
//! and never written to disk.
#![allow(dead_code)]

use std::f64::consts::TAU;
use std::fmt::Write;

/// The torus grid point (`i`, `j`) of a torus of `rings` × `sides` quads, in f32 as STL stores it.
fn point(rings: usize, sides: usize, i: usize, j: usize) -> [f32; 3] {
    let (big, small) = (40.0, 12.0);
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
}

/// The two triangles of each grid quad, as grid coordinates, outward.
fn quads(rings: usize, sides: usize) -> impl Iterator<Item = [(usize, usize); 4]> {
    (0..rings).flat_map(move |i| {
        (0..sides).map(move |j| [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)])
    })
}

/// A closed torus of `2 * rings * sides` triangles as binary STL bytes.
pub fn torus_stl(rings: usize, sides: usize) -> Vec<u8> {
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
    for q in quads(rings, sides) {
        let [a, b, c, d] = q.map(|(i, j)| point(rings, sides, i, j));
        tri(a, b, c);
        tri(a, c, d);
    }
    out
}

/// The same torus as an OBJ file, as exporters write one: each vertex once (`v`, shortest
/// decimal of its f32), then the two triangles of each quad (`f`) by 1-based index.
pub fn torus_obj(rings: usize, sides: usize) -> Vec<u8> {
    let mut out = String::with_capacity(60 * rings * sides * 3);
    for i in 0..rings {
        for j in 0..sides {
            let [x, y, z] = point(rings, sides, i, j);
            writeln!(out, "v {x} {y} {z}").unwrap();
        }
    }
    let index = |(i, j): (usize, usize)| (i % rings) * sides + (j % sides) + 1;
    for q in quads(rings, sides) {
        let [a, b, c, d] = q.map(index);
        writeln!(out, "f {a} {b} {c}\nf {a} {c} {d}").unwrap();
    }
    out.into_bytes()
}
