//! Issue 22, "Also": the `quote` command on each hostile STEP file of quote-core's corpus
//! (`quote-core/tests/hostile_step/cases.rs`, the same files, not copies) ends within 10 s with
//! a resident peak under 512 MB (`ru_maxrss` of `wait4`), with the expected volume or French
//! refusal. Needs the STEP reader: `cargo test --release -p quote-cli --features step --test
//! hostile_step`. Linux only.
#![cfg(feature = "step")]

#[path = "../../quote-core/tests/hostile_step/cases.rs"]
mod cases;
#[path = "../../quote-core/tests/hostile_step/writer.rs"]
mod writer;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cases::{Expect, CASES};

const TIME_LIMIT: Duration = Duration::from_secs(10);
const MEMORY_LIMIT: u64 = 512 * 1024 * 1024;

/// Runs `quote --json FILE`; returns its JSON line, its exit code, its time and its peak
/// resident size in bytes.
// The child is reaped by `wait4` below, which also gives its peak resident size.
#[allow(clippy::zombie_processes)]
fn run_measured(file: &std::path::Path) -> (serde_json::Value, i32, Duration, u64) {
    let start = Instant::now();
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
    let elapsed = start.elapsed();
    assert_eq!(waited, pid);
    assert!(libc::WIFEXITED(status), "{out}");
    let json = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    (
        json,
        libc::WEXITSTATUS(status),
        elapsed,
        u64::try_from(usage.ru_maxrss).unwrap() * 1024,
    )
}

#[test]
fn the_quote_command_ends_every_hostile_step_file_within_10_s_and_512_mb() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for case in CASES {
        let path = dir.path().join(format!("{}.step", case.name));
        std::fs::write(&path, (case.make)()).unwrap();
        let (json, code, elapsed, peak) = run_measured(&path);
        std::fs::remove_file(&path).unwrap();
        println!(
            "{}: {:.0} ms, peak {:.1} MB resident, exit {code}: {}",
            case.name,
            elapsed.as_secs_f64() * 1000.0,
            peak as f64 / 1e6,
            json.get("error").map_or_else(
                || format!("{} mm³", json["volume_mm3"]),
                |e| e["message"].to_string()
            )
        );
        if elapsed > TIME_LIMIT || peak > MEMORY_LIMIT {
            failures.push(format!("{}: {elapsed:?}, {peak} bytes", case.name));
        }
        match case.expect {
            Expect::Mesh(volume) => {
                let v = json["volume_mm3"].as_f64().unwrap_or(f64::NAN);
                if code != 0 || (v - volume).abs() > 1e-6 * volume {
                    failures.push(format!("{}: exit {code}, {json}", case.name));
                }
            }
            Expect::Refused(want) => {
                let message = json["error"]["message"].as_str().unwrap_or("");
                let french =
                    message.contains("Le fichier STEP") && message.contains("STL ou en 3MF");
                if code != 2 || json["error"]["code"] != want || !french {
                    failures.push(format!("{}: exit {code}, {json}", case.name));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
