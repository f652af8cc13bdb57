//! Issue 22, finding 2: the `quote` command reads a 3MF whose model part inflates to 400 MiB of
//! spaces (a file under 1 MB) with a peak resident size under 64 MB, the peak of the child
//! process as the kernel counts it (`ru_maxrss` of `wait4`). Linux only.

use std::io::Write;
use std::process::{Command, Stdio};

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

fn bomb(spaces_mib: usize) -> Vec<u8> {
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    w.start_file("_rels/.rels", opts).unwrap();
    w.write_all(RELS.as_bytes()).unwrap();
    w.start_file("3D/3dmodel.model", opts).unwrap();
    w.write_all(HEAD.as_bytes()).unwrap();
    let chunk = vec![b' '; 1024 * 1024];
    for _ in 0..spaces_mib {
        w.write_all(&chunk).unwrap();
    }
    w.write_all(TAIL.as_bytes()).unwrap();
    w.finish().unwrap().into_inner()
}

/// Runs `quote --json FILE`; returns its standard output and its peak resident size in bytes.
// The child is reaped by `wait4` below, which also gives its peak resident size.
#[allow(clippy::zombie_processes)]
fn run_measured(file: &std::path::Path) -> (String, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_quote"))
        .arg("--json")
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = i32::try_from(child.id()).unwrap();
    let mut stdout = child.stdout.unwrap();
    let mut out = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut out).unwrap();
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills; the child is ours and not waited yet.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{out}"
    );
    (out, u64::try_from(usage.ru_maxrss).unwrap() * 1024)
}

#[test]
fn the_quote_command_reads_a_3mf_of_400_mib_of_spaces_under_64_mb() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bombe.3mf");
    let file = bomb(400);
    assert!(file.len() < 1024 * 1024, "{} bytes", file.len());
    std::fs::write(&path, file).unwrap();
    let (out, peak) = run_measured(&path);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    println!(
        "quote --json on 400 MiB of spaces: peak {} MB",
        peak / 1_000_000
    );
    assert!(out.contains("bombe.3mf"), "{json}");
    assert!(peak < 64 * 1_000_000, "peak {peak} bytes");
}
