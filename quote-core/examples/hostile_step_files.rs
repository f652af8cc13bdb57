//! Writes every hostile STEP file of `tests/hostile_step.rs` (issue 22) to a folder, with
//! `expected.json` saying what reading each must give, for the browser's test
//! (`web/e2e/hostile-step.spec.mjs`) and for measuring the `quote` command on them:
//!
//! ```sh
//! cargo run --release -p quote-core --example hostile_step_files -- /tmp/hostile-step
//! ```
//!
//! The cases and their writer are the test's own files, not copies.

#[path = "../tests/hostile_step/cases.rs"]
mod cases;
#[path = "../tests/hostile_step/writer.rs"]
mod writer;

use std::path::PathBuf;

use cases::{Expect, CASES};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: hostile_step_files FOLDER");
        std::process::exit(2);
    };
    std::fs::create_dir_all(&dir)?;
    let mut expected = Vec::new();
    for case in CASES {
        let file = format!("{}.step", case.name);
        let bytes = (case.make)();
        std::fs::write(dir.join(&file), &bytes)?;
        println!("{} ({} octets)", dir.join(&file).display(), bytes.len());
        expected.push(match case.expect {
            Expect::Mesh(volume) => {
                serde_json::json!({ "file": file, "bytes": bytes.len(), "volume_mm3": volume })
            }
            Expect::Refused(code) => {
                serde_json::json!({ "file": file, "bytes": bytes.len(), "refused": code })
            }
        });
    }
    let manifest = serde_json::json!({ "cases": expected });
    std::fs::write(
        dir.join("expected.json"),
        serde_json::to_string_pretty(&manifest)? + "\n",
    )?;
    Ok(())
}
