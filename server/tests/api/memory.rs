//! Issue 22, findings 2 and 3: the server's peak memory under hostile quote calls, measured on a
//! server process of its own (`VmHWM`, the peak resident size of /proc/PID/status, above its
//! peak after a warm-up analysis): twelve concurrent analyses of 1 MB 3MF files whose model part
//! inflates to 400 MiB of spaces stay under 100 MB; fifty concurrent analyses of one 50 MB STL
//! stay under cores × 50 MB + 200 MB. Linux only (/proc).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use futures_util::future::join_all;
use reqwest::Client;

use crate::devis_helpers::{box_stl, process, upload};
use crate::helpers::TestClient;

/// A `server serve` process on a port of its own, killed when dropped.
struct ServerProcess {
    child: Child,
    address: String,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ServerProcess {
    /// Starts the server on an empty SQLite database in `dir`; returns once it listens.
    fn start(dir: &Path) -> ServerProcess {
        let url = format!("sqlite://{}?mode=rwc", dir.join("memoire.db").display());
        let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .env("DATA_DIR", dir)
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "warn")
            .env("WEB_DIST", dir.join("web"))
            .env_remove("SMTP_URL")
            .env_remove("STRIPE_SECRET_KEY")
            .env("VIES_URL", "http://127.0.0.1:9")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        let mut lines = BufReader::new(stdout);
        let address = loop {
            line.clear();
            assert!(
                lines.read_line(&mut line).unwrap() > 0,
                "the server ended before listening"
            );
            if let Some(a) = line.trim().strip_prefix("listening on ") {
                break a.to_owned();
            }
        };
        ServerProcess { child, address }
    }

    /// The process's peak resident size so far, in bytes.
    fn peak(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let kib: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM in /proc/PID/status");
        kib * 1024
    }

    /// A browser of this server (its own cookies), its CSRF token fetched.
    async fn client(&self) -> TestClient {
        let http = Client::builder()
            .cookie_store(true)
            .timeout(std::time::Duration::from_secs(600))
            .build()
            .unwrap();
        let mut c = TestClient {
            http,
            address: self.address.clone(),
            csrf: None,
        };
        c.csrf_token().await;
        c
    }

    /// Analyses a small box: the server's memory after a first analysis is the baseline.
    async fn warm_up(&self, c: &TestClient) -> u64 {
        assert_eq!(
            upload(c, box_stl(10.0, 10.0, 10.0), "cube.stl", 0)
                .await
                .status(),
            200
        );
        assert_eq!(process(c, 0).await.status(), 200);
        self.peak()
    }
}

const MIB: u64 = 1024 * 1024;

/// A 3MF whose model part holds 400 MiB of spaces between two tags, then a tetrahedron, as
/// `copies` files that differ by a small extra part (so that none is answered from the cache).
fn space_bombs(copies: usize) -> Vec<Vec<u8>> {
    use zip::write::SimpleFileOptions;
    const HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">
<resources><object id="1" type="model"><mesh><vertices>"#;
    const TAIL: &str = r#"<vertex x="0" y="0" z="0"/><vertex x="10" y="0" z="0"/><vertex x="0" y="10" z="0"/><vertex x="0" y="0" z="10"/>
</vertices><triangles>
<triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/><triangle v1="0" v2="3" v3="2"/><triangle v1="1" v2="2" v3="3"/>
</triangles></mesh></object></resources>
<build><item objectid="1"/></build>
</model>"#;
    const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Target="/3D/3dmodel.model" Id="r0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>"#;
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    w.start_file("_rels/.rels", opts).unwrap();
    w.write_all(RELS.as_bytes()).unwrap();
    w.start_file("3D/3dmodel.model", opts).unwrap();
    w.write_all(HEAD.as_bytes()).unwrap();
    let chunk = vec![b' '; MIB as usize];
    for _ in 0..400 {
        w.write_all(&chunk).unwrap();
    }
    w.write_all(TAIL.as_bytes()).unwrap();
    let one = w.finish().unwrap().into_inner();
    (0..copies)
        .map(|i| {
            // The big part is copied compressed, not deflated again.
            let mut source = zip::ZipArchive::new(std::io::Cursor::new(&one)).unwrap();
            let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
            for n in 0..source.len() {
                w.raw_copy_file(source.by_index_raw(n).unwrap()).unwrap();
            }
            w.start_file("Metadata/copie.txt", opts).unwrap();
            w.write_all(format!("copie {i}").as_bytes()).unwrap();
            w.finish().unwrap().into_inner()
        })
        .collect()
}

