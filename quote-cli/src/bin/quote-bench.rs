//! `quote-bench MODE FILE [RUNS]`: times one stage of the engine in-process (file read included),
//! for `bench/compare.sh`. Prints one JSON line with the minimum and median wall time.
//!
//! Modes: `read` (the bytes into memory, as `std::fs::read`), `map` (the bytes mapped and touched
//! once, as `quote` gets them), `quick` (streaming parse + volume + area + box, no weld),
//! `analyze` (parse, weld, volume, area, box, shells, watertight: no process, no thickness),
//! `full` (everything `quote` computes with the default catalog, thickness included), `refusable`
//! (the same, but a file the engine refuses is timed too and gives `{"refused": code}`: the STEP
//! corpus's files without a solid, for web/bench/run.mjs --suite step).

use std::process::ExitCode;
use std::time::Instant;

use quote_core::{analyze_file, quick_stats, AnalysisOptions, Catalog};
use serde_json::{json, Value};

#[path = "../input.rs"]
mod input;

fn run(mode: &str, path: &str) -> Result<Value, String> {
    if mode == "read" {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        return Ok(json!({ "bytes": bytes.len() }));
    }
    let bytes = input::load(std::path::Path::new(path)).map_err(|e| format!("{path}: {e}"))?;
    let name = path.rsplit('/').next().unwrap_or(path);
    let err = |e: quote_core::QuoteError| e.message();
    Ok(match mode {
        "map" => {
            // Touch every page once, as a parser would.
            let sum = bytes
                .iter()
                .step_by(4096)
                .fold(0u64, |s, &b| s + u64::from(b));
            json!({ "bytes": bytes.len(), "page_sum": sum })
        }
        "quick" => {
            let q = quick_stats(name, &bytes).map_err(err)?;
            json!({ "triangles": q.triangles, "volume_mm3": q.volume_mm3, "area_mm2": q.area_mm2 })
        }
        "analyze" => {
            let options = AnalysisOptions {
                processes: Vec::new(),
                thickness_samples: 0,
                ..AnalysisOptions::default()
            };
            let a = analyze_file(name, &bytes, &options).map_err(err)?;
            json!({ "triangles": a.triangles, "volume_mm3": a.volume_mm3, "area_mm2": a.area_mm2,
                    "shells": a.shells, "watertight": a.watertight })
        }
        "full" | "refusable" => {
            match analyze_file(name, &bytes, &Catalog::default_catalog().analysis_options()) {
                Ok(a) => json!({ "triangles": a.triangles, "volume_mm3": a.volume_mm3,
                                 "watertight": a.watertight, "min_wall_mm": a.min_wall_mm }),
                Err(e) if mode == "refusable" => json!({ "refused": e.code() }),
                Err(e) => return Err(err(e)),
            }
        }
        _ => {
            return Err(format!(
                "mode inconnu\u{a0}: {mode} (read, map, quick, analyze, full, refusable)"
            ))
        }
    })
}

/// CPU time (user + system) of this process so far, in seconds, from `/proc/self/stat` (Linux);
/// 0 elsewhere. On a shared machine it is steadier than wall time.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the whole line, 11 and 12 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!(
            "usage\u{a0}: quote-bench read|map|quick|analyze|full|refusable FICHIER [ESSAIS]"
        );
        return ExitCode::from(2);
    }
    let runs: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(5).max(1);
    let mut times = Vec::with_capacity(runs);
    let mut cpu = Vec::with_capacity(runs);
    let mut result = Value::Null;
    for _ in 0..runs {
        let (t0, c0) = (Instant::now(), cpu_seconds());
        match run(&args[1], &args[2]) {
            Ok(r) => result = r,
            Err(e) => {
                eprintln!("quote-bench\u{a0}: {e}");
                return ExitCode::from(2);
            }
        }
        times.push(t0.elapsed().as_secs_f64());
        cpu.push(cpu_seconds() - c0);
    }
    times.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    let line = json!({ "mode": args[1], "runs": runs, "min_s": times[0],
                       "median_s": times[runs / 2], "cpu_min_s": cpu[0], "result": result });
    println!("{line}");
    ExitCode::SUCCESS
}
