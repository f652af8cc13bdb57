//! The "spaces bomb" (issue 22, finding 2): a small 3MF whose model part inflates to a huge run
//! of whitespace between two tags. The XML reader buffers one event at a time, so without the
//! markup filter that run became one text event held whole in memory (and the event buffer was
//! never cleared, so it also kept every earlier event). This test counts the bytes the engine
//! allocates at its peak while reading such a file: it must stay a small fraction of the run.
//! Alone in its own test binary, so that no other test allocates meanwhile.

use std::io::Write;
use std::sync::atomic::Ordering;

use zip::write::SimpleFileOptions;

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{LIVE, PEAK};

const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Target="/3D/3dmodel.model" Id="r0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>"#;

const HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">
<resources><object id="1" type="model"><mesh><vertices>"#;

const TAIL: &str = r#"<vertex x="0" y="0" z="0"/><vertex x="10" y="0" z="0"/><vertex x="0" y="10" z="0"/><vertex x="0" y="0" z="10"/>
</vertices><triangles>
<triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/><triangle v1="0" v2="3" v3="2"/><triangle v1="1" v2="2" v3="3"/>
</triangles></mesh></object></resources>
<build><item objectid="1"/></build>
</model>"#;

/// Spaces between two tags of the model part.
const SPACES: usize = 96 * 1024 * 1024;

fn bomb() -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    w.start_file("_rels/.rels", opts).unwrap();
    w.write_all(RELS.as_bytes()).unwrap();
    w.start_file("3D/3dmodel.model", opts).unwrap();
    w.write_all(HEAD.as_bytes()).unwrap();
    let chunk = vec![b' '; 1024 * 1024];
    for _ in 0..SPACES / chunk.len() {
        w.write_all(&chunk).unwrap();
    }
    w.write_all(TAIL.as_bytes()).unwrap();
    w.finish().unwrap().into_inner()
}

#[test]
fn a_model_part_of_spaces_is_read_in_little_memory() {
    let file = bomb();
    assert!(
        file.len() < 1024 * 1024,
        "the bomb is small: {} bytes",
        file.len()
    );
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let (_, mesh) = quote_core::import("bombe.3mf", &file).expect("the tetrahedron is read");
    let peak = PEAK.load(Ordering::Relaxed) - before;
    assert_eq!(mesh.triangles.len(), 4);
    assert!(
        peak < 8 * 1024 * 1024,
        "reading {} MiB of spaces took {peak} bytes at the peak",
        SPACES / (1024 * 1024)
    );
}