/// A closed binary STL of about 50 MB: a torus of 1000 × 500 quads (a million triangles).
fn torus_stl() -> Vec<u8> {
    let (n, m) = (1000usize, 500usize);
    let (big, small) = (40.0f32, 10.0f32);
    let at = |i: usize, j: usize| {
        let u = (i % n) as f32 / n as f32 * std::f32::consts::TAU;
        let v = (j % m) as f32 / m as f32 * std::f32::consts::TAU;
        [
            (big + small * v.cos()) * u.cos(),
            (big + small * v.cos()) * u.sin(),
            small * v.sin(),
        ]
    };
    let triangles = 2 * n * m;
    let mut out = Vec::with_capacity(84 + 50 * triangles);
    out.extend_from_slice(&[0u8; 80]);
    out.extend_from_slice(&u32::try_from(triangles).unwrap().to_le_bytes());
    let mut push = |t: [[f32; 3]; 3]| {
        out.extend_from_slice(&[0u8; 12]);
        for p in t {
            for c in p {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&[0u8; 2]);
    };
    for i in 0..n {
        for j in 0..m {
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
            push([a, b, c]);
            push([a, c, d]);
        }
    }
    out
}

#[tokio::test]
async fn twelve_concurrent_3mf_bombs_of_spaces_take_less_than_100_mb() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(dir.path());
    let c = server.client().await;
    let idle = server.warm_up(&c).await;
    let bombs = space_bombs(12);
    assert!(
        bombs.iter().all(|b| b.len() < 2 * MIB as usize),
        "each bomb is small"
    );
    for (i, bomb) in bombs.into_iter().enumerate() {
        let res = upload(&c, bomb, &format!("bombe{i}.3mf"), i + 1).await;
        assert_eq!(res.status(), 200, "upload of bomb {i}");
    }
    let answers = join_all((1..=12).map(|i| {
        let c = c.clone();
        async move { process(&c, i).await.status().as_u16() }
    }))
    .await;
    assert!(answers.iter().all(|s| *s == 200), "{answers:?}");
    let above = server.peak().saturating_sub(idle);
    println!(
        "12 bombs of 400 MiB of spaces: peak {} MB above idle",
        above / 1_000_000
    );
    assert!(above < 100 * 1_000_000, "peak {above} bytes above idle");
}

#[tokio::test]
async fn fifty_concurrent_analyses_of_one_50_mb_file_stay_under_cores_times_its_size_plus_200_mb() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(dir.path());
    let c = server.client().await;
    let idle = server.warm_up(&c).await;
    let file = torus_stl();
    let size = file.len() as u64;
    assert!(size > 49_000_000, "{size} bytes");
    assert_eq!(upload(&c, file, "tore.stl", 1).await.status(), 200);
    let answers = join_all((0..50).map(|_| {
        let c = c.clone();
        async move { process(&c, 1).await.status().as_u16() }
    }))
    .await;
    assert!(answers.iter().all(|s| *s == 200), "{answers:?}");
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get() as u64);
    let limit = cores * size + 200 * 1_000_000;
    let above = server.peak().saturating_sub(idle);
    println!(
        "50 analyses of one {} MB file on {cores} cores: peak {} MB above idle (limit {} MB)",
        size / 1_000_000,
        above / 1_000_000,
        limit / 1_000_000
    );
    assert!(
        above < limit,
        "peak {above} bytes above idle, limit {limit}"
    );
}
